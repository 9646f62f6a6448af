//! Replay verdicts: each failure reason on a small record, with its ply and move, and the
//! docs/rules.md worked example for Pot-Hole Chess (K4 dice in the record).

use std::sync::Arc;

use holechess_record::{replay_record, PgnReader, Replay};
use holechess_runtime::PlayableVariant;

fn replay(variant: &str, pgn: &str) -> Replay {
    let rules: Arc<PlayableVariant> = PlayableVariant::load(variant).expect("variant loads");
    let record = PgnReader::from_bytes(pgn.as_bytes()).games().next().expect("a game").expect("readable");
    replay_record(&record, &rules)
}

/// (reason class, ply, move text) of the first failure.
fn failure(variant: &str, pgn: &str) -> (&'static str, u32, String) {
    let failure = replay(variant, pgn).failure.expect("invalid");
    (failure.reason.class(), failure.ply, failure.text)
}

fn fails_with(variant: &str, pgn: &str, class: &str, ply: u32, text: &str) {
    let (got_class, got_ply, got_text) = failure(variant, pgn);
    assert_eq!((got_class, got_ply, got_text.as_str()), (class, ply, text), "{pgn}");
}

#[test]
fn orthodox_games_in_san_and_long_algebraic_are_valid() {
    let san = replay("chess", "1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 4. O-O Nf6 5. d3 Be7 *");
    assert_eq!((san.plies, san.failure), (10, None));
    let lan = replay("chess", "1. e2e4 e7e5 2. g1f3 b8c6 3. f1c4 g8f6 4. e1g1 *");
    assert!(lan.is_valid(), "{:?}", lan.failure);
    let rook = replay("chess", "1. e4 e5 2. Nf3 Nc6 3. Bc4 Nf6 4. e1h1 *");
    assert!(rook.is_valid(), "king-takes-rook castling: {:?}", rook.failure);
    let zeros = replay("chess", "1. e4 e5 2. Nf3 Nc6 3. Bc4 Nf6 4. 0-0 *");
    assert!(zeros.is_valid());
}

#[test]
fn illegal_moves_name_the_piece_and_the_position() {
    let failure = replay("chess", "1. e4 e5 2. Ke3 *").failure.expect("invalid");
    assert_eq!((failure.reason.class(), failure.ply), ("illegal", 3));
    let message = failure.reason.to_string();
    assert!(message.contains("white king on e1"), "{message}");
    assert_eq!(failure.fen.as_deref(), Some("rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq e6 0 2"));
}

#[test]
fn a_san_pawn_move_stays_on_its_file() {
    // After 1. e4 d5, `d5`-capturing needs `exd5`; `d5` alone is no white move.
    fails_with("chess", "1. e4 d5 2. d5 *", "illegal", 3, "d5");
}

#[test]
fn ambiguous_san_lists_the_candidates() {
    let pgn = "[FEN \"4k3/8/8/8/8/8/4K3/R6R w - - 0 1\"]\n\n1. Rd1 *";
    let failure = replay("chess", pgn).failure.expect("invalid");
    assert_eq!(failure.reason.class(), "ambiguous");
    let message = failure.reason.to_string();
    assert!(message.contains("Rad1") && message.contains("Rhd1"), "{message}");
}

#[test]
fn no_move_after_checkmate_k9() {
    fails_with("chess", "1. f3 e5 2. g4 Qh4# 3. a3 0-1", "game_over", 5, "a3");
}

#[test]
fn the_result_must_match_a_finished_game() {
    assert!(replay("chess", "1. f3 e5 2. g4 Qh4# 0-1").is_valid());
    fails_with("chess", "1. f3 e5 2. g4 Qh4# 1-0", "result_mismatch", 5, "1-0");
    fails_with("chess", "1. f3 e5 2. g4 Qh4# *", "result_mismatch", 5, "*");
    // A resignation or an agreed draw in an open position is fine.
    assert!(replay("chess", "1. e4 e5 1/2-1/2").is_valid());
}

#[test]
fn dice_in_a_variant_without_dice() {
    fails_with("chess", "1. e4 {[%dice 3]} e5 *", "unexpected_dice", 1, "e4");
}

#[test]
fn another_variant_tag_is_reported() {
    fails_with("chess", "[Variant \"pothole\"]\n\n1. e4 *", "wrong_variant", 0, "");
    assert!(replay("chess", "[Variant \"Standard\"]\n\n1. e4 *").is_valid());
}

#[test]
fn malformed_movetext_after_legal_moves() {
    fails_with("chess", "1. e4 e5 2. Nf3 ) *", "malformed", 4, "");
}

/// docs/rules.md worked example (PT, K4): the d6 6 opens a pot-hole on e5 (d8 5, d8 5).
#[test]
fn pothole_worked_example() {
    let pgn = "[Variant \"pothole\"]\n\n1. e4 {[%dice 6 5 5]} d6 {[%dice 5]} 2. d3 {[%dice 2 4 3]} *";
    let valid = replay("pothole", pgn);
    assert_eq!((valid.plies, valid.failure), (3, None));
    let blocked = "1. e4 {[%dice 6 5 5]} d6 {[%dice 5]} 2. e5 {[%dice 1]} *";
    let failure = replay("pothole", blocked).failure.expect("e5 is a pot-hole");
    assert_eq!((failure.reason.class(), failure.ply), ("illegal", 3));
    assert!(failure.reason.to_string().contains("pothole"), "{}", failure.reason);
}

#[test]
fn pothole_dice_must_be_complete_and_possible_k4() {
    fails_with("pothole", "1. e4 *", "missing_dice", 1, "e4");
    fails_with("pothole", "1. e4 {[%dice 6 5]} *", "missing_dice", 1, "e4");
    fails_with("pothole", "1. e4 {[%dice 7]} *", "impossible_dice", 1, "e4");
    fails_with("pothole", "1. e4 {[%dice 1 2]} *", "surplus_dice", 1, "e4");
}

/// `[Holes]` replaces the default porthole squares (PH1); a square listed twice is a
/// stack of two (K8), which blocks like a piece (PH2, PH6).
#[test]
fn holes_tag_sets_the_token_layout() {
    let rules = PlayableVariant::load("porthole").expect("porthole loads");
    let pgn = "[Variant \"porthole\"]\n[Holes \"e3 e3 d5\"]\n\n1. e4 *";
    let record = PgnReader::from_bytes(pgn.as_bytes()).games().next().unwrap().unwrap();
    let start = holechess_record::start_position(&record.game, &rules).expect("start");
    assert!(start.fen().ends_with("porthole=d5,e3*2") || start.fen().ends_with("porthole=e3*2,d5"), "{}", start.fen());
    let failure = replay_record(&record, &rules).failure.expect("e2-e4 passes the stack");
    assert_eq!((failure.reason.class(), failure.ply), ("illegal", 1));
    assert!(replay("porthole", "[Variant \"porthole\"]\n\n1. e4 *").is_valid());
}
