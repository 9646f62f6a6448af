//! Hopping pieces (a grasshopper): a hop runs along its line over empty squares to the first
//! piece of either side (the hurdle) and lands on the square right behind it, capturing an
//! enemy there. A hop at any distance (a cannon) lands on any square behind the hurdle along
//! the free line, up to and including the first piece there. A token that stops lines ends
//! the run (before the hurdle or after it); lines pass over open tokens; a token is never a
//! hurdle. The landing square is read through the token effects like any landing.
//! Attacks are walked back from the target: a piece right before it (or, at any distance,
//! the first piece behind free squares), then empty squares, then the hopper.

use crate::geometry::{Side, Square};
use crate::movegen::Step;
use crate::moves::MoveList;
use crate::position::{code_kind, code_side, Position, EFFECT_FLAGS, PIECE_BITS, TOKEN_FLAG};
use crate::variant::{CompiledPattern, NO_RANK};

impl Position {
    /// The hop of `p` from `from`, if its line has a hurdle with a square behind it.
    pub(crate) fn walk_hop(&self, from: Square, kind: u8, p: &CompiledPattern, out: &mut MoveList) {
        let v = &*self.variant;
        let ray = v.ray(p.dir, from);
        let royal = v.is_royal(kind);
        let Some(hurdle) = ray.iter().position(|&sq| !self.passes_over(sq, royal)) else { return };
        if self.board.cells[ray[hurdle].index()] & PIECE_BITS == 0 {
            return;
        }
        if !p.far_hop() {
            let Some(&to) = ray.get(hurdle + 1) else { return };
            let step = Step { from, to, kind, pattern: p, k: 0, passed: ray[hurdle], covered: p.skip as usize };
            self.land_once(&step, out);
            return;
        }
        let mut passed = ray[hurdle];
        for &to in &ray[hurdle + 1..] {
            self.land_once(&Step { from, to, kind, pattern: p, k: 0, passed, covered: p.skip as usize }, out);
            if !self.passes_over(to, royal) {
                return;
            }
            passed = to;
        }
    }

    /// Whether a line of a mover of this class runs on over `sq`: no piece there, and no
    /// token that stops lines.
    #[inline]
    pub(crate) fn passes_over(&self, sq: Square, royal: bool) -> bool {
        let cell = self.board.cells[sq.index()];
        cell & PIECE_BITS == 0 && (cell & TOKEN_FLAG == 0 || self.effect_at(sq, royal).is_none_or(|e| !e.stops_lines()))
    }

    /// One landing of a step, leap or hop on `step.to`: an empty square, a token's effect, or
    /// a capture.
    pub(crate) fn land_once(&self, step: &Step<'_>, out: &mut MoveList) {
        let cell = self.board.cells[step.to.index()];
        if cell & EFFECT_FLAGS != 0 {
            self.token_square(step, out);
            return;
        }
        let p = step.pattern;
        if cell == 0 {
            if p.mode.moves() {
                self.push_with_promotions(step.from, step.to, step.kind, false, out);
            }
            return;
        }
        let code = cell & PIECE_BITS;
        if code_side(code) != self.state.side && p.mode.captures() && !self.variant.is_royal(code_kind(code)) {
            self.push_with_promotions(step.from, step.to, step.kind, false, out);
        }
    }

    /// Whether a hopper of `by` captures onto `target` (pins ignored); the piece on `ignore`
    /// is taken off the board, and only the kinds in `allowed` may capture there.
    pub(crate) fn hop_attacked(&self, target: Square, by: Side, ignore: Square, allowed: u32) -> bool {
        let v = &*self.variant;
        let rank = v.geometry().relative_rank(target, by);
        for h in &v.hop_attacks[by.index()] {
            if h.kinds & allowed == 0 || (h.barred != NO_RANK && h.barred == rank) {
                continue;
            }
            let back = v.dir_reverse[h.dir as usize];
            let ray = v.ray(back, target);
            let mut kinds = h.kinds & allowed;
            let Some(hurdle) = self.hurdle_before(ray, h.far, ignore, &mut kinds) else { continue };
            for &sq in &ray[hurdle + 1..] {
                let cell = self.board.cells[sq.index()];
                let code = cell & PIECE_BITS;
                if sq == ignore || cell == 0 {
                    continue;
                }
                if code == 0 {
                    // A token: the hopper's line must pass over it.
                    kinds &= self.passers(sq);
                    if kinds == 0 {
                        break;
                    }
                    continue;
                }
                if code_side(code) == by && kinds & (1 << code_kind(code)) != 0 {
                    return true;
                }
                break;
            }
        }
        false
    }

    /// Where on `ray` (walked back from an attacked square) the hurdle of a hop onto that
    /// square stands: the first square, or for a hop at any distance (`far`) the first piece
    /// behind squares the hopper's line passes (narrowing `kinds` to the hoppers whose lines
    /// pass the tokens there).
    fn hurdle_before(&self, ray: &[Square], far: bool, ignore: Square, kinds: &mut u32) -> Option<usize> {
        for (i, &sq) in ray.iter().enumerate() {
            let cell = self.board.cells[sq.index()];
            if sq != ignore && cell & PIECE_BITS != 0 {
                return Some(i);
            }
            if !far {
                return None;
            }
            if sq != ignore && cell != 0 {
                *kinds &= self.passers(sq);
                if *kinds == 0 {
                    return None;
                }
            }
        }
        None
    }
}
