//! docs/rules.md PT1-PT5 (Pot-Hole Chess), through `variants/pothole.hole` and the game layer
//! with recorded dice (K4): a d6, then two d8 for the square (K5) when a hole opens.

mod common;

use common::*;
use holechess_kernel::notation::parse_move;

const V: &str = "pothole";

#[test]
fn pt1_an_odd_roll_does_nothing_an_even_one_opens_a_hole() {
    let mut g = game(V, None);
    let ply = play_dice(&mut g, "e4", &[1]);
    assert_eq!(faces(ply), vec![1]);
    assert_eq!(g.position().token_squares().count(), 0);
    let ply = play_dice(&mut g, "e5", &[4, 4, 4]);
    assert_eq!(faces(ply), vec![4, 4, 4]);
    assert!(tokens(g.position(), "d4").is_some());
}

#[test]
fn pt1_at_most_one_pot_hole_at_a_time() {
    let mut g = game(V, None);
    play_dice(&mut g, "e4", &[2, 4, 4]);
    // An even roll while d4 is open has no effect and rolls no d8.
    let e5 = parse_move(g.position(), "e5").unwrap();
    assert!(g.play_recorded(e5, &[6, 1, 1]).is_err(), "surplus d8 outcomes: no second hole");
    let ply = play_dice(&mut g, "e5", &[6]);
    assert_eq!(faces(ply), vec![6]);
    assert!(ply.notes.iter().any(|n| n.contains("already open")), "{:?}", ply.notes);
    assert_eq!(g.position().token_squares().count(), 1);
}

#[test]
fn pt2_a_king_square_is_rolled_again_and_every_pair_is_recorded() {
    let mut g = game(V, None);
    // e1 (White's king), then e8 (Black's king), then c3.
    let ply = play_dice(&mut g, "e4", &[2, 5, 1, 5, 8, 3, 3]);
    assert_eq!(faces(ply), vec![2, 5, 1, 5, 8, 3, 3]);
    assert_eq!(ply.notes.iter().filter(|n| n.contains("rolling again")).count(), 2, "{:?}", ply.notes);
    let pos = g.position();
    assert!(tokens(pos, "c3").is_some());
    assert_eq!(piece_letter(pos, "e1"), Some('K'));
    assert_eq!(piece_letter(pos, "e8"), Some('k'));
    // The record must give the re-rolled pair.
    let mut g = game(V, None);
    let mv = parse_move(g.position(), "e4").unwrap();
    assert!(g.play_recorded(mv, &[2, 5, 1]).is_err());
}

#[test]
fn pt2_any_other_piece_where_the_hole_opens_is_lost() {
    let mut g = game(V, None);
    let ply = play_dice(&mut g, "e4", &[2, 4, 1]);
    assert!(ply.notes.iter().any(|n| n.contains("white queen")), "{:?}", ply.notes);
    let pos = g.position();
    assert_eq!(piece_letter(pos, "d1"), None);
    assert!(tokens(pos, "d1").is_some());
}

#[test]
fn pt3_nothing_lands_on_or_passes_a_pot_hole_but_knights_jump_over() {
    let pos = position(V, "4k3/8/8/8/R7/8/8/1N2K3 w - - 0 1 pothole=c4(2),c3(2)");
    let rook = moves_from(&pos, "a4");
    assert!(rook.contains(&"a4b4".to_string()) && !rook.iter().any(|m| m == "a4c4" || m == "a4d4"), "{rook:?}");
    let knight = moves_from(&pos, "b1");
    assert!(!knight.contains(&"b1c3".to_string()), "nothing lands on it: {knight:?}");
    assert!(knight.contains(&"b1a3".to_string()) && knight.contains(&"b1d2".to_string()));
    // Pawn steps and the double step.
    let blocked = position(V, "4k3/8/8/8/8/8/4P3/4K3 w - - 0 1 pothole=e3(2)");
    assert!(moves_from(&blocked, "e2").is_empty());
    let double = position(V, "4k3/8/8/8/8/8/4P3/4K3 w - - 0 1 pothole=e4(2)");
    assert_eq!(moves_from(&double, "e2"), vec!["e2e3"]);
}

#[test]
fn pt3_lines_of_attack_stop_at_a_pot_hole() {
    let pos = position(V, "4r1k1/8/8/8/4K3/8/8/8 w - - 0 1");
    assert!(pos.is_check());
    let shielded = position(V, "4r1k1/8/8/8/4K3/8/8/8 w - - 0 1 pothole=e6(1)");
    assert!(!shielded.is_check());
}

#[test]
fn pt3_no_castling_across_a_pot_hole() {
    for (hole, short, long) in [("f1", false, true), ("g1", false, true), ("b1", true, false), ("a3", true, true)] {
        let pos = position(V, &format!("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1 pothole={hole}(2)"));
        assert_eq!((has(&pos, "e1g1"), has(&pos, "e1c1")), (short, long), "hole on {hole}");
    }
}

#[test]
fn pt3_pt5_no_en_passant_onto_a_pot_hole() {
    // Black double-steps; the hole opens on the passed square d6.
    let mut g = game(V, Some("4k3/3p4/8/4P3/8/8/8/4K3 b - - 0 1"));
    play_dice(&mut g, "d7d5", &[2, 4, 6]);
    let pos = g.position();
    assert!(tokens(pos, "d6").is_some());
    assert!(pos.en_passant().is_none());
    assert!(!has(pos, "e5d6"));
    // Without the hole en passant is there (PT5: orthodox rules apply).
    let mut g = game(V, Some("4k3/3p4/8/4P3/8/8/8/4K3 b - - 0 1"));
    play_dice(&mut g, "d7d5", &[1]);
    assert!(has(g.position(), "e5d6"));
}

#[test]
fn pt4_a_hole_is_open_for_the_next_two_plies_and_closes_before_the_following_roll() {
    let mut g = game(V, None);
    play_dice(&mut g, "e4", &[6, 5, 5]);
    assert!(g.position().fen().ends_with("pothole=e5(2)"), "{}", g.position().fen());
    play_dice(&mut g, "d6", &[5]);
    assert!(g.position().fen().ends_with("pothole=e5(1)"), "{}", g.position().fen());
    // Ply 3 is judged with the hole still open.
    assert!(parse_move(g.position(), "e5").is_err());
    // It closes as soon as ply 3 is complete, so the even roll after it opens a new one.
    play_dice(&mut g, "d3", &[2, 4, 3]);
    let pos = g.position();
    assert!(tokens(pos, "e5").is_none());
    assert!(pos.fen().ends_with("pothole=d3(2)"), "{}", pos.fen());
    assert_eq!(piece_letter(pos, "d3"), None, "the d3 pawn is lost");
}

#[test]
fn pt5_a_rook_lost_in_a_pot_hole_takes_its_castling_right() {
    let mut g = game(V, None);
    play_dice(&mut g, "e4", &[2, 8, 1]);
    assert!(g.position().fen().contains(" Qkq "), "{}", g.position().fen());
    let mut g = game(V, Some("r3k2r/8/8/8/8/8/8/R3K2R b KQkq - 0 1"));
    play_dice(&mut g, "a8b8", &[1]);
    assert!(has(g.position(), "e1g1") && has(g.position(), "e1c1"), "orthodox castling");
}

#[test]
fn pt5_no_en_passant_when_the_double_stepped_pawn_is_lost() {
    let mut g = game(V, Some("4k3/3p4/8/4P3/8/8/8/4K3 b - - 0 1"));
    play_dice(&mut g, "d7d5", &[2, 4, 5]);
    let pos = g.position();
    assert_eq!(piece_letter(pos, "d5"), None);
    assert!(pos.en_passant().is_none());
    assert!(!has(pos, "e5d6"));
}

#[test]
fn pt5_orthodox_promotion() {
    let pos = position(V, "4k3/P7/8/8/8/8/8/4K3 w - - 0 1");
    assert_eq!(moves_from(&pos, "a7"), vec!["a7a8b", "a7a8n", "a7a8q", "a7a8r"]);
}
