//! Every outcome of the random event after a move, with its probability: the after-move
//! hooks are run once per dice sequence, walked depth first with [`Dice::Enumerating`].
//!
//! A run replays a known prefix of faces; the first die it asks for beyond the prefix is
//! its *frontier*. A run without a frontier is a complete sequence, whose probability is
//! the product of `1/sides` over its dice; a run with one is extended by every face of the
//! frontier die. Sequences that reach the same position (equal [`Position::hash`]) are
//! merged by summing their probabilities. Re-rolls (PT2) can make the tree unbounded, so
//! the walk stops at [`Enumeration::max_depth`] dice and [`Enumeration::max_sequences`]
//! runs; the probability of what was cut off is spread over what was kept (the result is
//! normalised to sum to 1).

use holechess_kernel::Position;

use crate::dice::Dice;
use crate::playable_variant::PlayableVariant;

/// Bounds of one enumeration.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Enumeration {
    /// Most dice in one sequence.
    pub max_depth: usize,
    /// Most hook runs in one enumeration.
    pub max_sequences: usize,
}

impl Default for Enumeration {
    fn default() -> Self {
        Enumeration { max_depth: 9, max_sequences: 4096 }
    }
}

impl PlayableVariant {
    /// The positions the after-move event of `after_move` can lead to, with their
    /// probabilities (summing to 1); empty when the variant has no events. Each position is
    /// `after_move` with the event applied (its history kept).
    pub fn event_outcomes(&self, after_move: &Position) -> Vec<(f64, Position)> {
        self.event_outcomes_within(after_move, Enumeration::default())
    }

    /// [`PlayableVariant::event_outcomes`] with explicit bounds.
    pub fn event_outcomes_within(&self, after_move: &Position, bounds: Enumeration) -> Vec<(f64, Position)> {
        self.walk(after_move, bounds).map(|walk| normalised(walk.found)).unwrap_or_default()
    }

    /// Every outcome when there are at most `max_sequences` dice sequences, else `samples`
    /// runs with dice seeded from the position, each weighing the same (the same position
    /// always gives the same sample). For a search that must stay quick.
    pub fn event_outcomes_or_sample(
        &self,
        after_move: &Position,
        max_sequences: usize,
        samples: u32,
    ) -> Vec<(f64, Position)> {
        let bounds = Enumeration { max_sequences, ..Enumeration::default() };
        match self.walk(after_move, bounds) {
            Some(walk) if !walk.truncated => normalised(walk.found),
            Some(_) => self.sampled_outcomes(after_move, samples),
            None => Vec::new(),
        }
    }

    fn sampled_outcomes(&self, after_move: &Position, samples: u32) -> Vec<(f64, Position)> {
        let mut walk = Walk {
            rules: self,
            after_move,
            bounds: Enumeration::default(),
            runs: 0,
            truncated: false,
            found: Vec::new(),
        };
        for i in 0..samples {
            let dice = Dice::seeded(after_move.hash() ^ u64::from(i).wrapping_mul(0x9E37_79B9_7F4A_7C15));
            if let (Ok(outcome), _) = self.hooks.after_move(after_move.clone(), dice) {
                walk.record(1.0, outcome.position);
            }
        }
        normalised(walk.found)
    }

    fn walk<'a>(&'a self, after_move: &'a Position, bounds: Enumeration) -> Option<Walk<'a>> {
        if !self.has_events() {
            return None;
        }
        let mut walk = Walk { rules: self, after_move, bounds, runs: 0, truncated: false, found: Vec::new() };
        walk.visit(Vec::new(), 1.0);
        Some(walk)
    }
}

/// The state of one depth-first enumeration.
struct Walk<'a> {
    rules: &'a PlayableVariant,
    after_move: &'a Position,
    bounds: Enumeration,
    runs: usize,
    /// Whether a bound cut the walk short.
    truncated: bool,
    found: Vec<(f64, Position)>,
}

impl Walk<'_> {
    /// Runs the hooks with `prefix`; records a complete sequence or extends the frontier.
    fn visit(&mut self, prefix: Vec<u8>, probability: f64) {
        if self.runs >= self.bounds.max_sequences {
            self.truncated = true;
            return;
        }
        self.runs += 1;
        let depth = prefix.len();
        let dice = Dice::Enumerating { prefix, used: 0, frontier: None };
        let (outcome, dice) = self.rules.hooks.after_move(self.after_move.clone(), dice);
        let Dice::Enumerating { prefix, frontier, .. } = dice else {
            return;
        };
        match frontier {
            Some(sides) if depth < self.bounds.max_depth => {
                let share = probability / f64::from(sides.max(1));
                for face in 1..=sides.max(1) {
                    let mut next = prefix.clone();
                    next.push(face);
                    self.visit(next, share);
                }
            }
            Some(_) => self.truncated = true,
            None => {
                if let Ok(outcome) = outcome {
                    self.record(probability, outcome.position);
                }
            }
        }
    }

    fn record(&mut self, probability: f64, position: Position) {
        let hash = position.hash();
        match self.found.iter_mut().find(|(_, known)| known.hash() == hash) {
            Some((weight, _)) => *weight += probability,
            None => self.found.push((probability, position)),
        }
    }
}

/// The outcomes scaled to sum to 1 (nothing when nothing was kept).
fn normalised(found: Vec<(f64, Position)>) -> Vec<(f64, Position)> {
    let total: f64 = found.iter().map(|(w, _)| w).sum();
    if total <= 0.0 {
        return Vec::new();
    }
    found.into_iter().map(|(w, p)| (w / total, p)).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn total(outcomes: &[(f64, Position)]) -> f64 {
        outcomes.iter().map(|(w, _)| w).sum()
    }

    #[test]
    fn a_variant_without_events_has_no_outcomes() {
        let rules = PlayableVariant::load("chess").unwrap();
        assert!(rules.event_outcomes(&rules.start_position()).is_empty());
    }

    #[test]
    fn pothole_after_a_move_opens_a_hole_half_of_the_time() {
        let rules = PlayableVariant::load("pothole").unwrap();
        let mut pos = rules.start_position();
        let mv = holechess_kernel::notation::parse_move(&pos, "e4").unwrap();
        pos.play_unchecked(mv);
        let outcomes = rules.event_outcomes(&pos);
        assert!((total(&outcomes) - 1.0).abs() < 1e-9);
        let calm = outcomes.iter().find(|(_, p)| p.hash() == pos.hash()).expect("odd rolls change nothing");
        assert!((calm.0 - 0.5).abs() < 1e-5, "odd d6: {}", calm.0);
        // 62 squares without a king, each with a hole.
        assert_eq!(outcomes.len(), 63);
    }

    #[test]
    fn wormhole_toggles_one_of_64_squares() {
        let rules = PlayableVariant::load("wormhole").unwrap();
        let outcomes = rules.event_outcomes(&rules.start_position());
        assert_eq!(outcomes.len(), 64);
        assert!(outcomes.iter().all(|(w, _)| (w - 1.0 / 64.0).abs() < 1e-9));
    }
}
