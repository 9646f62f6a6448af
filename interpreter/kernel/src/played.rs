//! The move that led to a position, as after-move events see it: the move, the piece that
//! moved and the piece it captured with the square it stood on (en passant: the pawn's
//! square, not the landing square). Kept by make and restored by unmake.

use crate::cell::{code_kind, code_side, piece_code, Piece};
use crate::geometry::Square;
use crate::moves::Move;

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

/// The last move as make keeps it: the move and the piece codes it saw (0 = none), turned
/// into a [`PlayedMove`] only when asked, so that make stores a few bytes and converts nothing.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct LastMove {
    pub mv: Move,
    pub moved: u8,
    pub captured: u8,
    pub captured_sq: Square,
}

impl LastMove {
    pub(crate) fn played(self) -> PlayedMove {
        let captured = piece_of(self.captured).map(|p| (p, self.captured_sq));
        PlayedMove { mv: self.mv, piece: piece_of(self.moved), captured }
    }

    /// From a played move (special moves compute theirs while applying).
    pub(crate) fn of(played: PlayedMove) -> LastMove {
        let code = |p: Piece| piece_code(p.side, p.kind);
        let (captured, captured_sq) = played.captured.map_or((0, Square(0)), |(p, sq)| (code(p), sq));
        LastMove { mv: played.mv, moved: played.piece.map_or(0, code), captured, captured_sq }
    }
}

fn piece_of(code: u8) -> Option<Piece> {
    (code != 0).then(|| Piece { side: code_side(code), kind: code_kind(code) })
}
