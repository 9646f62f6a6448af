//! The reader against real games: every file's game and ply counts must match its
//! `real-counts.tsv`, with no syntax problem and no stray text. The quick tests read the
//! fixtures (`tests/fixtures/pgn/` at the workspace root); the ignored `full_corpus_*` test
//! reads the full corpus in `../shared/data/pgn/` beside the checkout (`.ci/run` runs it then).

use std::collections::HashMap;
use std::path::{Path, PathBuf};

use holechess_record::PgnReader;

/// The PGN fixtures kept in the repository.
fn fixtures() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../../tests/fixtures/pgn")
}

/// The full corpus beside the checkout.
fn full_corpus() -> PathBuf {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../../shared/data/pgn");
    assert!(dir.is_dir(), "{} is missing: the full_corpus_* tests need the full corpora", dir.display());
    dir
}

/// file name -> (games, plies), from the `real-counts.tsv` in `dir`.
fn published_counts(dir: &Path) -> HashMap<String, (usize, usize)> {
    let table = std::fs::read_to_string(dir.join("real-counts.tsv")).expect("real-counts.tsv");
    table
        .lines()
        .map(|line| {
            let fields: Vec<&str> = line.split('\t').collect();
            let number = |index: usize| fields[index].parse::<usize>().expect("count");
            (fields[0].to_owned(), (number(2), number(3)))
        })
        .collect()
}

/// (games, plies) read from a file; panics on any problem.
fn read_counts(path: &Path) -> (usize, usize) {
    let (mut games, mut plies) = (0, 0);
    for record in PgnReader::open(path).expect("open") {
        let record = record.expect("readable");
        assert_eq!(record.problem, None, "{} game {}", path.display(), record.number);
        assert_eq!(record.number, games + 1);
        games += 1;
        plies += record.game.moves.len();
    }
    (games, plies)
}

/// Every file listed in `dir`'s `real-counts.tsv` reads with its counts; returns how many files.
fn check_files(dir: &Path) -> usize {
    let counts = published_counts(dir);
    for (name, &expected) in &counts {
        let read = read_counts(&dir.join("real").join(name));
        assert_eq!(read, expected, "{name}: (games, plies)");
    }
    counts.len()
}

#[test]
fn every_fixture_file_matches_its_counts() {
    assert_eq!(check_files(&fixtures()), 4);
}

#[test]
#[ignore = "full corpus: reads the 18 MB of ../shared/data/pgn/real; run by .ci/run"]
fn full_corpus_every_real_file_matches_published_counts() {
    assert_eq!(check_files(&full_corpus()), 17);
}

#[test]
fn games_carry_tags_in_order_and_start_lines() {
    let path = fixtures().join("real/pgnmentor-Morphy.pgn");
    let text = std::fs::read_to_string(&path).expect("Morphy");
    let records: Vec<_> = PgnReader::open(&path).unwrap().games().map(Result::unwrap).collect();
    for record in &records {
        let game = &record.game;
        let first_line = text.lines().nth(game.line as usize - 1).unwrap();
        assert!(first_line.starts_with("[Event "), "game {}", record.number);
        assert_eq!(game.tags[0].name, "Event");
        assert!(game.tag("Result").is_some());
        for entry in &game.moves {
            let line = text.lines().nth(entry.line() as usize - 1).unwrap();
            assert!(line.contains(entry.text()), "{entry:?} not on its line");
        }
    }
}
