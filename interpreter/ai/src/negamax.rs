//! Interior nodes of the search: negamax alpha-beta with principal-variation windows,
//! transposition-table cutoffs, a check extension, reverse futility and futility pruning
//! near the horizon, null-move pruning and late-move reductions. The node after each move
//! (an expectation node where a random event follows) is in `expectation`.

use holechess_kernel::spec::Schedule;
use holechess_kernel::{Move, Position};

use crate::ordering::is_tactical;
use crate::score::{from_table, is_mate_score, mated_in, mating_in, to_table, Score, DRAW, INFINITY, MAX_PLY};
use crate::search::Searcher;
use crate::standing::{drawn_in_search, no_moves, only_pass_ends, NoMoves};
use crate::tables::Role;
use crate::tt::Bound;

/// Plies from the horizon within which the static value may prune (see `frontier`).
const FRONTIER_DEPTH: i32 = 3;
/// Reverse futility: a node whose static value beats beta by this much per ply left fails high.
const STATIC_CUTOFF_MARGIN: Score = 120;
/// Futility: quiet moves are skipped when the static value plus this much per ply left
/// stays at or below alpha.
const FUTILITY_MARGIN: Score = 150;

/// What the static value decides at a node near the horizon.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Frontier {
    Search,
    Cutoff(Score),
    QuietMovesFutile,
}

impl Searcher {
    /// The value of `pos` for the side to move, searched `depth` plies (then quiescence).
    pub(crate) fn negamax(
        &mut self,
        pos: &mut Position,
        depth: i32,
        ply: usize,
        alpha: Score,
        beta: Score,
        null_allowed: bool,
    ) -> Score {
        self.pv.clear(ply);
        if self.should_stop() {
            return 0;
        }
        self.nodes += 1;
        self.seldepth = self.seldepth.max(ply);
        if drawn_in_search(pos) {
            return DRAW;
        }
        if ply >= MAX_PLY - 1 {
            return self.static_value(pos);
        }
        let in_check = pos.is_check();
        let depth = if in_check && depth > 0 { depth + 1 } else { depth };
        if depth <= 0 {
            return self.quiescence(pos, ply, alpha, beta, 0);
        }
        // Mate-distance pruning: no score here can beat a shorter mate already found.
        let alpha = alpha.max(mated_in(ply));
        let beta = beta.min(mating_in(ply + 1));
        if alpha >= beta {
            return alpha;
        }
        let key = self.tables().key(pos);
        let mut table_move = None;
        if let Some(entry) = self.tt.probe(key) {
            table_move = entry.mv;
            if self.config.use_table && entry.depth as i32 >= depth {
                let s = from_table(entry.score, ply);
                let usable = match entry.bound {
                    Bound::Exact => true,
                    Bound::Lower => s >= beta,
                    Bound::Upper => s <= alpha,
                };
                if usable {
                    return s;
                }
            }
        }
        let frontier = self.frontier(pos, depth, alpha, beta, in_check);
        if let Frontier::Cutoff(value) = frontier {
            return value;
        }
        if null_allowed && !in_check && depth >= 3 && self.null_move_fits(pos, beta) {
            if let Some(value) = self.null_move(pos, depth, ply, beta) {
                return value;
            }
        }
        let count = self.frames.generate(ply, pos);
        if count == 0 {
            return match no_moves(pos, in_check, ply) {
                NoMoves::Score(s) => s,
                NoMoves::MustPass => self.forced_pass(pos, depth, ply, alpha, beta),
            };
        }
        if let Some(end) = only_pass_ends(pos, self.frames.moves(ply), ply) {
            return end;
        }
        self.score_moves(pos, ply, table_move);
        let futile = frontier == Frontier::QuietMovesFutile;
        self.search_moves(pos, count, depth, ply, alpha, beta, in_check, futile, key)
    }

    /// What the static value says near the horizon, at a node off the principal variation
    /// and not in check: so far above beta that the node fails high without a search
    /// (reverse futility pruning), or so far below alpha that quiet moves cannot raise it
    /// (futility pruning: they are skipped unless they give check).
    fn frontier(&mut self, pos: &mut Position, depth: i32, alpha: Score, beta: Score, in_check: bool) -> Frontier {
        let principal = beta - alpha > 1;
        if !self.config.pruning || principal || in_check || depth > FRONTIER_DEPTH {
            return Frontier::Search;
        }
        if is_mate_score(alpha) || is_mate_score(beta) {
            return Frontier::Search;
        }
        let value = self.static_value(pos);
        if value - STATIC_CUTOFF_MARGIN * depth >= beta {
            return Frontier::Cutoff(value);
        }
        match value + FUTILITY_MARGIN * depth <= alpha {
            true => Frontier::QuietMovesFutile,
            false => Frontier::Search,
        }
    }

    /// The move loop of a node with `count` ordered moves; stores the result in the table.
    #[allow(clippy::too_many_arguments)]
    fn search_moves(
        &mut self,
        pos: &mut Position,
        count: usize,
        depth: i32,
        ply: usize,
        mut alpha: Score,
        beta: Score,
        in_check: bool,
        futile: bool,
        key: u64,
    ) -> Score {
        let original_alpha = alpha;
        let mut best = -INFINITY;
        self.seeds[ply] = key;
        let mut best_move = None;
        for i in 0..count {
            let mv = self.frames.pick(ply, i);
            let quiet = !is_tactical(pos, mv);
            let undo = pos.make(mv);
            if futile && quiet && i > 0 && !pos.is_check() {
                pos.unmake(undo);
                continue;
            }
            let value = if i == 0 {
                self.child(pos, depth - 1, ply + 1, alpha, beta)
            } else {
                let reduction = self.reduction(depth, i, quiet, in_check);
                self.scout(pos, depth, ply, alpha, beta, reduction)
            };
            pos.unmake(undo);
            if self.aborted {
                return 0;
            }
            if value > best {
                best = value;
                if value > alpha {
                    alpha = value;
                    best_move = Some(mv);
                    self.pv.update(ply, mv);
                    if alpha >= beta {
                        if quiet {
                            self.ordering.note_cutoff(pos, mv, ply, depth);
                        }
                        break;
                    }
                }
            }
        }
        let bound = if best >= beta {
            Bound::Lower
        } else if best > original_alpha {
            Bound::Exact
        } else {
            Bound::Upper
        };
        self.tt.store(key, depth, to_table(best, ply), bound, best_move);
        best
    }

    /// A later move: a null-window search (reduced if `reduction` > 0), searched again at
    /// full depth and then with the full window when it beats alpha.
    fn scout(
        &mut self,
        pos: &mut Position,
        depth: i32,
        ply: usize,
        alpha: Score,
        beta: Score,
        reduction: i32,
    ) -> Score {
        let mut value = self.child(pos, depth - 1 - reduction, ply + 1, alpha, alpha + 1);
        if value > alpha && reduction > 0 && !self.aborted {
            value = self.child(pos, depth - 1, ply + 1, alpha, alpha + 1);
        }
        if value > alpha && value < beta && !self.aborted {
            value = self.child(pos, depth - 1, ply + 1, alpha, beta);
        }
        value
    }

    /// Late-move reduction of the `index`-th move.
    fn reduction(&self, depth: i32, index: usize, quiet: bool, in_check: bool) -> i32 {
        if !self.config.pruning || !quiet || in_check || depth < 3 || index < 3 {
            return 0;
        }
        if index >= 8 && depth >= 5 {
            2
        } else {
            1
        }
    }

    /// Null-move pruning is sound enough here: one board schedule, no mate in the window,
    /// and the side to move has a piece that is neither royal nor pawn-like (zugzwang).
    /// The null move is followed by no random event.
    fn null_move_fits(&self, pos: &Position, beta: Score) -> bool {
        let tables = self.tables();
        self.config.pruning
            && pos.variant().spec().schedule == Schedule::Alternate
            && !is_mate_score(beta)
            && pos.pieces_of(pos.side_to_move()).any(|(_, p)| tables.kinds[p.kind as usize].role == Role::Piece)
            && self.evaluate(pos) >= beta
    }

    /// Lets the opponent move twice: if that still fails high, so will a real move.
    fn null_move(&mut self, pos: &mut Position, depth: i32, ply: usize, beta: Score) -> Option<Score> {
        let r = 2 + depth / 6;
        let undo = pos.make(Move::Pass);
        let value = -self.negamax(pos, depth - 1 - r, ply + 1, -beta, -beta + 1, false);
        pos.unmake(undo);
        (!self.aborted && value >= beta && !is_mate_score(value)).then_some(value)
    }

    /// The side to move has no move and the variant makes it pass (two passes in a row are
    /// a draw).
    fn forced_pass(&mut self, pos: &mut Position, depth: i32, ply: usize, alpha: Score, beta: Score) -> Score {
        if self.passed[ply] {
            return DRAW;
        }
        let undo = pos.make(Move::Pass);
        self.passed[ply + 1] = true;
        let value = -self.negamax(pos, depth - 1, ply + 1, -beta, -alpha, false);
        self.passed[ply + 1] = false;
        pos.unmake(undo);
        value
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::limits::Limits;
    use holechess_testkit::orthodox;

    /// A searcher whose tables are built for orthodox chess, and the position `fen`.
    fn prepared(fen: &str) -> (Searcher, Position) {
        let pos = Position::from_fen(&orthodox(), fen).expect("a valid position");
        let mut searcher = Searcher::default();
        searcher.search(&pos, Limits::depth(1));
        (searcher, pos)
    }

    #[test]
    fn a_node_far_above_beta_near_the_horizon_fails_high_unsearched() {
        // White, to move, is a queen up.
        let (mut searcher, mut pos) = prepared("4k3/8/8/8/8/8/8/3QK3 w - - 0 1");
        assert!(matches!(searcher.frontier(&mut pos, 2, -1, 0, false), Frontier::Cutoff(v) if v >= 0));
        // A node of the principal variation (a wide window) is searched.
        assert_eq!(searcher.frontier(&mut pos, 2, -100, 100, false), Frontier::Search);
        // So is one too far from the horizon, and one in check.
        assert_eq!(searcher.frontier(&mut pos, FRONTIER_DEPTH + 1, -1, 0, false), Frontier::Search);
        assert_eq!(searcher.frontier(&mut pos, 2, -1, 0, true), Frontier::Search);
    }

    #[test]
    fn quiet_moves_are_futile_far_below_alpha_unless_pruning_is_off() {
        // White, to move, is a queen down.
        let (mut searcher, mut pos) = prepared("3qk3/8/8/8/8/8/8/4K3 w - - 0 1");
        assert_eq!(searcher.frontier(&mut pos, 1, 0, 1, false), Frontier::QuietMovesFutile);
        searcher.config.pruning = false;
        assert_eq!(searcher.frontier(&mut pos, 1, 0, 1, false), Frontier::Search);
    }
}
