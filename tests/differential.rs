//! The engine's legal moves equal the reference generator's
//! (`tests/reference`: slow, obvious, written from the rules) at every node of small perft
//! trees, for every hole behaviour of `stdlib/hole-mechanics.hole` alone and for every pair
//! of them on one board, on positions reached by seeded random play.

mod common;
mod reference;

use std::collections::BTreeSet;
use std::sync::Arc;

use holechess_kernel::notation::lan;
use holechess_kernel::testing::RawEdits;
use holechess_kernel::{Position, Square, Variant};
use reference::MoveKey;

/// The behaviours of the hole mechanics, and two more token kinds written with clauses, with
/// a symbol for each token kind.
const BEHAVIOURS: [(&str, char); 6] = [
    ("transit-on-capture", '*'),
    ("transit-on-any-move", '@'),
    ("pit", '%'),
    ("tunnel-square", '~'),
    ("wall", '+'),
    ("open-transit", '^'),
];

/// Orthodox chess with one token kind per behaviour given (`wall`: a token that only blocks;
/// `open-transit`: lines pass over it, and a capture-move onto it may transit).
fn variant(behaviours: &[(&str, char)]) -> Arc<Variant> {
    variant_with(behaviours, "")
}

/// [`variant`] with more script (a links block) at the end.
fn variant_with(behaviours: &[(&str, char)], extra: &str) -> Arc<Variant> {
    let mut script = String::from("variant \"Mix\"\n  id mix\nextends chess\ninclude hole-mechanics\n");
    for (i, (behaviour, symbol)) in behaviours.iter().enumerate() {
        let clause = match *behaviour {
            "wall" => "blocks movement".to_string(),
            "open-transit" => {
                "open to movement\n  entered by capture-move\n  exit through another open one".to_string()
            }
            _ => format!("behaves as {behaviour}"),
        };
        script.push_str(&format!("token t{i}\n  {clause}\n  shown as {symbol}\n"));
    }
    script.push_str(extra);
    match holechess_lang::load_str("mix.hole", &script) {
        Ok(loaded) => loaded.variant,
        Err(e) => panic!("{script}\n{e}"),
    }
}

/// A small seeded generator (xorshift).
struct Rng(u64);

impl Rng {
    fn below(&mut self, n: usize) -> usize {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        (self.0.wrapping_mul(0x2545_F491_4F6C_DD1D) % n as u64) as usize
    }
}

/// The orthodox start position with 3-6 tokens of each kind on random empty squares, then
/// `plies` random legal moves, a random token event after about one in three.
fn random_position(variant: &Arc<Variant>, seed: u64, plies: usize) -> Position {
    let start = Position::from_fen(variant, "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 -").unwrap();
    random_position_from(start, seed, plies)
}

/// [`random_position`] from a given start.
fn random_position_from(mut pos: Position, seed: u64, plies: usize) -> Position {
    let variant = Arc::clone(pos.variant());
    let mut rng = Rng(seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1);
    let empty: Vec<Square> = pos.geometry().squares().filter(|&sq| pos.piece_at(sq).is_none()).collect();
    for kind in 0..variant.tokens().len() as u8 {
        for _ in 0..3 + rng.below(4) {
            let sq = empty[rng.below(empty.len())];
            if pos.tokens_at(sq).is_none() {
                pos.add_token(sq, kind);
            }
        }
    }
    for _ in 0..plies {
        let moves = pos.legal_moves();
        if moves.is_empty() {
            break;
        }
        pos.play_unchecked(moves.as_slice()[rng.below(moves.len())]);
        if rng.below(3) == 0 {
            random_event(&mut pos, &mut rng);
        }
    }
    pos
}

/// What a dice hook might do after a move: a token of a random kind appears on a random
/// square that holds no royal piece (under a piece too: dormant, or taking it where the kind
/// says so), stacking on one of its kind.
fn random_event(pos: &mut Position, rng: &mut Rng) {
    let variant = Arc::clone(pos.variant());
    if variant.tokens().is_empty() {
        return;
    }
    let kind = rng.below(variant.tokens().len()) as u8;
    let squares: Vec<Square> = pos.geometry().squares().collect();
    let sq = squares[rng.below(squares.len())];
    if pos.piece_at(sq).is_some_and(|p| variant.is_royal(p.kind)) {
        return;
    }
    if variant.effects(kind).removes_occupant {
        pos.remove_piece(sq);
    }
    pos.add_token(sq, kind);
}

fn names(pos: &Position, moves: impl IntoIterator<Item = MoveKey>) -> Vec<String> {
    let mut v: Vec<String> = moves.into_iter().map(|m| lan(pos, m.0)).collect();
    v.sort();
    v
}

/// Perft to `depth`, comparing the engine's moves with the reference's at every node.
fn differential_perft(pos: &mut Position, depth: u32) -> u64 {
    let engine: Vec<MoveKey> = pos.legal_moves().iter().map(|&m| MoveKey(m)).collect();
    let engine_set: BTreeSet<MoveKey> = engine.iter().copied().collect();
    assert_eq!(engine.len(), engine_set.len(), "a move twice in {}", pos.fen());
    let reference = reference::legal_moves(pos);
    if engine_set != reference {
        let missing: Vec<MoveKey> = reference.difference(&engine_set).copied().collect();
        let extra: Vec<MoveKey> = engine_set.difference(&reference).copied().collect();
        panic!(
            "engine and reference differ in {}\n  missing (reference only): {:?}\n  extra (engine only): {:?}",
            pos.fen(),
            names(pos, missing),
            names(pos, extra)
        );
    }
    if depth <= 1 {
        return engine.len() as u64;
    }
    let mut nodes = 0;
    for MoveKey(mv) in engine {
        let undo = pos.make(mv);
        nodes += differential_perft(pos, depth - 1);
        pos.unmake(undo);
    }
    nodes
}

fn check_mix(behaviours: &[(&str, char)], seeds: std::ops::Range<u64>) {
    check_variant(&variant(behaviours), seeds);
}

fn check_variant(variant: &Arc<Variant>, seeds: std::ops::Range<u64>) {
    for seed in seeds {
        for plies in [6, 14] {
            let mut pos = random_position(variant, seed, plies);
            let nodes = differential_perft(&mut pos, 2);
            assert_eq!(nodes, holechess_kernel::perft::perft(&mut pos, 2), "{}", pos.fen());
        }
    }
}

#[test]
fn every_behaviour_alone_matches_the_reference() {
    for behaviour in BEHAVIOURS {
        check_mix(&[behaviour], 0..3);
    }
}

#[test]
fn every_pair_of_behaviours_matches_the_reference() {
    for (i, a) in BEHAVIOURS.iter().enumerate() {
        for b in &BEHAVIOURS[i + 1..] {
            check_mix(&[*a, *b], 0..2);
        }
    }
}

/// Links within one board, both ways and one way (c6 has two far ends; f3 and c3 are only
/// far ends), entered on landing or on capture.
const LINKS: [&str; 2] = [
    "links\n  a3 = h6\n  h3 = a6\n  c6 -> f3\n  c6 -> c3\n  d4 -> e6\n  entered on landing\n",
    "links\n  a3 = h6\n  h3 = a6\n  c6 -> f3\n  c6 -> c3\n  d4 -> e6\n  entered on capture\n",
];

/// Links within one board alone, and with each behaviour on the board.
#[test]
fn links_alone_and_with_every_behaviour_match_the_reference() {
    for links in LINKS {
        check_variant(&variant_with(&[], links), 0..4);
        for behaviour in BEHAVIOURS {
            check_variant(&variant_with(&[behaviour], links), 0..2);
        }
    }
}

/// Links within one board with the piece and board examples (hoppers, several royal pieces,
/// promotion zones and lost pieces, a cylinder board): the engine agrees with the reference
/// on random positions.
#[test]
fn links_with_the_piece_and_board_examples_match_the_reference() {
    for file in ["grasshopper.hole", "several-kings.hole", "promotion-zones.hole", "lost-pieces.hole", "cylinder.hole"]
    {
        let path = std::path::PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("examples").join(file);
        let text = std::fs::read_to_string(&path).unwrap();
        for links in LINKS {
            let script = format!("{text}\n{links}");
            let variant = holechess_lang::load_str(file, &script).unwrap_or_else(|e| panic!("{file}: {e}")).variant;
            for seed in 0..3 {
                let mut pos = random_position_from(Position::start(&variant), seed, 20);
                differential_perft(&mut pos, 2);
            }
        }
    }
}

/// Hand-made positions where links decide: promotion through a link, a king on a linked
/// square whose far end is taken (not in check) or free (in check), a pawn's double step
/// over a linked square and en passant next to one, a hopper landing on a link.
#[test]
fn link_positions_match_the_reference() {
    for links in LINKS {
        let variant = variant_with(&[], links);
        for fen in [
            "4k3/8/8/8/8/8/8/R3K2R w KQ - 0 1",
            "7k/8/8/8/8/7P/1P6/K7 b - - 0 1",
            "8/2k5/8/8/3K4/8/8/7r w - - 0 1",
            "4k3/6P1/4K3/8/8/8/8/8 w - - 0 1",
            "r3k2r/8/7P/8/8/p7/8/R3K2R w KQkq - 0 1",
            "4k3/8/8/1pP5/8/8/8/4K3 w - b6 0 1",
            "4k3/p7/8/1P6/8/8/8/4K3 b - - 0 1",
            "4k3/8/5q2/8/8/Q7/8/4K3 w - - 0 1",
            // A king beside or on a3 with h6 taken: a rook's capture there could not go on.
            "r3k3/8/7P/8/8/8/1K6/8 w - - 0 1",
            "r3k3/8/7P/8/8/K7/8/8 w - - 0 1",
            "r3k3/8/7p/8/8/K7/8/8 w - - 0 1",
            "4k3/8/2n4p/8/8/8/3P4/4K3 b - - 0 1",
        ] {
            let mut pos = Position::from_fen(&variant, fen).unwrap_or_else(|e| panic!("{fen}: {e}"));
            differential_perft(&mut pos, 3);
        }
    }
}

/// Seven queens and portholes on all 55 empty squares, counted by the reference.
#[test]
fn k6_seven_queens_on_a_board_of_portholes_by_the_reference() {
    let squares = "a1,b1,c1,d1,e1,f1,g1,a2,b2,c2,d2,e2,f2,g2,h2,a3,c3,d3,f3,g3,h3,a4,b4,c4,d4,e4,f4,h4,a5,c5,d5,\
                   f5,g5,h5,a6,b6,c6,d6,e6,f6,g6,h6,a7,b7,d7,e7,f7,h7,b8,c8,d8,e8,f8,g8,h8";
    let fen = format!("k7/2Q3Q1/8/1Q2Q3/6Q1/8/1Q2Q3/7K w - - 0 1 porthole={squares}");
    let mut pos = common::position("porthole", &fen);
    assert_eq!(differential_perft(&mut pos, 1), 3061);
}

/// The authored examples that combine behaviours, exit into another kind, wrap the files
/// (a cylinder board) or link squares of the board: the engine
/// agrees with the reference on random positions, and their pinned perft.
#[test]
fn examples_match_the_reference_and_keep_their_perft() {
    for (file, depth3) in [
        ("porthole-wormhole.hole", 8240),
        ("paired-portals.hole", 10172),
        ("one-way-portals.hole", 6642),
        ("cylinder.hole", 9162),
        ("linked-squares.hole", 8936),
        ("one-way-links.hole", 8455),
    ] {
        let path = std::path::PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("examples").join(file);
        let variant = holechess_lang::load(path.to_str().unwrap()).unwrap_or_else(|e| panic!("{file}: {e}")).variant;
        let mut start = Position::start(&variant);
        assert_eq!(differential_perft(&mut start, 2), holechess_kernel::perft::perft(&mut start, 2), "{file}");
        assert_eq!(holechess_kernel::perft::perft(&mut start, 3), depth3, "{file}: pinned perft 3");
        for seed in 0..2 {
            let mut pos = random_position(&variant, seed, 10);
            differential_perft(&mut pos, 2);
        }
    }
}

/// The examples that show the new piece and promotion clauses (hops,
/// several royal pieces, `not onto rank N`, per-side, optional and last-existing-square
/// promotion, promotion to lost pieces): the engine agrees with the reference from the start
/// and on random positions reached from it, and their pinned perft.
#[test]
fn piece_examples_match_the_reference_and_keep_their_perft() {
    for (file, depth3) in PIECE_EXAMPLES {
        let path = std::path::PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("examples").join(file);
        let variant = holechess_lang::load(path.to_str().unwrap()).unwrap_or_else(|e| panic!("{file}: {e}")).variant;
        let mut start = Position::start(&variant);
        assert_eq!(differential_perft(&mut start, 2), holechess_kernel::perft::perft(&mut start, 2), "{file}");
        assert_eq!(holechess_kernel::perft::perft(&mut start, 3), depth3, "{file}: pinned perft 3");
        for seed in 0..3 {
            let mut pos = random_position_from(Position::start(&variant), seed, 30);
            differential_perft(&mut pos, 2);
        }
    }
}

const PIECE_EXAMPLES: [(&str, u64); 4] = [
    ("grasshopper.hole", 6808),
    ("several-kings.hole", 8682),
    ("promotion-zones.hole", 4754),
    ("lost-pieces.hole", 8902),
];

/// The hand-made positions of `tests/pieces.rs`, where promotions, hops, royal pieces and
/// barred ranks decide the moves: the engine agrees with the reference three plies deep.
#[test]
fn piece_positions_match_the_reference() {
    for (file, fen) in [
        ("promotion-zones.hole", "1k6/4P3/8/8/8/8/3p4/1K6 w - - 0 1"),
        ("promotion-zones.hole", "1k6/8/8/4P3/8/8/8/1K6 w - - 0 1"),
        ("promotion-zones.hole", "1k6/8/P7/8/8/7p/8/1K6 w - - 0 1"),
        ("promotion-zones.hole", "1k6/8/P7/8/8/7p/8/1K6 b - - 0 1"),
        ("lost-pieces.hole", "2k5/1P6/8/8/8/8/P1PPPPPP/RNBQKBNR w KQ - 0 1"),
        ("lost-pieces.hole", "k7/1P6/8/8/8/8/P1PPPPPP/R1B1KBNR w KQ - 0 1"),
        ("lost-pieces.hole", "r3k2r/1P4P1/8/8/8/8/1p4p1/R3K2R w KQkq - 0 1"),
        ("grasshopper.hole", "4k3/8/8/8/8/8/3P4/3GK3 w - - 0 1"),
        ("grasshopper.hole", "4k3/4p3/8/8/8/8/8/4G1K1 b - - 0 1 -"),
        ("grasshopper.hole", "4k3/r7/8/8/8/8/8/4G1K1 b - - 0 1 -"),
        ("grasshopper.hole", "r3k2r/pgp2gpp/8/3p4/8/2G5/PP1PPPPP/R3K2R w KQkq - 0 1"),
        ("several-kings.hole", "4k3/8/8/8/8/8/3B4/r2KK3 w - - 0 1"),
        ("several-kings.hole", "3k4/4K3/8/8/8/8/8/8 b - - 0 1"),
        ("several-kings.hole", "r7/8/8/8/8/8/8/R3KK2 w - - 0 1"),
        ("several-kings.hole", "3kk3/1P6/8/8/8/8/6p1/3KK3 w - - 0 1"),
    ] {
        let path = std::path::PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("examples").join(file);
        let variant = holechess_lang::load(path.to_str().unwrap()).unwrap_or_else(|e| panic!("{file}: {e}")).variant;
        let mut pos = Position::from_fen(&variant, fen).unwrap_or_else(|e| panic!("{fen}: {e}"));
        differential_perft(&mut pos, 3);
    }
}
