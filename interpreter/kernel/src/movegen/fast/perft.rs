//! The 64-square board as copy-make perft walks it (`movegen/copy_make_perft.rs`).

use super::board::{Board64, FastMove};
use super::legal::Counter;
use crate::movegen::copy_make_perft::CopyMakeBoard;

impl CopyMakeBoard for Board64<'_> {
    type Move = FastMove;

    #[inline(always)]
    fn legal_into(&self, list: &mut Vec<FastMove>) {
        self.generate(list);
    }

    #[inline(always)]
    fn legal_count(&self) -> u64 {
        let mut counter = Counter(0);
        self.generate(&mut counter);
        counter.0
    }

    #[inline(always)]
    fn make(&mut self, mv: FastMove) {
        Board64::make(self, mv);
    }
}
