//! Moves that differ to a piece's left and right (`to the left`, `to the right`: tori shogi's
//! quails), turned around for Black so that its left is the player's left, and the drop limit
//! per file (`a swallow may not be dropped on a file with 2 other swallows of its side`).

mod common;

use common::catalogue;

use common::binary::{stderr, stdout};
use holechess_kernel::Position;

fn torishogi(fen: &str) -> Position {
    let rules = common::rules(&catalogue("torishogi.hole"));
    Position::from_fen(rules.variant(), fen).expect("a tori shogi position")
}

fn sorted(mut moves: Vec<String>) -> Vec<String> {
    moves.sort();
    moves
}

#[test]
fn a_white_left_quail_slides_back_to_its_right_and_steps_back_to_its_left() {
    let pos = torishogi("6k/7/7/3L3/7/7/K6[] w - - 0 1");
    assert_eq!(sorted(common::moves_from(&pos, "d4")), ["d4c3", "d4d5", "d4d6", "d4d7", "d4e3", "d4f2", "d4g1"]);
}

#[test]
fn a_black_left_quail_is_turned_around_its_left_is_the_players_left() {
    let pos = torishogi("6k/7/7/3l3/7/7/K6[] b - - 0 1");
    assert_eq!(sorted(common::moves_from(&pos, "d4")), ["d4a7", "d4b6", "d4c5", "d4d1", "d4d2", "d4d3", "d4e5"]);
}

#[test]
fn on_the_orthodox_board_a_black_piece_that_differs_left_and_right_is_turned_around_too() {
    let folder = std::env::temp_dir().join(format!("holechess-sided-chess-{}", std::process::id()));
    std::fs::create_dir_all(&folder).expect("temp folder");
    let script = "variant \"Left Knight\"\n  id left-knight\nextends chess\n\npiece knight N\n  value 300\n  \
                  leaps (1,2) forward to the left\n";
    let path = folder.join("left-knight.hole");
    std::fs::write(&path, script).expect("write");
    let rules = common::rules(path.to_str().unwrap());
    let start = rules.start_position();
    assert_eq!(
        sorted(common::moves_from(&start, "g1")),
        ["g1f3"],
        "White's left is towards the a-file (e2 holds a pawn)"
    );
    let mut pos = start;
    common::play(&mut pos, "e4");
    assert_eq!(sorted(common::moves_from(&pos, "g8")), ["g8h6"], "Black's left is towards the h-file");
    let checked = Position::from_fen(rules.variant(), "6n1/8/7K/8/8/8/P7/k7 w - - 0 1").expect("a check");
    assert!(checked.is_check(), "Black's knight on g8 attacks h6");
    assert!(!common::has(&checked, "a2a3"), "White must answer the check");
}

#[test]
fn a_swallow_is_not_dropped_on_a_file_with_two_swallows_of_its_side() {
    let pos = torishogi("3k3/7/7/S6/S6/1S5/3K3[S] w - - 0 1");
    assert!(!common::has(&pos, "S@a5"), "file a holds two white swallows");
    assert!(common::has(&pos, "S@b5"), "file b holds one");
    assert!(!common::has(&pos, "S@c7"), "never on the last rank");
}

#[test]
fn check_refuses_a_file_limit_naming_another_piece_or_zero() {
    let folder = std::env::temp_dir().join(format!("holechess-sided-{}", std::process::id()));
    std::fs::create_dir_all(&folder).expect("temp folder");
    let text = std::fs::read_to_string(catalogue("torishogi.hole")).expect("script").replace(
        "a swallow may not be dropped on a file with 2 other swallows of its side",
        "a swallow may not be dropped on a file with 0 other cranes of its side",
    );
    let path = folder.join("bad-limit.hole");
    std::fs::write(&path, text).expect("write");
    let output = common::binary::holechess(&["check", path.to_str().unwrap()], "");
    let report = format!("{}{}", stdout(&output), stderr(&output));
    assert_eq!(output.status.code(), Some(2), "{report}");
    assert!(report.contains("`other cranes` must name the piece again"), "{report}");
    assert!(report.contains("a file holds 1 to 7 pieces, not 0"), "{report}");
}

#[test]
fn rules_describes_the_file_limit_and_the_turned_pieces_in_words_and_json() {
    let output = common::binary::holechess(&["rules", &catalogue("torishogi.hole")], "");
    assert!(stdout(&output).contains("never a swallow on a file holding 2 others of its side"), "{}", stdout(&output));
    assert!(
        stdout(&output).contains("moves differ to its left and right: Black's are turned around"),
        "{}",
        stdout(&output)
    );
    let output = common::binary::holechess(&["rules", &catalogue("torishogi.hole"), "--json"], "");
    let json: serde_json::Value = serde_json::from_str(&stdout(&output)).expect("json");
    assert_eq!(json["hands"]["file_limits"], serde_json::json!([{ "piece": "swallow", "count": 2 }]));
}
