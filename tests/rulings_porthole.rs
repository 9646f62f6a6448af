//! docs/rules.md PH1-PH12 (Porthole Chess), through `variants/porthole.hole`.

mod common;

use common::*;
use holechess_kernel::{Side, Status};

const V: &str = "porthole";

fn transits(pos: &holechess_kernel::Position) -> Vec<String> {
    moves(pos).into_iter().filter(|m| m.contains('>')).collect()
}

#[test]
fn ph1_default_layout_and_any_number_of_tokens() {
    let start = rules(V).start_position();
    let mut squares: Vec<String> = start.token_squares().map(|sq| start.geometry().name(sq)).collect();
    squares.sort();
    assert_eq!(squares, ["a4", "a5", "c3", "c6", "f3", "f6", "h4", "h5"]);
    assert!(start.token_squares().all(|sq| start.tokens_at(sq).unwrap().count == 1));
    // Any number on any distinct empty squares.
    let few = position(V, "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 porthole=d4");
    assert_eq!(token_total(&few), 1);
    let many = position(
        V,
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 porthole=a3,b3,c3,d3,e3,f3,g3,h3,a6,b6,c6",
    );
    assert_eq!(token_total(&many), 11);
    assert!(!many.legal_moves().is_empty());
}

#[test]
fn ph2_a_token_blocks_sliders_and_pawns_but_not_knights() {
    let pos = position(V, "4k3/8/8/8/8/8/8/R3K3 w - - 0 1 porthole=a4,h8");
    let rook = moves_from(&pos, "a1");
    assert!(rook.contains(&"a1a3".into()) && rook.contains(&"a1a4>h8".into()), "{rook:?}");
    assert!(!rook.iter().any(|m| m.starts_with("a1a5") || m == "a1a4"), "sliders stop at it: {rook:?}");
    // The double step may not pass over a token.
    let pawn = position(V, "4k3/8/8/8/8/8/4P3/4K3 w - - 0 1 porthole=e4");
    assert_eq!(moves_from(&pawn, "e2"), vec!["e2e3"]);
    // Knights jump over tokens.
    let knight = position(V, "4k3/8/8/8/8/8/8/1N2K3 w - - 0 1 porthole=a2,b2,c2,c1,a1");
    let m = moves_from(&knight, "b1");
    for wanted in ["b1a3", "b1c3", "b1d2"] {
        assert!(m.contains(&wanted.to_string()), "{m:?}");
    }
}

#[test]
fn ph2_castling_may_not_pass_over_or_land_on_a_token() {
    for (tokens, short) in [("f1", false), ("g1", false), ("a6", true)] {
        let pos = position(V, &format!("4k3/8/8/8/8/8/8/4K2R w K - 0 1 porthole={tokens},h6"));
        assert_eq!(has(&pos, "e1g1"), short, "token on {tokens}");
    }
}

#[test]
fn ph3_entry_only_by_a_capture_move_of_the_pieces_kind() {
    // A pawn enters diagonally (the porthole vacant), never by its forward step.
    let pos = position(V, "4k3/8/8/8/8/8/4P3/4K3 w - - 0 1 porthole=d3,e3,h6");
    assert_eq!(moves_from(&pos, "e2"), vec!["e2d3>e3", "e2d3>h6"], "no forward step onto e3");
    // A king enters by one step, a slider along a free line.
    let pos = position(V, "4k3/8/8/8/8/8/8/R3K3 w - - 0 1 porthole=e2,a5,h6");
    assert!(has(&pos, "e1e2>h6") && has(&pos, "e1e2>a5"));
    assert!(has(&pos, "a1a5>h6") && has(&pos, "a1a5>e2"));
    // An enemy standing on the porthole is captured.
    let mut pos = position(V, "4k3/8/8/8/8/3p4/4P3/4K3 w - - 0 1 porthole=d3,h6");
    play(&mut pos, "e2d3>h6");
    assert_eq!(pos.fen(), "4k3/8/7P/8/8/8/8/4K3 b - - 0 1 porthole=e2,h6");
    // A porthole holding one's own piece cannot be entered.
    let pos = position(V, "4k3/8/8/8/8/3N4/4P3/4K3 w - - 0 1 porthole=d3,h6");
    assert!(moves_from(&pos, "e2").iter().all(|m| !m.contains("d3")), "{:?}", moves(&pos));
}

#[test]
fn ph4_the_exit_is_never_the_origin_the_entry_an_occupied_or_a_dormant_porthole() {
    // The rook stands on a1 (a porthole); c5 holds a pawn, f6 is a dormant stack; only h8 is open.
    let pos = position(V, "4k3/8/8/2p5/8/8/8/R3K3 w - - 0 1 porthole=a1,a4,c5,f6*2,h8");
    assert_eq!(transits(&pos), vec!["a1a4>h8"]);
}

#[test]
fn ph5_the_entered_token_moves_to_the_origin() {
    let mut pos = rules(V).start_position();
    play(&mut pos, "g1f3>c6");
    assert!(tokens(&pos, "f3").is_none(), "the entry square ends empty");
    assert_eq!(piece_letter(&pos, "f3"), None);
    assert_eq!(tokens(&pos, "g1").map(|t| t.count), Some(1), "the token is on g1");
    assert_eq!(piece_letter(&pos, "c6"), Some('N'));
    assert!(tokens(&pos, "c6").is_some(), "the exit keeps its token");
    assert_eq!(token_total(&pos), 8);
}

#[test]
fn ph6_stacked_portholes_are_dormant() {
    // The rook on a1 stands on a porthole: entering a4 stacks the entered token on a1.
    let mut pos = position(V, "r7/8/4k3/8/8/8/2N5/R3K3 w - - 0 1 porthole=a1,a4,d8,h8");
    assert!(!has(&pos, "c2a1>d8"), "own piece on a1");
    play(&mut pos, "a1a4>h8");
    assert_eq!(tokens(&pos, "a1").map(|t| t.count), Some(2));
    // Black: the rook on a8 can neither enter nor pass the stack.
    assert!(moves_from(&pos, "a8").iter().all(|m| !m.contains("a1")), "{:?}", moves(&pos));
    assert!(moves_from(&pos, "a8").contains(&"a8a2".to_string()));
    play(&mut pos, "Kf5");
    // White: the knight cannot enter a1, and a1 is no exit (d8 has no open exit at all).
    assert!(moves_from(&pos, "c2").iter().all(|m| !m.contains("a1")), "{:?}", moves(&pos));
    assert!(transits(&pos).is_empty(), "{:?}", transits(&pos));
    assert!(has(&pos, "h8e8"));
    play(&mut pos, "Rg8");
    assert_eq!(tokens(&pos, "a1").map(|t| t.count), Some(2), "a stack never comes apart");
}

#[test]
fn ph7_an_enemy_on_a_porthole_without_an_open_exit_cannot_be_taken() {
    let stoned = position(V, "4k3/8/8/3q4/8/8/8/3RK3 w - - 0 1 porthole=d5");
    assert!(moves_from(&stoned, "d1").iter().all(|m| !m.starts_with("d1d5")), "{:?}", moves(&stoned));
    assert!(moves_from(&stoned, "d1").contains(&"d1d4".to_string()));
    let open = position(V, "4k3/8/8/3q4/8/8/8/3RK3 w - - 0 1 porthole=d5,h8");
    assert!(has(&open, "d1d5>h8"));
}

#[test]
fn ph8_a_token_landing_on_the_origin_may_block_a_check_line() {
    // The knight on e2 is pinned by the rook on e8; its transit leaves a token on e2.
    let pos = position(V, "4r1k1/8/8/8/8/8/4N3/4K3 w - - 0 1 porthole=c3,a6");
    assert_eq!(moves_from(&pos, "e2"), vec!["e2c3>a6"]);
    let mut after = pos.clone();
    play(&mut after, "e2c3>a6");
    assert!(!after.royal_attacked(Side::White));
    // Without the porthole on c3 the knight has no move at all.
    let pinned = position(V, "4r1k1/8/8/8/8/8/4N3/4K3 w - - 0 1 porthole=a6");
    assert!(moves_from(&pinned, "e2").is_empty());
}

#[test]
fn ph9_a_piece_on_a_porthole_is_attacked_only_with_an_open_exit_elsewhere() {
    let check = |tokens: &str| position(V, &format!("4r1k1/8/P7/8/8/8/8/4K3 w - - 0 1 porthole={tokens}")).is_check();
    assert!(!check("e1"), "no other porthole");
    assert!(!check("e1,a6"), "the only other one is occupied");
    assert!(!check("e1,b5*2"), "the only other one is a dormant stack");
    assert!(check("e1,h5"), "h5 is an open exit");
    // Pins of the attacker are ignored: the rook on e4, pinned by the bishop, still checks.
    let pinned = position(V, "8/7k/8/8/4r3/8/8/1B2K3 w - - 0 1 porthole=e1,h5");
    assert!(pinned.is_check());
}

#[test]
fn ph10_a_pawn_exiting_onto_the_last_rank_stays_a_pawn() {
    let mut pos = position(V, "6k1/8/3P4/8/8/8/8/4K3 w - - 0 1 porthole=e7,c8");
    assert_eq!(moves_from(&pos, "d6"), vec!["d6d7", "d6e7>c8"]);
    play(&mut pos, "d6e7>c8");
    assert_eq!(piece_letter(&pos, "c8"), Some('P'), "stranded");
    play(&mut pos, "Kg7");
    assert!(moves_from(&pos, "c8").is_empty(), "a stranded pawn has no move");
    // Ending on a last-rank square without a token, it promotes to any of four pieces.
    let promote = position(V, "6k1/3P4/8/8/8/8/8/4K3 w - - 0 1 porthole=a4");
    assert_eq!(moves_from(&promote, "d7"), vec!["d7d8b", "d7d8n", "d7d8q", "d7d8r"]);
}

#[test]
fn ph11_no_double_step_after_returning_to_rank_2_through_a_porthole() {
    let mut pos = position(V, "4k3/8/8/8/8/1P6/8/4K3 w - - 0 1 porthole=c4,e2");
    play(&mut pos, "b3c4>e2");
    play(&mut pos, "Kd8");
    assert_eq!(moves_from(&pos, "e2"), vec!["e2e3"]);
}

#[test]
fn ph12_castling_forbidden_by_a_token_on_b1_allowed_otherwise() {
    let with = |tokens: &str| position(V, &format!("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1 porthole={tokens}"));
    let b1 = with("b1,h6");
    assert!(has(&b1, "e1g1") && !has(&b1, "e1c1"), "O-O-O passes b1");
    let elsewhere = with("a3,h6");
    assert!(has(&elsewhere, "e1g1") && has(&elsewhere, "e1c1"));
    let on_king = with("e1,h6");
    assert!(!has(&on_king, "e1g1") && !has(&on_king, "e1c1"), "the king's own square");
    // Orthodox conditions stay: no castling through an attacked square.
    let attacked = position(V, "4k3/5r2/8/8/8/8/8/R3K2R w KQ - 0 1 porthole=a3,h6");
    assert!(!has(&attacked, "e1g1") && has(&attacked, "e1c1"));
}

#[test]
fn ph12_a_transit_counts_as_a_move_for_castling() {
    let mut pos = position(V, "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1 porthole=d2,g5");
    play(&mut pos, "e1d2>g5");
    assert!(pos.fen().contains(" kq "), "{}", pos.fen());
}

#[test]
fn ph12_no_en_passant() {
    let mut pos = position(V, "4k3/3p4/8/4P3/8/8/8/4K3 b - - 0 1 porthole=a3");
    play(&mut pos, "d7d5");
    assert!(pos.en_passant().is_none());
    assert!(!has(&pos, "e5d6"));
    assert_eq!(pos.status(), Status::Ongoing);
}
