//! Texel tuning of the evaluation's weights: positions labelled with the result of the game
//! they come from, the mean squared error between that result and `sigmoid(value)` (the
//! evaluation turned into an expected score), and a local search that moves one weight at a
//! time while the error falls. Works for any variant's tables; `examples/tune.rs` runs it on
//! a file of positions (docs/ai.md).

use std::thread;

use holechess_kernel::{Position, Side};

use crate::eval::evaluate;
use crate::score::Score;
use crate::tables::VariantTables;
use crate::weights::Weights;

/// A position and the result of its game for White: 1 a win, 0.5 a draw, 0 a loss.
pub struct Sample {
    pub position: Position,
    pub result: f64,
}

/// The expected score for White of a value of `centipawns` for White, with `scale`
/// stretching the curve (the fitted constant of Texel tuning).
#[must_use]
pub fn expected_score(centipawns: Score, scale: f64) -> f64 {
    1.0 / (1.0 + 10f64.powf(-scale * f64::from(centipawns) / 400.0))
}

/// The evaluation of `pos` from White's side.
fn white_value(tables: &VariantTables, pos: &Position) -> Score {
    let own = evaluate(tables, pos);
    if pos.side_to_move() == Side::White {
        own
    } else {
        -own
    }
}

/// The mean squared error between the results and the expected scores of the evaluation
/// with `weights`, on `threads` threads.
#[must_use]
pub fn mean_error(tables: &VariantTables, weights: &Weights, samples: &[Sample], scale: f64, threads: usize) -> f64 {
    if samples.is_empty() {
        return 0.0;
    }
    let chunk = samples.len().div_ceil(threads.max(1));
    let total: f64 = thread::scope(|scope| {
        let workers: Vec<_> = samples
            .chunks(chunk)
            .map(|part| scope.spawn(move || squared_errors(tables, weights, part, scale)))
            .collect();
        workers.into_iter().map(|w| w.join().expect("an error sum does not panic")).sum()
    });
    total / samples.len() as f64
}

fn squared_errors(tables: &VariantTables, weights: &Weights, samples: &[Sample], scale: f64) -> f64 {
    let trial = VariantTables::new(tables.variant()).with_weights(*weights);
    samples
        .iter()
        .map(|s| {
            let miss = s.result - expected_score(white_value(&trial, &s.position), scale);
            miss * miss
        })
        .sum()
}

/// The scale at which the evaluation with `weights` best predicts the results: a search
/// over 0.1 to 3.0, narrowed three times.
#[must_use]
pub fn fit_scale(tables: &VariantTables, weights: &Weights, samples: &[Sample], threads: usize) -> f64 {
    let (mut low, mut high) = (0.1, 3.0);
    for _ in 0..3 {
        let step = (high - low) / 10.0;
        let best = (0..=10)
            .map(|i| low + step * f64::from(i))
            .map(|k| (k, mean_error(tables, weights, samples, k, threads)))
            .min_by(|a, b| a.1.total_cmp(&b.1))
            .map_or(1.0, |(k, _)| k);
        (low, high) = ((best - step).max(0.01), best + step);
    }
    (low + high) / 2.0
}

/// How a tuning run goes: the passes over the weights, the threads, the weights left alone
/// and the pull toward the starting weights.
pub struct TuneSettings {
    pub passes: usize,
    pub threads: usize,
    /// Weights left as they are, by name (`Weights::named_mut`).
    pub fixed: Vec<String>,
    /// Added to the error for each weight: this times the square of its move from the start
    /// relative to its starting size (plus 10 centipawns, so a small weight may move a
    /// little). 0 tunes freely; more keeps the weights near the ones the search was tuned
    /// with by hand.
    pub prior: f64,
}

/// The pull toward `start` (`TuneSettings::prior`) of `weights`, before its factor.
#[must_use]
pub fn distance(weights: &Weights, start: &Weights) -> f64 {
    let (mut weights, mut start) = (*weights, *start);
    weights
        .named_mut()
        .into_iter()
        .zip(start.named_mut())
        .map(|((_, w), (_, s))| {
            let moved = f64::from(*w - *s) / (f64::from(s.abs()) + 10.0);
            moved * moved
        })
        .sum()
}

/// Moves each weight up or down by a step while the error (with the pull toward the start)
/// falls, for up to `passes` passes; a weight's step starts at a quarter of its size (at
/// least 2) and halves each pass it did not move, down to 1. Returns the tuned weights and
/// their error with the pull. `report` gets each weight's name, old and new value and the
/// error after it moved.
pub fn tune(
    tables: &VariantTables,
    start: Weights,
    samples: &[Sample],
    scale: f64,
    settings: &TuneSettings,
    mut report: impl FnMut(&str, Score, Score, f64),
) -> (Weights, f64) {
    let objective =
        |w: &Weights| mean_error(tables, w, samples, scale, settings.threads) + settings.prior * distance(w, &start);
    let mut best = start;
    let mut best_error = objective(&best);
    let mut steps: Vec<Score> = best.named_mut().into_iter().map(|(_, v)| (v.abs() / 4).max(2)).collect();
    for _ in 0..settings.passes {
        let mut moved_any = false;
        for (index, step) in steps.iter_mut().enumerate() {
            let name = best.named_mut()[index].0.clone();
            if settings.fixed.contains(&name) {
                continue;
            }
            let old = *best.named_mut()[index].1;
            match move_weight(&objective, best, best_error, index, *step) {
                Some((weights, error)) => {
                    (best, best_error, moved_any) = (weights, error, true);
                    report(&name, old, *best.named_mut()[index].1, best_error);
                }
                None => *step = (*step / 2).max(1),
            }
        }
        if !moved_any && steps.iter().all(|&s| s == 1) {
            break;
        }
    }
    (best, best_error)
}

/// The weights with weight `index` moved by `step` up (or else down) as long as the error
/// falls, and their error; `None` when neither direction lowers it.
fn move_weight(
    objective: &impl Fn(&Weights) -> f64,
    start: Weights,
    start_error: f64,
    index: usize,
    step: Score,
) -> Option<(Weights, f64)> {
    for direction in [step, -step] {
        let (mut best, mut best_error) = (start, start_error);
        loop {
            let mut trial = best;
            *trial.named_mut()[index].1 += direction;
            let error = objective(&trial);
            if error >= best_error {
                break;
            }
            (best, best_error) = (trial, error);
        }
        if best_error < start_error {
            return Some((best, best_error));
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;
    use holechess_testkit::orthodox;

    fn samples(variant: &std::sync::Arc<holechess_kernel::Variant>, lines: &[(&str, f64)]) -> Vec<Sample> {
        lines
            .iter()
            .map(|&(fen, result)| Sample { position: Position::from_fen(variant, fen).unwrap(), result })
            .collect()
    }

    #[test]
    fn the_pull_toward_the_start_grows_with_the_move_relative_to_the_weight() {
        let start = Weights::DEFAULT;
        assert_eq!(distance(&start, &start), 0.0);
        let mut small = start;
        small.pawn_shield += 5;
        let mut large = start;
        large.pawn_shield += 20;
        assert!(distance(&large, &start) > 4.0 * distance(&small, &start) - 1e-9);
        // The same 5 centipawns move a large weight less than a small one.
        let mut on_large_weight = start;
        on_large_weight.pawn_threat.0 += 5;
        assert!(distance(&on_large_weight, &start) < distance(&small, &start));
    }

    #[test]
    fn a_strong_pull_keeps_the_weights_where_they_start() {
        let variant = orthodox();
        let tables = VariantTables::new(&variant);
        let set =
            samples(&variant, &[("4k3/8/8/p7/8/P7/P7/4K3 w - - 0 1", 1.0), ("4k3/7p/7p/8/7P/8/8/4K3 w - - 0 1", 0.0)]);
        // A move of one centipawn on the largest weight (110) costs more than the error
        // can fall (it lies between 0 and 1).
        let settings = TuneSettings { passes: 2, threads: 1, fixed: Vec::new(), prior: 20_000.0 };
        let (tuned, _) = tune(&tables, Weights::DEFAULT, &set, 1.0, &settings, |_, _, _, _| {});
        assert_eq!(tuned, Weights::DEFAULT);
    }

    #[test]
    fn the_expected_score_is_a_half_at_zero_and_rises_with_the_value() {
        assert!((expected_score(0, 1.0) - 0.5).abs() < 1e-12);
        assert!(expected_score(100, 1.0) > 0.6 && expected_score(-100, 1.0) < 0.4);
        assert!(expected_score(100, 2.0) > expected_score(100, 1.0));
    }

    #[test]
    fn the_error_is_the_same_on_one_thread_and_on_three() {
        let variant = orthodox();
        let tables = VariantTables::new(&variant);
        let set = samples(
            &variant,
            &[
                ("4k3/8/8/8/8/8/PPP5/4K3 w - - 0 1", 1.0),
                ("4k3/ppp5/8/8/8/8/8/4K3 b - - 0 1", 0.0),
                ("4k3/p7/8/8/8/8/P7/4K3 w - - 0 1", 0.5),
                ("4k3/8/8/8/8/8/8/R3K3 w - - 0 1", 1.0),
            ],
        );
        let one = mean_error(&tables, &Weights::DEFAULT, &set, 1.0, 1);
        let three = mean_error(&tables, &Weights::DEFAULT, &set, 1.0, 3);
        assert!((one - three).abs() < 1e-12, "{one} against {three}");
    }

    #[test]
    fn tuning_moves_a_weight_toward_the_results_and_lowers_the_error() {
        // Two doubled pawns against one pawn: the doubled side wins every game, so the
        // doubled-pawn cost should fall and the error with it.
        let variant = orthodox();
        let tables = VariantTables::new(&variant);
        let set = samples(
            &variant,
            &[
                ("4k3/8/8/p7/8/P7/P7/4K3 w - - 0 1", 1.0),
                ("4k3/8/8/p7/8/P7/P7/4K3 b - - 0 1", 1.0),
                ("4k3/7p/7p/8/7P/8/8/4K3 w - - 0 1", 0.0),
                ("4k3/7p/7p/8/7P/8/8/4K3 b - - 0 1", 0.0),
            ],
        );
        let before = mean_error(&tables, &Weights::DEFAULT, &set, 1.0, 1);
        let mut names = Weights::DEFAULT;
        let fixed = names.named_mut().into_iter().map(|(n, _)| n).filter(|n| n != "doubled.eg").collect();
        let settings = TuneSettings { passes: 3, threads: 1, fixed, prior: 0.0 };
        let mut moves = Vec::new();
        let (tuned, after) =
            tune(&tables, Weights::DEFAULT, &set, 1.0, &settings, |name, _, _, _| moves.push(name.to_owned()));
        assert!(after < before, "{after} against {before}");
        assert!(tuned.doubled.1 < Weights::DEFAULT.doubled.1, "{:?}", tuned.doubled);
        assert_eq!(tuned.doubled.0, Weights::DEFAULT.doubled.0);
        assert!(moves.iter().all(|m| m == "doubled.eg"), "{moves:?}");
    }
}
