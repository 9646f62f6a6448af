//! Interior nodes of the search: negamax alpha-beta with principal-variation windows,
//! transposition-table cutoffs, a check extension (not for a check that gives up material),
//! reverse futility pruning, razoring and
//! futility pruning near the horizon, null-move pruning, late-move pruning (at
//! principal-variation nodes too, one ply from the horizon), pruning of quiet
//! moves into a losing exchange, and late-move reductions (more at expected cut nodes). The
//! node after each move (an expectation node where a random event follows it) is in
//! `expectation`.

use holechess_kernel::spec::Schedule;
use holechess_kernel::{Move, Position, Square};

use crate::ordering::{is_tactical, REFUTATION};
use crate::score::{from_table, is_mate_score, mated_in, mating_in, to_table, Score, DRAW, INFINITY, MAX_PLY};
use crate::search::Searcher;
use crate::standing::{drawn_in_search, no_moves, only_pass_ends};
use crate::tables::Role;
use crate::tt::Bound;

/// Plies from the horizon within which the static value may prune (see `frontier`).
const FRONTIER_DEPTH: i32 = 5;
/// Reverse futility: a node whose static value beats beta by this much per ply left (a ply
/// less where the side's static value is improving) fails high.
const STATIC_CUTOFF_MARGIN: Score = 100;
/// Futility: quiet moves are skipped when the static value plus this much per ply left
/// stays at or below alpha (within `FUTILITY_DEPTH` plies of the horizon).
const FUTILITY_MARGIN: Score = 150;
const FUTILITY_DEPTH: i32 = 3;
/// Razoring: within `RAZOR_DEPTH` plies of the horizon, a node whose static value stays this
/// far below alpha (per ply left) is settled by the capture search when that cannot reach alpha.
const RAZOR_MARGIN: Score = 250;
const RAZOR_DEPTH: i32 = 1;
/// Late-move pruning: within this many plies of the horizon, quiet moves after the first
/// `late_move_count` are not searched; at principal-variation nodes only this close.
const LATE_MOVE_DEPTH: i32 = 5;
const PRINCIPAL_LATE_MOVE_DEPTH: i32 = 1;
/// Nodes with at least this many plies left and no stored move are searched a ply shallower.
const IIR_DEPTH: i32 = 4;
/// Within this many plies of the horizon, quiet moves that leave their piece hanging or after
/// which the opponent wins material by the exchange on the moved piece's square are not
/// searched (see `loses_exchange`).
const EXCHANGE_PRUNE_DEPTH: i32 = 3;
/// Extra late-move reduction at a node expected to fail high (a cut node).
const CUT_NODE_REDUCTION: i32 = 1;
/// The quiet moves of a node whose history a cutoff lowers, at most.
const QUIETS_REMEMBERED: usize = 64;
/// The static value of a node in check (no static value).
pub(crate) const NO_STATIC: Score = -INFINITY;

/// Whether a null move fits the turn schedule: one board, White and Black alternating (with
/// two boards a turn's actions are simultaneous and a pass is a turn's action of its own).
pub(crate) fn null_move_fits_schedule(pos: &Position) -> bool {
    pos.variant().spec().schedule == Schedule::Alternate
}

/// What the static value decides at a node near the horizon.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Frontier {
    Search,
    Cutoff(Score),
    /// The capture search decides (razoring).
    Captures,
    QuietMovesFutile,
}

/// How a node's move loop may prune its later moves.
#[derive(Clone, Copy, Debug)]
struct Pruning {
    /// Skip quiet moves that give no check (futility).
    futile: bool,
    /// Skip quiet moves after this many moves (late-move pruning).
    late_moves: Option<usize>,
    principal: bool,
}

/// Quiet moves searched near the horizon before the rest are pruned: more with more depth,
/// and more when the side's static value is improving on its previous turn.
fn late_move_count(depth: i32, improving: bool) -> usize {
    let base = 3 + depth * depth;
    (if improving { base } else { base / 2 + 1 }) as usize
}

/// The factor of the late-move reduction's logarithms.
const LMR_FACTOR: f64 = 0.5;

/// Late-move reduction of a quiet move: grows with the logarithms of the depth left and of
/// the move's place in the ordering (`LMR_FACTOR` ln d ln i, in whole plies, rounded down).
fn late_move_reduction(depth: i32, index: usize) -> i32 {
    let d = f64::from(depth.max(1)).ln();
    let i = (index.max(1) as f64).ln();
    (LMR_FACTOR * d * i) as i32
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
        self.seldepth = self.seldepth.max(ply);
        if drawn_in_search(pos) {
            return DRAW;
        }
        if ply >= MAX_PLY - 1 {
            return self.static_value(pos);
        }
        let in_check = pos.is_check();
        let extend = in_check && !self.unextended[ply];
        let depth = if extend && depth > 0 { depth + 1 } else { depth };
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
        // Without a stored move to try first, a deep node is searched a ply shallower: its
        // ordering is a guess, and the next iteration will have the move.
        let depth = if table_move.is_none() && depth >= IIR_DEPTH && self.config.pruning { depth - 1 } else { depth };
        let frontier = self.frontier(pos, depth, ply, alpha, beta, in_check);
        match frontier {
            Frontier::Cutoff(value) => return value,
            Frontier::Captures => {
                let value = self.quiescence(pos, ply, alpha, alpha + 1, 0);
                if self.aborted || value <= alpha {
                    return value;
                }
            }
            Frontier::Search | Frontier::QuietMovesFutile => {}
        }
        if null_allowed && !in_check && depth >= 2 && self.null_move_fits(pos, ply, beta) {
            if let Some(value) = self.null_move(pos, depth, ply, beta) {
                return value;
            }
        }
        let count = self.frames.generate(ply, pos);
        if count == 0 {
            return no_moves(pos, in_check, ply);
        }
        if let Some(end) = only_pass_ends(pos, self.frames.moves(ply), ply) {
            return end;
        }
        self.order_moves(pos, ply, table_move, in_check);
        let pruning = self.move_pruning(depth, ply, alpha, beta, in_check, frontier);
        self.search_moves(pos, count, depth, ply, alpha, beta, in_check, pruning, key)
    }

    /// What the static value says near the horizon, at a node off the principal variation
    /// and not in check: so far above beta that the node fails high without a search
    /// (reverse futility pruning), so far below alpha that the capture search decides
    /// (razoring), or far enough below alpha that quiet moves cannot raise it (futility
    /// pruning: they are skipped unless they give check). Records the node's static value
    /// (`NO_STATIC` in check) for the nodes below.
    fn frontier(
        &mut self,
        pos: &mut Position,
        depth: i32,
        ply: usize,
        alpha: Score,
        beta: Score,
        in_check: bool,
    ) -> Frontier {
        self.static_values[ply] = NO_STATIC;
        if in_check {
            return Frontier::Search;
        }
        let value = self.static_value(pos);
        self.static_values[ply] = value;
        let principal = beta - alpha > 1;
        if !self.config.pruning || principal || depth > FRONTIER_DEPTH {
            return Frontier::Search;
        }
        if is_mate_score(alpha) || is_mate_score(beta) {
            return Frontier::Search;
        }
        if value - STATIC_CUTOFF_MARGIN * (depth - i32::from(self.improving(ply))) >= beta {
            return Frontier::Cutoff(value);
        }
        if depth <= RAZOR_DEPTH && value + RAZOR_MARGIN * depth <= alpha {
            return Frontier::Captures;
        }
        match depth <= FUTILITY_DEPTH && value + FUTILITY_MARGIN * depth <= alpha {
            true => Frontier::QuietMovesFutile,
            false => Frontier::Search,
        }
    }

    /// Whether the side to move's static value at `ply` beats its value on its previous turn.
    fn improving(&self, ply: usize) -> bool {
        let now = self.static_values[ply];
        ply < 2 || now == NO_STATIC || self.static_values[ply - 2] == NO_STATIC || now > self.static_values[ply - 2]
    }

    /// How the move loop of a node may prune. Late quiet moves are pruned off the principal
    /// variation within `LATE_MOVE_DEPTH` plies of the horizon (not with a mate in the window),
    /// and on it one ply from the horizon, whatever the window: there each move is followed by
    /// the capture search alone, and a principal-variation node that tries all its moves
    /// costs the root's early iterations most of their nodes (the escapes of threatened pieces
    /// come first, see `threats`).
    fn move_pruning(
        &self,
        depth: i32,
        ply: usize,
        alpha: Score,
        beta: Score,
        in_check: bool,
        frontier: Frontier,
    ) -> Pruning {
        let principal = beta - alpha > 1;
        let prunes_late = self.config.pruning
            && !in_check
            && match principal {
                true => depth <= PRINCIPAL_LATE_MOVE_DEPTH,
                false => depth <= LATE_MOVE_DEPTH && !is_mate_score(alpha) && !is_mate_score(beta),
            };
        let late_moves = prunes_late.then(|| late_move_count(depth, self.improving(ply)));
        Pruning {
            futile: frontier == Frontier::QuietMovesFutile || frontier == Frontier::Captures,
            late_moves,
            principal,
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
        pruning: Pruning,
        key: u64,
    ) -> Score {
        let original_alpha = alpha;
        let mut best = -INFINITY;
        self.seeds[ply] = key;
        let mut best_move = None;
        let mut quiets_tried = [Move::Pass; QUIETS_REMEMBERED];
        let mut quiet_count = 0;
        for i in 0..count {
            let mv = self.frames.pick(ply, i);
            let quiet = !is_tactical(pos, mv);
            let late = pruning.late_moves.is_some_and(|n| i >= n);
            let losing_capture = !quiet && crate::exchange::loses_material(self.tables(), pos, mv);
            let undo = pos.make(mv);
            self.unextended[ply + 1] = pos.is_check() && (losing_capture || self.left_en_prise(pos, mv));
            let prunable = quiet && i > 0 && !pos.is_check();
            if prunable && (pruning.futile || late || self.loses_exchange(pos, mv, depth, pruning)) {
                pos.unmake(undo);
                continue;
            }
            self.nodes += 1;
            self.ordering.note_move(ply + 1, Some(mv));
            let value = if i == 0 {
                // The first move of a cut node is expected to fail high; below it, an all node.
                self.expected_cut[ply + 1] = !pruning.principal && !self.expected_cut[ply];
                self.child(pos, depth - 1, ply + 1, alpha, beta)
            } else {
                let order = self.frames.score(ply, i);
                let reduction = self.reduction(depth, i, quiet, in_check, pruning.principal, order, ply);
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
                            let tried = &quiets_tried[..quiet_count];
                            self.ordering.note_cutoff(pos, mv, tried, ply, depth);
                        }
                        break;
                    }
                }
            }
            if quiet && quiet_count < QUIETS_REMEMBERED {
                quiets_tried[quiet_count] = mv;
                quiet_count += 1;
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
        // A reduced null-window search expects the reply to refute the move (a cut node); an
        // unreduced one alternates with this node's kind; the full window is a PV node.
        self.expected_cut[ply + 1] = reduction > 0 || !self.expected_cut[ply];
        let mut value = self.child(pos, depth - 1 - reduction, ply + 1, alpha, alpha + 1);
        if value > alpha && reduction > 0 && !self.aborted {
            self.expected_cut[ply + 1] = !self.expected_cut[ply];
            value = self.child(pos, depth - 1, ply + 1, alpha, alpha + 1);
        }
        if value > alpha && value < beta && !self.aborted {
            self.expected_cut[ply + 1] = false;
            value = self.child(pos, depth - 1, ply + 1, alpha, beta);
        }
        value
    }

    /// Late-move reduction of the `index`-th move (ordering score `order`) of the node at
    /// `ply`: quiet moves from the third on, a ply less on the principal variation and for
    /// killers and counter moves, a ply more for a move with a bad history off it and
    /// `CUT_NODE_REDUCTION` more at a node expected to fail high; never below one ply left.
    #[allow(clippy::too_many_arguments)]
    fn reduction(
        &self,
        depth: i32,
        index: usize,
        quiet: bool,
        in_check: bool,
        principal: bool,
        order: i32,
        ply: usize,
    ) -> i32 {
        if !self.config.pruning || !quiet || in_check || depth < 3 || index < 2 {
            return 0;
        }
        let refutation = order >= REFUTATION;
        let bad_history = !principal && order < 0;
        let cut = CUT_NODE_REDUCTION * i32::from(self.expected_cut[ply]);
        let r = late_move_reduction(depth, index) - i32::from(principal) - i32::from(refutation)
            + i32::from(bad_history)
            + cut;
        r.clamp(0, depth - 2)
    }

    /// Whether the quiet move `mv` (just made) gives material away on the square it moved to,
    /// at a node within `EXCHANGE_PRUNE_DEPTH` plies of the horizon off the principal
    /// variation: the opponent attacks the square and either the piece (neither royal nor
    /// pawn-like) stands undefended or the exchange there wins the opponent material (a static
    /// exchange, as strong engines prune quiet moves with a losing one). Such a move is not
    /// searched; the attack on the square is tested once for both.
    fn loses_exchange(&mut self, pos: &mut Position, mv: Move, depth: i32, pruning: Pruning) -> bool {
        if pruning.late_moves.is_none() || depth > EXCHANGE_PRUNE_DEPTH {
            return false;
        }
        let Some(to) = mv.to() else { return false };
        if !pos.is_attacked(to, pos.side_to_move()) {
            return false;
        }
        self.undefended_piece_on(pos, to) || self.exchange_gain_on(pos, to) > 0
    }

    /// Whether a piece neither royal nor pawn-like stands on `to` with no piece of its side
    /// defending it.
    fn undefended_piece_on(&self, pos: &Position, to: Square) -> bool {
        let Some(piece) = pos.piece_at(to) else { return false };
        self.tables().kinds[piece.kind as usize].role == Role::Piece && !pos.is_attacked(to, piece.side)
    }

    /// Whether the move `mv` (just made) left its piece (not royal) attacked and undefended:
    /// a check by such a move is not extended, as a check by a losing capture is not (the
    /// reply takes the piece; extending it spends the few nodes on a line that loses).
    fn left_en_prise(&self, pos: &Position, mv: Move) -> bool {
        let Some(to) = mv.to() else { return false };
        let Some(piece) = pos.piece_at(to) else { return false };
        if self.tables().kinds[piece.kind as usize].role == Role::Royal {
            return false;
        }
        pos.is_attacked(to, pos.side_to_move()) && !pos.is_attacked(to, piece.side)
    }

    /// Null-move pruning is sound enough here: one board schedule, no mate in the window,
    /// the side to move has two pieces or more that are neither royal nor pawn-like (with
    /// fewer, zugzwang is common), and its
    /// static value (recorded at `ply`) reaches beta. The null move is followed by no random
    /// event.
    fn null_move_fits(&self, pos: &Position, ply: usize, beta: Score) -> bool {
        let tables = self.tables();
        self.config.pruning
            && null_move_fits_schedule(pos)
            && !is_mate_score(beta)
            && self.static_values[ply] >= beta
            && pos
                .pieces_of(pos.side_to_move())
                .filter(|(_, p)| tables.kinds[p.kind as usize].role == Role::Piece)
                .nth(1)
                .is_some()
    }

    /// Lets the opponent move twice: if that still fails high, so will a real move. The
    /// reduction grows with the depth and with the static value's lead over beta.
    fn null_move(&mut self, pos: &mut Position, depth: i32, ply: usize, beta: Score) -> Option<Score> {
        let lead = ((self.static_values[ply] - beta) / 200).clamp(0, 3);
        let r = 3 + depth / 4 + lead;
        let undo = pos.make(Move::Pass);
        self.expected_cut[ply + 1] = !self.expected_cut[ply];
        self.unextended[ply + 1] = false;
        self.ordering.note_move(ply + 1, None);
        let value = -self.negamax(pos, depth - 1 - r, ply + 1, -beta, -beta + 1, false);
        pos.unmake(undo);
        (!self.aborted && value >= beta && !is_mate_score(value)).then_some(value)
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
    fn late_moves_are_reduced_more_with_depth_and_order_and_pruned_later_when_improving() {
        assert_eq!(late_move_reduction(3, 2), 0);
        assert!(late_move_reduction(8, 20) > late_move_reduction(4, 20));
        assert!(late_move_reduction(8, 20) > late_move_reduction(8, 4));
        assert!(late_move_count(3, true) > late_move_count(3, false));
        assert!(late_move_count(4, false) > late_move_count(1, false));
    }

    #[test]
    fn a_node_far_above_beta_near_the_horizon_fails_high_unsearched() {
        // White, to move, is a queen up.
        let (mut searcher, mut pos) = prepared("4k3/8/8/8/8/8/8/3QK3 w - - 0 1");
        assert!(matches!(searcher.frontier(&mut pos, 2, 1, -1, 0, false), Frontier::Cutoff(v) if v >= 0));
        // A node of the principal variation (a wide window) is searched.
        assert_eq!(searcher.frontier(&mut pos, 2, 1, -100, 100, false), Frontier::Search);
        // So is one too far from the horizon, and one in check.
        assert_eq!(searcher.frontier(&mut pos, FRONTIER_DEPTH + 1, 1, -1, 0, false), Frontier::Search);
        assert_eq!(searcher.frontier(&mut pos, 2, 1, -1, 0, true), Frontier::Search);
    }

    #[test]
    fn an_improving_node_one_ply_from_the_horizon_fails_high_on_its_static_value_alone() {
        // White, to move, stands a little better (the extra pawn) at a node of ply 1, where
        // the side is improving: one ply from the horizon no margin is asked for.
        let (mut searcher, mut pos) = prepared("4k3/8/8/8/8/8/P7/4K3 w - - 0 1");
        let value = searcher.static_value(&mut pos);
        assert!(matches!(searcher.frontier(&mut pos, 1, 1, value - 2, value - 1, false), Frontier::Cutoff(_)));
        // Two plies from it the margin is a ply's.
        assert_eq!(searcher.frontier(&mut pos, 2, 1, value - 2, value - 1, false), Frontier::Search);
        assert!(matches!(
            searcher.frontier(&mut pos, 2, 1, value - STATIC_CUTOFF_MARGIN - 1, value - STATIC_CUTOFF_MARGIN, false),
            Frontier::Cutoff(_)
        ));
    }

    #[test]
    fn principal_variation_nodes_prune_late_quiet_moves_one_ply_from_the_horizon_whatever_the_window() {
        let (searcher, _) = prepared("4k3/8/8/8/8/8/P7/4K3 w - - 0 1");
        let late =
            |depth, alpha, beta| searcher.move_pruning(depth, 1, alpha, beta, false, Frontier::Search).late_moves;
        assert!(late(1, -INFINITY, INFINITY).is_some());
        assert!(late(1, -30, 30).is_some());
        assert!(late(2, -30, 30).is_none());
        // Off the principal variation within `LATE_MOVE_DEPTH` plies, but not with a mate in
        // the window.
        assert!(late(LATE_MOVE_DEPTH, 0, 1).is_some());
        assert!(late(1, mated_in(3), mated_in(3) + 1).is_none());
    }

    #[test]
    fn a_check_by_a_piece_left_en_prise_is_not_extended_but_a_defended_one_is() {
        use holechess_kernel::notation::parse_move;
        // Qh5+ leaves the queen to the rook on h8; Qe2+ (defended by the king) does not.
        let (searcher, pos) = prepared("4k2r/8/8/8/8/8/8/3QK3 w - - 0 1");
        for (uci, en_prise) in [("d1h5", true), ("d1e2", false)] {
            let mut after = pos.clone();
            let mv = parse_move(&after, uci).expect("a legal move");
            after.play_unchecked(mv);
            assert!(after.is_check() || !en_prise, "{uci} gives check");
            assert_eq!(searcher.left_en_prise(&after, mv), en_prise, "{uci}");
        }
    }

    #[test]
    fn a_quiet_move_into_a_losing_exchange_is_pruned_near_the_horizon_only() {
        use holechess_kernel::notation::parse_move;
        // Nd5 puts the knight where the e6 pawn takes it; Nb5 is safe.
        let (mut searcher, pos) = prepared("4k3/8/4p3/8/8/2N5/8/4K3 w - - 0 1");
        let late = Pruning { futile: false, late_moves: Some(4), principal: false };
        for (uci, loses) in [("c3d5", true), ("c3b5", false)] {
            let mut after = pos.clone();
            let mv = parse_move(&after, uci).expect("a legal move");
            after.play_unchecked(mv);
            assert_eq!(searcher.loses_exchange(&mut after, mv, EXCHANGE_PRUNE_DEPTH, late), loses, "{uci}");
            // Further from the horizon, or on the principal variation, it is searched.
            assert!(!searcher.loses_exchange(&mut after, mv, EXCHANGE_PRUNE_DEPTH + 1, late), "{uci}");
            let principal = Pruning { late_moves: None, principal: true, ..late };
            assert!(!searcher.loses_exchange(&mut after, mv, EXCHANGE_PRUNE_DEPTH, principal), "{uci}");
        }
    }

    #[test]
    fn late_quiet_moves_of_an_expected_cut_node_are_reduced_more() {
        let (mut searcher, _) = prepared("4k3/8/8/8/8/8/8/3QK3 w - - 0 1");
        searcher.expected_cut[3] = false;
        let all_node = searcher.reduction(8, 12, true, false, false, 0, 3);
        searcher.expected_cut[3] = true;
        let cut_node = searcher.reduction(8, 12, true, false, false, 0, 3);
        assert_eq!(cut_node, all_node + CUT_NODE_REDUCTION);
        // Captures and the first moves are not reduced at either.
        assert_eq!(searcher.reduction(8, 12, false, false, false, 0, 3), 0);
        assert_eq!(searcher.reduction(8, 1, true, false, false, 0, 3), 0);
    }

    #[test]
    fn quiet_moves_are_futile_far_below_alpha_unless_pruning_is_off() {
        // White, to move, is a queen down.
        let (mut searcher, mut pos) = prepared("3qk3/8/8/8/8/8/8/4K3 w - - 0 1");
        assert_eq!(searcher.frontier(&mut pos, 3, 1, 0, 1, false), Frontier::QuietMovesFutile);
        searcher.config.pruning = false;
        assert_eq!(searcher.frontier(&mut pos, 3, 1, 0, 1, false), Frontier::Search);
    }
}
