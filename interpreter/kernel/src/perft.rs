//! Perft: counting the leaves of the legal move tree (K6: random events switched off; a
//! transit counts once per exit, a promotion once per piece). The last ply is counted in
//! bulk: the number of legal moves, without making them.

use crate::make::Undo;
use crate::moves::{Move, MoveList};
use crate::notation::lan;
use crate::position::Position;

/// Deeper than this, perft walks the tree with a stack of its own (a forced line may be any
/// number of plies long), and recursion takes over for the last plies.
const RECURSION_DEPTH: u32 = 64;

/// The number of leaf nodes `depth` plies below `pos`.
///
/// ```
/// use holechess_kernel::perft::perft;
/// use holechess_kernel::Position;
///
/// let chess = holechess_testkit::orthodox();
/// let mut start = Position::start(&chess);
/// assert_eq!(perft(&mut start, 1), 20);
/// assert_eq!(perft(&mut start, 3), 8_902);
/// ```
pub fn perft(pos: &mut Position, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    if depth > RECURSION_DEPTH {
        return deep_perft(pos, depth);
    }
    if let Some(nodes) = pos.fast_perft(depth) {
        return nodes;
    }
    let mut lists: Vec<MoveList> = (0..depth).map(|_| MoveList::new()).collect();
    count(pos, depth, &mut lists)
}

/// The count below each legal root move, as (long algebraic, count), sorted by the move text.
pub fn perft_divide(pos: &mut Position, depth: u32) -> Vec<(String, u64)> {
    let mut rows: Vec<(String, u64)> = Vec::new();
    let roots: Vec<Move> = pos.legal_moves().iter().copied().collect();
    for mv in roots {
        let text = lan(pos, mv);
        let undo = pos.make(mv);
        let n = perft(pos, depth.saturating_sub(1));
        pos.unmake(undo);
        rows.push((text, n));
    }
    rows.sort();
    rows
}

fn count(pos: &mut Position, depth: u32, lists: &mut [MoveList]) -> u64 {
    let (list, rest) = lists.split_first_mut().expect("one list per ply");
    pos.generate_legal(list);
    if depth == 1 {
        return list.len() as u64;
    }
    let mut nodes = 0;
    for i in 0..list.len() {
        let mv = list.as_slice()[i];
        let undo = pos.make(mv);
        nodes += count(pos, depth - 1, rest);
        pos.unmake(undo);
    }
    nodes
}

/// One ply of [`deep_perft`]'s walk: the legal moves there, the next one to play, and the
/// undo of the move that led there.
struct Frame {
    moves: MoveList,
    next: usize,
    undo: Option<Undo>,
}

/// Perft without recursion down to [`RECURSION_DEPTH`] plies above the leaves.
fn deep_perft(pos: &mut Position, depth: u32) -> u64 {
    let mut nodes = 0;
    let mut stack = vec![Frame { moves: pos.legal_moves(), next: 0, undo: None }];
    while let Some(frame) = stack.last_mut() {
        let Some(&mv) = frame.moves.as_slice().get(frame.next) else {
            if let Some(undo) = stack.pop().and_then(|f| f.undo) {
                pos.unmake(undo);
            }
            continue;
        };
        frame.next += 1;
        let left = depth.saturating_sub(u32::try_from(stack.len()).unwrap_or(u32::MAX));
        let undo = pos.make(mv);
        if left <= RECURSION_DEPTH {
            nodes += perft(pos, left);
            pos.unmake(undo);
        } else {
            stack.push(Frame { moves: pos.legal_moves(), next: 0, undo: Some(undo) });
        }
    }
    nodes
}
