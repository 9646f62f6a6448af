//! The fast path of move generation (one 64-bit board, bit boards and magic sliding attacks)
//! against the general path, on every position of the perft fixtures and along seeded random
//! games from them: the same legal moves in the same order from `generate_legal`, the same
//! set from the fast generator on its own, and the same perft counts. Variants with holes
//! take the fast path while no token lies on the board, so their own rules are compared too.

use std::path::PathBuf;
use std::sync::Arc;

use holechess_kernel::perft::perft;
use holechess_kernel::{Move, MoveList, Position, Variant};
use holechess_testkit::XorShift;

fn fixture(name: &str) -> String {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/perft").join(name);
    std::fs::read_to_string(path).expect("perft fixture")
}

/// The FENs of every perft fixture.
fn fixture_fens() -> Vec<String> {
    let mut fens = Vec::new();
    for name in ["perftsuite.epd", "cpw-perft-results.epd", "peterellisjones-gist.epd"] {
        let text = fixture(name);
        let lines = text.lines().map(str::trim).filter(|l| !l.is_empty() && !l.starts_with('#'));
        fens.extend(lines.map(|l| l.split(';').next().unwrap().trim().to_string()));
    }
    for name in ["tricky.perft", "chess960-first-120.perft"] {
        fens.extend(fixture(name).lines().filter_map(|l| l.trim().strip_prefix("epd ").map(str::to_string)));
    }
    fens
}

fn variant(name: &str) -> Arc<Variant> {
    holechess_lang::load(name).unwrap_or_else(|e| panic!("{name}: {e:?}")).variant
}

fn sorted(moves: impl IntoIterator<Item = Move>) -> Vec<String> {
    let mut v: Vec<String> = moves.into_iter().map(|m| format!("{m:?}")).collect();
    v.sort();
    v
}

/// Both paths agree on `pos`: `generate_legal` gives the general list in its order, and the
/// fast generator the same set.
fn assert_paths_agree(pos: &Position, context: &str) {
    assert!(pos.uses_fast_path(), "{context}: the fast path should serve this position");
    let general = pos.general_legal_moves();
    let mut list = MoveList::new();
    pos.clone().generate_legal(&mut list);
    assert_eq!(list.as_slice(), general.as_slice(), "{context}: generate_legal differs from the general path");
    let fast = pos.fast_legal_moves().expect("qualifies");
    assert_eq!(sorted(fast), sorted(general.iter().copied()), "{context}: the fast generator differs");
}

/// Perft through the general path only.
fn general_perft(pos: &mut Position, depth: u32) -> u64 {
    let moves = pos.general_legal_moves();
    if depth == 1 {
        return moves.len() as u64;
    }
    let mut n = 0;
    for &mv in moves.iter() {
        let undo = pos.make(mv);
        n += general_perft(pos, depth - 1);
        pos.unmake(undo);
    }
    n
}

/// A seeded game of up to `plies` random moves from `pos`, the paths compared at every ply.
fn random_game(mut pos: Position, seed: u64, plies: usize, context: &str) -> usize {
    let mut picker = XorShift(seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1);
    for ply in 0..plies {
        assert_paths_agree(&pos, &format!("{context}, ply {ply} ({})", pos.fen()));
        let moves = pos.legal_moves();
        if moves.is_empty() {
            return ply;
        }
        pos.play(moves.as_slice()[picker.pick(moves.len())]);
    }
    plies
}

#[test]
fn both_paths_give_the_same_moves_on_every_fixture_position() {
    let chess = variant("chess");
    let fens = fixture_fens();
    assert!(fens.len() > 150, "all fixtures read ({})", fens.len());
    for fen in &fens {
        let pos = Position::from_fen(&chess, fen).unwrap_or_else(|e| panic!("{fen}: {e}"));
        assert_paths_agree(&pos, fen);
    }
}

#[test]
fn both_paths_agree_along_random_games_from_every_fixture_position() {
    let chess = variant("chess");
    let mut plies = 0;
    for (i, fen) in fixture_fens().iter().enumerate() {
        let pos = Position::from_fen(&chess, fen).unwrap();
        for seed in 0..3 {
            plies += random_game(pos.clone(), (i * 3 + seed) as u64, 60, fen);
        }
    }
    assert!(plies > 10_000, "{plies} plies compared");
}

#[test]
fn both_paths_count_the_same_perft_on_tricky_positions() {
    let chess = variant("chess");
    let fens = [
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
        "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
        "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
        "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8",
        "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9",
    ];
    for fen in fens {
        let mut pos = Position::from_fen(&chess, fen).unwrap();
        for depth in 1..=3 {
            assert_eq!(perft(&mut pos, depth), general_perft(&mut pos.clone(), depth), "{fen} depth {depth}");
        }
    }
}

#[test]
fn hole_variants_without_tokens_on_the_board_take_the_fast_path_with_their_own_rules() {
    let start = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 -";
    for name in ["porthole", "pothole", "wormhole"] {
        let v = variant(name);
        let pos = Position::from_fen(&v, start).unwrap_or_else(|e| panic!("{name}: {e}"));
        for seed in 0..20 {
            random_game(pos.clone(), seed, 120, name);
        }
        let mut probe = pos.clone();
        assert_eq!(perft(&mut probe, 3), general_perft(&mut pos.clone(), 3), "{name}");
    }
}

#[test]
fn positions_with_tokens_or_two_boards_keep_the_general_path() {
    for name in ["porthole", "standard-portal", "portal", "portal-one-set"] {
        let v = variant(name);
        assert!(!Position::start(&v).uses_fast_path(), "{name} start");
    }
    let pothole = variant("pothole");
    let holed = Position::from_fen(&pothole, "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 pothole=e4(2)");
    assert!(!holed.unwrap().uses_fast_path());
    assert!(Position::start(&pothole).uses_fast_path());
}
