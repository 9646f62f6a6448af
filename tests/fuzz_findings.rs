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

/// An after-move event that puts a piece on the square a double step has just passed ends the
/// en-passant right: the game, the computer's sampled outcomes and perft all reach positions
/// the notation reads back (the sampled outcome once kept `e3` with a queen on it).
#[test]
fn an_event_onto_the_passed_square_ends_en_passant() {
    let text = "variant \"Queen to e3\"\n  id queen-to-e3\n\nextends chess\n\nafter each move: call event()\n  rhai ```\nfn event() {\n    move_piece(\"d1\", \"e3\");\n}\n```\n";
    let loaded = holechess_lang::load_str("queen-to-e3.hole", text).expect("loads");
    let rules = std::sync::Arc::new(PlayableVariant::from_loaded(loaded).expect("hooks compile"));
    let mut after_e4 = rules.start_position();
    after_e4.play_unchecked(parse_move(&after_e4, "e4").expect("e4"));
    let outcomes = holechess_runtime::EventTree::new(&rules).sample(&after_e4, 4, 1);
    assert!(!outcomes.is_empty());
    for (_, outcome) in outcomes {
        let fen = outcome.fen();
        assert_eq!(fen, "rnbqkbnr/pppppppp/8/8/4P3/4Q3/PPPP1PPP/RNB1KBNR b KQkq - 0 1");
        let read = Position::from_fen(rules.variant(), &fen).expect("reads back");
        assert_eq!(read.hash(), outcome.hash(), "the hash forgets the en-passant square too");
    }
    let mut game = holechess_runtime::Game::seeded(std::sync::Arc::clone(&rules), 1);
    let e4 = parse_move(game.position(), "e4").expect("e4");
    game.play(e4).expect("played");
    assert!(game.position().fen().contains(" b KQkq - "), "{}", game.position().fen());
}

/// A pawn the event removes right after its double step cannot be taken en passant either.
#[test]
fn an_event_removing_the_double_stepped_pawn_ends_en_passant() {
    let text = "variant \"Vanish\"\n  id vanish\n\nextends chess\n\nafter each move: call event()\n  rhai ```\nfn event() {\n    if piece_name(\"e4\") != \"\" { remove_piece(\"e4\"); }\n}\n```\n";
    let loaded = holechess_lang::load_str("vanish.hole", text).expect("loads");
    let rules = std::sync::Arc::new(PlayableVariant::from_loaded(loaded).expect("hooks compile"));
    let mut game = holechess_runtime::Game::seeded(std::sync::Arc::clone(&rules), 1);
    let e4 = parse_move(game.position(), "e4").expect("e4");
    game.play(e4).expect("played");
    let fen = game.position().fen();
    assert_eq!(fen, "rnbqkbnr/pppppppp/8/8/8/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1");
    Position::from_fen(rules.variant(), &fen).expect("reads back");
}
