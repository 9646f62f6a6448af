//! Hand-written invalid records for each rule family: the exact ply and reason of the
//! first failure.

use holechess_record::{replay_record, PgnReader};
use holechess_runtime::PlayableVariant;

/// (ply, reason class, words the reason must contain) of the first failure.
fn first_failure(variant: &str, pgn: &str) -> (u32, String, String) {
    let rules = PlayableVariant::load(variant).unwrap();
    let Some(Ok(record)) = PgnReader::from_bytes(pgn.as_bytes()).next() else { panic!("no game") };
    let failure = replay_record(&record, &rules).failure.unwrap_or_else(|| panic!("{variant}: valid: {pgn}"));
    (failure.ply, failure.reason.class().to_string(), failure.reason.to_string())
}

#[test]
fn ph2_a_pawn_step_onto_a_porthole_is_illegal() {
    let (ply, class, reason) = first_failure("porthole", "[Variant \"porthole\"]\n\n1. e4 e5 2. c3 *\n");
    assert_eq!((ply, class.as_str()), (3, "illegal"), "{reason}");
    assert!(reason.contains("porthole"), "{reason}");
}

#[test]
fn ph4_a_transit_must_name_an_open_exit() {
    // b2 captures onto the c3 porthole; c3 itself is no exit.
    let (ply, class, _) = first_failure("porthole", "[Variant \"porthole\"]\n\n1. bxc3>c3 *\n");
    assert_eq!((ply, class.as_str()), (1, "illegal"));
}

#[test]
fn sp6_promotion_is_to_a_queen_only() {
    let pgn = "[Variant \"standard-portal\"]\n[FEN \"4k3/1P6/8/8/8/8/8/4K3 w - - 0 1 portal=c3,f3,c6,f6,a4,h4,a5,h5\"]\n\n1. b8=R *\n";
    let (ply, class, _) = first_failure("standard-portal", pgn);
    assert_eq!((ply, class.as_str()), (1, "illegal"));
}

#[test]
fn sp8_no_castling() {
    let pgn = "[Variant \"standard-portal\"]\n\n1. Nh3 Nh6 2. g3 g6 3. Bg2 Bg7 4. O-O *\n";
    let (ply, class, _) = first_failure("standard-portal", pgn);
    assert_eq!((ply, class.as_str()), (7, "illegal"));
}

#[test]
fn k4_pt_a_missing_outcome_is_invalid_at_its_ply() {
    let pgn = "[Variant \"pothole\"]\n\n1. e4 {[%dice 6 5]} *\n";
    let (ply, class, _) = first_failure("pothole", pgn);
    assert_eq!((ply, class.as_str()), (1, "missing_dice"));
}

#[test]
fn pt3_moving_into_an_open_pot_hole_is_illegal() {
    let pgn = "[Variant \"pothole\"]\n\n1. e4 {[%dice 6 5 5]} d6 {[%dice 5]} 2. e5 {[%dice 1]} *\n";
    let (ply, class, reason) = first_failure("pothole", pgn);
    assert_eq!((ply, class.as_str()), (3, "illegal"), "{reason}");
}

#[test]
fn k4_wh_an_impossible_or_surplus_outcome_is_invalid() {
    let (ply, class, _) = first_failure("wormhole", "[Variant \"wormhole\"]\n\n1. e4 {[%dice 9 1]} *\n");
    assert_eq!((ply, class.as_str()), (1, "impossible_dice"));
    let (ply, class, _) =
        first_failure("wormhole", "[Variant \"wormhole\"]\n\n1. e4 {[%dice 1 1]} e5 {[%dice 2 2 3]} *\n");
    assert_eq!((ply, class.as_str()), (2, "surplus_dice"));
}

#[test]
fn dice_in_a_variant_without_dice_are_invalid() {
    let (ply, class, _) = first_failure("chess", "1. e4 {[%dice 3]} *\n");
    assert_eq!((ply, class.as_str()), (1, "unexpected_dice"));
}

#[test]
fn hp4_a_teleport_without_intent_is_illegal() {
    let (ply, class, _) = first_failure("portal", "[Variant \"portal\"]\n\n1. a4 Nc6 2. @a4 *\n");
    assert_eq!((ply, class.as_str()), (3, "illegal"));
}

#[test]
fn k9_no_move_after_checkmate_and_the_result_must_match() {
    let mate = "[Result \"1-0\"]\n\n1. f3 e5 2. g4 Qh4# 3. a3 1-0\n";
    let (ply, class, _) = first_failure("chess", mate);
    assert_eq!((ply, class.as_str()), (5, "game_over"));
    let wrong = "[Result \"1-0\"]\n\n1. f3 e5 2. g4 Qh4# 1-0\n";
    let (_, class, _) = first_failure("chess", wrong);
    assert_eq!(class, "result_mismatch");
}
