//! `holechess test`: the tests authors write beside their scripts (`NAME.tests`). Every
//! bundled variant and every example ships its tests, and they all pass; a failing check
//! prints the position, the expected and actual results (and for perft the root moves whose
//! counts differ), exit 1; a broken test file names its file and line, exit 2.

use std::path::{Path, PathBuf};
use std::process::Output;

mod common;

use common::binary::{stderr, stdout};

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

fn holechess(args: &[&str]) -> Output {
    common::binary::holechess(args, "")
}

/// Every `.hole` file of a folder of the repository.
fn scripts(folder: &str) -> Vec<PathBuf> {
    let mut found: Vec<PathBuf> = std::fs::read_dir(root().join(folder))
        .expect("folder")
        .map(|entry| entry.expect("entry").path())
        .filter(|path| path.extension().is_some_and(|ext| ext == "hole"))
        .collect();
    found.sort();
    found
}

/// A test file written to a fresh folder, beside a copy of nothing: its `variant` line says
/// which variant it tests.
fn temp_tests(name: &str, text: &str) -> (PathBuf, PathBuf) {
    let folder = std::env::temp_dir().join(format!("holechess-variant-tests-{}-{name}", std::process::id()));
    std::fs::create_dir_all(&folder).expect("temp folder");
    let file = folder.join(format!("{name}.tests"));
    std::fs::write(&file, text).expect("write the test file");
    (folder, file)
}

fn run_file(file: &Path) -> Output {
    holechess(&["test", file.to_str().expect("UTF-8 path")])
}

#[test]
fn every_bundled_variant_and_example_ships_tests_that_pass() {
    let scripts: Vec<PathBuf> = scripts("variants").into_iter().chain(scripts("examples")).collect();
    assert!(scripts.len() >= 20, "{scripts:?}");
    let tests: Vec<PathBuf> = scripts.iter().map(|script| script.with_extension("tests")).collect();
    for file in &tests {
        assert!(file.is_file(), "{} has no test file beside it", file.display());
    }
    let args: Vec<&str> = std::iter::once("test").chain(tests.iter().map(|t| t.to_str().unwrap())).collect();
    let out = holechess(&args);
    let text = stdout(&out);
    assert_eq!(out.status.code(), Some(0), "{text}{}", stderr(&out));
    assert_eq!(text.lines().filter(|line| line.contains(": ok (")).count(), tests.len(), "{text}");
    assert!(text.trim_end().ends_with(&format!("0 failed in {} file(s)", tests.len())), "{text}");
}

#[test]
fn a_wrong_perft_count_prints_the_position_and_the_moves_whose_counts_differ() {
    let (_folder, file) =
        temp_tests("perft", "variant chess\nperft 1 = 20\nperft 3 = 8_903\n  e2e4 600\n  d2d4 561\n  g1f3 440\n");
    let out = run_file(&file);
    let text = stdout(&out);
    assert_eq!(out.status.code(), Some(1), "{text}");
    assert!(text.contains("perft.tests:3: perft 3 failed"), "{text}");
    assert!(text.contains("  position: rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"), "{text}");
    assert!(text.contains("  expected: 8903\n  actual:   8902"), "{text}");
    assert!(text.contains("divide d2d4: expected 561, got 560"), "{text}");
    assert!(!text.contains("divide e2e4:"), "e2e4's count agrees and is not reported: {text}");
    assert!(text.contains("divide of the moves not listed: a2a3 380"), "{text}");
    assert!(text.contains("1 check(s) passed, 1 failed in 1 file(s)"), "{text}");
}

#[test]
fn move_sets_positions_and_refusals_are_checked() {
    let (_folder, file) = temp_tests(
        "moves",
        "variant chess\n\
         moves include e2e4 e1g1\n\
         moves exclude e2e4\n\
         moves = e2e4\n\
         refuse e4: blocked\n\
         refuse Ke2: own pawn\n\
         play e4 e5\n\
         position = rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq e6 0 2\n\
         position = rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1\n",
    );
    let out = run_file(&file);
    let text = stdout(&out);
    assert_eq!(out.status.code(), Some(1), "{text}");
    assert!(text.contains("moves.tests:2: moves include failed") && text.contains("e1g1 not legal"), "{text}");
    assert!(text.contains("moves.tests:3: moves exclude failed") && text.contains("e2e4 legal"), "{text}");
    assert!(text.contains("moves.tests:4: moves = failed") && text.contains("not expected: a2a3"), "{text}");
    assert!(text.contains("moves.tests:5: refuse e4 failed") && text.contains("e2e4 is legal"), "{text}");
    assert!(!text.contains("moves.tests:6:"), "Ke2 is refused because of the own pawn: {text}");
    assert!(!text.contains("moves.tests:8:"), "{text}");
    assert!(text.contains("moves.tests:9: position failed"), "{text}");
    assert!(text.contains("2 check(s) passed, 5 failed"), "{text}");
}

#[test]
fn an_illegal_move_in_play_fails_and_skips_the_checks_up_to_the_next_position() {
    let (_folder, file) = temp_tests("play", "variant chess\nplay e4 Ke2\nmoves count = 20\nstart\nmoves count = 20\n");
    let out = run_file(&file);
    let text = stdout(&out);
    assert_eq!(out.status.code(), Some(1), "{text}");
    assert!(text.contains("play.tests:2: play (move 2 of 2) failed"), "{text}");
    assert!(text.contains("expected: Ke2 to be legal"), "{text}");
    assert!(text.contains("1 check(s) passed, 1 failed, 1 not run"), "{text}");
}

#[test]
fn record_verdicts_are_checked_at_their_ply() {
    let (folder, file) = temp_tests(
        "records",
        "variant chess\nrecord good.pgn valid\nrecord bad.pgn invalid at ply 3: illegal\n\
         record bad.pgn invalid at ply 2\nrecord good.pgn invalid at ply 1\n",
    );
    std::fs::write(folder.join("good.pgn"), "[Variant \"chess\"]\n\n1. e4 e5 2. Nf3 *\n").unwrap();
    std::fs::write(folder.join("bad.pgn"), "[Variant \"chess\"]\n\n1. e4 e5 2. Ke3 *\n").unwrap();
    let out = run_file(&file);
    let text = stdout(&out);
    assert_eq!(out.status.code(), Some(1), "{text}");
    assert!(text.contains("records.tests:4: record"), "{text}");
    assert!(text.contains("actual:   game 1 invalid at ply 3: illegal move"), "{text}");
    assert!(text.contains("records.tests:5: record") && text.contains("actual:   valid (1 game(s))"), "{text}");
    assert!(text.contains("2 check(s) passed, 2 failed"), "{text}");
}

#[test]
fn a_broken_test_file_names_its_file_and_line_and_exits_2() {
    let (_folder, file) = temp_tests("broken", "variant chess\nperft 1 = 20\nperft two = 400\n");
    let out = run_file(&file);
    assert_eq!(out.status.code(), Some(2));
    assert!(stderr(&out).contains("broken.tests:3: expected `perft DEPTH = COUNT`"), "{}", stderr(&out));

    let (_folder, file) = temp_tests("bad-fen", "variant chess\nfen not a position\nperft 1 = 20\n");
    let out = run_file(&file);
    assert_eq!(out.status.code(), Some(2));
    assert!(stderr(&out).contains("bad-fen.tests:2: invalid position"), "{}", stderr(&out));

    let (_folder, file) = temp_tests("late", "variant chess\nperft 1 = 21\nrecord . valid\nperft 1 = 20\n");
    let out = run_file(&file);
    assert_eq!(out.status.code(), Some(2));
    assert!(stdout(&out).contains("late.tests:2: perft 1 failed"), "the failure before is kept: {}", stdout(&out));
    assert!(
        stderr(&out).contains("late.tests:3: ") && stderr(&out).contains("is not a regular file"),
        "{}",
        stderr(&out)
    );
    assert!(stdout(&out).contains("0 check(s) passed, 1 failed in 0 file(s); 1 file(s) broken"), "{}", stdout(&out));

    let (_folder, file) = temp_tests("lonely", "perft 1 = 20\n");
    let out = run_file(&file);
    assert_eq!(out.status.code(), Some(2));
    assert!(stderr(&out).contains("no `variant` line and no"), "{}", stderr(&out));

    let (_folder, file) = temp_tests("unknown", "variant no-such-variant\nperft 1 = 20\n");
    let out = run_file(&file);
    assert_eq!(out.status.code(), Some(2));
    assert!(stderr(&out).contains("the variant `no-such-variant` does not load"), "{}", stderr(&out));
}

#[test]
fn a_record_check_of_a_file_that_is_no_record_says_so_once_like_validate() {
    let (folder, file) = temp_tests("not-pgn", "variant chess\nrecord passwd valid\nrecord passwd invalid at ply 1\n");
    std::fs::write(folder.join("passwd"), "root:x:0:0:root:/root:/bin/bash\ndaemon:x:1:1::/usr/sbin:/bin/sh\n")
        .unwrap();
    let out = run_file(&file);
    assert_eq!(out.status.code(), Some(2), "{}", stdout(&out));
    let errors = stderr(&out);
    assert!(errors.contains("not-pgn.tests:2: ") && errors.contains("is not a PGN record"), "{errors}");
    assert!(!errors.contains("not a move") && !errors.contains("daemon"), "{errors}");
}
