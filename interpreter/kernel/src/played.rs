//! The move that led to a position, as after-move events see it: the move, the piece that
//! moved and the piece it captured with the square it stood on (en passant: the pawn's
//! square, not the landing square). Kept by make and restored by unmake.

use crate::geometry::Square;
use crate::moves::Move;
use crate::position::{code_kind, code_side, Piece};

/// The last move played in a position.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct PlayedMove {
    /// The move.
    pub mv: Move,
    /// The piece that moved (for castling the king; for a special move the first piece it
    /// moved or placed), if any.
    pub piece: Option<Piece>,
    /// The piece captured or removed, with its square.
    pub captured: Option<(Piece, Square)>,
}

impl PlayedMove {
    /// From the piece codes make saw (0 = none).
    pub(crate) fn from_codes(mv: Move, moved: u8, captured: u8, captured_sq: Square) -> PlayedMove {
        PlayedMove { mv, piece: piece_of(moved), captured: piece_of(captured).map(|p| (p, captured_sq)) }
    }
}

fn piece_of(code: u8) -> Option<Piece> {
    (code != 0).then(|| Piece { side: code_side(code), kind: code_kind(code) })
}
