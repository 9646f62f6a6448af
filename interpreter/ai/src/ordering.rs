//! Move ordering: the table's move first, then captures and promotions by most valuable
//! victim / least valuable attacker, then the two killer moves of the ply, then quiet moves
//! by their history of causing cutoffs, and last the captures that lose material at once
//! (`exchange`).

use holechess_kernel::{Move, Position};

use crate::exchange::loses_material;
use crate::frames::Frame;
use crate::score::MAX_PLY;
use crate::tables::VariantTables;

const TABLE_MOVE: i32 = 2_000_000;
const TACTICAL: i32 = 1_000_000;
const KILLERS: [i32; 2] = [900_000, 890_000];
const HISTORY_CAP: i32 = 800_000;
/// Below every quiet move (history scores are never negative).
const LOSING_CAPTURE: i32 = -1_000_000;

/// The piece kind a move captures, if it captures.
pub(crate) fn captured_kind(pos: &Position, mv: Move) -> Option<u8> {
    let square = match mv {
        Move::Normal { to, .. } | Move::Teleport { to, .. } => to,
        Move::Transit { entry, .. } => entry,
        Move::EnPassant { .. } => pos.en_passant()?.victim,
        _ => return None,
    };
    pos.piece_at(square).filter(|p| p.side != pos.side_to_move()).map(|p| p.kind)
}

/// Captures and promotions: the moves quiescence searches.
pub(crate) fn is_tactical(pos: &Position, mv: Move) -> bool {
    mv.promotion().is_some() || captured_kind(pos, mv).is_some()
}

pub(crate) struct Ordering {
    killers: [[Option<Move>; 2]; MAX_PLY + 1],
    history: Vec<i32>,
    squares: usize,
}

impl Ordering {
    pub fn new() -> Ordering {
        Ordering { killers: [[None; 2]; MAX_PLY + 1], history: Vec::new(), squares: 0 }
    }

    /// Sizes the history for a board of `squares` squares (allocates only when it grows).
    pub fn prepare(&mut self, squares: usize) {
        if squares != self.squares {
            self.squares = squares;
            self.history = vec![0; 2 * squares * squares];
        }
        self.killers = [[None; 2]; MAX_PLY + 1];
        for h in &mut self.history {
            *h /= 8;
        }
    }

    pub fn clear(&mut self) {
        self.killers = [[None; 2]; MAX_PLY + 1];
        self.history.fill(0);
    }

    fn history_slot(&self, pos: &Position, mv: Move) -> Option<usize> {
        let (from, to) = (mv.from()?, mv.to()?);
        let side = pos.side_to_move().index();
        Some((side * self.squares + from.index()) * self.squares + to.index())
    }

    /// Scores every move of `frame` for `pos` at `ply`.
    pub fn score_moves(
        &self,
        tables: &VariantTables,
        pos: &Position,
        frame: &mut Frame,
        table_move: Option<Move>,
        ply: usize,
    ) {
        let Frame { moves, scores } = frame;
        if scores.len() < moves.len() {
            scores.resize(moves.len(), 0);
        }
        for (i, &mv) in moves.as_slice().iter().enumerate() {
            scores[i] = self.score_move(tables, pos, mv, table_move, ply);
        }
    }

    fn score_move(
        &self,
        tables: &VariantTables,
        pos: &Position,
        mv: Move,
        table_move: Option<Move>,
        ply: usize,
    ) -> i32 {
        if Some(mv) == table_move {
            return TABLE_MOVE;
        }
        let promotion = mv.promotion().map_or(0, |k| tables.value(k));
        if let Some(victim) = captured_kind(pos, mv) {
            let attacker = mv.from().and_then(|sq| pos.piece_at(sq)).map_or(0, |p| tables.value(p.kind));
            let mvv_lva = 16 * tables.value(victim) - attacker / 8 + promotion;
            return if loses_material(tables, pos, mv) { LOSING_CAPTURE + mvv_lva } else { TACTICAL + mvv_lva };
        }
        if promotion > 0 {
            return TACTICAL + promotion;
        }
        if let Some(k) = self.killers[ply].iter().position(|&k| k == Some(mv)) {
            return KILLERS[k];
        }
        self.history_slot(pos, mv).map_or(0, |s| self.history[s])
    }

    /// A quiet move caused a cutoff at `ply` with `depth` to go.
    pub fn note_cutoff(&mut self, pos: &Position, mv: Move, ply: usize, depth: i32) {
        let killers = &mut self.killers[ply];
        if killers[0] != Some(mv) {
            killers[1] = killers[0];
            killers[0] = Some(mv);
        }
        if let Some(slot) = self.history_slot(pos, mv) {
            let h = &mut self.history[slot];
            *h = (*h + depth * depth).min(HISTORY_CAP);
        }
    }
}
