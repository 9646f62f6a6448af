//! The node after a move: an expectation node when a random event follows it, else the
//! opponent's negamax node.
//!
//! An event with `d` plies left below it is sampled `d - m` times (at least once), `m` being
//! `SearchConfig::chance_min_depth` (progressive widening: near the root several outcomes, near
//! the horizon one; see `SearchConfig::chance_widening`), and not at all with fewer than `m`
//! plies left (the event then changes nothing the search could answer), nor where it would get
//! fewer than `SearchConfig::chance_min_samples` outcomes: one or two squares drawn from
//! sixty-four would stand for the whole roll, and a search that takes them as certain finds "mates"
//! that only those dice allow (measured in wormhole: level 3 scored 10 of 12 against level 1
//! expanding every event, 12 of 12 with at least 3 samples). The outcomes are searched heaviest
//! first with alpha-beta windows narrowed as their sum becomes known (Ballard's Star1): values
//! are first mapped into a bounded range (`CHANCE_BOUND` centipawns, mates above it ordered by
//! distance), so the outcomes not yet searched can be bounded, and the node stops as soon as
//! the expectation must fall outside the parent's window. Every outcome is first searched with
//! the parent's own window (cheap null windows; outcomes mostly agree), then only the outcomes
//! still open get the Star1 window of their share. The moves of one node sample their events
//! from the same seed (common random numbers). Results go to the transposition table under the
//! position's key marked as an expectation node.

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
        TOP - (MATE - score).clamp(0, MAX_PLY as Score)
    } else if score <= -mate_floor {
        -(TOP - (MATE + score).clamp(0, MAX_PLY as Score))
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
            if depth >= self.config.chance_min_depth && self.samples(depth) >= self.config.chance_min_samples {
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
            true => ((depth - self.config.chance_min_depth).max(1) as usize).min(most),
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
    /// moved; the value and what it says (exact, or a bound outside `alpha..beta`).
    ///
    /// Each outcome keeps the range its true value is known to lie in. A first pass searches
    /// every outcome with the parent's own window (a null window stays a null window: when
    /// the outcomes agree, as they mostly do, the node is settled at that price); a second
    /// pass searches again only the outcomes the expectation still depends on, each with the
    /// window its share needs given the others' ranges (Star1 with per-outcome bounds).
    fn expectation(
        &mut self,
        outcomes: Vec<(f64, Position)>,
        depth: i32,
        ply: usize,
        alpha: Score,
        beta: Score,
    ) -> (Score, Bound) {
        let window = (f64::from(bounded(alpha)), f64::from(bounded(beta)));
        let mut ranges: Vec<Range> = outcomes.iter().map(|(w, _)| Range::unknown(*w)).collect();
        let mut outcomes: Vec<Position> = outcomes.into_iter().map(|(_, p)| p).collect();
        for (i, outcome) in outcomes.iter_mut().enumerate() {
            let value = -self.negamax(outcome, depth, ply, -beta, -alpha, true);
            if self.aborted {
                return (0, Bound::Upper);
            }
            ranges[i].narrow(bounded(value), bounded(alpha), bounded(beta));
            if let Some(settled) = settled(&ranges, window) {
                return settled;
            }
        }
        for (i, outcome) in outcomes.iter_mut().enumerate() {
            if ranges[i].is_exact() {
                continue;
            }
            let (lower, upper) = share_window(&ranges, i, window);
            let (child_alpha, child_beta) = (unbounded(lower), unbounded(upper));
            let value = -self.negamax(outcome, depth, ply, -child_beta, -child_alpha, true);
            if self.aborted {
                return (0, Bound::Upper);
            }
            ranges[i].narrow(bounded(value), lower, upper);
            if let Some(settled) = settled(&ranges, window) {
                return settled;
            }
        }
        // Every outcome is now exact or decides the node; only rounding can leave it open.
        let (low, high) = sums(&ranges);
        match (low >= window.1 - 1.0, high <= window.0 + 1.0) {
            (true, _) => (unbounded(low.floor() as Score), Bound::Lower),
            (_, true) => (unbounded(high.ceil() as Score), Bound::Upper),
            _ => (unbounded(((low + high) / 2.0).round() as Score), Bound::Exact),
        }
    }
}

/// What is known of one outcome's value (in the bounded range) and its weight.
#[derive(Clone, Copy, Debug)]
struct Range {
    weight: f64,
    low: Score,
    high: Score,
}

impl Range {
    fn unknown(weight: f64) -> Range {
        Range { weight, low: -TOP, high: TOP }
    }

    fn is_exact(&self) -> bool {
        self.low >= self.high
    }

    /// Takes in a fail-soft result searched with the window `alpha..beta`: at or above beta
    /// it is a lower bound, at or below alpha an upper bound, between them exact.
    fn narrow(&mut self, value: Score, alpha: Score, beta: Score) {
        if value >= beta && beta < TOP {
            self.low = self.low.max(value);
        } else if value <= alpha && alpha > -TOP {
            self.high = self.high.min(value);
        } else {
            self.low = value;
            self.high = value;
        }
        self.high = self.high.max(self.low);
    }
}

/// The lowest and highest expectation the ranges allow.
fn sums(ranges: &[Range]) -> (f64, f64) {
    ranges.iter().fold((0.0, 0.0), |(l, h), r| (l + r.weight * f64::from(r.low), h + r.weight * f64::from(r.high)))
}

/// The node's result once the ranges decide it against the window: a lower bound at or
/// above beta, an upper bound at or below alpha, the value when every outcome is exact.
fn settled(ranges: &[Range], (alpha, beta): (f64, f64)) -> Option<(Score, Bound)> {
    let (low, high) = sums(ranges);
    if low >= beta {
        Some((unbounded(low.floor() as Score), Bound::Lower))
    } else if high <= alpha {
        Some((unbounded(high.ceil() as Score), Bound::Upper))
    } else if ranges.iter().all(Range::is_exact) {
        Some((unbounded(low.round() as Score), Bound::Exact))
    } else {
        None
    }
}

/// The window outcome `i` is searched with: below `lower` the expectation falls to alpha
/// whatever the others are within their ranges, above `upper` it reaches beta.
fn share_window(ranges: &[Range], i: usize, (alpha, beta): (f64, f64)) -> (Score, Score) {
    let (low, high) = sums(ranges);
    let r = ranges[i];
    let others_high = high - r.weight * f64::from(r.high);
    let others_low = low - r.weight * f64::from(r.low);
    let lower = ((alpha - others_high) / r.weight).max(f64::from(r.low)).floor() as Score;
    let upper = ((beta - others_low) / r.weight).min(f64::from(r.high)).ceil() as Score;
    (lower.max(-TOP), upper.min(TOP))
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
