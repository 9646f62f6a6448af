//! The AI's view of a variant's dice: [`EventChance`] implements
//! [`holechess_ai::ChanceModel`]. The search samples events from the hooks' decision tree
//! ([`holechess_runtime::EventTree`]: replayed natively, rhai runs only where the tree is
//! still unknown), shared by every game of a match; the whole distribution, when asked for,
//! comes from the game layer's enumeration of every dice sequence
//! ([`holechess_runtime::PlayableVariant::event_outcomes_or_sample`]).

use std::collections::HashMap;
use std::sync::{Arc, Mutex};

use holechess_ai::{ChanceFactory, ChanceModel, PlayedEvent};
use holechess_kernel::Position;
use holechess_runtime::{Dice, EventTree, PlayableVariant};

/// The outcomes of one event, by position and the path that led to it.
type OutcomeCache = HashMap<(u64, u64), Arc<Vec<(f64, Position)>>>;

/// Events with at most this many dice sequences are enumerated exactly...
const EXACT_UP_TO: usize = 64;
/// ...others are estimated from this many seeded runs.
const SAMPLES: u32 = 12;

/// How many events the cache keeps before it starts afresh.
const CACHE_LIMIT: usize = 20_000;

/// The random events of a variant, as the search sees them: every outcome when an event has
/// few dice sequences, a seeded sample otherwise (each run is a rhai hook call). Iterative
/// deepening asks for the same events again at every depth, so outcomes are kept per
/// position and path.
#[derive(Debug)]
pub struct EventChance {
    rules: Arc<PlayableVariant>,
    tree: Arc<EventTree>,
    cache: Mutex<OutcomeCache>,
}

impl EventChance {
    /// The model of `rules`, or `None` when the variant rolls no dice.
    pub fn of(rules: &Arc<PlayableVariant>) -> Option<Arc<dyn ChanceModel>> {
        match rules.has_events() {
            true => Some(Arc::new(EventChance::new(rules, Arc::new(EventTree::new(rules))))),
            false => None,
        }
    }

    /// A factory making the model for each game of a match, `None` without dice.
    pub fn factory(rules: &Arc<PlayableVariant>) -> Option<Box<ChanceFactory>> {
        if !rules.has_events() {
            return None;
        }
        let rules = Arc::clone(rules);
        let tree = Arc::new(EventTree::new(&rules));
        Some(Box::new(move || -> Arc<dyn ChanceModel> { Arc::new(EventChance::new(&rules, Arc::clone(&tree))) }))
    }

    fn new(rules: &Arc<PlayableVariant>, tree: Arc<EventTree>) -> EventChance {
        EventChance { rules: Arc::clone(rules), tree, cache: Mutex::new(HashMap::new()) }
    }
}

impl ChanceModel for EventChance {
    fn outcomes(&self, after_move: &Position) -> Vec<(f64, Position)> {
        let key = (after_move.hash(), after_move.path_fingerprint());
        if let Some(found) = self.cache.lock().expect("no panic while holding the cache").get(&key) {
            return found.as_ref().clone();
        }
        let outcomes = Arc::new(self.rules.event_outcomes_or_sample(after_move, EXACT_UP_TO, SAMPLES));
        let mut cache = self.cache.lock().expect("no panic while holding the cache");
        if cache.len() >= CACHE_LIMIT {
            cache.clear();
        }
        cache.insert(key, Arc::clone(&outcomes));
        outcomes.as_ref().clone()
    }

    fn sample(&self, after_move: &Position, k: usize, seed: u64) -> Vec<(f64, Position)> {
        self.tree.sample(after_move, k, seed)
    }

    /// The hooks run once with dice seeded from `seed`, as in a game, and their faces kept
    /// for the record. A failing hook leaves the position as it is, with no dice.
    fn play_event(&self, after_move: &Position, seed: u64) -> PlayedEvent {
        match self.rules.hooks.after_move(after_move.clone(), Dice::seeded(seed)).0 {
            Ok(outcome) => PlayedEvent {
                position: Some(outcome.position),
                faces: outcome.rolls.iter().map(|roll| u32::from(roll.value)).collect(),
            },
            Err(_) => PlayedEvent::default(),
        }
    }
}
