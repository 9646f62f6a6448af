//! Autosave at a terminal: leaving an unsaved game says once where it was saved, in lines
//! that fit 80 columns but for the path, which stays whole on a line of its own.

use std::path::PathBuf;
use std::process::Command;

use rexpect::session::spawn_command;

/// Most milliseconds any one expectation waits (a slow machine included).
const TIMEOUT_MS: u64 = 60_000;

#[test]
fn leaving_an_unsaved_game_says_saved_once_in_lines_that_fit() {
    let state = std::env::temp_dir().join(format!("holechess-pty-{}-autosave-once", std::process::id()));
    let _ = std::fs::remove_dir_all(&state);
    std::fs::create_dir_all(&state).expect("state dir");
    let mut command = Command::new(env!("CARGO_BIN_EXE_holechess"));
    command.args(["play", "chess", "--seed", "1"]).env("NO_COLOR", "1").env("XDG_STATE_HOME", &state);
    command.env("TERM", "xterm").env("COLUMNS", "80");
    let mut session = spawn_command(command, Some(TIMEOUT_MS)).expect("spawn holechess in a pty");
    session.exp_string("chess 1. White> ").expect("prompt");
    session.send_line("e4").expect("move");
    session.exp_string("chess 1. Black> ").expect("prompt");
    session.send_control('d').expect("ctrl-d");
    let said = session.exp_eof().expect("the session ends");
    let folder = state.join("holechess").join("autosave");
    let files: Vec<PathBuf> = std::fs::read_dir(&folder).expect("autosave folder").map(|e| e.unwrap().path()).collect();
    assert_eq!(files.len(), 1, "{files:?}");
    let path = files[0].display().to_string();
    assert_eq!(said.matches("was autosaved").count(), 1, "{said}");
    assert!(!said.contains("saved 1 ply to"), "said once, not as a save too:\n{said}");
    assert!(said.contains(&format!("\n  {path}")), "the path whole on its own line:\n{said}");
    for line in said.lines().filter(|line| !line.contains(&path)) {
        assert!(line.trim_end().chars().count() <= 80, "{} columns: {line}", line.chars().count());
    }
}
