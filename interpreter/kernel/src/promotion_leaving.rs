//! Promotion on leaving the zone (shogi): a piece whose promotion says `on_leaving` treats a
//! move that starts in its promotion zone as one that enters it, wherever the move ends:
//! promotion is optional when the move starts in the optional zone and compulsory when it
//! starts in the compulsory zone. Moves ending in the zone already carry their promotions
//! (`promotion.rs`); this handles the plain moves that start in the zone and end outside it.

use crate::geometry::Square;
use crate::moves::{Move, MoveList};
use crate::position::{code_kind, Position, PIECE_BITS};
use crate::promotion::PromotionHere;

impl Position {
    /// For every plain move of `out` leaving the mover's promotion zone: adds the same move
    /// with each promotion open to the mover, and drops the plain move where promotion is
    /// compulsory.
    pub(crate) fn append_leaving_promotions(&self, out: &mut MoveList) {
        let v = &*self.variant;
        let mut end = out.len();
        let mut i = 0;
        while i < end {
            let Move::Normal { from, to, promotion: None } = out.as_slice()[i] else {
                i += 1;
                continue;
            };
            let kind = code_kind(self.board.cells[from.index()] & PIECE_BITS);
            let here = self.leaving_promotion(kind, from, to);
            let Some(promo) = v.piece(kind).promotion.as_ref().filter(|_| here != PromotionHere::None) else {
                i += 1;
                continue;
            };
            for &choice in promo.choices_for(self.state.side.index()) {
                if self.may_promote_to(promo, choice) {
                    out.push(Move::Normal { from, to, promotion: Some(choice) });
                }
            }
            if here == PromotionHere::Compulsory {
                // The plain move goes: the last move of the list takes its place (an original
                // move still to look at, or a promotion just added, which is skipped).
                out.swap_remove(i);
                if end == out.len() + 1 {
                    end -= 1;
                }
            } else {
                i += 1;
            }
        }
    }

    /// What a plain move of a piece of `kind` from `from` to `to` means for its promotion
    /// on leaving the zone (`None` when the rule does not apply to it).
    fn leaving_promotion(&self, kind: u8, from: Square, to: Square) -> PromotionHere {
        let v = &*self.variant;
        if v.leaving_promoters & (1 << kind) == 0 {
            return PromotionHere::None;
        }
        let Some(promo) = &v.piece(kind).promotion else { return PromotionHere::None };
        let blocked = self.effect_at(to, v.is_royal(kind)).is_some_and(|effect| effect.blocks_promotion);
        let optional = promo.optional_ranks.max(promo.zone_ranks);
        if blocked || self.ranks_deep(from) > optional || self.ranks_deep(to) <= optional {
            return PromotionHere::None;
        }
        if self.ranks_deep(from) <= promo.zone_ranks {
            PromotionHere::Compulsory
        } else {
            PromotionHere::Optional
        }
    }

    /// How many ranks from the far edge `sq` lies for the side to move (1: its last rank).
    fn ranks_deep(&self, sq: Square) -> u8 {
        let g = self.variant.geometry();
        g.ranks - g.relative_rank(sq, self.state.side)
    }
}
