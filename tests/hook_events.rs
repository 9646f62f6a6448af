//! Move-aware events and game-start hooks, end to end: Crater on Capture
//! (`examples/crater-on-capture.hole`, `last_move()` in an after-move hook), Random Portals
//! (`examples/random-portals.hole`, an `at game start` hook whose dice are part of the
//! record, K4) and `remove hook NAME`.

mod common;

use std::path::PathBuf;
use std::sync::Arc;

use common::*;
use holechess_kernel::perft::perft;
use holechess_kernel::Position;
use holechess_record::{record_of, replay_record, write_game, PgnReader, Reason};
use holechess_runtime::{Dice, Game, GameError, PlayableVariant};

fn example(file: &str) -> Arc<PlayableVariant> {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("examples").join(file);
    PlayableVariant::load(path.to_str().unwrap()).unwrap_or_else(|e| panic!("{file} loads: {e}"))
}

fn read_one(text: &str) -> holechess_record::GameRecord {
    let mut items = PgnReader::from_bytes(text.as_bytes());
    let Some(Ok(record)) = items.next() else { panic!("no game in\n{text}") };
    record
}

fn crater_game(moves: &[&str]) -> Game {
    let rules = example("crater-on-capture.hole");
    let mut game = Game::new(Arc::clone(&rules), rules.start_position(), Dice::seeded(0));
    for text in moves {
        game.play_text(text).unwrap_or_else(|e| panic!("{text}: {e}"));
    }
    game
}

#[test]
fn crater_opens_on_the_capture_square_for_two_plies() {
    let game = crater_game(&["e4", "d5", "exd5"]);
    let crater = tokens(game.position(), "d5").expect("a crater under the capturer");
    assert_eq!(crater.timer, 2);
    assert!(game.plies()[2].notes[0].contains("took a pawn on d5"), "{:?}", game.plies()[2].notes);
    // PT3-like: the capturer on its crater cannot be taken back while it is open.
    let mut blocked = game.clone();
    let err = blocked.play_text("Qxd5").unwrap_err().to_string();
    assert!(err.contains("not a legal move"), "{err}");
    // PT4-like: open during the next two plies, closed when the second is complete.
    let game = crater_game(&["e4", "d5", "exd5", "Nf6", "Nc3"]);
    assert!(tokens(game.position(), "d5").is_none());
    let mut after = game.clone();
    after.play_text("Nxd5").expect("the crater has closed: the recapture is legal");
}

#[test]
fn crater_after_en_passant_is_on_the_taken_pawns_square() {
    let game = crater_game(&["e4", "a6", "e5", "d5", "exd6"]);
    assert!(tokens(game.position(), "d5").is_some(), "the pawn taken stood on d5");
    assert!(tokens(game.position(), "d6").is_none());
}

#[test]
fn crater_perft_runs_the_after_move_hook_k6() {
    let crater = example("crater-on-capture.hole");
    let chess = rules("chess");
    // K6: the hook rolls no die, so it runs in perft: a capture's crater forbids a recapture
    // on its square at the next ply (from the start, first at depth 4: 1. e4 d5 2. exd5 Qxd5).
    let fens = [
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
    ];
    let pinned = [[20, 400, 8902, 197_258], [48, 2025, 96_592, 0]];
    for (fen, counts) in fens.iter().zip(pinned) {
        for depth in 1..=counts.iter().filter(|&&n| n > 0).count() as u32 {
            let mut pos = Position::from_fen(crater.variant(), fen).unwrap();
            let got = holechess_runtime::perft::perft(&crater, &mut pos, depth).unwrap();
            assert_eq!(got, counts[depth as usize - 1], "{fen} depth {depth}");
        }
    }
    let mut start = chess.start_position();
    assert_eq!(perft(&mut start, 4), 197_281, "chess, where the same recaptures are legal");
}

#[test]
fn crater_records_round_trip_and_a_recapture_into_a_crater_is_invalid_at_its_ply() {
    let rules = example("crater-on-capture.hole");
    let game = crater_game(&["e4", "d5", "exd5", "Nf6", "Nc3", "Nxd5"]);
    let text = write_game(&record_of(&game, "w", "b"));
    let replay = replay_record(&read_one(&text), &rules);
    assert!(replay.is_valid(), "{:?}\n{text}", replay.failure);
    assert_eq!(replay.plies, 6);
    let bad = read_one("[Variant \"crater-on-capture\"]\n\n1. e4 d5 2. exd5 Qxd5 *\n");
    let failure = replay_record(&bad, &rules).failure.expect("the crater forbids Qxd5");
    assert_eq!(failure.ply, 4);
    assert!(failure.reason.to_string().contains("crater"), "{}", failure.reason);
}

#[test]
fn random_portals_rolls_its_layout_before_the_first_move() {
    let rules = example("random-portals.hole");
    let game = Game::from_start(Arc::clone(&rules), Dice::seeded(5)).unwrap();
    let rolls = &game.setup().rolls;
    assert!(rolls.len() >= 16, "two dice per portal at least: {rolls:?}");
    assert_eq!(token_total(game.start()), 8);
    for sq in game.start().token_squares() {
        let rank = game.start().geometry().rank_of(sq) + 1;
        assert!((3..=6).contains(&rank), "a portal on rank {rank}");
    }
    // The same seed gives the same layout; the recorded rolls give it back.
    let again = Game::from_start(Arc::clone(&rules), Dice::seeded(5)).unwrap();
    assert_eq!(again.start().fen(), game.start().fen());
    let outcomes: Vec<u32> = rolls.iter().map(|r| u32::from(r.value)).collect();
    let replayed = Game::from_recorded_start(Arc::clone(&rules), &outcomes).unwrap();
    assert_eq!(replayed.start().fen(), game.start().fen());
}

#[test]
fn random_portals_perft_counts_from_the_declared_layout_k6() {
    let random = example("random-portals.hole");
    let portal = rules("standard-portal");
    for depth in 1..=3 {
        let got = perft(&mut random.start_position(), depth);
        assert_eq!(got, perft(&mut portal.start_position(), depth), "depth {depth}");
        assert_eq!(got, [54, 2_628, 110_786][depth as usize - 1], "depth {depth}");
    }
    // From a rolled layout the moves are Standard Portal Chess's from the same position.
    let rolled = Game::from_start(Arc::clone(&random), Dice::seeded(9)).unwrap().start().fen();
    for depth in 1..=3 {
        let mine = perft(&mut Position::from_fen(random.variant(), &rolled).unwrap(), depth);
        let reference = perft(&mut Position::from_fen(portal.variant(), &rolled).unwrap(), depth);
        assert_eq!(mine, reference, "{rolled} depth {depth}");
    }
}

#[test]
fn random_portals_records_carry_the_start_rolls_and_validate() {
    let rules = example("random-portals.hole");
    let mut game = Game::seeded(Arc::clone(&rules), 7);
    for _ in 0..6 {
        let mv = game.position().legal_moves().as_slice()[0];
        game.play(mv).unwrap();
    }
    let text = write_game(&record_of(&game, "w", "b"));
    assert!(text.contains("{[%dice "), "{text}");
    assert!(!text.contains("[FEN"), "the start rolls give the start: {text}");
    let record = read_one(&text);
    assert_eq!(write_game(&record.game), text, "rewriting is stable");
    let replay = replay_record(&record, &rules);
    assert!(replay.is_valid(), "{:?}\n{text}", replay.failure);
    assert_eq!(replay.plies, 6);
}

#[test]
fn k4_a_missing_surplus_or_impossible_start_roll_is_invalid_at_ply_zero() {
    let rules = example("random-portals.hole");
    let game = Game::seeded(Arc::clone(&rules), 7);
    let rolls: Vec<String> = game.setup().rolls.iter().map(|r| r.value.to_string()).collect();
    let record = |dice: &str| read_one(&format!("[Variant \"random-portals\"]\n\n{dice}1. e3 *\n"));
    let missing = replay_record(&record(""), &rules).failure.unwrap();
    assert_eq!(missing.ply, 0);
    assert!(matches!(missing.reason, Reason::MissingDice { .. }), "{:?}", missing.reason);
    let short = format!("{{[%dice {}]}} ", rolls[..rolls.len() - 1].join(" "));
    assert!(matches!(replay_record(&record(&short), &rules).failure.unwrap().reason, Reason::MissingDice { .. }));
    let surplus = format!("{{[%dice {} 1]}} ", rolls.join(" "));
    let failure = replay_record(&record(&surplus), &rules).failure.unwrap();
    assert!(matches!(failure.reason, Reason::SurplusDice { left: 1 }), "{:?}", failure.reason);
    let impossible = format!("{{[%dice 9 {}]}} ", rolls[1..].join(" "));
    let failure = replay_record(&record(&impossible), &rules).failure.unwrap();
    assert!(matches!(failure.reason, Reason::ImpossibleDice { .. }), "{:?}", failure.reason);
    // A variant without a game-start hook takes no start rolls.
    let chess = read_one("[Variant \"chess\"]\n\n{[%dice 3]} 1. e4 *\n");
    let failure = replay_record(&chess, &common::rules("chess")).failure.unwrap();
    assert!(matches!(failure.reason, Reason::UnexpectedStartDice { rolls_later: false, .. }), "{:?}", failure.reason);
}

#[test]
fn a_given_position_skips_the_game_start_hooks() {
    let rules = example("random-portals.hole");
    let game = Game::new(Arc::clone(&rules), rules.start_position(), Dice::seeded(1));
    assert!(game.setup().rolls.is_empty());
    assert!(matches!(
        PlayableVariant::recorded_start(&common::rules("chess"), &[1]),
        Err(GameError::UnexpectedStartDice)
    ));
}

fn script(body: &str) -> Result<PlayableVariant, String> {
    let text = format!("variant \"Quiet\"\n  id quiet-pothole\n\nextends pothole\n{body}\n");
    let loaded = holechess_lang::load_str("quiet.hole", &text).map_err(|d| d.render())?;
    PlayableVariant::from_loaded(loaded).map_err(|e| e.to_string())
}

#[test]
fn remove_hook_drops_an_inherited_hook() {
    assert!(script("").unwrap().has_events(), "pothole rolls after every move");
    let quiet = script("remove hook open_pit").unwrap();
    assert!(!quiet.has_events(), "the inherited after-move hook is gone");
    let replaced =
        script("remove hook open_pit\nafter each move: call calm()\n  rhai ```\nfn calm() { note(\"calm\"); }\n```")
            .unwrap();
    let replaced = Arc::new(replaced);
    let mut game = Game::new(Arc::clone(&replaced), replaced.start_position(), Dice::seeded(1));
    let ply = game.play_text("e4").unwrap();
    assert_eq!(ply.notes, vec!["calm".to_string()], "only the new hook runs");
    assert!(ply.rolls.is_empty());
    let missing = script("remove hook no_such_function").unwrap_err();
    assert!(missing.contains("there is no hook `no_such_function` to remove"), "{missing}");
}
