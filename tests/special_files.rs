//! Files and pipes that are not what a command expects: a path to a pipe (FIFO) is refused at
//! once wherever the REPL reads one (never opened and waited on), and an error output whose
//! reader has gone (`2>&1 | head -3`) ends the program quietly instead of a panic.

use std::path::PathBuf;
use std::process::{Command, Output, Stdio};

mod common;

use common::binary::stdout;

/// A fresh folder for one test.
fn folder(test: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("holechess-special-files-{test}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("temp dir");
    dir
}

#[cfg(unix)]
fn fifo(path: &std::path::Path) {
    let made = Command::new("mkfifo").arg(path).status().expect("mkfifo runs");
    assert!(made.success(), "mkfifo {}", path.display());
}

/// Runs `holechess ARGS` in `dir` with `stdin`, killed after `seconds` (a hang is a failure).
fn run_within(dir: &std::path::Path, args: &[&str], stdin: &str, seconds: u64) -> Output {
    use std::io::Write;
    let mut child = common::binary::command(args).current_dir(dir).spawn().expect("run holechess");
    child.stdin.take().expect("stdin").write_all(stdin.as_bytes()).expect("write stdin");
    let started = std::time::Instant::now();
    while child.try_wait().expect("poll").is_none() {
        if started.elapsed().as_secs() >= seconds {
            let _ = child.kill();
            let output = child.wait_with_output().expect("wait");
            panic!("holechess {args:?} still ran after {seconds} s: {}", String::from_utf8_lossy(&output.stdout));
        }
        std::thread::sleep(std::time::Duration::from_millis(20));
    }
    child.wait_with_output().expect("wait for holechess")
}

#[cfg(unix)]
#[test]
fn loading_a_pipe_in_the_repl_is_refused_at_once_not_waited_on() {
    let dir = folder("load-fifo");
    fifo(&dir.join("game.pgn"));
    let output = run_within(&dir, &["play", "chess"], "load game.pgn\ne4\nquit\n", 20);
    let text = format!("{}{}", stdout(&output), String::from_utf8_lossy(&output.stderr));
    assert!(text.contains("game.pgn is not a regular file"), "{text}");
    assert!(text.contains("1. e4"), "the session goes on: {text}");
}

#[test]
fn a_closed_error_output_ends_a_command_quietly_not_with_a_panic() {
    let dir = folder("closed-stderr");
    std::fs::write(dir.join("broken.hole"), "variant\nboard 8x8\nnonsense here\n".repeat(50)).unwrap();
    for args in [&["check", "broken.hole"][..], &["rules", "broken.hole"], &["validate", "chess", "missing.pgn"]] {
        let mut child =
            common::binary::command(args).current_dir(&dir).stdin(Stdio::null()).spawn().expect("run holechess");
        // The reader of the error output is gone before the first error is written.
        drop(child.stderr.take());
        let output = child.wait_with_output().expect("wait for holechess");
        let code = output.status.code();
        assert!(matches!(code, Some(0..=2)), "holechess {args:?}: exit {code:?} (101 is a panic)");
    }
}
