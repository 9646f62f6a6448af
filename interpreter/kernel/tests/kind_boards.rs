//! The position's kind bit boards (what the fast path reads instead of scanning the board)
//! stay in step with its cells through make, unmake, transits through tokens, warped moves,
//! castling, promotion and the setup mutators that events use.

mod support;

use std::sync::Arc;

use holechess_kernel::spec::{Entry, Stacking};
use holechess_kernel::testing::RawEdits;
use holechess_kernel::testing::TestHooks;
use holechess_kernel::{Piece, Position, Side, Square, Variant};
use support::*;

/// Random games from `fen`: the boards are checked after every make, then every unmake back
/// to the start.
fn walk(v: &Arc<Variant>, fen: &str, games: u64) {
    for seed in 1..=games {
        let mut pos = Position::from_fen(v, fen).unwrap();
        let start = pos.clone();
        let mut picker = XorShift(seed.wrapping_mul(0x9E37_79B9_7F4A_7C15));
        let mut undos = Vec::new();
        for _ in 0..120 {
            let moves = pos.legal_moves();
            if moves.is_empty() {
                break;
            }
            undos.push(pos.make(moves.as_slice()[picker.pick(moves.len())]));
            assert!(pos.kind_boards_in_step(), "after a make: {}", pos.fen());
        }
        while let Some(undo) = undos.pop() {
            pos.unmake(undo);
            assert!(pos.kind_boards_in_step(), "after an unmake: {}", pos.fen());
        }
        assert_eq!(pos, start);
    }
}

#[test]
fn orthodox_games_keep_the_kind_boards_in_step() {
    walk(&orthodox(), "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", 40);
    walk(&orthodox(), "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1", 40);
}

#[test]
fn promotions_keep_the_kind_boards_in_step() {
    walk(&orthodox(), "8/PPPk4/8/8/8/8/4Kppp/8 w - - 0 1", 40);
}

#[test]
fn transits_through_tokens_keep_the_kind_boards_in_step() {
    let v = orthodox_with(vec![transit_token(Entry::CaptureMove, Stacking::Dormant)], |_| {});
    walk(&v, "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 gate=c3,f3,c6,f6,a4,h4,a5,h5", 40);
}

#[test]
fn warped_moves_keep_the_kind_boards_in_step() {
    let v = orthodox_with(vec![warp_token()], |_| {});
    walk(&v, "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 warp=c3,f3,a5,h4,d6,e5", 40);
}

#[test]
fn setup_mutators_keep_the_kind_boards_in_step() {
    let mut pos = Position::start(&orthodox());
    let e2 = Square(12);
    let lifted = pos.remove_piece(e2).unwrap();
    assert!(pos.kind_boards_in_step());
    pos.place_piece(Square(28), lifted).expect("an empty square of the board");
    pos.place_piece(e2, Piece { side: Side::Black, kind: lifted.kind }).expect("an empty square of the board");
    assert!(pos.kind_boards_in_step());
}
