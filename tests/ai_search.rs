//! The computer in the dice and two-board variants, asserted through node
//! budgets and positions, never through time. In the dice variants the search samples
//! each event from the hooks' decision tree (no rhai once a path is known) and reaches
//! depth 5 within a node budget (events with at least three samples expanded); in Portal Chess it finds a mate delivered on the other
//! board (HP2, HP8).

use std::sync::Arc;

use holechess_ai::{is_mate_score, ChanceModel, Limits, SearchConfig, Searcher};
use holechess_kernel::notation::{lan, parse_move};
use holechess_kernel::Position;
use holechess_runtime::{EventTree, PlayableVariant};

/// The variant's events as the search sees them: sampled from the hooks' decision tree.
struct TreeChance {
    rules: Arc<PlayableVariant>,
    tree: EventTree,
}

impl ChanceModel for TreeChance {
    fn outcomes(&self, after_move: &Position) -> Vec<(f64, Position)> {
        self.rules.event_outcomes(after_move)
    }

    fn sample(&self, after_move: &Position, k: usize, seed: u64) -> Vec<(f64, Position)> {
        self.tree.sample(after_move, k, seed)
    }
}

fn searcher_for(rules: &Arc<PlayableVariant>) -> (Searcher, Arc<TreeChance>) {
    let model = Arc::new(TreeChance { rules: Arc::clone(rules), tree: EventTree::new(rules) });
    let mut searcher = Searcher::new(SearchConfig::default());
    searcher.set_chance_model(Some(model.clone()));
    (searcher, model)
}

fn after(rules: &Arc<PlayableVariant>, moves: &[&str]) -> Position {
    let mut pos = rules.start_position();
    for text in moves {
        let mv = parse_move(&pos, text).unwrap_or_else(|e| panic!("{text}: {e}"));
        pos.play_unchecked(mv);
    }
    pos
}

/// The deepest iteration completed within `nodes`, and the rhai runs the tree needed.
fn depth_within(variant: &str, moves: &[&str], nodes: u64) -> (u32, u64) {
    let rules = PlayableVariant::load(variant).unwrap();
    let (mut searcher, model) = searcher_for(&rules);
    let result = searcher.search(&after(&rules, moves), Limits::nodes(nodes));
    assert!(result.best_move.is_some());
    (result.depth, model.tree.rhai_runs())
}

#[test]
fn pt1_pothole_depth_five_within_a_node_budget() {
    let (depth, runs) = depth_within("pothole", &["e4", "e5"], 400_000);
    assert!(depth >= 5, "depth {depth}");
    assert!(runs > 0, "the rolls after the root's moves were sampled");
    assert!(runs < 2_000, "{runs} rhai runs: most chance nodes are replayed natively");
}

#[test]
fn wh1_wormhole_depth_five_within_a_node_budget() {
    let (depth, runs) = depth_within("wormhole", &["e4", "e5"], 400_000);
    assert!(depth >= 5, "depth {depth}");
    assert!(runs > 0, "the rolls after the root's moves were sampled");
    assert!(runs < 2_000, "{runs} rhai runs: most chance nodes are replayed natively");
}

#[test]
fn hp8_a_mate_on_the_other_board_is_found_and_played() {
    // Turn 2: White acts on board B, where Black's king is; Black acts on board A and
    // cannot answer there. Ra8 leaves Black's king mated when Black next acts on B.
    let rules = PlayableVariant::load("portal").unwrap();
    let pos = Position::from_fen(rules.variant(), "8/8/8/8/8/8/p7/4K3|7k/6pp/8/8/8/8/8/R7 w - - 0 2").unwrap();
    let result = Searcher::new(SearchConfig::default()).search(&pos, Limits::depth(5));
    assert_eq!(lan(&pos, result.best_move.unwrap()), "a1a8");
    assert!(is_mate_score(result.score) && result.score > 0, "score {}", result.score);
}
