//! Board games of the catalogue that are not chess: Jeson Mor's held goal (a knight that
//! reaches e5 wins once it is still there after the reply) and Clobber's loss for a side
//! without a move, in the kernel, the REPL, records and `rules`.

use std::path::PathBuf;

mod common;

use common::catalogue;

use common::binary::{stderr, stdout};
use holechess_kernel::{Side, Status};

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
        serde_json::json!({ "piece": "knight", "squares": ["e5"], "reply": false, "held": true, "safe": false })
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

/// Flipello's rules on a board with a hole (an impassable token) on `hole`, from `placement`.
fn reversi_with_hole(hole: &str, placement: &str) -> PathBuf {
    let stones = format!("{}{}", "P".repeat(30), "p".repeat(30));
    let script = format!(
        "variant \"Holed Reversi\"\n  id holed-reversi\n  summary \"Reversi with a hole.\"\n\nboard 8x8\n\n\
         piece pawn P\n  value 100\n\ntoken hole\n  impassable\n  shown as %\n  default {hole}\n\n\
         setup {placement}[{stones}] w - - 0 1\n\nrules\n  any number of royal pieces\n  pieces in hand may be dropped\n  \
         a drop must close a line of enemy pieces\n  drops flip the enemy lines they close\n  stalemate passes the turn\n"
    );
    temp_file(&format!("holed-reversi-{hole}.hole"), &script)
}

#[test]
fn a_reversi_drop_lands_only_where_it_closes_a_line_of_enemy_pieces() {
    let pos = common::rules(&catalogue("flipello.hole")).start_position();
    let mut drops = common::moves(&pos);
    drops.sort();
    assert_eq!(drops, ["P@c5", "P@d6", "P@e3", "P@f4"], "Othello's four opening drops");
}

#[test]
fn a_reversi_drop_turns_over_every_line_it_closes_and_unmake_turns_them_back() {
    // White drops on c3: the diagonal run d4 (Black) closes on e5, the file run c4 on c5.
    let mut pos = common::position(&catalogue("flipello.hole"), "8/8/8/2P1P3/2pp4/8/8/8[PPPPpppp] w - - 0 1");
    let before = pos.hash();
    let mv = holechess_kernel::notation::parse_san(&pos, "P@c3").expect("a legal drop");
    let undo = pos.make(mv);
    for square in ["c3", "c4", "d4"] {
        assert_eq!(common::piece_letter(&pos, square), Some('P'), "{square} turned White");
    }
    assert_eq!(pos.hash(), pos.computed_hash(), "the hash follows the turned pieces");
    pos.unmake(undo);
    assert_eq!(common::piece_letter(&pos, "c4"), Some('p'));
    assert_eq!(common::piece_letter(&pos, "d4"), Some('p'));
    assert_eq!(pos.hash(), before);
}

#[test]
fn reversi_drops_fill_the_first_squares_before_anything_else() {
    let mut pos = common::rules(&catalogue("flipersi.hole")).start_position();
    let mut drops = common::moves(&pos);
    drops.sort();
    assert_eq!(drops, ["P@d4", "P@d5", "P@e4", "P@e5"]);
    for mv in ["P@d4", "P@e4", "P@d5"] {
        common::play(&mut pos, mv);
    }
    assert_eq!(common::moves(&pos), ["P@e5"], "the last centre square first, though it closes nothing");
}

#[test]
fn a_hole_ends_a_reversi_line_and_takes_no_drop() {
    let open = reversi_with_hole("h8", "8/8/8/8/8/8/8/1ppP4");
    assert_eq!(common::moves(&common::rules(open.to_str().unwrap()).start_position()), ["P@a1"]);
    let holed = reversi_with_hole("c1", "8/8/8/8/8/8/8/1p1P4");
    let pos = common::rules(holed.to_str().unwrap()).start_position();
    assert_eq!(common::moves(&pos), ["--"], "the run b1 is not closed across the hole on c1: White passes");
    let start = reversi_with_hole("e3", "8/8/8/3pP3/3Pp3/8/8/8");
    let mut drops = common::moves(&common::rules(start.to_str().unwrap()).start_position());
    drops.sort();
    assert_eq!(drops, ["P@c5", "P@d6", "P@f4"], "no drop onto the hole on e3");
}

#[test]
fn check_refuses_a_first_square_off_the_board() {
    let script = std::fs::read_to_string(catalogue("flipersi.hole"))
        .expect("flipersi")
        .replace("drops fill d4, e4, d5 and e5 first", "drops fill d4 and k9 first");
    let path = temp_file("bad-first.hole", &script);
    let output = common::binary::holechess(&["check", path.to_str().unwrap()], "");
    let report = format!("{}{}", stdout(&output), stderr(&output));
    assert_eq!(output.status.code(), Some(2), "{report}");
    assert!(report.contains("square `k9` is off the board"), "{report}");
}

#[test]
fn rules_describes_enclosing_drops_in_words_and_json() {
    let script = catalogue("flipersi.hole");
    let words = stdout(&common::binary::holechess(&["rules", &script], ""));
    assert!(words.contains("while one of d4, e4, d5, e5 is empty, drops go only there"), "{words}");
    assert!(words.contains("a drop must close a line of enemy pieces with a piece of its own"), "{words}");
    assert!(words.contains("every enemy line a drop closes turns to the dropping side"), "{words}");
    let json: serde_json::Value =
        serde_json::from_str(&stdout(&common::binary::holechess(&["rules", &script, "--json"], ""))).expect("json");
    let hands = &json["hands"];
    assert_eq!(hands["must_close"], true);
    assert_eq!(hands["flips_lines"], true);
    assert_eq!(hands["first_squares"], serde_json::json!(["d4", "e4", "d5", "e5"]));
}

/// The Ataxx position of a White piece on a1 next to a Black one on b2, hands `[Pp]`.
const CLONE_AND_JUMP: &str = "7/7/7/7/7/1p5/P6[Pp] w - - 0 1";

#[test]
fn an_ataxx_clone_turns_the_enemy_pieces_around_it_and_takes_nothing_from_the_hand() {
    let mut pos = common::position(&catalogue("ataxx.hole"), CLONE_AND_JUMP);
    let before = pos.hash();
    let mut clones: Vec<String> = common::moves(&pos).into_iter().filter(|mv| mv.contains('@')).collect();
    clones.sort();
    assert_eq!(clones, ["P@a2", "P@b1"], "a clone lands next to a piece of its side");
    let mv = holechess_kernel::notation::parse_san(&pos, "P@a2").expect("a clone");
    let undo = pos.make(mv);
    assert_eq!(common::piece_letter(&pos, "b2"), Some('P'), "b2 turned White");
    assert_eq!(pos.hand_count(Side::White, 0), 1, "the hand never runs out");
    assert_eq!(pos.hash(), pos.computed_hash());
    pos.unmake(undo);
    assert_eq!(common::piece_letter(&pos, "b2"), Some('p'));
    assert_eq!(pos.hash(), before);
}

#[test]
fn an_ataxx_jump_leaves_its_square_and_turns_the_enemy_pieces_around_its_landing_square() {
    let mut pos = common::position(&catalogue("ataxx.hole"), CLONE_AND_JUMP);
    assert!(common::has(&pos, "a1c1") && common::has(&pos, "a1c3") && common::has(&pos, "a1b3"));
    common::play(&mut pos, "a1c1");
    assert_eq!(common::piece_letter(&pos, "a1"), None, "a jump leaves its square");
    assert_eq!(common::piece_letter(&pos, "b2"), Some('P'), "b2 is next to c1: it turned");
}

#[test]
fn a_side_without_a_move_passes_and_two_passes_in_a_row_end_the_game() {
    let mut pos = common::position(&catalogue("ataxx.hole"), "7/7/7/7/ppppppp/ppppppp/PPPPPPP[Pp] w - - 0 1");
    assert_eq!(common::moves(&pos), ["--"], "White is walled in: the pass is its one move");
    assert_eq!(pos.status(), Status::Ongoing);
    common::play(&mut pos, "--");
    assert!(!common::moves(&pos).is_empty(), "Black plays on");

    // Without the counting rule, two passes in a row end the game drawn.
    let script = std::fs::read_to_string(catalogue("flipello.hole"))
        .expect("flipello")
        .replace("  when no move is left, the side with more pieces wins\n", "");
    let path = temp_file("flipello-without-counting.hole", &script);
    let mut pos = common::position(path.to_str().unwrap(), CORNERS);
    assert_eq!(holechess_kernel::perft::perft(&mut pos.clone(), 3), 0, "two passes, then no move");
    assert_eq!(holechess_kernel::perft::perft(&mut pos.clone(), 2), 1);
    common::play(&mut pos, "--");
    common::play(&mut pos, "--");
    assert!(pos.legal_moves().is_empty());
    assert_eq!(pos.status(), Status::Draw { reason: "neither side can move" });
    assert_eq!(pos.status().result(pos.side_to_move()), "1/2-1/2");
}

/// A Flipello position where neither side can drop: one stone each, in opposite corners.
const CORNERS: &str = "P7/8/8/8/8/8/8/7p[Pp] w - - 0 1";

#[test]
fn counting_decides_a_game_after_two_passes_and_on_a_full_board() {
    let mut pos = common::position(&catalogue("flipello.hole"), CORNERS);
    common::play(&mut pos, "--");
    common::play(&mut pos, "--");
    assert_eq!(pos.status(), Status::Counted { winner: None, white: 1, black: 1 });
    assert_eq!(pos.status().result(pos.side_to_move()), "1/2-1/2");

    let lone = common::position(&catalogue("flipello.hole"), "P7/8/8/8/8/8/8/8[Pp] b - - 0 1");
    assert!(lone.legal_moves().is_empty(), "Black has no stone on the board: no pass");
    assert_eq!(lone.status(), Status::Counted { winner: Some(Side::White), white: 1, black: 0 });

    let full = format!("{}/{}", ["PPPPPPP"; 3].join("/"), ["ppppppp"; 4].join("/"));
    let mut pos = common::position(&catalogue("ataxx.hole"), &format!("{full}[Pp] w - - 0 1"));
    assert!(pos.legal_moves().is_empty(), "a full board ends the game: no pass");
    assert_eq!(holechess_kernel::perft::perft(&mut pos, 1), 0);
    assert_eq!(pos.status(), Status::Counted { winner: Some(Side::Black), white: 21, black: 28 });
    assert_eq!(pos.status().result(pos.side_to_move()), "0-1");
}

#[test]
fn the_repl_plays_a_pass_and_announces_the_count_after_two() {
    let output = common::binary::holechess(&["play", &catalogue("flipello.hole"), "--fen", CORNERS], "--\n--\n");
    let out = format!("{}{}", stdout(&output), stderr(&output));
    assert!(out.contains("No move is left: 1 pieces to 1, a draw (1/2-1/2)."), "{out}");
}

#[test]
fn validate_refuses_a_move_after_the_count_and_accepts_the_counted_result() {
    let script = catalogue("flipello.hole");
    let tags = format!("[Event \"t\"]\n[SetUp \"1\"]\n[FEN \"{CORNERS}\"]\n[Result \"1/2-1/2\"]\n\n");
    let finished = temp_file("counted.pgn", &format!("{tags}1. -- -- 1/2-1/2\n"));
    let output = common::binary::holechess(&["validate", &script, finished.to_str().unwrap()], "");
    assert!(output.status.success(), "{}{}", stdout(&output), stderr(&output));
    let played_on = temp_file("counted-played-on.pgn", &format!("{tags}1. -- -- 2. -- 1/2-1/2\n"));
    let output = common::binary::holechess(&["validate", &script, played_on.to_str().unwrap()], "");
    assert_eq!(output.status.code(), Some(1), "{}{}", stdout(&output), stderr(&output));
}

#[test]
fn rules_describes_the_counting_end_in_words_and_json() {
    let script = catalogue("ataxx.hole");
    let words = stdout(&common::binary::holechess(&["rules", &script], ""));
    assert!(words.contains("when no move is left or the board is full, the side with more pieces wins"), "{words}");
    let json: serde_json::Value =
        serde_json::from_str(&stdout(&common::binary::holechess(&["rules", &script, "--json"], ""))).expect("json");
    assert_eq!(json["play"]["counting"], true);
}

#[test]
fn check_refuses_landing_flips_without_drops() {
    let script = std::fs::read_to_string(catalogue("ataxx.hole"))
        .expect("ataxx")
        .replace("  pieces in hand may be dropped\n", "")
        .replace("[Pp]", "");
    let path = temp_file("flips-without-drops.hole", &script);
    let output = common::binary::holechess(&["check", path.to_str().unwrap()], "");
    let report = format!("{}{}", stdout(&output), stderr(&output));
    assert_eq!(output.status.code(), Some(2), "{report}");
    assert!(report.contains("a piece that turns the pieces around it needs drops"), "{report}");
}

#[test]
fn an_ataxx_clone_never_lands_on_a_hole() {
    let script = std::fs::read_to_string(catalogue("ataxx.hole"))
        .expect("ataxx")
        .replace("\nsetup ", "\ntoken hole\n  impassable\n  shown as %\n  default a2\n\nsetup ")
        .replace("P5p/7/7/7/7/7/p5P", "7/7/7/7/7/1p5/P6");
    let path = temp_file("holed-ataxx.hole", &script);
    let pos = common::rules(path.to_str().unwrap()).start_position();
    let clones: Vec<String> = common::moves(&pos).into_iter().filter(|mv| mv.contains('@')).collect();
    assert_eq!(clones, ["P@b1"], "a2 is a hole");
}

#[test]
fn rules_describes_clones_and_landing_flips_in_words_and_json() {
    let script = catalogue("ataxx.hole");
    let words = stdout(&common::binary::holechess(&["rules", &script], ""));
    assert!(words.contains("a drop lands only next to a piece of its side"), "{words}");
    assert!(words.contains("after every move and drop the enemy pieces around the landing square turn"), "{words}");
    let json: serde_json::Value =
        serde_json::from_str(&stdout(&common::binary::holechess(&["rules", &script, "--json"], ""))).expect("json");
    assert_eq!(json["hands"]["next_to_own"], true);
    assert_eq!(json["hands"]["landing_flips"], true);
    assert_eq!(json["hands"]["unlimited"], true);
}
