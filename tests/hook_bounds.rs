//! Hooks that cannot run away or break a position, through the binary: the memory and copy
//! budgets stop a hook quickly with a clear error (in `check` too), a hook may not give a
//! side a second royal piece nor change a token count the variant fixes (SP1), in `check`,
//! `moves`, `perft`, `play` and `validate` alike, and a hook error names the hook, its line
//! and the argument in words.

use std::path::PathBuf;
use std::time::{Duration, Instant};

mod common;

use common::binary::{holechess, stderr, stdout};

/// A script in a fresh folder of its own; its path.
fn script(name: &str, text: &str) -> String {
    let dir = std::env::temp_dir().join(format!("holechess-hook-bounds-{}-{name}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temp dir");
    let path: PathBuf = dir.join(format!("{name}.hole"));
    std::fs::write(&path, text).expect("script written");
    path.to_string_lossy().into_owned()
}

/// Chess with `hook` (a declaration line) calling `body`, the rhai function `f`.
fn chess_with(hook: &str, body: &str) -> String {
    format!(
        "variant \"Hook bounds\"\n  id hook-bounds\n\nextends chess\n\ntoken pit\n  impassable\n  shown as %\n  any number\n\n\
         {hook}: call f()\n  rhai ```\nfn f() {{\n{body}\n}}\n```\n"
    )
}

/// A map of 9,999 arrays of 9,999 numbers, built `copies` times (1.6 GB each without a budget).
fn map_of_arrays(copies: usize) -> String {
    let build = "    let a = []; a.pad(9999, 0); let m = #{}; for i in 0..9999 { m[`k${i}`] = a; }\n";
    format!("{}    []", build.repeat(copies))
}

/// `holechess check` of `text`: its exit code, its error output and how long it took.
fn check(name: &str, text: &str) -> (Option<i32>, String, Duration) {
    let path = script(name, text);
    let started = Instant::now();
    let out = holechess(&["check", &path], "");
    (out.status.code(), stderr(&out), started.elapsed())
}

#[test]
fn arrays_held_in_a_map_are_counted_and_check_stops_the_hook_quickly() {
    let (code, err, took) = check("map-of-arrays", &chess_with("special moves", &map_of_arrays(1)));
    assert_eq!(code, Some(2), "{err}");
    assert!(err.contains("hook `f` failed") && err.contains("holds more than 8 MB of values"), "{err}");
    assert!(took < Duration::from_secs(10), "check took {took:?}");
}

#[test]
fn three_copies_of_the_map_of_arrays_fail_as_one_does_instead_of_aborting() {
    let (code, err, _) = check("three-maps", &chess_with("special moves", &map_of_arrays(3)));
    assert_eq!(code, Some(2), "{err}");
    assert!(err.contains("holds more than 8 MB of values"), "{err}");
}

#[test]
fn copying_a_big_map_again_and_again_is_stopped_by_the_copy_budget() {
    // 20 arrays of 9,999 numbers (about 3 MB) copied 1,000 times: about 3 GB of copies.
    let body = "    let a = []; a.pad(9999, 0); let m = #{};\n    for i in 0..20 { m[`k${i}`] = a; }\n    \
                for j in 0..1000 { let copy = m; }\n    []";
    let (code, err, took) = check("copies", &chess_with("special moves", body));
    assert_eq!(code, Some(2), "{err}");
    assert!(err.contains("built or copied more than 32 MB"), "{err}");
    assert!(took < Duration::from_secs(10), "check took {took:?}");
}

#[test]
fn an_after_move_hook_over_the_budget_fails_the_move_in_play() {
    let over = chess_with("after each move", &map_of_arrays(1).replace("    []", "    ()"));
    let out = holechess(&["play", &script("event-over", &over), "--seed", "1"], "e4\nquit\n");
    let text = format!("{}{}", stdout(&out), stderr(&out));
    assert!(text.contains("holds more than 8 MB of values"), "{text}");
}

/// A second king from a hook: the case the position notation refuses ("white has 2 kings").
/// The piece is named through the position (`check` finds a royal piece named in the text).
const SECOND_KING: &str = "    place_piece(side_to_move(), piece_name(royal_square(\"white\")), \"d4\");";

#[test]
fn check_finds_a_royal_piece_placed_by_name_even_in_a_branch_the_start_never_takes() {
    let body = "    if ply() == 7 {\n        place_piece(side_to_move(), \"king\", \"d4\");\n    }";
    let (code, err, _) = check("king-by-name", &chess_with("after each move", body));
    assert_eq!(code, Some(2), "{err}");
    assert!(err.contains("king-by-name.hole:15"), "{err}");
    assert!(
        err.contains("place_piece of a `king`, a royal piece: every side has its one royal piece already"),
        "{err}"
    );
}

#[test]
fn check_refuses_an_after_move_hook_that_gives_a_side_a_second_king() {
    let (code, err, _) = check("king-event", &chess_with("after each move", SECOND_KING));
    assert_eq!(code, Some(2), "{err}");
    assert!(err.contains("hook `f` failed") && err.contains("king-event.hole:14"), "{err}");
    assert!(err.contains("second royal piece; this variant has exactly one per side"), "{err}");
}

#[test]
fn check_moves_and_perft_refuse_a_special_move_that_places_a_second_king() {
    let body = "    let m = special_move(\"crown@d4\");\n    m.place_piece(side_to_move(), piece_name(\"e1\"), \"d4\");\n    [m]";
    let text = chess_with("special moves", body);
    let (code, err, _) = check("king-special", &text);
    assert_eq!(code, Some(2), "{err}");
    assert!(err.contains("special move `crown@d4`: white has 2 royal pieces") && err.contains(".hole:15"), "{err}");
    let path = script("king-special-cli", &text);
    for args in [vec!["moves", &path], vec!["perft", &path, "2"]] {
        let out = holechess(&args, "");
        assert_eq!(out.status.code(), Some(2), "{args:?}: {}", stdout(&out));
        assert!(stderr(&out).contains("white has 2 royal pieces"), "{args:?}: {}", stderr(&out));
    }
}

#[test]
fn a_second_king_placed_later_in_the_game_refuses_the_move_and_fen_stays_readable() {
    let body = "    if ply() == 1 {\n        place_piece(side_to_move(), piece_name(\"e8\"), \"d4\");\n    }";
    let path = script("king-later", &chess_with("after each move", body));
    let out = holechess(&["play", &path, "--seed", "1"], "e4\nfen\nquit\n");
    let text = format!("{}{}", stdout(&out), stderr(&out));
    assert!(text.contains("king-later.hole:15") && text.contains("second royal piece"), "{text}");
    assert!(text.contains("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"), "{text}");
    assert!(!text.contains("3k"), "{text}");
    let record = std::env::temp_dir().join(format!("holechess-hook-bounds-{}-king.pgn", std::process::id()));
    std::fs::write(&record, "[Event \"x\"]\n\n1. e4 *\n").unwrap();
    let out = holechess(&["validate", &path, record.to_str().unwrap()], "");
    let text = format!("{}{}", stdout(&out), stderr(&out));
    assert_ne!(out.status.code(), Some(0), "{text}");
    assert!(text.contains("second royal piece"), "{text}");
}

#[test]
fn a_hook_that_changes_a_token_count_the_variant_fixes_fails_sp1() {
    let text = "variant \"Nine portals\"\n  id nine-portals\n\nextends standard-portal\n\n\
                after each move: call f()\n  rhai ```\nfn f() {\n    place_token(\"portal\", \"e5\");\n}\n```\n";
    let (code, err, _) = check("nine-portals", text);
    assert_eq!(code, Some(2), "{err}");
    assert!(
        err.contains("nine-portals.hole:9") && err.contains("9 portal token(s); this variant has exactly 8"),
        "{err}"
    );
}

#[test]
fn a_wrong_argument_of_the_hook_api_is_said_in_words_with_its_line() {
    let (code, err, _) =
        check("unit-square", &chess_with("after each move", "    let x = ();\n    place_token(\"pit\", x, 3);"));
    assert_eq!(code, Some(2), "{err}");
    assert!(err.contains("unit-square.hole:15") && err.contains("place_token expects a square, got ()"), "{err}");
    assert!(!err.contains("ImmutableString"), "{err}");
}

#[test]
fn an_effect_of_a_special_move_that_does_not_fit_points_at_its_line() {
    let body = "    let m = special_move(\"hop@e2\");\n    m.move_piece(\"e2\", \"e4\");\n    m.place_piece(\"white\", \"queen\", \"e4\");\n    [m]";
    let (code, err, _) = check("bad-effect", &chess_with("special moves", body));
    assert_eq!(code, Some(2), "{err}");
    assert!(err.contains("bad-effect.hole:16") && err.contains("place_piece: e4 already holds a piece"), "{err}");
}

#[test]
fn an_endless_loop_is_stopped_by_the_operation_budget_in_words() {
    let (code, err, _) = check("endless", &chess_with("special moves", "    loop { }\n    []"));
    assert_eq!(code, Some(2), "{err}");
    assert!(err.contains("more than 200000 operations"), "{err}");
}
