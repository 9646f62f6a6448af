//! `holechess test FILE...`: runs the tests a variant's author wrote beside the script
//! (`NAME.tests`, docs/authoring.md "Testing a variant") and reports every check that did
//! not hold with its file, line, position, expected and actual result. Exit code: 0 every
//! check held, 1 some check failed, 2 a test file or its script is broken.

mod checks;
mod records;
mod syntax;

use std::path::{Path, PathBuf};

use crate::commands::Outcome;
use checks::{Failure, FileResult};

/// Runs every file and prints a line per file, the failures, and a summary.
pub fn run(files: &[PathBuf]) -> Result<Outcome, String> {
    let mut totals = Totals::default();
    for path in files {
        match run_file(path) {
            Ok(result) => totals.add(path, &result),
            Err(message) => totals.add_broken(&message),
        }
    }
    println!("{}", totals.summary());
    Ok(totals.outcome())
}

/// Reads a test file, loads its variant and runs its steps; an error means the file or its
/// script is broken, and names the file and line.
fn run_file(path: &Path) -> Result<FileResult, String> {
    let file = syntax::read(path)?;
    let rules = crate::commands::load_rules(&file.variant)
        .map_err(|e| format!("{}: the variant `{}` does not load:\n{}", path.display(), file.variant, e.trim_end()))?;
    let rules = std::sync::Arc::new(rules);
    Ok(checks::run(&rules, &file.steps))
}

/// Totals over every file.
#[derive(Debug, Default)]
struct Totals {
    files: usize,
    passed: usize,
    failed: usize,
    skipped: usize,
    broken: usize,
}

impl Totals {
    /// A file that could not be read or whose variant does not load.
    fn add_broken(&mut self, message: &str) {
        eprintln!("{}", message.trim_end());
        self.broken += 1;
    }

    fn add(&mut self, path: &Path, result: &FileResult) {
        self.passed += result.passed;
        self.failed += result.failures.len();
        self.skipped += result.skipped;
        for failure in &result.failures {
            print_failure(path, failure);
        }
        if let Some((line, reason)) = &result.broken {
            return self.add_broken(&format!("{}:{line}: {reason}", path.display()));
        }
        self.files += 1;
        let skipped = if result.skipped > 0 { format!(", {} not run", result.skipped) } else { String::new() };
        match result.failures.len() {
            0 => println!("{}: ok ({} checks{skipped})", path.display(), result.passed),
            n => println!("{}: {n} failed, {} passed{skipped}", path.display(), result.passed),
        }
    }

    fn summary(&self) -> String {
        let mut text = format!("{} check(s) passed, {} failed", self.passed, self.failed);
        if self.skipped > 0 {
            text.push_str(&format!(", {} not run (after a failed `play`)", self.skipped));
        }
        text.push_str(&format!(" in {} file(s)", self.files));
        if self.broken > 0 {
            text.push_str(&format!("; {} file(s) broken", self.broken));
        }
        text
    }

    fn outcome(&self) -> Outcome {
        if self.broken > 0 {
            Outcome::Error
        } else if self.failed > 0 || self.skipped > 0 {
            Outcome::Invalid
        } else {
            Outcome::Ok
        }
    }
}

fn print_failure(path: &Path, failure: &Failure) {
    println!("{}:{}: {} failed", path.display(), failure.line, failure.check);
    println!("  position: {}", failure.fen);
    println!("  expected: {}", failure.expected);
    println!("  actual:   {}", failure.actual);
    for detail in &failure.details {
        println!("  {detail}");
    }
}
