//! The command line as clap sees it. Nothing outside this file and `config.rs` knows clap.

use std::path::PathBuf;

use clap::{Parser, Subcommand, ValueEnum};

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
        /// Depth in plies.
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
        /// Worker threads (default: all cores).
        #[arg(long, short = 'j')]
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
        #[arg(long, default_value_t = 3)]
        level: u8,
        /// A custom token layout before the first move, e.g. "c3 f3 c6 f6".
        #[arg(long)]
        holes: Option<String>,
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
        /// The two levels, e.g. `3,1`.
        #[arg(long, value_delimiter = ',', num_args = 1, required = true)]
        levels: Vec<u8>,
        /// Number of games (colours alternate).
        #[arg(long, default_value_t = 20)]
        games: u32,
        /// Seed of the openings and the dice.
        #[arg(long, default_value_t = 1)]
        seed: u64,
        /// At most this many milliseconds per move.
        #[arg(long)]
        time_ms: Option<u64>,
    },
    /// Run the speed benchmarks and print the figures the README reports.
    Bench {
        /// Perft depth on the orthodox start position.
        #[arg(long, default_value_t = 6)]
        chess_depth: u32,
        /// Perft depth for the hole variants.
        #[arg(long, default_value_t = 4)]
        hole_depth: u32,
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
