//! Promotion on leaving the zone (shogi): a piece whose promotion says `on_leaving` may
//! promote on a move that starts in its promotion zone, wherever the move ends. Moves ending
//! in the zone already carry their promotions (`promotion.rs`); this adds the promotions of
//! the plain moves that start in the zone and end outside it.

use crate::moves::{Move, MoveList};
use crate::position::{code_kind, Position, PIECE_BITS};
use crate::spec::PromotionSpec;

impl Position {
    /// Appends, for every plain move of `out` leaving the mover's promotion zone, the same
    /// move with each promotion open to the mover.
    pub(crate) fn append_leaving_promotions(&self, out: &mut MoveList) {
        let v = &*self.variant;
        for i in 0..out.len() {
            let Move::Normal { from, to, promotion: None } = out.as_slice()[i] else { continue };
            let kind = code_kind(self.cells[from.index()] & PIECE_BITS);
            if v.leaving_promoters & (1 << kind) == 0 {
                continue;
            }
            let Some(promo) = &v.piece(kind).promotion else { continue };
            let royal = v.is_royal(kind);
            let blocked = self.effect_at(to, royal).is_some_and(|effect| effect.blocks_promotion);
            if blocked || !self.in_promotion_zone(promo, from) || self.in_promotion_zone(promo, to) {
                continue;
            }
            for &choice in promo.choices_for(self.side.index()) {
                if self.may_promote_to(promo, choice) {
                    out.push(Move::Normal { from, to, promotion: Some(choice) });
                }
            }
        }
    }

    /// Whether `sq` lies in the promotion zone (optional or compulsory) of the side to move.
    fn in_promotion_zone(&self, promo: &PromotionSpec, sq: crate::geometry::Square) -> bool {
        let g = self.variant.geometry();
        let zone = promo.optional_ranks.max(promo.zone_ranks);
        g.relative_rank(sq, self.side) >= g.ranks - zone
    }
}
