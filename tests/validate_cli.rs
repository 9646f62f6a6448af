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

use common::binary::{stderr, stdout};

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
    assert_eq!(lines.len(), 2, "one JSON line per game and nothing else on standard output");
    assert!(stderr(&output).contains("2 games: 1 valid, 1 invalid"), "the summary goes to standard error");
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
fn a_file_that_is_not_pgn_is_said_to_be_so_once() {
    let file = write("notes.txt", "just some notes\nno games here\n");
    let output = holechess(&["validate", "chess", file.to_str().unwrap()], None);
    assert_eq!(output.status.code(), Some(1));
    let text = stdout(&output);
    assert!(text.contains("notes.txt: not a PGN record: it begins with `just`"), "{text}");
    assert!(!text.contains("is not a move"), "{text}");
    assert!(text.contains("0 games: 0 valid, 0 invalid"), "{text}");
}

#[test]
fn a_file_without_any_text_holds_no_games() {
    let file = write("blank.pgn", "\n  \n");
    let output = holechess(&["validate", "chess", file.to_str().unwrap()], None);
    assert_eq!(output.status.code(), Some(1));
    let text = stdout(&output);
    assert!(text.contains("no PGN games found: the file holds no text"), "{text}");
    assert!(text.contains("1 file(s) not PGN records (or without any text)"), "{text}");
}

/// Runs `validate chess -` on `pgn` with `--json`: the exit code, each game's
/// (valid, reason class) and the summary (standard error).
fn json_verdicts(pgn: &str) -> (Option<i32>, Vec<(bool, String)>, String) {
    let output = holechess(&["validate", "chess", "-", "--json"], Some(pgn));
    let lines: Vec<serde_json::Value> =
        stdout(&output).lines().map(|line| serde_json::from_str(line).expect("a JSON object per line")).collect();
    let summary = stderr(&output);
    let verdicts = lines
        .iter()
        .map(|line| (line["valid"].as_bool().unwrap(), line["reason_class"].as_str().unwrap_or("").to_owned()))
        .collect();
    (output.status.code(), verdicts, summary)
}

fn verdict(valid: bool, class: &str) -> (bool, String) {
    (valid, class.to_owned())
}

/// The illegal second game, which starts with a comment, is checked.
#[test]
fn finding_1_a_game_after_a_comment_gets_its_verdict() {
    let (code, verdicts, summary) = json_verdicts("1. e4 e5 *\n\n{c} 1. d4 d5 2. Qxd5 *\n");
    assert_eq!(code, Some(1));
    assert_eq!(verdicts, [verdict(true, ""), verdict(false, "illegal")]);
    assert!(summary.contains("2 games: 1 valid, 1 invalid"), "{summary}");
    let output = holechess(&["validate", "chess", "-"], Some("1. e4 e5 *\n\n{c} 1. d4 d5 2. Qxd5 *\n"));
    let text = stdout(&output);
    assert!(text.contains("<stdin>: game 2 (line 3), ply 3, move Qxd5: illegal move"), "{text}");
    assert!(text.contains("2 games: 1 valid, 1 invalid"), "{text}");
}

/// Junk before a game is a malformed game; the legal game after it
/// still gets its verdict.
#[test]
fn finding_1_junk_before_a_game_is_malformed_and_does_not_swallow_it() {
    let (code, verdicts, _) = json_verdicts("2+ 28. Rxf2 *\n1. e4 e5 *\n");
    assert_eq!(code, Some(1));
    assert_eq!(verdicts, [verdict(false, "malformed"), verdict(true, "")]);
}

/// A tag line missing its `[` spoils its game, which is not read as valid.
#[test]
fn finding_1_a_tag_line_missing_its_bracket_makes_the_game_malformed() {
    let pgn = "[Event \"a\"]\nSite \"b\"]\n[Result \"*\"]\n\n1. e4 e5 *\n\n[Event \"c\"]\n\n1. d4 *\n";
    let (code, verdicts, _) = json_verdicts(pgn);
    assert_eq!(code, Some(1));
    assert_eq!(verdicts, [verdict(false, "malformed"), verdict(true, "")]);
}

/// `1*,*,*` before the moves is not a valid game of 0 plies.
#[test]
fn finding_1_a_garbled_move_number_is_malformed_not_an_empty_valid_game() {
    let (code, verdicts, summary) = json_verdicts("[Event \"a\"]\n\n1*,*,* 1. e4 e5 2. Qxd5 *\n");
    assert_eq!(code, Some(1));
    assert_eq!(verdicts, [verdict(false, "malformed")]);
    assert!(summary.contains("1 game: 0 valid, 1 invalid; 0 plies"), "{summary}");
}

/// Fused or garbled tokens make the game malformed at their ply.
#[test]
fn finding_1_fused_tokens_make_the_game_malformed_at_their_ply() {
    let output = holechess(&["validate", "chess", "-", "--json"], Some("[Event \"a\"]\n\n1. e4 e5 2. e4g2Nd5 Nc6 *\n"));
    let first: serde_json::Value = serde_json::from_str(stdout(&output).lines().next().unwrap()).unwrap();
    assert_eq!((first["valid"].as_bool(), first["ply"].as_u64()), (Some(false), Some(3)));
    assert_eq!(first["reason_class"], "malformed");
    assert_eq!(first["plies"], 2);
}

/// `[Result "0-1"]` with movetext ending `1-0` is a result mismatch.
#[test]
fn finding_2_a_result_tag_that_disagrees_with_the_movetext_is_a_mismatch() {
    let (code, verdicts, _) = json_verdicts("[Result \"0-1\"]\n\n1. e4 e5 1-0\n");
    assert_eq!(code, Some(1));
    assert_eq!(verdicts, [verdict(false, "result_mismatch")]);
    let output = holechess(&["validate", "chess", "-"], Some("[Result \"0-1\"]\n\n1. e4 e5 1-0\n"));
    let text = stdout(&output);
    assert!(text.contains("ply 3, move 0-1: [Result \"0-1\"] disagrees with the result `1-0`"), "{text}");
}

/// A device, a folder are refused at once (exit 2), never read.
#[test]
fn finding_4_only_regular_files_and_standard_input_are_read() {
    for path in ["/dev/zero", temp_dir().to_str().unwrap()] {
        let output = holechess(&["validate", "chess", path], None);
        assert_eq!(output.status.code(), Some(2), "{path}");
        let error = String::from_utf8_lossy(&output.stderr);
        assert!(error.contains("only regular files and `-` (standard input) are read"), "{path}: {error}");
    }
    let file = write("beside-a-device.pgn", VALID);
    let output = holechess(&["validate", "chess", "/dev/zero", file.to_str().unwrap()], None);
    assert_eq!(output.status.code(), Some(2));
    assert!(stdout(&output).contains("2 games: 2 valid, 0 invalid"), "the other files are still validated");
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

#[test]
fn json_output_gives_an_unreadable_file_an_io_verdict_and_nothing_but_verdicts() {
    let blank = write("blank-for-json.pgn", "\n");
    let missing = temp_dir().join("no-such-file.pgn");
    let args = ["validate", "chess", blank.to_str().unwrap(), missing.to_str().unwrap(), "--json"];
    let output = holechess(&args, None);
    assert_eq!(output.status.code(), Some(2), "an unreadable file is an error");
    let lines: Vec<serde_json::Value> =
        stdout(&output).lines().map(|line| serde_json::from_str(line).expect("a JSON object per line")).collect();
    let classes: Vec<&str> = lines.iter().map(|line| line["reason_class"].as_str().unwrap()).collect();
    assert_eq!(classes, ["not_pgn", "io"]);
    assert!(lines[1]["reason"].as_str().unwrap().starts_with("cannot read:"), "{}", lines[1]);
    assert_eq!(lines[1]["valid"], false);
}

/// The sample game of `examples/linked-squares.hole`, with moves through
/// links both ways (`Nh3>a6`, `bxa6>h3`, a capture on a linked square), is valid; a record
/// that omits the far end of such a move is not.
#[test]
fn the_linked_squares_sample_game_is_valid() {
    let root = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("examples");
    let variant = root.join("linked-squares.hole");
    let record = root.join("linked-squares.pgn");
    let output = holechess(&["validate", variant.to_str().unwrap(), record.to_str().unwrap()], None);
    assert_eq!(output.status.code(), Some(0), "{}{}", stdout(&output), stderr(&output));
    assert!(stdout(&output).contains("1 game: 1 valid"), "{}", stdout(&output));
    let without_exit = write("links.pgn", "[Variant \"linked-squares\"]\n\n1. Nh3 *\n");
    let output = holechess(&["validate", variant.to_str().unwrap(), without_exit.to_str().unwrap()], None);
    assert_eq!(output.status.code(), Some(1), "{}", stdout(&output));
}
