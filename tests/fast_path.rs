//! The fast path of move generation (one 64-bit board, bit boards and magic sliding attacks)
//! against the general path, on every position of the perft fixtures and along seeded random
//! games from them: the same legal moves in the same order from `generate_legal`, the same
//! set from the fast generator on its own, and the same perft counts. Variants with holes
//! take the fast path while no token lies on the board, so their own rules are compared too;
//! porthole and standard-portal take it with their tokens on the board (PH2-PH12, SP1-SP7).

use std::path::PathBuf;
use std::sync::Arc;

use holechess_kernel::perft::perft;
use holechess_kernel::testing::TestHooks;
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

/// A seeded game of up to `plies` random moves from `pos`, the paths compared at every ply.
fn random_game(mut pos: Position, seed: u64, plies: usize, context: &str) -> usize {
    let mut picker = XorShift(seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1);
    for ply in 0..plies {
        assert_paths_agree(&pos, &format!("{context}, ply {ply} ({})", pos.fen()));
        let moves = pos.legal_moves();
        if moves.is_empty() {
            return ply;
        }
        pos.play_unchecked(moves.as_slice()[picker.pick(moves.len())]);
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
            assert_eq!(perft(&mut pos, depth), pos.clone().general_perft(depth), "{fen} depth {depth}");
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
        assert_eq!(perft(&mut probe, 3), pos.clone().general_perft(3), "{name}");
    }
}

#[test]
fn absent_or_linked_tokens_and_two_boards_keep_the_general_path() {
    for name in ["portal", "portal-one-set"] {
        let v = variant(name);
        assert!(!Position::start(&v).uses_fast_path(), "{name} start");
    }
    // Timed pits take the bit boards, whose perft runs their timers (PT4).
    let pothole = variant("pothole");
    let holed = Position::from_fen(&pothole, "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 pothole=e4(2)");
    assert!(holed.unwrap().uses_fast_path());
    assert!(Position::start(&pothole).uses_fast_path());
    let wormhole = variant("wormhole");
    let dormant = Position::from_fen(&wormhole, &format!("{START} wormhole=c3,e2"));
    assert!(!dormant.unwrap().uses_fast_path(), "a wormhole under a piece (WH2)");
}

// ------------------------------------------------------- tokens on the fast path (PH, SP)

const START: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

/// Positions with portholes or portals where the fast path must read the tokens as the
/// general path does: pieces on tokens (K8), stacks (PH6 dormant, SP4 merged), a king on a
/// token that is attacked only while another open token exists (PH9, SP5), pins through a
/// token, transits that capture a checker, a pawn that exits on the last rank (PH10, SP6),
/// tokens on the castling path (PH12), the double step into a portal (SP2, SP7), and a stack
/// on a pin line that still blocks when one of its tokens leaves (SP4) or cannot be entered (PH6).
const TOKEN_POSITIONS: [&str; 13] = [
    "r3k2r/pppq1ppp/2n2n2/3pp3/3PP3/2N2N2/PPPQ1PPP/R3K2R w KQkq - 0 1 *=b1,f6,c3,a4,h5",
    "4k3/8/8/8/8/8/8/R3K2R w KQ - 0 1 *=b1,e5",
    "4k3/8/8/8/8/8/8/R3K2R w KQ - 0 1 *=g1,a5,h5",
    "4k3/8/4r3/8/8/8/4B3/4K3 w - - 0 1 *=e4,a4,h4",
    "4k3/8/8/4r3/8/8/4B3/4K3 w - - 0 1 *=e4,c4,d6",
    "4k3/8/8/8/8/8/3n4/4K3 w - - 0 1 *=d2,a3,h6",
    "4k3/8/8/8/8/8/3n4/4K3 w - - 0 1 *=d2",
    "4k3/8/8/8/8/5q2/8/4K3 w - - 0 1 *=e1,c6*2,a3",
    "4k3/8/8/8/8/5q2/8/4K3 w - - 0 1 *=e1,c6,a3",
    "3rk3/2P5/8/8/8/8/8/4K3 w - - 0 1 *=d8,c8,e4",
    "4k3/2P1P3/8/8/8/8/8/4K3 w - - 0 1 *=b8,f8*2,e3",
    "4r1k1/8/8/8/8/8/5N2/4K3 w - - 0 1 *=e4*2,a3,h6",
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 *=c3,d4,e3,f4,c6,f6,a5,h5",
];

/// `TOKEN_POSITIONS[i]` for the variant `name` (whose token is `token`).
fn token_position(name: &str, token: &str, fen: &str) -> Position {
    let v = variant(name);
    let (board, tokens) = fen.split_once(" *=").expect("a token field");
    let mut fen = format!("{board} {token}={tokens}");
    if name == "standard-portal" {
        // SP1: exactly 8 portals, no castling (SP8).
        fen = fen.replace(" KQkq ", " - ").replace(" KQ ", " - ");
        let count: usize = tokens.split(',').map(|t| t.split_once('*').map_or(1, |(_, n)| n.parse().unwrap())).sum();
        let spare = ["h1", "a1", "h8", "a8", "h2", "a2", "h7", "a7", "h3", "a6", "g4", "b5", "g5", "b4", "d3", "e6"];
        let listed = |sq: &str| tokens.split(',').any(|t| t.split('*').next() == Some(sq));
        let free: Vec<&str> =
            spare.iter().copied().filter(|sq| !board_has_piece(board, sq) && !listed(sq)).take(8 - count).collect();
        for sq in free {
            fen.push(',');
            fen.push_str(sq);
        }
    }
    Position::from_fen(&v, &fen).unwrap_or_else(|e| panic!("{name} {fen}: {e}"))
}

/// Whether the FEN board part has a piece on `sq`.
fn board_has_piece(board: &str, sq: &str) -> bool {
    let (file, rank) = ((sq.as_bytes()[0] - b'a') as usize, (sq.as_bytes()[1] - b'0') as usize);
    let row = board.split(' ').next().unwrap().split('/').nth(8 - rank).unwrap();
    let mut f = 0;
    for c in row.chars() {
        if let Some(d) = c.to_digit(10) {
            f += d as usize;
        } else {
            if f == file {
                return true;
            }
            f += 1;
        }
    }
    false
}

#[test]
fn ph_sp_tokens_take_the_fast_path_and_both_paths_give_the_same_moves() {
    for (name, token) in [("porthole", "porthole"), ("standard-portal", "portal")] {
        assert!(Position::start(&variant(name)).uses_fast_path(), "{name} start");
        for fen in TOKEN_POSITIONS {
            let pos = token_position(name, token, fen);
            assert_paths_agree(&pos, &format!("{name} {}", pos.fen()));
        }
    }
}

#[test]
fn ph_sp_tokens_both_paths_count_the_same_perft() {
    for (name, token) in [("porthole", "porthole"), ("standard-portal", "portal")] {
        for fen in TOKEN_POSITIONS {
            let mut pos = token_position(name, token, fen);
            for depth in 1..=3 {
                let general = pos.clone().general_perft(depth);
                assert_eq!(perft(&mut pos, depth), general, "{name} {} depth {depth}", pos.fen());
            }
        }
    }
}

#[test]
fn ph_sp_tokens_both_paths_agree_along_random_games() {
    let mut plies = 0;
    for (name, token) in [("porthole", "porthole"), ("standard-portal", "portal")] {
        plies += (0..40).map(|seed| random_game(Position::start(&variant(name)), seed, 150, name)).sum::<usize>();
        for (i, fen) in TOKEN_POSITIONS.iter().enumerate() {
            let pos = token_position(name, token, fen);
            plies += (0..4).map(|seed| random_game(pos.clone(), 100 + i as u64 * 4 + seed, 100, name)).sum::<usize>();
        }
    }
    assert!(plies > 10_000, "{plies} plies compared");
}

// ------------------------------------------------- several gate kinds on the fast path

/// The authored example `examples/NAME.hole`.
fn example(name: &str) -> Arc<Variant> {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("examples").join(format!("{name}.hole"));
    holechess_lang::load(path.to_str().unwrap()).unwrap_or_else(|e| panic!("{name}: {e:?}")).variant
}

/// Positions of the paired portals (blue exits at orange, orange at blue; tokens stay): a
/// rook entering either kind; a bishop pinned on e2 whose transit would expose its king;
/// a rook pinned on e2 that captures its pinner standing on a portal (the portal stays and
/// blocks the file); a check from a queen on a portal, taken by the king through it; a king
/// on a portal, in check only while an exit is open; a pawn stepping into a portal and
/// promoting at the exit; en passant by a pawn standing on a portal with a rook behind on the
/// rank (the portal keeps blocking when the pawn leaves it); a crowded middle game.
const PAIRED_PORTALS: [&str; 9] = [
    "4k3/8/8/8/8/8/8/R3K3 w - - 0 1 blue=c3,f6;orange=f3,c6",
    "4k3/4r3/8/8/8/8/4B3/4K3 w - - 0 1 blue=d3,h5;orange=a6,b1",
    "4k3/8/8/4r3/8/8/4R3/4K3 w - - 0 1 blue=e5;orange=a1,h8",
    "4k3/8/8/8/8/8/4q3/R3K3 w - - 0 1 blue=e2;orange=h8,a8",
    "4k3/8/8/8/8/8/8/4K2r w - - 0 1 blue=e1,c5;orange=g3,b6",
    "4k3/1P6/8/8/8/8/8/4K3 w - - 0 1 blue=b8,c8;orange=d8,h8",
    "8/8/8/K2pP2r/8/8/8/4k3 w - d6 0 1 blue=e5;orange=a3,h3",
    "8/8/8/K2pP2r/8/8/8/4k3 w - d6 0 1 blue=e5,d6;orange=a3,h3",
    "r1bqkb1r/pppp1ppp/2n2n2/4p3/2B1P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 0 1 blue=c3,f6,d4;orange=f3,c6,e6",
];

/// Positions of the one-way portals (an entrance, entered by a capture-move, exits at an
/// exit; an exit only blocks): a rook's capture-moves into empty entrances; a king on an exit,
/// which nothing can capture, so the rook on its rank gives no check; a pawn's capture-move
/// into empty entrances; a pawn promoting at an exit on the last rank; a crowded middle game.
const ONE_WAY_PORTALS: [&str; 5] = [
    "4k3/8/8/8/8/8/8/R3K3 w - - 0 1 entrance=a5,e4;exit=h5,d8",
    "4k3/8/8/8/8/8/8/r3K3 w - - 0 1 entrance=c4;exit=e1,f6",
    "4k3/8/8/8/8/8/3P4/4K3 w - - 0 1 entrance=c3,e3;exit=a6,h6",
    "4k3/8/8/8/8/8/3P4/4K3 w - - 0 1 entrance=e3;exit=a8,c8",
    "r1bqkb1r/pppp1ppp/2n2n2/4p3/2B1P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 0 1 entrance=c4,f5,d3;exit=c5,f4,g6",
];

/// Each gate example with its positions.
fn gate_positions() -> Vec<(Position, String)> {
    let mut positions = Vec::new();
    for (name, fens) in [("paired-portals", &PAIRED_PORTALS[..]), ("one-way-portals", &ONE_WAY_PORTALS[..])] {
        let v = example(name);
        positions.push((Position::start(&v), format!("{name} start")));
        for fen in fens {
            let pos = Position::from_fen(&v, fen).unwrap_or_else(|e| panic!("{name} {fen}: {e}"));
            positions.push((pos, format!("{name} {fen}")));
        }
    }
    positions
}

#[test]
fn ph_several_gate_kinds_take_the_fast_path_and_both_paths_give_the_same_moves() {
    for (pos, context) in gate_positions() {
        assert!(pos.generates_on_fast_path(), "{context}: the bit boards should play these tokens");
        assert_paths_agree(&pos, &context);
    }
}

#[test]
fn ph_several_gate_kinds_both_paths_count_the_same_perft() {
    for (mut pos, context) in gate_positions() {
        for depth in 1..=3 {
            let general = pos.clone().general_perft(depth);
            assert_eq!(perft(&mut pos, depth), general, "{context} depth {depth}");
        }
    }
}

#[test]
fn ph_several_gate_kinds_count_the_same_perft_at_depth_four_from_the_start() {
    for (name, nodes) in [("paired-portals", 225_557), ("one-way-portals", 135_691)] {
        let mut pos = Position::start(&example(name));
        assert_eq!(perft(&mut pos, 4), nodes, "{name}");
        assert_eq!(pos.general_perft(4), nodes, "{name}, table walking");
    }
}

#[test]
fn ph_several_gate_kinds_both_paths_agree_along_random_games() {
    let mut plies = 0;
    for (i, (pos, context)) in gate_positions().into_iter().enumerate() {
        plies += (0..8).map(|seed| random_game(pos.clone(), 900 + i as u64 * 8 + seed, 120, &context)).sum::<usize>();
    }
    assert!(plies > 8_000, "{plies} plies compared");
}

#[test]
fn ph_en_passant_by_a_pawn_leaving_a_portal_keeps_the_portal_blocking_the_rank() {
    let v = example("paired-portals");
    let pos = Position::from_fen(&v, PAIRED_PORTALS[6]).unwrap();
    let fast = sorted(pos.fast_legal_moves().expect("the bit boards play it"));
    assert!(fast.iter().any(|m| m.starts_with("EnPassant")), "exd6 is legal: the portal on e5 shields the king");
    assert_eq!(fast, sorted(pos.general_legal_moves().iter().copied()));
}

#[test]
fn ph_en_passant_beside_a_king_on_a_portal_without_an_open_exit_is_legal() {
    // The bishop's line reaches the king on e6, but a blue portal with no open orange one
    // cannot be entered, so nothing can capture the king there (PH9): exd6 is legal.
    let v = example("paired-portals");
    let pos = Position::from_fen(&v, "2b1k3/8/4K3/2Pp4/8/8/8/8 w - d6 0 1 blue=e6").unwrap();
    let fast = sorted(pos.fast_legal_moves().expect("the bit boards play it"));
    assert!(fast.iter().any(|m| m.starts_with("EnPassant")), "{fast:?}");
    assert_eq!(fast, sorted(pos.general_legal_moves().iter().copied()));
}

/// A script of chess with two or three random gate kinds that stay where they are: each
/// blocks lines or is impassable and is never entered, or blocks lines, is entered by a
/// capture-move or by any move and exits at its own kind or the next one; stacks dormant or
/// acting as one; promotion on it allowed or not. Also the squares each kind lies on in the
/// test positions, `(kind name, squares)`.
fn random_gates(picker: &mut XorShift) -> (Arc<Variant>, Vec<(String, Vec<String>)>) {
    let names = ["red", "blue", "green"];
    let count = 2 + picker.pick(2);
    let mut text = String::from("variant \"Random Gates\"\n  id random-gates\nextends chess\n");
    let mut placed = Vec::new();
    let mut taken: Vec<String> = Vec::new();
    for (i, name) in names.iter().enumerate().take(count) {
        let entered = picker.pick(4) != 0;
        if entered {
            let exit = if picker.pick(2) == 0 { name } else { names[(i + 1) % count] };
            let entry = if picker.pick(2) == 0 { "capture-move" } else { "any move" };
            text += &format!("token {name}\n  blocks movement\n  entered by {entry}\n");
            text += &format!("  exit through another open {exit}\n");
        } else {
            let movement = if picker.pick(2) == 0 { "blocks movement" } else { "impassable" };
            text += &format!("token {name}\n  {movement}\n");
        }
        let stacking = if picker.pick(2) == 0 { "are dormant" } else { "act as one" };
        text += &format!("  stacked {name} {stacking}\n");
        if picker.pick(3) == 0 {
            text += &format!("  no promotion on {name}\n");
        }
        let mut squares = Vec::new();
        for _ in 0..1 + picker.pick(3) {
            let sq = format!("{}{}", (b'a' + picker.pick(8) as u8) as char, 3 + picker.pick(4));
            if !taken.contains(&sq) {
                taken.push(sq.clone());
                squares.push(sq);
            }
        }
        text += &format!("  shown as {}\n  default {}\n  any number\n", ["$", "&", "%"][i], squares.join(" "));
        placed.push((name.to_string(), squares));
    }
    (script(&text), placed)
}

#[test]
fn ph_random_gate_kinds_agree_with_table_walking_along_random_games_and_in_perft() {
    let mut picker = XorShift(0x6A7E_5EED);
    let mut plies = 0;
    for case in 0..24 {
        let (v, placed) = random_gates(&mut picker);
        let start = Position::start(&v);
        assert!(start.generates_on_fast_path(), "case {case}: gates take the bit boards");
        // Pawns one step from promoting beside the gates, so exits on the last ranks matter.
        let field: Vec<String> = placed.iter().map(|(name, squares)| format!("{name}={}", squares.join(","))).collect();
        let sparse = format!("r3k3/1P3P2/8/8/8/8/1p3p2/R3K2R w KQq - 0 1 {}", field.join(";"));
        let sparse = Position::from_fen(&v, &sparse).unwrap_or_else(|e| panic!("case {case} {sparse}: {e}"));
        for (i, pos) in [start, sparse].into_iter().enumerate() {
            let context = format!("case {case} ({placed:?}) {}", pos.fen());
            let mut counted = pos.clone();
            assert_eq!(perft(&mut counted, 3), pos.clone().general_perft(3), "{context} perft 3");
            for seed in 0..3 {
                plies += random_game(pos.clone(), case * 8 + i as u64 * 4 + seed, 100, &context);
            }
        }
    }
    assert!(plies > 5_000, "{plies} plies compared");
}

// ---------------------------------------------------------- wormholes on the fast path (WH)

/// Positions with active wormholes: skips, tunnels and edge gateways for every piece (WH3-WH5),
/// attacks along them (WH7), kings that remove a wormhole (WH6), castling past one, en passant
/// after a warped double step and a double step beside a tunnel (WH8), and the rulings' worked
/// example (b4 d3 e3 e5); three put kings beside edge gateways they may remove (WH5, WH6:
/// the lines wrapping there change), with sliders attacking through the wrap. The last three:
/// en passant by a pawn whose other moves are plain (taken set-wise elsewhere); a check along
/// a line with two wormholes, blocked on both ways (e2, e6) or on the skip alone (e4, WH3,
/// WH4, WH7); a double check by a rook and a knight.
const WORMHOLE_POSITIONS: [&str; 14] = [
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 wormhole=c3,f3,a5,h4,d6,e5",
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 wormhole=b4,d3,e3,e5",
    "4k3/8/8/8/8/8/6B1/4K3 w - - 0 1 wormhole=h3",
    "r3k2r/pppppppp/8/8/8/8/PPPPPPPP/R3K2R w KQkq - 0 1 wormhole=f1,a3,h6,d4",
    "4k3/3p4/8/4P3/8/8/8/4K3 b - - 0 1 wormhole=d6,a6,h5",
    "4k3/8/8/8/8/7p/8/R3K2R w KQ - 0 1 wormhole=h2,a2,e2,e7",
    "r1bqkb1r/pppp1ppp/2n2n2/4p3/2B1P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 0 1 wormhole=a3,h3,d5,g6,b5",
    "4k3/1P6/8/3K4/8/8/6p1/8 w - - 0 1 wormhole=a8,c8,h1,e4,d4",
    "r3k3/8/8/8/8/8/8/K6R w - - 0 1 wormhole=a2,h2,a5,h5",
    "7k/7p/8/8/8/8/1q6/K7 w - - 0 1 wormhole=a2,b1,h4,a4",
    "4k2r/8/8/8/8/8/8/4K2R b Kk - 0 1 wormhole=h7,a8,a1,e7",
    "rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 1 wormhole=a3,h6",
    "4k3/4r3/8/8/2B5/6N1/8/4K3 w - - 0 1 wormhole=e3,e5",
    "4k3/4r3/8/8/8/3n4/8/2B1K3 w - - 0 1 wormhole=a6,h6",
];

#[test]
fn wh_wormholes_take_the_fast_path_and_both_paths_give_the_same_moves() {
    let v = variant("wormhole");
    for fen in WORMHOLE_POSITIONS {
        let pos = Position::from_fen(&v, fen).unwrap_or_else(|e| panic!("{fen}: {e}"));
        assert_paths_agree(&pos, fen);
    }
}

#[test]
fn wh_wormholes_both_paths_count_the_same_perft() {
    let v = variant("wormhole");
    for fen in WORMHOLE_POSITIONS {
        let mut pos = Position::from_fen(&v, fen).unwrap();
        for depth in 1..=3 {
            assert_eq!(perft(&mut pos, depth), pos.clone().general_perft(depth), "{fen} depth {depth}");
        }
    }
}

#[test]
fn wh_wormholes_both_paths_agree_along_random_games() {
    let v = variant("wormhole");
    let mut plies = 0;
    for (i, fen) in WORMHOLE_POSITIONS.iter().enumerate() {
        let pos = Position::from_fen(&v, fen).unwrap();
        plies += (0..12).map(|seed| random_game(pos.clone(), 500 + i as u64 * 12 + seed, 120, fen)).sum::<usize>();
    }
    assert!(plies > 5_000, "{plies} plies compared");
}

/// WH4, WH8: a pawn's patterns that are plain shifts from its square move set-wise, its others
/// one by one from the same square: a pawn whose step and west capture are plain takes en
/// passant through a wormhole (b4 over c5 onto d6), and a pawn whose captures are plain steps
/// through a wormhole onto the last rank and promotes. Both paths give the same moves and the
/// fast perft, which counts the last ply set-wise, the same counts.
#[test]
fn wh_a_pawns_plain_patterns_move_set_wise_and_its_warped_ones_one_by_one() {
    let v = variant("wormhole");
    for (fen, moves, warped) in [
        ("4k3/8/8/3p4/1P6/8/8/4K3 w - d6 0 1 wormhole=c5", 7, "EnPassant"),
        ("4k3/8/1P6/8/8/8/8/4K3 w - - 0 1 wormhole=b7", 9, "promotion: Some"),
    ] {
        let mut pos = Position::from_fen(&v, fen).unwrap();
        assert_paths_agree(&pos, fen);
        let fast = pos.fast_legal_moves().expect("qualifies");
        assert_eq!(fast.len(), moves, "{fen}");
        assert!(fast.iter().any(|m| format!("{m:?}").contains(warped)), "{fen}: no {warped} move");
        for depth in 1..=4 {
            assert_eq!(perft(&mut pos, depth), pos.clone().general_perft(depth), "{fen} depth {depth}");
        }
    }
}

// ------------------------------------------------------ timed pits on the fast path (PT)

/// Positions with pot-holes (impassable, PT3) given long timers so that they stay through a
/// random game: a pit on the en-passant square, a pit that keeps en passant from exposing the
/// king along the rank,
/// pits between a slider and the king (no pin, no check), on the castling path and on the
/// square a double step passes. The fast path generates their moves (validation resolves
/// notation with it) and plays their perft, running the timers down (PT4).
const PIT_POSITIONS: [&str; 7] = [
    "rnbqkbnr/ppp1pppp/8/8/3pP3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1 pothole=e3(100)",
    "8/8/8/8/k2pP2R/8/8/4K3 b - e3 0 1 pothole=g4(100)",
    "4k3/4r3/8/8/4B3/8/8/4K3 w - - 0 1 pothole=e6(100)",
    "4k3/8/8/8/8/8/8/r3K3 w - - 0 1 pothole=c1(100)",
    "r3k2r/pppppppp/8/8/8/8/PPPPPPPP/R3K2R w KQkq - 0 1 pothole=f1(100),c8(100)",
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 pothole=e3(100),d6(100),b5(100)",
    "r1bqkbnr/pppp1ppp/2n5/4p3/2B1P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 0 1 pothole=f7(100),g2(100)",
];

/// The fast generator and the general path give the same moves on `pos`, which holds pits.
fn assert_pit_paths_agree(pos: &Position, context: &str) {
    assert!(pos.generates_on_fast_path(), "{context}: the fast path should generate these moves");
    let general = pos.general_legal_moves();
    let fast = pos.fast_legal_moves().expect("qualifies");
    assert_eq!(sorted(fast), sorted(general.iter().copied()), "{context}: the fast generator differs");
}

#[test]
fn pt_pits_are_generated_on_the_fast_path_like_the_general_path() {
    let v = variant("pothole");
    let mut plies = 0;
    for (i, fen) in PIT_POSITIONS.iter().enumerate() {
        let pos = Position::from_fen(&v, fen).unwrap_or_else(|e| panic!("{fen}: {e}"));
        assert!(pos.uses_fast_path(), "{fen}: the bit boards play perft with timed tokens (PT4)");
        for seed in 0..8 {
            let mut game = pos.clone();
            let mut picker = XorShift((700 + i as u64 * 8 + seed).wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1);
            for ply in 0..80 {
                if game.token_squares().next().is_none() {
                    break;
                }
                assert_pit_paths_agree(&game, &format!("{fen}, seed {seed}, ply {ply} ({})", game.fen()));
                let moves = game.legal_moves();
                if moves.is_empty() {
                    break;
                }
                game.play_unchecked(moves.as_slice()[picker.pick(moves.len())]);
                plies += 1;
            }
        }
    }
    assert!(plies > 2_000, "{plies} plies compared");
}

#[test]
fn pt_perft_with_pits_is_unchanged() {
    // Counts of the general path (PT3 pits block, PT4 they close after their plies).
    let v = variant("pothole");
    let mut pos =
        Position::from_fen(&v, "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 pothole=e3(2)").unwrap();
    for depth in 1..=3 {
        assert_eq!(perft(&mut pos, depth), pos.clone().general_perft(depth), "depth {depth}");
    }
}

/// Pits whose timers run out at different plies below the root, on lines, on the castling
/// path, on a double step's passed square and beside the kings: the bit boards' perft
/// removes each as the kernel's end of ply does (PT4), so both paths count the same.
const EXPIRING_PIT_POSITIONS: [&str; 5] = [
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 pothole=e3(1),d6(2),b5(3)",
    "r3k2r/pppppppp/8/8/8/8/PPPPPPPP/R3K2R w KQkq - 0 1 pothole=f1(1),c8(2),d1(3),g8(4)",
    "4k3/4r3/8/8/4B3/8/8/4K3 w - - 0 1 pothole=e6(2),e5(3),d2(1)",
    "r1bqkbnr/pppp1ppp/2n5/4p3/2B1P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 0 1 pothole=f7(3),g2(2),e6(100)",
    "8/8/8/8/k2pP2R/8/8/4K3 b - e3 0 1 pothole=g4(1),f4(2),c4(3)",
];

#[test]
fn pt4_timed_pits_expire_in_bit_board_perft_as_in_the_general_path() {
    let v = variant("pothole");
    for fen in EXPIRING_PIT_POSITIONS {
        let pos = Position::from_fen(&v, fen).unwrap_or_else(|e| panic!("{fen}: {e}"));
        assert!(pos.uses_fast_path(), "{fen}: the bit boards play perft with timed tokens (PT4)");
        for depth in 1..=4 {
            assert_eq!(perft(&mut pos.clone(), depth), pos.clone().general_perft(depth), "{fen} depth {depth}");
        }
    }
}

/// A variant written as a script, as its author would.
/// Perft's last ply counts the unpinned pawns' moves as whole sets; the count must be the
/// length of the listed legal moves (K1, K6) wherever pawns step, double-step, capture, take
/// en passant, promote or stand pinned: every fixture position and random games from them.
#[test]
fn k6_the_last_plys_bulk_count_is_the_number_of_legal_moves() {
    let chess = variant("chess");
    let mut positions = 0;
    for (i, fen) in fixture_fens().iter().enumerate() {
        let mut pos = Position::from_fen(&chess, fen).unwrap();
        let mut picker = XorShift((i as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1);
        for _ in 0..40 {
            let listed = pos.fast_legal_moves().expect("the fast path serves chess").len() as u64;
            assert_eq!(perft(&mut pos.clone(), 1), listed, "{}", pos.fen());
            positions += 1;
            let moves = pos.legal_moves();
            if moves.is_empty() {
                break;
            }
            pos.play_unchecked(moves.as_slice()[picker.pick(moves.len())]);
        }
    }
    assert!(positions > 5_000, "{positions} positions counted");
}

fn script(text: &str) -> Arc<Variant> {
    holechess_lang::load_str("authored.hole", text).unwrap_or_else(|e| panic!("{e:?}")).variant
}

/// Knights become hoppers: a grasshopper, a hopper that hops only forward (so Black's hops
/// are mirrored) and a dragon that slides orthogonally and hops (a hop beside slides, K6).
const HOPPERS: &str = r#"variant "Hoppers"
  id hoppers
extends chess
remove piece knight

piece grasshopper G
  value 200
  hops in all directions

piece hopper H
  value 100
  hops forward

piece dragon D
  value 700
  slides orthogonally
  hops in all directions

piece pawn P
  pawn-like
  value 100
  steps forward, without capturing
  slides forward up to 2 squares, from its starting rank, without capturing, may be taken en passant
  steps diagonally forward, only to capture, also en passant
  promotes on the last rank to queen, dragon, grasshopper or hopper

setup rgbqkbhr/pppppppp/8/8/8/8/PPPPPPPP/RHBDKBGR w KQkq - 0 1
"#;

#[test]
fn k1_k6_hoppers_take_the_fast_path_and_both_paths_agree_along_random_games() {
    let v = script(HOPPERS);
    let start = Position::start(&v);
    let mut plies = 0;
    for seed in 0..30 {
        plies += random_game(start.clone(), seed, 150, "hoppers");
    }
    assert!(plies > 2_000, "{plies} plies compared");
}

#[test]
fn k1_hopper_checks_pins_and_hurdles_agree_with_the_general_path() {
    let v = script(HOPPERS);
    let fens = [
        // The black king on e8 is attacked by the grasshopper on e1 over the hurdle on e7:
        // moving the hurdle away, or putting a piece between, answers it.
        "4k3/4p3/8/8/8/8/8/4GK2 b - - 0 1",
        // A white piece stepping beside its king on the grasshopper's line gives the hurdle
        // the black grasshopper needs: that move is illegal.
        "4k3/8/8/8/8/2g5/8/2B1K3 w - - 0 1",
        // A hopper pinned by a rook may not hop off the pin line, nor over the pinner.
        "5k2/4r3/8/8/8/4G3/8/4K3 w - - 0 1",
        // The king may not step next to a piece with an enemy grasshopper behind it.
        "8/8/8/3g4/8/3P4/8/3K3k w - - 0 1",
        // The forward hopper hops only forward: down the board for Black.
        "4k3/8/4h3/8/4P3/8/8/K7 b - - 0 1",
        // The grasshopper on e1 (over e7) and the rook on a8 both check: only the king moves.
        "R3k3/4P3/8/8/8/8/8/4G1K1 b - - 0 1",
    ];
    for fen in fens {
        let mut pos = Position::from_fen(&v, fen).unwrap_or_else(|e| panic!("{fen}: {e}"));
        assert_paths_agree(&pos, fen);
        for depth in 1..=3 {
            assert_eq!(perft(&mut pos, depth), pos.clone().general_perft(depth), "{fen} depth {depth}");
        }
    }
}

#[test]
fn k1_grasshopper_example_with_craters_takes_the_fast_path() {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("examples/grasshopper.hole");
    let v = variant(path.to_str().expect("a UTF-8 path"));
    let mut start = Position::start(&v);
    assert!(start.uses_fast_path(), "the craters stop lines: the fast path plays them");
    assert_eq!(perft(&mut start, 3), 6_808);
    for seed in 0..20 {
        random_game(start.clone(), seed, 150, "grasshopper");
    }
}

#[test]
fn k1_k6_cylinder_takes_the_fast_path_and_both_paths_agree() {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("examples/cylinder.hole");
    let v = variant(path.to_str().expect("a UTF-8 path"));
    let start = Position::start(&v);
    let mut plies = 0;
    for seed in 0..30 {
        plies += random_game(start.clone(), seed, 150, "cylinder");
    }
    assert!(plies > 2_000, "{plies} plies compared");
    let fens = [
        // The rook on a1 checks the king on g1 both ways round (over b1-f1, and over h1).
        "4k3/8/8/8/8/8/8/r5K1 w - - 0 1",
        // The bishop on g5 pins the bishop on b2 to its king on c1 round the edge (h4, a3).
        "4k3/8/8/6b1/8/8/1B6/2K5 w - - 0 1",
        // A knight on h1 reaches b2 and a3; a pawn on a4 captures on h5.
        "4k3/8/8/7p/P7/8/8/4K2N w - - 0 1",
        // Castling never wraps; the bishop on a4 attacks f1 round the edge (h3, g2).
        "4k3/8/8/8/b7/8/8/R3K2R w KQ - 0 1",
    ];
    for fen in fens {
        let mut pos = Position::from_fen(&v, fen).unwrap_or_else(|e| panic!("{fen}: {e}"));
        assert_paths_agree(&pos, fen);
        for depth in 1..=3 {
            assert_eq!(perft(&mut pos, depth), pos.clone().general_perft(depth), "{fen} depth {depth}");
        }
    }
}

#[test]
fn k1_a_hurdle_put_beside_the_king_on_a_one_way_hoppers_diagonal_is_illegal() {
    let v = script(
        "variant \"Locust\"\n  id locust\nextends chess\n\npiece locust L\n  value 300\n  \
         hops diagonally backward\n",
    );
    // The black locust on a1 hops backward for Black, up the board: over a hurdle on f6 it
    // would land on g7, so the queen may not go to f6.
    let fen = "8/1k4K1/7Q/8/6Q1/8/8/l7 w - - 0 1";
    let mut pos = Position::from_fen(&v, fen).unwrap_or_else(|e| panic!("{fen}: {e}"));
    assert_paths_agree(&pos, fen);
    let texts: Vec<String> = pos.legal_moves().iter().map(|&m| holechess_kernel::notation::lan(&pos, m)).collect();
    assert!(!texts.iter().any(|t| t == "h6f6"), "{texts:?}");
    assert!(texts.iter().any(|t| t == "h6g6"), "{texts:?}");
    for depth in 1..=3 {
        assert_eq!(perft(&mut pos, depth), pos.clone().general_perft(depth), "depth {depth}");
    }
}

/// A five-line script adding one piece with the given patterns to chess.
fn one_piece(patterns: &str) -> Arc<Variant> {
    script(&format!(
        "variant \"One piece\"\n  id one-piece\nextends chess\n\npiece amazon A\n  value 500\n  {patterns}\n\n\
         setup 4k3/1ppppppp/8/8/8/8/1PPPPPPP/A3K3 w - - 0 1\n"
    ))
}

/// The back-end is chosen by each pattern's shape: leaps and steps (an alfil and a fers, a
/// step barred from a rank) take the bit boards; a move-only slide, a slide limited in range
/// and a slide barred from a rank, which the bit-board tables do not hold, take table
/// walking; where the bit
/// boards play, both back-ends give the same moves along random games.
#[test]
fn authored_patterns_choose_their_back_end_by_shape() {
    let cases = [
        ("leaps (2,2)\n  steps diagonally", true),
        ("slides forward, without capturing\n  slides orthogonally", false),
        ("slides orthogonally up to 3 squares", false),
        ("steps orthogonally, not onto rank 8", true),
        ("slides orthogonally, not onto rank 8", false),
    ];
    for (patterns, bit_boards) in cases {
        let v = one_piece(patterns);
        let start = Position::start(&v);
        assert_eq!(start.uses_fast_path(), bit_boards, "{patterns}");
        assert_eq!(start.fast_legal_moves().is_some(), bit_boards, "{patterns}");
        if bit_boards {
            for seed in 0..5 {
                random_game(start.clone(), seed, 60, patterns);
            }
        }
    }
}

// ---------------------------------------- promotion masks on the bit boards

/// Perft at depths 1..=`depth` on both paths from each FEN, after checking the bit boards
/// play it.
fn assert_perft_agrees(v: &Arc<Variant>, fens: &[&str], depth: u32) {
    for fen in fens {
        let pos = Position::from_fen(v, fen).unwrap_or_else(|e| panic!("{fen}: {e}"));
        assert!(pos.uses_fast_path(), "{fen}: the bit boards should play this perft");
        for d in 1..=depth {
            assert_eq!(perft(&mut pos.clone(), d), pos.clone().general_perft(d), "{fen} depth {d}");
        }
    }
}

/// Seeded random games from each FEN, the bit boards' candidates (tokens on the board) or
/// legal list compared with the general path at every ply.
fn assert_games_agree(v: &Arc<Variant>, fens: &[&str], seeds: u64, plies: usize) -> usize {
    let mut compared = 0;
    for (i, fen) in fens.iter().enumerate() {
        let start = Position::from_fen(v, fen).unwrap_or_else(|e| panic!("{fen}: {e}"));
        for seed in 0..seeds {
            let mut game = start.clone();
            let mut picker = XorShift((900 + i as u64 * 64 + seed).wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1);
            for ply in 0..plies {
                let context = format!("{fen}, seed {seed}, ply {ply} ({})", game.fen());
                let general = game.general_legal_moves();
                if let Some(fast) = game.fast_legal_moves() {
                    assert_eq!(sorted(fast), sorted(general.iter().copied()), "{context}: the bit boards differ");
                    compared += 1;
                }
                assert_eq!(game.legal_moves().as_slice(), general.as_slice(), "{context}: the legal list differs");
                if general.is_empty() {
                    break;
                }
                game.play_unchecked(general.as_slice()[picker.pick(general.len())]);
            }
        }
    }
    compared
}

/// Cut-corner positions: pawns in the optional zone, on the a- and h-files whose last rank
/// is a hole (the last existing square is compulsory), White's four choices against Black's
/// two, captures into the zone and a pinned pawn.
const CUT_CORNER_POSITIONS: [&str; 4] = [
    "1rbqkbr1/pppppppp/8/8/8/8/PPPPPPPP/1RBQKBR1 w - - 0 1",
    "4k3/P5P1/1P3P2/8/8/2p3p1/p6p/4K3 w - - 0 1",
    "1r2k1r1/P6P/2P2P2/8/8/2p2p2/p6p/1R2K1R1 b - - 0 1",
    "3k4/6P1/1p3P2/2P1b3/8/8/p7/4K1R1 w - - 0 1",
];

#[test]
fn promotion_masks_cut_corners_take_the_bit_boards_and_count_as_the_general_path() {
    let v = example("promotion-zones");
    let with_corners: Vec<String> =
        CUT_CORNER_POSITIONS.iter().map(|fen| format!("{fen} corner=a1,h1,a8,h8")).collect();
    let fens: Vec<&str> = with_corners.iter().map(String::as_str).collect();
    assert_perft_agrees(&v, &fens, 3);
}

#[test]
fn promotion_masks_cut_corners_agree_along_random_games() {
    let v = example("promotion-zones");
    let with_corners: Vec<String> =
        CUT_CORNER_POSITIONS.iter().map(|fen| format!("{fen} corner=a1,h1,a8,h8")).collect();
    let fens: Vec<&str> = with_corners.iter().map(String::as_str).collect();
    let compared = assert_games_agree(&v, &fens, 12, 80);
    assert!(compared > 1_000, "{compared} positions compared");
}

/// Lost-pieces positions: a side with every piece (no promotion open: the pawn may not
/// reach the last rank), a side that lost a knight and a rook, promotion by capture.
const LOST_PIECE_POSITIONS: [&str; 4] = [
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    "rnbqkbnr/1P1ppppp/8/8/8/8/1PPPPPP1/RNBQKBN1 w Qkq - 0 1",
    "r1bqkb1r/PP3pp1/8/8/8/8/1p3pp1/R1BQKB1R w KQkq - 0 1",
    "4k3/P6P/8/8/8/8/p6p/4K3 b - - 0 1",
];

#[test]
fn promotion_masks_lost_pieces_take_the_bit_boards_and_count_as_the_general_path() {
    assert_perft_agrees(&example("lost-pieces"), &LOST_PIECE_POSITIONS, 3);
}

#[test]
fn promotion_masks_lost_pieces_agree_along_random_games() {
    let compared = assert_games_agree(&example("lost-pieces"), &LOST_PIECE_POSITIONS, 12, 100);
    assert!(compared > 2_000, "{compared} positions compared");
}

// ---------------------------------------- barred leaps and several royal pieces

/// A king barred from its last rank and a knight barred from its sixth (Black's third, from
/// White's side): each barred rank is a mask of destinations per side, which the leap moves
/// nor attacks reach.
const BARRED_LEAPS: &str = r#"variant "Barred leaps"
  id barred-leaps
extends chess

piece king K
  royal
  value 0
  steps in all directions, not onto the last rank
  castles as the king

piece knight N
  value 320
  leaps (1,2) in all directions, not onto rank 6
"#;

const BARRED_LEAP_POSITIONS: [&str; 4] = [
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
    "8/8/2N5/3k4/8/4n3/3K4/8 w - - 0 1",
    "4k3/3N4/8/8/8/5n2/1K6/8 b - - 0 1",
];

#[test]
fn barred_leaps_take_the_bit_boards_and_count_as_the_general_path() {
    let v = script(BARRED_LEAPS);
    assert_perft_agrees(&v, &BARRED_LEAP_POSITIONS, 3);
    assert!(assert_games_agree(&v, &BARRED_LEAP_POSITIONS, 6, 80) > 1_000);
}

/// A king on the seventh rank does not attack the eighth: the enemy king may step beside it
/// onto a square of that rank (c8d8 beside the white king on e7), on both back-ends.
#[test]
fn a_king_barred_from_the_last_rank_attacks_nothing_there() {
    let v = script(BARRED_LEAPS);
    let pos = Position::from_fen(&v, "2k5/4K3/8/8/8/8/8/8 b - - 0 1").unwrap();
    assert!(pos.uses_fast_path());
    let fast = sorted(pos.fast_legal_moves().expect("bit boards"));
    assert_eq!(fast, sorted(pos.general_legal_moves().iter().copied()));
    let lan: Vec<String> = pos.legal_moves().iter().map(|&m| holechess_kernel::notation::lan(&pos, m)).collect();
    assert_eq!(lan.len(), 4, "{lan:?}");
    assert!(lan.iter().any(|m| m == "c8d8"), "{lan:?}");
}

/// Two Kings Chess (`examples/several-kings.hole`): two royal kings a side, each barred from
/// its last rank. A move must leave neither attacked (K1 for each royal piece).
const SEVERAL_KINGS_POSITIONS: [&str; 8] = [
    "rnbkkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBKKBNR w - - 0 1",
    // Three white kings, one black king.
    "4k3/pp3ppp/8/3K4/8/8/PP3PPP/2K1K3 w - - 0 1",
    // No white king: every pseudo-legal move of White is legal.
    "r2kk2r/pppq1ppp/8/8/8/8/PPPPPPPP/RNB2BNR w - - 0 1",
    // The king on e2 is pinned to the king on e1 by the rook on e8.
    "2k1r3/8/8/8/8/8/3NK3/4K3 w - - 0 1",
    // Two checks on two kings (rook on c1, bishop on g1): mate.
    "4k3/8/8/8/8/8/7b/r1K3K1 w - - 0 1",
    // One knight forks both kings: only taking it answers both checks.
    "4k3/8/8/8/8/1R1n4/5K2/4K3 w - - 0 1",
    // En passant beside two kings (d5xe6 would open the fifth rank to the rook on a5).
    "4k3/8/8/r2PpK2/8/8/8/4K3 w - e6 0 2",
    // A king in check from a slider, another shielding a square: blocks and captures.
    "3k4/1q6/8/8/8/8/6PP/K3K2R w - - 0 1",
];

#[test]
fn k1_several_royal_kings_take_the_bit_boards_and_count_as_the_general_path() {
    let v = example("several-kings");
    assert_perft_agrees(&v, &SEVERAL_KINGS_POSITIONS, 3);
    assert_perft_agrees(&v, &SEVERAL_KINGS_POSITIONS[..1], 4);
}

#[test]
fn k1_several_royal_kings_agree_with_table_walking_along_random_games() {
    let compared = assert_games_agree(&example("several-kings"), &SEVERAL_KINGS_POSITIONS, 10, 120);
    assert!(compared > 3_000, "{compared} positions compared");
}

/// K1: with two checks on two different royal pieces that no one move answers, the side is
/// mated; with one piece checking both, only its capture is legal.
#[test]
fn k1_checks_on_two_royal_pieces_are_answered_together() {
    let v = example("several-kings");
    let lan = |fen: &str| -> Vec<String> {
        let pos = Position::from_fen(&v, fen).unwrap();
        assert!(pos.uses_fast_path(), "{fen}");
        let moves = pos.fast_legal_moves().expect("the bit boards serve it");
        moves.iter().map(|&m| holechess_kernel::notation::lan(&pos, m)).collect()
    };
    assert_eq!(lan(SEVERAL_KINGS_POSITIONS[4]), Vec::<String>::new());
    assert_eq!(lan(SEVERAL_KINGS_POSITIONS[5]), ["b3d3"]);
}

/// A royal knight (`C`, the crown knight), any number a side, beside ordinary knights, and
/// kings that are neither royal nor castle: royal pieces that are not kings, one, two or none
/// a side.
const ROYAL_KNIGHTS: &str = r#"variant "Royal knights"
  id royal-knights
extends chess

piece king K
  value 0
  steps in all directions

piece crown-knight C
  royal
  value 0
  leaps (1,2) in all directions

setup rcbqkbcr/pppppppp/8/8/8/8/PPPPPPPP/RCBQKBCR w - - 0 1

rules
  any number of royal pieces
  no castling
"#;

const ROYAL_KNIGHT_POSITIONS: [&str; 5] = [
    "rcbqkbcr/pppppppp/8/8/8/8/PPPPPPPP/RCBQKBCR w - - 0 1",
    "r1bqkb1r/pppppppp/2c5/8/8/8/PPPPPPPP/R1BQKBNR b - - 0 1",
    "4k3/8/8/3q4/8/2C5/8/4K3 w - - 0 1",
    "4k3/8/8/8/8/8/8/4K3 w - - 0 1",
    "4k3/8/1c6/8/3Q4/8/8/C3K2C w - - 0 1",
];

#[test]
fn k1_royal_knights_one_two_or_none_a_side_count_as_the_general_path() {
    let v = script(ROYAL_KNIGHTS);
    assert_perft_agrees(&v, &ROYAL_KNIGHT_POSITIONS, 3);
    let compared = assert_games_agree(&v, &ROYAL_KNIGHT_POSITIONS, 8, 100);
    assert!(compared > 2_000, "{compared} positions compared");
}

/// A random position of `v` with `letters` (royal kings included) scattered over the board:
/// up to three kings a side, none at times; pawns off the first and last ranks.
fn scattered_position(v: &Arc<Variant>, picker: &mut XorShift) -> Option<Position> {
    let mut board = [None; 64];
    let mut place = |piece: char, picker: &mut XorShift| {
        for _ in 0..20 {
            let sq = picker.pick(64);
            let pawn_rank = piece.eq_ignore_ascii_case(&'p') && !(8..56).contains(&sq);
            if board[sq].is_none() && !pawn_rank {
                board[sq] = Some(piece);
                return;
            }
        }
    };
    for king in ['K', 'k'] {
        for _ in 0..picker.pick(4) {
            place(king, picker);
        }
    }
    for _ in 0..picker.pick(14) {
        let piece = ['Q', 'R', 'B', 'N', 'P', 'P', 'q', 'r', 'b', 'n', 'p', 'p'][picker.pick(12)];
        place(piece, picker);
    }
    let ranks: Vec<String> = (0..8)
        .rev()
        .map(|rank| {
            let mut text = String::new();
            let mut empty = 0;
            for file in 0..8 {
                match board[rank * 8 + file] {
                    Some(piece) => {
                        if empty > 0 {
                            text += &empty.to_string();
                            empty = 0;
                        }
                        text.push(piece);
                    }
                    None => empty += 1,
                }
            }
            if empty > 0 {
                text += &empty.to_string();
            }
            text
        })
        .collect();
    let side = if picker.pick(2) == 0 { 'w' } else { 'b' };
    Position::from_fen(v, &format!("{} {side} - - 0 1", ranks.join("/"))).ok()
}

/// K1 for each royal piece: scattered positions with none to three royal kings a side (pins
/// against one king through another, checks on several at once), perft on both back-ends.
#[test]
fn k1_scattered_royal_kings_count_as_the_general_path() {
    let v = example("several-kings");
    let mut picker = XorShift(0x5EED_0F20_u64.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1);
    let mut compared = 0;
    for _ in 0..600 {
        let Some(pos) = scattered_position(&v, &mut picker) else { continue };
        assert!(pos.uses_fast_path(), "{}", pos.fen());
        for depth in 1..=2 {
            assert_eq!(perft(&mut pos.clone(), depth), pos.clone().general_perft(depth), "{} depth {depth}", pos.fen());
        }
        assert_paths_agree(&pos, &pos.fen());
        compared += 1;
    }
    assert!(compared > 400, "{compared} positions compared");
}

// ---------------------------------------- several royal pieces on the wide bit boards

/// Capablanca's 10x8 board with two royal kings a side (where the queen stood), barred
/// from their last rank, and any number of royal pieces: the wide bit boards play it (K1 for
/// each royal piece; the barred rank a mask per side).
const TWO_KINGS_10X8: &str = r#"variant "Two kings 10x8"
  id two-kings-10x8
extends chess

board 10x8

piece king K
  royal
  value 0
  steps in all directions, not onto the last rank

piece archbishop A
  value 800
  slides diagonally
  leaps (1,2) in all directions

piece chancellor C
  value 850
  slides orthogonally
  leaps (1,2) in all directions

piece pawn P
  pawn-like
  value 100
  steps forward, without capturing
  slides forward up to 2 squares, from its starting rank, without capturing, may be taken en passant
  steps diagonally forward, only to capture, also en passant
  promotes on the last rank to archbishop, chancellor, queen, rook, bishop or knight

setup rnabkkbcnr/pppppppppp/10/10/10/10/PPPPPPPPPP/RNABKKBCNR w - - 0 1

rules
  any number of royal pieces
  no castling
"#;

const TWO_KINGS_10X8_POSITIONS: [&str; 6] = [
    "rnabkkbcnr/pppppppppp/10/10/10/10/PPPPPPPPPP/RNABKKBCNR w - - 0 1",
    // The king on f2 pinned to the king on f1 by the chancellor on f8; a pinned knight.
    "5c2k1/10/10/10/10/3b6/4NK4/5K4 w - - 0 1",
    // No white king; three black kings, one of them checked by the archbishop's leap.
    "k1k6k/10/1A8/10/10/10/10/4R5 b - - 0 1",
    // Checks on two kings at once (the rook on a1, the bishop on h2): no answer.
    "4k5/10/10/10/10/10/7b2/r1K3K3 w - - 0 1",
    // En passant beside two kings on the fifth rank.
    "5k4/10/10/r2PpK4/10/10/10/4K5 w - e6 0 2",
    // A pawn pinned to each king (by the bishop on b6 and the rook on h6).
    "4k5/10/1b5r2/10/3P6/4K2P2/7K2/10 w - - 0 1",
];

#[test]
fn k1_several_royal_pieces_on_a_10x8_board_take_the_wide_bit_boards_and_count_as_the_general_path() {
    let v = script(TWO_KINGS_10X8);
    for fen in TWO_KINGS_10X8_POSITIONS {
        let pos = Position::from_fen(&v, fen).unwrap_or_else(|e| panic!("{fen}: {e}"));
        assert!(pos.uses_wide_path(), "{fen}: the wide bit boards should play this perft");
        for depth in 1..=3 {
            assert_eq!(perft(&mut pos.clone(), depth), pos.clone().general_perft(depth), "{fen} depth {depth}");
        }
    }
}

#[test]
fn k1_several_royal_pieces_on_a_10x8_board_agree_along_random_games() {
    let v = script(TWO_KINGS_10X8);
    let mut compared = 0;
    for (i, fen) in TWO_KINGS_10X8_POSITIONS.iter().enumerate() {
        let start = Position::from_fen(&v, fen).unwrap();
        for seed in 0..8 {
            let mut game = start.clone();
            let mut picker = XorShift((700 + i as u64 * 64 + seed).wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1);
            for ply in 0..100 {
                let general = game.general_legal_moves();
                let wide = game.wide_legal_moves().unwrap_or_else(|| panic!("{fen} ply {ply}: {}", game.fen()));
                assert_eq!(
                    sorted(wide),
                    sorted(general.iter().copied()),
                    "{fen} seed {seed} ply {ply}: {}",
                    game.fen()
                );
                compared += 1;
                if general.is_empty() {
                    break;
                }
                game.play_unchecked(general.as_slice()[picker.pick(general.len())]);
            }
        }
    }
    assert!(compared > 1_500, "{compared} positions compared");
}

// ---------------------------------------- no royal kind at all

/// Kings that are not royal, no royal kind at all: every pseudo-legal move is legal and a
/// king may be taken (K1 applies to royal pieces only).
const NO_ROYAL_KIND: &str = r#"variant "No royal kind"
  id no-royal-kind
extends chess

piece king K
  value 0
  steps in all directions

setup rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w - - 0 1

rules
  any number of royal pieces
  no castling
"#;

const NO_ROYAL_KIND_POSITIONS: [&str; 3] = [
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w - - 0 1",
    "4k3/8/8/1b6/8/8/3P4/4K3 w - - 0 1",
    "4k3/8/8/r2PpK2/8/8/8/8 w - e6 0 2",
];

#[test]
fn k1_a_variant_without_a_royal_kind_takes_the_bit_boards_and_counts_as_the_general_path() {
    let v = script(NO_ROYAL_KIND);
    assert_perft_agrees(&v, &NO_ROYAL_KIND_POSITIONS, 3);
    let compared = assert_games_agree(&v, &NO_ROYAL_KIND_POSITIONS, 8, 100);
    assert!(compared > 1_500, "{compared} positions compared");
}

#[test]
fn k1_a_10x8_variant_without_a_royal_kind_takes_the_wide_bit_boards() {
    let text = TWO_KINGS_10X8
        .replace("rnabkkbcnr", "rnabqkbcnr")
        .replace("RNABKKBCNR", "RNABQKBCNR")
        .replace("  royal\n  value 0\n", "  value 0\n");
    let v = script(&text);
    let pos = Position::start(&v);
    assert!(pos.uses_wide_path());
    assert_eq!(perft(&mut pos.clone(), 3), pos.clone().general_perft(3));
}

/// A record of Two Kings Chess replays on the bit boards (`BitReplay`): every SAN and long
/// algebraic text of a legal move that the bit boards decide is the move the general path
/// resolves, with two kings a side, one or none (K1 for each royal piece).
#[test]
fn k1_several_kings_records_resolve_on_the_bit_boards_as_on_the_general_path() {
    use holechess_kernel::notation::{lan, resolve, san, Notation, Resolved};
    let v = example("several-kings");
    let mut decided = 0;
    for (i, fen) in SEVERAL_KINGS_POSITIONS.iter().enumerate() {
        let start = Position::from_fen(&v, fen).unwrap();
        let mut replay = holechess_kernel::BitReplay::new(&v, start.clone());
        assert!(replay.on_bit_boards(), "{fen}");
        let mut pos = start;
        let mut picker = XorShift((300 + i as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1);
        for _ in 0..60 {
            let legal = pos.legal_moves();
            if legal.is_empty() {
                break;
            }
            for &mv in legal.iter() {
                for text in [san(&pos, mv), lan(&pos, mv)] {
                    let notation = Notation::parse(&text).unwrap();
                    if let Some(found) = replay.resolve(&notation) {
                        decided += 1;
                        let general = resolve(&pos, &legal, &notation);
                        let agree = matches!(general, Resolved::One(one) if one == found.to_move());
                        assert!(agree, "{text} in {}: {:?} against {general:?}", pos.fen(), found.to_move());
                    }
                }
            }
            let mv = legal.as_slice()[picker.pick(legal.len())];
            match replay.resolve(&Notation::parse(&san(&pos, mv)).unwrap()) {
                Some(found) => replay.play(found),
                None => replay.position_mut().play_unchecked(mv),
            }
            pos.play_unchecked(mv);
            assert_eq!(replay.position().fen(), pos.fen());
        }
    }
    assert!(decided > 5_000, "{decided} texts decided on the bit boards");
}

// ------------------------------------------------- square links on the bit boards

/// Chess with the links written one a line (`a3 = h6`, `c3 -> c6`), entered on landing.
fn linked(links: &str) -> Arc<Variant> {
    linked_entered(links, "landing")
}

/// Chess with the links written one a line, `entered on ENTRY` (`landing` or `capture`).
fn linked_entered(links: &str, entry: &str) -> Arc<Variant> {
    script(&format!(
        "variant \"Linked\"\n  id linked\nextends chess\n\nlinks\n{}\n  entered on {entry}\n",
        links.lines().map(|l| format!("  {l}\n")).collect::<String>()
    ))
}

/// Positions of `examples/linked-squares.hole` (a3 = h6, h3 = a6): the start, a middle game
/// with pieces around the links, a king on a linked square (in check only while the far end
/// is free), a pin whose line runs over an empty linked square, a check given by a move
/// through a link, a capture on a linked square whose far end is taken, en passant onto a
/// linked square (never), castling beside the links, a bishop that reaches h6 both plainly
/// and through a3 (K6: one move).
const LINKED_SQUARES_POSITIONS: [&str; 10] = [
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    "r1bqk2r/pppp1ppp/2n2n2/2b1p3/2B1P3/2N2N2/PPPP1PPP/R1BQK2R w KQkq - 4 4",
    "4k3/8/r6K/8/8/8/8/8 w - - 0 1",
    "4k3/8/r6K/8/8/B7/8/8 w - - 0 1",
    "4k3/8/8/8/8/8/1R6/1K2r3 w - - 0 1",
    "4k3/8/8/8/3q4/8/2B5/K7 w - - 0 1",
    "4k3/8/7p/8/8/r7/1N6/4K3 w - - 0 1",
    "4k3/8/8/8/1Pp5/8/8/4K3 b - b3 0 1",
    "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1",
    "4k3/8/8/8/8/8/8/2B1K3 w - - 0 1",
];

/// Positions of `examples/one-way-links.hole` (c3 -> c6, f6 -> f3): the start, knights and
/// pawns into the links, a double step over c3, a capture on c3 whose far end is taken, a
/// king beside f3 that a move through f6 checks, and a pinned piece on the line over c3.
const ONE_WAY_LINKS_POSITIONS: [&str; 7] = [
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    "r1bqkb1r/pppp1ppp/2n2n2/4p3/4P3/2N2N2/PPPP1PPP/R1BQKB1R w KQkq - 4 4",
    "4k3/8/2p5/8/8/2n5/1P6/4K3 w - - 0 1",
    "8/8/8/8/8/4K3/8/R3k2q b - - 0 1",
    "4k3/8/8/8/8/8/2B5/2K2q2 w - - 0 1",
    "2r1k3/8/8/8/8/8/2N5/2K5 w - - 0 1",
    "4k3/8/5n2/8/3Q4/8/8/4K3 b - - 0 1",
];

/// Written link fixtures: a pawn capturing on a5 that exits on g8 and promotes; a king on
/// e2 facing a rook on e6, the far end of its link, so not in check until the rook leaves; a
/// rook pinned along a rank over a linked square whose far end is its own square; a link to
/// an occupied far end; a bishop pinned along a file over an empty linked square; three
/// links from one diagonal to one far end (K6: one move); castling onto a linked square.
const WRITTEN_LINKS: [(&str, &str); 6] = [
    ("b7 -> d8\na5 -> g8", "4k3/8/8/p7/1P6/8/1p6/4K3 w - - 0 1"),
    ("e2 = e6\nd1 -> h5", "4k3/8/4r3/8/8/8/4K3/8 w - - 0 1"),
    ("e4 = a4\nb4 -> b5", "4k3/8/8/1p6/r3R2K/8/8/8 w - - 0 1"),
    ("e3 = h3\nd5 -> a8", "4r1k1/8/8/8/8/8/4B3/4K3 w - - 0 1"),
    ("c3 -> f6\nd4 -> f6\ne5 = f6", "4k3/8/8/8/8/8/1B6/4K3 w - - 0 1"),
    ("g1 = g5\nb1 -> b4", "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1"),
];

#[test]
fn links_example_positions_take_the_bit_boards_and_count_as_the_general_path() {
    assert_perft_agrees(&example("linked-squares"), &LINKED_SQUARES_POSITIONS, 3);
    assert_perft_agrees(&example("one-way-links"), &ONE_WAY_LINKS_POSITIONS, 3);
}

#[test]
fn links_written_fixtures_count_as_the_general_path() {
    for (links, fen) in WRITTEN_LINKS {
        assert_perft_agrees(&linked(links), &[fen], 3);
    }
}

#[test]
fn links_examples_count_as_the_general_path_at_depth_four_from_the_start() {
    for name in ["linked-squares", "one-way-links"] {
        let v = example(name);
        let pos = Position::start(&v);
        assert!(pos.uses_fast_path(), "{name}");
        assert_eq!(perft(&mut pos.clone(), 4), pos.clone().general_perft(4), "{name}");
    }
}

#[test]
fn links_the_bit_boards_give_the_general_moves_along_random_games() {
    let mut compared = 0;
    compared += assert_games_agree(&example("linked-squares"), &LINKED_SQUARES_POSITIONS, 6, 80);
    compared += assert_games_agree(&example("one-way-links"), &ONE_WAY_LINKS_POSITIONS, 6, 80);
    for (links, fen) in WRITTEN_LINKS {
        compared += assert_games_agree(&linked(links), &[fen], 6, 60);
    }
    assert!(compared > 3_000, "{compared} positions compared");
}

/// One to four random links (both ways or one way) between squares of the 8x8 board.
fn random_links(picker: &mut XorShift) -> String {
    let name = |sq: usize| format!("{}{}", (b'a' + (sq % 8) as u8) as char, sq / 8 + 1);
    let mut pairs: Vec<(usize, usize)> = Vec::new();
    let mut text = String::new();
    for _ in 0..1 + picker.pick(4) {
        let (a, b) = (picker.pick(64), picker.pick(64));
        if a == b || pairs.iter().any(|&(x, y)| (x, y) == (a, b) || (x, y) == (b, a)) {
            continue;
        }
        let arrow = if picker.pick(2) == 0 { "=" } else { "->" };
        text += &format!("{} {arrow} {}\n", name(a), name(b));
        pairs.push((a, b));
    }
    if text.is_empty() {
        text = "a3 = h6\n".to_string();
    }
    text
}

#[test]
fn links_at_random_squares_agree_with_table_walking_along_random_games_and_in_perft() {
    let mut picker = XorShift(0x11AC_5EED_0000_0001);
    let (mut compared, mut counted) = (0, 0);
    for round in 0..60 {
        let links = random_links(&mut picker);
        let entry = if round % 3 == 2 { "capture" } else { "landing" };
        let v = linked_entered(&links, entry);
        let mut game = Position::start(&v);
        for ply in 0..60 {
            let context = format!("links {links:?} on {entry}, round {round}, ply {ply} ({})", game.fen());
            let general = game.general_legal_moves();
            if let Some(fast) = game.fast_legal_moves() {
                assert_eq!(sorted(fast), sorted(general.iter().copied()), "{context}: the bit boards differ");
                compared += 1;
                if ply % 15 == 7 {
                    assert_eq!(perft(&mut game.clone(), 2), game.clone().general_perft(2), "{context}: perft 2");
                    counted += 1;
                }
            }
            if general.is_empty() {
                break;
            }
            game.play_unchecked(general.as_slice()[picker.pick(general.len())]);
        }
    }
    assert!(compared > 2_000 && counted > 100, "{compared} positions compared, {counted} counted");
}

/// Links the masks do not model stay table-walked: links on a cylinder, and links entered on
/// capture on a board wider than 8x8.
#[test]
fn links_of_other_kinds_keep_table_walking() {
    let round = script("variant \"L\"\n  id l\nextends chess\nboard 8x8, files wrap\n\nlinks\n  a3 = h6\n");
    let wide = script(
        "variant \"L\"\n  id l\nextends chess\nboard 10x8\nsetup 4k5/pppppppppp/10/10/10/10/PPPPPPPPPP/4K5 w - - 0 1\n\n\
         links\n  a3 = h6\n  entered on capture\n",
    );
    for (entry, expected) in [("landing", true), ("capture", true)] {
        assert_eq!(Position::start(&linked_entered("a3 = h6", entry)).uses_fast_path(), expected, "{entry}");
    }
    for v in [round, wide] {
        assert!(!Position::start(&v).uses_fast_path(), "{}", v.spec().id);
    }
}

/// A token on the board switches the link under it off, which the masks do not read: such
/// positions are walked, and the legal list and the notation's candidates always are.
#[test]
fn links_positions_holding_a_token_and_the_legal_list_are_table_walked() {
    let v = script(
        "variant \"L\"\n  id l\nextends chess\n\ntoken wall\n  blocks movement\n  shown as *\n\nlinks\n  a3 = h6\n  entered on landing\n",
    );
    let plain = Position::start(&v);
    assert!(plain.uses_fast_path());
    assert!(!plain.generates_on_fast_path(), "the notation's candidates are walked");
    let walled = Position::from_fen(&v, &format!("{START} wall=a3")).unwrap();
    assert!(!walled.uses_fast_path(), "a token on the board");
    assert_eq!(perft(&mut walled.clone(), 3), walled.clone().general_perft(3));
}

// ------------------------------------------- square links on the wide bit boards (10x8)

/// A 10x8 Capablanca-like script (archbishop, chancellor, pawns promoting to them) with the
/// links written one a line, entered on landing, from `setup`.
fn wide_linked(links: &str, setup: &str) -> Arc<Variant> {
    script(&format!(
        "variant \"Wide Linked\"\n  id wide-linked\nextends chess\n\nboard 10x8\n\n\
         piece archbishop A\n  value 800\n  slides diagonally\n  leaps (1,2) in all directions\n\n\
         piece chancellor C\n  value 850\n  slides orthogonally\n  leaps (1,2) in all directions\n\n\
         piece pawn P\n  pawn-like\n  value 100\n  steps forward, without capturing\n  \
         slides forward up to 2 squares, from rank 2, without capturing, may be taken en passant\n  \
         steps diagonally forward, only to capture, also en passant\n  \
         promotes on the last rank to archbishop, chancellor, queen, rook, bishop or knight\n\n\
         setup {setup}\n\nrules\n  castling short king i rook h, long king c rook d\n\n\
         links\n{}  entered on landing\n",
        links.lines().map(|l| format!("  {l}\n")).collect::<String>()
    ))
}

const CAPABLANCA_START: &str = "rnabqkbcnr/pppppppppp/10/10/10/10/PPPPPPPPPP/RNABQKBCNR w KQkq - 0 1";

/// 10x8 link fixtures: the start with a two-way and a one-way link, a king on a linked
/// square whose far end holds the checker, a pin along the rank over a linked square, a
/// pawn capturing onto a linked square and promoting at its far end, castling onto a
/// linked square, two links to one far end (K6).
const WIDE_LINKED: [(&str, &str); 6] = [
    ("a3 = j6\nc3 -> c6", CAPABLANCA_START),
    ("f2 = f6\nd1 -> j5", "5k4/10/5r4/10/10/10/5K4/10 w - - 0 1"),
    ("e4 = a4\nb4 -> b5", "5k4/10/10/1p8/r3R4K/10/10/10 w - - 0 1"),
    ("a5 -> h8\nb3 = b6", "5k4/10/10/p9/1P8/10/10/5K4 w - - 0 1"),
    ("i1 = i5\nb1 -> b4", "r3k4r/10/10/10/10/10/10/R3K4R w KQkq - 0 1"),
    ("c3 -> f6\nd4 -> f6\ne5 = f6", "5k4/10/10/10/10/10/1A8/5K4 w - - 0 1"),
];

#[test]
fn links_on_a_10x8_board_take_the_wide_bit_boards_and_count_as_the_general_path() {
    for (links, setup) in WIDE_LINKED {
        let v = wide_linked(links, setup);
        let pos = Position::start(&v);
        assert!(pos.uses_wide_path(), "{links:?}: the wide bit boards should play this perft");
        for depth in 1..=3 {
            assert_eq!(perft(&mut pos.clone(), depth), pos.clone().general_perft(depth), "{links:?} depth {depth}");
        }
    }
}

#[test]
fn links_on_a_10x8_board_agree_with_table_walking_along_random_games() {
    let mut compared = 0;
    for (i, (links, setup)) in WIDE_LINKED.iter().enumerate() {
        let v = wide_linked(links, setup);
        for seed in 0..6 {
            let mut game = Position::start(&v);
            let mut picker = XorShift((700 + i as u64 * 64 + seed).wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1);
            for ply in 0..80 {
                let general = game.general_legal_moves();
                if let Some(wide) = game.wide_legal_moves() {
                    let context = format!("{links:?}, seed {seed}, ply {ply} ({})", game.fen());
                    assert_eq!(sorted(wide), sorted(general.iter().copied()), "{context}: the wide boards differ");
                    compared += 1;
                }
                if general.is_empty() {
                    break;
                }
                game.play_unchecked(general.as_slice()[picker.pick(general.len())]);
            }
        }
    }
    assert!(compared > 1_500, "{compared} positions compared");
}

#[test]
fn links_at_random_squares_of_a_10x8_board_agree_with_table_walking() {
    let name = |sq: usize| format!("{}{}", (b'a' + (sq % 10) as u8) as char, sq / 10 + 1);
    let mut picker = XorShift(0x11AC_5EED_0000_0010);
    let (mut compared, mut counted) = (0, 0);
    for round in 0..40 {
        let mut links = String::new();
        for _ in 0..1 + picker.pick(4) {
            let (a, b) = (picker.pick(80), picker.pick(80));
            let arrow = if picker.pick(2) == 0 { "=" } else { "->" };
            if a != b && !links.contains(&name(a)) && !links.contains(&name(b)) {
                links += &format!("{} {arrow} {}\n", name(a), name(b));
            }
        }
        if links.is_empty() {
            links = "a3 = j6\n".to_string();
        }
        let v = wide_linked(&links, CAPABLANCA_START);
        let mut game = Position::start(&v);
        for ply in 0..60 {
            let context = format!("links {links:?}, round {round}, ply {ply} ({})", game.fen());
            let general = game.general_legal_moves();
            if let Some(wide) = game.wide_legal_moves() {
                assert_eq!(sorted(wide), sorted(general.iter().copied()), "{context}: the wide boards differ");
                compared += 1;
                if ply % 15 == 7 {
                    assert_eq!(perft(&mut game.clone(), 2), game.clone().general_perft(2), "{context}: perft 2");
                    counted += 1;
                }
            }
            if general.is_empty() {
                break;
            }
            game.play_unchecked(general.as_slice()[picker.pick(general.len())]);
        }
    }
    assert!(compared > 1_500 && counted > 60, "{compared} positions compared, {counted} counted");
}

/// Links entered on capture only (a quiet move ends on the linked square, a capture there
/// goes on): the examples' links and the written fixtures, perft and random games.
#[test]
fn links_entered_on_capture_count_and_move_as_the_general_path() {
    let mut compared = 0;
    for (links, positions) in
        [("a3 = h6\nh3 = a6", &LINKED_SQUARES_POSITIONS[..]), ("c3 -> c6\nf6 -> f3", &ONE_WAY_LINKS_POSITIONS[..])]
    {
        let v = linked_entered(links, "capture");
        assert_perft_agrees(&v, positions, 3);
        compared += assert_games_agree(&v, positions, 4, 60);
    }
    for (links, fen) in WRITTEN_LINKS {
        let v = linked_entered(links, "capture");
        assert_perft_agrees(&v, &[fen], 3);
        compared += assert_games_agree(&v, &[fen], 4, 60);
    }
    assert!(compared > 2_000, "{compared} positions compared");
}

// ------------------------------------------- random wormhole sets on the fast path (WH)

/// Positions random wormhole sets are put on: the start, a middle game with both sides'
/// castling open (Kiwipete), one with a pawn about to promote and one with open lines.
const WORMHOLE_BASES: [&str; 4] = [
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
    "r3k2r/1P4P1/8/2q5/8/8/6p1/R3K2R b KQkq - 0 1",
    "4k3/2r5/8/1B3n2/8/3Q4/8/4K3 w - - 0 1",
];

/// The empty squares of a FEN's placement, by name.
fn empty_squares(fen: &str) -> Vec<String> {
    let mut empty = Vec::new();
    for (row, rank) in fen.split(' ').next().unwrap().split('/').enumerate() {
        let mut file = 0u8;
        for c in rank.chars() {
            match c.to_digit(10) {
                Some(n) => {
                    for f in file..file + n as u8 {
                        empty.push(format!("{}{}", (b'a' + f) as char, 8 - row));
                    }
                    file += n as u8;
                }
                None => file += 1,
            }
        }
    }
    empty
}

/// `fen` with two to eight wormholes on empty squares drawn by `picker` (edge squares
/// among them: gateways, WH5).
fn with_random_wormholes(fen: &str, picker: &mut XorShift) -> String {
    let mut empty = empty_squares(fen);
    let count = 2 + picker.pick(7);
    let chosen: Vec<String> =
        (0..count.min(empty.len())).map(|_| empty.swap_remove(picker.pick(empty.len()))).collect();
    format!("{fen} wormhole={}", chosen.join(","))
}

/// WH3-WH8: random wormhole sets on several positions; the bit boards and table walking
/// count the same perft at depth 3 (the attack test reads leaps from per-square masks and
/// walks only the sliders' lines) and give the same moves along random games.
#[test]
fn wh_random_wormhole_sets_count_and_move_as_table_walking() {
    let v = variant("wormhole");
    let mut picker = XorShift(0x005E_ED0F_3A11_u64.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1);
    let mut fens = Vec::new();
    for base in WORMHOLE_BASES {
        for _ in 0..6 {
            fens.push(with_random_wormholes(base, &mut picker));
        }
    }
    let refs: Vec<&str> = fens.iter().map(String::as_str).collect();
    assert_perft_agrees(&v, &refs, 3);
    let compared = assert_games_agree(&v, &refs, 3, 60);
    assert!(compared > 2_000, "{compared} positions compared");
}

/// WH5, WH6, WH7: kings beside edge gateways and other wormholes they may step onto (and so
/// remove), attacked through wraps and tunnels: the bit boards test such a step on the lines
/// as they are (no walk back from a square reads that square) and count as table walking.
#[test]
fn wh6_kings_stepping_onto_wormholes_beside_the_edges_count_as_table_walking() {
    let v = variant("wormhole");
    let fens = [
        "4k3/8/8/8/8/7r/8/K7 w - - 0 1 wormhole=a2,b1,b2,h1",
        "k7/8/8/8/8/8/1n6/K6R b - - 0 1 wormhole=a7,b8,b7,h8",
        "4k3/8/8/8/8/1q6/8/K7 w - - 0 1 wormhole=a2,b1,b2",
        "4k3/8/8/8/6b1/8/7N/4K3 w - - 0 1 wormhole=d1,d2,e2,f2,f1,a1",
    ];
    for fen in fens {
        let pos = Position::from_fen(&v, fen).unwrap_or_else(|e| panic!("{fen}: {e}"));
        assert_paths_agree(&pos, fen);
    }
    assert_perft_agrees(&v, &fens, 3);
}

/// WH3, WH7: en passant empties its origin and the victim's square: with the king on the
/// rank, a rook beyond a wormhole (skipped) gives check through both, so `b5c6` is illegal;
/// with the king elsewhere it is legal. Both are tested without playing the capture.
#[test]
fn wh7_en_passant_that_opens_a_warped_rank_to_the_king_is_illegal() {
    let v = variant("wormhole");
    let exposed = "4k3/8/8/KPp4r/8/8/8/8 w - c6 0 1 wormhole=f5,d3";
    let safe = "4k3/8/8/1Pp4r/8/8/8/K7 w - c6 0 1 wormhole=f5,d3";
    for (fen, legal) in [(exposed, false), (safe, true)] {
        let pos = Position::from_fen(&v, fen).unwrap_or_else(|e| panic!("{fen}: {e}"));
        assert_paths_agree(&pos, fen);
        let fast = pos.fast_legal_moves().expect("qualifies");
        assert_eq!(fast.iter().any(|m| format!("{m:?}").contains("EnPassant")), legal, "{fen}");
    }
    assert_perft_agrees(&v, &[exposed, safe], 3);
}
