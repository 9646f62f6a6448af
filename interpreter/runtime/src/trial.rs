//! A trial run of every hook before play (`holechess check`): each hook runs once on the
//! variant's start position with seeded dice, so a runtime mistake (an unknown function, a
//! wrong argument, a bad effect) is reported with its file and line before a game meets it.

use crate::dice::Dice;
use crate::hooks::HookError;
use crate::playable_variant::PlayableVariant;

/// The seed of the trial's dice (any fixed seed: the trial must repeat).
const TRIAL_SEED: u64 = 1;

impl PlayableVariant {
    /// Runs the game-start hooks, lists the special moves and runs the after-move hooks,
    /// each once on the start position; the first error found.
    ///
    /// # Errors
    ///
    /// The first [`HookError`] found.
    pub fn trial_run(&self) -> Result<(), HookError> {
        let start = self.start_position();
        if self.hooks.has_game_start() {
            self.hooks.game_start(start.clone(), Dice::seeded(TRIAL_SEED)).0?;
        }
        if let Some(source) = self.hooks.special_source() {
            source.moves_of(&start)?;
        }
        if self.hooks.has_events() {
            self.hooks.after_move(start, Dice::seeded(TRIAL_SEED)).0?;
        }
        Ok(())
    }
}
