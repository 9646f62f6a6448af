//! A fixed-size set of squares, sized once for a geometry and then never reallocated.

use crate::geometry::Square;

/// A set of squares as a bit vector.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Default)]
pub struct SquareSet {
    words: Vec<u64>,
}

impl SquareSet {
    /// Makes this set `other`, reusing its storage.
    pub(crate) fn copy_from(&mut self, other: &SquareSet) {
        self.words.clone_from(&other.words);
    }

    /// An empty set for a geometry of `squares` squares.
    #[must_use]
    pub fn with_capacity(squares: usize) -> SquareSet {
        SquareSet { words: vec![0; squares.div_ceil(64).max(1)] }
    }

    /// Whether `sq` is in the set.
    #[inline]
    #[must_use]
    pub fn contains(&self, sq: Square) -> bool {
        self.words[sq.index() >> 6] & (1u64 << (sq.0 & 63)) != 0
    }

    /// Adds `sq`.
    #[inline]
    pub fn insert(&mut self, sq: Square) {
        self.words[sq.index() >> 6] |= 1u64 << (sq.0 & 63);
    }

    /// Removes `sq`.
    #[inline]
    pub fn remove(&mut self, sq: Square) {
        self.words[sq.index() >> 6] &= !(1u64 << (sq.0 & 63));
    }

    /// Adds `sq` when `present`, else removes it.
    #[inline]
    pub fn set(&mut self, sq: Square, present: bool) {
        if present {
            self.insert(sq)
        } else {
            self.remove(sq)
        }
    }

    /// The first 64 squares as one word (bit `i` = square `i`).
    #[inline]
    pub(crate) fn first_word(&self) -> u64 {
        self.words[0]
    }

    /// How many squares the set holds.
    #[must_use]
    pub fn len(&self) -> usize {
        self.words.iter().map(|w| w.count_ones() as usize).sum()
    }

    /// Whether the set holds no square.
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.words.iter().all(|&w| w == 0)
    }

    /// The squares in increasing order.
    #[inline]
    #[must_use]
    pub fn iter(&self) -> SquareSetIter<'_> {
        SquareSetIter { words: &self.words, index: 0, current: self.words[0] }
    }
}

/// Iterator over the squares of a [`SquareSet`].
pub struct SquareSetIter<'a> {
    words: &'a [u64],
    index: usize,
    current: u64,
}

impl Iterator for SquareSetIter<'_> {
    type Item = Square;

    #[inline]
    fn next(&mut self) -> Option<Square> {
        loop {
            if self.current != 0 {
                let bit = self.current.trailing_zeros() as usize;
                self.current &= self.current - 1;
                return Some(Square((self.index * 64 + bit) as u16));
            }
            self.index += 1;
            self.current = *self.words.get(self.index)?;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn inserts_removes_and_iterates_in_order() {
        let mut set = SquareSet::with_capacity(128);
        for s in [100, 3, 64, 63] {
            set.insert(Square(s));
        }
        set.remove(Square(63));
        assert_eq!(set.iter().map(|s| s.0).collect::<Vec<_>>(), vec![3, 64, 100]);
        assert_eq!(set.len(), 3);
        assert!(set.contains(Square(64)) && !set.contains(Square(63)));
    }
}
