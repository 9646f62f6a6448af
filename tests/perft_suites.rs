//! Orthodox chess, loaded from `variants/chess.hole`, against outside perft data kept in
//! `tests/fixtures/perft/` (see the README there): every position at every depth whose count
//! is at most 1,000,000 runs here; the ignored deep tests run every listed depth. The
//! `full_corpus_*` tests read `../shared/data/perft/` when it sits beside the checkout
//! (`.ci/run` runs them then): all 960 Chess960 positions, and the fixtures are verbatim copies.

use std::path::{Path, PathBuf};

use holechess_kernel::perft::perft;
use holechess_kernel::Position;

/// One position with its expected counts by depth.
struct Case {
    source: String,
    fen: String,
    counts: Vec<(u32, u64)>,
}

/// The perft fixtures kept in the repository.
fn fixtures() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/perft")
}

/// The full perft data beside the checkout, for the ignored `full_corpus_*` tests.
fn full_corpus() -> PathBuf {
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../shared/data/perft");
    assert!(dir.is_dir(), "{} is missing: the full_corpus_* tests need the full corpora", dir.display());
    dir
}

/// `FEN ;D1 n ;D2 n ...` lines; `#` comments.
fn read_epd(name: &str) -> Vec<Case> {
    let text = std::fs::read_to_string(fixtures().join(name)).expect("perft fixture");
    text.lines()
        .enumerate()
        .filter(|(_, l)| !l.trim().is_empty() && !l.trim_start().starts_with('#'))
        .map(|(i, line)| {
            let mut parts = line.split(';');
            let fen = parts.next().unwrap().trim().to_string();
            let counts = parts
                .map(|p| {
                    let p = p.trim();
                    let (d, n) = p.split_once(' ').expect("D<depth> <count>");
                    (d.trim_start_matches('D').parse().unwrap(), n.trim().parse().unwrap())
                })
                .collect();
            Case { source: format!("{name}:{}", i + 1), fen, counts }
        })
        .collect()
}

/// `id` / `epd` / `perft D N` blocks of a file.
fn read_perft_blocks(path: &Path) -> Vec<Case> {
    let name = path.file_name().expect("a file").to_string_lossy();
    let text = std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    let mut cases: Vec<Case> = Vec::new();
    for line in text.lines().map(str::trim) {
        if let Some(id) = line.strip_prefix("id ") {
            cases.push(Case { source: format!("{name}:{id}"), fen: String::new(), counts: Vec::new() });
        } else if let Some(epd) = line.strip_prefix("epd ") {
            cases.last_mut().expect("id before epd").fen = epd.to_string();
        } else if let Some(p) = line.strip_prefix("perft ") {
            let (d, n) = p.split_once(' ').unwrap();
            cases.last_mut().expect("id before perft").counts.push((d.parse().unwrap(), n.parse().unwrap()));
        }
    }
    cases
}

fn all_cases() -> Vec<Case> {
    let mut cases = read_epd("perftsuite.epd");
    cases.extend(read_epd("cpw-perft-results.epd"));
    cases.extend(read_epd("peterellisjones-gist.epd"));
    cases.extend(read_perft_blocks(&fixtures().join("tricky.perft")));
    cases
}

fn run(cases: &[Case], limit: u64) -> usize {
    let chess = holechess_lang::load("chess").expect("the bundled chess script loads");
    let mut checked = 0;
    for case in cases {
        let mut pos = Position::from_fen(&chess.variant, &case.fen)
            .unwrap_or_else(|e| panic!("{}: {} does not read: {e}", case.source, case.fen));
        for &(depth, expected) in case.counts.iter().filter(|(_, n)| *n <= limit) {
            let got = perft(&mut pos, depth);
            assert_eq!(got, expected, "{} depth {depth}: {}", case.source, case.fen);
            checked += 1;
        }
    }
    checked
}

#[test]
fn every_suite_position_up_to_a_million_nodes() {
    let cases = all_cases();
    assert!(cases.len() > 150, "all four files are read");
    let checked = run(&cases, 1_000_000);
    assert!(checked > 500, "{checked} counts checked");
}

#[test]
fn chess960_positions_up_to_a_hundred_thousand_nodes() {
    let cases = read_perft_blocks(&fixtures().join("chess960-first-120.perft"));
    assert_eq!(cases.len(), 120);
    run(&cases, 100_000);
}

#[test]
#[ignore = "deep perft: minutes in release"]
fn every_suite_position_at_every_depth() {
    run(&all_cases(), u64::MAX);
}

#[test]
#[ignore = "full corpus: all 960 positions of ../shared/data/perft/chess960.perft; run by .ci/run"]
fn full_corpus_every_chess960_position_up_to_a_hundred_thousand_nodes() {
    let cases = read_perft_blocks(&full_corpus().join("chess960.perft"));
    assert_eq!(cases.len(), 960);
    run(&cases, 100_000);
}

#[test]
#[ignore = "full corpus: compares the fixtures with ../shared/data/perft; run by .ci/run"]
fn full_corpus_perft_fixtures_are_verbatim_copies() {
    for name in ["perftsuite.epd", "cpw-perft-results.epd", "peterellisjones-gist.epd", "tricky.perft"] {
        let fixture = std::fs::read(fixtures().join(name)).expect("fixture");
        assert_eq!(fixture, std::fs::read(full_corpus().join(name)).expect("source"), "{name}");
    }
    let first_120 = std::fs::read_to_string(fixtures().join("chess960-first-120.perft")).expect("fixture");
    let full = std::fs::read_to_string(full_corpus().join("chess960.perft")).expect("source");
    assert!(full.starts_with(&first_120), "chess960-first-120.perft is the start of chess960.perft");
}

#[test]
#[ignore = "deep perft: about 45 minutes on one thread in release; needs ../shared/data"]
fn every_chess960_position_at_every_depth() {
    run(&read_perft_blocks(&full_corpus().join("chess960.perft")), u64::MAX);
}
