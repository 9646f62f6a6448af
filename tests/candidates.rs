//! Resolving a move from its candidates only (the moves its notation can name) gives the
//! same answer as resolving it against every legal move: every legal move, written in SAN
//! and in long algebraic, is found again along seeded random games of the variants with
//! and without holes (fast path, general path with tokens, warped movement, two-board
//! turns); a move that is
//! not legal is left unresolved with every legal move generated, for the explanation; no
//! candidate generated is ever an illegal move.

use std::sync::Arc;

use holechess_kernel::notation::{lan, resolve, resolve_candidates, san, Candidates, Notation, Resolved};
use holechess_kernel::{MoveList, Position, Variant};
use holechess_testkit::XorShift;

fn variant(name: &str) -> Arc<Variant> {
    holechess_lang::load(name).unwrap_or_else(|e| panic!("{name}: {e:?}")).variant
}

/// Every legal move of `pos`, in both notations, resolves from its candidates to itself.
fn assert_every_move_resolves(pos: &Position) {
    let legal = pos.legal_moves();
    let mut scratch = MoveList::new();
    for &mv in legal.iter() {
        for text in [san(pos, mv), lan(pos, mv)] {
            let notation = Notation::parse(&text).unwrap_or_else(|e| panic!("{text}: {e:?}"));
            let expected = match resolve(pos, &legal, &notation) {
                Resolved::One(found) => Some(found),
                _ => None,
            };
            let got = match resolve_candidates(&mut pos.clone(), &notation, &mut scratch) {
                Candidates::One(found) => Some(found),
                Candidates::Unresolved => None,
            };
            let stray = scratch.iter().find(|&m| !legal.contains(m));
            assert!(stray.is_none(), "{text}: candidate {stray:?} is not legal in {}", pos.fen());
            assert_eq!(got, expected, "{text} in {}", pos.fen());
        }
    }
}

fn random_games(name: &str, fen: Option<&str>, games: u64, plies: usize) {
    let v = variant(name);
    for seed in 1..=games {
        let mut pos = fen.map_or_else(|| Position::start(&v), |f| Position::from_fen(&v, f).unwrap());
        let mut picker = XorShift(seed.wrapping_mul(0x9E37_79B9_7F4A_7C15));
        for _ in 0..plies {
            assert_every_move_resolves(&pos);
            let legal = pos.legal_moves();
            if legal.is_empty() {
                break;
            }
            pos.play_unchecked(legal.as_slice()[picker.pick(legal.len())]);
        }
    }
}

#[test]
fn orthodox_moves_resolve_from_their_candidates() {
    random_games("chess", None, 6, 80);
    random_games("chess", Some("r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1"), 3, 40);
    random_games("chess", Some("bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9"), 3, 40);
}

#[test]
fn moves_with_tokens_on_the_board_resolve_from_their_candidates() {
    random_games("porthole", None, 4, 60);
    random_games("standard-portal", None, 4, 60);
    random_games(
        "wormhole",
        Some("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 wormhole=c3,f3,a5,h4,d6,e5"),
        2,
        40,
    );
}

#[test]
fn hp2_moves_of_two_board_turns_resolve_from_their_candidates() {
    // Boards that letter their files apart (portal-one-set) are read per board by the
    // caller's full resolution, not from candidates.
    random_games("portal", None, 6, 80);
}

/// The number of moves left in the scratch list after resolving `text` in `pos`, which must
/// name one legal move.
fn candidates_left(pos: &Position, text: &str) -> usize {
    let mut scratch = MoveList::new();
    let notation = Notation::parse(text).unwrap();
    assert!(matches!(resolve_candidates(&mut pos.clone(), &notation, &mut scratch), Candidates::One(_)), "{text}");
    scratch.len()
}

#[test]
fn wh_hp2_a_named_move_is_found_without_judging_every_legal_move() {
    // WH: on a warped board only the pieces the notation names are generated and judged.
    let v = variant("wormhole");
    let fen = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 wormhole=c3,f3,a5,h4,d6,e5";
    let pos = Position::from_fen(&v, fen).unwrap();
    assert!(pos.legal_moves().len() > 10);
    assert_eq!(candidates_left(&pos, "Nh3"), 1);
    assert_eq!(candidates_left(&pos, "e4"), 1);
    // HP2: in a two-board turn, likewise on the board the side plays.
    let pos = Position::start(&variant("portal"));
    assert!(pos.legal_moves().len() > 10);
    assert_eq!(candidates_left(&pos, "Nf3"), 1);
    assert_eq!(candidates_left(&pos, "d4"), 1);
}

#[test]
fn an_illegal_move_is_unresolved_with_every_legal_move_generated() {
    let v = variant("chess");
    let mut pos = Position::start(&v);
    let mut scratch = MoveList::new();
    for text in ["e5", "Nd4", "O-O", "Ke2", "e2e5"] {
        let notation = Notation::parse(text).unwrap();
        assert!(matches!(resolve_candidates(&mut pos, &notation, &mut scratch), Candidates::Unresolved), "{text}");
        assert_eq!(scratch.len(), 20, "{text}: every legal move is left for the explanation");
    }
}
