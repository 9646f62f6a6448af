//! The squares an attack test reads: a walk along the next-square graph's lines notes each
//! square whose contents (piece or token) its answer came from, so that the legality filter
//! judges a move that changes none of them without walking again (the table walker and the
//! bit boards' warp forms both report through [`Reads`]).

use crate::geometry::Square;

/// Something that notes the squares an attack test reads (by index; the general path and
/// the fast path's warped lines both report through it).
pub(crate) trait Reads {
    /// The walk of the `k`-th attack line begins.
    fn line(&mut self, k: usize);
    fn read(&mut self, sq: usize);
}

impl Reads for () {
    #[inline(always)]
    fn line(&mut self, _k: usize) {}
    #[inline(always)]
    fn read(&mut self, _sq: usize) {}
}

/// The most attack lines whose reads are kept apart.
pub(crate) const MAX_LINES: usize = 64;

/// The bit of a square in a per-line mask (squares past 63 share the top bit's fate: all).
#[inline]
pub(crate) fn line_bit(sq: usize) -> u64 {
    if sq < 64 {
        1u64 << sq
    } else {
        u64::MAX
    }
}

/// The squares an attack test read: all of them (a bit set; squares beyond it count as
/// read), and per attack line as a mask of the first 64 squares.
pub(crate) struct LineReads {
    all: [u64; 8],
    pub(crate) per_line: [u64; MAX_LINES],
    pub(crate) per_line_valid: bool,
    current: usize,
}

impl LineReads {
    pub(crate) const fn new() -> LineReads {
        LineReads { all: [0; 8], per_line: [0; MAX_LINES], per_line_valid: true, current: 0 }
    }

    /// Whether the test read `sq`.
    #[inline]
    pub(crate) fn touches(&self, sq: Square) -> bool {
        self.all.get(sq.index() >> 6).is_none_or(|w| w & (1u64 << (sq.0 & 63)) != 0)
    }
}

impl Reads for LineReads {
    #[inline(always)]
    fn line(&mut self, k: usize) {
        if k < MAX_LINES {
            self.current = k;
        } else {
            self.per_line_valid = false;
        }
    }

    #[inline(always)]
    fn read(&mut self, sq: usize) {
        if let Some(w) = self.all.get_mut(sq >> 6) {
            *w |= 1u64 << (sq & 63);
        }
        self.per_line[self.current] |= line_bit(sq);
    }
}
