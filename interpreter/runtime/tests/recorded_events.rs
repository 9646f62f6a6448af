//! Replaying recorded dice through the hooks' decision tree (what record validation does,
//! K4): along random games of every bundled variant with dice, the tree gives exactly the
//! position the hooks give with the same dice, and it declines (so the hooks run and report
//! the error) when a record gives too few, too many or impossible outcomes. Rulings K4, K5,
//! PT1, PT2, WH1.

use std::sync::Arc;

use holechess_kernel::Position;
use holechess_runtime::{Dice, EventTree, PlayableVariant};

/// The after-move positions of a seeded random game, each with the faces the hooks rolled.
fn plies(rules: &Arc<PlayableVariant>, seed: u64, count: usize) -> Vec<(Position, Vec<u8>)> {
    let mut pos = rules.start_position();
    let mut state = seed.wrapping_mul(0x2545_F491_4F6C_DD1D) | 1;
    let mut out = Vec::new();
    for ply in 0..count {
        let legal = pos.legal_moves();
        if legal.is_empty() {
            break;
        }
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        pos.play_unchecked(legal.as_slice()[(state % legal.len() as u64) as usize]);
        let (outcome, _) = rules.hooks.after_move(pos.clone(), Dice::seeded(seed * 1000 + ply as u64));
        let outcome = outcome.expect("the hooks run on a legal game");
        out.push((pos.clone(), outcome.rolls.iter().map(|roll| roll.value).collect()));
        pos = outcome.position;
    }
    out
}

/// What the hooks give for `faces` after `after_move`: the position, or `None` on an error
/// or when outcomes are left over.
fn hooks_give(rules: &PlayableVariant, after_move: &Position, faces: &[u8]) -> Option<Position> {
    let dice = Dice::recorded(faces.iter().map(|&f| u32::from(f)));
    let (outcome, dice) = rules.hooks.after_move(after_move.clone(), dice);
    outcome.ok().filter(|_| dice.remaining() == 0).map(|outcome| outcome.position)
}

fn same_as_the_hooks(variant: &str) {
    let rules = PlayableVariant::load(variant).unwrap();
    let tree = EventTree::new(&rules);
    for seed in 1..=12 {
        for (after_move, faces) in plies(&rules, seed, 120) {
            let expected = hooks_give(&rules, &after_move, &faces).expect("the rolled faces are valid");
            let got = tree.replay_recorded(&after_move, &faces).expect("the tree knows or learns every valid path");
            let got = got.unwrap_or_else(|| after_move.clone());
            assert_eq!(got.fen(), expected.fen(), "{variant} after {} with {faces:?}", after_move.fen());
            assert_eq!(got.hash(), expected.hash());
        }
    }
    assert!(tree.rhai_runs() > 0);
}

#[test]
fn pt1_pothole_events_from_the_tree_are_the_hooks_events() {
    same_as_the_hooks("pothole");
}

#[test]
fn pt6_pothole_plus_events_from_the_tree_are_the_hooks_events() {
    same_as_the_hooks(concat!(env!("CARGO_MANIFEST_DIR"), "/../../examples/pothole-plus.hole"));
}

#[test]
fn wh1_wormhole_events_from_the_tree_are_the_hooks_events() {
    same_as_the_hooks("wormhole");
}

#[test]
fn k4_missing_surplus_and_impossible_outcomes_are_left_to_the_hooks() {
    let rules = PlayableVariant::load("pothole").unwrap();
    let tree = EventTree::new(&rules);
    let after_move = plies(&rules, 3, 1).remove(0).0;
    assert!(tree.replay_recorded(&after_move, &[5]).is_some(), "an odd d6 is a whole event");
    assert!(tree.replay_recorded(&after_move, &[]).is_none(), "missing d6");
    assert!(tree.replay_recorded(&after_move, &[6, 5]).is_none(), "missing second d8");
    assert!(tree.replay_recorded(&after_move, &[5, 1]).is_none(), "surplus outcome");
    assert!(tree.replay_recorded(&after_move, &[7]).is_none(), "a d6 shows no 7");
    assert!(tree.replay_recorded(&after_move, &[6, 9, 1]).is_none(), "a d8 shows no 9");
    for faces in [&[][..], &[6, 5], &[5, 1], &[7], &[6, 9, 1]] {
        assert!(hooks_give(&rules, &after_move, faces).is_none(), "the hooks refuse {faces:?} too");
    }
}
