//! Attack detection: whether a square is attacked by a side, walking outward from the
//! square along the variant's attack directions (one walk per direction, whatever the
//! number of piece kinds). Tokens take part as movement does, read from the one effect
//! model (`effects.rs`): blocking tokens stop lines, and a piece on a token that can only be
//! entered with an exit elsewhere is attacked only while such an exit exists (PH9, SP5).

use crate::geometry::{Side, Square};
use crate::graph::WarpGraph;
use crate::position::{code_kind, code_side, Position, PIECE_BITS};
use crate::reads::Reads;
use crate::variant::MAX_REACH;

/// No square: used where a walk ignores nothing.
pub(crate) const NO_SQUARE: Square = Square(u16::MAX);

impl Position {
    /// Whether a piece of `by` could capture on `target` (pins ignored, as in orthodox
    /// attack detection).
    #[must_use]
    pub fn is_attacked(&self, target: Square, by: Side) -> bool {
        self.is_attacked_ignoring(target, by, NO_SQUARE)
    }

    /// Whether the side to move has a royal piece under attack.
    #[must_use]
    pub fn is_check(&self) -> bool {
        self.royal_attacked(self.state.side)
    }

    /// Whether any royal piece of `side` is attacked.
    #[must_use]
    pub fn royal_attacked(&self, side: Side) -> bool {
        self.royals(side).any(|sq| self.is_attacked(sq, side.opponent()))
            || self.variant.spec().rules.royals_may_not_face && self.royals_face(side)
    }

    /// Like [`Position::is_attacked`], with the piece on `ignore` taken off the board.
    #[inline]
    pub(crate) fn is_attacked_ignoring(&self, target: Square, by: Side, ignore: Square) -> bool {
        self.is_attacked_ignoring_on(None, target, by, ignore)
    }

    /// [`Position::is_attacked_ignoring`] on a warped board whose next-square graph the
    /// caller holds (`None`: looked up when needed).
    #[inline]
    pub(crate) fn is_attacked_ignoring_on(
        &self,
        graph: Option<&WarpGraph>,
        target: Square,
        by: Side,
        ignore: Square,
    ) -> bool {
        let allowed = self.capturers_allowed_on(target) & self.variant.regions.kinds_allowed(by, target);
        let attacked = if allowed == 0 {
            false
        } else if self.is_warped() {
            match graph {
                Some(graph) => self.warped_attacked_on(graph, target, by, ignore, allowed, &mut ()),
                None => self.warped_attacked(target, by, ignore, allowed),
            }
        } else {
            self.ray_attacked(target, by, ignore, allowed)
        };
        attacked
            || self.variant.hops && allowed != 0 && self.hop_attacked(target, by, ignore, allowed)
            || !self.variant.lame_attacks[by.index()].is_empty()
                && allowed != 0
                && self.lame_attacked(target, by, ignore, allowed)
            || self.variant.conditional_capturers != 0
                && allowed != 0
                && self.conditional_attacked(target, by, ignore, allowed)
            || self.variant.spec().links.link_check && self.link_attacked(target, by)
    }

    /// Attack detection along the precomputed rays, by the piece kinds in `allowed`.
    #[inline]
    pub(crate) fn ray_attacked(&self, target: Square, by: Side, ignore: Square, allowed: u32) -> bool {
        let v = &*self.variant;
        let masks = v.attack_masks_at(by, target);
        v.attack_dirs[by.index()].iter().any(|&(dir, reach)| {
            self.ray_line_attacked(masks, dir, usize::from(reach), target, by, ignore, allowed, &mut ())
        })
    }

    /// One attack line, walked outward from `target` along the plain ray of `dir` for at most
    /// `reach` squares: the first piece met attacks the target when it is of `by` and of a kind
    /// in `kinds` whose pattern reaches that distance (`masks`, the target's attack masks); an
    /// empty token square narrows `kinds` to the kinds whose lines pass over it. Each square
    /// looked at is noted in `reads`.
    #[inline(always)]
    #[allow(clippy::too_many_arguments)]
    pub(crate) fn ray_line_attacked<R: Reads>(
        &self,
        masks: &[u32],
        dir: u8,
        reach: usize,
        target: Square,
        by: Side,
        ignore: Square,
        mut kinds: u32,
        reads: &mut R,
    ) -> bool {
        let v = &*self.variant;
        let line = (by.index() * v.dirs.len() + dir as usize) * (MAX_REACH + 1);
        for (k, &sq) in v.ray(dir, target).iter().take(reach).enumerate() {
            reads.read(sq.index());
            let cell = self.board.cells[sq.index()];
            if cell == 0 || sq == ignore {
                continue;
            }
            let code = cell & PIECE_BITS;
            if code == 0 {
                kinds &= self.passers(sq);
                if kinds == 0 {
                    return false;
                }
                continue;
            }
            return code_side(code) == by && masks[line + k + 1] & kinds & (1 << code_kind(code)) != 0;
        }
        false
    }

    /// The piece kinds whose lines pass over the empty token square `sq` (a mask).
    #[inline]
    pub(crate) fn passers(&self, sq: Square) -> u32 {
        let royal = self.variant.royal_mask;
        let stops = |royal: bool| self.effect_at(sq, royal).is_some_and(|e| e.stops_lines());
        match (stops(false), stops(true)) {
            (false, false) => u32::MAX,
            (true, false) => royal,
            (false, true) => !royal,
            (true, true) => 0,
        }
    }

    /// Whether an empty square's token stops the lines of non-royal pieces through it.
    #[inline]
    pub(crate) fn token_blocks_line(&self, sq: Square) -> bool {
        self.effect_at(sq, false).is_some_and(|e| e.stops_lines())
    }

    /// An open token: of `kind`, no piece on it, and not a dormant stack.
    #[inline]
    pub(crate) fn is_open_token(&self, sq: Square, kind: u8) -> bool {
        let stack = self.board.tokens[sq.index()];
        stack.count > 0
            && stack.kind == kind
            && self.board.cells[sq.index()] & PIECE_BITS == 0
            && !self.is_dormant_stack(sq)
    }

    /// HP6: a royal piece on a linked square is in check when an enemy stands on the link.
    pub(crate) fn link_attacked(&self, target: Square, by: Side) -> bool {
        let v = &*self.variant;
        let code = self.board.cells[target.index()] & PIECE_BITS;
        if code == 0 || !v.is_royal(code_kind(code)) {
            return false;
        }
        self.linked_to_side(target, by)
    }

    /// Whether a square linked to `target` holds a piece of `by`: a royal piece on `target`
    /// would be in check across the link there (HP6).
    pub(crate) fn linked_to_side(&self, target: Square, by: Side) -> bool {
        self.variant.links_of(target).any(|other| {
            let c = self.board.cells[other.index()] & PIECE_BITS;
            c != 0 && code_side(c) == by
        })
    }
}
