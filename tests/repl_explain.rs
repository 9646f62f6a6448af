//! `holechess play` explains itself: refusals name the pin, the blocker, the check, the free
//! exits and the board in play; a check is said with its checker and route after each ply;
//! moves are read in any case, with `o-o`, `e.p.` and annotations; a pasted line of game
//! text plays in order; the exit prompt shows the pending choice. Piped sessions check the
//! words; pseudo-terminal sessions at 80x24 check what a player sees at the prompt.

use std::process::{Command, Output};

use rexpect::session::{spawn_command, PtySession};

/// Most milliseconds any one expectation waits (a slow machine included).
const TIMEOUT_MS: u64 = 60_000;

mod common;

/// `holechess play ARGS` with `script` piped in.
fn play(args: &[&str], script: &str) -> Output {
    let args: Vec<&str> = std::iter::once("play").chain(args.iter().copied()).collect();
    common::binary::holechess(&args, script)
}

fn stdout(args: &[&str], script: &str) -> String {
    String::from_utf8_lossy(&play(args, script).stdout).into_owned()
}

/// `holechess play ARGS` in an 80x24 pseudo-terminal, colour off, state in a folder of its own.
fn pty(args: &[&str], name: &str) -> PtySession {
    let state = std::env::temp_dir().join(format!("holechess-explain-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&state);
    std::fs::create_dir_all(&state).expect("state dir");
    let mut command = Command::new(env!("CARGO_BIN_EXE_holechess"));
    command
        .arg("play")
        .args(args)
        .env("NO_COLOR", "1")
        .env("XDG_STATE_HOME", &state)
        .env("TERM", "xterm")
        .env("COLUMNS", "80")
        .env("LINES", "24");
    spawn_command(command, Some(TIMEOUT_MS)).expect("spawn holechess in a pty")
}

#[test]
fn k1_a_pinned_piece_names_its_pinner_and_the_king() {
    let out = stdout(&["chess"], "position 4k3/4r3/8/8/8/8/4N3/4K3 w - - 0 1\nNf4\n");
    assert!(
        out.contains(
            "illegal move Nf4: the white knight on e2 cannot go to f4: it is pinned by the black rook on e7 against the white king on e1"
        ),
        "{out}"
    );
}

#[test]
fn a_blocked_pawn_names_the_blocker() {
    let out = stdout(&["chess"], "e4\ne5\ne5\n");
    assert!(out.contains("the white pawn on e4 cannot go to e5: the black pawn on e5 blocks it"), "{out}");
}

#[test]
fn k1_a_move_that_ignores_a_check_names_the_checker() {
    let out = stdout(&["chess"], "position 4k3/4r3/8/8/8/8/3N4/4K3 w - - 0 1\nNb3\n");
    assert!(out.contains("White is in check (the black rook on e7 attacks the white king on e1)"), "{out}");
}

#[test]
fn ph4_a_wrong_exit_says_why_and_lists_the_free_exits() {
    let out = stdout(&["porthole"], "Nf3>b7\n");
    assert!(out.contains("b7 holds no porthole; the free exits of the porthole on f3 are"), "{out}");
    assert!(!out.contains("f3 holds a porthole"), "{out}");
}

#[test]
fn hp2_a_piece_on_the_other_board_is_named_with_its_board() {
    let out = stdout(&["portal"], "position 8/8/8/8/R7/8/8/3QK3|4k3/8/8/8/8/8/4P3/8 w - - 0 2\nQb3\n@\n");
    assert!(out.contains("White's queen is on board A: this turn White moves on board B"), "{out}");
    assert!(out.contains("an intent needs a White piece on a linked square of board B"), "{out}");
}

#[test]
fn wh5_wh7_a_check_through_a_wormhole_is_explained_after_the_ply() {
    let start = "rnbqkbnr/ppp1pppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 wormhole=h3";
    let out = stdout(&["wormhole", "--seed", "1"], &format!("position {start}\ng3\n"));
    assert!(
        out.contains("check: the white bishop on f1 attacks the black king on e8 through the wormhole on h3"),
        "{out}"
    );
    let out = stdout(&["chess"], "e4\nf5\nQh5\n");
    assert!(out.contains("check: the white queen on h5 attacks the black king on e8"), "{out}");
}

#[test]
fn hp6_a_portal_check_is_explained_after_the_ply() {
    let start = "7k/8/8/8/K7/8/4P3/8|8/8/8/8/8/r7/8/8 w - - 0 1";
    let out = stdout(&["portal"], &format!("position {start}\ne3\nRa4\n"));
    assert!(out.contains("check: the black rook on B:a4 attacks the white king on A:a4 across the link"), "{out}");
}

#[test]
fn lower_case_and_forgiving_spellings_are_read() {
    let out = stdout(&["chess"], "nf3\nnf6\ng3\nd5\nbg2\nbf5\no-o\nqd7\nd3\nnc6\nc3\n0-0-0\nkH1\n");
    assert!(out.contains("1. Nf3") && out.contains("1... Nf6") && out.contains("3. Bg2"), "{out}");
    assert!(out.contains("4. O-O") && out.contains("4... Qd7") && out.contains("6... O-O-O"), "{out}");
    assert!(out.contains("7. Kh1"), "{out}");
    assert!(!out.contains("error"), "{out}");
    let out = stdout(&["chess"], "E4!?\nd5??\ne5!!\nf5\nexf6 e.p.\nNF6\nNF3\n");
    assert!(out.contains("3. exf6") && out.contains("3... Nxf6") && out.contains("4. Nf3"), "{out}");
    assert!(!out.contains("error"), "{out}");
}

#[test]
fn bc4_takes_the_only_legal_reading_and_asks_when_both_are_legal() {
    let out = stdout(&["chess"], "e4\ne5\nbc4\n");
    assert!(out.contains("2. Bc4"), "{out}");
    let out = stdout(&["chess"], "position 4k3/8/8/8/2p5/1P6/8/4KB2 w - - 0 1\nbc4\n");
    assert!(out.contains("`bc4` could be Bxc4 or bxc4: type which"), "{out}");
}

#[test]
fn a_pasted_line_of_movetext_plays_in_order_and_stops_at_the_first_illegal_move() {
    let out = stdout(&["chess"], "1. e4 e5 2. Nf3 Nc6 {a comment} 3. Bb5 $1 a6 *\nhistory\n");
    assert!(out.contains("played all 6 moves of the line"), "{out}");
    assert!(out.contains("1. e4 e5 2. Nf3 Nc6 3. Bb5 a6"), "{out}");
    let out = stdout(&["chess"], "1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 4. Bd3 Nf6 5. Bd3\n");
    assert!(out.contains("played 8 of 9 moves; stopped at Bd3: no white bishop (c1, d3) can go to d3"), "{out}");
    let out = stdout(&["chess"], "d4 d5\n5. Bd3\nBd3 Ne2\n");
    assert!(out.contains("played all 2 moves of the line"), "{out}");
    assert!(
        out.contains("illegal move Bd3: the white bishop on f1 cannot go to d3: White's own pawn on e2 is in the way"),
        "{out}"
    );
    assert!(out.contains("illegal move Bd3"), "{out}");
}

#[test]
fn ph4_the_exit_choice_answers_out_of_range_numbers_and_is_cancelled_by_a_move() {
    let out = stdout(&["porthole"], "Nf3\n9\ne4\n");
    assert!(out.contains("error: choose 1-7"), "{out}");
    assert!(out.contains("Nf3 cancelled"), "{out}");
    assert!(out.contains("1. e4"), "{out}");
    let out = stdout(&["porthole"], "Nf3\n9\n3\n");
    assert!(out.contains("1. Nf3>"), "the choice waited after the out-of-range number: {out}");
}

#[test]
fn pty_the_exit_prompt_shows_the_pending_choice() {
    let mut session = pty(&["porthole", "--seed", "1"], "exit-prompt");
    session.exp_string("porthole 1. White> ").expect("prompt");
    session.send_line("nf3").expect("type");
    session.exp_string("7 exits are free").expect("the exits are offered");
    session.exp_string("porthole 1. White, exit for Nf3> ").expect("the prompt shows the choice");
    session.send_line("9").expect("type");
    session.exp_string("choose 1-7").expect("out of range");
    session.exp_string("porthole 1. White, exit for Nf3> ").expect("the choice waits");
    session.send_line("e4").expect("type");
    session.exp_string("Nf3 cancelled").expect("cancelled");
    session.exp_string("porthole 1. Black> ").expect("the move was played");
    session.send_line("quit").expect("quit");
    session.exp_eof().expect("the session ends");
}

#[test]
fn pty_refusals_checks_and_pasted_lines_at_80x24() {
    let mut session = pty(&["chess", "--seed", "1"], "refusals");
    session.exp_string("chess 1. White> ").expect("prompt");
    session.send_line("1. e4 e5 2. Qh5 Nc6 3. qxf7").expect("paste");
    session.exp_string("check: the white queen on f7 attacks the black king on e8").expect("the check is named");
    session.exp_string("played all 5 moves of the line").expect("all played");
    session.exp_string("chess 3. Black> ").expect("prompt");
    session.send_line("Ke7").expect("type");
    // The terminal is 80 columns wide: long refusals wrap, so their parts are matched apart.
    session.exp_string("the king would").expect("the refusal");
    session.exp_string("in check there from the white queen on f7").expect("the refusal's checker");
    session.send_line("Nf6").expect("type");
    session.exp_string("Black is in").expect("the check is the reason");
    session.exp_string("check (the white queen on f7 attacks the black king on e8)").expect("the checker");
    session.exp_string("not stop it").expect("the check is the reason");
    session.send_line("quit").expect("quit");
    session.exp_eof().expect("the session ends");
}
