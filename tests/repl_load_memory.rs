//! `load` at the REPL in memory that does not follow the record's length: the peak resident
//! memory of a session that loads a long game, read from `/proc` while the session waits
//! for its next line, compared with the same session loading a short one.
#![cfg(target_os = "linux")]

use std::io::{BufRead, BufReader, Write};
use std::path::{Path, PathBuf};

mod common;

/// A legal chess record of `plies` knight moves out and back (no automatic draw: K8).
fn knight_shuffle(plies: usize) -> String {
    let cycle = ["Nf3", "Nf6", "Ng1", "Ng8"];
    let mut text = String::with_capacity(plies * 6 + 64);
    text.push_str("[Event \"shuffle\"]\n[Variant \"chess\"]\n\n");
    for index in 0..plies {
        if index % 2 == 0 {
            text.push_str(&format!("{}. ", index / 2 + 1));
        }
        text.push_str(cycle[index % 4]);
        text.push(if index % 16 == 15 { '\n' } else { ' ' });
    }
    text.push_str("*\n");
    text
}

fn record_file(name: &str, plies: usize) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("holechess-load-memory-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temp dir");
    let path = dir.join(name);
    std::fs::write(&path, knight_shuffle(plies)).expect("write the record");
    path
}

/// The peak resident memory in kB of a `play chess` session that has loaded `path`, read
/// once the session has said it loaded it.
fn peak_kb_after_loading(path: &Path) -> u64 {
    let mut child = common::binary::command(&["play", "chess", "--seed", "1"]).spawn().expect("run holechess");
    let mut input = child.stdin.take().expect("stdin");
    writeln!(input, "load {}", path.display()).expect("send load");
    let mut lines = BufReader::new(child.stdout.take().expect("stdout")).lines();
    let loaded =
        lines.by_ref().map_while(Result::ok).find(|line| line.starts_with("loaded ") || line.contains("error"));
    assert!(loaded.as_deref().is_some_and(|line| line.starts_with("loaded ")), "{loaded:?}");
    let status = std::fs::read_to_string(format!("/proc/{}/status", child.id())).expect("the session's status");
    writeln!(input, "quit").expect("send quit");
    drop(input);
    lines.for_each(drop);
    child.wait().expect("the session ends");
    let peak = status.lines().find_map(|line| line.strip_prefix("VmHWM:")).expect("VmHWM in /proc status");
    peak.trim().trim_end_matches("kB").trim().parse().expect("a number of kB")
}

/// The growth in kB of the peak memory of a session loading `plies` plies, over one loading 4.
fn growth_kb(plies: usize) -> u64 {
    let short = peak_kb_after_loading(&record_file("short.pgn", 4));
    let long = peak_kb_after_loading(&record_file(&format!("long-{plies}.pgn"), plies));
    long.saturating_sub(short)
}

/// 100,000 plies were held as a parsed entry and a string each (over 140 bytes a ply, more
/// than 14 MB); they are packed at a few bytes a ply now.
#[test]
fn loading_a_long_game_keeps_the_peak_memory_near_that_of_a_short_one() {
    let growth = growth_kb(100_000);
    assert!(growth < 5 * 1024, "loading 100,000 plies raised the peak memory by {growth} kB");
}

/// The longest game a record may hold (up to 64 MiB: 7.9 million plies, 66 MB) loads in
/// memory well under the size of its file (it took 1.1 GB when each ply was held parsed).
#[test]
#[ignore = "writes a 64 MiB record and replays 7.9 million plies: minutes in a debug build"]
fn loading_a_64_mib_game_peaks_below_the_size_of_its_file() {
    let plies = 7_900_000;
    let path = record_file("huge.pgn", plies);
    let bytes = std::fs::metadata(&path).expect("the record").len();
    assert!(bytes < 64 << 20, "{bytes} bytes: over the longest game a record may hold");
    let growth = growth_kb(plies);
    assert!(growth * 1024 < bytes, "loading {bytes} bytes of record raised the peak memory by {growth} kB");
}
