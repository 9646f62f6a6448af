//! The node after a move: an expectation node when a random event follows it, else the
//! opponent's negamax node.
//!
//! An event with `d` plies left below it is sampled `d - m + 1` times, `m` being
//! `SearchConfig::chance_min_depth` (progressive widening: near the root many outcomes, near
//! the horizon one; see `SearchConfig::chance_widening`), and not at all with fewer than `m`
//! plies left (the event then changes nothing the search could answer). The outcomes are searched heaviest
//! first with alpha-beta windows narrowed as their sum becomes known (Ballard's Star1):
//! values are first mapped into a bounded range (`CHANCE_BOUND` centipawns, mates above it
//! ordered by distance), so the outcomes not yet searched can be bounded, and the node stops
//! as soon as the expectation must fall outside the parent's window. The moves of one node
//! sample their events from the same seed (common random numbers). Results go to the
//! transposition table under the position's key marked as an expectation node.

use holechess_kernel::Position;

use crate::chance_model::expand;
use crate::score::{from_table, to_table, Score, MATE, MAX_PLY};
use crate::search::Searcher;
use crate::tt::Bound;

/// Ordinary scores are clamped to +-this inside an expectation (a decisive advantage).
const CHANCE_BOUND: Score = 2_000;
/// The largest value in the bounded range: a mate in 0 plies.
const TOP: Score = CHANCE_BOUND + 1 + MAX_PLY as Score;
/// Marks an expectation node's key in the transposition table.
const CHANCE_KEY: u64 = 0xC4A2_CE5E_ED5A_3B1F;

/// A score mapped into `-TOP..=TOP`: ordinary scores clamped to +-`CHANCE_BOUND`, mates
/// above it, nearer mates further out. Monotone.
fn bounded(score: Score) -> Score {
    let mate_floor = MATE - MAX_PLY as Score;
    if score >= mate_floor {
        TOP - (MATE - score).min(MAX_PLY as Score)
    } else if score <= -mate_floor {
        -(TOP - (MATE + score).min(MAX_PLY as Score))
    } else {
        score.clamp(-CHANCE_BOUND, CHANCE_BOUND)
    }
}

/// The inverse of [`bounded`] on its range (`bounded(unbounded(x)) == x`).
fn unbounded(value: Score) -> Score {
    if value > CHANCE_BOUND {
        MATE - (TOP - value.min(TOP))
    } else if value < -CHANCE_BOUND {
        -(MATE - (TOP + value.max(-TOP)))
    } else {
        value
    }
}

impl Searcher {
    /// The value, for the side that just moved, of `pos` after its move: the expectation
    /// node when a random event follows, otherwise the negated search of the opponent's node.
    pub(crate) fn child(&mut self, pos: &mut Position, depth: i32, ply: usize, alpha: Score, beta: Score) -> Score {
        if let Some(model) = self.chance.clone() {
            if depth >= self.config.chance_min_depth {
                if self.out_of_time_now() {
                    return 0;
                }
                let key = self.tables().key(pos) ^ CHANCE_KEY;
                if let Some(value) = self.chance_table_cut(key, depth, ply, alpha, beta) {
                    return value;
                }
                // Common random numbers: every move of a node samples its event with the same
                // dice, so no move looks better than its siblings by luckier dice alone.
                let seed = self.seeds[ply - 1] ^ ply as u64;
                if let Some(outcomes) = expand(&*model, pos, self.samples(depth), seed) {
                    let below = depth - self.config.chance_reduction as i32;
                    let (value, bound) = self.expectation(outcomes, below, ply, alpha, beta);
                    if !self.aborted {
                        self.tt.store(key, depth, to_table(value, ply), bound, None);
                    }
                    return value;
                }
            }
        }
        -self.negamax(pos, depth, ply, -beta, -alpha, true)
    }

    /// How many outcomes an event with `depth` plies below it gets.
    fn samples(&self, depth: i32) -> usize {
        let most = self.config.chance_samples.max(1);
        match self.config.chance_widening {
            true => ((depth - self.config.chance_min_depth + 1).max(1) as usize).min(most),
            false => most,
        }
    }

    /// A stored value of the expectation node `key` that settles it for this window.
    fn chance_table_cut(&self, key: u64, depth: i32, ply: usize, alpha: Score, beta: Score) -> Option<Score> {
        let entry = self.tt.probe(key)?;
        if !self.config.use_table || (entry.depth as i32) < depth {
            return None;
        }
        let s = from_table(entry.score, ply);
        let usable = match entry.bound {
            Bound::Exact => true,
            Bound::Lower => s >= beta,
            Bound::Upper => s <= alpha,
        };
        usable.then_some(s)
    }

    /// The expected value over weighted outcomes (heaviest first), for the side that just
    /// moved, with Star1 windows; the value and what it says (exact, or a bound outside
    /// `alpha..beta`).
    fn expectation(
        &mut self,
        outcomes: Vec<(f64, Position)>,
        depth: i32,
        ply: usize,
        alpha: Score,
        beta: Score,
    ) -> (Score, Bound) {
        let (alpha, beta) = (f64::from(bounded(alpha)), f64::from(bounded(beta)));
        let (low, high) = (f64::from(-TOP), f64::from(TOP));
        let mut sum = 0.0;
        let mut rest: f64 = outcomes.iter().map(|(w, _)| w).sum();
        for (weight, mut outcome) in outcomes {
            rest = (rest - weight).max(0.0);
            let lower = ((alpha - sum - rest * high) / weight).max(low).floor() as Score;
            let upper = ((beta - sum - rest * low) / weight).min(high).ceil() as Score;
            let (child_alpha, child_beta) = (unbounded(lower), unbounded(upper));
            let raw = -self.negamax(&mut outcome, depth, ply, -child_beta, -child_alpha, true);
            if self.aborted {
                return (0, Bound::Upper);
            }
            let value = f64::from(bounded(raw));
            if raw >= child_beta && upper < TOP {
                let at_least = sum + weight * value + rest * low;
                return (unbounded(at_least.floor() as Score), Bound::Lower);
            }
            if raw <= child_alpha && lower > -TOP {
                let at_most = sum + weight * value + rest * high;
                return (unbounded(at_most.ceil() as Score), Bound::Upper);
            }
            sum += weight * value;
        }
        (unbounded(sum.round() as Score), Bound::Exact)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bounded_scores_keep_their_order_and_come_back() {
        let scores =
            [-MATE, -MATE + 3, -(MATE - MAX_PLY as Score), -5_000, -2_000, -1, 0, 7, 2_000, 9_000, MATE - 4, MATE];
        let mapped: Vec<Score> = scores.iter().map(|&s| bounded(s)).collect();
        assert!(mapped.windows(2).all(|w| w[0] <= w[1]), "{mapped:?}");
        assert!(mapped.iter().all(|v| (-TOP..=TOP).contains(v)));
        for v in -TOP..=TOP {
            assert_eq!(bounded(unbounded(v)), v);
        }
        assert_eq!(unbounded(bounded(MATE - 4)), MATE - 4);
        assert_eq!(unbounded(bounded(-MATE + 3)), -MATE + 3);
    }
}
