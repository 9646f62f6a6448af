//! Hoppers on the fast path (a grasshopper): a hop runs along one of the eight queen
//! directions over empty squares to the first piece of either side (the hurdle) and lands on
//! the square right behind it. A token on the fast path stops lines, so a run that meets one
//! first has no hurdle and no move. Movement is a ray read up to its first blocker and one
//! step past it; an attack on a square is read backwards: a piece right beside it, then the
//! first blocker behind that piece along the same line, which must be a hopper of the
//! attacking side hopping the other way. Everything a hop reads lies on the target's eight
//! lines, which is what legality tests on ([`Board64::hop_zone`]).

use std::sync::OnceLock;

use super::board::Board64;
use super::legal::TestedZone;
use super::rules::squares_of;

/// The eight directions of hops, as (file, rank) steps; bit `d` of a kind's hop directions
/// stands for `DIRECTIONS[d]`. Opposite directions are neighbours (`d` and `d ^ 1`), the
/// orthogonal ones first, and each pair starts with the one along which square indices rise.
pub(crate) const DIRECTIONS: [(i8, i8); 8] = [(1, 0), (-1, 0), (0, 1), (0, -1), (1, 1), (-1, -1), (-1, 1), (1, -1)];

/// No square (a step off the board).
const OFF: u8 = 64;

/// The direction bit of a (file, rank) step, if it is one of the eight.
pub(crate) fn direction_bit(dx: i8, dy: i8) -> Option<u8> {
    DIRECTIONS.iter().position(|&d| d == (dx, dy)).map(|d| 1 << d)
}

/// The index of the direction opposite `d`.
#[inline(always)]
const fn reverse(d: usize) -> usize {
    d ^ 1
}

/// Whether squares along direction `d` have rising indices (a rank up, or a file right).
#[inline(always)]
pub(crate) const fn rising(d: usize) -> bool {
    d % 2 == 0
}

/// Rays and single steps along the eight directions on an 8x8 board.
struct HopTables {
    /// `rays[d][sq]`: every square from `sq` along `d` to the edge, `sq` excluded.
    rays: [[u64; 64]; 8],
    /// `next[d][sq]`: the square one step from `sq` along `d`, [`OFF`] past the edge.
    next: [[u8; 64]; 8],
}

fn tables() -> &'static HopTables {
    static TABLES: OnceLock<HopTables> = OnceLock::new();
    TABLES.get_or_init(HopTables::build)
}

impl HopTables {
    fn build() -> HopTables {
        let mut t = HopTables { rays: [[0; 64]; 8], next: [[OFF; 64]; 8] };
        for (d, &(dx, dy)) in DIRECTIONS.iter().enumerate() {
            for sq in 0..64usize {
                let step = |f: i32, r: i32| {
                    let (f, r) = (f + i32::from(dx), r + i32::from(dy));
                    ((0..8).contains(&f) && (0..8).contains(&r)).then_some((f, r))
                };
                let mut at = ((sq % 8) as i32, (sq / 8) as i32);
                if let Some((f, r)) = step(at.0, at.1) {
                    t.next[d][sq] = (r * 8 + f) as u8;
                }
                while let Some((f, r)) = step(at.0, at.1) {
                    t.rays[d][sq] |= 1 << (r * 8 + f);
                    at = (f, r);
                }
            }
        }
        t
    }

    /// The first square of `blockers` along `d` from `sq`, if any.
    #[inline(always)]
    fn first_blocker(&self, d: usize, sq: usize, blockers: u64) -> Option<usize> {
        let hit = self.rays[d][sq] & blockers;
        if hit == 0 {
            None
        } else if rising(d) {
            Some(hit.trailing_zeros() as usize)
        } else {
            Some(63 - hit.leading_zeros() as usize)
        }
    }
}

impl Board64<'_> {
    /// The squares a hopper hopping along `dirs` (direction bits) lands on from `from`, with
    /// `blockers` stopping lines (pieces and tokens) and only pieces as hurdles; whatever
    /// stands on the landing square (the caller's target mask decides).
    #[inline(always)]
    pub(crate) fn hop_targets(&self, dirs: u8, from: usize, blockers: u64) -> u64 {
        let t = tables();
        let pieces = blockers & !self.tokens.all;
        let mut landings = 0;
        for d in squares_of(u64::from(dirs)) {
            let Some(hurdle) = t.first_blocker(d, from, blockers) else { continue };
            let landing = t.next[d][hurdle];
            if pieces & (1 << hurdle) != 0 && landing != OFF {
                landings |= 1 << landing;
            }
        }
        landings
    }

    /// The hoppers among `by_pieces` (of side `by`) that land on `sq`, with `blockers`
    /// stopping lines and only pieces as hurdles.
    #[inline(always)]
    pub(crate) fn hop_attackers(&self, sq: usize, by: usize, by_pieces: u64, blockers: u64) -> u64 {
        let hoppers = self.hoppers(by) & by_pieces;
        if hoppers == 0 {
            return 0;
        }
        let t = tables();
        let pieces = blockers & !self.tokens.all;
        let mut found = 0;
        for e in 0..8 {
            let hurdle = t.next[e][sq];
            if hurdle == OFF || pieces & (1 << hurdle) == 0 {
                continue;
            }
            let Some(h) = t.first_blocker(e, hurdle as usize, blockers) else { continue };
            if hoppers & (1 << h) != 0 && self.hops_along(by, h, reverse(e)) {
                found |= 1 << h;
            }
        }
        found
    }

    /// The moves of the side to move that could let an enemy hopper attack `king`, along
    /// each line from `king` holding an enemy hopper that hops towards it: one reaching the
    /// square beside `king` (a new hurdle) or leaving a square further along (it may have
    /// stood between hurdle and hopper). Other moves only take a hurdle away or block.
    #[inline(always)]
    pub(crate) fn hop_zone(&self, king: usize) -> TestedZone {
        let them = self.us ^ 1;
        let hoppers = self.hoppers(them);
        let mut zone = TestedZone::default();
        if hoppers == 0 {
            return zone;
        }
        let t = tables();
        for e in 0..8 {
            let beside = t.next[e][king];
            if beside == OFF {
                continue;
            }
            let beyond = t.rays[e][beside as usize];
            if squares_of(beyond & hoppers).any(|h| self.hops_along(them, h, reverse(e))) {
                zone.to |= 1 << beside;
                zone.from |= beyond;
            }
        }
        zone
    }

    /// The pieces of `side` of the hopping kinds.
    #[inline(always)]
    fn hoppers(&self, side: usize) -> u64 {
        let mut bits = 0;
        for k in super::rules::kinds_of(self.rules.hoppers) {
            bits |= self.kinds[k];
        }
        bits & self.sides[side]
    }

    /// Whether the piece of `side` on `sq` hops along direction `d`.
    #[inline(always)]
    fn hops_along(&self, side: usize, sq: usize, d: usize) -> bool {
        let kind = self.cells[sq] as usize - 1;
        self.rules.hop_dirs[side][kind] & (1 << d) != 0
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rays_and_steps_along_the_eight_directions() {
        let t = tables();
        // a1 north: a2..a8; h8 south-west: g7..a1; a1 west: nothing.
        assert_eq!(t.rays[2][0], 0x0101_0101_0101_0100);
        assert_eq!(t.rays[5][63], 0x0040_2010_0804_0201);
        assert_eq!(t.rays[1][0], 0);
        assert_eq!(t.next[4][0], 9);
        assert_eq!(t.next[0][7], OFF);
        for d in 0..8 {
            assert_eq!(t.first_blocker(d, 27, u64::MAX), Some(t.next[d][27] as usize));
        }
    }

    #[test]
    fn direction_bits_name_the_eight_steps() {
        assert_eq!(direction_bit(-1, -1), Some(0x20));
        for (d, &(dx, dy)) in DIRECTIONS.iter().enumerate() {
            assert_eq!(DIRECTIONS[reverse(d)], (-dx, -dy), "the reverse of {d}");
            let ahead = tables().next[d][27] as usize;
            assert_eq!(rising(d), ahead > 27, "direction {d} rises");
        }
        assert_eq!(direction_bit(1, 2), None);
    }
}
