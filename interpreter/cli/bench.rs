//! `holechess bench`: the speed figures the README reports, measured on this machine, with
//! the command that reproduces them being this one: load time, perft of orthodox chess
//! (start and Kiwipete) and of the hole variants beside it, and validation speed
//! (`bench_records.rs`), beside a peer validator's when one is given. Perft is
//! single-threaded.

use std::path::PathBuf;
use std::time::Instant;

use holechess_kernel::perft::perft;
use holechess_kernel::Position;

use crate::bench_records::{pgn_files, validate_files, validate_self_play, FIXTURE_PGN};
use crate::commands::{load_variant, Outcome};

/// The wormhole benchmark's start: the orthodox setup with six active wormholes.
const SIX_WORMHOLES: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 wormhole=c3,f3,a5,h4,d6,e5";

/// Kiwipete (Peter McKenzie's perft position).
const KIWIPETE: &str = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";

#[derive(Debug)]
pub struct BenchConfig {
    pub chess_depth: u32,
    pub kiwipete_depth: u32,
    pub hole_depth: u32,
    /// PGN files or folders of orthodox games to validate (none: the checkout's fixtures).
    pub pgn: Vec<PathBuf>,
    /// Self-play records made per hole variant for the validation figure.
    pub self_play_games: u64,
    /// A peer validator timed on the same PGN files.
    pub peer_validate: Option<PathBuf>,
}

pub fn run(config: &BenchConfig) -> Result<Outcome, String> {
    compile_time()?;
    let chess = perft_speed("chess", None, config.chess_depth)?;
    perft_speed("chess (Kiwipete)", Some(KIWIPETE), config.kiwipete_depth)?;
    let porthole = perft_speed("porthole", None, config.hole_depth)?;
    let portal = perft_speed("standard-portal", None, config.hole_depth)?;
    let wormhole = perft_speed("wormhole", Some(SIX_WORMHOLES), config.hole_depth)?;
    println!("porthole / chess: {:.2}", porthole / chess);
    println!("standard-portal / chess: {:.2}", portal / chess);
    println!("wormhole (six wormholes) / chess: {:.2}", wormhole / chess);
    let paths = if config.pgn.is_empty() { vec![PathBuf::from(FIXTURE_PGN)] } else { config.pgn.clone() };
    if paths.iter().all(|p| p.exists()) {
        validate_files("chess", &pgn_files(&paths)?, config.peer_validate.as_deref())?;
    } else {
        println!("validate chess: no PGN files here (run in the checkout, or give --pgn FILE...)");
    }
    validate_self_play(config.self_play_games)?;
    Ok(Outcome::Ok)
}

/// Time to load and compile the orthodox script (median of many loads).
fn compile_time() -> Result<(), String> {
    let mut samples = Vec::new();
    for _ in 0..50 {
        let started = Instant::now();
        load_variant("chess")?;
        samples.push(started.elapsed().as_secs_f64());
    }
    samples.sort_by(f64::total_cmp);
    println!("load+compile chess: {:.2} ms (median of 50)", samples[samples.len() / 2] * 1e3);
    Ok(())
}

/// Perft from a position, reporting nodes per second (last ply counted in bulk). Runs are
/// repeated until a second has passed and the fastest is reported: on a shared machine the
/// least-disturbed run is the truest figure, and a short run is not a timer's rounding.
pub fn perft_speed(label: &str, fen: Option<&str>, depth: u32) -> Result<f64, String> {
    let variant = label.split(' ').next().unwrap_or(label);
    let loaded = load_variant(variant)?;
    let mut pos = match fen {
        Some(f) => Position::from_fen(&loaded.variant, f).map_err(|e| e.to_string())?,
        None => Position::start(&loaded.variant),
    };
    let mut nodes = 0;
    let (runs, secs) = fastest_of_repeats(|| nodes = perft(&mut pos, depth));
    let nps = nodes as f64 / secs;
    let repeat = if runs > 1 { format!(" (best of {runs} runs)") } else { String::new() };
    println!("perft {label} depth {depth}: {nodes} nodes in {secs:.3} s{repeat} = {:.1} M nodes/s", nps / 1e6);
    Ok(nps)
}

/// Runs `work` until a second has passed (at least once): the number of runs and the
/// seconds of the fastest.
pub fn fastest_of_repeats(mut work: impl FnMut()) -> (u32, f64) {
    let started = Instant::now();
    let (mut runs, mut fastest) = (0u32, f64::INFINITY);
    while runs == 0 || started.elapsed().as_secs_f64() < 1.0 {
        let run = Instant::now();
        work();
        fastest = fastest.min(run.elapsed().as_secs_f64());
        runs += 1;
    }
    (runs, fastest)
}
