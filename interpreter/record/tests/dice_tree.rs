//! Validating dice records through the decision tree of the hooks' events: a validator keeps
//! one tree for every source, and what it reports does not depend on what the tree already
//! knows (the same verdicts cold and warm, bad dice reported by the hooks). Rulings K4, K5,
//! PT1, PT2 and the worked pot-hole example of the rules.

use std::io::Cursor;

use holechess_record::{SourceEvent, Validator, Verdict};
use holechess_runtime::PlayableVariant;

const SOURCE: &str = "\
1. e4 {[%dice 6 5 5]} d6 {[%dice 5]} 2. d3 {[%dice 2 4 3]} *

1. e4 {[%dice 6 5 5]} d6 {[%dice 5]} 2. e5 {[%dice 1]} *

1. e4 {[%dice 6 5]} *

1. e4 {[%dice 7]} *

1. e4 {[%dice 6 9 1]} *

1. e4 {[%dice 5 1]} *

1. e4 {[%dice 1]} e5 {[%dice 3]} 2. Nf3 {[%dice 2 1 1]} Nc6 {[%dice 6]} *
";

fn verdicts(validator: &Validator) -> Vec<Verdict> {
    let mut out = Vec::new();
    validator
        .run(Cursor::new(SOURCE), |event| {
            if let SourceEvent::Verdict(verdict) = event {
                out.push(verdict);
            }
        })
        .unwrap();
    out
}

#[test]
fn pt2_dice_verdicts_are_the_same_whatever_the_tree_knows() {
    let rules = PlayableVariant::load("pothole").unwrap();
    let validator = Validator::new(rules, Some(2)).unwrap();
    let cold = verdicts(&validator);
    let warm = verdicts(&validator);
    assert_eq!(cold, warm);
    let classes: Vec<&str> =
        cold.iter().map(|v| v.failure.as_ref().map_or("valid", |failure| failure.reason.class())).collect();
    assert_eq!(
        classes,
        ["valid", "illegal", "missing_dice", "impossible_dice", "impossible_dice", "surplus_dice", "valid"]
    );
    let plies: Vec<u32> = cold.iter().map(|v| v.failure.as_ref().map_or(v.plies, |failure| failure.ply)).collect();
    assert_eq!(plies, [3, 3, 1, 1, 1, 1, 4]);
}

#[test]
fn k4_one_job_playing_each_ply_as_read_gives_the_verdicts_of_two_jobs() {
    let rules = PlayableVariant::load("pothole").unwrap();
    let streamed = verdicts(&Validator::new(rules.clone(), Some(1)).unwrap());
    let batched = verdicts(&Validator::new(rules, Some(2)).unwrap());
    assert_eq!(streamed, batched, "messages and positions included");
}

/// The position a validator reaches through the tree is the game's: seeded random games of
/// the variants with after-move events (pot-holes, wormholes: K2, K4) are written as records
/// whose last move is an illegal lost turn `--`, and the failure it gives carries the position
/// before it, read cold and then warm, on one job.
#[test]
fn k2_events_read_from_the_tree_reach_the_games_own_positions() {
    use holechess_record::{random_game, record_of, write_game};
    use std::sync::Arc;
    for variant in ["pothole", "wormhole"] {
        let rules = PlayableVariant::load(variant).unwrap();
        let validator = Validator::new(Arc::clone(&rules), Some(1)).unwrap();
        let mut state = 0x9E37_79B9_7F4A_7C15u64;
        for seed in 1..=4 {
            let game = random_game(&rules, seed, 80, &mut state).unwrap();
            let record = write_game(&record_of(&game, "random", "random"));
            let movetext = record.trim_end();
            let result_at = movetext.rfind(char::is_whitespace).expect("a result token");
            let source = format!("{} -- {}\n", &movetext[..result_at], &movetext[result_at + 1..]);
            for pass in ["cold", "warm"] {
                let mut failures = Vec::new();
                validator
                    .run(Cursor::new(source.as_bytes()), |event| {
                        if let SourceEvent::Verdict(verdict) = event {
                            failures.push(verdict.failure);
                        }
                    })
                    .unwrap();
                let failure = failures.pop().flatten().expect("the lost turn is illegal");
                assert_eq!(
                    failure.fen.as_deref(),
                    Some(game.position().fen().as_str()),
                    "{variant} seed {seed}, {pass}"
                );
            }
        }
    }
}
