//! `holechess play VARIANT [--seed N] [--ai SIDE] [--level N] [--fen FEN] [--holes SQUARES]`: a game
//! at the terminal. On a terminal it is a line editor with completion and a history file;
//! when standard input is not a terminal it reads commands line by line, with no prompt,
//! so that a session can be scripted (and, with `--seed`, repeated exactly). A scripted
//! session exits 1 if any line was rejected, else 0.

mod advice;
mod autosave;
mod complete;
mod date;
mod earlier_plies;
mod exits;
mod explain;
mod input;
mod interrupt;
mod movetext;
mod overwrite;
mod record_header;
mod records;
mod script_hint;
mod session;
mod setup;
mod show;
mod typed;
mod wording;

use std::io::IsTerminal;

use holechess_kernel::Side;
use holechess_repl::command;
use holechess_runtime::PlayableVariant;

use crate::commands::Outcome;
use input::LineSource;
use session::{Flow, Session};
pub use show::terminal_width;
use show::Style;

#[derive(Debug)]
pub struct PlayConfig {
    pub variant: String,
    /// Dice seed; from the clock when absent.
    pub seed: Option<u64>,
    pub ai: AiSides,
    pub level: u8,
    pub holes: Option<String>,
    /// The start position, when not the variant's.
    pub fen: Option<String>,
}

/// The sides the computer plays.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct AiSides {
    pub white: bool,
    pub black: bool,
}

impl AiSides {
    pub const WHITE: AiSides = AiSides { white: true, black: false };
    pub const BLACK: AiSides = AiSides { white: false, black: true };
    pub const BOTH: AiSides = AiSides { white: true, black: true };
    pub const NONE: AiSides = AiSides { white: false, black: false };

    /// `white`, `black`, `both` or `none`.
    pub fn parse(text: &str) -> Option<AiSides> {
        match text.trim().to_ascii_lowercase().as_str() {
            "white" | "w" => Some(AiSides::WHITE),
            "black" | "b" => Some(AiSides::BLACK),
            "both" => Some(AiSides::BOTH),
            "none" | "off" => Some(AiSides::NONE),
            _ => None,
        }
    }

    pub fn plays(self, side: Side) -> bool {
        match side {
            Side::White => self.white,
            Side::Black => self.black,
        }
    }

    pub fn both(self) -> bool {
        self.white && self.black
    }
}

pub fn run(config: &PlayConfig) -> Result<Outcome, String> {
    crate::spelling::check_variant_name(&config.variant)?;
    let rules = PlayableVariant::load(&config.variant)?;
    let seed = config.seed.unwrap_or_else(clock_seed);
    let interactive = std::io::stdin().is_terminal();
    let mut session = Session::new(rules, seed, config.ai, config.level, Style::detect());
    if interactive {
        session.set_interactive();
        interrupt::install();
    }
    if let Some(fen) = &config.fen {
        session.start_from_fen(fen).map_err(|e| format!("--fen: {e}"))?;
    }
    if let Some(holes) = &config.holes {
        session.holes(holes).map_err(|e| format!("--holes: {e}"))?;
    } else {
        session.start();
    }
    let mut source = LineSource::open(interactive);
    while let Some(line) = source.next_line(&mut session) {
        if session.handle(&line) == Flow::Quit {
            break;
        }
    }
    session.leave_game();
    source.close();
    Ok(match (interactive, session.rejected) {
        (false, n) if n > 0 => Outcome::Invalid,
        _ => Outcome::Ok,
    })
}

/// A seed from the clock, for games without `--seed`.
fn clock_seed() -> u64 {
    let now = std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).unwrap_or_default();
    now.as_secs() ^ u64::from(now.subsec_nanos())
}
