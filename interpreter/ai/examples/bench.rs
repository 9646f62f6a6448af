//! Measurements of the search, run in release:
//! `cargo run --release -p holechess-ai --example bench -- nps` (nodes per second on the
//! orthodox start position), `... -- classic` (level-1 time per move) and
//! `... -- match GAMES MILLIS [LEVEL [OPPONENT]]` (a level against another, level 1 by default,
//! in Standard Portal Chess).

#[path = "../tests/support/mod.rs"]
mod support;

use std::time::{Duration, Instant};

use holechess_ai::{play_match, ClassicPlayer, Level, Limits, Searcher};
use holechess_kernel::Position;

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    match args.first().map(String::as_str) {
        Some("nps") => nps(),
        Some("classic") => classic(),
        Some("match") => {
            let games = args.get(1).and_then(|a| a.parse().ok()).unwrap_or(10);
            let millis = args.get(2).and_then(|a| a.parse().ok()).unwrap_or(500);
            let level = args.get(3).and_then(|a| a.parse().ok()).map_or(Level::DEFAULT, Level);
            let opponent = args.get(4).and_then(|a| a.parse().ok()).map_or(Level(1), Level);
            portal_match(games, millis, level, opponent);
        }
        _ => eprintln!("usage: bench nps | classic | match GAMES MILLIS [LEVEL [OPPONENT]]"),
    }
}

fn nps() {
    for (name, variant) in [("orthodox", support::orthodox()), ("portal", support::standard_portal())] {
        let pos = Position::start(&variant);
        let mut searcher = Searcher::default();
        let r = searcher.search(&pos, Limits::time(Duration::from_secs(5)));
        let nps = r.nodes as f64 / r.elapsed.as_secs_f64();
        println!(
            "{name}: depth {} nodes {} in {:.2?}: {:.0} nodes/s, score {}",
            r.depth, r.nodes, r.elapsed, nps, r.score
        );
    }
}

fn classic() {
    for (name, variant) in [("orthodox", support::orthodox()), ("portal", support::standard_portal())] {
        let pos = Position::start(&variant);
        let mut player = ClassicPlayer::new();
        let start = Instant::now();
        let r = player.choose(&pos);
        println!(
            "{name}: level 1 chose {:?} score {} nodes {} in {:.2?}",
            r.best_move,
            r.score,
            r.nodes,
            start.elapsed()
        );
    }
}

fn portal_match(games: u32, millis: u64, level: Level, opponent: Level) {
    let variant = support::standard_portal();
    let start = Instant::now();
    let report = play_match(&variant, level, opponent, games, 2024, Limits::time(Duration::from_millis(millis)), None);
    for (i, g) in report.games.iter().enumerate() {
        println!(
            "game {i}: {level} white={} {:?} winner {:?} plies {}",
            g.first_is_white,
            g.end,
            g.winner,
            g.moves.len()
        );
    }
    let (w, d, l) = report.first_record();
    println!(
        "{level} vs {opponent}: +{w} ={d} -{l}, score {}/{} in {:.1?}",
        report.first_score(),
        games,
        start.elapsed()
    );
}
