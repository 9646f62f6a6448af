//! The safe goal (`a lion reaching the last rank where it is not attacked wins`, dobutsu
//! shogi): a piece on its goal counts only while no enemy piece attacks it. The side to move
//! is judged first (its piece stood there attacked and the reply left it safe), both sides
//! safe at once draw; the game then has no legal move, and play, records and `validate` say so.

use std::path::PathBuf;

mod common;

use common::catalogue;

use common::binary::{stderr, stdout};
use holechess_kernel::{Position, Side, Status};

/// A file written to a fresh folder of its own.
fn temp_file(name: &str, text: &str) -> PathBuf {
    let folder = std::env::temp_dir().join(format!("holechess-safe-goal-{}-{name}", std::process::id()));
    std::fs::create_dir_all(&folder).expect("temp folder");
    let file = folder.join(name);
    std::fs::write(&file, text).expect("write");
    file
}

fn dobutsu(fen: &str) -> Position {
    let rules = common::rules(&catalogue("dobutsu.hole"));
    Position::from_fen(rules.variant(), fen).expect("a dobutsu position")
}

#[test]
fn a_lion_reaching_the_last_rank_unattacked_wins_at_once() {
    let mut pos = dobutsu("2g/L2/1l1/3[] w - - 0 1");
    common::play(&mut pos, "a3a4");
    assert_eq!(pos.status(), Status::Goal { winner: Side::White });
    assert_eq!(pos.status().result(pos.side_to_move()), "1-0");
    assert!(pos.legal_moves().is_empty(), "the game is over: no move for Black");
}

#[test]
fn a_lion_reaching_the_last_rank_attacked_wins_only_if_the_reply_leaves_it_safe() {
    let mut pos = dobutsu("1g1/L2/2l/3[] w - - 0 1");
    common::play(&mut pos, "a3a4");
    assert_eq!(pos.status(), Status::Ongoing, "the giraffe on b4 attacks a4");
    assert!(common::has(&pos, "b4a4"), "Black may take the lion");
    let mut away = pos.clone();
    common::play(&mut away, "b4b3");
    assert_eq!(away.status(), Status::Goal { winner: Side::White }, "the reply left the lion safe");
    common::play(&mut pos, "b4a4");
    assert_eq!(pos.extinction().map(|end| end.winner), Some(Some(Side::Black)), "the lion is taken");
}

#[test]
fn both_lions_safe_on_their_goals_draw() {
    let pos = dobutsu("L2/3/3/2l[] b - - 0 1");
    assert_eq!(pos.status(), Status::Draw { reason: "both sides reached the goal" });
}

#[test]
fn dobutsu_perft_stops_where_a_lion_is_taken_or_arrives() {
    let mut pos = dobutsu("2g/L2/1l1/3[] w - - 0 1");
    common::play(&mut pos, "a3a4");
    assert_eq!(holechess_kernel::perft::perft(&mut pos, 2), 0);
}

#[test]
fn the_repl_announces_the_safe_goal_and_validate_refuses_a_move_after_it() {
    let fen = "2g/L2/1l1/3[] w - - 0 1";
    let output = common::binary::holechess(&["play", "--fen", fen, &catalogue("dobutsu.hole")], "La4\nLb1\n");
    let out = format!("{}{}", stdout(&output), stderr(&output));
    assert!(out.contains("White reached its goal and wins (1-0)."), "{out}");
    assert!(out.contains("the game is over (white reached its goal and wins)"), "{out}");

    let finished = format!("[Event \"t\"]\n[FEN \"{fen}\"]\n[Result \"1-0\"]\n\n1. La4 1-0\n");
    let pgn = temp_file("finished.pgn", &finished);
    let output = common::binary::holechess(&["validate", &catalogue("dobutsu.hole"), pgn.to_str().unwrap()], "");
    assert!(output.status.success(), "{}{}", stdout(&output), stderr(&output));
    let on = temp_file("played-on.pgn", &finished.replace("La4 1-0", "La4 Lb1 1-0"));
    let output = common::binary::holechess(&["validate", &catalogue("dobutsu.hole"), on.to_str().unwrap()], "");
    assert_eq!(output.status.code(), Some(1));
    let report = format!("{}{}", stdout(&output), stderr(&output));
    assert!(report.contains("the game is already over (white reached its goal and wins)"), "{report}");
}

#[test]
fn check_refuses_a_safe_goal_with_a_reply() {
    let script = "variant \"Bad Goal\"\n  id bad-goal\nextends chess\n\nrules\n  \
                  a king reaching the last rank where it is not attacked wins, Black reaching it on the reply draws\n";
    let path = temp_file("bad-goal.hole", script);
    let output = common::binary::holechess(&["check", path.to_str().unwrap()], "");
    let report = format!("{}{}", stdout(&output), stderr(&output));
    assert_eq!(output.status.code(), Some(2), "{report}");
    assert!(report.contains("a goal `where it is not attacked` has no reply for Black"), "{report}");
}

#[test]
fn rules_describes_the_safe_goal_in_words_and_json() {
    let output = common::binary::holechess(&["rules", &catalogue("dobutsu.hole")], "");
    assert!(
        stdout(&output).contains("one of its lions stands on its last rank where no enemy piece attacks it"),
        "{}",
        stdout(&output)
    );
    let output = common::binary::holechess(&["rules", &catalogue("dobutsu.hole"), "--json"], "");
    let json: serde_json::Value = serde_json::from_str(&stdout(&output)).expect("json");
    assert_eq!(
        json["play"]["goal"],
        serde_json::json!({ "piece": "lion", "squares": null, "reply": false, "held": false, "safe": true })
    );
}
