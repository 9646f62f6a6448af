//! Enclosing drops (Reversi): a line is a run of enemy pieces next to a square, in one of the
//! eight directions, ended by a piece of the side that drops there. Owns which drops the
//! enclosing rules allow (`a drop must close a line of enemy pieces`, `drops fill ... first`)
//! and the turning over of every closed line (`drops flip the enemy lines they close`); and
//! Ataxx's clones (`a drop must land next to a piece of its side`) with the turning over of
//! the enemy pieces around a landing piece.
//!
//! A line runs over the board's squares only (it never follows a link) and ends at the first
//! square without an enemy piece: an empty square or a hole ends it unclosed. A turned piece
//! is logged, so unmake puts the enemy piece back.

use crate::geometry::{Side, Square};
use crate::moves::{Move, MoveList};
use crate::position::{code_kind, code_side, Piece, Position, PIECE_BITS};

/// The eight directions a line may run in, as (file, rank) steps.
const DIRECTIONS: [(i16, i16); 8] = [(1, 0), (-1, 0), (0, 1), (0, -1), (1, 1), (1, -1), (-1, 1), (-1, -1)];

impl Position {
    /// Drops out of `out[first..]` the drops the enclosing rules refuse: while a first square
    /// is empty, every drop elsewhere; otherwise, under `must close`, a drop that closes no
    /// line.
    pub(crate) fn retain_enclosing_drops(&self, out: &mut MoveList, first: usize) {
        let rule = &self.variant.spec().hands.enclosing;
        if !rule.must_close && rule.first_squares.is_empty() && !rule.next_to_own {
            return;
        }
        let open_first = self.open_first_squares();
        let mut i = first;
        while i < out.len() {
            let keep = match out.as_slice()[i] {
                Move::Drop { to, .. } => match &open_first {
                    Some(squares) => squares.contains(&to),
                    None => {
                        (!rule.must_close || self.closes_a_line(to, self.state.side))
                            && (!rule.next_to_own || self.next_to(to, self.state.side))
                    }
                },
                _ => true,
            };
            if keep {
                i += 1;
            } else {
                out.swap_remove(i);
            }
        }
    }

    /// The first squares, when one of them is still empty (drops go only there).
    fn open_first_squares(&self) -> Option<Vec<Square>> {
        let g = self.geometry();
        let squares: Vec<Square> = self
            .variant
            .spec()
            .hands
            .enclosing
            .first_squares
            .iter()
            .map(|s| g.square(usize::from(s.board), s.file, s.rank))
            .collect();
        squares.iter().any(|sq| self.board.cells[sq.index()] & PIECE_BITS == 0).then_some(squares)
    }

    /// Whether a piece of `side` on `sq` would close a line in some direction.
    pub(crate) fn closes_a_line(&self, sq: Square, side: Side) -> bool {
        DIRECTIONS.iter().any(|&step| self.closed_run(sq, step, side) > 0)
    }

    /// After a drop onto `sq`, turns over the enemy pieces of every line it closes, when the
    /// variant's drops flip.
    pub(crate) fn flip_closed_lines(&mut self, sq: Square) {
        if !self.variant.spec().hands.enclosing.flips_lines {
            return;
        }
        let Some(side) = self.piece_at(sq).map(|piece| piece.side) else { return };
        for step in DIRECTIONS {
            let run = self.closed_run(sq, step, side);
            let mut at = sq;
            for _ in 0..run {
                at = self.step_from(at, step).expect("a closed run lies on the board");
                self.turn_over(at);
            }
        }
    }

    /// Whether a piece of `side` stands on one of the eight squares around `sq`.
    fn next_to(&self, sq: Square, side: Side) -> bool {
        DIRECTIONS.iter().filter_map(|&step| self.step_from(sq, step)).any(|at| {
            let code = self.board.cells[at.index()] & PIECE_BITS;
            code != 0 && code_side(code) == side
        })
    }

    /// After a move or drop that landed on `sq`, turns over the enemy pieces on the eight
    /// squares around it, when the variant's landing pieces do.
    pub(crate) fn flip_neighbours(&mut self, sq: Square) {
        if !self.variant.spec().hands.enclosing.landing_flips {
            return;
        }
        let Some(side) = self.piece_at(sq).map(|piece| piece.side) else { return };
        for step in DIRECTIONS {
            let Some(at) = self.step_from(sq, step) else { continue };
            let code = self.board.cells[at.index()] & PIECE_BITS;
            if code != 0 && code_side(code) != side {
                self.turn_over(at);
            }
        }
    }

    /// The length of the run of enemy pieces (of `side`'s opponent) that starts next to `sq`
    /// in direction `step` and ends in a piece of `side`; 0 when the run is empty or ends
    /// elsewhere (an empty square, a hole, the edge).
    fn closed_run(&self, sq: Square, step: (i16, i16), side: Side) -> usize {
        let mut run = 0;
        let mut at = sq;
        while let Some(next) = self.step_from(at, step) {
            let code = self.board.cells[next.index()] & PIECE_BITS;
            if code == 0 {
                return 0;
            }
            if code_side(code) == side {
                return run;
            }
            run += 1;
            at = next;
        }
        0
    }

    /// The square one step from `sq` on its board, if the board has it.
    fn step_from(&self, sq: Square, (dx, dy): (i16, i16)) -> Option<Square> {
        let g = self.geometry();
        let file = i16::from(g.file_of(sq)) + dx;
        let rank = i16::from(g.rank_of(sq)) + dy;
        if !(0..i16::from(g.files)).contains(&file) || !(0..i16::from(g.ranks)).contains(&rank) {
            return None;
        }
        Some(g.square(g.board_of(sq), u8::try_from(file).ok()?, u8::try_from(rank).ok()?))
    }

    /// Gives the piece on `sq` to the other side, logged for unmake.
    fn turn_over(&mut self, sq: Square) {
        let code = self.board.cells[sq.index()] & PIECE_BITS;
        self.history.push_piece((sq, code, self.board.unmoved.contains(sq)));
        self.take_piece(sq);
        self.put_piece(sq, Piece { side: code_side(code).opponent(), kind: code_kind(code) });
    }
}
