//! The computer keeps its time. Level 1 has a clock (at most
//! [`CLASSIC_TIME`], 1 s) and still answers with a legal move when the clock runs out
//! before its depth-3 minimax ends; the search looks at its clock before every chance node,
//! so a slow dice hook cannot carry a move far past its time. Asserted through the clock's
//! decisions (a zero time budget, a stop flag raised from inside a chance model), never by
//! measuring time.

mod support;

use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Arc;
use std::time::Duration;

use holechess_ai::{ChanceModel, ClassicPlayer, Limits, SearchConfig, Searcher, StopFlag, CLASSIC_DEPTH, CLASSIC_TIME};
use holechess_kernel::testing::RawEdits;
use holechess_kernel::Position;

/// A crowded position with portals: a depth-3 minimax of it takes long.
const CROWDED: &str = "k7/1q4q1/8/3QQ3/3qq3/8/1Q4Q1/K7 w - - 0 1 portal=c3,f3,c6,f6,a4,h4,a5,h5";

#[test]
fn level_one_out_of_time_stops_at_the_first_poll_and_still_plays_a_legal_move() {
    let variant = support::standard_portal();
    let pos = Position::from_fen(&variant, CROWDED).unwrap();
    let result = ClassicPlayer::new().choose_within(&pos, Duration::ZERO);
    let mv = result.best_move.expect("a move even with no time");
    assert!(pos.is_legal(mv));
    assert!(result.nodes <= 2048, "{} nodes: the clock is polled every 1024", result.nodes);
}

#[test]
fn level_one_with_time_enough_is_the_full_depth_three_minimax() {
    let variant = support::orthodox();
    let pos = Position::start(&variant);
    let timed = ClassicPlayer::new().choose_within(&pos, CLASSIC_TIME);
    assert!(pos.is_legal(timed.best_move.unwrap()));
    // The depth reported is the pass completed: 3, or 1 when a loaded machine let the clock
    // cut the depth-3 pass (its best finished move is still played). Never anything else.
    assert!([1, CLASSIC_DEPTH].contains(&timed.depth), "depth {}", timed.depth);
    let again = ClassicPlayer::new().choose_within(&pos, CLASSIC_TIME);
    if timed.depth == CLASSIC_DEPTH && again.depth == CLASSIC_DEPTH {
        assert_eq!((timed.best_move, timed.score), (again.best_move, again.score), "the same minimax");
    }
    assert!(CLASSIC_TIME <= Duration::from_secs(1), "the README promises at most 1 s");
}

/// A chance model that counts its calls and raises a stop flag on the `stop_at`-th, as a
/// deadline passing during a slow hook would.
struct SlowHook {
    calls: AtomicUsize,
    stop_at: usize,
    stop: StopFlag,
}

impl ChanceModel for SlowHook {
    fn outcomes(&self, after_move: &Position) -> Vec<(f64, Position)> {
        if self.calls.fetch_add(1, Ordering::SeqCst) + 1 == self.stop_at {
            self.stop.raise();
        }
        let mut struck = after_move.clone();
        let pieces: Vec<_> = struck.pieces_of(after_move.side_to_move()).map(|(sq, _)| sq).collect();
        if let Some(&sq) =
            pieces.iter().find(|&&sq| !after_move.variant().piece(after_move.piece_at(sq).unwrap().kind).royal)
        {
            struck.remove_piece(sq);
        }
        vec![(0.5, after_move.clone()), (0.5, struck)]
    }
}

#[test]
fn the_search_stops_at_the_next_chance_node_once_its_time_is_up() {
    let variant = support::orthodox();
    let mut searcher = Searcher::new(SearchConfig::default());
    let model = Arc::new(SlowHook { calls: AtomicUsize::new(0), stop_at: 5, stop: searcher.stop_flag() });
    searcher.set_chance_model(Some(model.clone()));
    let result = searcher.search(&Position::start(&variant), Limits::depth(8));
    assert_eq!(model.calls.load(Ordering::SeqCst), 5, "no chance node is expanded after the stop");
    assert!(result.best_move.is_some());
}
