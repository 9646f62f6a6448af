//! Kinds pseudo-royal only while a side has one (`kings are pseudo-royal while a side has only
//! one`, sho shogi's king and crown prince): a side with two may leave either attacked or lose
//! it; its last one is guarded as a king in check is, and a promotion that makes a second one
//! frees the first.

mod common;

use common::catalogue;

use common::binary::{stderr, stdout};
use holechess_kernel::{Position, Side, Status};

fn shoshogi(fen: &str) -> Position {
    let rules = common::rules(&catalogue("shoshogi.hole"));
    Position::from_fen(rules.variant(), fen).expect("a sho shogi position")
}

#[test]
fn a_side_with_two_kings_may_step_one_into_attack() {
    let pos = shoshogi("4k4/9/9/9/9/9/9/4r4/3K1K3 w - - 0 1");
    assert!(common::has(&pos, "d1e1"), "the rook on e2 attacks e1, but White keeps a second king");
}

#[test]
fn a_side_with_one_king_may_not_leave_it_attacked() {
    let pos = shoshogi("4k4/9/9/9/9/9/9/4r4/3K5 w - - 0 1");
    assert!(!common::has(&pos, "d1e1"), "the last king is guarded");
    assert!(common::has(&pos, "d1e2"), "taking the rook is legal");
}

#[test]
fn promoting_to_a_second_king_frees_the_first_from_check() {
    let pos = shoshogi("4k4/9/9/E8/9/9/9/9/r3K4 w - - 0 1");
    assert!(common::has(&pos, "a6a7k"), "the elephant promotes to a crown prince; the king on e1 may stay attacked");
    assert!(!common::has(&pos, "a6a7"), "without promotion the king stays in check");
}

#[test]
fn the_last_king_attacked_with_no_move_is_checkmate() {
    let mated = shoshogi("4k4/9/9/9/9/9/9/r8/r4K3 w - - 0 1");
    assert_eq!(mated.status(), Status::Checkmate { winner: Side::Black });
    let two = shoshogi("4k4/9/9/9/9/9/9/r8/r4K2K w - - 0 1");
    assert_eq!(two.status(), Status::Ongoing, "with a second king the attacked one is no check");
}

#[test]
fn without_the_clause_every_pseudo_royal_king_is_guarded() {
    let atomic = common::rules(&catalogue("atomic.hole"));
    let two = Position::from_fen(atomic.variant(), "4k3/8/8/8/8/8/4r3/3K1K2 w - - 0 1").expect("two kings");
    assert!(!common::has(&two, "d1e1"), "atomic guards every king");
}

#[test]
fn rules_describes_the_last_king_guard_in_words_and_json() {
    let output = common::binary::holechess(&["rules", &catalogue("shoshogi.hole")], "");
    assert!(
        stdout(&output).contains("no move may leave a side's last king attacked"),
        "{}{}",
        stdout(&output),
        stderr(&output)
    );
    let output = common::binary::holechess(&["rules", &catalogue("shoshogi.hole"), "--json"], "");
    let json: serde_json::Value = serde_json::from_str(&stdout(&output)).expect("json");
    assert_eq!(json["play"]["pseudo_royal_alone"], serde_json::json!(["king"]));
    assert_eq!(json["play"]["pseudo_royal"], serde_json::json!(["king"]));
}

#[test]
fn check_refuses_the_clause_on_an_unknown_piece() {
    let folder = std::env::temp_dir().join(format!("holechess-pseudo-alone-{}", std::process::id()));
    std::fs::create_dir_all(&folder).expect("temp folder");
    let path = folder.join("bad.hole");
    let script = "variant \"Bad\"\n  id bad\nextends chess\n\nrules\n  any number of royal pieces\n  \
                  princes are pseudo-royal while a side has only one\n";
    std::fs::write(&path, script).expect("write");
    let output = common::binary::holechess(&["check", path.to_str().unwrap()], "");
    let report = format!("{}{}", stdout(&output), stderr(&output));
    assert_eq!(output.status.code(), Some(2), "{report}");
    assert!(report.contains("the pseudo-royal rule names an unknown piece `princes`"), "{report}");
}
