//! docs/rules.md SP1-SP8 (Standard Portal Chess v1.1), through `variants/standard-portal.hole`.
//! Every position keeps exactly 8 portals (SP1), stacks counted by their tokens.

mod common;

use common::*;
use holechess_kernel::Position;

const V: &str = "standard-portal";

/// A position with the given portal field (8 tokens in all).
fn sp(fen: &str, portals: &str) -> Position {
    let pos = position(V, &format!("{fen} portal={portals}"));
    assert_eq!(token_total(&pos), 8, "SP1: the test position has 8 portals");
    pos
}

fn exits(pos: &Position, prefix: &str) -> Vec<String> {
    moves_from(pos, prefix).into_iter().filter(|m| m.contains('>')).collect()
}

#[test]
fn sp1_exactly_eight_portals_on_the_porthole_squares() {
    let start = rules(V).start_position();
    assert_eq!(start.fen(), "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w - - 0 1 portal=c3,f3,a4,h4,a5,h5,c6,f6");
    assert_eq!(token_total(&start), 8);
}

#[test]
fn sp1_a_layout_without_exactly_eight_portals_is_rejected() {
    let variant = rules(V);
    let read = |portals: &str| {
        Position::from_fen(variant.variant(), &format!("4k3/8/8/8/8/8/8/4K3 w - - 0 1 portal={portals}")).is_ok()
    };
    assert!(read("a3,b3,c3,d3,a6,b6,c6,d6"));
    assert!(read("a3,b3,c3,d3,a6,b6,c6*2"), "a stack counts its tokens");
    assert!(!read("a3,b3,c3,d3,a6,b6,c6"), "7 portals");
    assert!(!read("a3,b3,c3,d3,a6,b6,c6,d6,e6"), "9 portals");
}

#[test]
fn sp2_a_pawn_enters_by_stepping_forward_onto_a_portal() {
    let pos = sp("7k/8/8/8/8/8/4P3/4K3 w - - 0 1", "e3,a6,b6,c6,d6,a7,b7,c7");
    let m = moves_from(&pos, "e2");
    assert_eq!(m.len(), 7, "one transit per exit, no plain step, no double step over the portal: {m:?}");
    assert!(m.iter().all(|t| t.starts_with("e2e3>")));
}

#[test]
fn sp2_double_step_onto_a_portal_only_if_the_passed_square_holds_neither_piece_nor_portal() {
    let portals = "e4,a6,b6,c6,d6,a7,b7,c7";
    let free = sp("7k/8/8/8/8/8/4P3/4K3 w - - 0 1", portals);
    assert!(has(&free, "e2e3"));
    assert_eq!(exits(&free, "e2").len(), 7, "{:?}", moves_from(&free, "e2"));
    assert!(has(&free, "e2e4>a6"));
    let piece = sp("7k/8/8/8/8/4n3/4P3/4K3 w - - 0 1", portals);
    assert!(moves_from(&piece, "e2").is_empty(), "{:?}", moves_from(&piece, "e2"));
    let portal = sp("7k/8/8/8/8/8/4P3/4K3 w - - 0 1", "e3,e4,b6,c6,d6,a7,b7,c7");
    assert!(!moves_from(&portal, "e2").iter().any(|m| m.starts_with("e2e4")), "{:?}", moves_from(&portal, "e2"));
}

#[test]
fn sp2_a_pawn_enters_diagonally_only_by_capturing() {
    let empty = sp("7k/8/8/8/8/8/4P3/4K3 w - - 0 1", "d3,a6,b6,c6,d6,a7,b7,c7");
    assert!(!moves_from(&empty, "e2").iter().any(|m| m.starts_with("e2d3")));
    let mut enemy = sp("7k/8/8/8/8/3p4/4P3/4K3 w - - 0 1", "d3,a6,b6,c6,d6,a7,b7,c7");
    assert!(has(&enemy, "e2d3>a6"));
    play(&mut enemy, "e2d3>a6");
    assert_eq!(enemy.fen(), "7k/8/P7/8/8/8/8/4K3 b - - 0 1 portal=e2,a6,b6,c6,d6,a7,b7,c7");
}

#[test]
fn sp2_movement_stops_at_a_portal_and_knights_jump_over_portals() {
    let pos = sp("7k/8/8/8/8/8/8/RN2K3 w - - 0 1", "a4,b2,c2,a2*2,a7,b7,c7");
    let rook = moves_from(&pos, "a1");
    assert!(rook.iter().all(|m| m.starts_with("a1a2>")), "the rook stops at a2: {rook:?}");
    let knight = moves_from(&pos, "b1");
    assert!(knight.contains(&"b1a3".to_string()) && knight.contains(&"b1c3".to_string()), "{knight:?}");
    assert!(knight.contains(&"b1d2".to_string()));
    // The king enters by any step.
    assert!(has(&pos, "e1d1") && moves_from(&pos, "e1").iter().all(|m| !m.starts_with("e1c2")));
}

#[test]
fn sp3_exit_as_ph4_and_stoned_without_one() {
    // The rook stands on a1 (a stack of 7); a4 is the only other portal: no exit (origin).
    let stoned = sp("7k/8/8/8/8/8/8/R3K3 w - - 0 1", "a1*7,a4");
    assert!(moves_from(&stoned, "a1").iter().all(|m| !m.starts_with("a1a4")), "{:?}", moves(&stoned));
    assert!(has(&stoned, "a1a3"));
    // Occupied portals are no exits; the entry is none either.
    let pos = sp("7k/8/8/8/2n5/8/8/R3K3 w - - 0 1", "a4,c4,h5*6");
    assert_eq!(exits(&pos, "a1"), vec!["a1a4>h5"]);
}

#[test]
fn sp3_the_transit_must_not_leave_the_king_in_check() {
    // The pinned knight may transit: the portal lands on e2 and blocks the rook (PH8).
    let pinned = sp("4r1k1/8/8/8/8/8/4N3/4K3 w - - 0 1", "c3,a6*7");
    assert_eq!(moves_from(&pinned, "e2"), vec!["e2c3>a6"]);
    // The king may not exit onto an attacked square.
    let king = sp("3r2k1/8/8/8/8/8/8/4K3 w - - 0 1", "e2,d5,a6*6");
    let m = exits(&king, "e1");
    assert!(m.contains(&"e1e2>a6".to_string()) && !m.contains(&"e1e2>d5".to_string()), "{m:?}");
}

#[test]
fn sp4_the_token_count_stays_eight() {
    // Twenty plies, each the last transit in the sorted move list when there is one.
    let mut pos = rules(V).start_position();
    let mut transits = 0;
    for _ in 0..20 {
        let all = moves(&pos);
        let mv = all.iter().rev().find(|m| m.contains('>')).unwrap_or(&all[0]).clone();
        transits += usize::from(mv.contains('>'));
        play(&mut pos, &mv);
        assert_eq!(token_total(&pos), 8, "after {mv}: {}", pos.fen());
    }
    assert!(transits >= 10, "{transits} transits");
    // A mover standing on a portal stacks the entered one on its origin: still 8, and the
    // stack acts as one open portal (an exit listed once).
    let mut pos = sp("7k/8/B7/8/8/1N6/8/R3K3 w - - 0 1", "a1,a4,h5*5,c8");
    play(&mut pos, "a1a4>h5");
    assert_eq!(tokens(&pos, "a1").map(|t| t.count), Some(2));
    assert_eq!(token_total(&pos), 8);
    play(&mut pos, "Kg8");
    assert_eq!(moves_from(&pos, "b3a1"), vec!["b3a1>c8"], "the stack is entered");
    let into_stack: Vec<String> = moves(&pos).into_iter().filter(|m| m.ends_with(">a1")).collect();
    assert_eq!(into_stack, vec!["a6c8>a1"], "the stack is one exit");
}

#[test]
fn sp4_entering_a_stack_moves_one_token_and_leaves_the_rest() {
    let mut pos = sp("7k/8/8/8/8/8/8/R3K3 w - - 0 1", "a4*3,h5*5");
    play(&mut pos, "a1a4>h5");
    assert_eq!(tokens(&pos, "a4").map(|t| t.count), Some(2));
    assert_eq!(tokens(&pos, "a1").map(|t| t.count), Some(1));
    assert_eq!(tokens(&pos, "h5").map(|t| t.count), Some(5));
    assert_eq!(token_total(&pos), 8);
}

#[test]
fn sp5_a_piece_on_a_portal_is_attacked_only_with_an_open_portal_elsewhere() {
    let open = sp("4r1k1/8/8/8/8/8/8/4K3 w - - 0 1", "e1,a6*7");
    assert!(open.is_check());
    let occupied = sp("4r1k1/8/P7/8/8/8/8/4K3 w - - 0 1", "e1,a6*7");
    assert!(!occupied.is_check(), "the only other portal is occupied");
}

#[test]
fn sp6_promotion_to_a_queen_only_and_not_on_a_portal() {
    let pos = sp("7k/4P3/8/8/8/8/8/4K3 w - - 0 1", "a3,b3,c3,d3,a4,b4,c4,d4");
    assert_eq!(moves_from(&pos, "e7"), vec!["e7e8q"]);
    // A portal on d8: the pawn enters it and exits (b8 is on the last rank: it stays a pawn).
    let mut pos = sp("7k/3P4/8/8/8/8/8/4K3 w - - 0 1", "d8,b8,a3*6");
    let m = moves_from(&pos, "d7");
    assert_eq!(m, vec!["d7d8>a3", "d7d8>b8"]);
    play(&mut pos, "d7d8>b8");
    assert_eq!(piece_letter(&pos, "b8"), Some('P'));
}

#[test]
fn sp7_double_step_from_the_starting_rank_after_having_moved() {
    let mut pos = sp("7k/8/8/8/8/P7/8/4K3 w - - 0 1", "a4,e2,a6*6");
    play(&mut pos, "a3a4>e2");
    assert_eq!(piece_letter(&pos, "e2"), Some('P'));
    play(&mut pos, "Kg8");
    assert_eq!(moves_from(&pos, "e2"), vec!["e2e3", "e2e4"], "back on rank 2, it double-steps");
}

#[test]
fn sp8_k8_no_castling_no_en_passant_no_draw_claims() {
    let variant = rules(V);
    // K8: a castling field naming rights the variant does not have is ignored, with a warning.
    let (castling, warnings) = Position::from_fen_with_warnings(
        variant.variant(),
        "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1 portal=a3,b3,c3,d3,a6,b6,c6,d6",
    )
    .expect("the position is read");
    assert_eq!(castling.castling_rights(), [[None; 2]; 2], "no castling rights in this variant");
    assert!(warnings.iter().any(|w| w.contains("castling field 'KQkq' is ignored")), "{warnings:?}");
    let pos = sp("r3k2r/8/8/8/8/8/8/R3K2R w - - 0 1", "a3,b3,c3,d3,a6,b6,c6,d6");
    assert!(!has(&pos, "e1g1") && !has(&pos, "e1c1"));
    let mut pos = sp("4k3/3p4/8/4P3/8/8/8/4K3 b - - 0 1", "a3,b3,c3,d3,a6,b6,c6,g6");
    play(&mut pos, "d7d5");
    assert!(pos.en_passant().is_none() && !has(&pos, "e5d6"));
    let late = sp("4k3/8/8/8/8/8/8/4K2R w - - 200 150", "a3,b3,c3,d3,a6,b6,c6,d6");
    assert_eq!(late.claimable_draw(), None);
}
