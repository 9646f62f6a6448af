//! Texel tuning of the evaluation's weights from a file of positions (`holechess_ai::tuning`,
//! docs/ai.md): `cargo run --release -p holechess-ai --example tune -- FILE [--limit N]
//! [--passes P] [--threads T] [--fix NAME,NAME] [--prior F]`. Each line of FILE is `FEN;R`, R the game's
//! result for White (1, 0.5 or 0), in orthodox chess (`tools/texel_positions.py` writes such
//! a file from PGN games). One position in ten is held out to check the tuned weights on
//! positions they were not tuned on. Prints the fitted scale, each weight that moves, and the
//! tuned weights as Rust source for `Weights::DEFAULT`.

use std::process::ExitCode;

use holechess_ai::tuning::{fit_scale, mean_error, tune, Sample, TuneSettings};
use holechess_ai::{VariantTables, Weights};
use holechess_kernel::Position;

struct Options {
    file: String,
    limit: usize,
    passes: usize,
    threads: usize,
    fixed: Vec<String>,
    prior: f64,
}

fn main() -> ExitCode {
    let options = match options(std::env::args().skip(1).collect()) {
        Ok(options) => options,
        Err(message) => {
            eprintln!("tune: {message}\nusage: tune FILE [--limit N] [--passes P] [--threads T] [--fix NAME,NAME] [--prior F]");
            return ExitCode::from(2);
        }
    };
    let variant = holechess_testkit::orthodox();
    let tables = VariantTables::new(&variant);
    let (train, held_out) = match read_samples(&variant, &options.file, options.limit) {
        Ok(sets) => sets,
        Err(message) => {
            eprintln!("tune: {message}");
            return ExitCode::from(1);
        }
    };
    println!("{} positions to tune on, {} held out", train.len(), held_out.len());
    let start = Weights::DEFAULT;
    let scale = fit_scale(&tables, &start, &train, options.threads);
    let threads = options.threads;
    let error = |w: &Weights, set: &[Sample]| mean_error(&tables, w, set, scale, threads);
    println!("scale {scale:.4}: error {:.6}, held out {:.6}", error(&start, &train), error(&start, &held_out));
    let settings = TuneSettings { passes: options.passes, threads, fixed: options.fixed, prior: options.prior };
    let (tuned, tuned_error) = tune(&tables, start, &train, scale, &settings, |name, old, new, error| {
        println!("{name}: {old} -> {new} (error {error:.6})");
    });
    println!("tuned: error {tuned_error:.6}, held out {:.6}", error(&tuned, &held_out));
    println!("{tuned:?}");
    ExitCode::SUCCESS
}

fn options(args: Vec<String>) -> Result<Options, String> {
    let mut options =
        Options { file: String::new(), limit: usize::MAX, passes: 8, threads: 2, fixed: Vec::new(), prior: 0.0 };
    let mut args = args.into_iter();
    while let Some(arg) = args.next() {
        let mut value = |name: &str| args.next().ok_or(format!("{name} needs a value"));
        match arg.as_str() {
            "--limit" => options.limit = number(&value("--limit")?)?,
            "--passes" => options.passes = number(&value("--passes")?)?,
            "--threads" => options.threads = number::<usize>(&value("--threads")?)?.max(1),
            "--prior" => options.prior = number(&value("--prior")?)?,
            "--fix" => options.fixed = value("--fix")?.split(',').map(str::to_owned).collect(),
            file if options.file.is_empty() && !file.starts_with("--") => options.file = file.to_owned(),
            other => return Err(format!("unexpected argument {other:?}")),
        }
    }
    if options.file.is_empty() {
        return Err("no file of positions".into());
    }
    Ok(options)
}

fn number<T: std::str::FromStr>(text: &str) -> Result<T, String> {
    text.parse().map_err(|_| format!("{text:?} is not a number"))
}

/// The samples of `path`, every tenth held out; a line that does not read is an error with
/// its line number.
fn read_samples(
    variant: &std::sync::Arc<holechess_kernel::Variant>,
    path: &str,
    limit: usize,
) -> Result<(Vec<Sample>, Vec<Sample>), String> {
    let text = std::fs::read_to_string(path).map_err(|e| format!("{path}: {e}"))?;
    let (mut train, mut held_out) = (Vec::new(), Vec::new());
    for (index, line) in text.lines().enumerate().take(limit) {
        let at = || format!("{path}:{}", index + 1);
        let (fen, result) = line.rsplit_once(';').ok_or_else(|| format!("{}: no `;RESULT`", at()))?;
        let result: f64 = result.trim().parse().map_err(|_| format!("{}: result {result:?} is not a number", at()))?;
        let position = Position::from_fen(variant, fen).map_err(|e| format!("{}: {e}", at()))?;
        let sample = Sample { position, result };
        if index % 10 == 9 {
            held_out.push(sample);
        } else {
            train.push(sample);
        }
    }
    Ok((train, held_out))
}
