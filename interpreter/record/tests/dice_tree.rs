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
