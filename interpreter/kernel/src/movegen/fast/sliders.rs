//! Sliding attacks on one 8x8 board that fits a 64-bit word: magic-multiplication tables for
//! orthogonal and diagonal lines, with the lines and segments between two squares. The magic
//! factors were found by the deterministic search below and are kept as constants (the
//! search would cost a second at every start); the tables are filled the first time a
//! fast-path variant needs them and shared by every variant after that.

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

/// Magic factors for the orthodox lines, found once by the search in [`Family::build`] with
/// its fixed seed and kept here so a program start does not repeat the search.
const ORTH_MAGICS: [u64; 64] = [
    0x1080_0040_0880_1020,
    0x0840_0920_02C0_3000,
    0x1900_2000_1040_0900,
    0x0880_1000_0800_0480,
    0x4200_1004_2008_0200,
    0x8100_0201_0008_0400,
    0x0200_0401_1088_6200,
    0x0200_0080_4022_0411,
    0x0404_8000_8440_0220,
    0x0000_4010_0040_2000,
    0x0086_0010_8122_0440,
    0x0408_8008_0010_0280,
    0x000A_0012_0104_0820,
    0x8848_8002_0084_0080,
    0x4001_0001_0004_0200,
    0x0442_0001_0210_5084,
    0x9080_0100_2080_4100,
    0x0040_4040_0020_1009,
    0x0000_8080_1000_2009,
    0x2200_0900_21D0_0100,
    0x0008_0080_0804_0080,
    0x0004_0040_0201_0040,
    0x0011_0400_0801_5042,
    0x0000_0A00_0176_8104,
    0x0000_8000_8020_4009,
    0x2010_0041_4000_2001,
    0x9800_2002_8010_0080,
    0x1000_1000_8008_0080,
    0x0442_000A_0004_9020,
    0x2100_0400_8002_0080,
    0x0800_1204_0090_0148,
    0x0010_040A_0012_8541,
    0x2800_8040_0080_0030,
    0x1010_0020_0040_0041,
    0x4000_2000_1100_4100,
    0x0610_0084_1080_0800,
    0x0400_8024_0280_0800,
    0xC100_0200_8080_0400,
    0x0002_0008_0200_0401,
    0x0182_0858_8200_0401,
    0x0220_2040_0080_8000,
    0x2860_1000_4002_4022,
    0x0001_0020_0411_0040,
    0x9910_1042_000A_0020,
    0x0004_0800_0400_8080,
    0x0010_0400_0200_8080,
    0x2012_0048_8102_0004,
    0x8300_8424_4482_0011,
    0x0088_4038_8201_0200,
    0x0820_4000_8021_0100,
    0x0110_9100_40A0_0300,
    0x0801_1002_8008_0480,
    0x0242_0090_0820_0600,
    0x1002_0004_8950_0200,
    0x0040_8002_0001_0080,
    0x0091_8000_4100_0080,
    0x0000_2093_0048_8001,
    0x04C1_0024_1482_4001,
    0x0200_2000_0B00_1041,
    0x7000_1000_0420_0901,
    0x8002_0020_0410_0802,
    0x3001_0002_084C_0007,
    0x0888_2218_0081_3004,
    0x4000_0028_4084_0112,
];

/// Magic factors for the diagonal lines, found as [`ORTH_MAGICS`].
const DIAG_MAGICS: [u64; 64] = [
    0x0020_0104_330C_0224,
    0x9124_5042_2841_0020,
    0x0008_0224_0020_8100,
    0x0408_0845_0200_A010,
    0x8422_0210_0001_1140,
    0x040A_0210_8409_8021,
    0x4004_4222_20A0_0845,
    0x500C_2400_4208_2002,
    0x2100_2204_0108_0110,
    0x4000_5044_40A0_8E02,
    0x0041_3208_1200_2002,
    0x4400_0412_4206_0400,
    0x1008_0202_110C_0030,
    0x4010_0110_0290_0818,
    0x0110_2104_5044_0400,
    0x0001_4042_0804_0260,
    0x0E08_8010_2001_0409,
    0x0020_3010_0420_8080,
    0x4888_1401_0A02_2200,
    0x0000_8008_0206_4200,
    0x1004_0082_1014_0100,
    0x040A_8005_0801_4021,
    0x008C_0100_A201_1042,
    0x500A_0208_8044_4248,
    0x0410_3108_4124_0340,
    0x0011_2101_0802_0424,
    0x2281_B801_1000_4040,
    0x0200_8020_0202_0200,
    0x0C10_8080_5008_2000,
    0x0101_0100_C210_0080,
    0x0104_0404_8101_0102,
    0x0004_8200_4900_5211,
    0x0041_2048_0010_3001,
    0x0000_8460_0030_8A00,
    0x8000_4048_1450_0028,
    0x0080_2080_2108_0200,
    0x000C_00C0_500C_0100,
    0x0010_1000_2089_4400,
    0x0888_6201_8007_5812,
    0x8201_0408_2000_8200,
    0x0004_0402_C080_0800,
    0x2004_0201_9000_A410,
    0x1008_0A01_0400_C082,
    0x0A00_00A0_1440_4800,
    0x0104_0109_2400_0200,
    0x0008_0108_0020_0200,
    0x0019_8214_4124_0400,
    0x4850_1C40_4080_1042,
    0x4004_0904_10BD_0008,
    0x0022_0052_0804_1080,
    0x0200_2301_0809_5008,
    0x2100_0000_8404_2040,
    0x1128_0110_0202_1102,
    0x0409_2220_0A02_2186,
    0x0440_0808_0900_5840,
    0x0044_1048_AA01_8A00,
    0x0002_0440_4808_0800,
    0x0100_0041_0090_5094,
    0x4204_0002_2384_1080,
    0x0600_0010_9084_0424,
    0x0010_4000_0510_4404,
    0x0090_3808_1010_2081,
    0x0008_1082_0204_0C01,
    0x0290_0200_8102_0604,
];

/// The shared tables, built on first use.
pub(crate) fn sliders() -> &'static Sliders {
    static TABLES: OnceLock<Sliders> = OnceLock::new();
    TABLES.get_or_init(Sliders::build)
}

impl Sliders {
    fn build() -> Sliders {
        let orth = Family::build(&ORTH, &ORTH_MAGICS);
        let diag = Family::build(&DIAG, &DIAG_MAGICS);
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
    /// The tables for `dirs`, with the factors `known` where they fit (they all do: a
    /// factor that did not would be searched again).
    fn build(dirs: &[(i32, i32); 4], known: &[u64; 64]) -> Family {
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
            // The attempt that last wrote each entry: no clearing between attempts.
            let mut written = vec![0u32; size];
            let mut attempt = 0u32;
            let mut first = Some(known[sq]);
            let magic = loop {
                let candidate = match first.take() {
                    Some(known) => known,
                    None => next(&mut rng) & next(&mut rng) & next(&mut rng),
                };
                if (mask.wrapping_mul(candidate) >> 56).count_ones() < 6 {
                    continue;
                }
                attempt += 1;
                let fits = subsets.iter().zip(&answers).all(|(&occ, &attack)| {
                    let index = (occ.wrapping_mul(candidate) >> (64 - bits)) as usize;
                    if written[index] == attempt {
                        return table[index] == attack;
                    }
                    written[index] = attempt;
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
