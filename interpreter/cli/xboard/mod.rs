//! `holechess xboard`: the Chess Engine Communication Protocol (XBoard/WinBoard, version 2)
//! for every variant. The engine keeps the game: the GUI sends `usermove`s, the engine
//! answers `move X` when it is on move and not in force mode. The search runs on its own
//! thread so `?` (move now) is answered while it thinks. The wire forms are in
//! docs/engine-protocols.md.

mod reporter;
mod time_control;

use std::io::BufRead;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};

use holechess_ai::{SearchConfig, Searcher};
use holechess_kernel::Side;

use crate::commands::Outcome;
use crate::event_chance::EventChance;
use crate::protocol::search_job::{Ending, SearchJob};
use crate::protocol::EngineBoard;

use crate::protocol::board::result_line;
use reporter::XboardReporter;
use time_control::TimeControl;

/// The variant `new` starts.
const DEFAULT_VARIANT: &str = "chess";
/// XBoard's name for orthodox chess.
const NORMAL: &str = "normal";

/// An engine move being searched: the job, the board the move is played on, and the
/// flag that makes a stopped search answer nothing.
struct Thinking {
    job: SearchJob,
    played: Arc<Mutex<Option<EngineBoard>>>,
    silenced: Arc<AtomicBool>,
}

/// An XBoard session.
struct Xboard {
    board: EngineBoard,
    searcher: Option<Box<Searcher>>,
    thinking: Option<Thinking>,
    /// The side the engine plays; `None` in force mode.
    engine_side: Option<Side>,
    time: TimeControl,
    post: bool,
}

pub fn run() -> Result<Outcome, String> {
    let board = EngineBoard::load(DEFAULT_VARIANT)?;
    let searcher = Some(new_searcher(&board));
    let mut xboard = Xboard {
        board,
        searcher,
        thinking: None,
        engine_side: Some(Side::Black),
        time: TimeControl::default(),
        post: false,
    };
    for line in std::io::stdin().lock().split(b'\n') {
        let line = line.map_err(|e| format!("cannot read standard input: {e}"))?;
        let text = String::from_utf8_lossy(&line);
        if !xboard.command(text.trim()) {
            break;
        }
    }
    xboard.collect(true);
    Ok(Outcome::Ok)
}

impl Xboard {
    /// Runs one command line; false after `quit`.
    fn command(&mut self, line: &str) -> bool {
        let (name, rest) = line.split_once(char::is_whitespace).unwrap_or((line, ""));
        let rest = rest.trim();
        let answer = match name {
            "" => Ok(()),
            "xboard" | "accepted" | "rejected" | "hard" | "easy" | "random" | "computer" | "name" | "rating"
            | "ics" | "draw" | "otim" | "white" | "black" | "cores" | "memory" => Ok(()),
            "protover" => {
                features();
                Ok(())
            }
            "ping" => {
                println!("pong {rest}");
                Ok(())
            }
            "post" => {
                self.post = true;
                Ok(())
            }
            "nopost" => {
                self.post = false;
                Ok(())
            }
            "time" => self.time.set_own_clock(rest),
            "st" => self.time.set_per_move(rest),
            "sd" => self.time.set_depth(rest),
            "level" => self.time.set_level(rest),
            "?" => {
                self.collect(false);
                Ok(())
            }
            "quit" => return false,
            _ => self.game_command(name, rest),
        };
        if let Err(message) = answer {
            println!("Error ({}): {line}", single_line(&message));
        }
        true
    }

    /// A command that reads or changes the game: a running search is stopped first without
    /// answering (the GUI moved on).
    fn game_command(&mut self, name: &str, rest: &str) -> Result<(), String> {
        self.collect(name != "usermove");
        match name {
            "new" => self.new_game(),
            "variant" => self.set_variant(rest),
            "setboard" => self.board.set_fen(rest),
            "force" | "result" => {
                self.engine_side = None;
                Ok(())
            }
            "go" => {
                self.engine_side = Some(self.board.position().side_to_move());
                self.think();
                Ok(())
            }
            "playother" => {
                self.engine_side = Some(self.board.position().side_to_move().opponent());
                Ok(())
            }
            "usermove" => {
                self.user_move(rest);
                Ok(())
            }
            "undo" => self.take_back(1),
            "remove" => self.take_back(2),
            _ if self.board.read(name).is_ok() => {
                self.user_move(name);
                Ok(())
            }
            _ => Err("unknown command".to_string()),
        }
    }

    fn new_game(&mut self) -> Result<(), String> {
        self.board = EngineBoard::load(DEFAULT_VARIANT)?;
        self.searcher = Some(new_searcher(&self.board));
        self.engine_side = Some(Side::Black);
        self.time.clear_depth();
        Ok(())
    }

    fn set_variant(&mut self, name: &str) -> Result<(), String> {
        let name = if name == NORMAL { DEFAULT_VARIANT } else { name };
        self.board = EngineBoard::load(name)?;
        self.searcher = Some(new_searcher(&self.board));
        Ok(())
    }

    /// Plays the GUI's move, then the engine's answer if it is on move.
    fn user_move(&mut self, text: &str) {
        if let Some(end) = result_line(self.board.position()) {
            println!("Illegal move (the game is over: {end}): {text}");
            return;
        }
        if let Err(reason) = self.board.play(text, true) {
            println!("Illegal move ({}): {text}", single_line(&reason));
            return;
        }
        if let Some(end) = result_line(self.board.position()) {
            println!("{end}");
            return;
        }
        self.think();
    }

    fn take_back(&mut self, plies: usize) -> Result<(), String> {
        for _ in 0..plies {
            if !self.board.undo() {
                return Err("no move to take back".to_string());
            }
        }
        Ok(())
    }

    /// Starts searching when the engine is on move (and not in force mode).
    fn think(&mut self) {
        let pos = self.board.position().clone();
        if self.engine_side != Some(pos.side_to_move()) || result_line(&pos).is_some() {
            return;
        }
        let played = Arc::new(Mutex::new(None));
        let silenced = Arc::new(AtomicBool::new(false));
        let reporter = XboardReporter {
            board: self.board.clone(),
            post: self.post,
            played: Arc::clone(&played),
            silenced: Arc::clone(&silenced),
        };
        let limits = self.time.limits(self.board.plies());
        let searcher = self.searcher.take().unwrap_or_else(|| new_searcher(&self.board));
        let job = SearchJob::start(searcher, pos, limits, Ending::AtLimits, reporter);
        self.thinking = Some(Thinking { job, played, silenced });
    }

    /// Ends the running search: it answers its move (which the board then holds) unless
    /// `silently`, in which case the move is dropped.
    fn collect(&mut self, silently: bool) {
        let Some(thinking) = self.thinking.take() else { return };
        if silently {
            thinking.silenced.store(true, Ordering::Relaxed);
        }
        self.searcher = Some(thinking.job.stop());
        let played = thinking.played.lock().map(|mut slot| slot.take()).unwrap_or(None);
        if let Some(board) = played {
            self.board = board;
        }
    }
}

fn new_searcher(board: &EngineBoard) -> Box<Searcher> {
    let mut searcher = Box::new(Searcher::new(SearchConfig::default()));
    searcher.set_chance_model(EventChance::of(board.rules()));
    searcher
}

/// The answer to `protover 2`.
fn features() {
    let variants: Vec<&str> = holechess_lang::sources::bundled_variant_names()
        .into_iter()
        .map(|id| if id == DEFAULT_VARIANT { NORMAL } else { id })
        .collect();
    println!(
        "feature myname=\"holechess {}\" setboard=1 usermove=1 ping=1 sigint=0 sigterm=0 san=0 colors=0 \
         time=1 draw=0 reuse=1 analyze=0 variants=\"{}\" done=1",
        env!("CARGO_PKG_VERSION"),
        variants.join(",")
    );
}

/// A message on one line.
fn single_line(text: &str) -> String {
    text.split('\n').map(str::trim).filter(|l| !l.is_empty()).collect::<Vec<_>>().join(" | ")
}
