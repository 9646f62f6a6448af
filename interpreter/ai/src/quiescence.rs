//! The capture search past the horizon: stand pat on the static evaluation, then captures
//! and promotions (best victim first; those losing material in the exchange on their square,
//! see `exchange`, skipped, and those that cannot lift the score to alpha unless they give
//! check), at most
//! `SearchConfig::quiescence_plies` deep; a side in check searches all its moves, so mates
//! are seen. Random events are not expanded here. In variants with tokens a side not in
//! check takes its captures from the pseudo-legal moves and tests only those it searches.
//! Results go to the transposition table at depth 0 (below every interior node's depth),
//! and a stored result that settles the window ends the node.

use holechess_kernel::{Move, Position};

use crate::ordering::{captured_kind, is_tactical};
use crate::score::{from_table, to_table, Score, MAX_PLY};
use crate::search::Searcher;
use crate::standing::{no_moves, only_pass_ends};
use crate::tt::Bound;

/// A capture that cannot lift the score to alpha even with this margin is skipped.
const DELTA_MARGIN: Score = 200;

impl Searcher {
    pub(crate) fn quiescence(&mut self, pos: &mut Position, ply: usize, alpha: Score, beta: Score, qply: u32) -> Score {
        self.pv.clear(ply);
        if self.should_stop() {
            return 0;
        }
        self.seldepth = self.seldepth.max(ply);
        if ply >= MAX_PLY - 1 {
            return self.static_value(pos);
        }
        let key = self.tables().key(pos);
        if let Some(value) = self.table_settles(key, ply, alpha, beta) {
            return value;
        }
        let value = self.capture_search(pos, ply, alpha, beta, qply);
        if !self.aborted {
            let bound = if value >= beta {
                Bound::Lower
            } else if value > alpha {
                Bound::Exact
            } else {
                Bound::Upper
            };
            let best_move = if value > alpha { self.pv.line(ply).first().copied() } else { None };
            self.tt.store(key, 0, to_table(value, ply), bound, best_move);
        }
        value
    }

    /// A stored result for `key` that settles the window `alpha..beta` at `ply`.
    fn table_settles(&self, key: u64, ply: usize, alpha: Score, beta: Score) -> Option<Score> {
        if !self.config.use_table {
            return None;
        }
        let entry = self.tt.probe(key)?;
        let value = from_table(entry.score, ply);
        let settles = match entry.bound {
            Bound::Exact => true,
            Bound::Lower => value >= beta,
            Bound::Upper => value <= alpha,
        };
        settles.then_some(value)
    }

    /// The capture search proper of a node (stand pat, then the tactical moves).
    fn capture_search(&mut self, pos: &mut Position, ply: usize, mut alpha: Score, beta: Score, qply: u32) -> Score {
        let in_check = pos.is_check();
        let stand_pat = if in_check { None } else { Some(self.static_value(pos)) };
        if let Some(s) = stand_pat {
            if s >= beta || qply >= self.config.quiescence_plies {
                return s;
            }
            alpha = alpha.max(s);
        }
        if !in_check && self.captures_alone {
            return self.captures_only(pos, ply, alpha, beta, qply, stand_pat.unwrap_or(0));
        }
        let count = self.frames.generate(ply, pos);
        if count == 0 {
            return no_moves(pos, in_check, ply);
        }
        if let Some(end) = only_pass_ends(pos, self.frames.moves(ply), ply) {
            return end;
        }
        if in_check && qply >= self.config.quiescence_plies {
            return self.static_value(pos);
        }
        let count = if in_check { count } else { self.keep_tactical(pos, ply) };
        self.score_moves(pos, ply, None);
        let mut best = stand_pat.unwrap_or(-crate::score::INFINITY);
        for i in 0..count {
            let mv = self.frames.pick(ply, i);
            let futile = !in_check && self.futile_capture(pos, mv, stand_pat.unwrap_or(0), alpha);
            if !in_check && !futile && self.exchange_loses(pos, mv) {
                continue;
            }
            let undo = pos.make(mv);
            if futile && !pos.is_check() {
                pos.unmake(undo);
                continue;
            }
            self.nodes += 1;
            let value = -self.quiescence(pos, ply + 1, -beta, -alpha, qply + 1);
            pos.unmake(undo);
            if self.aborted {
                return 0;
            }
            if self.raise(ply, mv, value, &mut best, &mut alpha, beta) {
                break;
            }
        }
        best
    }

    /// The captures and promotions of a side not in check, from the pseudo-legal moves: only
    /// those searched are tested for legality (made, the mover's royal pieces tested for
    /// attack), not every quiet move as a full generation would. Stalemate is not looked for
    /// here: the side stands pat.
    fn captures_only(
        &mut self,
        pos: &mut Position,
        ply: usize,
        mut alpha: Score,
        beta: Score,
        qply: u32,
        stand_pat: Score,
    ) -> Score {
        let mover = pos.side_to_move();
        let frame = self.frames.frame_mut(ply);
        pos.pseudo_moves_into(&mut frame.moves);
        frame.moves.retain(|&mv| is_tactical(pos, mv));
        let count = frame.moves.len();
        self.score_moves(pos, ply, None);
        let mut best = stand_pat;
        for i in 0..count {
            let mv = self.frames.pick(ply, i);
            let futile = self.futile_capture(pos, mv, stand_pat, alpha);
            if !futile && self.exchange_loses(pos, mv) {
                continue;
            }
            let undo = pos.make(mv);
            if pos.royal_attacked(mover) || (futile && !pos.is_check()) {
                pos.unmake(undo);
                continue;
            }
            self.nodes += 1;
            let value = -self.quiescence(pos, ply + 1, -beta, -alpha, qply + 1);
            pos.unmake(undo);
            if self.aborted {
                return 0;
            }
            if self.raise(ply, mv, value, &mut best, &mut alpha, beta) {
                break;
            }
        }
        best
    }

    /// Keeps only the captures and promotions among the moves generated for `ply`; returns
    /// how many.
    fn keep_tactical(&mut self, pos: &Position, ply: usize) -> usize {
        let moves = &mut self.frames.frame_mut(ply).moves;
        moves.retain(|&mv| is_tactical(pos, mv));
        moves.len()
    }

    /// Takes the `value` of `mv` into `best` and `alpha` (and the principal variation);
    /// whether it cuts the node off.
    fn raise(&mut self, ply: usize, mv: Move, value: Score, best: &mut Score, alpha: &mut Score, beta: Score) -> bool {
        if value <= *best {
            return false;
        }
        *best = value;
        if value <= *alpha {
            return false;
        }
        *alpha = value;
        self.pv.update(ply, mv);
        *alpha >= beta
    }

    /// Delta pruning: even winning the victim (and promoting) leaves the score below alpha
    /// (the capture is still searched when it gives check, which may mate).
    fn futile_capture(&self, pos: &Position, mv: Move, stand_pat: Score, alpha: Score) -> bool {
        let tables = self.tables();
        let gain =
            captured_kind(pos, mv).map_or(0, |k| tables.value(k)) + mv.promotion().map_or(0, |k| tables.value(k));
        stand_pat + gain + DELTA_MARGIN < alpha
    }
}
