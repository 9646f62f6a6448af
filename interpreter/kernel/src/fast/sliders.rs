//! Sliding attacks on one 8x8 board that fits a 64-bit word: magic-multiplication tables for
//! orthogonal and diagonal lines, with the lines and segments between two squares. The magic
//! factors are searched once, deterministically, the first time a fast-path variant needs
//! them, and shared by every variant after that.

use std::sync::OnceLock;

/// The tables of one line family (orthogonal or diagonal).
struct Family {
    /// Relevant blocker squares of each square (edges excluded).
    masks: [u64; 64],
    magics: [u64; 64],
    shifts: [u8; 64],
    offsets: [u32; 64],
    attacks: Vec<u64>,
}

/// Sliding attacks, lines and segments for 8x8 boards.
pub(crate) struct Sliders {
    orth: Family,
    diag: Family,
    /// `between[a][b]`: the squares strictly between `a` and `b` on a line, else 0.
    between: Vec<[u64; 64]>,
    /// `line[a][b]`: the whole line through `a` and `b` (both included), else 0.
    line: Vec<[u64; 64]>,
}

const ORTH: [(i32, i32); 4] = [(1, 0), (-1, 0), (0, 1), (0, -1)];
const DIAG: [(i32, i32); 4] = [(1, 1), (-1, 1), (1, -1), (-1, -1)];

/// The shared tables, built on first use.
pub(crate) fn sliders() -> &'static Sliders {
    static TABLES: OnceLock<Sliders> = OnceLock::new();
    TABLES.get_or_init(Sliders::build)
}

impl Sliders {
    fn build() -> Sliders {
        let orth = Family::build(&ORTH);
        let diag = Family::build(&DIAG);
        let mut between = vec![[0u64; 64]; 64];
        let mut line = vec![[0u64; 64]; 64];
        for a in 0..64 {
            for &d in ORTH.iter().chain(DIAG.iter()) {
                let full = ray(a, d, 0) | ray(a, (-d.0, -d.1), 0) | 1 << a;
                let mut seg = 0u64;
                for b in squares_along(a, d) {
                    between[a][b] = seg;
                    line[a][b] = full;
                    seg |= 1 << b;
                }
            }
        }
        Sliders { orth, diag, between, line }
    }

    /// Orthogonal sliding attacks from `sq` with `occupied` blocking.
    #[inline(always)]
    pub(crate) fn orth(&self, sq: usize, occupied: u64) -> u64 {
        self.orth.lookup(sq, occupied)
    }

    /// Diagonal sliding attacks from `sq` with `occupied` blocking.
    #[inline(always)]
    pub(crate) fn diag(&self, sq: usize, occupied: u64) -> u64 {
        self.diag.lookup(sq, occupied)
    }

    #[inline(always)]
    pub(crate) fn between(&self, a: usize, b: usize) -> u64 {
        self.between[a][b]
    }

    #[inline(always)]
    pub(crate) fn line(&self, a: usize, b: usize) -> u64 {
        self.line[a][b]
    }
}

impl Family {
    fn build(dirs: &[(i32, i32); 4]) -> Family {
        let mut family =
            Family { masks: [0; 64], magics: [0; 64], shifts: [0; 64], offsets: [0; 64], attacks: Vec::new() };
        let mut rng = 0x9E37_79B9_7F4A_7C15u64 ^ dirs[0].1 as u64;
        for sq in 0..64 {
            let mask = dirs.iter().fold(0, |m, &d| m | ray(sq, d, 1));
            let bits = mask.count_ones();
            let subsets = subsets_of(mask);
            let answers: Vec<u64> =
                subsets.iter().map(|&occ| dirs.iter().fold(0, |a, &d| a | blocked_ray(sq, d, occ))).collect();
            let size = 1usize << bits;
            let mut table = vec![0u64; size];
            let mut used = vec![false; size];
            let magic = loop {
                let candidate = next(&mut rng) & next(&mut rng) & next(&mut rng);
                if (mask.wrapping_mul(candidate) >> 56).count_ones() < 6 {
                    continue;
                }
                used.iter_mut().for_each(|u| *u = false);
                let fits = subsets.iter().zip(&answers).all(|(&occ, &attack)| {
                    let index = (occ.wrapping_mul(candidate) >> (64 - bits)) as usize;
                    if used[index] && table[index] != attack {
                        return false;
                    }
                    used[index] = true;
                    table[index] = attack;
                    true
                });
                if fits {
                    break candidate;
                }
            };
            family.masks[sq] = mask;
            family.magics[sq] = magic;
            family.shifts[sq] = (64 - bits) as u8;
            family.offsets[sq] = family.attacks.len() as u32;
            family.attacks.extend_from_slice(&table);
        }
        family
    }

    #[inline(always)]
    fn lookup(&self, sq: usize, occupied: u64) -> u64 {
        let index = (occupied & self.masks[sq]).wrapping_mul(self.magics[sq]) >> self.shifts[sq];
        self.attacks[self.offsets[sq] as usize + index as usize]
    }
}

/// xorshift64*: the deterministic source of candidate factors.
fn next(state: &mut u64) -> u64 {
    *state ^= *state >> 12;
    *state ^= *state << 25;
    *state ^= *state >> 27;
    state.wrapping_mul(0x2545_F491_4F6C_DD1D)
}

/// Every subset of `mask` (carry-rippler).
fn subsets_of(mask: u64) -> Vec<u64> {
    let mut out = Vec::with_capacity(1 << mask.count_ones());
    let mut sub = 0u64;
    loop {
        out.push(sub);
        sub = sub.wrapping_sub(mask) & mask;
        if sub == 0 {
            return out;
        }
    }
}

/// The squares from `sq` along `d`, nearest first.
fn squares_along(sq: usize, d: (i32, i32)) -> impl Iterator<Item = usize> {
    let (mut f, mut r) = ((sq % 8) as i32, (sq / 8) as i32);
    std::iter::from_fn(move || {
        f += d.0;
        r += d.1;
        ((0..8).contains(&f) && (0..8).contains(&r)).then(|| (r * 8 + f) as usize)
    })
}

/// The ray from `sq` along `d`, leaving out the last `trim` squares (1: the edge square).
fn ray(sq: usize, d: (i32, i32), trim: usize) -> u64 {
    let squares: Vec<usize> = squares_along(sq, d).collect();
    squares[..squares.len().saturating_sub(trim)].iter().fold(0, |m, &s| m | 1 << s)
}

/// The ray from `sq` along `d` up to and including the first square of `occupied`.
fn blocked_ray(sq: usize, d: (i32, i32), occupied: u64) -> u64 {
    let mut out = 0;
    for s in squares_along(sq, d) {
        out |= 1 << s;
        if occupied & (1 << s) != 0 {
            break;
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn magic_lookups_match_walked_rays_for_random_occupancies() {
        let t = sliders();
        let mut rng = 12345u64;
        for _ in 0..2000 {
            let occ = next(&mut rng) & next(&mut rng);
            for sq in 0..64 {
                let orth = ORTH.iter().fold(0, |a, &d| a | blocked_ray(sq, d, occ));
                let diag = DIAG.iter().fold(0, |a, &d| a | blocked_ray(sq, d, occ));
                assert_eq!(t.orth(sq, occ), orth);
                assert_eq!(t.diag(sq, occ), diag);
            }
        }
    }

    #[test]
    fn between_and_line_of_a1_h8() {
        let t = sliders();
        assert_eq!(t.between(0, 63), 0x0040_2010_0804_0200);
        assert_eq!(t.line(9, 18), 0x8040_2010_0804_0201);
        assert_eq!(t.between(0, 17), 0);
        assert_eq!(t.line(0, 17), 0);
    }
}
