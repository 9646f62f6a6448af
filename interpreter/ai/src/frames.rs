//! The per-ply move lists of a search, allocated once: a ply's moves with their ordering
//! scores, handed out best-first by selection (no sort of moves that a cutoff never reaches).

use holechess_kernel::moves::MAX_MOVES;
use holechess_kernel::{Move, MoveList, Position};

use crate::score::MAX_PLY;

pub(crate) struct Frame {
    pub moves: MoveList,
    /// One score per move (as long as the longest list seen: lists grow past `MAX_MOVES`).
    pub scores: Vec<i32>,
}

pub(crate) struct Frames {
    frames: Vec<Frame>,
}

impl Frames {
    pub fn new() -> Frames {
        Frames { frames: (0..=MAX_PLY).map(|_| Frame { moves: MoveList::new(), scores: vec![0; MAX_MOVES] }).collect() }
    }

    /// Generates the legal moves of `pos` into the frame of `ply`; returns how many.
    pub fn generate(&mut self, ply: usize, pos: &mut Position) -> usize {
        let frame = &mut self.frames[ply];
        pos.generate_legal(&mut frame.moves);
        frame.moves.len()
    }

    /// The moves generated for `ply`.
    pub fn moves(&self, ply: usize) -> &[Move] {
        self.frames[ply].moves.as_slice()
    }

    pub fn frame_mut(&mut self, ply: usize) -> &mut Frame {
        &mut self.frames[ply]
    }

    /// The ordering score of the move at `index` (after [`Frames::pick`] put it there).
    pub fn score(&self, ply: usize, index: usize) -> i32 {
        self.frames[ply].scores[index]
    }

    /// The best-scored move among those from `index` on, swapped into `index`.
    pub fn pick(&mut self, ply: usize, index: usize) -> Move {
        let frame = &mut self.frames[ply];
        let len = frame.moves.len();
        let mut best = index;
        for i in index + 1..len {
            if frame.scores[i] > frame.scores[best] {
                best = i;
            }
        }
        if best != index {
            frame.scores.swap(best, index);
            frame.moves.as_mut_slice().swap(best, index);
        }
        frame.moves.as_slice()[index]
    }
}
