//! The library's edges, shakmaty style. `Position::play` checks a move
//! beside the unchecked `play_unchecked`; `notation::san` never panics on an illegal move (`try_san`
//! says why); kernel errors carry kinds a program can match on; a `Setup` becomes a `Position` only
//! through `Position::from_setup`, which accepts every position a game reaches.

use std::sync::Arc;

use holechess_kernel::notation::{parse_move, san, try_san, ILLEGAL_SAN};
use holechess_kernel::{Move, PlayError, Position, PositionErrorKind, SpecErrorKind, Square, Variant, MAX_BOARDS};

mod common;

#[test]
fn play_refuses_an_illegal_move_and_leaves_the_position_alone() {
    let rules = common::rules("porthole");
    let mut pos = rules.start_position();
    let before = pos.fen();
    let empty_square = Move::Normal { from: Square(20), to: Square(28), promotion: None };
    assert_eq!(pos.play(empty_square), Err(PlayError::Illegal(empty_square)));
    let far_away = Move::Normal { from: Square(9_000), to: Square(9_001), promotion: Some(200) };
    assert!(pos.play(far_away).is_err());
    assert_eq!(pos.fen(), before);
    let e4 = parse_move(&pos, "e4").unwrap();
    assert_eq!(pos.play(e4), Ok(()));
    assert_ne!(pos.fen(), before);
}

#[test]
fn san_of_an_illegal_move_is_marked_not_a_panic() {
    for id in ["chess", "porthole", "portal"] {
        let pos = common::rules(id).start_position();
        let moves = [
            Move::Normal { from: Square(27), to: Square(35), promotion: None },
            Move::Normal { from: Square(9_000), to: Square(0), promotion: Some(99) },
            Move::Transit { from: Square(1), entry: Square(18), exit: Square(63), promotion: None },
            Move::Castle { king: Square(4), rook: Square(7) },
            Move::Teleport { from: Square(24), to: Square(88) },
        ];
        for mv in moves {
            assert_eq!(san(&pos, mv), ILLEGAL_SAN, "{id}: {mv:?}");
            assert_eq!(try_san(&pos, mv), Err(PlayError::Illegal(mv)));
        }
        let legal = pos.legal_moves().as_slice()[0];
        assert_eq!(try_san(&pos, legal), Ok(san(&pos, legal)));
    }
}

#[test]
fn k8_position_errors_say_which_part_is_wrong() {
    let rules = common::rules("porthole");
    let variant = rules.variant();
    let cases = [
        ("4k3/8/8/8/8/8/8/4K3 w - - 0 1 porthole=c3*300", PositionErrorKind::Tokens),
        ("4k3/8/8/8/8/8/8/4K3 w - - 0 1 porthole=c3*200,c3*200", PositionErrorKind::Tokens),
        ("8/8/8/8/8/8/8/4K3 w - - 0 1", PositionErrorKind::Kings),
        ("4k3/8/8/8/8/8/8/4K3 x - - 0 1", PositionErrorKind::Fields),
        ("4k3/8/8/8/8/8/4K3 w - - 0 1", PositionErrorKind::Placement),
        ("4k3/8/8/8/8/8/8/4K3 w - e9 0 1", PositionErrorKind::EnPassant),
    ];
    for (fen, kind) in cases {
        let error = Position::from_fen(variant, fen).expect_err(fen);
        assert_eq!(error.kind, kind, "{fen}: {error}");
    }
    let stack = Position::from_fen(variant, "4k3/8/8/8/8/8/8/4K3 w - - 0 1 porthole=c3*200,c3*200").unwrap_err();
    assert!(stack.message.contains("at most 255 tokens"), "{stack}");
}

#[test]
fn a_spec_with_too_many_boards_is_a_too_large_error_before_any_table_is_built() {
    let mut spec = holechess_lang::load("chess").unwrap().spec;
    spec.board.names = (0..=MAX_BOARDS).map(|i| format!("B{i}")).collect();
    let errors = Variant::compile(spec.clone()).expect_err("too many boards");
    assert!(errors.iter().any(|e| e.kind == SpecErrorKind::TooLarge), "{errors:?}");
    spec.board.names = (0..5000).map(|i| format!("B{i}")).collect();
    spec.board.files = 16;
    spec.board.ranks = 16;
    let errors = Variant::compile(spec).expect_err("5000 boards of 16x16");
    assert!(errors.iter().any(|e| e.kind == SpecErrorKind::TooLarge && e.message.contains("5000 boards")));
}

/// The README's library example: a `Setup` read from a FEN becomes a `Position` only through
/// `Position::from_setup`, which names what cannot occur.
#[test]
fn a_setup_becomes_a_position_only_through_its_check() {
    use holechess_kernel::Setup;
    let loaded = holechess_lang::load("chess").expect("a bundled variant");
    let setup = Setup::from_fen(&loaded.variant, "4k3/8/8/8/8/8/8/4K2P w - -").expect("readable");
    let refused = Position::from_setup(&loaded.variant, setup).unwrap_err();
    assert_eq!(refused.to_string(), "a white pawn cannot stand on h1");
    assert_eq!(refused.kind, PositionErrorKind::PawnRank);
    // Every bundled variant's start position reads back from its setup unchanged.
    for info in holechess_lang::bundled() {
        let variant = holechess_lang::load(&info.id).expect("a bundled variant").variant;
        let start = Position::start(&variant);
        let again = Position::from_setup(&variant, start.to_setup()).expect("the start can occur");
        assert_eq!(again, start, "{}", info.id);
    }
}

/// K8: every position a game reaches is one `from_setup` accepts, and its setup reads back to
/// the same position (same FEN, and the same hash but where a piece with a first-move pattern
/// moved back to a square the notation reads as unmoved): seeded random games of every
/// bundled variant and every example, dice, special moves and two-board turn state included.
#[test]
fn every_reached_position_reads_back_from_its_setup_k8() {
    use holechess_runtime::Game;
    use holechess_testkit::XorShift;
    let examples = std::fs::read_dir(concat!(env!("CARGO_MANIFEST_DIR"), "/examples")).expect("the examples");
    let mut scripts: Vec<String> = examples
        .map(|entry| entry.expect("a file").path().to_string_lossy().into_owned())
        .filter(|path| path.ends_with(".hole"))
        .collect();
    scripts.sort();
    scripts.extend(holechess_lang::bundled().into_iter().map(|info| info.id));
    for id in scripts {
        let rules = holechess_runtime::PlayableVariant::load(&id).expect("a variant");
        for seed in 1..=4u64 {
            let mut game = Game::seeded(Arc::clone(&rules), seed);
            let mut picker = XorShift(seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1);
            for _ in 0..80 {
                let pos = game.position();
                let again = Position::from_setup(pos.variant(), pos.to_setup())
                    .unwrap_or_else(|e| panic!("{id}: {} refused: {e}", pos.fen()));
                assert_eq!(again.fen(), pos.fen(), "{id}");
                let rights_lost = common::moved_first_mover_read_unmoved(pos, &again);
                assert_eq!(again.hash() != pos.hash(), rights_lost, "{id}: {} (PH11, K8)", pos.fen());
                if game.status().is_over() {
                    break;
                }
                let legal = pos.legal_moves();
                let mv = legal.as_slice()[picker.pick(legal.len())];
                game.play(mv).unwrap_or_else(|e| panic!("{id}: {e}"));
            }
        }
    }
}
