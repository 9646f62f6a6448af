//! `holechess play` at a terminal: the REPL driven through a pseudo-terminal (rexpect), for
//! what only a terminal shows: Ctrl-C at the prompt and during a search, lines typed ahead
//! while the computer thinks, a pasted block of moves, autosave when an unsaved game is
//! left. Every wait has a generous timeout; nothing asserts on time.

use std::path::{Path, PathBuf};
use std::process::Command;

use rexpect::process::wait::WaitStatus;
use rexpect::session::{spawn_command, PtySession};

/// Most milliseconds any one expectation waits (a slow machine included).
const TIMEOUT_MS: u64 = 60_000;

/// A folder of its own for one test's history and autosaves.
fn state_dir(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("holechess-pty-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("state dir");
    dir
}

/// `holechess play ARGS` in a pseudo-terminal, colour off, state kept in `state`.
fn play(args: &[&str], state: &Path) -> PtySession {
    let mut command = Command::new(env!("CARGO_BIN_EXE_holechess"));
    command.arg("play").args(args).env("NO_COLOR", "1").env("XDG_STATE_HOME", state).env("TERM", "xterm");
    spawn_command(command, Some(TIMEOUT_MS)).expect("spawn holechess in a pty")
}

/// Waits for the end and returns the exit code.
fn exit_code(session: &mut PtySession) -> Option<i32> {
    session.exp_eof().expect("the session ends");
    match session.process.wait().expect("wait") {
        WaitStatus::Exited(_, code) => Some(code),
        _ => None,
    }
}

#[test]
fn ctrl_c_at_the_prompt_clears_the_line_and_the_game_goes_on() {
    let state = state_dir("prompt");
    let mut session = play(&["chess", "--seed", "1"], &state);
    session.exp_string("chess 1. White> ").expect("prompt");
    session.send("Nf6 half typed").expect("type");
    session.flush().expect("flush");
    session.send_control('c').expect("ctrl-c");
    session.exp_string("line cleared").expect("cleared");
    session.send_line("e4").expect("move");
    session.exp_string("1. e4").expect("the game goes on");
    session.exp_string("chess 1. Black> ").expect("prompt");
    session.send_line("quit").expect("quit");
    assert_eq!(exit_code(&mut session), Some(0));
}

#[test]
fn ctrl_c_during_a_search_stops_the_computer_not_the_program() {
    let state = state_dir("search");
    let mut session = play(&["chess", "--seed", "1", "--ai", "both", "--level", "6"], &state);
    session.exp_string("(level 6").expect("the computer plays");
    session.send_control('c').expect("ctrl-c");
    session.exp_string("Interrupted: the computer stops").expect("interrupted");
    session.exp_regex(r"chess \d+\. (White|Black)> ").expect("control returns to the player");
    session.send_line("quit").expect("quit");
    session.exp_string("autosaved").expect("the unsaved game is kept");
    assert_eq!(exit_code(&mut session), Some(0), "not killed by the signal");
}

#[test]
fn lines_typed_while_the_computer_thinks_all_run_in_order() {
    let state = state_dir("typeahead");
    let mut session = play(&["chess", "--seed", "1", "--ai", "black", "--level", "4"], &state);
    session.exp_string("chess 1. White> ").expect("prompt");
    session.send_line("e4").expect("move");
    session.exp_string("1. e4").expect("played");
    // The computer thinks now (level 4: about a second); these wait in the terminal.
    session.send_line("Nf3").expect("type ahead");
    session.send_line("Nc3").expect("type ahead");
    session.exp_string("2. Nf3").expect("first line typed ahead");
    session.exp_string("3. Nc3").expect("second line typed ahead");
    session.send_line("quit").expect("quit");
    assert_eq!(exit_code(&mut session), Some(0));
}

#[test]
fn a_pasted_block_of_moves_runs_every_line() {
    let state = state_dir("paste");
    let mut session = play(&["chess", "--seed", "1"], &state);
    session.exp_string("chess 1. White> ").expect("prompt");
    // A bracketed paste, as terminals send it, then Enter.
    session.send("\x1b[200~d4\nd5\nc4\x1b[201~").expect("paste");
    session.send("\r").expect("enter");
    session.flush().expect("flush");
    session.exp_string("1. d4").expect("first line");
    session.exp_string("1... d5").expect("second line");
    session.exp_string("2. c4").expect("third line");
    session.send_line("quit").expect("quit");
    assert_eq!(exit_code(&mut session), Some(0));
}

#[test]
fn leaving_an_unsaved_game_autosaves_it_and_says_where() {
    let state = state_dir("autosave");
    let mut session = play(&["porthole", "--seed", "1"], &state);
    session.exp_string("porthole 1. White> ").expect("prompt");
    session.send_line("e4").expect("move");
    session.exp_string("porthole 1. Black> ").expect("prompt");
    session.send_control('d').expect("ctrl-d");
    session.exp_string("autosaved").expect("autosave message");
    assert_eq!(exit_code(&mut session), Some(0));
    let folder = state.join("holechess").join("autosave");
    let files: Vec<PathBuf> = std::fs::read_dir(&folder).expect("autosave folder").map(|e| e.unwrap().path()).collect();
    assert_eq!(files.len(), 1, "{files:?}");
    let pgn = std::fs::read_to_string(&files[0]).expect("autosaved record");
    assert!(pgn.contains("[Variant \"porthole\"]") && pgn.contains("1. e4"), "{pgn}");
}

#[test]
fn two_boards_fit_an_80_column_terminal_and_the_prompt_names_the_board() {
    let state = state_dir("narrow");
    let mut command = Command::new(env!("CARGO_BIN_EXE_holechess"));
    command.args(["play", "portal", "--seed", "1"]).env("NO_COLOR", "1").env("XDG_STATE_HOME", &state);
    command.env("COLUMNS", "80").env("TERM", "xterm");
    let mut session = spawn_command(command, Some(TIMEOUT_MS)).expect("spawn holechess in a pty");
    let (before, _) = session.exp_regex(r"portal 1\. White on A> ").expect("the prompt names the board");
    // The pty hands back bytes as characters: decode them to count columns.
    let before = String::from_utf8_lossy(&before.chars().map(|c| c as u8).collect::<Vec<u8>>()).into_owned();
    let board_lines: Vec<&str> = before.lines().filter(|l| l.starts_with(|c: char| c.is_ascii_digit())).collect();
    assert_eq!(board_lines.len(), 8, "both boards, side by side: {before}");
    assert!(board_lines.iter().all(|line| line.trim_end().chars().count() <= 80), "{before}");
    session.send_line("quit").expect("quit");
    assert_eq!(exit_code(&mut session), Some(0));
}

#[test]
fn a_fast_paste_without_brackets_runs_every_line_in_order() {
    let state = state_dir("fastpaste");
    let mut session = play(&["chess", "--seed", "1"], &state);
    session.exp_string("chess 1. White> ").expect("prompt");
    // No bracketed paste: the lines arrive as keys, all in one write, as from a terminal
    // that does not bracket pastes (or lines typed faster than the program reads them).
    session.send("d4\rd5\rc4\re6\r").expect("paste");
    session.flush().expect("flush");
    session.exp_string("1. d4").expect("first line");
    session.exp_string("1... d5").expect("second line");
    session.exp_string("2. c4").expect("third line");
    session.exp_string("2... e6").expect("fourth line");
    session.exp_string("chess 3. White> ").expect("prompt after the last line");
    session.send_line("quit").expect("quit");
    assert_eq!(exit_code(&mut session), Some(0));
}
