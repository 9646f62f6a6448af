//! The command line as clap sees it. Nothing outside this file and `config.rs` knows clap.

use std::path::PathBuf;

use clap::{Parser, Subcommand, ValueEnum};

/// The computer's levels (`holechess_ai::Level::MIN..=MAX`).
const LEVELS: std::ops::RangeInclusive<u8> = 1..=6;
/// Most worker threads `validate` starts.
const MAX_JOBS: usize = 256;
/// Most games one `match` plays.
const MAX_GAMES: i64 = 10_000;
/// Most milliseconds per move a `match` may give (an hour).
const MAX_TIME_MS: u64 = 3_600_000;
/// The deepest perft `bench` measures (deeper never finishes on the start positions).
const MAX_PERFT_DEPTH: i64 = 20;

/// holechess: play, author and validate chess variants with holes in the board.
#[derive(Parser, Debug)]
#[command(name = "holechess", version, about, long_about = None)]
pub struct Cli {
    #[command(subcommand)]
    pub command: CliCommand,
    /// Let variant scripts read files under DIR too (by default a script reads only files in
    /// its own folder tree and the bundled library). May be repeated.
    #[arg(long, global = true, value_name = "DIR")]
    pub allow_path: Vec<PathBuf>,
}

#[derive(Subcommand, Debug)]
pub enum CliCommand {
    /// List the bundled variants with a one-line description each.
    List,
    /// Check variant scripts and print every diagnostic (exit 0 clean, 2 with errors).
    Check {
        /// Script files (.hole).
        #[arg(required = true)]
        files: Vec<PathBuf>,
    },
    /// Count the leaf nodes of the legal move tree (random events off, K6).
    Perft {
        /// A bundled variant name or a path to a .hole file.
        variant: String,
        /// Depth in plies (any: the tree ends where no move is left).
        depth: u32,
        /// Start from this position instead of the variant's start.
        #[arg(long)]
        fen: Option<String>,
        /// Print `MOVE COUNT` for every root move before the total.
        #[arg(long)]
        divide: bool,
        /// Print time and nodes per second to standard error.
        #[arg(long)]
        stats: bool,
    },
    /// Print the legal moves in long algebraic notation, one per line, sorted.
    Moves {
        /// A bundled variant name or a path to a .hole file.
        variant: String,
        /// The position (default: the variant's start).
        #[arg(long)]
        fen: Option<String>,
    },
    /// Replay game records and report every invalid game (exit 0 all valid, 1 any invalid).
    Validate {
        /// A bundled variant name or a path to a .hole file.
        variant: String,
        /// PGN files; `-` reads standard input.
        #[arg(required = true)]
        files: Vec<PathBuf>,
        /// Write one JSON object per game to standard output instead of the text report.
        #[arg(long)]
        json: bool,
        /// Worker threads, 1 to 256 (default: all cores).
        #[arg(long, short = 'j', value_parser = jobs_in_range)]
        jobs: Option<usize>,
    },
    /// Play a variant: moves in SAN or long algebraic, `help` lists the commands. Reads
    /// commands line by line, without a prompt, when standard input is not a terminal.
    Play {
        /// A bundled variant name or a path to a .hole file.
        #[arg(default_value = "chess")]
        variant: String,
        /// Seed of the dice (default: from the clock; the seed is printed).
        #[arg(long)]
        seed: Option<u64>,
        /// Which side the computer plays.
        #[arg(long, value_enum, default_value_t = AiSide::None)]
        ai: AiSide,
        /// The computer's level, 1 (the Standard Portal Chess v1.1 opponent) to 6.
        #[arg(long, default_value_t = 3, value_parser = level_in_range)]
        level: u8,
        /// A custom token layout before the first move, e.g. "c3 f3 c6 f6" (on the --fen
        /// position when both are given).
        #[arg(long)]
        holes: Option<String>,
        /// Start from this position (FEN, with the variant's token field if it has tokens).
        #[arg(long)]
        fen: Option<String>,
    },
    /// Draw a position as an SVG diagram.
    Render {
        /// A bundled variant name or a path to a .hole file.
        variant: String,
        /// The position (default: the variant's start).
        #[arg(long)]
        fen: Option<String>,
        /// Play this move from the position first and highlight it.
        #[arg(long)]
        last: Option<String>,
        /// Output file; `-` is standard output.
        #[arg(short, long, default_value = "-")]
        output: PathBuf,
        /// The heading (default: the variant's title).
        #[arg(long)]
        title: Option<String>,
        /// Draw the board from Black's side.
        #[arg(long)]
        flip: bool,
    },
    /// Play a seeded match between two computer levels and print the score.
    Match {
        /// A bundled variant name or a path to a .hole file.
        variant: String,
        /// The two levels, each 1 to 6, e.g. `3,1`.
        #[arg(long, value_delimiter = ',', num_args = 1, required = true, value_parser = level_in_range)]
        levels: Vec<u8>,
        /// Number of games, 1 to 10000 (colours alternate).
        #[arg(long, default_value_t = 20, value_parser = clap::value_parser!(u32).range(1..=MAX_GAMES))]
        games: u32,
        /// Seed of the openings and the dice.
        #[arg(long, default_value_t = 1)]
        seed: u64,
        /// At most this many milliseconds per move (1 to 3600000).
        #[arg(long, value_parser = clap::value_parser!(u64).range(1..=MAX_TIME_MS))]
        time_ms: Option<u64>,
        /// Write every game, as it finishes, to this file as a record (PGN with its dice)
        /// that `holechess validate` accepts.
        #[arg(long, value_name = "FILE")]
        pgn: Option<PathBuf>,
    },
    /// Describe a variant's rules in words, from its resolved script (after `extends` and
    /// `include`): boards, pieces, tokens, turns, promotion, castling, game end, hooks.
    Rules {
        /// A bundled variant name or a path to a .hole file.
        variant: String,
        /// Print the resolved rules as JSON (schema in docs/rules-json.md).
        #[arg(long)]
        json: bool,
    },
    /// Run a variant's own tests (`NAME.tests` beside the script: perft counts, legal moves,
    /// positions, refusals, record verdicts); exit 0 all pass, 1 a test failed, 2 a broken file.
    Test {
        /// Test files (.tests).
        #[arg(required = true)]
        files: Vec<PathBuf>,
    },
    /// Speak UCI on standard input and output, for chess GUIs and tools (all variants:
    /// `setoption name UCI_Variant value NAME|PATH`; see docs/engine-protocols.md).
    Uci,
    /// Speak the XBoard/CECP protocol on standard input and output (see
    /// docs/engine-protocols.md).
    Xboard,
    /// Run the speed benchmarks and print the figures the README reports.
    Bench {
        /// Perft depth on the orthodox start position (1 to 20).
        #[arg(long, default_value_t = 6, value_parser = clap::value_parser!(u32).range(1..=MAX_PERFT_DEPTH))]
        chess_depth: u32,
        /// Perft depth on Kiwipete (1 to 20).
        #[arg(long, default_value_t = 5, value_parser = clap::value_parser!(u32).range(1..=MAX_PERFT_DEPTH))]
        kiwipete_depth: u32,
        /// Perft depth for the hole variants (1 to 20).
        #[arg(long, default_value_t = 4, value_parser = clap::value_parser!(u32).range(1..=MAX_PERFT_DEPTH))]
        hole_depth: u32,
        /// Orthodox PGN files or folders to validate (default: tests/fixtures/pgn/real).
        #[arg(long, num_args = 1..)]
        pgn: Vec<std::path::PathBuf>,
        /// Random self-play records made per hole variant to validate (1 to 10000).
        #[arg(long, default_value_t = 100, value_parser = clap::value_parser!(u64).range(1..=10000))]
        self_play_games: u64,
        /// A peer validator to time on the same PGN files beside `validate` (a program that
        /// takes the files as arguments, such as the one docs/peers/compare.sh builds);
        /// without it, the one `HOLECHESS_PEER_VALIDATE` names, if set.
        #[arg(long, value_name = "PATH")]
        peer_validate: Option<std::path::PathBuf>,
    },
}

/// Which side the computer plays.
#[derive(ValueEnum, Clone, Copy, Debug, PartialEq, Eq)]
pub enum AiSide {
    White,
    Black,
    Both,
    None,
}

/// A computer level: a whole number 1 to 6.
fn level_in_range(text: &str) -> Result<u8, String> {
    let level = text.trim().parse::<u8>().ok().filter(|level| LEVELS.contains(level));
    level.ok_or_else(|| {
        format!("the level must be a whole number from {} to {}, not `{text}`", LEVELS.start(), LEVELS.end())
    })
}

/// Worker threads: 1 to [`MAX_JOBS`].
fn jobs_in_range(text: &str) -> Result<usize, String> {
    let jobs = text.trim().parse::<usize>().ok().filter(|jobs| (1..=MAX_JOBS).contains(jobs));
    jobs.ok_or_else(|| format!("the number of jobs must be a whole number from 1 to {MAX_JOBS}, not `{text}`"))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ranges_are_enforced_where_they_are_parsed() {
        assert_eq!(level_in_range("6"), Ok(6));
        assert!(level_in_range("7").unwrap_err().contains("1 to 6"));
        assert!(level_in_range("0").is_err());
        assert_eq!(jobs_in_range("2"), Ok(2));
        assert!(jobs_in_range("20000").is_err());
        assert!(jobs_in_range("0").is_err());
        assert_eq!((*LEVELS.start(), *LEVELS.end()), (holechess_ai::Level::MIN.0, holechess_ai::Level::MAX.0));
    }

    #[test]
    fn the_clap_definition_is_consistent() {
        use clap::CommandFactory;
        Cli::command().debug_assert();
    }
}
