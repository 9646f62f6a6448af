//! The REPL's screen at a terminal of 80 columns and 24 rows (and a narrower one): two-board
//! games show both boards and the prompt on one screen, a move and the computer's reply fit
//! 24 rows, the legend of linked squares is shown when it changes, `flip` turns the physical
//! board round, `help` and messages fit the width, misspelt commands get the nearest one,
//! `play --fen` starts from a position, and loading a record of a script variant names the
//! path that starts it. Driven through a pseudo-terminal (rexpect), as a player sees it.

use std::path::{Path, PathBuf};
use std::process::Command;

use rexpect::session::{spawn_command, PtySession};

/// Most milliseconds any one expectation waits (a slow machine included).
const TIMEOUT_MS: u64 = 60_000;
/// The terminal the tests stand for.
const COLUMNS: usize = 80;
const ROWS: usize = 24;

/// A folder of its own for one test's history, autosaves and files.
fn state_dir(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("holechess-screen-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("state dir");
    dir
}

/// `holechess ARGS` in a pseudo-terminal of `columns` columns, colour off, run in `dir`.
fn spawn(args: &[&str], dir: &Path, columns: usize) -> PtySession {
    let mut command = Command::new(env!("CARGO_BIN_EXE_holechess"));
    command.args(args).current_dir(dir).env("NO_COLOR", "1").env("XDG_STATE_HOME", dir).env("TERM", "xterm");
    command.env("COLUMNS", columns.to_string()).env("LINES", ROWS.to_string());
    spawn_command(command, Some(TIMEOUT_MS)).expect("spawn holechess in a pty")
}

/// The screen text the pty gave as one character per byte: decoded, without terminal
/// control sequences and carriage returns.
fn decoded(raw: &str) -> String {
    let bytes: Vec<u8> = raw.chars().map(|c| c as u8).collect();
    let text = String::from_utf8_lossy(&bytes).into_owned();
    let mut out = String::new();
    let mut chars = text.chars().peekable();
    while let Some(c) = chars.next() {
        match c {
            '\u{1b}' => {
                if chars.peek() == Some(&'[') {
                    chars.next();
                    for next in chars.by_ref() {
                        if next.is_ascii_alphabetic() || next == '~' {
                            break;
                        }
                    }
                }
            }
            '\r' => {}
            _ => out.push(c),
        }
    }
    out
}

/// Types `line` and returns what the program printed before the prompt `prompt` came back,
/// the echo of the typed line left out.
fn action(session: &mut PtySession, line: &str, prompt: &str) -> Vec<String> {
    session.send_line(line).expect("type");
    let before = session.exp_string(prompt).expect("the prompt comes back");
    let text = decoded(&before);
    let mut lines: Vec<String> = text.lines().map(str::to_owned).collect();
    if lines.first().is_some_and(|first| first.contains(line)) {
        lines.remove(0);
    }
    lines
}

/// Waits for the first prompt and returns what was printed before it.
fn first_screen(session: &mut PtySession, prompt: &str) -> Vec<String> {
    let before = session.exp_string(prompt).expect("the first prompt");
    decoded(&before).lines().map(str::to_owned).collect()
}

/// The lines that show both boards' ranks side by side (two rank numbers on the line).
fn side_by_side_ranks(lines: &[String]) -> Vec<&String> {
    lines
        .iter()
        .filter(|line| {
            let numbers = line.split_whitespace().filter(|w| w.len() == 1 && w.chars().all(|c| c.is_ascii_digit()));
            line.starts_with(|c: char| c.is_ascii_digit()) && numbers.count() >= 2
        })
        .collect()
}

fn assert_fits(lines: &[String], columns: usize, rows: usize, what: &str) {
    let text = lines.join("\n");
    assert!(lines.len() < rows, "{what}: {} rows and the prompt on a {rows}-row screen:\n{text}", lines.len());
    for line in lines {
        assert!(line.chars().count() <= columns, "{what}: a line wider than {columns} columns:\n{line}\n\n{text}");
    }
}

fn quit(mut session: PtySession) {
    session.send_line("quit").expect("quit");
    session.exp_eof().expect("the session ends");
}

#[test]
fn portal_shows_both_boards_side_by_side_and_a_move_with_the_reply_fits_24_rows() {
    let dir = state_dir("portal");
    let mut session = spawn(&["play", "portal", "--seed", "1", "--ai", "black", "--level", "1"], &dir, COLUMNS);
    let start = first_screen(&mut session, "portal 1. White on A> ");
    assert_eq!(side_by_side_ranks(&start).len(), 8, "{}", start.join("\n"));
    let played = action(&mut session, "e4", "portal 2. White on B> ");
    let text = played.join("\n");
    assert!(text.contains("1. e4 on board A") && text.contains("1... "), "the move and the reply:\n{text}");
    assert_eq!(side_by_side_ranks(&played).len(), 8, "one picture of both boards, after the reply:\n{text}");
    assert_fits(&played, COLUMNS, ROWS, "a move and the computer's reply");
    quit(session);
}

#[test]
fn the_legend_of_linked_squares_is_shown_once_and_again_on_request() {
    let dir = state_dir("legend");
    let mut session = spawn(&["play", "portal", "--seed", "1"], &dir, COLUMNS);
    let start = first_screen(&mut session, "portal 1. White on A> ");
    assert_eq!(start.iter().filter(|l| l.contains("linked squares")).count(), 4, "{}", start.join("\n"));
    let played = action(&mut session, "e4", "portal 1. Black on B> ");
    assert!(!played.iter().any(|l| l.contains("linked squares")), "the legend again:\n{}", played.join("\n"));
    assert_fits(&played, COLUMNS, ROWS, "a move");
    let played = action(&mut session, "e5", "portal 2. White on B> ");
    assert!(!played.iter().any(|l| l.contains("linked squares")), "the legend again:\n{}", played.join("\n"));
    let board = action(&mut session, "board", "portal 2. White on B> ");
    assert_eq!(board.iter().filter(|l| l.contains("linked squares")).count(), 4, "{}", board.join("\n"));
    quit(session);
}

/// The files of the file-letter lines, left to right, as one word per line.
fn file_rows(lines: &[String]) -> Vec<String> {
    lines
        .iter()
        .filter(|line| {
            let words: Vec<&str> = line.split_whitespace().collect();
            words.len() >= 4 && words.iter().take(4).all(|w| w.len() == 1 && w.chars().all(|c| c.is_ascii_lowercase()))
        })
        .map(|line| {
            line.split_whitespace().filter(|w| w.len() == 1 && w.chars().all(|c| c.is_ascii_lowercase())).collect()
        })
        .collect()
}

#[test]
fn flip_in_portal_one_set_turns_the_physical_board_round() {
    let dir = state_dir("flip");
    let mut session = spawn(&["play", "portal-one-set", "--seed", "1"], &dir, COLUMNS);
    let start = first_screen(&mut session, "portal-one-set 1. White on A> ");
    assert_eq!(file_rows(&start), vec!["abcdefgh".to_owned()], "{}", start.join("\n"));
    let flipped = action(&mut session, "flip", "portal-one-set 1. White on A> ");
    assert_eq!(file_rows(&flipped), vec!["hgfedcba".to_owned()], "{}", flipped.join("\n"));
    let ranks = side_by_side_ranks(&flipped);
    assert!(ranks.first().is_some_and(|l| l.starts_with('1')), "rank 1 on top:\n{}", flipped.join("\n"));
    assert!(ranks.last().is_some_and(|l| l.starts_with('8')), "rank 8 at the bottom:\n{}", flipped.join("\n"));
    assert_fits(&flipped, COLUMNS, ROWS, "flip");
    quit(session);
}

#[test]
fn a_narrow_terminal_gets_the_boards_stacked_compactly_and_flip_puts_b_on_top() {
    let columns = 44;
    let dir = state_dir("narrow");
    let mut session = spawn(&["play", "portal", "--seed", "1", "--ai", "black", "--level", "1"], &dir, columns);
    first_screen(&mut session, "portal 1. White on A> ");
    let played = action(&mut session, "e4", "portal 2. White on B> ");
    assert_fits(&played, columns, ROWS, "a move and the reply at 44 columns");
    let names: Vec<&String> = played.iter().filter(|l| l.ends_with("(A)") || l.ends_with("(B)")).collect();
    assert!(names.len() >= 2, "{}", played.join("\n"));
    let flipped = action(&mut session, "flip", "portal 2. White on B> ");
    assert_fits(&flipped, columns, ROWS, "flip at 44 columns");
    let first_name = flipped.iter().find(|l| l.ends_with("(A)") || l.ends_with("(B)"));
    assert!(first_name.is_some_and(|l| l.ends_with("a  (B)")), "{}", flipped.join("\n"));
    quit(session);
}

#[test]
fn help_fits_one_screen_of_80_columns() {
    let dir = state_dir("help");
    let mut session = spawn(&["play", "chess", "--seed", "1"], &dir, COLUMNS);
    first_screen(&mut session, "chess 1. White> ");
    let help = action(&mut session, "help", "chess 1. White> ");
    assert_fits(&help, COLUMNS, ROWS, "help");
    assert!(help.iter().any(|l| l.trim_start().starts_with("undo")), "{}", help.join("\n"));
    quit(session);
}

#[test]
fn messages_wrap_at_word_boundaries_at_the_terminal_width() {
    let dir = state_dir("wrap");
    let mut session = spawn(&["play", "chess", "--seed", "1"], &dir, 40);
    first_screen(&mut session, "chess 1. White> ");
    let said = action(&mut session, "level 99999999999999999999", "chess 1. White> ");
    assert!(said.len() >= 2 && said.iter().all(|l| l.chars().count() <= 40), "{}", said.join("\n"));
    let words: Vec<&str> = said.iter().flat_map(|l| l.split_whitespace()).collect();
    let joined = words.join(" ");
    assert!(joined.contains("error: the level must be a number 1 to 6, not `99999999999999999999`"), "{joined}");
    assert!(said.iter().all(|l| !l.ends_with('-')), "{}", said.join("\n"));
    quit(session);
}

#[test]
fn misspelt_commands_get_the_nearest_one() {
    let dir = state_dir("spelling");
    let mut session = spawn(&["play", "chess", "--seed", "1"], &dir, COLUMNS);
    first_screen(&mut session, "chess 1. White> ");
    let said = action(&mut session, "hlep", "chess 1. White> ").join(" ");
    assert!(said.contains("did you mean `help`?"), "{said}");
    let said = action(&mut session, "udno", "chess 1. White> ").join(" ");
    assert!(said.contains("did you mean `undo`?"), "{said}");
    quit(session);
}

#[test]
fn play_fen_starts_from_the_position_and_holes_lay_tokens_on_it() {
    let dir = state_dir("fen");
    let fen = "4k3/8/8/8/8/8/8/4K2R w K - 0 1";
    let mut session = spawn(&["play", "chess", "--seed", "1", "--fen", fen], &dir, COLUMNS);
    first_screen(&mut session, "chess 1. White> ");
    let said = action(&mut session, "fen", "chess 1. White> ").join("\n");
    assert!(said.contains(fen), "{said}");
    let played = action(&mut session, "O-O", "chess 1. Black> ").join("\n");
    assert!(played.contains("1. O-O"), "{played}");
    quit(session);
    let mut session = spawn(&["play", "porthole", "--seed", "1", "--fen", fen, "--holes", "c3 f3"], &dir, COLUMNS);
    first_screen(&mut session, "porthole 1. White> ");
    let said = action(&mut session, "fen", "porthole 1. White> ").join("\n");
    assert!(said.contains("4k3/8/8/8/8/8/8/4K2R w K - 0 1 porthole=c3,f3"), "{said}");
    quit(session);
}

#[test]
fn loading_a_record_of_a_script_variant_names_the_path_that_starts_it() {
    let dir = state_dir("hint");
    std::fs::create_dir_all(dir.join("v")).unwrap();
    std::fs::create_dir_all(dir.join("g")).unwrap();
    let script = concat!(env!("CARGO_MANIFEST_DIR"), "/examples/crater-on-capture.hole");
    std::fs::copy(script, dir.join("v").join("crater.hole")).unwrap();
    std::fs::write(dir.join("g").join("game.pgn"), "[Variant \"crater-on-capture\"]\n\n1. e4 d5 2. exd5 *\n").unwrap();
    let mut session = spawn(&["play", "chess", "--seed", "1"], &dir.join("g"), COLUMNS);
    first_screen(&mut session, "chess 1. White> ");
    let said = action(&mut session, "load game.pgn", "chess 1. White> ");
    assert_fits(&said, COLUMNS, ROWS, "the refusal");
    let joined = said.iter().flat_map(|l| l.split_whitespace()).collect::<Vec<_>>().join(" ");
    assert!(joined.contains("start it with `new ../v/crater.hole`"), "{joined}");
    assert!(!joined.contains("`new crater-on-capture`"), "{joined}");
    let started = action(&mut session, "new ../v/crater.hole", "crater-on-capture 1. White> ").join("\n");
    assert!(started.contains("New game of Crater on Capture"), "{started}");
    let loaded = action(&mut session, "load game.pgn", "crater-on-capture 2. Black> ").join("\n");
    assert!(loaded.contains("loaded 3 plies"), "{loaded}");
    quit(session);
}

#[test]
fn list_fits_80_columns() {
    let out = Command::new(env!("CARGO_BIN_EXE_holechess")).arg("list").env("COLUMNS", "80").output().unwrap();
    assert!(out.status.success());
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(text.lines().all(|l| l.chars().count() <= 80), "{text}");
    let words: Vec<&str> = text.split_whitespace().collect();
    assert!(words.join(" ").contains("Exactly 8 portals entered by any move; a stack acts as one"), "{text}");
}

#[test]
fn in_every_bundled_variant_a_move_and_the_reply_fit_80_by_24() {
    let cases = [
        ("chess", "e4"),
        ("porthole", "e4"),
        ("standard-portal", "e4"),
        ("pothole", "e4"),
        ("wormhole", "e4"),
        ("portal", "e4"),
        ("portal-one-set", "c4"),
    ];
    for (variant, first) in cases {
        let dir = state_dir(&format!("every-{variant}"));
        let mut session = spawn(&["play", variant, "--seed", "3", "--ai", "black", "--level", "1"], &dir, COLUMNS);
        let start = first_screen(&mut session, &format!("{variant} 1. White"));
        assert!(start.iter().all(|l| l.chars().count() <= COLUMNS), "{variant}:\n{}", start.join("\n"));
        session.exp_string("> ").expect("the prompt");
        let played = action(&mut session, first, &format!("{variant} 2. White"));
        assert!(played.iter().any(|l| l.starts_with("1... ")), "{variant}: the reply:\n{}", played.join("\n"));
        assert_fits(&played, COLUMNS, ROWS, variant);
        session.exp_string("> ").expect("the prompt");
        quit(session);
    }
}

#[test]
fn the_opening_lines_fit_a_narrow_terminal_too() {
    use std::io::Write;
    let mut child = Command::new(env!("CARGO_BIN_EXE_holechess"))
        .args(["play", "chess", "--seed", "1"])
        .env("COLUMNS", "40")
        .env("NO_COLOR", "1")
        .env("XDG_STATE_HOME", state_dir("narrow-start"))
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .spawn()
        .expect("run holechess");
    child.stdin.take().expect("stdin").write_all(b"quit\n").expect("write");
    let out = String::from_utf8(child.wait_with_output().expect("wait").stdout).expect("UTF-8");
    let wide: Vec<&str> = out.lines().filter(|line| line.chars().count() > 40).collect();
    assert!(wide.is_empty(), "wider than 40 columns: {wide:#?}");
    let words: Vec<&str> = out.split_whitespace().collect();
    assert!(words.join(" ").contains("Type `help` for the commands."), "{out}");
}
