//! Random events after a move (K2): the [`ChanceModel`] trait the game layer implements,
//! and the sampling that keeps an expectation node small when an event has many outcomes.

use holechess_kernel::Position;

use crate::rng::SplitMix64;

/// What can happen at random right after a move.
pub trait ChanceModel: Send + Sync {
    /// The positions the random event after a move can lead to, with their probabilities
    /// (summing to 1). Empty, or a single `(1.0, same position)`, when nothing random
    /// happens after this move. The positions keep the history of `after_move` (they are
    /// clones of it with the event applied), so repetitions still count.
    fn outcomes(&self, after_move: &Position) -> Vec<(f64, Position)>;

    /// At most `k` outcomes of the event, chosen from `seed` so that each appears about
    /// as often as its probability says, with weights summing to 1 (empty when nothing
    /// random happens). By default a systematic sample of [`ChanceModel::outcomes`]; a model
    /// that can draw outcomes without listing them all should do so.
    fn sample(&self, after_move: &Position, k: usize, seed: u64) -> Vec<(f64, Position)> {
        sample_outcomes(self.outcomes(after_move), k, seed)
    }

    /// The event after `after_move` as a game plays it: one outcome drawn by its
    /// probability from `seed`. By default drawn from [`ChanceModel::sample`], with no dice
    /// known; a model that rolls dice gives the faces it rolled, so the game can be recorded.
    fn play_event(&self, after_move: &Position, seed: u64) -> PlayedEvent {
        let mut rng = SplitMix64::new(seed);
        let outcomes = self.sample(after_move, 1, rng.next_u64());
        PlayedEvent { position: draw_by_weight(outcomes, &mut rng), faces: Vec::new() }
    }
}

/// The random event after one move of a game: where it led and the dice that drew it.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct PlayedEvent {
    /// The position after the event; `None` when nothing happened.
    pub position: Option<Position>,
    /// The faces rolled, in order (empty when the model does not know them).
    pub faces: Vec<u32>,
}

/// One outcome drawn by weight (`None` when there is none).
fn draw_by_weight(outcomes: Vec<(f64, Position)>, rng: &mut SplitMix64) -> Option<Position> {
    let total: f64 = outcomes.iter().map(|(w, _)| w.max(0.0)).sum();
    if outcomes.is_empty() || total <= 0.0 {
        return None;
    }
    let mut point = rng.unit() * total;
    let last = outcomes.len() - 1;
    for (i, (w, pos)) in outcomes.into_iter().enumerate() {
        point -= w.max(0.0);
        if point < 0.0 || i == last {
            return Some(pos);
        }
    }
    None
}

/// No random events: the ordinary game.
#[derive(Clone, Copy, Debug, Default)]
pub struct NoChance;

impl ChanceModel for NoChance {
    fn outcomes(&self, _after_move: &Position) -> Vec<(f64, Position)> {
        Vec::new()
    }
}

/// At most `k` of `outcomes`, with weights summing to 1, chosen by systematic sampling
/// from `seed`: each outcome appears about as often as its probability says (an outcome of
/// probability 1/2 among 64 keeps half the weight), and with `k` or fewer outcomes all are
/// kept, their weights only normalised. Outcomes of zero weight are dropped.
pub fn sample_outcomes(outcomes: Vec<(f64, Position)>, k: usize, seed: u64) -> Vec<(f64, Position)> {
    let live: Vec<(f64, Position)> = outcomes.into_iter().filter(|(w, _)| *w > 0.0).collect();
    let total: f64 = live.iter().map(|(w, _)| w).sum();
    if live.is_empty() || total <= 0.0 {
        return Vec::new();
    }
    if live.len() <= k.max(1) {
        return live.into_iter().map(|(w, p)| (w / total, p)).collect();
    }
    let k = k.max(1);
    let start = SplitMix64::new(seed).unit() / k as f64;
    let mut hits = vec![0usize; live.len()];
    let mut cumulative = 0.0;
    let mut next_point = 0usize;
    for (i, (w, _)) in live.iter().enumerate() {
        cumulative += w / total;
        while next_point < k && start + next_point as f64 / k as f64 <= cumulative {
            hits[i] += 1;
            next_point += 1;
        }
    }
    // Rounding can leave the last point past the end: it belongs to the last outcome.
    if next_point < k {
        let last = hits.len() - 1;
        hits[last] += k - next_point;
    }
    live.into_iter().zip(hits).filter(|(_, n)| *n > 0).map(|((_, p), n)| (n as f64 / k as f64, p)).collect()
}

/// The event after a move as the search sees it, `k` outcomes at most drawn from `seed`:
/// `None` when nothing random happens.
pub(crate) fn expand(
    model: &dyn ChanceModel,
    after_move: &Position,
    k: usize,
    seed: u64,
) -> Option<Vec<(f64, Position)>> {
    let outcomes = model.sample(after_move, k, seed);
    match outcomes.as_slice() {
        [] => None,
        [(_, only)] if only.hash() == after_move.hash() => None,
        _ => Some(outcomes),
    }
}
