//! Sliding lines on one rectangular board of up to 128 squares, as 128-bit sets: for each
//! square and each of the eight queen directions the ray to the edge, and per square pair
//! the direction joining them. A slide's attacks are each ray cut behind its first blocker,
//! found by one bit scan (the lowest blocker on rays running up the square numbers, the
//! highest on rays running down), which needs no table sized by the occupancy.

/// A set of squares of a board of up to 128 squares (bit `i` = square `i`).
pub(crate) type Bits = u128;

/// The eight queen directions: the four running up the square numbers first.
pub(crate) const DIRECTIONS: [(i32, i32); 8] = [(1, 0), (0, 1), (1, 1), (-1, 1), (-1, 0), (0, -1), (-1, -1), (1, -1)];

/// Directions 0-3 run up the square numbers; `d + 4` is the opposite of `d`.
const UP: usize = 4;

/// No direction joins the two squares.
const NO_DIRECTION: u8 = 8;

/// The ray tables of one board shape.
#[derive(Clone, Debug)]
pub(crate) struct Lines {
    files: usize,
    /// `up[d][sq]`, for the directions running up: the ray from `sq` (excluded) to the
    /// edge; entry 128 is empty, so a scan that finds no blocker reads no ray.
    up: [[Bits; 129]; UP],
    /// `down[d][127 - sq]`, for the directions running down (index by leading zeros);
    /// entry 128 is empty.
    down: [[Bits; 129]; UP],
    /// `direction[a * 128 + b]`: the direction from `a` to `b`, or [`NO_DIRECTION`].
    direction: Vec<u8>,
}

impl Lines {
    /// The tables of a `files` x `ranks` board (`files * ranks` at most 128).
    pub(crate) fn new(files: usize, ranks: usize) -> Lines {
        let mut lines =
            Lines { files, up: [[0; 129]; UP], down: [[0; 129]; UP], direction: vec![NO_DIRECTION; 128 * 128] };
        for sq in 0..files * ranks {
            for (d, &step) in DIRECTIONS.iter().enumerate() {
                let mut ray = 0;
                for to in squares_along(files, ranks, sq, step) {
                    ray |= 1 << to;
                    lines.direction[sq * 128 + to] = d as u8;
                }
                if d < UP {
                    lines.up[d][sq] = ray;
                } else {
                    lines.down[d - UP][127 - sq] = ray;
                }
            }
        }
        lines
    }

    /// The ray from `sq` along `d` (any of the eight).
    #[inline(always)]
    fn ray(&self, d: usize, sq: usize) -> Bits {
        if d < UP {
            self.up[d][sq]
        } else {
            self.down[d - UP][127 - sq]
        }
    }

    /// The squares a slide from `sq` along the up-running `d` reaches, `occupied` blocking.
    #[inline(always)]
    fn slide_up(&self, d: usize, sq: usize, occupied: Bits) -> Bits {
        let ray = self.up[d][sq];
        ray ^ self.up[d][(ray & occupied).trailing_zeros() as usize]
    }

    /// The squares a slide from `sq` along the down-running `d + 4` reaches.
    #[inline(always)]
    fn slide_down(&self, d: usize, sq: usize, occupied: Bits) -> Bits {
        let ray = self.down[d][127 - sq];
        ray ^ self.down[d][(ray & occupied).leading_zeros() as usize]
    }

    /// Orthogonal sliding attacks from `sq` with `occupied` blocking.
    #[inline(always)]
    pub(crate) fn orth(&self, sq: usize, occupied: Bits) -> Bits {
        self.slide_up(0, sq, occupied)
            | self.slide_up(1, sq, occupied)
            | self.slide_down(0, sq, occupied)
            | self.slide_down(1, sq, occupied)
    }

    /// Diagonal sliding attacks from `sq` with `occupied` blocking.
    #[inline(always)]
    pub(crate) fn diag(&self, sq: usize, occupied: Bits) -> Bits {
        self.slide_up(2, sq, occupied)
            | self.slide_up(3, sq, occupied)
            | self.slide_down(2, sq, occupied)
            | self.slide_down(3, sq, occupied)
    }

    /// The direction from `a` to `b`, if they share a line.
    #[inline(always)]
    fn direction(&self, a: usize, b: usize) -> Option<usize> {
        let d = self.direction[a * 128 + b];
        (d != NO_DIRECTION).then_some(d as usize)
    }

    /// The squares strictly between `a` and `b` on a line, else empty.
    #[inline(always)]
    pub(crate) fn between(&self, a: usize, b: usize) -> Bits {
        match self.direction(a, b) {
            Some(d) => self.ray(d, a) & self.ray((d + UP) % 8, b),
            None => 0,
        }
    }

    /// The whole line through `a` and `b` (both included), else empty.
    #[inline(always)]
    pub(crate) fn line(&self, a: usize, b: usize) -> Bits {
        match self.direction(a, b) {
            Some(d) => self.ray(d, a) | self.ray((d + UP) % 8, a) | 1 << a,
            None => 0,
        }
    }

    /// The squares of `rank` from file `lo` to file `hi` (both included).
    #[inline(always)]
    pub(crate) fn span(&self, rank: usize, lo: usize, hi: usize) -> Bits {
        let files = (Bits::MAX >> (127 - (hi - lo))) << lo;
        files << (rank * self.files)
    }
}

/// The squares from `sq` along `step`, nearest first, on a `files` x `ranks` board.
fn squares_along(files: usize, ranks: usize, sq: usize, step: (i32, i32)) -> impl Iterator<Item = usize> {
    let (mut f, mut r) = ((sq % files) as i32, (sq / files) as i32);
    std::iter::from_fn(move || {
        f += step.0;
        r += step.1;
        ((0..files as i32).contains(&f) && (0..ranks as i32).contains(&r)).then(|| r as usize * files + f as usize)
    })
}

pub(crate) use crate::movegen::fast::word::squares_of;

#[cfg(test)]
mod tests {
    use super::*;

    /// The ray from `sq` along `step` up to and including the first square of `occupied`.
    fn walked(files: usize, ranks: usize, sq: usize, step: (i32, i32), occupied: Bits) -> Bits {
        let mut out = 0;
        for s in squares_along(files, ranks, sq, step) {
            out |= 1 << s;
            if occupied & (1 << s) != 0 {
                break;
            }
        }
        out
    }

    #[test]
    fn bit_scanned_slides_match_walked_rays_on_wide_and_small_boards() {
        let mut rng = 0x2545_F491_4F6C_DD1Du64;
        let mut next = move || {
            rng ^= rng << 13;
            rng ^= rng >> 7;
            rng ^= rng << 17;
            rng
        };
        for (files, ranks) in [(10, 8), (10, 10), (12, 10), (16, 8), (5, 5), (9, 3)] {
            let lines = Lines::new(files, ranks);
            let board: Bits = Bits::MAX >> (128 - files * ranks);
            for _ in 0..200 {
                let occ = (Bits::from(next()) << 64 | Bits::from(next())) & Bits::from(next()) & board;
                for sq in 0..files * ranks {
                    let orth = DIRECTIONS[..2].iter().chain(&DIRECTIONS[4..6]);
                    let diag = DIRECTIONS[2..4].iter().chain(&DIRECTIONS[6..]);
                    let want_orth = orth.fold(0, |a, &d| a | walked(files, ranks, sq, d, occ));
                    let want_diag = diag.fold(0, |a, &d| a | walked(files, ranks, sq, d, occ));
                    assert_eq!(lines.orth(sq, occ), want_orth, "{files}x{ranks} orth {sq}");
                    assert_eq!(lines.diag(sq, occ), want_diag, "{files}x{ranks} diag {sq}");
                }
            }
        }
    }

    #[test]
    fn between_and_line_on_a_10x8_board() {
        let lines = Lines::new(10, 8);
        // a1 (0) to h8 (7 * 10 + 7 = 77): the long diagonal b2..g7.
        let between: Bits = [11, 22, 33, 44, 55, 66].iter().fold(0, |b, &s| b | 1 << s);
        assert_eq!(lines.between(0, 77), between);
        assert_eq!(lines.between(0, 21), 0, "a knight's leap shares no line");
        assert_eq!(lines.line(11, 22), between | 1 | 1 << 77);
        assert_eq!(lines.span(1, 2, 4), 0b111 << 12);
    }
}
