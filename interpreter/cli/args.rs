//! The command line as clap sees it. Nothing outside this file and `config.rs` knows clap.

use std::path::PathBuf;

use clap::{Parser, Subcommand};

/// holechess: play, author and validate chess variants with holes in the board.
#[derive(Parser, Debug)]
#[command(name = "holechess", version, about, long_about = None)]
pub struct Cli {
    #[command(subcommand)]
    pub command: CliCommand,
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
