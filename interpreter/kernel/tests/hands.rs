//! Hands and drops in the kernel: captured pieces going to the hand (demoted when promoted,
//! or kept as they are), drops and their rank limits, drops onto token squares, the hands in
//! the position notation and in the hash, drop notation, and the spec check.

use std::sync::Arc;

use holechess_kernel::notation::{lan, parse_move, san, NotationError};
use holechess_kernel::perft::perft;
use holechess_kernel::spec::{Entry, HandSpec, Stacking, TokenMovement};
use holechess_kernel::{Move, Position, Side, Variant};
use holechess_testkit::{orthodox_spec, plain_token, transit_token};

const PAWN: u8 = 0;
const KNIGHT: u8 = 1;
const QUEEN: u8 = 4;

/// Crazyhouse as a spec: captures go to the hand, promoted pieces return as pawns, pawns
/// drop on ranks 2 to 7.
fn crazyhouse_hands() -> HandSpec {
    HandSpec {
        drops: true,
        captures_to_hand: true,
        demote_promoted: true,
        drop_ranks: vec![(PAWN, 0b0111_1110)],
        one_per_file: Vec::new(),
        must_drop: Vec::new(),
        opposite_colours: Vec::new(),
        castling_drops: false,
        enclosing: holechess_kernel::spec::EnclosingSpec::default(),
        unlimited: false,
        file_limits: Vec::new(),
        drop_promoted: false,
    }
}

fn with_hands(hands: HandSpec) -> Arc<Variant> {
    let mut spec = orthodox_spec();
    spec.setup.fen = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[] w KQkq - 0 1".into();
    spec.hands = hands;
    Arc::new(Variant::compile(spec).expect("the crazyhouse spec compiles"))
}

fn crazyhouse() -> Arc<Variant> {
    with_hands(crazyhouse_hands())
}

fn at(pos: &Position, name: &str) -> holechess_kernel::Square {
    pos.geometry().parse_square(name, 0).unwrap()
}

#[test]
fn crazyhouse_perft_counts_match_fairy_stockfish_perft_sh() {
    let v = crazyhouse();
    for (fen, depth, count) in [
        ("2k5/8/8/8/8/8/8/4K3[QRBNPqrbnp] w - - 0 1", 2, 75_353),
        ("2k5/8/8/8/8/8/8/4K3[Qn] w - - 0 1", 3, 88_634),
        ("r1bqk2r/pppp1ppp/2n1p3/4P3/1b1Pn3/2NB1N2/PPP2PPP/R1BQK2R[] b KQkq - 0 1", 3, 58_057),
    ] {
        let mut pos = Position::from_fen(&v, fen).unwrap();
        assert_eq!(perft(&mut pos, depth), count, "{fen}");
    }
}

#[test]
fn a_captured_piece_goes_to_the_capturers_hand_and_back_on_unmake() {
    let v = crazyhouse();
    let mut pos = Position::from_fen(&v, "4k3/8/8/3n4/4P3/8/8/4K3[] w - - 0 1").unwrap();
    let capture = parse_move(&pos, "exd5").unwrap();
    let before = pos.clone();
    let undo = pos.make(capture);
    assert_eq!(pos.hand_count(Side::White, KNIGHT), 1);
    assert!(pos.fen().starts_with("4k3/8/8/3P4/8/8/8/4K3[N] b"), "{}", pos.fen());
    assert_eq!(pos.hash(), pos.computed_hash(), "the hand is in the hash");
    pos.unmake(undo);
    assert_eq!(pos, before);
    assert_eq!(pos.hand_count(Side::White, KNIGHT), 0);
}

#[test]
fn a_captured_promoted_piece_returns_to_the_hand_as_a_pawn() {
    let v = crazyhouse();
    let mut pos = Position::from_fen(&v, "3Q~k3/8/8/8/8/8/8/4K3[] b - - 0 1").unwrap();
    assert!(pos.is_promoted(at(&pos, "d8")));
    assert!(pos.fen().starts_with("3Q~k3/"), "the mark is written back: {}", pos.fen());
    pos.play(parse_move(&pos, "Kxd8").unwrap()).unwrap();
    assert_eq!(pos.hand_count(Side::Black, PAWN), 1);
    assert_eq!(pos.hand_count(Side::Black, QUEEN), 0);
}

#[test]
fn a_pawn_promoting_carries_the_mark_and_loses_it_when_captured() {
    let v = crazyhouse();
    let mut pos = Position::from_fen(&v, "1r2k3/P7/8/8/8/8/8/4K3[] w - - 0 1").unwrap();
    pos.play(parse_move(&pos, "axb8=Q").unwrap()).unwrap();
    assert!(pos.is_promoted(at(&pos, "b8")));
    assert_eq!(pos.hand_count(Side::White, 3), 1, "the rook captured goes to White's hand");
    let mut after = pos.clone();
    let undo = after.make(parse_move(&after, "Kd7").unwrap());
    after.unmake(undo);
    assert_eq!(after, pos);
}

#[test]
fn without_demotion_a_captured_promoted_piece_keeps_its_kind() {
    let v = with_hands(HandSpec { demote_promoted: false, ..crazyhouse_hands() });
    let mut pos = Position::from_fen(&v, "3Qk3/8/8/8/8/8/8/4K3[] b - - 0 1").unwrap();
    pos.play(parse_move(&pos, "Kxd8").unwrap()).unwrap();
    assert_eq!(pos.hand_count(Side::Black, QUEEN), 1);
}

#[test]
fn the_hand_reads_in_both_forms_and_is_written_in_brackets() {
    let v = crazyhouse();
    let bracket = Position::from_fen(&v, "2k5/8/8/8/8/8/8/4K3[Qn] w - - 0 1").unwrap();
    let slash = Position::from_fen(&v, "2k5/8/8/8/8/8/8/4K3/Qn w - - 0 1").unwrap();
    assert_eq!(bracket, slash);
    assert_eq!(bracket.fen(), "2k5/8/8/8/8/8/8/4K3[Qn] w - - 0 1");
    assert_eq!(bracket.hand_count(Side::White, QUEEN), 1);
    assert_eq!(bracket.hand_count(Side::Black, KNIGHT), 1);
    assert!(Position::start(&v).fen().starts_with("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[] w"));
}

#[test]
fn a_malformed_or_foreign_hand_is_refused_with_the_reason() {
    let v = crazyhouse();
    let err = Position::from_fen(&v, "2k5/8/8/8/8/8/8/4K3[Qx] w - - 0 1").unwrap_err();
    assert!(err.to_string().contains("'x' in the hand"), "{err}");
    let err = Position::from_fen(&v, "2k5/8/8/8/8/8/8/4K3[Qn w - - 0 1").unwrap_err();
    assert!(err.to_string().contains("']'"), "{err}");
    let chess = holechess_testkit::orthodox();
    let err = Position::from_fen(&chess, "2k5/8/8/8/8/8/8/4K3[Q] w - - 0 1").unwrap_err();
    assert!(err.to_string().contains("no hands"), "{err}");
}

#[test]
fn the_hash_tells_hands_apart() {
    let v = crazyhouse();
    let empty = Position::from_fen(&v, "2k5/8/8/8/8/8/8/4K3[] w - - 0 1").unwrap();
    let queen = Position::from_fen(&v, "2k5/8/8/8/8/8/8/4K3[Q] w - - 0 1").unwrap();
    let black_queen = Position::from_fen(&v, "2k5/8/8/8/8/8/8/4K3[q] w - - 0 1").unwrap();
    let two = Position::from_fen(&v, "2k5/8/8/8/8/8/8/4K3[QQ] w - - 0 1").unwrap();
    let hashes = [empty.hash(), queen.hash(), black_queen.hash(), two.hash()];
    for (i, a) in hashes.iter().enumerate() {
        assert!(hashes[i + 1..].iter().all(|b| b != a), "{hashes:?}");
    }
    assert_eq!(queen.hash(), queen.computed_hash());
}

#[test]
fn drops_go_to_every_empty_square_and_pawns_not_to_the_first_or_last_rank() {
    let v = crazyhouse();
    let pos = Position::from_fen(&v, "2k5/8/8/8/8/8/8/4K3[NP] w - - 0 1").unwrap();
    let drops =
        |kind: u8| pos.legal_moves().iter().filter(|m| matches!(m, Move::Drop { piece, .. } if *piece == kind)).count();
    assert_eq!(drops(KNIGHT), 62);
    assert_eq!(drops(PAWN), 48, "ranks 2 to 7 only");
}

#[test]
fn in_check_only_the_drops_that_block_are_legal() {
    let v = crazyhouse();
    let pos = Position::from_fen(&v, "4k3/8/8/8/8/8/8/r3K3[N] w - - 0 1").unwrap();
    let mut blocks: Vec<String> =
        pos.legal_moves().iter().filter(|m| matches!(m, Move::Drop { .. })).map(|&m| lan(&pos, m)).collect();
    blocks.sort();
    assert_eq!(blocks, ["N@b1", "N@c1", "N@d1"]);
}

#[test]
fn a_drop_is_written_and_read_as_piece_at_square() {
    let v = crazyhouse();
    let pos = Position::from_fen(&v, "4k3/8/8/8/8/8/8/4K3[N] w - - 0 1").unwrap();
    let drop = parse_move(&pos, "N@f6").unwrap();
    assert_eq!(drop, Move::Drop { piece: KNIGHT, to: at(&pos, "f6") });
    assert_eq!(parse_move(&pos, "n@f6").unwrap(), drop, "the letter in either case");
    assert_eq!(lan(&pos, drop), "N@f6");
    assert_eq!(san(&pos, drop), "N@f6+");
    match parse_move(&pos, "Q@f6") {
        Err(NotationError::Illegal(_)) => {}
        other => panic!("{other:?}"),
    }
    let legal = pos.legal_moves();
    let notation = holechess_kernel::notation::Notation::parse("Q@f6").unwrap();
    let why = holechess_kernel::notation::explain_illegal(&pos, &legal, &notation);
    assert!(why.contains("no queen in hand"), "{why}");
}

#[test]
fn a_drop_never_lands_on_a_hole_or_enters_a_porthole_but_lands_on_a_blocker() {
    let hole = holechess_kernel::spec::TokenSpec { movement: TokenMovement::Impassable, ..plain_token("hole", '*') };
    let blocker = holechess_kernel::spec::TokenSpec { movement: TokenMovement::Blocks, ..plain_token("block", '#') };
    let porthole = transit_token(Entry::CaptureMove, Stacking::Dormant);
    let mut spec = orthodox_spec();
    spec.tokens = vec![hole, blocker, porthole];
    spec.setup.fen = "4k3/8/8/8/8/8/8/4K3[] w - - 0 1".into();
    spec.hands = crazyhouse_hands();
    let v = Arc::new(Variant::compile(spec).map_err(|e| format!("{e:?}")).unwrap());
    let pos = Position::from_fen(&v, "4k3/8/8/8/8/8/8/4K3[N] w - - 0 1 hole=c3;block=d3;gate=e3,f3").unwrap();
    let targets: Vec<String> = pos
        .legal_moves()
        .iter()
        .filter_map(|&m| match m {
            Move::Drop { to, .. } => Some(pos.geometry().name(to)),
            _ => None,
        })
        .filter(|name| name.ends_with('3'))
        .collect();
    assert_eq!(targets, ["a3", "b3", "d3", "g3", "h3"]);
}

#[test]
fn hands_on_two_boards_are_refused_by_the_spec_check() {
    let mut spec = orthodox_spec();
    spec.board.names = vec!["A".into(), "B".into()];
    spec.schedule = holechess_kernel::spec::Schedule::SwitchBoards;
    spec.hands = crazyhouse_hands();
    let errors = Variant::compile(spec).unwrap_err();
    assert!(errors.iter().any(|e| e.message.contains("hands and drops need one board")), "{errors:?}");
}

#[test]
fn drop_ranks_of_no_rank_on_the_board_are_refused() {
    let mut spec = orthodox_spec();
    spec.hands = HandSpec { drop_ranks: vec![(PAWN, 1 << 12)], ..crazyhouse_hands() };
    let errors = Variant::compile(spec).unwrap_err();
    assert!(errors.iter().any(|e| e.message.contains("dropped on no rank")), "{errors:?}");
}
