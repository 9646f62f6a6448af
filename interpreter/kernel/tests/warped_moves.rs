//! The kernel's warped movement (absent squares, tunnels, edge wraps) on the worked
//! examples of docs/rules.md WH, with a neutrally named token kind.

mod support;

use holechess_kernel::notation::lan;
use holechess_kernel::perft::perft;
use holechess_kernel::testing::RawEdits;
use holechess_kernel::testing::TestHooks;
use holechess_kernel::Position;

fn position(fen: &str) -> Position {
    Position::from_fen(&support::orthodox_with(vec![support::warp_token()], |_| {}), fen).unwrap()
}

fn moves(pos: &Position) -> Vec<String> {
    let mut v: Vec<String> = pos.legal_moves().iter().map(|&m| lan(pos, m)).collect();
    v.sort();
    v
}

#[test]
fn wh3_wh4_pawn_skips_and_tunnels() {
    // Active warps b4 d3 e3 e5; a black pawn on c4 to capture.
    let pos = position("4k3/8/8/8/2p5/8/4P3/4K3 w - - 0 1 warp=b4,d3,e3,e5");
    let m = moves(&pos);
    assert!(m.contains(&"e2c4".to_string()), "exc4 skipping d3: {m:?}");
    assert!(m.contains(&"e2e6".to_string()), "e2e6 by tunnel e3->e5 (or double step): {m:?}");
    assert!(m.contains(&"e2e4".to_string()), "a single step skips e3: {m:?}");
    assert_eq!(m.iter().filter(|s| *s == "e2e6").count(), 1, "K6/WH8: one move to e6");
}

#[test]
fn wh3_knight_continues_past_a_warp() {
    let pos = position("4k3/8/8/8/8/5N2/8/4K3 w - - 0 1 warp=b4,d3,e3,e5");
    assert!(moves(&pos).contains(&"f3d7".to_string()));
}

#[test]
fn wh5_wh7_bishop_checks_through_an_edge_gateway() {
    let pos = position("4k3/8/8/8/8/8/6B1/4K3 b - - 0 1 warp=h3");
    assert!(pos.is_check(), "g2-h3 wraps to a4-b5-c6-d7-e8");
    let quiet = position("4k3/8/8/8/8/8/6B1/4K3 b - - 0 1");
    assert!(!quiet.is_check());
}

#[test]
fn wh5_knight_wraps_from_an_edge_warp() {
    let pos = position("4k3/8/8/8/8/8/8/4KN2 w - - 0 1 warp=h2");
    assert!(moves(&pos).contains(&"f1b3".to_string()));
}

#[test]
fn wh6_a_warp_between_king_and_rook_forbids_castling() {
    let blocked = position("4k3/8/8/8/8/8/8/4K2R w K - 0 1 warp=f1");
    assert!(!moves(&blocked).contains(&"e1g1".to_string()));
    let open = position("4k3/8/8/8/8/8/8/4K2R w K - 0 1");
    assert!(moves(&open).contains(&"e1g1".to_string()));
}

#[test]
fn wh6_king_steps_onto_a_warp_and_removes_it() {
    let mut pos = position("4k3/8/8/8/8/8/8/4K3 w - - 0 1 warp=d2");
    let mv = pos.legal_moves().iter().copied().find(|&m| lan(&pos, m) == "e1d2").unwrap();
    pos.play_unchecked(mv);
    assert_eq!(pos.token_squares().count(), 0);
}

#[test]
fn warped_make_unmake_restores_everything() {
    let mut pos =
        position("r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1 warp=a3,h6,d4,e6,b5,g4");
    let before = pos.clone();
    let n = perft(&mut pos, 3);
    assert_eq!(pos, before);
    assert!(n > 0);
    assert_eq!(pos.hash(), pos.computed_hash());
}

// ----- consistency of the optimised warped generator with slow references -----

use holechess_kernel::{Move, Piece, Side, Square};

/// A small seeded generator (xorshift64*), so the test needs no dependency.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_F491_4F6C_DD1D)
    }

    fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }
}

fn sorted(moves: impl IntoIterator<Item = Move>) -> Vec<String> {
    let mut v: Vec<String> = moves.into_iter().map(|m| format!("{m:?}")).collect();
    v.sort();
    v
}

/// The optimised legal moves equal make + attack test + unmake over the pseudo-legal moves.
fn assert_legal_moves_match(pos: &Position) {
    let fast = sorted(pos.legal_moves().iter().copied());
    let slow = sorted(pos.legal_moves_reference().iter().copied());
    assert_eq!(fast, slow, "legal moves differ in {}", pos.fen());
    let mut dedup = fast.clone();
    dedup.dedup();
    assert_eq!(dedup.len(), fast.len(), "a move twice in {}", pos.fen());
}

/// `is_attacked(sq, side)` equals "some pseudo-legal capture of `side` lands on `sq`", with
/// a non-royal enemy dummy standing on `sq`.
fn assert_attacks_match(pos: &Position, dummy: u8) {
    for sq in pos.geometry().squares() {
        for side in Side::BOTH {
            let attacked = pos.is_attacked(sq, side);
            let mut probe = pos.clone();
            probe.remove_piece(sq);
            probe.place_piece(sq, Piece { side: side.opponent(), kind: dummy }).expect("an empty square of the board");
            probe.set_side_to_move(side);
            let captured = probe.pseudo_moves().iter().any(|m| !matches!(m, Move::Castle { .. }) && m.to() == Some(sq));
            assert_eq!(attacked, captured, "is_attacked({}, {side}) in {}", pos.geometry().name(sq), pos.fen());
        }
    }
}

/// Random playouts from the start with 4-8 warps on empty squares, warps toggled as the game
/// goes (WH1: dormant under pieces, removed when rolled again).
fn random_warped_positions(seed: u64, games: usize, plies: usize, mut visit: impl FnMut(&Position)) {
    let variant = support::orthodox_with(vec![support::warp_token()], |_| {});
    let warp = variant.token_by_name("warp").unwrap();
    let mut rng = Rng(seed);
    for _ in 0..games {
        let mut pos = Position::start(&variant);
        let squares: Vec<Square> = pos.geometry().squares().collect();
        let wanted = 4 + rng.below(5);
        let mut placed = 0;
        while placed < wanted {
            let sq = squares[rng.below(squares.len())];
            if pos.piece_at(sq).is_none() && pos.tokens_at(sq).is_none() {
                pos.add_token(sq, warp);
                placed += 1;
            }
        }
        for _ in 0..plies {
            visit(&pos);
            // Chosen from the moves in a fixed order, so that the games do not depend on the
            // order the generator lists them in.
            let mut moves: Vec<Move> = pos.legal_moves().iter().copied().collect();
            if moves.is_empty() {
                break;
            }
            moves.sort_by_cached_key(|m| format!("{m:?}"));
            pos.play_unchecked(moves[rng.below(moves.len())]);
            if rng.below(3) == 0 {
                let sq = squares[rng.below(squares.len())];
                if pos.tokens_at(sq).is_some() {
                    pos.clear_tokens(sq);
                } else {
                    pos.add_token(sq, warp);
                }
            }
        }
    }
}

#[test]
fn warped_legal_moves_match_the_make_unmake_reference() {
    let mut positions = 0;
    random_warped_positions(0x5EED_0001, 120, 80, |pos| {
        assert_legal_moves_match(pos);
        positions += 1;
    });
    assert!(positions > 2000, "{positions} positions");
}

#[test]
fn warped_attacks_match_forward_generation() {
    let mut positions = 0;
    random_warped_positions(0x5EED_0002, 30, 60, |pos| {
        assert_attacks_match(pos, 1);
        positions += 1;
    });
    assert!(positions > 300, "{positions} positions");
}

#[test]
fn warped_perft_matches_the_reference_tree() {
    fn reference(pos: &mut Position, depth: u32) -> u64 {
        let moves = pos.legal_moves_reference();
        if depth == 1 {
            return moves.len() as u64;
        }
        let mut n = 0;
        for &mv in moves.iter() {
            let undo = pos.make(mv);
            n += reference(pos, depth - 1);
            pos.unmake(undo);
        }
        n
    }
    let mut pos = position("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 warp=c3,f3,a5,h4,d6,e5");
    assert_eq!(perft(&mut pos, 3), reference(&mut pos.clone(), 3));
    let mut kiwi =
        position("r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1 warp=a3,h6,d4,e6,b5,g4");
    assert_eq!(perft(&mut kiwi, 3), reference(&mut kiwi.clone(), 3));
}

/// FNV-1a, to fold many move lists into one number.
fn fnv(hash: u64, text: &str) -> u64 {
    text.bytes().fold(hash, |h, b| (h ^ b as u64).wrapping_mul(0x100_0000_01B3))
}

#[test]
fn warped_move_lists_match_the_recorded_checksum() {
    // Recorded with the step-by-step generator and make/unmake legality of before the step
    // tables: the same games, position by position, must give the same legal moves.
    let mut hash = 0xCBF2_9CE4_8422_2325;
    let mut moves = 0;
    let mut positions = 0;
    random_warped_positions(0x5EED_0003, 150, 100, |pos| {
        hash = fnv(hash, &pos.fen());
        for m in sorted(pos.legal_moves().iter().copied()) {
            hash = fnv(hash, &m);
            moves += 1;
        }
        positions += 1;
    });
    assert_eq!((positions, moves, hash), RECORDED_CHECKSUM);
}

const RECORDED_CHECKSUM: (usize, usize, u64) = (13_796, 343_461, 11_336_406_554_322_703_372);

#[test]
fn warped_perft_matches_recorded_counts() {
    // Recorded with the step-by-step generator of before the step tables.
    let mut six = position("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 warp=c3,f3,a5,h4,d6,e5");
    assert_eq!(perft(&mut six, 4), 192_702);
    let mut kiwi =
        position("r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1 warp=a3,h6,d4,e6,b5,g4");
    assert_eq!(perft(&mut kiwi, 3), RECORDED_KIWI_3);
    let mut edges = position("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1 warp=a4,h4,a5,h5,d1,e8");
    assert_eq!(perft(&mut edges, 4), RECORDED_EDGES_4);
}

const RECORDED_KIWI_3: u64 = 83_646;
const RECORDED_EDGES_4: u64 = 143_687;
