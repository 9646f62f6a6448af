//! The reader against the real-game corpus: every file's game and ply counts must match
//! /work/shared/data/pgn/real-counts.tsv, with no syntax problem and no stray text.

use std::collections::HashMap;
use std::path::Path;

use holechess_record::{PgnItem, PgnReader};

const REAL_DIR: &str = "/work/shared/data/pgn/real";
const COUNTS: &str = "/work/shared/data/pgn/real-counts.tsv";

/// Small enough to read in a debug build in well under a second each.
const QUICK_FILES: [&str; 3] =
    ["pgnmentor-Morphy.pgn", "shakmaty-pgnreader-lichess_db_1000k.pgn", "shakmaty-pgnreader-twic1599_1000k.pgn"];

/// file name -> (games, plies)
fn published_counts() -> HashMap<String, (usize, usize)> {
    let table = std::fs::read_to_string(COUNTS).expect("real-counts.tsv");
    table
        .lines()
        .map(|line| {
            let fields: Vec<&str> = line.split('\t').collect();
            let number = |index: usize| fields[index].parse::<usize>().expect("count");
            (fields[0].to_owned(), (number(2), number(3)))
        })
        .collect()
}

/// (games, plies) read from a file; panics on any problem or stray text.
fn read_counts(path: &Path) -> (usize, usize) {
    let (mut games, mut plies) = (0, 0);
    for item in PgnReader::open(path).expect("open") {
        match item.expect("readable") {
            PgnItem::Game(record) => {
                assert_eq!(record.problem, None, "{} game {}", path.display(), record.number);
                assert_eq!(record.number, games + 1);
                games += 1;
                plies += record.game.moves.len();
            }
            PgnItem::Stray(stray) => panic!("{}: stray text {stray:?}", path.display()),
        }
    }
    (games, plies)
}

fn check_files<'a>(names: impl IntoIterator<Item = &'a str>) {
    let counts = published_counts();
    for name in names {
        let expected = counts[name];
        let read = read_counts(&Path::new(REAL_DIR).join(name));
        assert_eq!(read, expected, "{name}: (games, plies)");
    }
}

#[test]
fn quick_subset_matches_published_counts() {
    check_files(QUICK_FILES);
}

#[test]
#[ignore = "reads 18 MB; run with --release -- --ignored"]
fn every_real_file_matches_published_counts() {
    let counts = published_counts();
    assert_eq!(counts.len(), 17);
    check_files(counts.keys().map(String::as_str));
}

#[test]
fn games_carry_tags_in_order_and_start_lines() {
    let path = Path::new(REAL_DIR).join("pgnmentor-Morphy.pgn");
    let text = std::fs::read_to_string(&path).expect("Morphy");
    let records: Vec<_> = PgnReader::open(&path).unwrap().games().map(Result::unwrap).collect();
    for record in &records {
        let game = &record.game;
        let first_line = text.lines().nth(game.line as usize - 1).unwrap();
        assert!(first_line.starts_with("[Event "), "game {}", record.number);
        assert_eq!(game.tags[0].name, "Event");
        assert!(game.tag("Result").is_some());
        for entry in &game.moves {
            let line = text.lines().nth(entry.line as usize - 1).unwrap();
            assert!(line.contains(entry.text.as_str()), "{entry:?} not on its line");
        }
    }
}
