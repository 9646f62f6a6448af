//! `Setup` and `Position::from_setup`, the one checked way from a described position to a
//! position: what it accepts (K8), what it refuses with a named reason, and that a FEN read
//! goes through it.

use std::sync::Arc;

use holechess_kernel::spec::{LayoutRule, SquareRef};
use holechess_kernel::{Piece, Position, PositionErrorKind, Setup, Side, Square, TokenStack, Variant};
use holechess_testkit::{orthodox, orthodox_with, plain_token};

fn square(variant: &Variant, name: &str) -> Square {
    variant.geometry().parse_square(name, 0).expect("a square of the board")
}

fn piece(variant: &Variant, letter: char) -> Piece {
    let side = if letter.is_ascii_uppercase() { Side::White } else { Side::Black };
    Piece { side, kind: variant.piece_by_letter(letter).expect("a piece of the variant") }
}

/// Two kings, nothing else: the smallest position of chess.
fn kings(variant: &Variant) -> Setup {
    let mut setup = Setup::default();
    setup.pieces.push((square(variant, "e1"), piece(variant, 'K')));
    setup.pieces.push((square(variant, "e8"), piece(variant, 'k')));
    setup
}

fn refusal(variant: &Arc<Variant>, setup: Setup) -> (PositionErrorKind, String) {
    let error = Position::from_setup(variant, setup).expect_err("the setup cannot occur");
    (error.kind, error.message)
}

#[test]
fn a_position_read_back_from_its_setup_is_the_same_position() {
    let v = orthodox();
    for fen in [
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        "rnbqkbnr/pppp1ppp/8/8/3pP3/8/PPP2PPP/RNBQKBNR b KQkq e3 0 3",
        "r3k2r/8/8/8/8/8/8/R3K2R w Qk - 12 40",
    ] {
        let position = Position::from_fen(&v, fen).unwrap();
        let again = Position::from_setup(&v, position.to_setup()).unwrap();
        assert_eq!(again, position, "{fen}");
        assert_eq!(again.fen(), fen);
    }
}

#[test]
fn tokens_and_their_timers_survive_the_setup() {
    let v = orthodox_with(vec![plain_token("hole", '#')], |_| {});
    let fen = "4k3/8/8/8/8/8/8/4K3 w - - 0 1 hole=c3*2,f6(3)";
    let position = Position::from_fen(&v, fen).unwrap();
    let setup = position.to_setup();
    assert_eq!(setup.tokens.len(), 2);
    let again = Position::from_setup(&v, setup).unwrap();
    assert_eq!(again.fen(), fen);
    assert_eq!(again.hash(), again.computed_hash());
}

#[test]
fn a_pawn_set_up_on_its_second_rank_may_still_double_step_k8() {
    let v = orthodox();
    let mut setup = kings(&v);
    setup.pieces.push((square(&v, "d2"), piece(&v, 'P')));
    let position = Position::from_setup(&v, setup).unwrap();
    assert!(position.is_unmoved(square(&v, "d2")));
    let double_step = holechess_kernel::notation::parse_lan(&position, "d2d4");
    assert!(double_step.is_ok(), "{double_step:?}");
}

#[test]
fn the_side_not_to_move_may_be_in_check_k8() {
    let v = orthodox();
    let mut setup = kings(&v);
    setup.pieces.push((square(&v, "e4"), piece(&v, 'R')));
    setup.side_to_move = Side::White;
    assert!(Position::from_setup(&v, setup).is_ok());
}

#[test]
fn from_setup_refuses_a_side_without_its_one_royal_piece() {
    let v = orthodox();
    let mut setup = kings(&v);
    setup.pieces.pop();
    assert_eq!(refusal(&v, setup), (PositionErrorKind::Kings, "black has no king".to_string()));
    let mut setup = kings(&v);
    setup.pieces.push((square(&v, "a1"), piece(&v, 'K')));
    assert_eq!(refusal(&v, setup), (PositionErrorKind::Kings, "white has 2 kings".to_string()));
}

#[test]
fn from_setup_refuses_pawns_on_their_first_or_promotion_rank() {
    let v = orthodox();
    for (at, letter) in [("a8", 'P'), ("a1", 'P'), ("h1", 'p')] {
        let mut setup = kings(&v);
        setup.pieces.push((square(&v, at), piece(&v, letter)));
        let (kind, message) = refusal(&v, setup);
        assert_eq!(kind, PositionErrorKind::PawnRank, "{at}");
        assert!(message.ends_with(&format!("cannot stand on {at}")), "{message}");
    }
}

#[test]
fn from_setup_refuses_pieces_off_the_board_or_two_on_one_square() {
    let v = orthodox();
    let off = Square(u16::try_from(v.geometry().square_count()).unwrap());
    let mut setup = kings(&v);
    setup.pieces.push((off, piece(&v, 'Q')));
    assert_eq!(refusal(&v, setup).0, PositionErrorKind::Placement);
    let mut setup = kings(&v);
    setup.pieces.push((square(&v, "e1"), piece(&v, 'Q')));
    assert_eq!(refusal(&v, setup), (PositionErrorKind::Placement, "e1 already holds a piece".to_string()));
}

#[test]
fn from_setup_refuses_token_stacks_the_variant_cannot_have_sp1() {
    let v = orthodox_with(vec![plain_token("hole", '#')], |_| {});
    let hole = |count| TokenStack { kind: 0, count, timer: 0 };
    let c3 = square(&v, "c3");
    for (stacks, expected) in [
        (vec![(c3, hole(0))], "c3: a stack holds at least one token"),
        (vec![(c3, hole(1)), (c3, hole(1))], "c3: two token stacks on one square"),
        (vec![(c3, TokenStack { kind: 1, count: 1, timer: 0 })], "token kind 1 is not a token of this variant"),
    ] {
        let mut setup = kings(&v);
        setup.tokens = stacks;
        assert_eq!(refusal(&v, setup), (PositionErrorKind::Tokens, expected.to_string()));
    }
    let exactly_two = orthodox_with(vec![plain_token("hole", '#')], |spec| {
        spec.tokens[0].layout = LayoutRule::Exactly(2);
        spec.tokens[0].default_squares = vec![SquareRef::new(0, 2, 2), SquareRef::new(0, 5, 2)];
    });
    let mut setup = kings(&exactly_two);
    setup.tokens = vec![(c3, hole(1))];
    assert_eq!(
        refusal(&exactly_two, setup),
        (PositionErrorKind::Tokens, "this variant has exactly 2 holes, the position has 1".to_string())
    );
}

#[test]
fn from_setup_refuses_a_fullmove_number_out_of_range() {
    let v = orthodox();
    for number in [0, holechess_kernel::MAX_FULLMOVE + 1] {
        let mut setup = kings(&v);
        setup.fullmove_number = number;
        assert_eq!(refusal(&v, setup).0, PositionErrorKind::Counters, "{number}");
    }
}

#[test]
fn from_setup_refuses_a_castling_right_without_its_rook() {
    let v = orthodox();
    let mut setup = kings(&v);
    setup.castling[0][0] = Some(square(&v, "h1"));
    assert_eq!(
        refusal(&v, setup.clone()),
        (PositionErrorKind::Castling, "white's short castling right has no white rook to castle with".to_string())
    );
    setup.pieces.push((square(&v, "h1"), piece(&v, 'R')));
    assert!(Position::from_setup(&v, setup.clone()).is_ok());
    // The rook on h1 stands on the short side: it cannot be the long right.
    setup.castling[0] = [None, Some(square(&v, "h1"))];
    assert_eq!(refusal(&v, setup).0, PositionErrorKind::Castling);
}

#[test]
fn from_setup_refuses_an_en_passant_square_no_pawn_just_passed() {
    let v = orthodox();
    let mut setup = kings(&v);
    setup.side_to_move = Side::Black;
    setup.en_passant = vec![square(&v, "e3")];
    assert_eq!(
        refusal(&v, setup.clone()),
        (
            PositionErrorKind::EnPassant,
            "en-passant square e3 is impossible: no white pawn can just have passed it".to_string()
        )
    );
    setup.pieces.push((square(&v, "e4"), piece(&v, 'P')));
    let position = Position::from_setup(&v, setup.clone()).unwrap();
    assert_eq!(position.en_passant().map(|ep| ep.victim), Some(square(&v, "e4")));
    setup.en_passant.push(square(&v, "d3"));
    assert_eq!(refusal(&v, setup).0, PositionErrorKind::EnPassant);
}

#[test]
fn from_setup_refuses_turn_state_on_one_board() {
    let v = orthodox();
    let mut setup = kings(&v);
    setup.obliged = [true, false];
    assert_eq!(refusal(&v, setup).0, PositionErrorKind::TurnState);
}

#[test]
fn a_fen_is_read_into_a_setup_before_it_is_checked() {
    let v = orthodox();
    // Readable, but not a position: the setup holds it, the check refuses it.
    let setup = Setup::from_fen(&v, "4k3/8/8/8/8/8/8/4K2P w - - 0 1").unwrap();
    assert_eq!(setup.pieces.len(), 3);
    assert_eq!(refusal(&v, setup).0, PositionErrorKind::PawnRank);
    let error = Position::from_fen(&v, "4k3/8/8/8/8/8/8/4K2P w - - 0 1").unwrap_err();
    assert_eq!(error.message, "a white pawn cannot stand on h1");
    // Unreadable text is refused by the reading itself.
    assert_eq!(Setup::from_fen(&v, "4k3/8/8/8/8/8/8/4K3 w - - 0 x").unwrap_err().kind, PositionErrorKind::Counters);
}

#[test]
fn tokens_may_lie_under_pieces_k8() {
    // K8 makes no exception for a token that removes the piece where it appears (PT2).
    let pit = holechess_kernel::spec::TokenSpec { removes_occupant: true, ..plain_token("pit", '%') };
    let v = orthodox_with(vec![pit], |_| {});
    let position = Position::from_fen(&v, "4k3/8/8/8/4N3/8/8/4K3 w - - 0 1 pit=e4").unwrap();
    let again = Position::from_setup(&v, position.to_setup()).unwrap();
    assert_eq!(again.fen(), "4k3/8/8/8/4N3/8/8/4K3 w - - 0 1 pit=e4");
}
