//! Perft on the fast path: the legal move tree of a [`Board64`], played by copy-make, the
//! last ply counted in bulk. Each ply's list is taken once, before the walk.

use super::board::{Board64, FastMove};
use super::legal::Counter;

/// The number of leaf nodes `depth` plies below `board` (`depth` at least 1).
pub(crate) fn perft(board: &Board64<'_>, depth: u32) -> u64 {
    count(board, depth, &mut Vec::new())
}

/// The leaves below `board`; `lists` holds one move list per ply above the last, made the
/// first time a ply is reached (a deep perft of a position with few moves needs few lists).
fn count(board: &Board64<'_>, depth: u32, lists: &mut Vec<Vec<FastMove>>) -> u64 {
    if depth <= 1 {
        let mut counter = Counter(0);
        board.generate(&mut counter);
        return counter.0;
    }
    let mut list = lists.pop().unwrap_or_else(|| Vec::with_capacity(256));
    list.clear();
    board.generate(&mut list);
    let mut nodes = 0;
    for &mv in list.iter() {
        let mut child = *board;
        child.make(mv);
        nodes += count(&child, depth - 1, lists);
    }
    lists.push(list);
    nodes
}
