//! How a game stands: mate, stalemate (read by the variant's stalemate rule, K7), the
//! 50-move rule and repetition where the variant keeps them, for the match runner; and
//! the same rules as the search scores them.

use holechess_kernel::spec::StalemateRule;
use holechess_kernel::{MoveList, Position};

use crate::score::{mated_in, Score, DRAW};

/// Whether a game is over after the last ply (and its random events, K9).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum GameStatus {
    Ongoing,
    /// The side to move is in check with no legal move.
    Checkmated,
    /// The side to move has no legal move and is not in check; the variant's rule says
    /// whether that is a draw, a loss or a pass.
    Stalemated(StalemateRule),
    /// The variant's 50-move rule applies.
    FiftyMoves,
    /// The position occurred as often as the variant's repetition rule says.
    Repetition,
}

/// The status of `pos` for the side to move (draw rules are applied as if claimed).
pub fn game_status(pos: &Position) -> GameStatus {
    let mut scratch = MoveList::new();
    let has_moves = pos.clone().count_legal(&mut scratch) > 0;
    if !has_moves {
        return if pos.is_check() { GameStatus::Checkmated } else { GameStatus::Stalemated(stalemate_rule(pos)) };
    }
    let rules = &pos.variant().spec().rules;
    if rules.fifty_move.is_some_and(|n| pos.halfmove_clock() >= 2 * n) {
        return GameStatus::FiftyMoves;
    }
    if rules.repetition.is_some_and(|r| pos.repetitions() + 1 >= r as usize) {
        return GameStatus::Repetition;
    }
    GameStatus::Ongoing
}

fn stalemate_rule(pos: &Position) -> StalemateRule {
    pos.variant().spec().rules.stalemate
}

/// What the search makes of a node with no legal move.
pub(crate) enum NoMoves {
    Score(Score),
    /// The side to move passes its turn (the search goes on after a pass).
    MustPass,
}

/// A node at `ply` without legal moves; `in_check` for the side to move.
pub(crate) fn no_moves(pos: &Position, in_check: bool, ply: usize) -> NoMoves {
    if in_check {
        return NoMoves::Score(mated_in(ply));
    }
    match stalemate_rule(pos) {
        StalemateRule::Draw => NoMoves::Score(DRAW),
        StalemateRule::Loss => NoMoves::Score(mated_in(ply)),
        StalemateRule::Pass => NoMoves::MustPass,
    }
}

/// Whether the search scores `pos` (not the root) as drawn: the 50-move rule where the
/// variant has it, and any repetition within the game (a cycle gains nothing, whatever the
/// variant's repetition rule).
pub(crate) fn drawn_in_search(pos: &Position) -> bool {
    let rules = &pos.variant().spec().rules;
    rules.fifty_move.is_some_and(|n| pos.halfmove_clock() >= 2 * n) || pos.repetitions() > 0
}
