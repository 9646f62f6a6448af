//! Hopping pieces (a grasshopper): a hop runs along its line over empty squares to the first
//! piece of either side (the hurdle) and lands on the square right behind it, capturing an
//! enemy there. A token that stops lines ends the run before any hurdle; lines pass over
//! open tokens. The landing square is read through the token effects like any landing.
//! Attacks are walked back from the target: a piece right before it, then empty squares,
//! then the hopper.

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
        if self.cells[ray[hurdle].index()] & PIECE_BITS == 0 {
            return;
        }
        let Some(&to) = ray.get(hurdle + 1) else { return };
        let step = Step { from, to, kind, pattern: p, k: 0, passed: ray[hurdle] };
        self.land_once(&step, out);
    }

    /// Whether a line of a mover of this class runs on over `sq`: no piece there, and no
    /// token that stops lines.
    #[inline]
    fn passes_over(&self, sq: Square, royal: bool) -> bool {
        let cell = self.cells[sq.index()];
        cell & PIECE_BITS == 0 && (cell & TOKEN_FLAG == 0 || self.effect_at(sq, royal).is_none_or(|e| !e.stops_lines()))
    }

    /// One landing of a step, leap or hop on `step.to`: an empty square, a token's effect, or
    /// a capture.
    pub(crate) fn land_once(&self, step: &Step<'_>, out: &mut MoveList) {
        let cell = self.cells[step.to.index()];
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
        if code_side(code) != self.side && p.mode.captures() && !self.variant.is_royal(code_kind(code)) {
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
            let Some(&hurdle) = ray.first() else { continue };
            if hurdle == ignore || self.cells[hurdle.index()] & PIECE_BITS == 0 {
                continue;
            }
            let mut kinds = h.kinds & allowed;
            for &sq in &ray[1..] {
                let cell = self.cells[sq.index()];
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
}
