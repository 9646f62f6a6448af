//! The searcher: iterative deepening over the root moves, each iteration an alpha-beta
//! (principal variation) search; limits, the stop flag and the result. The interior nodes
//! are in `negamax`, the capture search in `quiescence`.

use std::sync::Arc;
use std::time::{Duration, Instant};

use holechess_kernel::spec::Schedule;
use holechess_kernel::{Move, Position, Square};

use crate::chance_model::ChanceModel;
use crate::eval::evaluate;
use crate::frames::Frames;
use crate::limits::{Limits, StopFlag};
use crate::ordering::Ordering;
use crate::pv::PvTable;
use crate::score::{is_mate_score, Score, INFINITY, MATE, MAX_PLY};
use crate::standing::no_moves;
use crate::tables::VariantTables;
use crate::tt::TranspositionTable;

/// The deepest iteration a search starts.
pub const MAX_DEPTH: u32 = 64;
/// Iterations from this depth on start with a window around the previous score.
const ASPIRATION_DEPTH: i32 = 4;
/// Half the first window's width, in centipawns; it doubles at each failure.
const ASPIRATION_WINDOW: Score = 40;
/// Room for the threatened pieces of a node without growing (more than a side's usual pieces).
const THREATENED_CAPACITY: usize = 64;
/// A window wider than this becomes the full window.
const ASPIRATION_LIMIT: Score = 800;

/// How a [`Searcher`] searches (what [`Limits`] do not say).
#[derive(Clone, Debug, PartialEq)]
pub struct SearchConfig {
    /// Size of the transposition table, allocated once when the searcher is made.
    pub table_megabytes: usize,
    /// Whether the transposition table is read (it is always written).
    pub use_table: bool,
    /// Plies of captures searched past the horizon (0: none, the static evaluation).
    pub quiescence_plies: u32,
    /// Null-move pruning, late-move reductions, and (reverse) futility pruning near the
    /// horizon.
    pub pruning: bool,
    /// At most this many outcomes of a random event are searched (sampled by weight).
    pub chance_samples: usize,
    /// Progressive widening: a random event with `d` plies left below it is sampled
    /// `d - chance_min_depth` times (at least once, at most `chance_samples`); without it
    /// always `chance_samples` times.
    pub chance_widening: bool,
    /// Random events with fewer plies than this left below them are not expanded: the
    /// search goes on from the position before the event (0: every event is expanded).
    pub chance_min_depth: i32,
    /// Random events that would get fewer samples than this are not expanded (the search
    /// goes on from the position before the event): one or two outcomes drawn from many
    /// would stand for the whole event, and every move of a node would be judged against
    /// the same few random squares (0 or 1: every event within `chance_min_depth`).
    pub chance_min_samples: usize,
    /// In variants with tokens, the capture search takes captures from the pseudo-legal moves
    /// and tests only those it searches, instead of generating every legal move.
    pub pseudo_captures: bool,
    /// Extra plies taken off below a random event with several outcomes.
    pub chance_reduction: u32,
}

impl Default for SearchConfig {
    fn default() -> SearchConfig {
        SearchConfig {
            table_megabytes: 16,
            use_table: true,
            quiescence_plies: 8,
            pruning: true,
            chance_samples: 6,
            chance_widening: true,
            chance_min_depth: 2,
            chance_min_samples: 3,
            pseudo_captures: true,
            chance_reduction: 0,
        }
    }
}

/// What a search found.
#[derive(Clone, Debug, PartialEq)]
pub struct SearchResult {
    /// The move to play; `None` only when the side to move has no legal move.
    pub best_move: Option<Move>,
    /// The move's score for the side to move (see [`crate::mate_in_moves`] for mates).
    pub score: Score,
    /// The last iteration completed (0 if the search stopped inside the first).
    pub depth: u32,
    /// The deepest ply the search reached (quiescence included).
    pub seldepth: u32,
    pub nodes: u64,
    pub elapsed: Duration,
    /// The expected line, starting with the best move.
    pub pv: Vec<Move>,
}

/// An alpha-beta searcher for any variant; keep one per player, its tables survive
/// between moves of a game.
pub struct Searcher {
    pub(crate) config: SearchConfig,
    pub(crate) tables: Option<Arc<VariantTables>>,
    pub(crate) tt: TranspositionTable,
    pub(crate) ordering: Ordering,
    pub(crate) frames: Frames,
    pub(crate) pv: PvTable,
    pub(crate) chance: Option<Arc<dyn ChanceModel>>,
    /// Per ply, the seed of the events after its moves (the node's key: the same dice for
    /// every move of a node).
    pub(crate) seeds: [u64; MAX_PLY + 2],
    /// Move lists for the static exchanges (`exchange`), one per capture of an exchange.
    pub(crate) exchange_lists: Vec<holechess_kernel::MoveList>,
    /// The squares of the side to move's threatened pieces at the node being ordered (see
    /// `threats`).
    pub(crate) threatened: Vec<Square>,
    /// Per ply, the static value of the node searched there (`negamax::NO_STATIC` in check).
    pub(crate) static_values: [Score; MAX_PLY + 2],
    /// Per ply, whether a check there goes unextended (the checking move gave up material).
    pub(crate) unextended: [bool; MAX_PLY + 2],
    /// Per ply, whether the node searched there is expected to fail high (a cut node: the
    /// null-window search of a move that is not the first), which reduces late moves more.
    pub(crate) expected_cut: [bool; MAX_PLY + 2],
    pub(crate) nodes: u64,
    /// The deepest ply reached in this search.
    pub(crate) seldepth: usize,
    pub(crate) aborted: bool,
    /// The capture search takes its captures from the pseudo-legal moves and tests only
    /// those (variants with tokens, whose full legal generation costs most; one board moving
    /// at a time; no special-moves hook): see `quiescence`.
    pub(crate) captures_alone: bool,
    node_limit: Option<u64>,
    /// The clock is read when `nodes & poll_mask == 0` (every node in a variant whose move
    /// generation runs a hook, see `limits::poll_interval`).
    poll_mask: u64,
    deadline: Option<Instant>,
    stop: StopFlag,
}

impl Default for Searcher {
    fn default() -> Searcher {
        Searcher::new(SearchConfig::default())
    }
}

impl Searcher {
    pub fn new(config: SearchConfig) -> Searcher {
        Searcher {
            tt: TranspositionTable::new(config.table_megabytes),
            config,
            tables: None,
            ordering: Ordering::new(),
            frames: Frames::new(),
            pv: PvTable::new(),
            chance: None,
            seeds: [0; MAX_PLY + 2],
            exchange_lists: (0..crate::exchange::EXCHANGE_DEPTH).map(|_| holechess_kernel::MoveList::new()).collect(),
            threatened: Vec::with_capacity(THREATENED_CAPACITY),
            static_values: [crate::negamax::NO_STATIC; MAX_PLY + 2],
            unextended: [false; MAX_PLY + 2],
            expected_cut: [false; MAX_PLY + 2],
            nodes: 0,
            seldepth: 0,
            aborted: false,
            captures_alone: false,
            node_limit: None,
            poll_mask: 1023,
            deadline: None,
            stop: StopFlag::new(),
        }
    }

    pub fn config(&self) -> &SearchConfig {
        &self.config
    }

    /// Random events after every move (`None`: the ordinary game).
    pub fn set_chance_model(&mut self, model: Option<Arc<dyn ChanceModel>>) {
        self.chance = model;
    }

    /// The flag that stops this searcher; raise it from another thread. It is lowered when
    /// a search starts.
    pub fn stop_flag(&self) -> StopFlag {
        self.stop.clone()
    }

    /// Forgets what earlier searches learned (call between games).
    pub fn new_game(&mut self) {
        self.tt.clear();
        self.ordering.clear();
    }

    /// Searches `pos` within `limits` and returns the best move found.
    pub fn search(&mut self, pos: &Position, limits: Limits) -> SearchResult {
        self.search_observed(pos, limits, &mut |_| {})
    }

    /// [`Searcher::search`], calling `on_iteration` with the result so far after every
    /// completed iteration (an engine protocol prints it as it goes).
    pub fn search_observed(
        &mut self,
        pos: &Position,
        limits: Limits,
        on_iteration: &mut dyn FnMut(&SearchResult),
    ) -> SearchResult {
        let start = Instant::now();
        self.prepare(pos, limits, start);
        let mut pos = pos.clone();
        let mut root = self.root_moves(&mut pos);
        let mut result = SearchResult {
            best_move: root.first().copied(),
            score: 0,
            depth: 0,
            seldepth: 0,
            nodes: 0,
            elapsed: Duration::ZERO,
            pv: Vec::new(),
        };
        if root.is_empty() {
            result.score = self.score_without_moves(&pos);
        } else {
            let max_depth = limits.depth.unwrap_or(MAX_DEPTH).clamp(1, MAX_DEPTH);
            let mut previous = None;
            for depth in 1..=max_depth {
                let Some((score, best)) = self.aspirated_iteration(&mut pos, &mut root, depth as i32, previous) else {
                    break;
                };
                previous = Some(score);
                result.best_move = Some(best);
                result.score = score;
                result.pv = self.pv.line(0).to_vec();
                if self.aborted {
                    break;
                }
                result.depth = depth;
                result.seldepth = self.seldepth as u32;
                result.nodes = self.nodes;
                result.elapsed = start.elapsed();
                on_iteration(&result);
                if self.iteration_is_enough(score, depth, root.len(), limits, start) {
                    break;
                }
            }
        }
        result.seldepth = result.seldepth.max(self.seldepth as u32);
        result.nodes = self.nodes;
        result.elapsed = start.elapsed();
        result
    }

    fn prepare(&mut self, pos: &Position, limits: Limits, start: Instant) {
        if !self.tables.as_ref().is_some_and(|t| t.is_for(pos.variant())) {
            self.tables = Some(Arc::new(VariantTables::new(pos.variant())));
            let spec = pos.variant().spec();
            self.captures_alone = self.config.pseudo_captures
                && !spec.tokens.is_empty()
                && spec.schedule == Schedule::Alternate
                && pos.variant().special_table().is_none();
            self.tt.clear();
            self.ordering.clear();
        }
        self.tt.new_search();
        self.ordering.prepare(pos.geometry().square_count());
        self.stop.lower();
        self.nodes = 0;
        self.seldepth = 0;
        self.aborted = false;
        self.node_limit = limits.nodes;
        self.poll_mask = crate::limits::poll_interval(pos.variant()).next_power_of_two() - 1;
        self.deadline = limits.time.map(|t| start + t);
    }

    pub(crate) fn tables(&self) -> &VariantTables {
        self.tables.as_deref().expect("prepare() builds the tables")
    }

    pub(crate) fn evaluate(&self, pos: &Position) -> Score {
        evaluate(self.tables(), pos)
    }

    /// The static value of `pos` for the side to move. At the second action of a two-board
    /// turn the board does not show the first yet (it is pending, HP2), so the value is that
    /// of completing the turn without acting: the pending action applied, the turn over.
    pub(crate) fn static_value(&self, pos: &mut Position) -> Score {
        if pos.pending_action().is_none() {
            return self.evaluate(pos);
        }
        let undo = pos.make(Move::Pass);
        let value = -self.evaluate(pos);
        pos.unmake(undo);
        value
    }

    /// The legal root moves, best-ordered (the table's move first).
    fn root_moves(&mut self, pos: &mut Position) -> Vec<Move> {
        let count = self.frames.generate(0, pos);
        let table_move = self.tt.probe(self.tables().key(pos)).and_then(|e| e.mv);
        let in_check = pos.is_check();
        self.order_moves(pos, 0, table_move, in_check);
        (0..count).map(|i| self.frames.pick(0, i)).collect()
    }

    fn score_without_moves(&self, pos: &Position) -> Score {
        no_moves(pos, pos.is_check(), 0)
    }

    /// One iteration, first within a window around the previous iteration's score (from
    /// `ASPIRATION_DEPTH` on, unless that was a mate), widened on the side it fails until
    /// the score falls inside. Returns what `root_iteration` returns; if the search stops
    /// after a window failed high, the move that failed high.
    fn aspirated_iteration(
        &mut self,
        pos: &mut Position,
        root: &mut [Move],
        depth: i32,
        previous: Option<Score>,
    ) -> Option<(Score, Move)> {
        let Some(centre) = previous.filter(|&s| depth >= ASPIRATION_DEPTH && !is_mate_score(s)) else {
            return self.root_iteration(pos, root, depth, -INFINITY, INFINITY);
        };
        let mut delta = ASPIRATION_WINDOW;
        let (mut alpha, mut beta) = (centre - delta, centre + delta);
        let mut failed_high = None;
        loop {
            let found = self.root_iteration(pos, root, depth, alpha, beta);
            if self.aborted {
                return found.or(failed_high);
            }
            match found {
                Some((score, mv)) if score >= beta => {
                    failed_high = Some((score, mv));
                    beta = (score + delta).min(INFINITY);
                }
                Some((score, mv)) if score > alpha => return Some((score, mv)),
                _ => alpha = (alpha - delta).max(-INFINITY),
            }
            delta *= 2;
            if delta > ASPIRATION_LIMIT {
                (alpha, beta) = (-INFINITY, INFINITY);
            }
        }
    }

    /// One iteration over the root moves within `alpha..beta`. Returns the best score and
    /// move, `None` if no move beat alpha (or the search was stopped before the first move
    /// was searched); stops at the first move reaching beta. The best move goes first in
    /// `root` for the next iteration.
    fn root_iteration(
        &mut self,
        pos: &mut Position,
        root: &mut [Move],
        depth: i32,
        mut alpha: Score,
        beta: Score,
    ) -> Option<(Score, Move)> {
        self.pv.clear(0);
        let original_alpha = alpha;
        let mut best: Option<(Score, usize)> = None;
        self.seeds[0] = self.tables().key(pos);
        self.static_values[0] = if pos.is_check() { crate::negamax::NO_STATIC } else { self.static_value(pos) };
        for (i, &mv) in root.iter().enumerate() {
            let undo = pos.make(mv);
            self.nodes += 1;
            self.unextended[1] = false;
            self.ordering.note_move(1, Some(mv));
            let value = if i == 0 {
                self.expected_cut[1] = false;
                self.child(pos, depth - 1, 1, alpha, beta)
            } else {
                self.expected_cut[1] = true;
                let probe = self.child(pos, depth - 1, 1, alpha, alpha + 1);
                if probe > alpha && !self.aborted {
                    self.expected_cut[1] = false;
                    self.child(pos, depth - 1, 1, alpha, beta)
                } else {
                    probe
                }
            };
            pos.unmake(undo);
            if self.aborted {
                break;
            }
            if value > alpha {
                alpha = value;
                best = Some((value, i));
                self.pv.update(0, mv);
                if value >= beta {
                    break;
                }
            }
        }
        let (score, index) = best?;
        root[..=index].rotate_right(1);
        let key = self.tables().key(pos);
        if !self.aborted {
            let bound = match score {
                s if s >= beta => crate::tt::Bound::Lower,
                s if s > original_alpha => crate::tt::Bound::Exact,
                _ => crate::tt::Bound::Upper,
            };
            self.tt.store(key, depth, crate::score::to_table(score, 0), bound, Some(root[0]));
        }
        Some((score, root[0]))
    }

    /// Whether to stop deepening after a completed iteration: a mate found within the
    /// depth searched, a single legal move under a time limit, or half the time used.
    fn iteration_is_enough(&self, score: Score, depth: u32, root_moves: usize, limits: Limits, start: Instant) -> bool {
        let mate_found = self.chance.is_none() && is_mate_score(score) && (MATE - score.abs()) as u32 <= depth;
        let forced = root_moves == 1 && limits.time.is_some();
        let half_time_used = limits.time.is_some_and(|t| start.elapsed() * 2 > t);
        mate_found || forced || half_time_used
    }

    /// Checks the limits now and then; true once the search must stop.
    #[inline]
    pub(crate) fn should_stop(&mut self) -> bool {
        if self.aborted {
            return true;
        }
        let out_of_nodes = self.node_limit.is_some_and(|n| self.nodes >= n);
        let polled = self.nodes & self.poll_mask == 0;
        self.aborted = out_of_nodes || (polled && (self.stop.is_raised() || self.past_deadline()));
        self.aborted
    }

    /// Looks at the clock and the stop flag now, not at the next poll: before a chance node,
    /// whose expansion runs the variant's hook once per dice sequence and may be slow, so a
    /// slow hook cannot carry the search far past its time. True once the search must stop.
    pub(crate) fn out_of_time_now(&mut self) -> bool {
        self.aborted |= self.stop.is_raised() || self.past_deadline();
        self.aborted
    }

    fn past_deadline(&self) -> bool {
        self.deadline.is_some_and(|d| Instant::now() >= d)
    }

    /// Orders the moves of `ply` (already generated) for `pos`, without looking for
    /// threatened pieces (the capture search's moves).
    pub(crate) fn score_moves(&mut self, pos: &Position, ply: usize, table_move: Option<Move>) {
        let tables = self.tables.as_deref().expect("prepare() builds the tables");
        self.ordering.score_moves(tables, pos, self.frames.frame_mut(ply), table_move, ply, &[]);
    }

    /// Orders the moves of `ply` (already generated) for `pos`, a threatened piece's escapes
    /// first among the quiet moves (see `threats`).
    pub(crate) fn order_moves(&mut self, pos: &mut Position, ply: usize, table_move: Option<Move>, in_check: bool) {
        self.note_threats(pos, in_check);
        let tables = self.tables.as_deref().expect("prepare() builds the tables");
        self.ordering.score_moves(tables, pos, self.frames.frame_mut(ply), table_move, ply, &self.threatened);
    }
}
