//! The principal variation, collected during the search in a triangular table: the line
//! of ply `p` is its best move followed by the line of ply `p + 1`.

use holechess_kernel::Move;

use crate::score::MAX_PLY;

pub(crate) struct PvTable {
    lines: Vec<[Move; MAX_PLY + 1]>,
    lengths: [usize; MAX_PLY + 2],
}

impl PvTable {
    pub fn new() -> PvTable {
        PvTable { lines: vec![[Move::Pass; MAX_PLY + 1]; MAX_PLY + 1], lengths: [0; MAX_PLY + 2] }
    }

    /// Empties the line of `ply` (on entering a node).
    pub fn clear(&mut self, ply: usize) {
        self.lengths[ply] = 0;
    }

    /// `mv` is the new best move at `ply`: its line is `mv` then the line of `ply + 1`.
    pub fn update(&mut self, ply: usize, mv: Move) {
        if ply >= MAX_PLY {
            return;
        }
        let child_len = self.lengths[ply + 1].min(MAX_PLY - ply);
        let (head, tail) = self.lines.split_at_mut(ply + 1);
        let line = &mut head[ply];
        line[0] = mv;
        line[1..=child_len].copy_from_slice(&tail[0][..child_len]);
        self.lengths[ply] = child_len + 1;
    }

    pub fn line(&self, ply: usize) -> &[Move] {
        &self.lines[ply][..self.lengths[ply]]
    }
}
