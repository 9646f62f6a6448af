//! The search only ever returns legal moves, whatever the limits, on orthodox chess and
//! on Standard Portal Chess (transits), from positions reached by random play; its capture
//! search from pseudo-legal moves finds what a full legal generation finds.

mod support;

use std::sync::Arc;
use std::time::Duration;

use holechess_ai::{Limits, SearchConfig, Searcher, SplitMix64};
use holechess_kernel::{Position, Variant};

/// Positions reached by random legal play from the start, a few plies apart.
fn random_positions(variant: &Arc<Variant>, seed: u64, count: usize) -> Vec<Position> {
    let mut rng = SplitMix64::new(seed);
    let mut pos = Position::start(variant);
    let mut found = Vec::new();
    while found.len() < count {
        let legal = pos.legal_moves();
        if legal.is_empty() || pos.ply() > 80 {
            pos = Position::start(variant);
            continue;
        }
        pos.play_unchecked(legal.as_slice()[rng.below(legal.len())]);
        if pos.ply() % 7 == 0 {
            found.push(pos.clone());
        }
    }
    found
}

fn assert_legal_choices(variant: &Arc<Variant>, seed: u64) {
    let mut searcher = Searcher::default();
    for (i, pos) in random_positions(variant, seed, 12).into_iter().enumerate() {
        let before = pos.clone();
        let limits = if i % 2 == 0 { Limits::nodes(1_500) } else { Limits::depth(2) };
        let r = searcher.search(&pos, limits);
        assert_eq!(pos, before, "the caller's position is untouched");
        let legal = pos.legal_moves();
        match r.best_move {
            Some(mv) => assert!(legal.contains(&mv), "{mv:?} is not legal in {}", pos.fen()),
            None => assert!(legal.is_empty()),
        }
        assert!(r.pv.first().is_none_or(|&m| Some(m) == r.best_move));
    }
}

#[test]
fn orthodox_choices_are_legal() {
    assert_legal_choices(&support::orthodox(), 11);
}

#[test]
fn portal_choices_are_legal() {
    assert_legal_choices(&support::standard_portal(), 12);
}

#[test]
fn no_time_still_gives_a_legal_move() {
    let pos = Position::start(&support::standard_portal());
    let r = Searcher::default().search(&pos, Limits::time(Duration::ZERO));
    assert!(pos.legal_moves().contains(&r.best_move.unwrap()));
}

#[test]
fn a_raised_stop_flag_ends_the_search_with_a_legal_move() {
    let pos = Position::start(&support::orthodox());
    let mut searcher = Searcher::default();
    let flag = searcher.stop_flag();
    let done = std::sync::Arc::new(std::sync::atomic::AtomicBool::new(false));
    let finished = done.clone();
    // The search lowers its flag when it starts, so the flag is raised again until the search
    // returns: a raise that came before the start cannot be lost on a slow machine.
    let stopper = std::thread::spawn(move || {
        while !finished.load(std::sync::atomic::Ordering::Acquire) {
            std::thread::sleep(Duration::from_millis(50));
            flag.raise();
        }
    });
    let r = searcher.search(&pos, Limits::NONE);
    done.store(true, std::sync::atomic::Ordering::Release);
    stopper.join().unwrap();
    assert!(r.depth < 64);
    assert!(pos.legal_moves().contains(&r.best_move.unwrap()));
}

#[test]
fn node_limits_are_kept() {
    let pos = Position::start(&support::orthodox());
    let r = Searcher::default().search(&pos, Limits::nodes(500));
    assert!(r.nodes <= 501, "{} nodes", r.nodes);
}

#[test]
fn portal_capture_search_from_pseudo_moves_finds_what_full_generation_finds() {
    // Captures taken from the pseudo-legal moves and tested one by one (transits, pins,
    // checks through portals) against every legal move generated at each capture node.
    let variant = support::standard_portal();
    let config = |pseudo_captures| SearchConfig { pseudo_captures, use_table: false, ..SearchConfig::default() };
    for pos in random_positions(&variant, 11, 16) {
        let full = Searcher::new(config(false)).search(&pos, Limits::depth(3));
        let pseudo = Searcher::new(config(true)).search(&pos, Limits::depth(3));
        assert_eq!((pseudo.best_move, pseudo.score), (full.best_move, full.score), "{}", pos.fen());
    }
}
