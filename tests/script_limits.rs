//! Scripts at the limits: a variant too large for the kernel, a very long
//! line, a flood of errors and a file that is not a regular file are refused with a clear
//! error (exit 2), never a panic, a giant allocation or a read that does not end; a reader
//! that closes the pipe early ends the binary quietly.

use std::io::Read;
use std::path::PathBuf;
use std::process::{Command, Stdio};

mod common;

use common::binary::{holechess, stderr, stdout};

/// A fresh folder for the files of one test.
fn scratch(test: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("holechess-limits-{}-{test}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// A script of `boards` empty `side`x`side` boards (kings on the first).
fn many_boards(boards: usize, side: usize) -> String {
    let names: Vec<String> = (0..boards).map(|i| format!("B{i}")).collect();
    let empty = vec![side.to_string(); side].join("/");
    let mut text = format!(
        "variant \"Big\"\n  id big\n  summary \"x\"\nextends chess\nremove piece pawn\nboards {}, {side}x{side} each\nsetup\n",
        names.join(" and ")
    );
    let kings = format!("4k{}/{}/4K{}", side - 5, vec![side.to_string(); side - 2].join("/"), side - 5);
    text.push_str(&format!("  board B0: {kings}\n"));
    for name in &names[1..] {
        text.push_str(&format!("  board {name}: {empty}\n"));
    }
    text.push_str("  state w - - 0 1\n");
    text
}

#[test]
fn a_variant_with_more_boards_than_the_limit_is_refused_by_check_and_every_command() {
    let dir = scratch("boards");
    for (boards, side) in [(257, 16), (1024, 8), (5000, 16)] {
        let path = dir.join(format!("big-{boards}.hole"));
        std::fs::write(&path, many_boards(boards, side)).unwrap();
        let path = path.to_str().unwrap();
        for args in [vec!["check", path], vec!["moves", path], vec!["perft", path, "1"], vec!["render", path]] {
            let out = holechess(&args, "");
            assert_eq!(out.status.code(), Some(2), "{args:?}: {}", stderr(&out));
            assert!(stderr(&out).contains(&format!("too many boards ({boards})")), "{args:?}: {}", stderr(&out));
            assert!(stderr(&out).contains("at most 16 boards"), "{}", stderr(&out));
        }
        let repl = holechess(&["play", "chess"], &format!("new {path}\nfen\n"));
        let said = format!("{}{}", stdout(&repl), stderr(&repl));
        assert!(said.contains("too many boards"), "{said}");
        assert!(stdout(&repl).contains("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w"), "the game goes on: {said}");
    }
}

#[test]
fn sixteen_boards_of_16x16_are_the_largest_variant_and_it_plays() {
    let dir = scratch("largest");
    let path = dir.join("largest.hole");
    std::fs::write(&path, many_boards(16, 16)).unwrap();
    let out = holechess(&["perft", path.to_str().unwrap(), "1"], "");
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
}

#[test]
fn a_diagnostic_on_a_16000_character_line_quotes_a_bounded_excerpt_with_the_caret_in_place() {
    let dir = scratch("long-line");
    let path = dir.join("long.hole");
    let line = format!("setup {}Z{}", "1".repeat(8000), "x".repeat(8000));
    std::fs::write(&path, format!("variant \"L\"\n  id l\n  summary \"x\"\nextends chess\n{line}\n")).unwrap();
    let out = holechess(&["check", path.to_str().unwrap()], "");
    assert_eq!(out.status.code(), Some(2));
    let err = stderr(&out);
    assert!(err.len() < 100_000, "{} bytes of diagnostics", err.len());
    assert!(err.contains("more errors not shown"), "{err}");
    let lines: Vec<&str> = err.lines().collect();
    let quoted = lines.iter().position(|l| l.starts_with("5 | ") && l.contains('Z')).expect("the Z is quoted");
    let caret = lines[quoted + 1];
    let at = caret.find('^').expect("a caret");
    assert!(lines[quoted].chars().count() < 140, "{}", lines[quoted]);
    assert_eq!(lines[quoted].as_bytes()[at], b'Z', "{}\n{caret}", lines[quoted]);
}

#[test]
fn check_of_tens_of_thousands_of_junk_lines_reports_them_counted_not_one_by_one() {
    let dir = scratch("junk");
    let path = dir.join("junk.hole");
    let junk = "junk line here\n".repeat(30_000);
    std::fs::write(&path, format!("variant \"J\"\n  id j\n  summary \"x\"\nextends chess\n{junk}")).unwrap();
    let out = holechess(&["check", path.to_str().unwrap()], "");
    assert_eq!(out.status.code(), Some(2));
    let err = stderr(&out);
    assert!(err.contains("29900 more errors not shown"), "{}", &err[err.len().saturating_sub(600)..]);
    assert!(err.contains("30000 problems found, 100 shown"), "{}", &err[err.len().saturating_sub(600)..]);
    assert_eq!(err.matches("error: unexpected `junk`").count(), 100);
}

#[test]
fn check_refuses_a_device_a_fifo_a_non_hole_file_and_an_oversized_script() {
    let dir = scratch("files");
    let big = dir.join("big.hole");
    std::fs::write(&big, format!("variant \"B\"\nextends chess\n{}", "# padding\n".repeat(120_000))).unwrap();
    let notes = dir.join("notes.txt");
    std::fs::write(&notes, "secret: hunter2\n").unwrap();
    let zero = dir.join("zero.hole");
    std::os::unix::fs::symlink("/dev/zero", &zero).unwrap();
    let cases = [
        ("/dev/zero", "not a .hole script"),
        (zero.to_str().unwrap(), "not a regular file"),
        (notes.to_str().unwrap(), "not a .hole script"),
        (big.to_str().unwrap(), "larger than 1024 KiB"),
    ];
    for (path, words) in cases {
        let out = holechess(&["check", path], "");
        assert_eq!(out.status.code(), Some(2), "{path}");
        assert!(stderr(&out).contains(words), "{path}: {}", stderr(&out));
        assert!(!stderr(&out).contains("hunter2"), "{}", stderr(&out));
    }
}

#[test]
fn a_reader_that_closes_the_pipe_early_ends_the_binary_quietly_not_with_a_panic() {
    for args in [&["list"][..], &["moves", "chess"], &["perft", "chess", "3", "--divide"]] {
        let mut child = Command::new(env!("CARGO_BIN_EXE_holechess"))
            .args(args)
            .stdin(Stdio::null())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap();
        drop(child.stdout.take());
        let mut err = String::new();
        child.stderr.take().unwrap().read_to_string(&mut err).unwrap();
        let status = child.wait().unwrap();
        assert_ne!(status.code(), Some(101), "{args:?}: {err}");
        assert!(!err.contains("panicked"), "{args:?}: {err}");
        assert!(err.is_empty(), "{args:?}: {err}");
    }
}
