//! What the engine says while and after it searches in XBoard mode: thinking lines
//! (`ply score time nodes pv`, with `post`), then `move X` played on the engine's copy of
//! the board (in a variant that rolls, with the faces the engine rolled: `move e2e4:6,5`),
//! and the result when the move ends the game.

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};

use holechess_ai::{mate_in_moves, SearchResult};
use holechess_kernel::Position;

use crate::protocol::board::result_line;
use crate::protocol::move_text::write_move;
use crate::protocol::search_job::SearchReporter;
use crate::protocol::EngineBoard;

/// XBoard's mate scores: 100000 + moves to mate.
const XBOARD_MATE: i32 = 100_000;

pub struct XboardReporter {
    /// The game before the engine's move; the move is played on it.
    pub board: EngineBoard,
    pub post: bool,
    /// Where the board after the move is left for the session.
    pub played: Arc<Mutex<Option<EngineBoard>>>,
    /// Raised when the GUI moved on: the search answers nothing.
    pub silenced: Arc<AtomicBool>,
}

impl SearchReporter for XboardReporter {
    fn iteration(&mut self, result: &SearchResult) {
        if self.post && !self.silenced.load(Ordering::Relaxed) {
            println!("{}", thinking_line(self.board.position(), result));
        }
    }

    fn finished(&mut self, result: &SearchResult) {
        if self.silenced.load(Ordering::Relaxed) {
            return;
        }
        if let Some(error) = self.board.rules().hooks.take_special_error() {
            println!("telluser error: the special-moves hook failed during the search: {error}");
        }
        let Some(best) = result.best_move else { return };
        let mut board = self.board.clone();
        match board.play(&write_move(board.position(), best), true) {
            Ok(text) => println!("move {text}"),
            Err(error) => {
                println!("telluser error: the engine's own move failed: {error}");
                return;
            }
        }
        if let Some(end) = result_line(board.position()) {
            println!("{end}");
        }
        if let Ok(mut slot) = self.played.lock() {
            *slot = Some(board);
        }
    }
}

/// `9 31 150 120000 e2e4 e7e5`: depth, score, centiseconds, nodes, the line's first move.
fn thinking_line(root: &Position, result: &SearchResult) -> String {
    let score = match mate_in_moves(result.score) {
        Some(moves) if moves > 0 => XBOARD_MATE + moves,
        Some(moves) => -XBOARD_MATE + moves,
        None => result.score,
    };
    let pv = result.best_move.map(|mv| write_move(root, mv)).unwrap_or_default();
    format!("{} {score} {} {} {pv}", result.depth, result.elapsed.as_millis() / 10, result.nodes)
}
