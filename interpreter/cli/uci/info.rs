//! What the engine says while and after it searches: `info depth ... pv ...` after every
//! iteration and `bestmove X [ponder Y]` at the end, the moves written as on the wire.

use std::sync::Arc;

use holechess_ai::{mate_in_moves, SearchResult};
use holechess_kernel::{Move, Position};
use holechess_runtime::PlayableVariant;

use crate::protocol::move_text::{write_move, PASS};
use crate::protocol::search_job::SearchReporter;

/// Prints a UCI search's progress and answer for the root position.
pub struct UciReporter {
    pub root: Position,
    pub rules: Arc<PlayableVariant>,
    /// Nodes of the last `info` line printed (the final line is not repeated).
    pub reported_nodes: Option<u64>,
}

impl SearchReporter for UciReporter {
    fn iteration(&mut self, result: &SearchResult) {
        self.reported_nodes = Some(result.nodes);
        println!("{}", info_line(&self.root, result, self.line_goes_on()));
    }

    fn finished(&mut self, result: &SearchResult) {
        if let Some(error) = self.rules.hooks.take_special_error() {
            println!("info string error: the special-moves hook failed during the search: {error}");
        }
        if result.depth > 0 && self.reported_nodes != Some(result.nodes) {
            println!("{}", info_line(&self.root, result, self.line_goes_on()));
        }
        println!("{}", bestmove_line(&self.root, result, self.line_goes_on()));
    }
}

impl UciReporter {
    /// Whether the line goes on past its first move as it is played: in a variant that
    /// rolls dice, the position after a move depends on the roll, so the line is one move.
    fn line_goes_on(&self) -> bool {
        !self.rules.has_events()
    }
}

/// `info depth 5 seldepth 9 score cp 31 nodes 12000 nps 400000 time 30 pv e2e4 e7e5`.
pub fn info_line(root: &Position, result: &SearchResult, whole_line: bool) -> String {
    let millis = result.elapsed.as_millis().max(1);
    let nps = u128::from(result.nodes) * 1000 / millis;
    let score = match mate_in_moves(result.score) {
        Some(moves) => format!("mate {moves}"),
        None => format!("cp {}", result.score),
    };
    let pv = pv_text(root, &result.pv, whole_line);
    let pv = if pv.is_empty() { String::new() } else { format!(" pv {}", pv.join(" ")) };
    format!(
        "info depth {} seldepth {} multipv 1 score {score} nodes {} nps {nps} time {}{pv}",
        result.depth.max(1),
        result.seldepth.max(result.depth),
        result.nodes,
        result.elapsed.as_millis()
    )
}

/// `bestmove e2e4 ponder e7e5`, `bestmove 0000` for a forced pass, `bestmove (none)` when
/// the game is over (K9) or the side to move has no move.
pub fn bestmove_line(root: &Position, result: &SearchResult, whole_line: bool) -> String {
    if root.status().is_over() {
        return "bestmove (none)".to_string();
    }
    let Some(best) = result.best_move else {
        return match root.is_legal(Move::Pass) {
            true => format!("bestmove {PASS}"),
            false => "bestmove (none)".to_string(),
        };
    };
    let line = pv_text(root, &result.pv, whole_line);
    let first = write_move(root, best);
    match line.as_slice() {
        [head, ponder, ..] if *head == first => format!("bestmove {first} ponder {ponder}"),
        _ => format!("bestmove {first}"),
    }
}

/// The line's moves as long as each is legal where it is played (the whole line, or its
/// first move only).
fn pv_text(root: &Position, pv: &[Move], whole_line: bool) -> Vec<String> {
    let mut pos = root.clone();
    let mut texts = Vec::new();
    for &mv in pv.iter().take(if whole_line { pv.len() } else { 1 }) {
        if !pos.is_legal(mv) {
            break;
        }
        texts.push(write_move(&pos, mv));
        pos.play_unchecked(mv);
    }
    texts
}
