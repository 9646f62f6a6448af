//! Perft on the wide bit boards: the legal move tree of a [`Board128`], played by
//! copy-make, the last ply counted in bulk. Each ply's list is taken once, before the walk.

use super::board::{Board128, WideMove};
use super::legal::Counter;

/// The number of leaf nodes `depth` plies below `board` (`depth` at least 1).
pub(crate) fn perft(board: &Board128<'_>, depth: u32) -> u64 {
    let mut lists: Vec<Vec<WideMove>> = (1..depth).map(|_| Vec::with_capacity(256)).collect();
    count(board, depth, &mut lists)
}

fn count(board: &Board128<'_>, depth: u32, lists: &mut [Vec<WideMove>]) -> u64 {
    if depth <= 1 {
        let mut counter = Counter(0);
        board.generate(&mut counter);
        return counter.0;
    }
    let (list, rest) = lists.split_first_mut().expect("one list per ply above the last");
    list.clear();
    board.generate(list);
    let mut nodes = 0;
    for &mv in list.iter() {
        let mut child = *board;
        child.make(mv);
        nodes += count(&child, depth - 1, rest);
    }
    nodes
}
