//! Attack detection: whether a square is attacked by a side, walking outward from the
//! square along the variant's attack directions (one walk per direction, whatever the
//! number of piece kinds). Tokens take part as movement does: blocking tokens stop lines,
//! and a piece on a token that can only be entered with an exit elsewhere is attacked only
//! while such an exit exists (PH9, SP5).

use crate::geometry::{Side, Square};
use crate::position::{code_kind, code_side, Position, PIECE_BITS, TOKEN_FLAG};
use crate::spec::{Entry, Exit, Stacking, TokenMovement};

/// No square: used where a walk ignores nothing.
pub(crate) const NO_SQUARE: Square = Square(u16::MAX);

impl Position {
    /// Whether a piece of `by` could capture on `target` (pins ignored, as in orthodox
    /// attack detection).
    pub fn is_attacked(&self, target: Square, by: Side) -> bool {
        self.is_attacked_ignoring(target, by, NO_SQUARE)
    }

    /// Whether the side to move has a royal piece under attack.
    pub fn is_check(&self) -> bool {
        self.royal_attacked(self.side)
    }

    /// Whether any royal piece of `side` is attacked.
    pub fn royal_attacked(&self, side: Side) -> bool {
        self.royals(side).any(|sq| self.is_attacked(sq, side.opponent()))
    }

    /// Like [`Position::is_attacked`], with the piece on `ignore` taken off the board.
    #[inline]
    pub(crate) fn is_attacked_ignoring(&self, target: Square, by: Side, ignore: Square) -> bool {
        if self.is_warped() {
            return self.warped_attacked(target, by, ignore);
        }
        self.ray_attacked(target, by, ignore)
    }

    /// Attack detection along the precomputed rays.
    #[inline]
    pub(crate) fn ray_attacked(&self, target: Square, by: Side, ignore: Square) -> bool {
        let v = &*self.variant;
        if self.cells[target.index()] & TOKEN_FLAG != 0 && !self.capturable_on(target) {
            return false;
        }
        for &(dir, reach) in &v.attack_dirs[by.index()] {
            let ray = v.ray(dir, target);
            for (k, &sq) in ray.iter().take(reach as usize).enumerate() {
                let cell = self.cells[sq.index()];
                if cell == 0 || sq == ignore {
                    continue;
                }
                let code = cell & PIECE_BITS;
                if code == 0 {
                    if self.token_blocks_line(sq) {
                        break;
                    }
                    continue;
                }
                if code_side(code) == by && v.attack_mask(by, dir, k + 1) & (1 << code_kind(code)) != 0 {
                    return true;
                }
                break;
            }
        }
        v.spec().links.link_check && self.link_attacked(target, by)
    }

    /// Whether an empty square's token stops lines through it.
    #[inline]
    pub(crate) fn token_blocks_line(&self, sq: Square) -> bool {
        let stack = self.tokens[sq.index()];
        stack.count > 0 && self.variant.token(stack.kind).movement != TokenMovement::Open
    }

    /// Whether a capture-move onto `sq` (which holds a token) can be made at all: the
    /// token lets capturers in and, for transit tokens, another open token is an exit.
    pub(crate) fn capturable_on(&self, sq: Square) -> bool {
        let stack = self.tokens[sq.index()];
        let rules = self.variant.token(stack.kind);
        if rules.inactive_while_occupied && self.cells[sq.index()] & PIECE_BITS != 0 {
            return true;
        }
        match (rules.movement, rules.entry) {
            (TokenMovement::Open, Entry::None) => true,
            (TokenMovement::Impassable, _) => false,
            (_, Entry::None) => false,
            (_, _) => {
                let dormant = stack.count > 1 && rules.stacking == Stacking::Dormant;
                !dormant && (rules.exit != Exit::AnotherOpen || self.open_token_other_than(sq, stack.kind, sq))
            }
        }
    }

    /// Whether an open token of `kind` lies anywhere but on `a` or `b`.
    pub(crate) fn open_token_other_than(&self, a: Square, kind: u8, b: Square) -> bool {
        self.token_squares.iter().any(|sq| sq != a && sq != b && self.is_open_token(sq, kind))
    }

    /// An open token: of `kind`, no piece on it, and not a dormant stack.
    #[inline]
    pub(crate) fn is_open_token(&self, sq: Square, kind: u8) -> bool {
        let stack = self.tokens[sq.index()];
        stack.count > 0
            && stack.kind == kind
            && self.cells[sq.index()] & PIECE_BITS == 0
            && (stack.count == 1 || self.variant.token(kind).stacking == Stacking::Merged)
    }

    /// HP6: a royal piece on a linked square is in check when an enemy stands on the link.
    pub(crate) fn link_attacked(&self, target: Square, by: Side) -> bool {
        let v = &*self.variant;
        let code = self.cells[target.index()] & PIECE_BITS;
        if code == 0 || !v.is_royal(code_kind(code)) {
            return false;
        }
        v.links_of(target).any(|other| {
            let c = self.cells[other.index()] & PIECE_BITS;
            c != 0 && code_side(c) == by
        })
    }
}
