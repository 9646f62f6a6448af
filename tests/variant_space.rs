//! The variant-space fuzzer: random valid variants written as scripts (`generator.rs`), and
//! positions reached from their start by random play. For each position, perft through the
//! kernel (its fast path when the variant qualifies), perft through the kernel's general path
//! alone, and perft by an independent reference that reads the lowered script and has its
//! own make (`reference/spec.rs`) must agree (K1, K6, K8). A fresh seed is drawn and printed
//! on every run (`VARIANT_SPACE_SEED=N` repeats one), beside a fixed regression set; the
//! ignored `variant_space_long_run` plays many more (`VARIANT_SPACE_CASES=N`).

#[path = "variant_space/generator.rs"]
mod generator;
#[path = "reference/spec.rs"]
mod spec_reference;

use holechess_kernel::notation::lan;
use holechess_kernel::perft::perft;
use holechess_kernel::Position;
use proptest::test_runner::{Config, RngAlgorithm, TestRng, TestRunner};

use generator::Rng;
use spec_reference::Board;

/// What one variant's check covered.
#[derive(Default, Debug)]
struct Covered {
    positions: usize,
    fast: usize,
}

/// Perft through the general path's move lists only.
fn general_perft(pos: &mut Position, depth: u32) -> u64 {
    let moves = pos.general_legal_moves();
    if depth == 1 {
        return moves.len() as u64;
    }
    let mut n = 0;
    for &mv in moves.iter() {
        let undo = pos.make(mv);
        n += general_perft(pos, depth - 1);
        pos.unmake(undo);
    }
    n
}

/// The three counts of `pos` at `depth`, or a report of how they differ.
fn compare(script: &str, pos: &Position, depth: u32) -> Result<bool, String> {
    let spec = pos.variant().spec();
    let kernel = perft(&mut pos.clone(), depth);
    let general = general_perft(&mut pos.clone(), depth);
    let reference = Board::of(spec, pos).perft(depth);
    if kernel == general && general == reference {
        return Ok(pos.uses_fast_path());
    }
    Err(format!(
        "{script}\nposition {}\ndepth {depth}: kernel {kernel}, general path {general}, reference {reference}\n{}",
        pos.fen(),
        localize(pos, depth)
    ))
}

/// The first position below `pos` (down kernel moves) whose legal moves differ between the
/// kernel and the reference, with both lists.
fn localize(pos: &Position, depth: u32) -> String {
    let spec = pos.variant().spec();
    let mut mine: Vec<String> = pos.legal_moves().iter().map(|&m| lan(pos, m)).collect();
    mine.sort();
    let mut theirs: Vec<String> = Board::of(spec, pos).legal_moves().into_iter().map(Board::text).collect();
    theirs.sort();
    if mine.len() != theirs.len() || depth <= 1 {
        return format!(
            "at {}: kernel moves ({}): {mine:?}\nreference moves ({}): {theirs:?}",
            pos.fen(),
            mine.len(),
            theirs.len()
        );
    }
    for &mv in pos.legal_moves().iter() {
        let mut child = pos.clone();
        child.play(mv);
        if perft(&mut child.clone(), depth - 1) != Board::of(spec, &child).perft(depth - 1) {
            return format!("after {}: {}", lan(pos, mv), localize(&child, depth - 1));
        }
    }
    format!("the children agree one by one: the reference's make differs at {}", pos.fen())
}

/// The variant of `seed` and a few positions of a random game from its start, compared.
fn check_variant(seed: u64, positions: usize) -> Result<Covered, String> {
    let generated = generator::variant(seed);
    let loaded = holechess_lang::load_str("generated.hole", &generated.script)
        .map_err(|e| format!("seed {seed}: the generated script is refused:\n{}\n{}", generated.script, e.render()))?;
    let mut pos = Position::start(&loaded.variant);
    let mut rng = Rng(seed ^ 0x5EED);
    let mut covered = Covered::default();
    for _ in 0..positions {
        let moves = pos.legal_moves();
        let depth = if moves.len() <= 6 { 3 } else { 2 };
        let fast = compare(&generated.script, &pos, depth).map_err(|report| format!("seed {seed}:\n{report}"))?;
        covered.positions += 1;
        covered.fast += usize::from(fast);
        for _ in 0..rng.range(1, 4) {
            let moves = pos.legal_moves();
            if moves.is_empty() {
                return Ok(covered);
            }
            pos.play(moves.as_slice()[rng.below(moves.len())]);
        }
    }
    Ok(covered)
}

/// Seeds that once found a bug (each kept as a regression) or cover a rare shape.
const REGRESSIONS: &[u64] = &[
    // A first-move step attacks while the piece is unmoved (conditional captures, K1).
    946_112_412_864_357_090,
    // En passant onto an open token (a Berolina double step passing it).
    1_815_735_901_263_408_802,
];

fn env_number(name: &str) -> Option<u64> {
    std::env::var(name).ok().and_then(|v| v.parse().ok())
}

/// `cases` random variants from a fresh (or given) seed, through proptest: a failure
/// prints the variant's seed, script, position and the three counts.
fn run_random(cases: u32) -> Covered {
    let master = env_number("VARIANT_SPACE_SEED").unwrap_or_else(|| {
        std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).map_or(1, |d| d.as_nanos() as u64)
    });
    println!("variant-space seed {master} (repeat with VARIANT_SPACE_SEED={master})");
    let mut seed_bytes = [0u8; 32];
    seed_bytes[..8].copy_from_slice(&master.to_le_bytes());
    let config = Config { cases, failure_persistence: None, max_shrink_iters: 0, ..Config::default() };
    let mut runner = TestRunner::new_with_rng(config, TestRng::from_seed(RngAlgorithm::ChaCha, &seed_bytes));
    let total = std::cell::RefCell::new(Covered::default());
    let result = runner.run(&proptest::num::u64::ANY, |seed| {
        let covered = check_variant(seed, 3).map_err(proptest::test_runner::TestCaseError::fail)?;
        let mut total = total.borrow_mut();
        total.positions += covered.positions;
        total.fast += covered.fast;
        Ok(())
    });
    if let Err(e) = result {
        panic!("variant-space seed {master}: {e}");
    }
    total.into_inner()
}

#[test]
fn k1_k6_variant_space_regressions_agree() {
    let one = env_number("VARIANT_SPACE_ONE");
    for &seed in one.as_slice().iter().chain(REGRESSIONS) {
        if let Err(report) = check_variant(seed, 3) {
            panic!("{report}");
        }
    }
}

#[test]
fn k1_k6_random_variants_agree_on_perft() {
    let covered = run_random(env_number("VARIANT_SPACE_CASES").map_or(250, |n| n as u32));
    println!("{} generated variant positions agree ({} on the fast path)", covered.positions, covered.fast);
}

#[test]
#[ignore = "long: VARIANT_SPACE_CASES variants (default 40,000)"]
fn variant_space_long_run() {
    let covered = run_random(env_number("VARIANT_SPACE_CASES").map_or(40_000, |n| n as u32));
    println!("{} generated variant positions agree ({} on the fast path)", covered.positions, covered.fast);
}
