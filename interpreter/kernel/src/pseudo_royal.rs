//! Pseudo-royal pieces (atomic chess's king): ordinary pieces that may be captured or blown up
//! (an extinction rule says what losing them means), but no move may leave one of the
//! mover's pseudo-royal pieces attacked or blow it up, unless the move removes a pseudo-royal
//! piece of the opponent. Where captures explode, a pseudo-royal piece next to an enemy one is
//! not attacked (taking it would blow up the taker's own), and castling may not start from or
//! pass over an attacked square. A kind may be pseudo-royal only while its side has one piece
//! of it (sho shogi): the side may lose all but the last.

use crate::attacks::NO_SQUARE;
use crate::geometry::{Side, Square};
use crate::moves::{Move, MoveList};
use crate::position::Position;

impl Position {
    /// Removes from `legal` every move that exposes one of the mover's pseudo-royal pieces.
    pub(crate) fn drop_pseudo_royal_exposures(&mut self, legal: &mut MoveList) {
        if self.variant.spec().rules.pseudo_royal.is_empty() {
            return;
        }
        legal.retain(|&mv| !self.exposes_pseudo_royal(mv));
    }

    /// Whether a pseudo-royal piece of `side` is attacked (what check means for them).
    pub(crate) fn pseudo_royal_attacked(&self, side: Side) -> bool {
        self.pseudo_royals(side).any(|sq| self.pseudo_royal_threatened(sq, side, NO_SQUARE))
    }

    fn exposes_pseudo_royal(&mut self, mv: Move) -> bool {
        let us = self.state.side;
        if let Move::Castle { king, rook } = mv {
            if self.castling_path_attacked(us, king, rook) {
                return true;
            }
        }
        let them = us.opponent();
        let (ours_guarded, theirs_guarded) =
            (self.pseudo_royals(us).next().is_some(), self.pseudo_royals(them).next().is_some());
        let (ours, theirs) = (self.pseudo_royal_kinds(us), self.pseudo_royal_kinds(them));
        let undo = self.make(mv);
        let exposed = if ours_guarded && self.pseudo_royal_kinds(us) < ours {
            true
        } else if theirs_guarded && self.pseudo_royal_kinds(them) < theirs {
            false
        } else {
            self.pseudo_royals(us).any(|sq| self.pseudo_royal_threatened(sq, us, NO_SQUARE))
        };
        self.unmake(undo);
        exposed
    }

    /// Whether the pseudo-royal piece of `side` on `sq` is attacked (with `ignore` taken off
    /// the board); next to an enemy pseudo-royal piece it is not, where captures explode.
    fn pseudo_royal_threatened(&self, sq: Square, side: Side, ignore: Square) -> bool {
        let them = side.opponent();
        if self.variant.spec().rules.explosion.is_some() && self.pseudo_royals(them).any(|e| self.touches(sq, e)) {
            return false;
        }
        self.is_attacked_ignoring(sq, them, ignore)
    }

    /// The castling king's start and every square it passes before its destination, judged
    /// with the king off the board.
    fn castling_path_attacked(&self, us: Side, king: Square, rook: Square) -> bool {
        if !self.pseudo_royals(us).any(|sq| sq == king) {
            return false;
        }
        let (destination, _) = self.castle_destinations(us, king, rook);
        let g = self.geometry();
        let (board, rank) = (g.board_of(king), g.rank_of(king));
        let (from, to) = (g.file_of(king), g.file_of(destination));
        let (low, high) = match from.cmp(&to) {
            std::cmp::Ordering::Equal => (from, from),
            std::cmp::Ordering::Less => (from, to - 1),
            std::cmp::Ordering::Greater => (to + 1, from),
        };
        (low..=high).any(|file| self.pseudo_royal_threatened(g.square(board, file, rank), us, king))
    }

    /// How many pieces of pseudo-royal kinds `side` has, guarded or not.
    fn pseudo_royal_kinds(&self, side: Side) -> usize {
        let kinds = &self.variant.spec().rules.pseudo_royal;
        self.pieces_of(side).filter(|(_, piece)| kinds.contains(&piece.kind)).count()
    }

    /// The squares of `side`'s pseudo-royal pieces: of a kind pseudo-royal only while alone,
    /// the side's piece when it has just one.
    fn pseudo_royals(&self, side: Side) -> impl Iterator<Item = Square> + '_ {
        let rules = &self.variant.spec().rules;
        let guarded = move |kind: u8| {
            rules.pseudo_royal.contains(&kind)
                && (!rules.pseudo_royal_alone.contains(&kind)
                    || self.pieces_of(side).filter(|(_, piece)| piece.kind == kind).count() == 1)
        };
        self.pieces_of(side).filter(move |(_, piece)| guarded(piece.kind)).map(|(sq, _)| sq)
    }

    /// Whether two squares of one board are next to each other.
    fn touches(&self, a: Square, b: Square) -> bool {
        let g = self.geometry();
        g.board_of(a) == g.board_of(b)
            && g.file_of(a).abs_diff(g.file_of(b)) <= 1
            && g.rank_of(a).abs_diff(g.rank_of(b)) <= 1
            && a != b
    }
}
