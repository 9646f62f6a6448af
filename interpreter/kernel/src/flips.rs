//! Flipping promotion (Kyoto and Micro shogi): a piece that `promotes on every move` (or `on
//! every capture`) turns into its promoted kind wherever such a move ends, and a piece promoted
//! so turns back into the kind it promoted from by the same rule. With `pieces in hand may be
//! dropped promoted`, a piece of the hand may also be dropped as its promoted kind (marked, so
//! that it turns back and returns to the hand as it was).

use crate::geometry::Square;
use crate::moves::{Move, MoveList};
use crate::position::{Position, PIECE_BITS};
use crate::promotion::PromotionHere;
use crate::spec::{Flip, PieceId};

impl Position {
    /// Whether a piece whose promotion flips by `flips` promotes on a move ending on `to`:
    /// always on every move, on a capture (a piece stands there) on every capture.
    pub(crate) fn flip_here(&self, flips: Flip, to: Square) -> PromotionHere {
        let capture = self.board.cells[to.index()] & PIECE_BITS != 0;
        match flips {
            Flip::EveryMove => PromotionHere::Compulsory,
            Flip::EveryCapture if capture => PromotionHere::Compulsory,
            _ => PromotionHere::None,
        }
    }

    /// Turns back every move of a piece that a flip promoted, when the same rule applies to
    /// the move: the move then ends as the kind the piece promoted from.
    pub(crate) fn turn_back_flipped(&self, moves: &mut MoveList) {
        if !self.variant.hand_tables.marks_promoted {
            return;
        }
        for mv in moves.as_mut_slice() {
            if let Move::Normal { from, to, promotion } = mv {
                if let Some(origin) = self.flip_origin(*from, *to) {
                    *promotion = Some(origin);
                }
            }
        }
    }

    /// The kind the piece on `from` turns back into on a move to `to`: the piece promoted
    /// from a kind whose promotion flips, on a move the flip applies to.
    fn flip_origin(&self, from: Square, to: Square) -> Option<PieceId> {
        let origin = self.board.promoted[from.index()].checked_sub(1)?;
        let flips = self.variant.piece(origin).promotion.as_ref()?.flips;
        (flips != Flip::Never && self.flip_here(flips, to) == PromotionHere::Compulsory).then_some(origin)
    }

    /// The drops of a piece of `kind` from the hand onto `sq` as its promoted kinds, where its
    /// promotion flips and the promoted kind may stand there.
    pub(crate) fn push_promoted_drops(&self, kind: PieceId, sq: Square, out: &mut MoveList) {
        let Some(promo) = self.variant.piece(kind).promotion.as_ref() else { return };
        if promo.flips == Flip::Never {
            return;
        }
        let rank = self.variant.geometry().relative_rank(sq, self.state.side);
        for &choice in promo.choices_for(self.state.side.index()) {
            if self.variant.hand_tables.may_drop_on_rank(choice, rank) && self.takes_drop(sq, choice) {
                out.push(Move::Drop { piece: choice, to: sq });
            }
        }
    }

    /// The kind a drop of `kind` takes from the hand: the kind itself while the side holds
    /// one, else (a promoted drop) the kind it promotes from.
    pub(crate) fn hand_kind_of_drop(&self, kind: PieceId) -> PieceId {
        if self.hand_count(self.state.side, kind) > 0 || !self.variant.hand_tables.drop_promoted {
            return kind;
        }
        self.variant.hand_tables.promotes_from(kind).unwrap_or(kind)
    }
}
