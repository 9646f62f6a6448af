//! The end by counting (`when no move is left, the side with more pieces wins`): the game is
//! over when the side to move has no legal move (no pass left either) or when no empty square
//! is left for a piece to stand on; the side with more pieces on the board wins, equal counts
//! draw. Othello's and Ataxx's end, as Fairy-Stockfish counts material at the end.

use super::outcome::Status;
use crate::geometry::Side;
use crate::position::{Position, PIECE_BITS};

/// Whether the variant ends by counting.
fn counts_at_end(pos: &Position) -> bool {
    pos.variant.spec().rules.ends.counting
}

/// Whether the counting rule has ended the game before any move is looked at: the board
/// is full (every square holds a piece, or is one no piece may stand on).
pub(crate) fn full_board_ends(pos: &Position) -> bool {
    counts_at_end(pos)
        && pos.geometry().squares().all(|sq| pos.board.cells[sq.index()] & PIECE_BITS != 0 || !pos.takes_drop(sq, 0))
}

/// The counted result, when the counting rule is in force: what a position where the
/// game has ended without a move (not in check) or on a full board comes to.
#[must_use]
pub fn counted_end(pos: &Position) -> Option<Status> {
    if !counts_at_end(pos) {
        return None;
    }
    let white = pos.pieces_of(Side::White).count();
    let black = pos.pieces_of(Side::Black).count();
    let winner = match white.cmp(&black) {
        std::cmp::Ordering::Greater => Some(Side::White),
        std::cmp::Ordering::Less => Some(Side::Black),
        std::cmp::Ordering::Equal => None,
    };
    let count = |n: usize| u16::try_from(n).unwrap_or(u16::MAX);
    Some(Status::Counted { winner, white: count(white), black: count(black) })
}
