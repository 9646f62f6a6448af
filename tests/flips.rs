//! Flipping promotion (`promotes on every move to rook`, Kyoto shogi; `promotes on every
//! capture to knight`, Micro shogi): the piece promotes wherever such a move ends and turns
//! back into what it was by the same rule; `pieces in hand may be dropped promoted` drops a
//! piece of the hand either way up.

mod common;

use common::catalogue;

use common::binary::{stderr, stdout};
use holechess_kernel::Position;

fn position(file: &str, fen: &str) -> Position {
    let rules = common::rules(&catalogue(file));
    Position::from_fen(rules.variant(), fen).expect("a position")
}

fn placement(pos: &Position) -> String {
    pos.fen().split(' ').next().expect("placement").to_owned()
}

#[test]
fn a_kyoto_pawn_turns_into_a_rook_and_back_on_its_next_move() {
    let mut pos = position("kyotoshogi.hole", "2k2/5/5/5/P1K2[] w - - 0 1");
    assert_eq!(common::moves_from(&pos, "a1"), ["a1a2r"], "the pawn's only move turns it into a rook");
    common::play(&mut pos, "a1a2r");
    assert!(placement(&pos).contains("+P"), "{}", pos.fen());
    common::play(&mut pos, "c5b5");
    let back = common::moves_from(&pos, "a2");
    assert!(back.iter().all(|mv| mv.ends_with('p')), "every rook move turns it back: {back:?}");
    common::play(&mut pos, "a2a4p");
    assert!(placement(&pos).starts_with("1k3/P4/"), "{}", pos.fen());
}

#[test]
fn a_micro_piece_turns_over_only_when_it_captures() {
    let pos = position("micro.hole", "k3/4/1p2/1P2/3K[] w - - 0 1");
    assert_eq!(common::moves_from(&pos, "b2"), ["b2b3n"], "the capture turns the pawn into a knight");
    let quiet = position("micro.hole", "k3/4/4/1P2/3K[] w - - 0 1");
    assert_eq!(common::moves_from(&quiet, "b2"), ["b2b3"], "a quiet move leaves it as it is");
}

#[test]
fn a_flipped_piece_returns_to_the_hand_as_it_was_and_drops_either_way_up() {
    let mut pos = position("kyotoshogi.hole", "2k2/5/5/1p3/+L1K2[] w - - 0 1");
    common::play(&mut pos, "a1b2l");
    assert!(pos.fen().contains("[P]"), "the rook from a pawn goes to the hand as a pawn: {}", pos.fen());
    common::play(&mut pos, "c5d5");
    assert!(common::has(&pos, "P@c3") && common::has(&pos, "R@c3"), "a pawn in hand drops either way up");
    let before = pos.fen();
    let drop = holechess_kernel::notation::parse_move(&pos, "R@c3").expect("the promoted drop");
    let undo = pos.make(drop);
    assert!(placement(&pos).contains("/2+P2/"), "the dropped rook is a turned pawn: {}", pos.fen());
    assert!(pos.fen().contains("[]"), "{}", pos.fen());
    pos.unmake(undo);
    assert_eq!(pos.fen(), before, "taking the drop back puts the pawn back in the hand");
}

#[test]
fn check_refuses_a_flip_to_an_unknown_piece() {
    let folder = std::env::temp_dir().join(format!("holechess-flips-{}", std::process::id()));
    std::fs::create_dir_all(&folder).expect("temp folder");
    let text = std::fs::read_to_string(catalogue("kyotoshogi.hole"))
        .expect("script")
        .replace("promotes on every move to rook", "promotes on every move to tokin");
    let path = folder.join("bad-flip.hole");
    std::fs::write(&path, text).expect("write");
    let output = common::binary::holechess(&["check", path.to_str().unwrap()], "");
    let report = format!("{}{}", stdout(&output), stderr(&output));
    assert_eq!(output.status.code(), Some(2), "{report}");
    assert!(report.contains("promotion to an unknown piece `tokin`"), "{report}");
}

#[test]
fn check_refuses_pieces_that_turn_over_in_a_variant_with_tokens() {
    let folder = std::env::temp_dir().join(format!("holechess-flips-tokens-{}", std::process::id()));
    std::fs::create_dir_all(&folder).expect("temp folder");
    let text = std::fs::read_to_string(catalogue("kyotoshogi.hole"))
        .expect("script")
        .replace("rules\n", "token wall\n  impassable\n  shown as %\n  any number\n\nrules\n");
    let path = folder.join("flip-tokens.hole");
    std::fs::write(&path, text).expect("write");
    let output = common::binary::holechess(&["check", path.to_str().unwrap()], "");
    let report = format!("{}{}", stdout(&output), stderr(&output));
    assert_eq!(output.status.code(), Some(2), "{report}");
    assert!(report.contains("turns over by its moves, which the engine does not combine with tokens"), "{report}");
}

#[test]
fn rules_describes_flips_and_promoted_drops_in_words_and_json() {
    let output = common::binary::holechess(&["rules", &catalogue("micro.hole")], "");
    let out = stdout(&output);
    assert!(out.contains("promotes on every capture to knight, and turns back on its next capture"), "{out}");
    assert!(out.contains("a piece that turns over may be dropped either way up"), "{out}");
    let output = common::binary::holechess(&["rules", &catalogue("kyotoshogi.hole"), "--json"], "");
    let json: serde_json::Value = serde_json::from_str(&stdout(&output)).expect("json");
    let pawn = json["pieces"].as_array().expect("pieces").iter().find(|p| p["name"] == "pawn").expect("pawn").clone();
    assert_eq!(pawn["promotion"]["flips"], "every-move");
    assert_eq!(json["hands"]["drop_promoted"], true);
}
