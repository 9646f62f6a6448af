//! The hooks' decision tree: sampling the event after a move replays the
//! recorded runs natively and gives exactly the positions the hooks give with those dice;
//! rhai runs only where the tree meets something new. Rulings WH1 and PT1/PT2.

use std::collections::BTreeMap;
use std::sync::Arc;

use holechess_kernel::notation::parse_move;
use holechess_kernel::Position;
use holechess_runtime::{Dice, EventTree, PlayableVariant};

fn after(rules: &Arc<PlayableVariant>, fen: Option<&str>, moves: &[&str]) -> Position {
    let mut pos = match fen {
        Some(fen) => Position::from_fen(rules.variant(), fen).unwrap(),
        None => rules.start_position(),
    };
    for text in moves {
        let mv = parse_move(&pos, text).unwrap_or_else(|e| panic!("{text}: {e}"));
        pos.play_unchecked(mv);
    }
    pos
}

/// Outcomes as (hash, weight in 1/4096 steps), to compare distributions exactly.
fn by_hash(outcomes: &[(f64, Position)]) -> BTreeMap<u64, i64> {
    let mut map = BTreeMap::new();
    for (w, p) in outcomes {
        *map.entry(p.hash()).or_insert(0) += (w * 4096.0).round() as i64;
    }
    map
}

#[test]
fn wh1_sixty_four_stratified_samples_are_the_sixty_four_squares_each_once() {
    let rules = PlayableVariant::load("wormhole").unwrap();
    let tree = EventTree::new(&rules);
    for moves in [&["e4"][..], &["e4", "d5", "exd5"][..]] {
        let pos = after(&rules, None, moves);
        let sampled = tree.sample(&pos, 64, 7);
        assert_eq!(sampled.len(), 64);
        assert_eq!(by_hash(&sampled), by_hash(&rules.event_outcomes(&pos)), "after {moves:?}");
    }
}

#[test]
fn pt1_two_samples_of_a_pothole_roll_are_half_calm_half_a_hole() {
    let rules = PlayableVariant::load("pothole").unwrap();
    let tree = EventTree::new(&rules);
    let pos = after(&rules, None, &["e4"]);
    let every = by_hash(&rules.event_outcomes(&pos));
    for seed in 0..20 {
        let sampled = tree.sample(&pos, 2, seed);
        assert_eq!(sampled.len(), 2, "an odd and an even face of the d6");
        let calm = sampled.iter().find(|(_, p)| p.hash() == pos.hash()).expect("an odd roll changes nothing");
        assert!((calm.0 - 0.5).abs() < 1e-12);
        assert!(sampled.iter().all(|(_, p)| every.contains_key(&p.hash())), "every sample is a real outcome");
    }
}

#[test]
fn pt2_replayed_outcomes_equal_the_hooks_run_with_the_same_dice() {
    let rules = PlayableVariant::load("pothole").unwrap();
    let tree = EventTree::new(&rules);
    // The white king on e4 sits where a roll of 5, 4 lands: the hooks roll again (PT2).
    let pos = after(&rules, Some("4k3/8/8/8/4K3/8/8/R7 b - - 0 1"), &["Kd7"]);
    let sampled = tree.sample(&pos, 48, 3);
    for (_, outcome) in &sampled {
        assert!(rules.event_outcomes(&pos).iter().any(|(_, p)| p == outcome));
    }
    // The same dice through rhai: a d6 of 2, then e4 (a king: re-rolled), then a1 (the rook).
    let (ran, _) = rules.hooks.after_move(pos.clone(), Dice::recorded([2, 5, 4, 1, 1]));
    let ran = ran.unwrap().position;
    assert!(ran.piece_at(ran.geometry().parse_square("a1", 0).unwrap()).is_none(), "the rook is lost");
}

#[test]
fn a_known_path_runs_no_rhai_and_new_positions_need_few_runs() {
    let rules = PlayableVariant::load("pothole").unwrap();
    let tree = EventTree::new(&rules);
    let first = after(&rules, None, &["e4"]);
    tree.sample(&first, 64, 1);
    let learnt = tree.rhai_runs();
    assert!(learnt > 0);
    let again = tree.sample(&first, 64, 1);
    assert_eq!(tree.rhai_runs(), learnt, "the same paths again: no rhai");
    assert_eq!(by_hash(&again), by_hash(&tree.sample(&first, 64, 1)));
    // Another position shares most answers (empty squares stay empty): few new runs.
    let second = after(&rules, None, &["d4"]);
    tree.sample(&second, 64, 1);
    assert!(tree.rhai_runs() - learnt < learnt / 4, "{} new runs after {learnt}", tree.rhai_runs() - learnt);
}

/// SP1 through the tree: a path learnt where it kept the portal count (a portal removed from
/// c3, one placed on e5) breaks it on a position without a portal on c3, where the hooks in
/// rhai fail; sampling there gives no outcome with nine portals.
#[test]
fn sp1_a_learnt_path_that_breaks_the_portal_count_elsewhere_is_no_outcome() {
    let script = "variant \"Shifted\"\n  id shifted\n\nextends standard-portal\n\n\
                  after each move: call shift()\n  rhai ```\nfn shift() {\n    remove_token(\"c3\");\n    place_token(\"portal\", \"e5\");\n}\n```\n";
    let loaded = holechess_lang::load_str("shifted.hole", script).unwrap_or_else(|d| panic!("{}", d.render()));
    let rules = Arc::new(PlayableVariant::from_loaded(loaded).unwrap());
    let tree = EventTree::new(&rules);
    let kept = tree.sample(&after(&rules, None, &["e4"]), 4, 1);
    assert_eq!(kept.len(), 1, "the count is kept where c3 holds a portal");
    let elsewhere = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w - - 0 1 portal=d3,f3,a4,h4,a5,h5,c6,f6";
    let pos = after(&rules, Some(elsewhere), &["e4"]);
    assert!(rules.hooks.after_move(pos.clone(), Dice::seeded(1)).0.is_err(), "rhai refuses nine portals");
    let sampled = tree.sample(&pos, 4, 1);
    assert!(sampled.is_empty(), "{:?}", sampled.iter().map(|(_, p)| p.fen()).collect::<Vec<_>>());
}
