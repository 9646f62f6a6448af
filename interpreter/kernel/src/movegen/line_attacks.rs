//! Attack detection along the lines of the next-square graph of a board whose tokens change
//! geometry (WH7): attacks follow the same movement as moves, walked back from the target
//! over absent squares (skipped, WH3) and through tunnels (WH4), noting the squares read
//! (`reads.rs`) for the legality filter.

use crate::attacks::NO_SQUARE;
use crate::geometry::{Side, Square};
use crate::graph::{Behind, WarpGraph};
use crate::position::{code_kind, code_side, Position, PIECE_BITS};
use crate::reads::Reads;
use crate::variant::{Variant, MAX_REACH};

impl Position {
    /// WH7: attacks follow the same movement as moves, walked back from the target, by the
    /// piece kinds in `allowed` (those that may capture there).
    pub(crate) fn warped_attacked(&self, target: Square, by: Side, ignore: Square, allowed: u32) -> bool {
        self.warped_attacked_reading(target, by, ignore, allowed, &mut ())
    }

    /// [`Position::warped_attacked`], noting in `reads` every square whose contents (piece or
    /// token) the answer was read from, line by line.
    pub(crate) fn warped_attacked_reading<R: Reads>(
        &self,
        target: Square,
        by: Side,
        ignore: Square,
        allowed: u32,
        reads: &mut R,
    ) -> bool {
        self.warped_attacked_on(&self.warp_graph(), target, by, ignore, allowed, reads)
    }

    /// [`Position::warped_attacked_reading`] on `graph`, this position's next-square graph.
    pub(crate) fn warped_attacked_on<R: Reads>(
        &self,
        graph: &WarpGraph,
        target: Square,
        by: Side,
        ignore: Square,
        allowed: u32,
        reads: &mut R,
    ) -> bool {
        let v = &*self.variant;
        for (k, &(dir, _)) in v.attack_dirs[by.index()].iter().enumerate() {
            reads.line(k);
            if self.attacked_along(graph, dir, target, by, ignore, allowed, reads) {
                return true;
            }
        }
        false
    }

    /// An attack on `target` along the outward direction `dir`.
    #[inline]
    #[allow(clippy::too_many_arguments)]
    pub(super) fn attacked_along<R: Reads>(
        &self,
        graph: &WarpGraph,
        dir: u8,
        target: Square,
        by: Side,
        ignore: Square,
        allowed: u32,
        reads: &mut R,
    ) -> bool {
        let v = &*self.variant;
        let royal = v.royal_mask & allowed;
        if royal != 0 && self.royal_attacked_along(dir, target, by, ignore, royal, reads) {
            return true;
        }
        let kinds = allowed & !v.royal_mask;
        if v.attack_mask(by, dir, 1) & kinds == 0 {
            return false;
        }
        let (leaps, slides) = graph.tunnel_capturers(by, dir);
        let walk = Walk { variant: v, graph, by, dir, ignore, kinds, leaps: leaps & kinds, slides: slides & kinds };
        self.line_attacked(&walk, &graph.behind(dir, target), reads)
    }

    /// WH6: an attack by a royal piece along `dir`: one plain step for royal steppers (most
    /// royal pieces), else along the ray.
    #[inline]
    fn royal_attacked_along<R: Reads>(
        &self,
        dir: u8,
        target: Square,
        by: Side,
        ignore: Square,
        royal: u32,
        reads: &mut R,
    ) -> bool {
        let v = &*self.variant;
        if v.attack_mask(by, dir, 2) & royal != 0 {
            return self.royal_ray_attacked(dir, target, by, ignore, royal, reads);
        }
        let next = v.warp_next[dir as usize * self.board.cells.len() + target.index()];
        if next == NO_SQUARE || next == ignore {
            return false;
        }
        reads.read(next.index());
        let code = self.board.cells[next.index()] & PIECE_BITS;
        code != 0 && code_side(code) == by && royal & v.attack_mask(by, dir, 1) & (1 << code_kind(code)) != 0
    }

    /// WH6: royal attackers move plainly (absent squares exist for them), so their attacks
    /// run along the ray from the target as on a board without such squares, at every
    /// distance their patterns reach; the squares read are noted.
    #[inline(never)]
    fn royal_ray_attacked<R: Reads>(
        &self,
        dir: u8,
        target: Square,
        by: Side,
        ignore: Square,
        royal: u32,
        reads: &mut R,
    ) -> bool {
        let v = &*self.variant;
        let masks = v.attack_masks_at(by, target);
        let line = (by.index() * v.dirs.len() + dir as usize) * (MAX_REACH + 1);
        let reach = (1..=MAX_REACH).rev().find(|&k| masks[line + k] & royal != 0).unwrap_or(0);
        self.ray_line_attacked(masks, dir, reach, target, by, ignore, royal, reads)
    }

    /// One walk back from the target over absent squares and, while some attacker reaches
    /// further, empty existing squares, up to the first piece: an attacker there reaches the
    /// target along existing squares when its range covers their number (WH3), and every
    /// absent square on the way is a possible tunnel exit (WH4).
    fn line_attacked<R: Reads>(&self, w: &Walk, line: &Behind, reads: &mut R) -> bool {
        let mut passed = 0;
        for (i, &at) in line.squares.iter().enumerate() {
            reads.read(at.index());
            if w.graph.is_absent(at) {
                let leaps_ok = if passed == 0 { w.leaps } else { 0 };
                if (w.slides | leaps_ok) != 0 && self.tunnel_source_attacks(w, line, i + 1, leaps_ok, reads) {
                    return true;
                }
                continue;
            }
            let code = self.board.cells[at.index()] & PIECE_BITS;
            if code == 0 || at == w.ignore {
                if code == 0 && self.token_blocks_line(at) {
                    return false;
                }
                passed += 1;
                if w.reaching(passed + 1) == 0 && w.slides == 0 {
                    return false;
                }
                continue;
            }
            let bit = 1 << code_kind(code);
            return code_side(code) == w.by && w.reaching(passed + 1) & bit != 0;
        }
        read_end(line, reads);
        false
    }

    /// With the square before `line.squares[after]` as the tunnel's exit: finds the entry
    /// (the previous absent square) and the piece that could have entered it.
    fn tunnel_source_attacks<R: Reads>(
        &self,
        w: &Walk,
        line: &Behind,
        after: usize,
        leaps: u32,
        reads: &mut R,
    ) -> bool {
        let rest = &line.squares[after..];
        let Some(entry) = rest.iter().position(|&sq| {
            reads.read(sq.index());
            w.graph.is_absent(sq)
        }) else {
            read_end(line, reads);
            return false;
        };
        let mut first = true;
        for &at in &rest[entry + 1..] {
            reads.read(at.index());
            if w.graph.is_absent(at) {
                return false;
            }
            let code = self.board.cells[at.index()] & PIECE_BITS;
            if code == 0 || at == w.ignore {
                if code == 0 && self.token_blocks_line(at) {
                    return false;
                }
                if w.slides == 0 {
                    return false;
                }
                first = false;
                continue;
            }
            let bit = 1 << code_kind(code);
            return code_side(code) == w.by && (w.slides & bit != 0 || (first && leaps & bit != 0));
        }
        read_end(line, reads);
        false
    }
}

/// Notes the square a walk that ran to the end of its line read last (a square that would
/// wrap the line were it an absent edge token).
#[inline]
fn read_end<R: Reads>(line: &Behind, reads: &mut R) {
    if line.end_read != NO_SQUARE {
        reads.read(line.end_read.index());
    }
}

/// One attack line walked back from its target.
struct Walk<'a> {
    variant: &'a Variant,
    graph: &'a WarpGraph,
    by: Side,
    /// The outward direction walked.
    dir: u8,
    ignore: Square,
    /// The non-royal kinds that may capture on the target.
    kinds: u32,
    /// Those that may capture through a tunnel by a step or leap ...
    leaps: u32,
    /// ... and by an unlimited slide.
    slides: u32,
}

impl Walk<'_> {
    /// The kinds that capture on the target from the `distance`-th existing square behind
    /// it along the skip path (WH3: absent squares are not counted).
    #[inline]
    fn reaching(&self, distance: usize) -> u32 {
        self.variant.attack_mask(self.by, self.dir, distance.min(MAX_REACH)) & self.kinds
    }
}
