//! Duple check (Spartan chess): the pieces of a named kind are not royal (they may be taken,
//! an extinction rule says what losing them means), but no move may leave every one of the
//! mover's pieces of the kind attacked, counted after the move (a piece the move promotes to
//! the kind shelters the others). A side with one such piece must keep it safe; a side with
//! two may leave one attacked. Castling with a lone one may not start from or pass over an
//! attacked square.

use crate::geometry::{Side, Square};
use crate::moves::{Move, MoveList};
use crate::position::Position;
use crate::spec::PieceId;

impl Position {
    /// Removes from `legal` every move that leaves all of the mover's guarded pieces attacked.
    pub(crate) fn drop_duple_exposures(&mut self, legal: &mut MoveList) {
        let Some(kind) = self.variant.spec().rules.checks.duple else { return };
        legal.retain(|&mv| !self.exposes_all(mv, kind));
    }

    /// Whether `side` stands in duple check: its lone guarded piece attacked, or all of them.
    pub(crate) fn duple_checked(&self, side: Side) -> bool {
        let Some(kind) = self.variant.spec().rules.checks.duple else { return false };
        let guarded = self.guarded(side, kind);
        !guarded.is_empty() && guarded.iter().all(|&sq| self.is_attacked(sq, side.opponent()))
    }

    fn guarded(&self, side: Side, kind: PieceId) -> Vec<Square> {
        self.pieces_of(side).filter(|(_, piece)| piece.kind == kind).map(|(sq, _)| sq).collect()
    }

    fn exposes_all(&mut self, mv: Move, kind: PieceId) -> bool {
        let us = self.state.side;
        let before = self.guarded(us, kind).len();
        if before == 0 {
            return false;
        }
        if let Move::Castle { king, rook } = mv {
            if before == 1 && self.castle_path_attacked(us, king, rook) {
                return true;
            }
        }
        let undo = self.make(mv);
        let exposed = self.guarded(us, kind).iter().all(|&sq| self.is_attacked(sq, us.opponent()));
        self.unmake(undo);
        exposed
    }

    /// The castling king's start and every square it passes before its destination, judged
    /// with the king off the board.
    fn castle_path_attacked(&self, us: Side, king: Square, rook: Square) -> bool {
        let (destination, _) = self.castle_destinations(us, king, rook);
        let g = self.geometry();
        let (board, rank) = (g.board_of(king), g.rank_of(king));
        let (from, to) = (g.file_of(king), g.file_of(destination));
        let files: Vec<u8> = match from.cmp(&to) {
            std::cmp::Ordering::Less => (from..to).collect(),
            std::cmp::Ordering::Equal => vec![from],
            std::cmp::Ordering::Greater => (to + 1..=from).collect(),
        };
        files.into_iter().any(|file| self.is_attacked_ignoring(g.square(board, file, rank), us.opponent(), king))
    }
}
