//! The `holechess` binary end to end: list, check, perft, moves; exit codes 0/1/2.

use std::process::Output;

mod common;

use common::binary::{stderr, stdout};

fn holechess(args: &[&str]) -> Output {
    common::binary::holechess(args, "")
}

#[test]
fn list_names_every_bundled_variant_with_a_description() {
    let out = holechess(&["list"]);
    assert!(out.status.success());
    let text = stdout(&out);
    for id in ["chess", "porthole", "standard-portal", "pothole", "wormhole", "portal", "portal-one-set"] {
        let line = text.lines().find(|l| l.split_whitespace().next() == Some(id)).unwrap_or_else(|| panic!("{id}"));
        assert!(line.len() > id.len() + 10, "{line}");
    }
}

#[test]
fn perft_divide_prints_one_line_per_root_move_then_the_total_alone() {
    let out = holechess(&["perft", "chess", "2", "--divide"]);
    assert!(out.status.success());
    let text = stdout(&out);
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines.len(), 21);
    assert!(lines[..20].iter().all(|l| l.split(' ').nth(1) == Some("20")), "{text}");
    assert_eq!(lines[20], "400");
}

#[test]
fn perft_reads_x_fen_castling_letters() {
    let out = holechess(&[
        "perft",
        "chess",
        "3",
        "--fen",
        "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9",
    ]);
    assert_eq!(stdout(&out).trim(), "12189");
}

#[test]
fn moves_are_sorted_long_algebraic_with_transits() {
    let out = holechess(&["moves", "porthole"]);
    let text = stdout(&out);
    let lines: Vec<&str> = text.lines().collect();
    let mut sorted = lines.clone();
    sorted.sort();
    assert_eq!(lines, sorted);
    assert_eq!(lines.len(), 54);
    assert!(lines.contains(&"b2c3>f6"));
    let castle = holechess(&["moves", "chess", "--fen", "4k3/8/8/8/8/8/8/4K2R w K - 0 1"]);
    assert!(stdout(&castle).lines().any(|l| l == "e1g1"), "castling as the king's move");
}

#[test]
fn a_malformed_or_impossible_fen_is_a_clear_usage_error() {
    for (fen, words) in [
        ("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP w KQkq - 0 1", "ranks"),
        ("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQ1BNR w - - 0 1", "no king"),
        ("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR x KQkq - 0 1", "side to move"),
        ("4k3/8/8/8/8/8/8/4K3 w - e3 0 1", "en-passant"),
    ] {
        let out = holechess(&["moves", "chess", "--fen", fen]);
        assert_eq!(out.status.code(), Some(2), "{fen}");
        assert!(stderr(&out).contains(words), "{fen}: {}", stderr(&out));
    }
}

#[test]
fn check_reports_every_diagnostic_with_a_caret_and_exits_2() {
    let dir = std::env::temp_dir().join(format!("holechess-check-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let bad = dir.join("bad.hole");
    std::fs::write(&bad, "variant \"Bad\"\nextends chess\n\npiece wizard W\n  leaps (1,3) in all directions\n  promotes on the last rank to dragon\n\ntoken gate\n  default z9\n").unwrap();
    let out = holechess(&["check", bad.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(2));
    let err = stderr(&out);
    assert!(err.contains("bad.hole:6:32") && err.contains("dragon"), "{err}");
    assert!(err.contains("bad.hole:9:11") && err.contains("z9"), "{err}");
    assert!(err.contains('^'));
    let good = holechess(&["check", "variants/porthole.hole", "variants/wormhole.hole"]);
    assert_eq!(good.status.code(), Some(0), "{}", stderr(&good));
}

#[test]
fn an_unknown_variant_is_a_usage_error() {
    let out = holechess(&["perft", "no-such-variant", "1"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(stderr(&out).contains("bundled variant"));
}

#[test]
fn check_also_compiles_hooks_as_play_would() {
    let dir = std::env::temp_dir().join(format!("holechess-hooks-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let script = "variant \"X\"\nextends chess\n\nEVENT: call f()\n  rhai ```\nfn f() { }\n```\n";
    let good = dir.join("good.hole");
    std::fs::write(&good, script.replace("EVENT", "after each move")).unwrap();
    let refused = dir.join("refused.hole");
    std::fs::write(&refused, script.replace("EVENT", "special moves")).unwrap();
    assert_eq!(holechess(&["check", good.to_str().unwrap()]).status.code(), Some(0));
    // The special-moves hook returns nothing: the trial run on the start position says so.
    let out = holechess(&["check", refused.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(2));
    assert!(stderr(&out).contains("returns an array of special_move"), "{}", stderr(&out));
}

/// Every numeric argument is checked where clap parses it; a value out
/// of range is a usage error (exit 2) that names the range, never silently clamped.
#[test]
fn numbers_out_of_range_are_refused_where_they_are_parsed() {
    let cases: &[(&[&str], &str)] = &[
        (&["play", "chess", "--level", "7"], "from 1 to 6"),
        (&["play", "chess", "--level", "9"], "from 1 to 6"),
        (&["match", "chess", "--levels", "0,9"], "from 1 to 6"),
        (&["match", "chess", "--levels", "3,1", "--games", "0"], "1..=10000"),
        (&["match", "chess", "--levels", "3,1", "--time-ms", "0"], "1..="),
        (&["validate", "chess", "--jobs", "20000", "x.pgn"], "from 1 to 256"),
        (&["validate", "chess", "--jobs", "0", "x.pgn"], "from 1 to 256"),
        (&["bench", "--chess-depth", "99"], "1..=20"),
    ];
    for (args, says) in cases {
        let out = holechess(args);
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        assert!(stderr(&out).contains(says), "{args:?}: {}", stderr(&out));
        assert!(stdout(&out).is_empty(), "{args:?} ran: {}", stdout(&out));
    }
}

/// Runs `holechess ARGS` with `stdin` given and standard output closed by its reader at once
/// (`holechess list | head -0`).
fn into_a_closed_pipe(args: &[&str], stdin: &str) -> Output {
    use std::io::Write;
    use std::process::{Command, Stdio};
    let mut child = Command::new(env!("CARGO_BIN_EXE_holechess"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("run holechess");
    drop(child.stdout.take());
    let mut input = child.stdin.take().expect("stdin");
    // The program may end before it reads its input: a failed write here is expected.
    let _ = input.write_all(stdin.as_bytes());
    drop(input);
    child.wait_with_output().expect("wait for holechess")
}

#[test]
fn a_closed_standard_output_ends_every_command_quietly_with_exit_0() {
    let many_games = "1. e4 e5 2. Nf3 Nc6 *\n\n".repeat(3000);
    let cases: [(&[&str], &str); 5] = [
        (&["list"], ""),
        (&["play", "chess", "--seed", "1"], "help\nboard\nquit\n"),
        (&["match", "chess", "--levels", "1,1", "--games", "1", "--time-ms", "20"], ""),
        (&["perft", "chess", "3", "--divide"], ""),
        (&["validate", "chess", "-", "--json"], &many_games),
    ];
    for (args, stdin) in cases {
        let output = into_a_closed_pipe(args, stdin);
        let err = stderr(&output);
        assert_eq!(output.status.code(), Some(0), "holechess {args:?}: killed or failed; {err}");
        assert!(!err.contains("panicked"), "holechess {args:?}: {err}");
        assert!(!err.contains("cannot write"), "holechess {args:?}: {err}");
    }
}
