//! Perft on a bit board played by copy-make, shared by the 64-square and the wide boards:
//! the legal move tree below a board, the last ply counted in bulk. Each ply's list is taken
//! once, before the walk.

/// A bit board that copy-make perft walks.
pub(crate) trait CopyMakeBoard: Copy {
    type Move: Copy;

    /// Appends the legal moves to `list`.
    fn legal_into(&self, list: &mut Vec<Self::Move>);

    /// The number of legal moves, counted without listing them.
    fn legal_count(&self) -> u64;

    fn make(&mut self, mv: Self::Move);
}

/// The number of leaf nodes `depth` plies below `board` (`depth` at least 1; a list per ply
/// is made up front).
pub(crate) fn perft<B: CopyMakeBoard>(board: &B, depth: u32) -> u64 {
    let mut lists: Vec<Vec<B::Move>> = (1..depth).map(|_| Vec::with_capacity(256)).collect();
    count(board, depth, &mut lists)
}

fn count<B: CopyMakeBoard>(board: &B, depth: u32, lists: &mut [Vec<B::Move>]) -> u64 {
    if depth <= 1 {
        return board.legal_count();
    }
    let (list, rest) = lists.split_first_mut().expect("one list per ply above the last");
    list.clear();
    board.legal_into(list);
    let mut nodes = 0;
    for &mv in list.iter() {
        let mut child = *board;
        child.make(mv);
        nodes += count(&child, depth - 1, rest);
    }
    nodes
}
