//! Nothing lost, nothing garbled: saves that never destroy the old file (a failed write, a
//! symbolic link, a file holding other games), records that keep what they were loaded
//! with and say who played at which level, input that is not UTF-8, counters that cannot
//! wrap, control characters shown escaped, and dice comments reported as what they are
//! (K4). Each test drives the binary (piped `play` sessions for the REPL) in a folder of its
//! own.

use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};

mod common;

/// A fresh folder for one test.
fn folder(test: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("holechess-robust-io-{test}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("temp dir");
    dir
}

/// Runs `holechess ARGS` in `dir` with `stdin` (any bytes) piped in.
fn run_in(dir: &Path, args: &[&str], stdin: &[u8]) -> Output {
    run_command(Command::new(env!("CARGO_BIN_EXE_holechess")).args(args).current_dir(dir), stdin)
}

fn run_command(command: &mut Command, stdin: &[u8]) -> Output {
    let mut child = command
        .env("NO_COLOR", "1")
        .env("XDG_STATE_HOME", std::env::temp_dir().join("holechess-robust-io-state"))
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("run holechess");
    child.stdin.take().expect("stdin").write_all(stdin).expect("write stdin");
    child.wait_with_output().expect("wait for holechess")
}

/// Standard output and error together.
fn said(output: &Output) -> String {
    format!("{}{}", String::from_utf8_lossy(&output.stdout), String::from_utf8_lossy(&output.stderr))
}

fn read(path: &Path) -> String {
    std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

/// A record of two games: tags, a comment, a variation, a NAG and a decided result first.
const TWO_GAMES: &str = "[Event \"World Championship\"]\n[Site \"London\"]\n[Date \"2000.10.08\"]\n\
[Round \"1\"]\n[White \"Kramnik\"]\n[Black \"Kasparov\"]\n[Result \"1-0\"]\n\n\
1. e4 {a comment} e5 (1... c5 2. Nf3) 2. Nf3 $1 Nc6 1-0\n\n[Event \"Second\"]\n\n1. d4 d5 *\n";

// --- saves ------------------------------------------------------------------------------

#[cfg(unix)]
#[test]
fn a_save_that_fails_keeps_the_old_file_whole_and_says_so() {
    let dir = folder("ulimit");
    let target = dir.join("game.pgn");
    std::fs::write(&target, TWO_GAMES).unwrap();
    // A file-size limit of 0 blocks: every write fails (a full disk behaves the same).
    let script = format!("ulimit -f 0; exec '{}' play chess --seed 1", env!("CARGO_BIN_EXE_holechess"));
    let output = run_command(Command::new("sh").args(["-c", &script]).current_dir(&dir), b"e4\nsave! game.pgn\n");
    let said = said(&output);
    assert!(said.contains("error: cannot write game.pgn") && said.contains("the file is unchanged"), "{said}");
    assert_eq!(output.status.code(), Some(1), "a rejected line, not a death by SIGXFSZ: {said}");
    assert_eq!(read(&target), TWO_GAMES, "the old file is whole");
    assert_eq!(std::fs::read_dir(&dir).unwrap().count(), 1, "no temporary file is left behind");
}

#[cfg(unix)]
#[test]
fn a_save_never_writes_through_a_symbolic_link() {
    let dir = folder("symlink");
    let elsewhere = dir.join("elsewhere.txt");
    std::fs::write(&elsewhere, "not a record").unwrap();
    std::os::unix::fs::symlink(&elsewhere, dir.join("link.pgn")).unwrap();
    let output = run_in(&dir, &["play", "chess", "--seed", "1"], b"e4\nsave link.pgn\n");
    let said = said(&output);
    assert!(said.contains("link.pgn is a symbolic link") && said.contains("nothing was written"), "{said}");
    assert!(said.contains("`save! link.pgn` replaces the link"), "{said}");
    assert_eq!(output.status.code(), Some(1));
    // `save!` replaces the link itself: the file it pointed to is left alone.
    let output = run_in(&dir, &["play", "chess", "--seed", "1"], b"e4\nsave! link.pgn\n");
    assert!(output.status.success(), "{}", self::said(&output));
    assert_eq!(read(&elsewhere), "not a record");
    assert!(!std::fs::symlink_metadata(dir.join("link.pgn")).unwrap().file_type().is_symlink());
    assert!(read(&dir.join("link.pgn")).contains("1. e4 *"));
}

#[test]
fn a_loaded_record_saved_again_keeps_its_tags_comments_variations_and_result() {
    let dir = folder("keep");
    let one_game = TWO_GAMES.split("\n\n[Event \"Second\"]").next().unwrap().to_owned() + "\n";
    std::fs::write(dir.join("wc.pgn"), &one_game).unwrap();
    // The file holds only the loaded game: saving over it asks nothing and loses nothing.
    let output = run_in(&dir, &["play", "chess", "--seed", "1"], b"load wc.pgn\nsave wc.pgn\n");
    assert!(output.status.success(), "{}", said(&output));
    let saved = read(&dir.join("wc.pgn"));
    for kept in [
        "[Event \"World Championship\"]",
        "[Site \"London\"]",
        "[Date \"2000.10.08\"]",
        "[Round \"1\"]",
        "[White \"Kramnik\"]",
        "[Black \"Kasparov\"]",
        "[Result \"1-0\"]",
        "{a comment}",
        "(1... c5 2. Nf3)",
        "2. Nf3 $1 Nc6 1-0",
    ] {
        assert!(saved.contains(kept), "{kept} is lost:\n{saved}");
    }
    let check = run_in(&dir, &["validate", "chess", "wc.pgn"], b"");
    assert!(check.status.success(), "{}", said(&check));
}

#[test]
fn saving_over_a_file_with_more_than_the_game_is_refused_when_piped() {
    let dir = folder("others");
    std::fs::write(dir.join("wc.pgn"), TWO_GAMES).unwrap();
    let output = run_in(&dir, &["play", "chess", "--seed", "1"], b"load wc.pgn\nsave wc.pgn\n");
    let said = said(&output);
    assert!(said.contains("wc.pgn already holds 2 games; nothing was written (`save! wc.pgn` replaces it)"), "{said}");
    assert_eq!(output.status.code(), Some(1));
    assert_eq!(read(&dir.join("wc.pgn")), TWO_GAMES, "game 2 is not deleted");
    let forced = run_in(&dir, &["play", "chess", "--seed", "1"], b"load wc.pgn\nsave! wc.pgn\n");
    assert!(forced.status.success(), "{}", self::said(&forced));
    assert!(!read(&dir.join("wc.pgn")).contains("Second"), "`save!` replaces the file");
}

#[test]
fn another_game_is_not_saved_over_without_asking_and_plurals_are_right() {
    let dir = folder("plural");
    let eighteen = run_in(
        &dir,
        &["play", "chess", "--seed", "1"],
        b"Nf3\nNf6\nNg1\nNg8\nNf3\nNf6\nNg1\nNg8\nNc3\nNc6\nNb1\nNb8\nNc3\nNc6\nNb1\nNb8\ne4\ne5\nsave long.pgn\n",
    );
    assert!(said(&eighteen).contains("saved 18 plies to long.pgn"), "{}", said(&eighteen));
    let kept = read(&dir.join("long.pgn"));
    let one = run_in(&dir, &["play", "chess", "--seed", "1"], b"d4\nsave long.pgn\nsave short.pgn\nsave short.pgn\n");
    let said = said(&one);
    assert!(said.contains("long.pgn already holds a game not saved from this one"), "{said}");
    assert_eq!(read(&dir.join("long.pgn")), kept, "the 18-ply game is kept");
    assert!(said.contains("saved 1 ply to short.pgn"), "{said}");
    assert!(!said.contains("short.pgn already holds"), "this game's own file is saved over silently: {said}");
}

#[test]
fn a_match_whose_hook_fails_leaves_an_existing_pgn_file_as_it_was() {
    const FAULTY: &str = "variant \"Faulty\"\n  id faulty\n\nextends chess\n\nspecial moves: call faulty()\n  rhai ```\nfn faulty() {\n    if !has_piece(\"e4\") { return []; }\n    let m = special_move(\"dig@e4\");\n    m.place_piece(\"white\", \"queen\", \"e4\");\n    [m]\n}\n```\n";
    let dir = folder("match");
    std::fs::write(dir.join("faulty.hole"), FAULTY).unwrap();
    std::fs::write(dir.join("old.pgn"), TWO_GAMES).unwrap();
    let args = ["match", "faulty.hole", "--levels", "1,1", "--games", "1", "--time-ms", "50", "--pgn", "old.pgn"];
    let output = run_in(&dir, &args, b"");
    assert_eq!(output.status.code(), Some(2), "{}", said(&output));
    assert_eq!(read(&dir.join("old.pgn")), TWO_GAMES, "not truncated to 0 bytes");
    assert_eq!(std::fs::read_dir(&dir).unwrap().count(), 2, "no temporary file is left behind");
}

// --- what the REPL records --------------------------------------------------------------

#[test]
fn records_carry_site_date_and_the_level_each_move_was_played_at() {
    let dir = folder("levels");
    // Black is played at level 2; the level is lowered before saving.
    let output =
        run_in(&dir, &["play", "chess", "--seed", "1", "--ai", "black", "--level", "2"], b"e4\nlevel 1\nsave g.pgn\n");
    assert!(output.status.success(), "{}", said(&output));
    let saved = read(&dir.join("g.pgn"));
    assert!(saved.contains("[Black \"holechess level 2\"]"), "the level actually used:\n{saved}");
    assert!(saved.contains("[White \"human\"]"), "{saved}");
    assert!(saved.contains("[Site \""), "{saved}");
    let date = saved.lines().find_map(|line| line.strip_prefix("[Date \"")).expect("a Date tag");
    let date = &date[..10];
    assert!(
        date.chars().enumerate().all(|(i, c)| if i == 4 || i == 7 { c == '.' } else { c.is_ascii_digit() }),
        "YYYY.MM.DD: {date}"
    );
}

#[test]
fn hook_notes_are_kept_as_comments_in_the_record() {
    let dir = folder("notes");
    let output = run_in(&dir, &["play", "pothole", "--seed", "3"], b"e4\ne5\nNf3\nsave p.pgn\n");
    let session = said(&output);
    assert!(session.contains("a pothole opens on d1"), "the seeded game opens a pothole: {session}");
    let saved = read(&dir.join("p.pgn"));
    assert!(saved.contains("{a pothole opens on d1: the white queen"), "{saved}");
    let check = run_in(&dir, &["validate", "pothole", "p.pgn"], b"");
    assert!(check.status.success(), "{}", said(&check));
}

#[test]
fn a_special_move_is_shown_as_the_last_move() {
    let dir = folder("special");
    let script = concat!(env!("CARGO_MANIFEST_DIR"), "/examples/dig.hole");
    let output = run_in(&dir, &["play", script, "--seed", "1"], b"e4\ne5\ndig@e2\n");
    let said = said(&output);
    assert!(said.contains("Last move: dig@e2"), "{said}");
}

// --- input that is not UTF-8 ------------------------------------------------------------

#[test]
fn a_piped_line_that_is_not_utf8_is_reported_and_the_session_goes_on() {
    let dir = folder("utf8-play");
    let output = run_in(&dir, &["play", "chess", "--seed", "1"], b"e4\n\xff\ne5\nsave x.pgn\n");
    let said = said(&output);
    assert!(said.contains("error: line 2 is not UTF-8 text (byte 0xff at column 1)"), "{said}");
    assert!(said.contains("saved 2 plies to x.pgn"), "{said}");
    assert_eq!(output.status.code(), Some(1), "a rejected line");
    assert!(read(&dir.join("x.pgn")).contains("1. e4 e5 *"));
}

#[test]
fn a_record_line_that_is_not_utf8_is_named_and_read_as_latin1() {
    // The PGN standard's character set is Latin-1, and real collections use it: the record
    // is read (its games validated), and the first line that is not UTF-8 is named.
    let dir = folder("utf8-validate");
    std::fs::write(dir.join("latin1.pgn"), b"[Event \"x\"]\n[Site \"Z\xfcrich\"]\n\n1. e4 *\n").unwrap();
    let output = run_in(&dir, &["validate", "chess", "latin1.pgn"], b"");
    let said = said(&output);
    assert!(said.contains("note: latin1.pgn: line 2 is not UTF-8 text (byte 0xfc at column 9)"), "{said}");
    assert!(said.contains("read as Latin-1") && said.contains("1 game: 1 valid"), "{said}");
    assert_eq!(output.status.code(), Some(0), "{said}");
    let load = run_in(&dir, &["play", "chess"], b"load latin1.pgn\nhistory\n");
    let said = self::said(&load);
    assert!(said.contains("line 2 is not UTF-8 text") && said.contains("[Site \"Zürich\"]"), "{said}");
}

#[test]
fn a_utf16_record_is_refused_as_utf16_not_as_malformed() {
    let dir = folder("utf16");
    let utf16: Vec<u8> = [0xFF, 0xFE]
        .into_iter()
        .chain("[Event \"x\"]\n\n1. e4 e5 *\n".encode_utf16().flat_map(u16::to_le_bytes))
        .collect();
    std::fs::write(dir.join("u16.pgn"), utf16).unwrap();
    let output = run_in(&dir, &["validate", "chess", "u16.pgn"], b"");
    let said = said(&output);
    assert!(said.contains("u16.pgn: not a PGN record: the file is UTF-16; save it as UTF-8"), "{said}");
    assert!(!said.contains("malformed"), "{said}");
    assert_eq!(output.status.code(), Some(1));
    let load = run_in(&dir, &["play", "chess"], b"load u16.pgn\n");
    assert!(self::said(&load).contains("the file is UTF-16; save it as UTF-8"), "{}", self::said(&load));
}

#[test]
fn a_script_that_is_not_utf8_names_its_line() {
    let dir = folder("utf8-script");
    std::fs::write(dir.join("bad.hole"), b"variant \"Bad\"\n  id bad\n\xff\n").unwrap();
    let output = run_in(&dir, &["check", "bad.hole"], b"");
    let said = said(&output);
    assert!(said.contains("is not UTF-8 text: line 3, column 1 holds the byte 0xff"), "{said}");
    assert_eq!(output.status.code(), Some(2));
}

// --- counters -----------------------------------------------------------------------------

#[test]
fn move_numbers_and_clocks_are_range_checked_where_read() {
    let dir = folder("counters");
    let script = b"position rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR b KQkq - 0 4294967295\n\
position rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 65536 4\n\
position rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR b KQkq - 0 1000000000\nNf6\nNf3\nhistory\n";
    let output = run_in(&dir, &["play", "chess"], script);
    let said = said(&output);
    assert!(
        said.contains("the fullmove number must be a whole number from 0 to 1000000000, not '4294967295'"),
        "{said}"
    );
    assert!(said.contains("the halfmove clock must be a whole number from 0 to 65535, not '65536'"), "{said}");
    assert!(said.contains("1000000001. Nf3"), "{said}");
    assert!(!said.contains("0. Nf3"), "the move number never wraps: {said}");
    // The same limits hold in a record's [FEN] and in `moves --fen`.
    let fen = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR b KQkq - 0 4294967295";
    std::fs::write(dir.join("far.pgn"), format!("[SetUp \"1\"]\n[FEN \"{fen}\"]\n\n1... Nf6 2. Nf3 *\n")).unwrap();
    let record = run_in(&dir, &["validate", "chess", "far.pgn"], b"");
    assert!(self::said(&record).contains("from 0 to 1000000000"), "{}", self::said(&record));
    let moves = run_in(&dir, &["moves", "chess", "--fen", fen], b"");
    assert!(self::said(&moves).contains("from 0 to 1000000000"), "{}", self::said(&moves));
    let lifetime = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 porthole=c3(70000)";
    let tokens = run_in(&dir, &["moves", "porthole", "--fen", lifetime], b"");
    assert!(self::said(&tokens).contains("from 0 to 65535, not '70000'"), "{}", self::said(&tokens));
}

// --- terminal-safe output ---------------------------------------------------------------

#[test]
fn control_characters_from_input_are_shown_escaped() {
    let dir = folder("escape");
    std::fs::write(dir.join("esc.pgn"), "[Event \"x\"]\n\n1. e4 e5 \x1b[2JNf9 *\n").unwrap();
    let validate = run_in(&dir, &["validate", "chess", "esc.pgn"], b"");
    std::fs::write(dir.join("esc.hole"), "variant \"X\"\n  id x\n  summary \"s\"\nextends \"ch\x1b[31mess\"\n")
        .unwrap();
    let check = run_in(&dir, &["check", "esc.hole"], b"");
    let repl = run_in(&dir, &["play", "chess"], b"\x1b[2Jbad\n");
    for (what, output) in [("validate", &validate), ("check", &check), ("play", &repl)] {
        let said = said(output);
        assert!(!said.contains('\x1b'), "{what} sends ESC raw: {said:?}");
        assert!(said.contains("\\x1b["), "{what} shows it escaped: {said}");
    }
}

#[test]
fn a_file_that_is_not_pgn_is_said_to_be_so_once() {
    let dir = folder("not-pgn");
    std::fs::write(dir.join("environ"), b"SHELL=/bin/sh\0HOME=/root\0PATH=/bin\0").unwrap();
    std::fs::write(dir.join("notes.txt"), "SHELL=/bin/sh\nHOME=/root\nPATH=/bin\n").unwrap();
    for (file, reason) in [("environ", "binary data"), ("notes.txt", "begins with `SHELL=/bin/sh`")] {
        let output = run_in(&dir, &["validate", "chess", file], b"");
        let said = said(&output);
        assert_eq!(said.matches("not a PGN record").count(), 1, "{said}");
        assert!(said.contains(reason) && !said.contains("is not a move"), "{said}");
        assert_eq!(output.status.code(), Some(1));
    }
}

// --- dice comments (K4) -----------------------------------------------------------------

#[test]
fn k4_malformed_dice_comments_are_reported_as_what_they_are() {
    let dir = folder("dice");
    let cases = [
        ("0", "dice outcome `0` is impossible: a die's faces are numbered from 1"),
        ("-1", "dice outcome `-1` is not a whole number from 1 to 255"),
        ("1.5", "dice outcome `1.5` is not a whole number from 1 to 255"),
        ("6,5,5", "malformed dice comment `[%dice 6,5,5]`: outcomes are separated by blanks"),
    ];
    for (dice, message) in cases {
        std::fs::write(dir.join("d.pgn"), format!("[Variant \"pothole\"]\n\n1. e4 {{[%dice {dice}]}} e5 *\n")).unwrap();
        let said = said(&run_in(&dir, &["validate", "pothole", "d.pgn"], b""));
        assert!(said.contains(message) && !said.contains("missing dice outcome"), "{dice}: {said}");
    }
    std::fs::write(dir.join("d.pgn"), "[Variant \"pothole\"]\n\n1. e4 {[%dice 1 } e5 *\n").unwrap();
    let said = said(&run_in(&dir, &["validate", "pothole", "d.pgn"], b""));
    assert!(said.contains("malformed dice comment `[%dice 1`") && said.contains("not closed"), "{said}");
    std::fs::write(dir.join("d.pgn"), "[Variant \"pothole\"]\n\n{[%dice 3]} 1. e4 {[%dice 1]} *\n").unwrap();
    let said = self::said(&run_in(&dir, &["validate", "pothole", "d.pgn"], b""));
    assert!(said.contains("rolls no dice at the start of the game (its dice are rolled after moves"), "{said}");
}

#[cfg(unix)]
#[test]
fn at_a_terminal_saving_over_other_games_asks_first() {
    use rexpect::session::spawn_command;
    let dir = folder("ask");
    std::fs::write(dir.join("wc.pgn"), TWO_GAMES).unwrap();
    let mut command = Command::new(env!("CARGO_BIN_EXE_holechess"));
    command.args(["play", "chess", "--seed", "1"]).current_dir(&dir).env("NO_COLOR", "1").env("TERM", "xterm");
    command.env("XDG_STATE_HOME", &dir);
    let mut session = spawn_command(command, Some(60_000)).expect("spawn holechess in a pty");
    session.send_line("e4").expect("move");
    session.exp_string("1. e4").expect("played");
    session.send_line("save wc.pgn").expect("save");
    session.exp_string("wc.pgn already holds 2 games, which saving would replace. Replace it?").expect("asked");
    session.send_line("no").expect("answer");
    session.exp_string("wc.pgn is kept; the game was not saved.").expect("kept");
    assert_eq!(read(&dir.join("wc.pgn")), TWO_GAMES);
    session.send_line("save wc.pgn").expect("save again");
    session.exp_string("Replace it?").expect("asked again");
    session.send_line("yes").expect("answer");
    session.exp_string("saved 1 ply to wc.pgn").expect("replaced");
    session.send_line("quit").expect("quit");
    session.exp_eof().expect("the session ends");
    assert!(read(&dir.join("wc.pgn")).contains("1. e4 *"));
}
