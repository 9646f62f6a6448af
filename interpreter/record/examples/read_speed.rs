//! Measures the PGN reader: for each file (or every file in each directory) given, prints
//! games, plies, syntax problems and stray texts, then the total throughput.
//!
//! `cargo run --release -p holechess-record --example read_speed -- tests/fixtures/pgn/real`

use std::path::{Path, PathBuf};
use std::time::Instant;

use holechess_record::{PgnReader, ReadError};

#[derive(Default)]
struct Tally {
    games: usize,
    plies: usize,
    problems: usize,
}

fn main() {
    let files: Vec<PathBuf> = std::env::args().skip(1).flat_map(expand).collect();
    let (mut total, mut bytes) = (Tally::default(), 0u64);
    let started = Instant::now();
    for file in &files {
        let tally = read_file(file);
        bytes += std::fs::metadata(file).map_or(0, |meta| meta.len());
        println!("{}\t{} games\t{} plies\t{} problems", file.display(), tally.games, tally.plies, tally.problems);
        total.games += tally.games;
        total.plies += tally.plies;
        total.problems += tally.problems;
    }
    let seconds = started.elapsed().as_secs_f64();
    println!(
        "total: {} games, {} plies, {} problems, {:.1} MB in {:.3} s: {:.0} MB/s, {:.0} plies/s",
        total.games,
        total.plies,
        total.problems,
        bytes as f64 / 1e6,
        seconds,
        bytes as f64 / 1e6 / seconds,
        total.plies as f64 / seconds
    );
}

fn expand(argument: String) -> Vec<PathBuf> {
    let path = PathBuf::from(argument);
    if !path.is_dir() {
        return vec![path];
    }
    let mut files: Vec<PathBuf> = std::fs::read_dir(&path)
        .expect("readable directory")
        .filter_map(|entry| entry.ok().map(|entry| entry.path()))
        .filter(|path| path.is_file())
        .collect();
    files.sort();
    files
}

fn read_file(path: &Path) -> Tally {
    let mut tally = Tally::default();
    let reader = match PgnReader::open(path) {
        Ok(reader) => reader,
        Err(error) => {
            eprintln!("{}: {error}", path.display());
            return tally;
        }
    };
    for item in reader {
        match item {
            Ok(record) => {
                tally.games += 1;
                tally.plies += record.game.moves.len();
                if let Some(problem) = record.problem {
                    tally.problems += 1;
                    if std::env::var_os("SHOW_PROBLEMS").is_some() {
                        eprintln!("{}: game {}: {problem}", path.display(), record.number);
                    }
                }
            }
            Err(ReadError::NoGames { .. }) => eprintln!("{}: no PGN games found", path.display()),
            Err(error) => eprintln!("{}: {error}", path.display()),
        }
    }
    tally
}
