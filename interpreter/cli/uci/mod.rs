//! `holechess uci`: the Universal Chess Interface, as Fairy-Stockfish speaks it, for every
//! variant (`setoption name UCI_Variant value NAME|PATH`). Commands are read line by line
//! from standard input; the search runs on its own thread so `stop`, `isready` and `quit`
//! are answered while it thinks. Bad input is answered with `info string error: ...` and
//! the session goes on. The wire forms (transit moves, passes, dice) are in
//! docs/engine-protocols.md.

mod go;
mod info;
mod options;
mod position;

use std::io::BufRead;

use holechess_ai::Searcher;
use holechess_kernel::perft::perft_divide;
use holechess_kernel::DrawClaim;

use crate::commands::Outcome;
use crate::protocol::board::result_line;
use crate::protocol::move_text::PASS;
use crate::protocol::search_job::SearchJob;
use crate::protocol::EngineBoard;

use go::{parse_go, Go};
use info::UciReporter;
use options::EngineOptions;

/// The variant a session starts with.
const DEFAULT_VARIANT: &str = "chess";

/// A UCI session: the game the GUI set up, the searcher, and the search running now.
struct Uci {
    board: EngineBoard,
    options: EngineOptions,
    searcher: Option<Box<Searcher>>,
    job: Option<SearchJob>,
}

pub fn run() -> Result<Outcome, String> {
    let board = EngineBoard::load(DEFAULT_VARIANT)?;
    let options = EngineOptions::default();
    let searcher = Some(options.new_searcher(&board));
    let mut uci = Uci { board, options, searcher, job: None };
    for line in std::io::stdin().lock().split(b'\n') {
        let line = line.map_err(|e| format!("cannot read standard input: {e}"))?;
        let text = String::from_utf8_lossy(&line);
        if !uci.command(text.trim()) {
            uci.stop_search();
            return Ok(Outcome::Ok);
        }
    }
    // The input ended without `quit`: a search with limits finishes and answers first.
    if let Some(job) = uci.job.take() {
        job.finish();
    }
    Ok(Outcome::Ok)
}

impl Uci {
    /// Runs one command line; false after `quit`.
    fn command(&mut self, line: &str) -> bool {
        let words: Vec<&str> = line.split_whitespace().collect();
        let Some((&name, rest)) = words.split_first() else { return true };
        let answer = match name {
            "uci" => {
                self.options.announce();
                Ok(())
            }
            "isready" => {
                println!("readyok");
                Ok(())
            }
            "ucinewgame" => self.new_game(),
            "setoption" => self.set_option(rest),
            "position" => self.set_position(rest),
            "go" => self.go(rest),
            "stop" => {
                self.stop_search();
                Ok(())
            }
            "ponderhit" => Ok(()),
            "d" => {
                self.show();
                Ok(())
            }
            "quit" => return false,
            other => Err(format!("unknown command `{}`", clip(other))),
        };
        if let Err(message) = answer {
            println!("info string error: {}", single_line(&message));
        }
        true
    }

    fn new_game(&mut self) -> Result<(), String> {
        self.stop_search();
        if let Some(searcher) = self.searcher.as_mut() {
            searcher.new_game();
        }
        self.board.set_start(&[])
    }

    fn set_option(&mut self, words: &[&str]) -> Result<(), String> {
        self.stop_search();
        let change = self.options.set(words)?;
        if let Some(board) = change.board {
            self.board = board;
            println!("info string variant {} startpos {}", self.board.rules().id(), self.board.position().fen());
        }
        if change.board_or_table {
            self.searcher = Some(self.options.new_searcher(&self.board));
        }
        Ok(())
    }

    fn set_position(&mut self, words: &[&str]) -> Result<(), String> {
        self.stop_search();
        position::set(&mut self.board, words)
    }

    fn go(&mut self, words: &[&str]) -> Result<(), String> {
        self.stop_search();
        let pos = self.board.position().clone();
        match parse_go(words, pos.side_to_move())? {
            Go::Perft(depth) => self.perft(depth),
            Go::Search { limits, ending } => {
                let searcher = self.searcher.take().unwrap_or_else(|| self.options.new_searcher(&self.board));
                let reporter =
                    UciReporter { root: pos.clone(), rules: self.board.rules().clone(), reported_nodes: None };
                self.job = Some(SearchJob::start(searcher, pos, limits, ending, reporter));
                Ok(())
            }
        }
    }

    /// `go perft N`: each root move with its count, then the total, as Stockfish prints them.
    fn perft(&mut self, depth: u32) -> Result<(), String> {
        let mut pos = self.board.position().clone();
        let hooks = &self.board.rules().hooks;
        hooks.take_special_error();
        let rows: Vec<(String, u64)> = match depth {
            0 => Vec::new(),
            _ => perft_divide(&mut pos, depth).into_iter().map(|(mv, n)| (wire_text(mv), n)).collect(),
        };
        if let Some(error) = hooks.take_special_error() {
            return Err(format!("the special-moves hook failed: {error}"));
        }
        for (mv, n) in &rows {
            println!("{mv}: {n}");
        }
        let total = match depth {
            0 => 1,
            _ => rows.iter().map(|(_, n)| n).sum(),
        };
        println!();
        println!("Nodes searched: {total}");
        println!();
        Ok(())
    }

    /// Stops the running search (it prints its `bestmove`) and takes its searcher back.
    fn stop_search(&mut self) {
        if let Some(job) = self.job.take() {
            self.searcher = Some(job.stop());
        }
    }

    fn show(&self) {
        println!("Variant: {}", self.board.rules().id());
        println!("Fen: {}", self.board.position().fen());
        // K7: a draw the side to move may claim, where the variant keeps the rule; a client
        // claims it by ending the game.
        let claim = match self.board.position().claimable_draw() {
            Some(DrawClaim::FiftyMoves) => "50-move rule",
            Some(DrawClaim::Repetition) => "threefold repetition",
            None => "-",
        };
        println!("Draw claim: {claim}");
        let result = result_line(self.board.position()).unwrap_or_else(|| "*".to_string());
        println!("Result: {result}");
    }
}

/// The kernel's long algebraic text of a root move as the wire writes it (a pass `0000`).
fn wire_text(lan: String) -> String {
    match lan.as_str() {
        "--" => PASS.to_string(),
        _ => lan,
    }
}

/// A message on one line (an `info string` ends at the line's end).
fn single_line(text: &str) -> String {
    text.split('\n').map(str::trim).filter(|l| !l.is_empty()).collect::<Vec<_>>().join(" | ")
}

/// At most 40 characters of a word an error quotes.
fn clip(word: &str) -> String {
    match word.char_indices().nth(40) {
        Some((cut, _)) => format!("{}...", &word[..cut]),
        None => word.to_string(),
    }
}
