//! Pieces and promotion. Per-side promotion lists, an optional promotion
//! zone, promotion on the last existing square of a file, promotion only to lost pieces,
//! hopping pieces, several or no royal pieces, the `not onto rank N` modifier, and castling on
//! any rank; each on the authored example that shows it, and `check` refusing what the engine
//! cannot play.

mod common;

use common::{has, moves, moves_from, piece_letter, play};
use holechess_kernel::Position;

fn example(file: &str) -> String {
    format!("{}/examples/{file}", env!("CARGO_MANIFEST_DIR"))
}

fn position(file: &str, fen: &str) -> Position {
    common::position(&example(file), fen)
}

const ZONES: &str = "promotion-zones.hole";
const LOST: &str = "lost-pieces.hole";
const HOPPER: &str = "grasshopper.hole";
const KINGS: &str = "several-kings.hole";

#[test]
fn promotion_lists_differ_by_side() {
    let white = position(ZONES, "1k6/4P3/8/8/8/8/3p4/1K6 w - - 0 1");
    assert_eq!(moves_from(&white, "e7"), ["e7e8b", "e7e8n", "e7e8q", "e7e8r"]);
    let black = position(ZONES, "1k6/4P3/8/8/8/8/3p4/1K6 b - - 0 1");
    assert_eq!(moves_from(&black, "d2"), ["d2d1n", "d2d1q"], "Black promotes only to queen or knight");
}

#[test]
fn promotion_is_optional_in_the_zone_and_compulsory_on_the_last_rank() {
    let pos = position(ZONES, "1k6/8/8/4P3/8/8/8/1K6 w - - 0 1");
    assert_eq!(moves_from(&pos, "e5"), ["e5e6", "e5e6b", "e5e6n", "e5e6q", "e5e6r"]);
    let pos = position(ZONES, "1k6/8/8/8/4P3/8/8/1K6 w - - 0 1");
    assert_eq!(moves_from(&pos, "e4"), ["e4e5"], "rank 5 lies outside the last 3 ranks");
    let pos = position(ZONES, "1k6/8/8/8/3p4/8/8/1K6 b - - 0 1");
    assert_eq!(moves_from(&pos, "d4"), ["d4d3", "d4d3n", "d4d3q"]);
    // Staying a pawn in the zone, then promoting later.
    let mut pos = position(ZONES, "1k6/8/8/4P3/8/8/8/1K6 w - - 0 1");
    play(&mut pos, "e5e6");
    assert_eq!(piece_letter(&pos, "e6"), Some('P'));
}

#[test]
fn promotion_on_the_last_existing_square_of_a_file() {
    // a8 and h1 are permanent holes: a7 is White's last square of the a-file, h2 Black's.
    let pos = position(ZONES, "1k6/8/P7/8/8/7p/8/1K6 w - - 0 1");
    assert_eq!(moves_from(&pos, "a6"), ["a6a7b", "a6a7n", "a6a7q", "a6a7r"], "no plain a6a7");
    let pos = position(ZONES, "1k6/8/P7/8/8/7p/8/1K6 b - - 0 1");
    assert_eq!(moves_from(&pos, "h3"), ["h3h2n", "h3h2q"]);
    // Without the holes the a-file goes on: a7 is an optional square again.
    let pos = position(ZONES, "1k6/8/P7/8/8/7p/8/1K6 w - - 0 1 -");
    assert_eq!(moves_from(&pos, "a6"), ["a6a7", "a6a7b", "a6a7n", "a6a7q", "a6a7r"]);
}

#[test]
fn promotion_only_to_lost_pieces() {
    // White has every piece of the setup: the pawn on b7 has no choice, so no move to b8.
    let full = position(LOST, "2k5/1P6/8/8/8/8/P1PPPPPP/RNBQKBNR w KQ - 0 1");
    assert_eq!(moves_from(&full, "b7"), Vec::<String>::new());
    // It still attacks c8: Black, to move, is in check.
    let black = position(LOST, "2k5/1P6/8/8/8/8/P1PPPPPP/RNBQKBNR b KQ - 0 1");
    assert!(black.is_check());
    // White has lost its queen and a knight: those are the choices.
    let pos = position(LOST, "k7/1P6/8/8/8/8/P1PPPPPP/R1B1KBNR w KQ - 0 1");
    assert_eq!(moves_from(&pos, "b7"), ["b7b8n", "b7b8q"]);
}

#[test]
fn a_grasshopper_hops_over_the_first_piece_and_lands_right_behind_it() {
    let pos = position(HOPPER, "4k3/8/8/8/8/8/3P4/3GK3 w - - 0 1");
    assert_eq!(moves_from(&pos, "d1"), ["d1d3", "d1f1"], "over its own pawn and its own king");
    // A crater ends the line (f4): no hop over the pawn on f7; without craters it hops.
    let pos = position(HOPPER, "4k3/5p2/8/8/8/8/8/4KG2 w - - 0 1");
    assert!(moves_from(&pos, "f1").iter().all(|m| m != "f1f8"), "{:?}", moves(&pos));
    let pos = position(HOPPER, "4k3/5p2/8/8/8/8/8/4KG2 w - - 0 1 -");
    assert!(has(&pos, "f1f8"));
    // A capture behind the hurdle.
    let pos = position(HOPPER, "4k3/8/8/8/8/3p4/3P4/3GK3 w - - 0 1 -");
    assert!(has(&pos, "d1d3"));
}

#[test]
fn a_grasshopper_checks_over_a_hurdle_and_a_new_hurdle_can_expose_a_king() {
    let pos = position(HOPPER, "4k3/4p3/8/8/8/8/8/4G1K1 b - - 0 1 -");
    assert!(pos.is_check(), "the pawn on e7 is the hurdle, e8 right behind it");
    assert!(has(&pos, "e7e6") && has(&pos, "e7e5"), "moving the hurdle away ends the check");
    // A rook stepping in front of the king becomes a hurdle: illegal.
    let pos = position(HOPPER, "4k3/r7/8/8/8/8/8/4G1K1 b - - 0 1 -");
    assert!(!pos.is_check());
    assert!(!has(&pos, "a7e7"), "{:?}", moves_from(&pos, "a7"));
    assert!(has(&pos, "a7d7"));
}

#[test]
fn several_royal_pieces_none_may_be_left_attacked() {
    // The rook on a1 checks the king on d1, which shields the king on e1: any move of the d1
    // king opens the line to e1, so White is checkmated.
    let pos = position(KINGS, "4k3/8/8/8/8/8/8/r2KK3 w - - 0 1");
    assert!(pos.is_check());
    assert!(moves(&pos).is_empty(), "{:?}", moves(&pos));
    // With a bishop to block on b1 or c1 it is not mate.
    let pos = position(KINGS, "4k3/8/8/8/8/8/3B4/r2KK3 w - - 0 1");
    assert_eq!(moves_from(&pos, "d2"), ["d2c1"]);
}

#[test]
fn a_side_without_royal_pieces_is_never_in_check() {
    let mut pos = position(KINGS, "r7/8/8/8/8/8/8/R3KK2 w - - 0 1");
    assert!(has(&pos, "a1a8"), "Black's last piece may be captured");
    play(&mut pos, "a1a8");
    assert!(!pos.is_check());
    assert!(pos.legal_moves().is_empty(), "Black has no piece left: no move");
}

#[test]
fn not_onto_the_last_rank_bars_moves_and_attacks_there() {
    // The black king attacks e7 (White's king is in check); the white king reaches nothing
    // on rank 8, and attacks nothing there.
    let white = position(KINGS, "3k4/4K3/8/8/8/8/8/8 w - - 0 1");
    assert!(white.is_check());
    assert_eq!(moves_from(&white, "e7"), ["e7d6", "e7e6", "e7f6", "e7f7"]);
    let black = position(KINGS, "3k4/4K3/8/8/8/8/8/8 b - - 0 1");
    assert!(!black.is_check());
    assert_eq!(moves_from(&black, "d8"), ["d8c7", "d8c8", "d8e8"]);
}

#[test]
fn castling_on_the_rank_the_setup_gives() {
    let mut pos = common::position("chess", "4k3/8/8/8/8/8/R3K2R/8 w KQ - 0 1");
    assert!(has(&pos, "e2g2") && has(&pos, "e2c2"), "{:?}", moves_from(&pos, "e2"));
    play(&mut pos, "e2g2");
    assert_eq!(pos.fen(), "4k3/8/8/8/8/8/R4RK1/8 b - - 1 1");
}

fn refused(script: &str) -> String {
    let text = format!("variant \"Pieces\"\n  id pieces\n  summary \"x\"\nextends chess\n{script}");
    match holechess_lang::load_str("pieces.hole", &text) {
        Ok(_) => panic!("accepted:\n{text}"),
        Err(d) => d.to_string(),
    }
}

#[test]
fn check_refuses_what_the_engine_cannot_play() {
    let d = refused("piece guard G\n  steps orthogonally\n  may promote in the last 2 ranks\n");
    assert!(d.contains("pieces.hole:7:3") && d.contains("no promotion for this clause"), "{d}");
    let d = refused("include hole-mechanics\npiece grasshopper G\n  hops orthogonally\ntoken worm\n  behaves as tunnel-square\n  shown as ~\n");
    assert!(d.contains("pieces.hole:6") && d.contains("absent tokens"), "{d}");
    let d = refused("piece guard G\n  steps orthogonally, not onto rank 20\n");
    assert!(d.contains("pieces.hole:6") && d.contains("rank 20 is off the board"), "{d}");
    let d = refused(
        "piece pawn P\n  steps forward\n  promotes on the last 2 ranks to queen\n  may promote on the last rank\n",
    );
    assert!(d.contains("pieces.hole:8:") && d.contains("optional promotion zone"), "{d}");
}
