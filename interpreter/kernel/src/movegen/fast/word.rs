//! The word of a bit board: a set of squares, one bit a square, as a 64-bit word (the 8x8
//! board) or a 128-bit word (the wide boards, up to 128 squares). Code written over [`Word`]
//! is compiled once for each width, so either board reads it at the cost of plain integer
//! operations.

use std::ops::{BitAnd, BitAndAssign, BitOr, BitOrAssign, BitXor, Not, Shl, Shr};

/// A set of squares held in one machine word (or two, for 128 bits).
pub(crate) trait Word:
    Copy
    + Eq
    + BitAnd<Output = Self>
    + BitOr<Output = Self>
    + BitXor<Output = Self>
    + Not<Output = Self>
    + BitAndAssign
    + BitOrAssign
    + Shl<usize, Output = Self>
    + Shr<usize, Output = Self>
{
    /// No square.
    const EMPTY: Self;

    /// The set holding `sq` alone.
    fn bit(sq: usize) -> Self;

    /// The lowest square of a non-empty set.
    fn lowest(self) -> usize;

    /// The set without its lowest square.
    fn without_lowest(self) -> Self;
}

macro_rules! word {
    ($t:ty) => {
        impl Word for $t {
            const EMPTY: $t = 0;

            #[inline(always)]
            fn bit(sq: usize) -> $t {
                1 << sq
            }
            #[inline(always)]
            fn lowest(self) -> usize {
                self.trailing_zeros() as usize
            }
            #[inline(always)]
            fn without_lowest(self) -> $t {
                self & self.wrapping_sub(1)
            }
        }
    };
}

word!(u64);
word!(u128);

/// The squares of a set, lowest first.
#[inline(always)]
pub(crate) fn squares_of<W: Word>(mut bits: W) -> impl Iterator<Item = usize> {
    std::iter::from_fn(move || {
        (bits != W::EMPTY).then(|| {
            let s = bits.lowest();
            bits = bits.without_lowest();
            s
        })
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Both widths list the same squares of the same set, the 128-bit word past bit 63 too.
    #[test]
    fn both_widths_list_a_sets_squares_lowest_first() {
        let low: Vec<usize> = squares_of(0x8000_0000_0000_0101u64).collect();
        assert_eq!(low, [0, 8, 63]);
        let wide: Vec<usize> = squares_of(0x8000_0000_0000_0101u128 | 1 << 64 | 1 << 127).collect();
        assert_eq!(wide, [0, 8, 63, 64, 127]);
    }
}
