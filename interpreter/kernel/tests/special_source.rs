//! Special moves from a source written in Rust: the kernel needs no rhai and no game layer
//! to generate, judge (K1), make and unmake them, and to write and read their notation.

mod support;

use std::sync::Arc;

use holechess_kernel::notation::{lan, parse_move};
use holechess_kernel::perft::perft;
use holechess_kernel::{Effect, Move, Piece, Position, SpecialMove, SpecialSource, Square, Variant};

/// `hop@SQ`: the side to move's king jumps to any empty square two files to its right.
#[derive(Debug)]
struct KingHop;

impl SpecialSource for KingHop {
    fn special_moves(&self, position: &Position, out: &mut Vec<SpecialMove>) {
        let us = position.side_to_move();
        let Some(king) = position.royals(us).next() else { return };
        let g = position.geometry();
        if let Some(to) = g.offset(king, 2, 0).filter(|&to| position.piece_at(to).is_none()) {
            let mv = SpecialMove::new(&format!("hop@{}", g.name(to)), vec![Effect::MovePiece { from: king, to }]);
            out.push(mv.expect("a valid notation"));
        }
    }
}

fn hopping() -> Arc<Variant> {
    let variant = support::orthodox();
    variant.install_special_source(Box::new(KingHop)).unwrap();
    variant
}

fn sq(pos: &Position, name: &str) -> Square {
    pos.geometry().parse_square(name, 0).unwrap()
}

#[test]
fn a_special_move_is_generated_written_read_made_and_unmade() {
    let variant = hopping();
    let mut pos = Position::from_fen(&variant, "4k3/8/8/8/8/8/8/4K3 w - - 0 1").unwrap();
    let mv = parse_move(&pos, "hop@g1").unwrap();
    assert!(matches!(mv, Move::Special { .. }));
    assert_eq!(lan(&pos, mv), "hop@g1");
    let before = pos.clone();
    let undo = pos.make(mv);
    assert_eq!(pos.piece_at(sq(&pos, "g1")).map(|p: Piece| p.kind), before.piece_at(sq(&before, "e1")).map(|p| p.kind));
    assert_eq!(pos.last_move().unwrap().mv, mv);
    assert_eq!(pos.hash(), pos.computed_hash());
    pos.unmake(undo);
    assert_eq!(pos, before);
}

#[test]
fn k1_a_special_move_into_check_is_not_legal() {
    let variant = hopping();
    // The rook on g8 watches g1: the hop would leave the king attacked.
    let pos = Position::from_fen(&variant, "4k1r1/8/8/8/8/8/8/4K3 w - - 0 1").unwrap();
    assert!(parse_move(&pos, "hop@g1").is_err());
    assert_eq!(pos.legal_moves().len(), 5);
}

#[test]
fn perft_counts_special_moves_and_restores_the_position() {
    let plain = support::orthodox();
    let variant = hopping();
    let fen = "4k3/8/8/8/8/8/8/4K3 w - - 0 1";
    let mut with = Position::from_fen(&variant, fen).unwrap();
    let mut without = Position::from_fen(&plain, fen).unwrap();
    assert_eq!(perft(&mut without, 1) + 1, perft(&mut with, 1));
    let before = with.clone();
    assert!(perft(&mut with, 3) > perft(&mut without, 3));
    assert_eq!(with, before);
}

#[test]
fn a_second_source_is_refused() {
    let variant = hopping();
    assert!(variant.install_special_source(Box::new(KingHop)).is_err());
}
