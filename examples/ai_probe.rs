use holechess_ai::{ChanceModel, Limits, SearchConfig, Searcher};
use holechess_kernel::notation::parse_move;
use holechess_kernel::Position;
use holechess_runtime::{EventTree, PlayableVariant};
use std::sync::Arc;
use std::time::Duration;
struct TreeChance {
    rules: Arc<PlayableVariant>,
    tree: EventTree,
}
impl ChanceModel for TreeChance {
    fn outcomes(&self, p: &Position) -> Vec<(f64, Position)> {
        self.rules.event_outcomes(p)
    }
    fn sample(&self, p: &Position, k: usize, seed: u64) -> Vec<(f64, Position)> {
        self.tree.sample(p, k, seed)
    }
}
fn main() {
    let args: Vec<String> = std::env::args().collect();
    let variant = &args[1];
    let ms: u64 = args[2].parse().unwrap();
    let rules = PlayableVariant::load(variant).unwrap();
    let mut pos = rules.start_position();
    for text in &args[3..] {
        let mv = parse_move(&pos, text).unwrap();
        pos.play(mv);
    }
    let mut s = Searcher::new(SearchConfig::default());
    if rules.has_events() {
        s.set_chance_model(Some(Arc::new(TreeChance { rules: rules.clone(), tree: EventTree::new(&rules) })));
    }
    for _ in 0..3 {
        let r = s.search(&pos, Limits::time(Duration::from_millis(ms)));
        println!(
            "depth {} nodes {} ms {} nps {:.0} score {}",
            r.depth,
            r.nodes,
            r.elapsed.as_millis(),
            r.nodes as f64 / r.elapsed.as_secs_f64(),
            r.score
        );
    }
}
