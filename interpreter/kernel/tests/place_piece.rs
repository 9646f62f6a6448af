//! `Position::place_piece`, the checked way to set up a piece from outside the kernel:
//! it refuses an occupied square, a square off the board and a kind the variant lacks,
//! and leaves the position as it was when it refuses.

use holechess_kernel::testing::RawEdits;
use holechess_kernel::{Piece, Position, PositionErrorKind, Side, Square};
use holechess_testkit::orthodox;

#[test]
fn place_piece_puts_a_piece_on_an_empty_square_and_keeps_the_hash() {
    let v = orthodox();
    let mut pos = Position::start(&v);
    let e4 = v.geometry().parse_square("e4", 0).unwrap();
    let queen = pos.piece_at(v.geometry().parse_square("d1", 0).unwrap()).unwrap();
    pos.place_piece(e4, queen).unwrap();
    assert_eq!(pos.piece_at(e4), Some(queen));
    assert_eq!(pos.hash(), pos.computed_hash());
}

#[test]
fn place_piece_refuses_an_occupied_square() {
    let v = orthodox();
    let mut pos = Position::start(&v);
    let e2 = v.geometry().parse_square("e2", 0).unwrap();
    let before = pos.fen();
    let err = pos.place_piece(e2, Piece { side: Side::Black, kind: 0 }).unwrap_err();
    assert_eq!(err.kind, PositionErrorKind::Placement);
    assert!(err.message.contains("e2"), "{err}");
    assert_eq!(pos.fen(), before);
}

#[test]
fn place_piece_refuses_a_square_off_the_board_and_an_unknown_kind() {
    let v = orthodox();
    let mut pos = Position::start(&v);
    let off = Square(u16::try_from(v.geometry().square_count()).unwrap());
    assert!(pos.place_piece(off, Piece { side: Side::White, kind: 0 }).is_err());
    let e4 = v.geometry().parse_square("e4", 0).unwrap();
    let unknown = u8::try_from(v.pieces().len()).unwrap();
    let err = pos.place_piece(e4, Piece { side: Side::White, kind: unknown }).unwrap_err();
    assert_eq!(err.kind, PositionErrorKind::Placement);
    assert_eq!(pos.piece_at(e4), None);
}
