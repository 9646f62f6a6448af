//! The transposition table: a fixed array of two-slot buckets, allocated once, indexed by
//! the position key. The first slot of a bucket keeps the deepest result of the current
//! search, the second always takes the newest.

use holechess_kernel::Move;

use crate::score::Score;

/// What a stored score says about the true value.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Bound {
    Exact,
    /// The value is at least the score (the search failed high).
    Lower,
    /// The value is at most the score (no move reached alpha).
    Upper,
}

#[derive(Clone, Copy, Debug)]
pub(crate) struct Entry {
    pub key: u64,
    pub mv: Option<Move>,
    pub score: Score,
    pub depth: i16,
    pub bound: Bound,
    generation: u8,
}

const EMPTY: Entry = Entry { key: 0, mv: None, score: 0, depth: -1, bound: Bound::Upper, generation: 0 };

pub(crate) struct TranspositionTable {
    entries: Vec<Entry>,
    bucket_mask: usize,
    generation: u8,
}

impl TranspositionTable {
    /// A table of about `megabytes` (rounded down to a power of two of buckets; at least one).
    pub fn new(megabytes: usize) -> TranspositionTable {
        let bucket_bytes = 2 * std::mem::size_of::<Entry>();
        let wanted = (megabytes.max(1) << 20) / bucket_bytes;
        let buckets = if wanted.is_power_of_two() { wanted } else { wanted.next_power_of_two() / 2 }.max(1);
        TranspositionTable { entries: vec![EMPTY; 2 * buckets], bucket_mask: buckets - 1, generation: 1 }
    }

    /// Forgets everything (a new game).
    pub fn clear(&mut self) {
        self.entries.fill(EMPTY);
        self.generation = 1;
    }

    /// Marks the start of a new search: older entries become the first to be replaced.
    pub fn new_search(&mut self) {
        self.generation = self.generation.wrapping_add(1).max(1);
    }

    fn bucket(&self, key: u64) -> usize {
        2 * (key as usize & self.bucket_mask)
    }

    pub fn probe(&self, key: u64) -> Option<Entry> {
        let b = self.bucket(key);
        self.entries[b..b + 2].iter().find(|e| e.key == key && e.depth >= 0).copied()
    }

    pub fn store(&mut self, key: u64, depth: i32, score: Score, bound: Bound, mv: Option<Move>) {
        let b = self.bucket(key);
        let generation = self.generation;
        let first = self.entries[b];
        let slot =
            if first.key == key || first.generation != generation || depth >= first.depth as i32 { b } else { b + 1 };
        let old = self.entries[slot];
        let mv = if mv.is_none() && old.key == key { old.mv } else { mv };
        self.entries[slot] = Entry { key, mv, score, depth: depth.clamp(0, i16::MAX as i32) as i16, bound, generation };
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn stores_and_finds_by_key() {
        let mut tt = TranspositionTable::new(1);
        tt.store(42, 3, 17, Bound::Exact, Some(Move::Pass));
        let e = tt.probe(42).expect("stored");
        assert_eq!((e.score, e.depth, e.bound, e.mv), (17, 3, Bound::Exact, Some(Move::Pass)));
        assert!(tt.probe(43).is_none());
        tt.clear();
        assert!(tt.probe(42).is_none());
    }
}
