//! The hook examples through the binary: `moves`, `perft`, a piped `play` session that saves
//! its game, and `validate` of that record (Dig Chess, crater-on-capture,
//! random-portals).

use std::path::PathBuf;

mod common;

use common::binary::{holechess, stderr, stdout};

fn example(file: &str) -> String {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("examples").join(file).to_string_lossy().into_owned()
}

fn temp_file(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("holechess-hooks-cli-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temp dir");
    // A file left by an earlier run with the same process id goes first: the test reads only
    // what this run saves.
    let path = dir.join(name);
    let _ = std::fs::remove_file(&path);
    path
}

/// Plays `lines` (ending with a save to a temp file), then validates the saved record; a
/// scripted session exits 1 when a line was rejected (`rejects`).
fn play_save_validate(file: &str, lines: &str, record: &str, rejects: bool) -> (String, String) {
    let path = temp_file(record);
    let script = format!("{lines}save {}\nquit\n", path.display());
    let played = holechess(&["play", &example(file), "--seed", "4"], &script);
    assert_eq!(played.status.code(), Some(i32::from(rejects)), "{}\n{}", stdout(&played), stderr(&played));
    let text = std::fs::read_to_string(&path).expect("the game was saved");
    let validated = holechess(&["validate", &example(file), path.to_str().unwrap()], "");
    assert_eq!(validated.status.code(), Some(0), "{text}\n{}\n{}", stdout(&validated), stderr(&validated));
    (format!("{}{}", stdout(&played), stderr(&played)), text)
}

#[test]
fn dig_moves_perft_play_and_validate() {
    let moves = holechess(&["moves", &example("dig.hole"), "--fen", "4k3/8/8/8/8/8/8/4K3 w - - 0 1"], "");
    let listed = stdout(&moves);
    assert!(listed.lines().any(|l| l == "dig@e2") && listed.lines().count() == 10, "{listed}");
    let perft = holechess(&["perft", &example("dig.hole"), "3"], "");
    assert_eq!(stdout(&perft).trim(), "9022");
    let (session, text) = play_save_validate("dig.hole", "e4\ne5\ndig@e2\ndig@e3\nKe7\n", "dig.pgn", true);
    assert!(session.contains("dig@e3 is not one of the special moves here: dig@e7"), "{session}");
    assert!(text.contains("2. dig@e2 Ke7"), "{text}");
}

#[test]
fn crater_play_and_validate() {
    let (session, text) = play_save_validate("crater-on-capture.hole", "e4\nd5\nexd5\nQxd5\nNf6\n", "crater.pgn", true);
    assert!(session.contains("a crater opens there for 2 plies"), "{session}");
    assert!(session.contains("d5 holds a crater"), "{session}");
    assert!(text.contains("2. exd5"), "{text}");
    let perft = holechess(&["perft", &example("crater-on-capture.hole"), "2"], "");
    assert_eq!(stdout(&perft).trim(), "400");
}

#[test]
fn random_portals_play_and_validate_with_the_start_rolls() {
    let (_, text) = play_save_validate("random-portals.hole", "Nf3\nNf6\n", "portals.pgn", false);
    assert!(text.contains("{[%dice "), "{text}");
    let first_move = text.find("1. ").unwrap();
    assert!(text.find("{[%dice ").unwrap() < first_move, "the start rolls come before the first move: {text}");
    let perft = holechess(&["perft", &example("random-portals.hole"), "2"], "");
    assert_eq!(stdout(&perft).trim(), "2628");
    let check = holechess(&["check", &example("random-portals.hole")], "");
    assert_eq!(check.status.code(), Some(0), "{}", stderr(&check));
}
