//! Lines on an 8x8 board whose files wrap (a cylinder) for the fast path: a line leaving one
//! side edge comes back on the other and ends before it would return to its own square.
//! Each line from a square is at most two runs of squares whose indices rise (or fall)
//! along it: along a rank, the squares up to the edge and then those from the other edge;
//! along a file or a diagonal, one run (each step changes the rank). A line's reach with
//! blockers is read like a ray: the run up to its first blocker, the second run only when
//! the first is empty.

use std::sync::OnceLock;

use super::hoppers::{rising, DIRECTIONS};

/// The lines of the eight directions from every square of the cylinder.
pub(crate) struct CylinderLines {
    /// `runs[d][sq]`: the line from `sq` along `d` as its two runs (the second 0 when the
    /// line has one).
    runs: [[(u64, u64); 64]; 8],
}

/// The shared lines, built on first use.
pub(crate) fn cylinder() -> &'static CylinderLines {
    static LINES: OnceLock<CylinderLines> = OnceLock::new();
    LINES.get_or_init(CylinderLines::build)
}

/// The squares of `run` up to and including its first square of `blockers`, the run's
/// indices rising (else falling) along the line.
#[inline(always)]
fn up_to_first(run: u64, blockers: u64, rising: bool) -> u64 {
    let hit = run & blockers;
    if hit == 0 {
        run
    } else if rising {
        let first = hit & hit.wrapping_neg();
        run & (first | (first - 1))
    } else {
        let first = 1u64 << (63 - hit.leading_zeros());
        run & !(first - 1)
    }
}

impl CylinderLines {
    fn build() -> CylinderLines {
        let mut runs = [[(0u64, 0u64); 64]; 8];
        for (d, &(dx, dy)) in DIRECTIONS.iter().enumerate() {
            for (sq, run) in runs[d].iter_mut().enumerate() {
                let (mut f, mut r) = ((sq % 8) as i32, (sq / 8) as i32);
                let mut wrapped = false;
                loop {
                    let next_file = f + i32::from(dx);
                    r += i32::from(dy);
                    wrapped |= !(0..8).contains(&next_file);
                    f = next_file.rem_euclid(8);
                    let to = (r * 8 + f) as usize;
                    if !(0..8).contains(&r) || to == sq {
                        break;
                    }
                    // Along a rank the indices jump back at the wrap: a second run. A step
                    // that changes the rank keeps them rising (or falling): one run.
                    if wrapped && dy == 0 {
                        run.1 |= 1 << to;
                    } else {
                        run.0 |= 1 << to;
                    }
                }
            }
        }
        CylinderLines { runs }
    }

    /// The squares along `d` from `sq` up to and including the first of `blockers`.
    #[inline(always)]
    pub(crate) fn reach(&self, d: usize, sq: usize, blockers: u64) -> u64 {
        let (first, second) = self.runs[d][sq];
        let up = rising(d);
        if first & blockers != 0 || second == 0 {
            return up_to_first(first, blockers, up);
        }
        first | up_to_first(second, blockers, up)
    }

    /// The pins on a royal piece on `king` by the enemy's orthogonal and diagonal sliders
    /// (`sliders`): for each direction, the span from `king` to the pinner (both ends
    /// included) when the first piece that way is one of `own` and the next an enemy slider
    /// of that direction. A piece may be pinned from two directions (round the cylinder).
    #[inline(always)]
    pub(crate) fn pins(&self, king: usize, blockers: u64, own: u64, sliders: (u64, u64)) -> [u64; 8] {
        let mut spans = [0; 8];
        for (d, span) in spans.iter_mut().enumerate() {
            let aimed = if d < 4 { sliders.0 } else { sliders.1 };
            if aimed == 0 {
                continue;
            }
            let first = self.reach(d, king, blockers) & blockers;
            if first & own == 0 {
                continue;
            }
            let past = self.reach(d, king, blockers & !first);
            if past & blockers & aimed != 0 {
                *span = past;
            }
        }
        spans
    }

    /// Orthogonal sliding attacks from `sq` with `blockers`.
    #[inline(always)]
    pub(crate) fn orth(&self, sq: usize, blockers: u64) -> u64 {
        (0..4).fold(0, |a, d| a | self.reach(d, sq, blockers))
    }

    /// Diagonal sliding attacks from `sq` with `blockers`.
    #[inline(always)]
    pub(crate) fn diag(&self, sq: usize, blockers: u64) -> u64 {
        (4..8).fold(0, |a, d| a | self.reach(d, sq, blockers))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_rank_line_goes_round_and_stops_before_its_square() {
        let c = cylinder();
        // A rook on a1 sees the whole first rank and the a-file on an empty board.
        assert_eq!(c.orth(0, 0), 0x0101_0101_0101_01FE);
        // Blocked on c1 eastwards and on f1 westwards (round by h1 and g1).
        let blockers = 1 << 2 | 1 << 5;
        assert_eq!(c.orth(0, blockers) & 0xFF, 1 << 1 | 1 << 2 | 1 << 5 | 1 << 6 | 1 << 7);
    }

    #[test]
    fn a_diagonal_wraps_at_the_side_edge() {
        let c = cylinder();
        // A bishop on a3 north-west goes on to h4, g5, f6, e7, d8.
        let north_west = c.reach(6, 16, 0);
        assert_eq!(north_west, 1 << 31 | 1 << 38 | 1 << 45 | 1 << 52 | 1 << 59);
        // Blocked on g5: h4 and g5 only.
        assert_eq!(c.reach(6, 16, 1 << 38), 1 << 31 | 1 << 38);
    }
}
