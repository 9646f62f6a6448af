//! Board games of the catalogue that are not chess: Jeson Mor's held goal (a knight that
//! reaches e5 wins once it is still there after the reply) and Clobber's loss for a side
//! without a move, in the kernel, the REPL, records and `rules`.

use std::path::PathBuf;

mod common;

use common::binary::{stderr, stdout};
use holechess_kernel::{Side, Status};

fn catalogue(file: &str) -> String {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("examples/catalogue").join(file).to_string_lossy().into_owned()
}

/// A file written to a fresh folder of its own.
fn temp_file(name: &str, text: &str) -> PathBuf {
    let folder = std::env::temp_dir().join(format!("holechess-boards-{}-{name}", std::process::id()));
    std::fs::create_dir_all(&folder).expect("temp folder");
    let file = folder.join(name);
    std::fs::write(&file, text).expect("write");
    file
}

/// A white knight on d3 that may reach e5, a black knight on d7 that may take it there.
const KNIGHT_RACE: &str = "9/9/3n5/9/9/9/3N5/9/9 w - - 0 1";

#[test]
fn a_held_goal_is_not_won_on_arrival_and_the_reply_may_take_the_piece() {
    let mut pos = common::position(&catalogue("jesonmor.hole"), KNIGHT_RACE);
    common::play(&mut pos, "d3e5");
    assert_eq!(pos.status(), Status::Ongoing, "Black replies first");
    assert!(common::has(&pos, "d7e5"), "the reply may take the knight");
    common::play(&mut pos, "d7e5");
    assert_eq!(pos.goal_reached(), None, "Black's knight reached e5 by taking: its turn has not come");
    assert_eq!(pos.status(), Status::Stalemate { rule: holechess_kernel::spec::StalemateRule::Loss });
    assert_eq!(pos.status().result(pos.side_to_move()), "0-1", "White has no knight left: no move, a loss");
}

#[test]
fn a_held_goal_is_won_when_the_arriving_sides_turn_comes_with_the_piece_still_there() {
    let mut pos = common::position(&catalogue("jesonmor.hole"), KNIGHT_RACE);
    common::play(&mut pos, "d3e5");
    common::play(&mut pos, "d7b8");
    assert_eq!(pos.goal_reached(), Some(Side::White));
    assert_eq!(pos.status(), Status::Goal { winner: Side::White });
    assert_eq!(pos.status().result(pos.side_to_move()), "1-0");
    assert!(pos.legal_moves().is_empty(), "the game is over");
    assert_eq!(holechess_kernel::perft::perft(&mut pos, 1), 0);
}

#[test]
fn the_repl_announces_a_held_goal_and_validate_refuses_a_move_after_it() {
    let script = catalogue("jesonmor.hole");
    let output = common::binary::holechess(&["play", &script, "--fen", KNIGHT_RACE], "d3e5\nd7b8\ne5c6\n");
    let out = format!("{}{}", stdout(&output), stderr(&output));
    assert!(out.contains("White reached its goal and wins (1-0)."), "{out}");

    let fen_tags = format!("[Event \"t\"]\n[SetUp \"1\"]\n[FEN \"{KNIGHT_RACE}\"]\n[Result \"1-0\"]\n\n");
    let finished = temp_file("finished.pgn", &format!("{fen_tags}1. Ne5 Nb8 1-0\n"));
    let output = common::binary::holechess(&["validate", &script, finished.to_str().unwrap()], "");
    assert!(output.status.success(), "{}{}", stdout(&output), stderr(&output));
    let played_on = temp_file("played-on.pgn", &format!("{fen_tags}1. Ne5 Nb8 2. Nc6 1-0\n"));
    let output = common::binary::holechess(&["validate", &script, played_on.to_str().unwrap()], "");
    assert_eq!(output.status.code(), Some(1));
    let report = format!("{}{}", stdout(&output), stderr(&output));
    assert!(report.contains("the game is already over (white reached its goal and wins)"), "{report}");
}

#[test]
fn rules_describes_a_held_goal_in_words_and_json() {
    let script = catalogue("jesonmor.hole");
    let words = stdout(&common::binary::holechess(&["rules", &script], ""));
    assert!(words.contains("the arriving side wins when its turn comes with the piece still there"), "{words}");
    let json: serde_json::Value =
        serde_json::from_str(&stdout(&common::binary::holechess(&["rules", &script, "--json"], ""))).expect("json");
    assert_eq!(
        json["play"]["goal"],
        serde_json::json!({ "piece": "knight", "squares": ["e5"], "reply": false, "held": true })
    );
}

#[test]
fn a_clobber_side_without_a_capture_has_no_move_and_loses() {
    let mut pos = common::position(&catalogue("clobber.hole"), "5/5/5/5/1Pp2/5 w - - 0 1");
    assert_eq!(common::moves(&pos).len(), 1, "a stone moves only onto an adjacent enemy stone");
    common::play(&mut pos, "b2c2");
    assert_eq!(pos.status(), Status::Stalemate { rule: holechess_kernel::spec::StalemateRule::Loss });
    assert_eq!(pos.status().result(pos.side_to_move()), "1-0");
}
