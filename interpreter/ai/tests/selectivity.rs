//! How the search spends its nodes: they are counted as Fairy-Stockfish counts them (one per
//! move made and searched, the capture search included), and the pruning, reductions and
//! ordering let a middlegame search reach a given depth within a bounded number of them.

mod support;

use holechess_ai::{Limits, Searcher};
use holechess_kernel::Position;

/// A middlegame of orthodox chess, both sides developed, with captures and checks about.
const MIDDLEGAME: &str = "r1bq1rk1/ppp1bppp/2n2n2/4p1N1/2Q5/2N5/PPPP1PPP/R1B1KB1R w KQ - 4 8";

#[test]
fn a_depth_one_search_of_the_start_counts_one_node_per_root_move() {
    // Twenty root moves, no capture for the reply: twenty nodes, each counted once (not once
    // more when the capture search takes over at the horizon, nor at the root).
    let pos = Position::start(&support::orthodox());
    let result = Searcher::default().search(&pos, Limits::depth(1));
    assert_eq!(result.nodes, 20);
}

#[test]
fn a_middlegame_search_reaches_depth_eight_within_a_hundred_thousand_nodes() {
    // The pruning, reductions and ordering take it there in about 72,000 nodes; a plain
    // principal variation search with null moves and two-step reductions needed about
    // 250,000.
    let pos = Position::from_fen(&support::orthodox(), MIDDLEGAME).unwrap();
    let result = Searcher::default().search(&pos, Limits::depth(8));
    assert_eq!(result.depth, 8);
    assert!(result.nodes <= 100_000, "{} nodes to depth 8", result.nodes);
    assert!(result.best_move.is_some());
}
