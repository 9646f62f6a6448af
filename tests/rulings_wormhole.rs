//! docs/rules.md WH1-WH8 (Random Wormhole Chess), through `variants/wormhole.hole` and the game
//! layer with recorded dice (two d8 after every ply, K5).

mod common;

use common::*;
use holechess_kernel::Move;

const V: &str = "wormhole";

#[test]
fn wh1_two_d8_toggle_a_wormhole_active_dormant_or_removed() {
    let mut g = game(V, None);
    let ply = play_dice(&mut g, "e4", &[4, 4]);
    assert!(ply.notes.iter().any(|n| n.contains("appears on d4")), "{:?}", ply.notes);
    assert!(tokens(g.position(), "d4").is_some());
    let ply = play_dice(&mut g, "e5", &[1, 1]);
    assert!(ply.notes.iter().any(|n| n.contains("dormant")), "{:?}", ply.notes);
    assert!(tokens(g.position(), "a1").is_some());
    assert_eq!(piece_letter(g.position(), "a1"), Some('R'));
    let ply = play_dice(&mut g, "Nf3", &[4, 4]);
    assert!(ply.notes.iter().any(|n| n.contains("removed")), "{:?}", ply.notes);
    assert!(tokens(g.position(), "d4").is_none());
    assert_eq!(g.position().token_squares().count(), 1);
}

#[test]
fn wh2_a_dormant_wormhole_has_no_effect_and_activates_when_vacated() {
    let dormant = position(V, "4k3/8/8/8/8/8/8/R3K3 w - - 0 1 wormhole=a1");
    let plain = position("chess", "4k3/8/8/8/8/8/8/R3K3 w - - 0 1");
    assert_eq!(moves(&dormant), moves(&plain));
    let mut pos = dormant.clone();
    play(&mut pos, "a1a2");
    play(&mut pos, "Kd8");
    // a1 is now active: it does not exist for the rook.
    assert!(!has(&pos, "a2a1"), "{:?}", moves_from(&pos, "a2"));
}

#[test]
fn wh2_a_capture_on_a_dormant_wormhole_leaves_it_dormant_under_the_capturer() {
    let mut pos = position(V, "4k3/8/8/8/8/8/3n4/4K3 w - - 0 1 wormhole=d2");
    play(&mut pos, "Kxd2");
    assert!(tokens(&pos, "d2").is_some(), "a king capturing keeps the dormant wormhole (WH6: only active ones go)");
    let mut pos = position(V, "4k3/8/8/3n4/8/8/6B1/4K3 w - - 0 1 wormhole=d5");
    play(&mut pos, "Bxd5");
    assert!(tokens(&pos, "d5").is_some());
    assert_eq!(piece_letter(&pos, "d5"), Some('B'));
}

#[test]
fn wh2_en_passant_and_castling_vacate_dormant_squares() {
    // The wormhole appears under the pawn that just double-stepped; en passant vacates d5.
    let mut g = game(V, Some("4k3/3p4/8/4P3/8/8/8/4K2R b K - 0 1 wormhole=h1"));
    let ply = play_dice(&mut g, "d7d5", &[4, 5]);
    assert!(ply.notes.iter().any(|n| n.contains("dormant")), "{:?}", ply.notes);
    play_dice(&mut g, "e5d6", &[8, 8]);
    let pos = g.position();
    assert_eq!(piece_letter(pos, "d5"), None);
    assert!(tokens(pos, "d5").is_some(), "now an active wormhole");
    // Castling takes the rook off its dormant wormhole on h1.
    play_dice(&mut g, "Kf8", &[8, 8]);
    play_dice(&mut g, "e1g1", &[8, 8]);
    let pos = g.position();
    assert_eq!(piece_letter(pos, "h1"), None);
    assert!(tokens(pos, "h1").is_some());
}

#[test]
fn wh3_pawn_steps_and_the_double_step_count_existing_squares() {
    let mut pos = position(V, "4k3/8/8/8/8/8/4P3/4K3 w - - 0 1 wormhole=e3");
    assert_eq!(moves_from(&pos, "e2"), vec!["e2e4", "e2e5"]);
    play(&mut pos, "e2e5");
    assert_eq!(pos.en_passant().map(|ep| pos.geometry().name(ep.square)), Some("e4".to_string()));
    // Only from the pawn's own second rank.
    let third = position(V, "4k3/8/8/8/8/4P3/8/4K3 w - - 0 1 wormhole=e4");
    assert_eq!(moves_from(&third, "e3"), vec!["e3e5"]);
}

#[test]
fn wh3_the_notation_round_trips_after_a_double_step_over_a_wormhole() {
    let mut pos = position(V, "4k3/8/8/8/8/8/5P2/4K3 w - - 0 1 wormhole=f4");
    play(&mut pos, "f2f5");
    let fen = pos.fen();
    assert_eq!(fen, "4k3/8/8/5P2/8/8/8/4K3 b - f3 0 1 wormhole=f4");
    let again = holechess_kernel::Position::from_fen(pos.variant(), &fen).expect("the printed position reads back");
    assert_eq!(again.fen(), fen);
    assert_eq!(again.hash(), pos.hash());
}

#[test]
fn wh3_a_double_step_onto_the_last_rank_promotes_and_sets_no_en_passant() {
    let mut pos = position(V, "k7/8/8/8/8/8/4P3/4K3 w - - 0 1 wormhole=e3,e4,e5,e6");
    assert_eq!(moves_from(&pos, "e2"), vec!["e2e7", "e2e8b", "e2e8n", "e2e8q", "e2e8r"]);
    play(&mut pos, "e2e8q");
    assert_eq!(piece_letter(&pos, "e8"), Some('Q'));
    assert!(pos.en_passant().is_none());
}

#[test]
fn wh3_knights_and_sliders_skip_missing_squares() {
    // The knight's g8 is missing and the square beyond it is off the board: no move there.
    let knight = position(V, "k7/8/5N2/8/8/8/8/4K3 w - - 0 1 wormhole=g8");
    assert_eq!(moves_from(&knight, "f6"), vec!["f6d5", "f6d7", "f6e4", "f6e8", "f6g4", "f6h5", "f6h7"]);
    // From an edge wormhole it wraps instead (WH5): g1 over h3 to a5.
    let wrap = position(V, "4k3/8/8/8/8/8/8/4K1N1 w - - 0 1 wormhole=h3");
    assert_eq!(moves_from(&wrap, "g1"), vec!["g1a5", "g1e2", "g1f3"]);
    let rook = position(V, "4k3/8/8/8/8/8/8/R3K3 w - - 0 1 wormhole=a3");
    let m = moves_from(&rook, "a1");
    assert!(!m.contains(&"a1a3".to_string()) && m.contains(&"a1a4".to_string()) && m.contains(&"a1a8".to_string()));
}

#[test]
fn wh4_a_slider_tunnels_past_a_blocker_and_skips_later_wormholes() {
    // Skip path: a2, then a4 (capture). Tunnel a3 -> a5: a6, a7 skipped, a8.
    let pos = position(V, "4k3/8/8/8/n7/8/8/R3K3 w - - 0 1 wormhole=a3,a5,a7");
    let mut m = moves_from(&pos, "a1");
    m.retain(|t| t[2..3] == *"a");
    assert_eq!(m, vec!["a1a2", "a1a4", "a1a6", "a1a8"]);
}

#[test]
fn wh4_a_pawn_tunnels_through_wormholes_on_its_file() {
    let pos = position(V, "4k3/8/4p3/8/8/8/4P3/4K3 w - - 0 1 wormhole=e3,e5");
    // Single step e4 (e3 missing); the double step would be e4,e6 (e6 occupied); the tunnel
    // e3 -> e5 reaches e6 too but may not capture forward.
    assert_eq!(moves_from(&pos, "e2"), vec!["e2e4"]);
}

#[test]
fn wh5_edge_wormholes_wrap_the_board() {
    // The rook on d4: east through h4 to a4 and b4, then its own pawn on c4.
    let rook = position(V, "4k3/8/8/8/2PR4/8/8/4K3 w - - 0 1 wormhole=h4");
    let m = moves_from(&rook, "d4");
    assert!(m.contains(&"d4a4".to_string()) && m.contains(&"d4b4".to_string()), "{m:?}");
    assert!(!m.contains(&"d4h4".to_string()));
    // A pawn captures through the gateway h3 onto a4.
    let pawn = position(V, "4k3/8/8/8/p7/8/6P1/4K3 w - - 0 1 wormhole=h3");
    assert!(has(&pawn, "g2a4"), "{:?}", moves_from(&pawn, "g2"));
    // A knight on f1 with a wormhole on h2 reaches b3.
    let knight = position(V, "4k3/8/8/8/8/8/8/4KN2 w - - 0 1 wormhole=h2");
    assert!(has(&knight, "f1b3"));
    // Without a gateway the path ends at the edge.
    let plain = position(V, "4k3/8/8/8/2PR4/8/8/4K3 w - - 0 1 wormhole=e6");
    assert!(!has(&plain, "d4a4"));
}

#[test]
fn wh5_a_path_stops_before_returning_to_its_start() {
    // Along rank 4 with gateways on a4 and h4: d4 goes round to c4 but never onto d4 again.
    let pos = position(V, "4k3/8/8/8/3R4/8/8/4K3 w - - 0 1 wormhole=a4,h4");
    let mut m = moves_from(&pos, "d4");
    m.retain(|t| t.ends_with('4'));
    assert_eq!(m, vec!["d4b4", "d4c4", "d4e4", "d4f4", "d4g4"]);
}

#[test]
fn wh6_kings_see_ordinary_squares_and_remove_a_wormhole_they_enter() {
    let mut pos = position(V, "4k3/8/8/8/8/8/4P3/4K3 w - - 0 1 wormhole=d2,e3");
    assert!(has(&pos, "e1d2"));
    play(&mut pos, "Kd2");
    assert!(tokens(&pos, "d2").is_none());
    assert!(tokens(&pos, "e3").is_some());
}

#[test]
fn wh6_no_castling_with_an_active_wormhole_between_king_and_rook() {
    let with = |w: &str| position(V, &format!("4k3/8/8/8/8/8/8/R3K2R w KQ - 0 1 wormhole={w}"));
    let b1 = with("b1");
    assert!(has(&b1, "e1g1") && !has(&b1, "e1c1"));
    let f1 = with("f1");
    assert!(!has(&f1, "e1g1") && has(&f1, "e1c1"));
    let far = with("d5");
    assert!(has(&far, "e1g1") && has(&far, "e1c1"));
}

#[test]
fn wh7_attacks_follow_skips_tunnels_and_gateways() {
    // A rook checks through the tunnel e3 -> e5 past its own pawn on e4.
    let tunnel = position(V, "4k3/8/8/8/4P3/8/8/4RK2 b - - 0 1 wormhole=e3,e5");
    assert!(tunnel.is_check());
    let blocked = position(V, "4k3/8/8/8/4P3/8/8/4RK2 b - - 0 1");
    assert!(!blocked.is_check());
    // A knight checks by skipping e6.
    let skip = position(V, "5k2/8/8/8/3N4/8/8/4K3 b - - 0 1 wormhole=e6");
    assert!(skip.is_check());
    // A bishop checks through the gateway h3.
    let gateway = position(V, "4k3/8/8/8/8/8/6B1/4K3 b - - 0 1 wormhole=h3");
    assert!(gateway.is_check());
}

#[test]
fn wh8_en_passant_by_a_skipping_capture_and_none_onto_a_wormhole() {
    // The pawn on f4 captures towards d6 by skipping e5: it takes the pawn on d5.
    let mut g = game(V, Some("4k3/3p4/8/8/5P2/8/8/4K3 b - - 0 1 wormhole=e5"));
    play_dice(&mut g, "d7d5", &[8, 1]);
    assert!(has(g.position(), "f4d6"), "{:?}", moves_from(g.position(), "f4"));
    play_dice(&mut g, "f4d6", &[8, 1]);
    assert_eq!(piece_letter(g.position(), "d5"), None);
    assert_eq!(piece_letter(g.position(), "d6"), Some('P'));
    // A wormhole appearing on the en-passant square ends en passant.
    let mut g = game(V, Some("4k3/3p4/8/4P3/8/8/8/4K3 b - - 0 1"));
    play_dice(&mut g, "d7d5", &[4, 6]);
    assert!(g.position().en_passant().is_none());
    assert!(!has(g.position(), "e5d6"));
}

#[test]
fn wh8_a_double_step_and_a_tunnel_to_the_same_square_are_one_double_step() {
    let pos = position(V, "4k3/8/8/3p4/8/8/4P3/4K3 w - - 0 1 wormhole=e3,e5");
    let e6: Vec<Move> =
        pos.legal_moves().iter().copied().filter(|&m| holechess_kernel::notation::lan(&pos, m) == "e2e6").collect();
    assert_eq!(e6.len(), 1);
    assert!(matches!(e6[0], Move::DoubleStep { .. }), "{:?}", e6[0]);
    let mut after = pos.clone();
    after.play_unchecked(e6[0]);
    assert_eq!(after.en_passant().map(|ep| after.geometry().name(ep.square)), Some("e4".to_string()));
    assert!(has(&after, "d5e4"), "the black pawn takes en passant on e4");
}

#[test]
fn wh8_orthodox_promotion() {
    let pos = position(V, "4k3/P7/8/8/8/8/8/4K3 w - - 0 1 wormhole=d4");
    assert_eq!(moves_from(&pos, "a7"), vec!["a7a8b", "a7a8n", "a7a8q", "a7a8r"]);
}

#[test]
fn wh2_wh4_k1_a_piece_leaving_a_dormant_wormhole_opens_a_tunnel_onto_its_king() {
    // The bishop stands on a dormant wormhole on e1. Once it leaves, e1 is the entry of a
    // tunnel from the rook on h1 to c1 (over the knight on d1) and on to the king on a1: the
    // bishop may not move, though before its move no line reaches the king.
    let pos = position(V, "7k/8/8/8/8/8/8/K2NB2r w - - 0 1 wormhole=c1,e1");
    assert!(!pos.is_check());
    assert_eq!(moves_from(&pos, "e1"), Vec::<String>::new());
    assert_same_as_made_and_unmade(&pos);
}

#[test]
fn wh3_wh7_k1_legal_moves_agree_with_each_move_made_and_unmade_along_played_games() {
    // From positions with active, dormant and edge wormholes, moves picked by a fixed
    // sequence: every legal list equals the slow route's (make, attack test, unmake),
    // as kings remove wormholes (WH6) and pieces wake dormant ones (WH2).
    let starts = [
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 wormhole=c3,f3,a5,h4,d6,e5",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 wormhole=a3,h3,a6,h6,e2,d7",
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1 wormhole=a4,h5,d4,f6,e2",
    ];
    let mut seed = 0x2545_f491_4f6c_dd1du64;
    for fen in starts {
        let mut pos = position(V, fen);
        for _ in 0..60 {
            assert_same_as_made_and_unmade(&pos);
            let legal = pos.legal_moves();
            if legal.is_empty() {
                break;
            }
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            let pick = legal.as_slice()[(seed % legal.len() as u64) as usize];
            pos.play_unchecked(pick);
        }
    }
}

/// The legal moves of `pos` are those that do not leave the mover's king attacked once made.
fn assert_same_as_made_and_unmade(pos: &holechess_kernel::Position) {
    use holechess_kernel::testing::TestHooks;
    let sorted = |list: &holechess_kernel::MoveList| {
        let mut texts: Vec<String> = list.iter().map(|&m| holechess_kernel::notation::lan(pos, m)).collect();
        texts.sort();
        texts
    };
    assert_eq!(sorted(&pos.legal_moves()), sorted(&pos.legal_moves_reference()), "{}", pos.fen());
}
