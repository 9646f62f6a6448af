//! A tiny fixed pseudo-random generator (SplitMix64 over the kernel's mixer), so matches
//! and sampled chance outcomes are the same on every machine and in every version.

use holechess_kernel::zobrist::splitmix64;

/// SplitMix64: a counter stepped by the golden-ratio increment, mixed by
/// [`splitmix64`].
#[derive(Clone, Debug)]
pub struct SplitMix64 {
    counter: u64,
}

impl SplitMix64 {
    pub fn new(seed: u64) -> SplitMix64 {
        SplitMix64 { counter: seed }
    }

    pub fn next_u64(&mut self) -> u64 {
        let value = splitmix64(self.counter);
        self.counter = self.counter.wrapping_add(0x9E37_79B9_7F4A_7C15);
        value
    }

    /// A number in `0..bound` (`bound > 0`), by multiply-shift.
    pub fn below(&mut self, bound: usize) -> usize {
        (((self.next_u64() >> 32) * bound as u64) >> 32) as usize
    }

    /// A number in `[0, 1)` with 53 random bits.
    pub fn unit(&mut self) -> f64 {
        (self.next_u64() >> 11) as f64 / (1u64 << 53) as f64
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn same_seed_same_stream() {
        let mut a = SplitMix64::new(7);
        let mut b = SplitMix64::new(7);
        for _ in 0..10 {
            assert_eq!(a.next_u64(), b.next_u64());
        }
    }

    #[test]
    fn below_stays_in_range_and_spreads() {
        let mut r = SplitMix64::new(1);
        let mut seen = [0; 5];
        for _ in 0..1000 {
            seen[r.below(5)] += 1;
        }
        assert!(seen.iter().all(|&n| n > 150), "{seen:?}");
        assert!((0..100).all(|_| (0.0..1.0).contains(&r.unit())));
    }
}
