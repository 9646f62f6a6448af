//! Promotion: where a piece ending its move must or may promote, and to which kinds.
//!
//! A piece's [`PromotionSpec`] gives a compulsory zone (its last ranks), an optional zone
//! around it, a list of choices per side, and two conditions: choices limited to kinds the
//! player has lost (fewer on the board than the setup gave it), and promotion on the last
//! existing square of a file whose further squares are all permanent holes. A zone may also
//! name squares of its own per side (`promotes on squares a8, a7 ...`). Generation
//! (plain and warped) asks here; nothing here allocates.

use crate::geometry::Square;
use crate::moves::{Move, MoveList};
use crate::position::{code_kind, Position, PIECE_BITS};
use crate::spec::{Flip, PieceId, PromotionSpec, TokenMovement};

/// What ending a move on a square means for a piece that promotes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum PromotionHere {
    /// It stays what it is.
    None,
    /// It may promote or stay (the optional zone).
    Optional,
    /// It must promote; with no choice open to it, it may not end its move there.
    Compulsory,
}

impl Position {
    /// How a piece of `kind` of the side to move promotes when its move ends on `to`
    /// (`blocked`: a token there forbids promotion, PH10). The common cases (no promotion,
    /// the compulsory zone) are decided inline; the optional zone and the end of a file
    /// elsewhere.
    #[inline(always)]
    pub(crate) fn promotion_here(&self, kind: u8, to: Square, blocked: bool) -> PromotionHere {
        let v = &*self.variant;
        let Some(promo) = &v.piece(kind).promotion else { return PromotionHere::None };
        if blocked {
            return PromotionHere::None;
        }
        let g = v.geometry();
        let rank = g.relative_rank(to, self.state.side);
        if rank >= g.ranks - promo.zone_ranks {
            return PromotionHere::Compulsory;
        }
        if v.promotion_extras & (1 << kind) == 0 {
            return PromotionHere::None;
        }
        self.promotion_outside_the_zone(promo, to, rank)
    }

    /// Promotion short of the compulsory zone: on the last existing square of a file, or in
    /// the optional zone.
    #[inline(never)]
    fn promotion_outside_the_zone(&self, promo: &PromotionSpec, to: Square, rank: u8) -> PromotionHere {
        if promo.flips != Flip::Never {
            return self.flip_here(promo.flips, to);
        }
        if self.in_zone_squares(promo, to) {
            return PromotionHere::Compulsory;
        }
        if promo.at_last_existing_square && self.file_ends_beyond(to) {
            return PromotionHere::Compulsory;
        }
        if promo.optional_ranks > 0 && rank >= self.variant.geometry().ranks - promo.optional_ranks {
            return PromotionHere::Optional;
        }
        PromotionHere::None
    }

    /// Whether `to` is one of the squares the side to move's compulsory zone names.
    fn in_zone_squares(&self, promo: &PromotionSpec, to: Square) -> bool {
        let g = self.variant.geometry();
        promo.zone_squares[self.state.side.index()].iter().any(|&square| g.square_of(square) == Some(to))
    }

    /// Whether every square beyond `to` on its file, in the side to move's forward direction,
    /// is a permanent hole: an impassable or absent token without a lifetime and without a
    /// piece on it (`to` is then the last existing square of the file for that side).
    fn file_ends_beyond(&self, to: Square) -> bool {
        let g = self.variant.geometry();
        let forward = Position::forward(self.state.side);
        let mut at = to;
        let mut beyond = 0;
        while let Some(next) = g.offset(at, 0, forward).filter(|&next| g.board_of(next) == g.board_of(to)) {
            if !self.is_permanent_hole(next) {
                return false;
            }
            beyond += 1;
            at = next;
        }
        beyond > 0
    }

    /// An empty square holding a token that removes it for good from non-royal movement.
    fn is_permanent_hole(&self, sq: Square) -> bool {
        let stack = self.board.tokens[sq.index()];
        if stack.count == 0 || self.board.cells[sq.index()] & PIECE_BITS != 0 {
            return false;
        }
        let effects = self.variant.effects(stack.kind);
        effects.lifetime.is_none()
            && stack.timer == 0
            && matches!(effects.movers[0].passage, TokenMovement::Impassable | TokenMovement::Absent)
    }

    /// Whether the side to move may promote to `choice`: always, or with `only_lost`, when it
    /// has fewer pieces of that kind than the setup gave it.
    pub(crate) fn may_promote_to(&self, promo: &PromotionSpec, choice: PieceId) -> bool {
        let limit = promo.limits.iter().find(|&&(kind, _)| kind == choice).map(|&(_, count)| count);
        if !promo.only_lost && limit.is_none() {
            return true;
        }
        let us = self.state.side;
        let now = self.board.occupied[us.index()]
            .iter()
            .filter(|sq| code_kind(self.board.cells[sq.index()] & PIECE_BITS) == choice)
            .count();
        let below_limit = limit.is_none_or(|count| now < usize::from(count));
        below_limit && (!promo.only_lost || now < usize::from(self.variant.setup_count(us, choice)))
    }

    /// Pushes `make(None)`, and/or `make(Some(piece))` for every piece a promotion on `to`
    /// may choose, as the zone says.
    #[inline(always)]
    pub(crate) fn push_each_promotion(
        &self,
        kind: u8,
        to: Square,
        token_blocks: bool,
        out: &mut MoveList,
        make: impl Fn(Option<u8>) -> Move,
    ) {
        match self.promotion_here(kind, to, token_blocks) {
            PromotionHere::None => out.push(make(None)),
            PromotionHere::Optional => {
                out.push(make(None));
                self.push_choices(kind, out, make);
            }
            PromotionHere::Compulsory => self.push_choices(kind, out, make),
        }
    }

    /// `make(Some(piece))` for every choice open to the side to move.
    fn push_choices(&self, kind: u8, out: &mut MoveList, make: impl Fn(Option<u8>) -> Move) {
        let promo = self.variant.piece(kind).promotion.as_ref().expect("the piece promotes");
        for &choice in promo.choices_for(self.state.side.index()) {
            if self.may_promote_to(promo, choice) {
                out.push(make(Some(choice)));
            }
        }
    }
}
