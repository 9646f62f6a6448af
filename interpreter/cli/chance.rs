//! The AI's view of a variant's dice: [`EventChance`] implements
//! [`holechess_ai::ChanceModel`] with the game layer's enumeration of every dice sequence
//! ([`holechess_game::Rules::event_outcomes`]).

use std::sync::Arc;

use holechess_ai::{ChanceFactory, ChanceModel};
use holechess_game::Rules;
use holechess_kernel::Position;

/// The random events of a variant, as the search sees them.
#[derive(Debug)]
pub struct EventChance {
    rules: Arc<Rules>,
}

impl EventChance {
    /// The model of `rules`, or `None` when the variant rolls no dice.
    pub fn of(rules: &Arc<Rules>) -> Option<Arc<dyn ChanceModel>> {
        match rules.has_events() {
            true => Some(Arc::new(EventChance { rules: Arc::clone(rules) })),
            false => None,
        }
    }

    /// A factory making the model for each game of a match, `None` without dice.
    pub fn factory(rules: &Arc<Rules>) -> Option<Box<ChanceFactory>> {
        if !rules.has_events() {
            return None;
        }
        let rules = Arc::clone(rules);
        Some(Box::new(move || -> Arc<dyn ChanceModel> { Arc::new(EventChance { rules: Arc::clone(&rules) }) }))
    }
}

impl ChanceModel for EventChance {
    fn outcomes(&self, after_move: &Position) -> Vec<(f64, Position)> {
        self.rules.event_outcomes(after_move)
    }
}
