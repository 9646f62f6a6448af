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
//! - no draw rules inside the search, no random events (a chance model is ignored), and
//!   no time limit: only the stop flag ends it early, with the best root move so far.

use std::sync::Arc;
use std::time::Instant;

use holechess_kernel::{MoveList, Position};

use crate::classic_eval::classic_evaluate;
use crate::limits::StopFlag;
use crate::outcome::{no_moves, NoMoves};
use crate::score::{Score, INFINITY};
use crate::search::SearchResult;
use crate::tables::VariantTables;

/// The depth of level 1, in plies.
pub const CLASSIC_DEPTH: u32 = 3;

/// The level-1 player.
pub struct ClassicPlayer {
    tables: Option<Arc<VariantTables>>,
    lists: Vec<MoveList>,
    nodes: u64,
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
            nodes: 0,
            stop: StopFlag::new(),
        }
    }

    /// The flag that stops the search (lowered when a search starts).
    pub fn stop_flag(&self) -> StopFlag {
        self.stop.clone()
    }

    /// The level-1 move of `pos`, with its minimax score.
    pub fn choose(&mut self, pos: &Position) -> SearchResult {
        let start = Instant::now();
        if !self.tables.as_ref().is_some_and(|t| t.is_for(pos.variant())) {
            self.tables = Some(Arc::new(VariantTables::new(pos.variant())));
        }
        self.stop.lower();
        self.nodes = 1;
        let mut pos = pos.clone();
        let mut root = MoveList::new();
        pos.generate_legal(&mut root);
        let mut best_move = None;
        let mut best = -INFINITY;
        for &mv in root.iter() {
            if self.stop.is_raised() && best_move.is_some() {
                break;
            }
            let undo = pos.make(mv);
            let tables = self.tables.as_deref().expect("built above");
            let value = -minimax(
                tables,
                &mut self.lists[1..],
                &mut self.nodes,
                &mut pos,
                CLASSIC_DEPTH - 1,
                1,
                -INFINITY,
                -best,
            );
            pos.unmake(undo);
            if value > best {
                best = value;
                best_move = Some(mv);
            }
        }
        if best_move.is_none() {
            best = self.no_move_score(&pos, 0);
        }
        SearchResult {
            best_move,
            score: best,
            depth: CLASSIC_DEPTH,
            nodes: self.nodes,
            elapsed: start.elapsed(),
            pv: best_move.into_iter().collect(),
        }
    }

    fn no_move_score(&self, pos: &Position, ply: usize) -> Score {
        no_move_score(self.tables.as_deref().expect("choose() builds the tables"), pos, ply)
    }
}

/// Minimax (by alpha-beta) of `pos` for the side to move, `depth` plies; `lists[0]` holds
/// this node's moves, the rest the deeper plies'.
#[allow(clippy::too_many_arguments)]
fn minimax(
    tables: &VariantTables,
    lists: &mut [MoveList],
    nodes: &mut u64,
    pos: &mut Position,
    depth: u32,
    ply: usize,
    mut alpha: Score,
    beta: Score,
) -> Score {
    *nodes += 1;
    let (list, deeper) = lists.split_first_mut().expect("one list per ply");
    pos.generate_legal(list);
    if list.is_empty() {
        return no_move_score(tables, pos, ply);
    }
    if depth == 0 {
        return classic_evaluate(tables, pos);
    }
    let mut best = -INFINITY;
    for &mv in list.iter() {
        let undo = pos.make(mv);
        let value = -minimax(tables, deeper, nodes, pos, depth - 1, ply + 1, -beta, -alpha);
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

fn no_move_score(tables: &VariantTables, pos: &Position, ply: usize) -> Score {
    match no_moves(pos, pos.is_check(), ply) {
        NoMoves::Score(s) => s,
        NoMoves::MustPass => classic_evaluate(tables, pos),
    }
}
