//! The transposition table saves work without changing what a fixed-depth search finds.

mod support;

use holechess_ai::{Limits, SearchConfig, Searcher};
use holechess_kernel::Position;

fn search(fen: &str, depth: u32, use_table: bool) -> (Option<holechess_kernel::Move>, i32, u64) {
    let v = support::orthodox();
    let pos = Position::from_fen(&v, fen).unwrap();
    let mut s = Searcher::new(SearchConfig { use_table, table_megabytes: 4, ..SearchConfig::default() });
    let r = s.search(&pos, Limits::depth(depth));
    (r.best_move, r.score, r.nodes)
}

#[test]
fn fixed_depth_results_match_with_and_without_the_table() {
    let positions = [
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
        "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
        "kbK5/pp6/1P6/8/8/8/8/R7 w - - 0 1",
    ];
    let mut saved = 0i64;
    for fen in positions {
        for depth in 1..=3 {
            let (m1, s1, n1) = search(fen, depth, true);
            let (m2, s2, n2) = search(fen, depth, false);
            assert_eq!((m1, s1), (m2, s2), "{fen} at depth {depth}");
            saved += n2 as i64 - n1 as i64;
        }
    }
    assert!(saved > 0, "the table should save nodes overall");
}
