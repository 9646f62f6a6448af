//! The goal rule (`a king reaching d4, e4, d5 or e5 wins`, `a pawn reaching the last rank
//! wins`): a side whose piece of the goal kind stands on a goal square after its move wins;
//! the position has no legal move, perft stops there, the REPL and the records say so, and
//! `validate` refuses a move after it.

use std::path::PathBuf;

mod common;

use common::catalogue;

use common::binary::{stderr, stdout};
use holechess_kernel::{Side, Status};

/// A file written to a fresh folder of its own.
fn temp_file(name: &str, text: &str) -> PathBuf {
    let folder = std::env::temp_dir().join(format!("holechess-goal-{}-{name}", std::process::id()));
    std::fs::create_dir_all(&folder).expect("temp folder");
    let file = folder.join(name);
    std::fs::write(&file, text).expect("write");
    file
}

#[test]
fn a_king_on_a_goal_square_wins_and_the_position_has_no_legal_move() {
    let rules = common::rules(&catalogue("kingofthehill.hole"));
    let mut pos = rules.start_position();
    for mv in ["e4", "d5", "Ke2", "dxe4", "Ke3", "a6"] {
        common::play(&mut pos, mv);
    }
    assert_eq!(pos.status(), Status::Ongoing);
    common::play(&mut pos, "Kxe4");
    assert_eq!(pos.goal_reached(), Some(Side::White));
    assert_eq!(pos.status(), Status::Goal { winner: Side::White });
    assert!(pos.status().is_over());
    assert_eq!(pos.status().result(pos.side_to_move()), "1-0");
    assert!(pos.legal_moves().is_empty(), "the game is over: no move for Black");
    assert_eq!(holechess_kernel::perft::perft(&mut pos, 2), 0);
}

#[test]
fn the_last_rank_is_each_sides_own() {
    let rules = common::rules(&catalogue("breakthrough.hole"));
    let black_home = holechess_kernel::Position::from_fen(rules.variant(), "8/8/8/8/8/8/1p6/8 b - - 0 1").unwrap();
    assert_eq!(black_home.goal_reached(), None, "a white piece is needed on rank 8 for White");
    let mut pos = black_home;
    common::play(&mut pos, "b2b1");
    assert_eq!(pos.status(), Status::Goal { winner: Side::Black });
    assert_eq!(pos.status().result(pos.side_to_move()), "0-1");
}

#[test]
fn the_repl_announces_the_goal_and_refuses_a_further_move() {
    let output = common::binary::holechess(
        &["play", &catalogue("kingofthehill.hole")],
        "e4\nd5\nKe2\ndxe4\nKe3\na6\nKxe4\na5\n",
    );
    let out = format!("{}{}", stdout(&output), stderr(&output));
    assert!(out.contains("White reached its goal and wins (1-0)."), "{out}");
    assert!(out.contains("the game is over (white reached its goal and wins)"), "{out}");
}

#[test]
fn validate_accepts_the_result_of_a_goal_and_refuses_a_move_after_it() {
    let finished = "[Event \"t\"]\n[Result \"1-0\"]\n\n1. e4 d5 2. Ke2 dxe4 3. Ke3 a6 4. Kxe4 1-0\n";
    let pgn = temp_file("finished.pgn", finished);
    let output = common::binary::holechess(&["validate", &catalogue("kingofthehill.hole"), pgn.to_str().unwrap()], "");
    assert!(output.status.success(), "{}{}", stdout(&output), stderr(&output));

    let on = temp_file("played-on.pgn", &finished.replace("Kxe4 1-0", "Kxe4 a5 1-0"));
    let output = common::binary::holechess(&["validate", &catalogue("kingofthehill.hole"), on.to_str().unwrap()], "");
    assert_eq!(output.status.code(), Some(1));
    let report = format!("{}{}", stdout(&output), stderr(&output));
    assert!(report.contains("ply 8, move a5: the game is already over (white reached its goal and wins)"), "{report}");
}

#[test]
fn check_refuses_a_goal_with_an_unknown_piece_or_a_square_off_the_board() {
    let script = "variant \"Bad Goal\"\n  id bad-goal\nextends chess\n\nrules\n  a dragon reaching d4 or i9 wins\n";
    let path = temp_file("bad-goal.hole", script);
    let output = common::binary::holechess(&["check", path.to_str().unwrap()], "");
    assert_eq!(output.status.code(), Some(2));
    let report = format!("{}{}", stdout(&output), stderr(&output));
    assert!(report.contains("the goal names an unknown piece `dragon`"), "{report}");
    assert!(report.contains("square `i9` is off the board"), "{report}");
}

#[test]
fn check_refuses_a_goal_in_a_variant_of_several_boards() {
    let script = "variant \"Two Hills\"\n  id two-hills\nextends chess\n\nboards A and B, 8x8 each\n\nsetup\n  \
                  board A: rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR\n  \
                  board B: rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR\n  state w - - 0 1\n\nrules\n  \
                  no castling\n  turns switch boards\n  a king reaching A:d4 wins\n";
    let path = temp_file("two-hills.hole", script);
    let output = common::binary::holechess(&["check", path.to_str().unwrap()], "");
    let report = format!("{}{}", stdout(&output), stderr(&output));
    assert_eq!(output.status.code(), Some(2), "{report}");
    assert!(report.contains("a goal rule needs a variant of one board"), "{report}");
}

#[test]
fn rules_describes_the_goal_in_words_and_json() {
    let output = common::binary::holechess(&["rules", &catalogue("kingofthehill.hole")], "");
    assert!(stdout(&output).contains("a side wins when, after its move, one of its kings stands on d4, e4, d5, e5"));
    let output = common::binary::holechess(&["rules", &catalogue("breakthrough.hole"), "--json"], "");
    let json: serde_json::Value = serde_json::from_str(&stdout(&output)).expect("json");
    assert_eq!(
        json["play"]["goal"],
        serde_json::json!({ "piece": "pawn", "squares": null, "reply": false, "held": false, "safe": false })
    );
}
