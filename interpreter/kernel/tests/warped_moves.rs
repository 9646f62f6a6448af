//! The kernel's warped movement (absent squares, tunnels, edge wraps) on the worked
//! examples of RULINGS.md WH, with a neutrally named token kind.

mod support;

use holechess_kernel::notation::lan;
use holechess_kernel::perft::perft;
use holechess_kernel::Position;

fn position(fen: &str) -> Position {
    Position::from_fen(&support::orthodox_with(vec![support::warp_token()], |_| {}), fen).unwrap()
}

fn moves(pos: &Position) -> Vec<String> {
    let mut v: Vec<String> = pos.legal_moves().iter().map(|&m| lan(pos, m)).collect();
    v.sort();
    v
}

#[test]
fn wh3_wh4_pawn_skips_and_tunnels() {
    // Active warps b4 d3 e3 e5; a black pawn on c4 to capture.
    let pos = position("4k3/8/8/8/2p5/8/4P3/4K3 w - - 0 1 warp=b4,d3,e3,e5");
    let m = moves(&pos);
    assert!(m.contains(&"e2c4".to_string()), "exc4 skipping d3: {m:?}");
    assert!(m.contains(&"e2e6".to_string()), "e2e6 by tunnel e3->e5 (or double step): {m:?}");
    assert!(m.contains(&"e2e4".to_string()), "a single step skips e3: {m:?}");
    assert_eq!(m.iter().filter(|s| *s == "e2e6").count(), 1, "K6/WH8: one move to e6");
}

#[test]
fn wh3_knight_continues_past_a_warp() {
    let pos = position("4k3/8/8/8/8/5N2/8/4K3 w - - 0 1 warp=b4,d3,e3,e5");
    assert!(moves(&pos).contains(&"f3d7".to_string()));
}

#[test]
fn wh5_wh7_bishop_checks_through_an_edge_gateway() {
    let pos = position("4k3/8/8/8/8/8/6B1/4K3 b - - 0 1 warp=h3");
    assert!(pos.is_check(), "g2-h3 wraps to a4-b5-c6-d7-e8");
    let quiet = position("4k3/8/8/8/8/8/6B1/4K3 b - - 0 1");
    assert!(!quiet.is_check());
}

#[test]
fn wh5_knight_wraps_from_an_edge_warp() {
    let pos = position("4k3/8/8/8/8/8/8/4KN2 w - - 0 1 warp=h2");
    assert!(moves(&pos).contains(&"f1b3".to_string()));
}

#[test]
fn wh6_a_warp_between_king_and_rook_forbids_castling() {
    let blocked = position("4k3/8/8/8/8/8/8/4K2R w K - 0 1 warp=f1");
    assert!(!moves(&blocked).contains(&"e1g1".to_string()));
    let open = position("4k3/8/8/8/8/8/8/4K2R w K - 0 1");
    assert!(moves(&open).contains(&"e1g1".to_string()));
}

#[test]
fn wh6_king_steps_onto_a_warp_and_removes_it() {
    let mut pos = position("4k3/8/8/8/8/8/8/4K3 w - - 0 1 warp=d2");
    let mv = pos.legal_moves().iter().copied().find(|&m| lan(&pos, m) == "e1d2").unwrap();
    pos.play(mv);
    assert_eq!(pos.token_squares().count(), 0);
}

#[test]
fn warped_make_unmake_restores_everything() {
    let mut pos =
        position("r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1 warp=a3,h6,d4,e6,b5,g4");
    let before = pos.clone();
    let n = perft(&mut pos, 3);
    assert_eq!(pos, before);
    assert!(n > 0);
    assert_eq!(pos.hash(), pos.computed_hash());
}
