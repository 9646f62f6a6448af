//! Origin squares of a movement (`from squares b3 c3 f3 g3`): a set of squares named from
//! White's side, each a (file, rank) cell of a board up to 16x16. Black's squares are the
//! same cells counted from Black's side (mirrored across the middle rank), the way `from
//! rank N` counts ranks.

use crate::geometry::{Geometry, Side, Square};

/// The largest number of files or ranks a cell may have.
const SIDE: usize = 16;

/// A set of (file, rank) cells, ranks counted from the mover's side (0 = its first rank).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct OriginSquares([u64; 4]);

impl OriginSquares {
    /// The empty set.
    #[must_use]
    pub const fn new() -> Self {
        OriginSquares([0; 4])
    }

    /// Adds the cell (file, rank); cells beyond 16x16 are ignored.
    pub fn insert(&mut self, file: u8, rank: u8) {
        if let Some(bit) = Self::bit(file, rank) {
            self.0[bit / 64] |= 1 << (bit % 64);
        }
    }

    /// Whether the cell (file, rank) is in the set.
    #[must_use]
    pub fn contains(&self, file: u8, rank: u8) -> bool {
        Self::bit(file, rank).is_some_and(|bit| self.0[bit / 64] & (1 << (bit % 64)) != 0)
    }

    /// The cells of the set, (file, rank), rank by rank.
    pub fn cells(&self) -> impl Iterator<Item = (u8, u8)> + '_ {
        (0..SIDE * SIDE)
            .filter(|&bit| self.0[bit / 64] & (1 << (bit % 64)) != 0)
            .map(|bit| ((bit % SIDE) as u8, (bit / SIDE) as u8))
    }

    /// Whether `side` moving from `from` starts on one of the set's squares.
    #[must_use]
    pub fn holds(&self, geometry: &Geometry, from: Square, side: Side) -> bool {
        self.contains(geometry.file_of(from), geometry.relative_rank(from, side))
    }

    fn bit(file: u8, rank: u8) -> Option<usize> {
        let (file, rank) = (usize::from(file), usize::from(rank));
        (file < SIDE && rank < SIDE).then_some(rank * SIDE + file)
    }
}

#[cfg(test)]
mod tests {
    use super::OriginSquares;

    #[test]
    fn cells_are_stored_and_listed_rank_by_rank() {
        let mut set = OriginSquares::new();
        set.insert(6, 2);
        set.insert(1, 2);
        set.insert(0, 1);
        set.insert(16, 0);
        assert!(set.contains(1, 2) && set.contains(6, 2) && set.contains(0, 1));
        assert!(!set.contains(2, 2) && !set.contains(16, 0));
        assert_eq!(set.cells().collect::<Vec<_>>(), vec![(0, 1), (1, 2), (6, 2)]);
    }
}
