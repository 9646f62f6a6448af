//! The draws a side may claim, where the variant keeps the rule: 50 moves of each side with
//! no capture and no pawn move, and threefold repetition read from the play history (tokens,
//! holes and timers included, K7).

use super::outcome::DrawClaim;
use crate::position::Position;

/// A draw the side to move in `pos` may claim now, if the variant keeps the rule.
#[must_use]
pub fn claimable_draw(pos: &Position) -> Option<DrawClaim> {
    let rules = &pos.variant.spec().rules;
    if rules.fifty_move.is_some_and(|moves| pos.state.halfmove >= moves.saturating_mul(2)) {
        return Some(DrawClaim::FiftyMoves);
    }
    if rules.repetition.is_some_and(|times| repetitions(pos) + 1 >= times as usize) {
        return Some(DrawClaim::Repetition);
    }
    None
}

/// How many times the position occurred before (same hash), back to the last irreversible
/// move.
#[must_use]
pub fn repetitions(pos: &Position) -> usize {
    pos.history.repetitions(pos.key(), pos.state.halfmove)
}
