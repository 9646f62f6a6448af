//! Level 1: the opponent Standard Portal Chess v1.1 describes ("a minimax algorithm with a
//! search depth of 3, evaluating moves based on piece value, center control, and
//! mobility"), made exact:
//!
//! - a full-width minimax of exactly [`CLASSIC_DEPTH`] = 3 plies over every legal move
//!   (transits with every exit included), computed with alpha-beta, which returns the same
//!   value and the same move as plain minimax;
//! - no quiescence, no transposition table, no move ordering: moves are tried in the
//!   kernel's generation order, and the root keeps the first move of the best score (a
//!   later move must score strictly better), so the choice is deterministic;
//! - a node with no legal move scores as mate (`-(MATE - ply)`, so nearer mates score
//!   higher) when the side to move is in check, otherwise by the variant's stalemate rule
//!   (draw 0, loss like mate; a forced pass is scored statically); this is checked at every
//!   node, the leaves at depth 3 included;
//! - other leaves score [`crate::classic_evaluate`] (whole-pawn material, centre pieces and
//!   control, mobility, a check bonus: the formula is on that function's module);
//! - no draw rules inside the search, no random events (a chance model is ignored);
//! - a time limit, [`CLASSIC_TIME`] (1 s) unless the caller gives less: a depth-1 pass
//!   picks a move first, then the depth-3 minimax runs against the clock; if the clock (or
//!   the stop flag) ends it early, the best root move it finished is played, else the
//!   depth-1 move. Within the time the result is the exact minimax above.

use std::sync::Arc;
use std::time::{Duration, Instant};

use holechess_kernel::{Move, MoveList, Position};

use crate::classic_eval::classic_evaluate;
use crate::limits::{poll_interval, Clock, StopFlag};
use crate::score::{Score, INFINITY};
use crate::search::SearchResult;
use crate::standing::no_moves;
use crate::tables::VariantTables;

/// The depth of level 1, in plies.
pub const CLASSIC_DEPTH: u32 = 3;
/// The most time level 1 takes for a move (the README's promise).
pub const CLASSIC_TIME: Duration = Duration::from_secs(1);

/// The level-1 player.
pub struct ClassicPlayer {
    tables: Option<Arc<VariantTables>>,
    lists: Vec<MoveList>,
    stop: StopFlag,
}

impl Default for ClassicPlayer {
    fn default() -> ClassicPlayer {
        ClassicPlayer::new()
    }
}

impl ClassicPlayer {
    pub fn new() -> ClassicPlayer {
        ClassicPlayer {
            tables: None,
            lists: (0..=CLASSIC_DEPTH).map(|_| MoveList::new()).collect(),
            stop: StopFlag::new(),
        }
    }

    /// The flag that stops the search (lowered when a search starts).
    pub fn stop_flag(&self) -> StopFlag {
        self.stop.clone()
    }

    /// The level-1 move of `pos`, with its minimax score, within [`CLASSIC_TIME`].
    pub fn choose(&mut self, pos: &Position) -> SearchResult {
        self.choose_within(pos, CLASSIC_TIME)
    }

    /// The level-1 move of `pos` within `time` (at most [`CLASSIC_TIME`]): the exact
    /// depth-3 minimax when it finishes in time, else the best move found so far.
    pub fn choose_within(&mut self, pos: &Position, time: Duration) -> SearchResult {
        let start = Instant::now();
        if !self.tables.as_ref().is_some_and(|t| t.is_for(pos.variant())) {
            self.tables = Some(Arc::new(VariantTables::new(pos.variant())));
        }
        self.stop.lower();
        let poll = poll_interval(pos.variant());
        let mut clock = Clock::new(Some(start + time.min(CLASSIC_TIME)), self.stop.clone()).polling_every(poll);
        let mut pos = pos.clone();
        let mut root = MoveList::new();
        pos.generate_legal(&mut root);
        // The depth-1 pass runs to its end unless the time runs out inside it (a slow hook):
        // then the first root move stands in for it.
        let mut pass_clock = Clock::new(clock.deadline(), StopFlag::new()).polling_every(poll);
        let fallback = self
            .root_pass(&mut pos, &root, 1, &mut pass_clock)
            .filter(|_| !pass_clock.expired())
            .or_else(|| root.iter().next().map(|&mv| (0, mv)));
        // The depth reported is the last pass completed: a depth-3 pass cut by the clock still
        // gives its best finished move, but it is not a completed depth 3.
        let (chosen, depth) = match self.root_pass(&mut pos, &root, CLASSIC_DEPTH, &mut clock) {
            Some(found) if !clock.expired() => (Some(found), CLASSIC_DEPTH),
            Some(found) => (Some(found), 1),
            None => (fallback, 1),
        };
        let (mut best, best_move) = chosen.map_or((-INFINITY, None), |(score, mv)| (score, Some(mv)));
        if best_move.is_none() {
            best = no_moves(&pos, pos.is_check(), 0);
        }
        SearchResult {
            best_move,
            score: best,
            depth,
            seldepth: depth,
            nodes: clock.nodes() + 1,
            elapsed: start.elapsed(),
            pv: best_move.into_iter().collect(),
        }
    }

    /// The best root move at `depth` (the first of the best score, in generation order),
    /// over the root moves searched before the clock expired; `None` when none was.
    fn root_pass(
        &mut self,
        pos: &mut Position,
        root: &MoveList,
        depth: u32,
        clock: &mut Clock,
    ) -> Option<(Score, Move)> {
        let tables = self.tables.as_deref().expect("choose() builds the tables");
        let mut best: Option<(Score, Move)> = None;
        for &mv in root.iter() {
            let bound = best.map_or(-INFINITY, |(score, _)| score);
            let undo = pos.make(mv);
            let value = -minimax(tables, &mut self.lists[1..], clock, pos, depth - 1, 1, -INFINITY, -bound);
            pos.unmake(undo);
            if clock.expired() {
                break;
            }
            if value > bound || best.is_none() {
                best = Some((value, mv));
            }
        }
        best
    }
}

/// Minimax (by alpha-beta) of `pos` for the side to move, `depth` plies; `lists[0]` holds
/// this node's moves, the rest the deeper plies'.
#[allow(clippy::too_many_arguments)]
fn minimax(
    tables: &VariantTables,
    lists: &mut [MoveList],
    clock: &mut Clock,
    pos: &mut Position,
    depth: u32,
    ply: usize,
    mut alpha: Score,
    beta: Score,
) -> Score {
    if clock.tick() {
        return 0;
    }
    let (list, deeper) = lists.split_first_mut().expect("one list per ply");
    pos.generate_legal(list);
    if list.is_empty() {
        return no_moves(pos, pos.is_check(), ply);
    }
    if depth == 0 {
        return classic_evaluate(tables, pos);
    }
    let mut best = -INFINITY;
    for &mv in list.iter() {
        let undo = pos.make(mv);
        let value = -minimax(tables, deeper, clock, pos, depth - 1, ply + 1, -beta, -alpha);
        pos.unmake(undo);
        if value > best {
            best = value;
            alpha = alpha.max(value);
            if alpha >= beta {
                break;
            }
        }
    }
    best
}
