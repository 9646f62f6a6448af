//! The fuzz targets (`fuzz/`, run with cargo-fuzz on nightly or with
//! `RUSTC_BOOTSTRAP=1`) replayed deterministically on stable over the saved corpus and the
//! inputs that once crashed (`fuzz/regressions/`), so CI catches a regression without a
//! fuzzing toolchain. Every input must run without a panic.

/// The hooks' byte budgets count through the runtime's allocator.
#[global_allocator]
static ALLOCATOR: holechess_runtime::meter::CountingAllocator = holechess_runtime::meter::CountingAllocator;

use std::path::{Path, PathBuf};

#[path = "../fuzz/src/targets.rs"]
mod targets;

/// Every file of `fuzz/corpus/TARGET` and `fuzz/regressions/TARGET`, sorted.
fn inputs(target: &str) -> Vec<PathBuf> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("fuzz");
    let mut files: Vec<PathBuf> = ["corpus", "regressions"]
        .iter()
        .filter_map(|kind| std::fs::read_dir(root.join(kind).join(target)).ok())
        .flatten()
        .filter_map(|entry| entry.ok().map(|entry| entry.path()))
        .filter(|path| path.is_file())
        .collect();
    files.sort();
    files
}

/// Runs `body` over every saved input of `target`; at least `seeds` inputs must exist.
fn replay(target: &str, seeds: usize, body: fn(&[u8])) {
    let files = inputs(target);
    assert!(files.len() >= seeds, "{target}: {} saved inputs", files.len());
    for file in files {
        let data = std::fs::read(&file).unwrap();
        let outcome = std::panic::catch_unwind(|| body(&data));
        assert!(outcome.is_ok(), "{target}: {} panics", file.display());
    }
}

#[test]
fn the_script_corpus_runs_without_a_panic() {
    replay("script", 10, targets::script);
}

#[test]
fn the_position_corpus_runs_without_a_panic() {
    replay("position", 10, targets::position);
}

#[test]
fn the_record_corpus_runs_without_a_panic() {
    replay("record", 10, targets::record);
}

#[test]
fn the_repl_corpus_runs_without_a_panic() {
    replay("repl", 5, targets::repl);
}

#[test]
fn the_hooks_corpus_runs_without_a_panic() {
    replay("hooks", 10, targets::hooks);
}
