//! Expectation nodes: the search averages over the outcomes of a random event after each
//! move, as a fake chance model describes them.

mod support;

use std::sync::Arc;

use holechess_ai::{evaluate, sample_outcomes, ChanceModel, Limits, SearchConfig, Searcher, VariantTables, MATE};
use holechess_kernel::testing::RawEdits;
use holechess_kernel::{Position, Side};

/// After every move, each non-royal piece of the side that moved standing on file `file`
/// is struck, all together, with probability `p`.
struct FileStrike {
    file: u8,
    p: f64,
}

impl ChanceModel for FileStrike {
    fn outcomes(&self, after_move: &Position) -> Vec<(f64, Position)> {
        let mover = after_move.side_to_move().opponent();
        let g = after_move.geometry().clone();
        let struck: Vec<_> = after_move
            .pieces_of(mover)
            .filter(|&(sq, p)| g.file_of(sq) == self.file && !after_move.variant().piece(p.kind).royal)
            .map(|(sq, _)| sq)
            .collect();
        if struck.is_empty() {
            return Vec::new();
        }
        let mut hit = after_move.clone();
        for sq in struck {
            hit.remove_piece(sq);
        }
        vec![(1.0 - self.p, after_move.clone()), (self.p, hit)]
    }
}

/// Nothing ever happens, but the model says so explicitly.
struct Calm;

impl ChanceModel for Calm {
    fn outcomes(&self, after_move: &Position) -> Vec<(f64, Position)> {
        vec![(1.0, after_move.clone())]
    }
}

fn exact_config() -> SearchConfig {
    SearchConfig {
        quiescence_plies: 0,
        chance_reduction: 0,
        chance_min_depth: 0,
        chance_widening: false,
        ..SearchConfig::default()
    }
}

/// What the depth-1 search scores at a leaf for its side to move (stand pat, mate seen
/// only when in check).
fn leaf(tables: &VariantTables, pos: &Position) -> i32 {
    if pos.is_check() && pos.legal_moves().is_empty() {
        -(MATE - 1)
    } else {
        evaluate(tables, pos)
    }
}

#[test]
fn depth_one_scores_are_expectations_over_outcomes() {
    let v = support::orthodox();
    let pos = Position::from_fen(&v, "3rk3/8/8/8/8/8/3P4/R2QK3 w - - 0 1").unwrap();
    let tables = VariantTables::new(&v);
    let model = FileStrike { file: 3, p: 0.25 };
    let mut expected = Vec::new();
    for &mv in pos.legal_moves().iter() {
        let mut after = pos.clone();
        after.play_unchecked(mv);
        let outcomes = sample_outcomes(model.outcomes(&after), 6, 0);
        let value = if outcomes.is_empty() {
            -leaf(&tables, &after)
        } else {
            outcomes.iter().map(|(w, o)| w * -leaf(&tables, o) as f64).sum::<f64>().round() as i32
        };
        expected.push((mv, value));
    }
    let best = expected.iter().map(|&(_, v)| v).max().unwrap();
    let mut searcher = Searcher::new(exact_config());
    searcher.set_chance_model(Some(Arc::new(model)));
    let r = searcher.search(&pos, Limits::depth(1));
    assert_eq!(r.score, best);
    let chosen = expected.iter().find(|&&(m, _)| Some(m) == r.best_move).unwrap();
    assert_eq!(chosen.1, best);
}

/// The plain expectimax value of `pos` for its side to move, `depth` plies, an event after
/// every move (each expectation rounded as the search rounds it): what the pruned search
/// must find.
fn expectimax(tables: &VariantTables, model: &dyn ChanceModel, pos: &Position, depth: u32) -> i32 {
    if depth == 0 {
        return leaf(tables, pos);
    }
    let mut best = i32::MIN;
    for &mv in pos.legal_moves().iter() {
        let mut after = pos.clone();
        after.play_unchecked(mv);
        let outcomes = sample_outcomes(model.outcomes(&after), 6, 0);
        let value = if outcomes.is_empty() {
            -expectimax(tables, model, &after, depth - 1)
        } else {
            let sum: f64 = outcomes.iter().map(|(w, o)| w * f64::from(-expectimax(tables, model, o, depth - 1))).sum();
            sum.round() as i32
        };
        best = best.max(value);
    }
    best
}

#[test]
fn windows_at_chance_nodes_keep_the_depth_two_expectimax_value() {
    // No checks for White; Black's rook checks only at the horizon. Each side's d-file
    // pieces are struck after its move with probability 1/4: every node has two outcomes.
    let v = support::orthodox();
    let tables = VariantTables::new(&v);
    let model = FileStrike { file: 3, p: 0.25 };
    for fen in ["kn6/pp6/8/3r4/8/8/3R4/7K w - - 0 1", "kn6/pp6/8/3r4/2B5/8/3R2P1/7K w - - 0 1"] {
        let pos = Position::from_fen(&v, fen).unwrap();
        let expected = expectimax(&tables, &model, &pos, 2);
        let config = SearchConfig { pruning: false, use_table: false, ..exact_config() };
        let mut searcher = Searcher::new(config);
        searcher.set_chance_model(Some(Arc::new(FileStrike { file: 3, p: 0.25 })));
        let r = searcher.search(&pos, Limits::depth(2));
        assert_eq!(r.score, expected, "{fen}");
    }
}

#[test]
fn a_certain_strike_makes_the_search_decline_a_capture() {
    let v = support::orthodox();
    // Qxd5 wins a rook, unless the queen is struck on the d-file.
    let fen = "4k3/8/8/3r4/8/8/8/3QK3 w - - 0 1";
    let pos = Position::from_fen(&v, fen).unwrap();
    let plain = Searcher::default().search(&pos, Limits::depth(2));
    assert_eq!(holechess_kernel::notation::lan(&pos, plain.best_move.unwrap()), "d1d5");
    // Every event expanded, however few samples it gets (the default leaves out events
    // with fewer than 3).
    let mut searcher = Searcher::new(SearchConfig { chance_min_samples: 1, ..SearchConfig::default() });
    searcher.set_chance_model(Some(Arc::new(FileStrike { file: 3, p: 1.0 })));
    // Depth 3: an event is expanded when the opponent has two plies to answer it.
    let r = searcher.search(&pos, Limits::depth(3));
    let mut after = pos.clone();
    after.play_unchecked(r.best_move.unwrap());
    let queen_left =
        after.pieces_of(Side::White).any(|(sq, p)| v.piece(p.kind).letter == 'Q' && after.geometry().file_of(sq) != 3);
    assert!(queen_left, "the queen leaves the d-file");
}

#[test]
fn a_model_where_nothing_happens_changes_nothing() {
    let v = support::orthodox();
    let pos = Position::from_fen(&v, "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1").unwrap();
    let plain = Searcher::default().search(&pos, Limits::depth(4));
    let mut calm = Searcher::default();
    calm.set_chance_model(Some(Arc::new(Calm)));
    let r = calm.search(&pos, Limits::depth(4));
    assert_eq!((r.best_move, r.score, r.nodes), (plain.best_move, plain.score, plain.nodes));
}

#[test]
fn sampling_keeps_heavy_outcomes_and_normalises() {
    let v = support::orthodox();
    let base = Position::start(&v);
    let mut outcomes = vec![(0.5, base.clone())];
    for i in 0..64u16 {
        let mut p = base.clone();
        p.set_side_to_move(Side::Black);
        if let Some(sq) = p.geometry().squares().nth(i as usize) {
            p.remove_piece(sq);
        }
        outcomes.push((0.5 / 64.0, p));
    }
    let sampled = sample_outcomes(outcomes.clone(), 6, 99);
    assert!(sampled.len() <= 6);
    let total: f64 = sampled.iter().map(|(w, _)| w).sum();
    assert!((total - 1.0).abs() < 1e-9);
    let heavy = sampled.iter().find(|(_, p)| p.hash() == base.hash()).expect("the likeliest outcome is kept");
    assert!((heavy.0 - 0.5).abs() < 1e-9);
    let again = sample_outcomes(outcomes, 6, 99);
    assert_eq!(
        sampled.iter().map(|(w, p)| (*w, p.hash())).collect::<Vec<_>>(),
        again.iter().map(|(w, p)| (*w, p.hash())).collect::<Vec<_>>()
    );
    let few = sample_outcomes(vec![(2.0, base.clone()), (6.0, base.clone())], 6, 1);
    assert_eq!(few.iter().map(|(w, _)| *w).collect::<Vec<_>>(), vec![0.25, 0.75]);
}
