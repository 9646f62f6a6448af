//! `holechess validate` end to end: exit codes, the text report, `--json` lines and
//! standard input, on small files written to a temporary directory.

use std::path::PathBuf;
use std::process::Output;

const VALID: &str = "[Event \"a\"]\n[Result \"0-1\"]\n\n1. f3 e5 2. g4 Qh4# 0-1\n\n\
                     [Event \"b\"]\n\n1. e4 e5 2. Nf3 Nc6 *\n";
const INVALID: &str = "[Event \"a\"]\n\n1. e4 e5 *\n\n[Event \"b\"]\n\n1. e4 e5 2. Ke3 Nc6 *\n";

fn temp_dir() -> PathBuf {
    let dir = std::env::temp_dir().join(format!("holechess-validate-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temp dir");
    dir
}

fn write(name: &str, text: &str) -> PathBuf {
    let path = temp_dir().join(name);
    std::fs::write(&path, text).expect("write");
    path
}

mod common;

use common::binary::stdout;

fn holechess(args: &[&str], stdin: Option<&str>) -> Output {
    common::binary::holechess(args, stdin.unwrap_or(""))
}

#[test]
fn all_valid_exits_0_with_a_summary() {
    let file = write("valid.pgn", VALID);
    let output = holechess(&["validate", "chess", file.to_str().unwrap(), "--jobs", "2"], None);
    assert_eq!(output.status.code(), Some(0), "{}", stdout(&output));
    let text = stdout(&output);
    assert!(text.contains("2 games: 2 valid, 0 invalid"), "{text}");
    assert!(text.contains("plies/s"), "{text}");
}

#[test]
fn an_invalid_game_exits_1_and_names_file_game_ply_move_reason() {
    let file = write("invalid.pgn", INVALID);
    let name = file.to_str().unwrap();
    let output = holechess(&["validate", "chess", name], None);
    assert_eq!(output.status.code(), Some(1));
    let text = stdout(&output);
    let expected = format!("{name}: game 2 (line 7), ply 3, move Ke3: illegal move:");
    assert!(text.contains(&expected), "{text}");
    assert!(text.contains("position: rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq e6 0 2"), "{text}");
    assert!(text.contains("2 games: 1 valid, 1 invalid"), "{text}");
}

#[test]
fn json_lines_parse_with_the_fields() {
    let file = write("json.pgn", INVALID);
    let output = holechess(&["validate", "chess", file.to_str().unwrap(), "--json"], None);
    assert_eq!(output.status.code(), Some(1));
    let lines: Vec<serde_json::Value> =
        stdout(&output).lines().map(|line| serde_json::from_str(line).expect("a JSON object per line")).collect();
    assert_eq!(lines.len(), 2);
    assert_eq!(lines[0]["valid"], true);
    assert_eq!(lines[1]["valid"], false);
    assert_eq!(lines[1]["game"], 2);
    assert_eq!(lines[1]["ply"], 3);
    assert_eq!(lines[1]["move"], "Ke3");
    assert_eq!(lines[1]["reason_class"], "illegal");
    for field in ["file", "line", "reason", "fen"] {
        assert!(!lines[1][field].is_null(), "{field} in {}", lines[1]);
    }
}

#[test]
fn dash_reads_standard_input() {
    let output = holechess(&["validate", "chess", "-"], Some(VALID));
    assert_eq!(output.status.code(), Some(0), "{}", stdout(&output));
    let output = holechess(&["validate", "chess", "-"], Some(INVALID));
    assert_eq!(output.status.code(), Some(1));
    assert!(stdout(&output).contains("<stdin>: game 2"));
}

#[test]
fn a_file_that_is_not_pgn_is_invalid_input() {
    let file = write("notes.txt", "just some notes\nno games here\n");
    let output = holechess(&["validate", "chess", file.to_str().unwrap()], None);
    assert_eq!(output.status.code(), Some(1));
    assert!(stdout(&output).contains("no PGN games found"));
}

#[test]
fn usage_errors_exit_2() {
    let file = write("usage.pgn", VALID);
    let unknown = holechess(&["validate", "no-such-variant", file.to_str().unwrap()], None);
    assert_eq!(unknown.status.code(), Some(2));
    let missing = temp_dir().join("missing.pgn");
    let unreadable = holechess(&["validate", "chess", missing.to_str().unwrap()], None);
    assert_eq!(unreadable.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&unreadable.stderr).contains("cannot read"));
    let no_files = holechess(&["validate", "chess"], None);
    assert_eq!(no_files.status.code(), Some(2));
}
