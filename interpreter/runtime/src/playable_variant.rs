//! A variant ready to play: the loaded script, its compiled kernel variant and its
//! compiled hooks, shared by every game of it.

use std::sync::Arc;

use holechess_kernel::{Position, Variant};
use holechess_lang::LoadedVariant;

use crate::dice::Dice;
use crate::hooks::{HookError, HookRuntime};

/// A playable variant.
#[derive(Debug)]
pub struct PlayableVariant {
    pub loaded: LoadedVariant,
    pub hooks: HookRuntime,
    /// The variant's start position, made once (replaying many records starts from a copy).
    start: std::sync::OnceLock<Position>,
    /// Whether the after-move hooks can change a perft tree, found once.
    events_in_perft: std::sync::OnceLock<bool>,
}

impl PlayableVariant {
    /// Loads a bundled variant or a script file, with its hooks; errors are rendered
    /// diagnostics.
    ///
    /// # Errors
    ///
    /// The rendered diagnostics when the variant does not load (see [`holechess_lang::load`]) or its hooks do
    /// not compile.
    pub fn load(name_or_path: &str) -> Result<Arc<PlayableVariant>, String> {
        let loaded = holechess_lang::load(name_or_path).map_err(|d| d.render())?;
        PlayableVariant::from_loaded(loaded).map(Arc::new).map_err(|e| e.to_string())
    }

    /// Compiles the hooks of an already loaded variant.
    ///
    /// # Errors
    ///
    /// A [`HookError`] when a hook does not compile or fails its checks.
    pub fn from_loaded(loaded: LoadedVariant) -> Result<PlayableVariant, HookError> {
        let hooks = HookRuntime::new(&loaded.variant, &loaded.hooks)?;
        Ok(PlayableVariant {
            loaded,
            hooks,
            start: std::sync::OnceLock::new(),
            events_in_perft: std::sync::OnceLock::new(),
        })
    }

    pub fn variant(&self) -> &Arc<Variant> {
        &self.loaded.variant
    }

    pub fn id(&self) -> &str {
        self.loaded.variant.id()
    }

    /// The variant's start position (its own start FEN, default tokens): a copy of one made
    /// on the first call, which costs far less than reading the FEN again.
    pub fn start_position(&self) -> Position {
        self.start.get_or_init(|| Position::start(self.variant())).clone()
    }

    /// Whether the variant rolls dice after moves.
    pub fn has_events(&self) -> bool {
        self.hooks.has_events()
    }

    /// Whether the after-move hooks can change a perft tree (K6: a run that asks for a die
    /// is skipped whole). A hook is a pure function of its dice and of the answers the hook
    /// API gives it, so a run whose first call of the API that depends on the position or
    /// changes it comes after a roll (Pot-Hole Chess's `roll(6)`, Random Wormhole Chess's two
    /// d8) asks for a die in every position: one run without dice from the start, recorded,
    /// tells. Such a variant is counted by the kernel alone, as fast as one without hooks.
    pub fn events_change_perft(&self) -> bool {
        *self.events_in_perft.get_or_init(|| {
            if !self.has_events() {
                return false;
            }
            let (result, _, steps) = self.hooks.after_move_traced(self.start_position(), Dice::recorded([]));
            !(matches!(result, Err(HookError::Dice(_))) && steps.is_empty())
        })
    }
}
