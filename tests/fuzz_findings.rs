//! What the cargo-fuzz campaigns found, each as the smallest input that shows it and the
//! behaviour it must have instead (the inputs themselves are replayed from
//! `fuzz/regressions/` by `tests/fuzz_corpus.rs`).

use holechess_kernel::notation::parse_move;
use holechess_kernel::Position;
use holechess_record::{replay_record, PgnReader};
use holechess_runtime::PlayableVariant;

/// A black pawn "step" to an empty square of the eighth rank would start off the board: the
/// record names no move there (the fast path once shifted a bit past the board's 64 squares).
#[test]
fn a_black_pawn_step_to_the_eighth_rank_is_no_move() {
    let chess = PlayableVariant::load("chess").expect("chess");
    let pgn = b"1. e4 e5 2. Nf3 Bc5 3. Nc3 f8 *\n";
    let record = PgnReader::from_bytes(pgn).games().next().expect("a game").expect("readable");
    let failure = replay_record(&record, &chess).failure.expect("f8 is illegal");
    assert_eq!((failure.ply, failure.text.as_str()), (6, "f8"));
}

/// The same from a set-up position with an empty eighth rank but Black's king, in the
/// notation reader and in a record.
#[test]
fn a_black_pawn_capture_to_the_eighth_rank_is_no_move() {
    let chess = PlayableVariant::load("chess").expect("chess");
    let pos = Position::from_fen(chess.variant(), "4k3/8/8/8/8/8/4p3/R3K3 b - - 0 1").expect("fen");
    for text in ["exd8", "e8", "d8"] {
        assert!(parse_move(&pos, text).is_err(), "{text} is no black move");
        let pgn = format!("[SetUp \"1\"]\n[FEN \"{}\"]\n\n1... {text} *\n", pos.fen());
        let record = PgnReader::from_bytes(pgn.as_bytes()).games().next().expect("a game").expect("readable");
        let failure = replay_record(&record, &chess).failure.expect("illegal");
        assert_eq!((failure.ply, failure.text.as_str()), (1, text));
    }
}

/// A dice comment whose word is a comma alone (or has an empty part between commas) is a bad
/// outcome with its text, not an index into an empty word (the reader once panicked).
#[test]
fn a_dice_outcome_of_commas_alone_is_a_bad_outcome() {
    let pothole = PlayableVariant::load("pothole").expect("pothole");
    for dice in [",", ",,", "6,,5", ",5"] {
        let pgn = format!("[Variant \"pothole\"]\n\n1. e4 {{[%dice {dice} 5 5]}} *\n");
        let games: Vec<_> = PgnReader::from_bytes(pgn.as_bytes()).games().collect();
        let record = games[0].as_ref().expect("readable");
        let failure = replay_record(record, &pothole).failure.expect("a bad dice outcome");
        assert_eq!(failure.reason.class(), "malformed", "{dice}: {failure:?}");
        assert!(failure.reason.to_string().contains(dice), "{dice}: {}", failure.reason);
    }
}
