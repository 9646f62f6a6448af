//! The wide board as copy-make perft walks it (`movegen/copy_make_perft.rs`).

use super::board::{Board128, WideMove};
use super::legal::Counter;
use crate::movegen::copy_make_perft::CopyMakeBoard;

impl CopyMakeBoard for Board128<'_> {
    type Move = WideMove;

    #[inline(always)]
    fn legal_into(&self, list: &mut Vec<WideMove>) {
        self.generate(list);
    }

    #[inline(always)]
    fn legal_count(&self) -> u64 {
        let mut counter = Counter(0);
        self.generate(&mut counter);
        counter.0
    }

    #[inline(always)]
    fn make(&mut self, mv: WideMove) {
        Board128::make(self, mv);
    }
}
