//! `holechess bench`: the speed figures the README reports, measured on this machine,
//! single-threaded, with the command that reproduces them being this one.

use std::time::Instant;

use holechess_kernel::perft::perft;
use holechess_kernel::Position;

use crate::commands::{load_variant, Outcome};

/// The wormhole benchmark's start: the orthodox setup with six active wormholes.
const SIX_WORMHOLES: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 wormhole=c3,f3,a5,h4,d6,e5";

#[derive(Debug)]
pub struct BenchConfig {
    pub chess_depth: u32,
    pub hole_depth: u32,
}

pub fn run(config: &BenchConfig) -> Result<Outcome, String> {
    compile_time()?;
    let chess = perft_speed("chess", None, config.chess_depth)?;
    let porthole = perft_speed("porthole", None, config.hole_depth)?;
    let wormhole = perft_speed("wormhole", Some(SIX_WORMHOLES), config.hole_depth)?;
    println!("porthole / chess: {:.2}", porthole / chess);
    println!("wormhole / chess: {:.2}", wormhole / chess);
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

/// Perft from a position, reporting nodes per second (last ply counted in bulk). Short
/// runs are repeated until a second has passed, so the figure is not a timer's rounding.
pub fn perft_speed(variant: &str, fen: Option<&str>, depth: u32) -> Result<f64, String> {
    let loaded = load_variant(variant)?;
    let mut pos = match fen {
        Some(f) => Position::from_fen(&loaded.variant, f).map_err(|e| e.to_string())?,
        None => Position::start(&loaded.variant),
    };
    let started = Instant::now();
    let mut runs = 0u32;
    let mut nodes = 0;
    while runs == 0 || started.elapsed().as_secs_f64() < 1.0 {
        nodes = perft(&mut pos, depth);
        runs += 1;
    }
    let secs = started.elapsed().as_secs_f64() / f64::from(runs);
    let nps = nodes as f64 / secs;
    let repeat = if runs > 1 { format!(" (mean of {runs} runs)") } else { String::new() };
    println!("perft {variant} depth {depth}: {nodes} nodes in {secs:.3} s{repeat} = {:.1} M nodes/s", nps / 1e6);
    Ok(nps)
}
