//! The table walker's one walk over the next-square graph and the legality filter that reads
//! pins for every royal piece: moves that add a royal piece, royal pieces on linked squares
//! and several royal pieces are judged as the full test (make, attack test, unmake) judges.

mod common;

use common::{catalogue, has, moves_from, position};

/// Coregal: a promotion to the royal queen onto an attacked square leaves a royal piece
/// attacked, so it is illegal, while the promotion to a knight there is legal (K1).
#[test]
fn a_promotion_to_a_royal_piece_onto_an_attacked_square_is_illegal_k1() {
    let pos = position(&catalogue("coregal.hole"), "7k/3P4/8/8/8/8/3r4/K7 w - - 0 1");
    assert!(!has(&pos, "d7d8q"), "{:?}", moves_from(&pos, "d7"));
    assert!(has(&pos, "d7d8n"), "{:?}", moves_from(&pos, "d7"));
}

/// Two kings a side: each king's pinned pieces stay pinned while the other king moves, and a
/// king may not step onto a square the enemy attacks (K1 for every royal piece).
#[test]
fn every_royal_piece_has_its_own_pins() {
    let examples = std::path::PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("examples/several-kings.hole");
    let pos = position(examples.to_str().unwrap(), "4k3/8/8/8/8/r1B1K3/7r/3K4 w - - 0 1");
    // The bishop on c3 shields the king on e3 from the rook on a3: it may not move.
    assert_eq!(moves_from(&pos, "c3"), Vec::<String>::new());
    // The king on d1 may not step onto the second rank, where the rook on h2 attacks.
    let king = moves_from(&pos, "d1");
    assert_eq!(king, ["d1c1", "d1e1"]);
}

/// Links: a king on a linked square is attacked only while a far end is free, so a move
/// that frees the far end exposes it, though the piece that moves is pinned along no line.
#[test]
fn freeing_the_far_end_of_the_kings_linked_square_exposes_it() {
    let examples = std::path::PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("examples/linked-squares.hole");
    let pos = position(examples.to_str().unwrap(), "r3k3/8/7N/8/8/K7/8/8 w - - 0 1");
    assert_eq!(moves_from(&pos, "h6"), Vec::<String>::new());
    assert!(has(&pos, "a3b2"));
}

/// A script `extends chess` with `body` after its header.
fn script(body: &str) -> std::sync::Arc<holechess_kernel::Variant> {
    let text = format!("variant \"Graph\"\n  id graph\n  summary \"a test\"\n\nextends chess\n\n{body}");
    holechess_lang::load_str("graph.hole", &text).unwrap_or_else(|e| panic!("{body}: {}", e.render())).variant
}

/// `not onto the last rank`: the movement attacks nothing on that rank, so a capture there
/// is no move even where a link would carry the capturer on to a far end off the rank; move
/// generation and the attack test agree.
#[test]
fn a_capture_on_a_barred_rank_through_a_link_is_no_move() {
    let v = script(
        "piece warden W\n  value 500\n  slides orthogonally, not onto the last rank\n\nlinks\n  a8 = h3\n  entered on capture\n",
    );
    let pos = holechess_kernel::Position::from_fen(&v, "n3k3/8/8/8/8/8/8/W3K3 w - - 0 1").unwrap();
    let a8 = pos.variant().geometry().parse_square("a8", 0).unwrap();
    assert!(!pos.is_attacked(a8, holechess_kernel::Side::White));
    let rook = moves_from(&pos, "a1");
    assert!(rook.iter().all(|m| !m.contains("a8") && !m.contains("h3")), "{rook:?}");
    assert!(rook.contains(&"a1a7".to_string()), "{rook:?}");
}

/// WH6 with royal sliders: absent squares exist for royal pieces, which move plainly, so a
/// royal queen attacks along its whole ray on a board with wormholes, not only the square
/// next to it (K1): the king may not step onto that ray.
#[test]
fn a_royal_slider_attacks_along_its_whole_ray_beside_wormholes_wh6() {
    let v = script(
        "include hole-mechanics\n\nmarker wormhole\n  behaves as tunnel-square\n  shown as ~\n  default d4 e5\n\n\
         piece queen Q\n  royal\n  value 900\n  slides in all directions\n\nrules\n  any number of royal pieces\n",
    );
    let pos = holechess_kernel::Position::from_fen(&v, "4k3/8/8/8/7q/8/8/4K3 w - - 0 1").unwrap();
    assert!(pos.is_check(), "the queen on h4 gives check along h4-e1");
    assert_eq!(moves_from(&pos, "e1"), ["e1d1", "e1d2", "e1e2", "e1f1"]);
}

/// WH6 with royal sliders on every back-end: whichever back-end the variant takes (the bit
/// boards' wormhole form reads royal attacks one step deep, so it leaves royal sliders to the
/// table walker) counts what the table walker counts (K1).
#[test]
fn a_royal_slider_beside_wormholes_counts_the_same_on_every_back_end_wh6() {
    use holechess_kernel::testing::TestHooks;
    let v = script(
        "include hole-mechanics\n\nmarker wormhole\n  behaves as tunnel-square\n  shown as ~\n  default d4 e5\n\n\
         piece queen Q\n  royal\n  value 900\n  slides in all directions\n\nrules\n  any number of royal pieces\n",
    );
    for fen in ["4k3/8/8/8/7q/8/8/4K3 w - - 0 1", "4k3/8/8/8/7q/8/8/4K3 b - - 0 1", "3qk3/8/8/8/8/8/8/3QK3 w - - 0 1"] {
        let mut pos = holechess_kernel::Position::from_fen(&v, fen).unwrap();
        for depth in 1..=3 {
            let general = pos.clone().general_perft(depth);
            assert_eq!(holechess_kernel::perft::perft(&mut pos, depth), general, "{fen} depth {depth}");
        }
    }
}
