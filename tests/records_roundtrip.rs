//! Records of every bundled variant: seeded self-play games are written as PGN, read back,
//! rewritten identically, and validate against the variant with their recorded dice.

use std::sync::Arc;

use holechess_kernel::zobrist::splitmix64;
use holechess_record::{record_of, replay_record, write_game, PgnReader};
use holechess_runtime::{Game, PlayableVariant};

const VARIANTS: [&str; 7] = ["chess", "porthole", "standard-portal", "pothole", "wormhole", "portal", "portal-one-set"];

/// A seeded game of random legal moves (dice from the same seed).
fn self_play(rules: &Arc<PlayableVariant>, seed: u64, plies: usize) -> Game {
    let mut game = Game::seeded(Arc::clone(rules), seed);
    let mut state = seed;
    for _ in 0..plies {
        if game.status().is_over() {
            break;
        }
        let legal = game.position().legal_moves();
        state = splitmix64(state);
        let mv = legal.as_slice()[(state % legal.len() as u64) as usize];
        game.play(mv).expect("a legal move plays");
    }
    game
}

#[test]
fn self_play_records_round_trip_and_validate_in_every_variant() {
    for id in VARIANTS {
        let rules = PlayableVariant::load(id).unwrap();
        for seed in 1..=3 {
            let session = self_play(&rules, seed, 60);
            let text = write_game(&record_of(&session, "white", "black"));
            let mut items = PgnReader::from_bytes(text.as_bytes());
            let Some(Ok(record)) = items.next() else { panic!("{id} seed {seed}: no game in\n{text}") };
            assert!(record.problem.is_none(), "{id} seed {seed}: {:?}\n{text}", record.problem);
            assert_eq!(record.game.plies(), session.plies().len(), "{id} seed {seed}");
            assert_eq!(write_game(&record.game), text, "{id} seed {seed}: rewriting is stable");
            let replay = replay_record(&record, &rules);
            assert!(replay.is_valid(), "{id} seed {seed}: {:?}\n{text}", replay.failure);
        }
    }
}

#[test]
fn dice_variants_record_every_roll() {
    for id in ["pothole", "wormhole"] {
        let rules = PlayableVariant::load(id).unwrap();
        let session = self_play(&rules, 11, 20);
        let record = record_of(&session, "a", "b");
        for (entry, ply) in record.moves.iter().zip(session.plies()) {
            assert!(!entry.dice().is_empty(), "{id}: K4 every ply carries its outcomes");
            assert_eq!(entry.dice().len(), ply.rolls.len());
        }
    }
}
