//! A variant ready to play: the loaded script, its compiled kernel variant and its
//! compiled hooks, shared by every game of it.

use std::sync::Arc;

use holechess_kernel::{Position, Variant};
use holechess_lang::LoadedVariant;

use crate::hooks::{HookError, HookRuntime};

/// A playable variant.
#[derive(Debug)]
pub struct PlayableVariant {
    pub loaded: LoadedVariant,
    pub hooks: HookRuntime,
}

impl PlayableVariant {
    /// Loads a bundled variant or a script file, with its hooks; errors are rendered
    /// diagnostics.
    pub fn load(name_or_path: &str) -> Result<Arc<PlayableVariant>, String> {
        let loaded = holechess_lang::load(name_or_path).map_err(|d| d.render())?;
        PlayableVariant::from_loaded(loaded).map(Arc::new).map_err(|e| e.to_string())
    }

    /// Compiles the hooks of an already loaded variant.
    pub fn from_loaded(loaded: LoadedVariant) -> Result<PlayableVariant, HookError> {
        let hooks = HookRuntime::new(&loaded.variant, &loaded.hooks)?;
        Ok(PlayableVariant { loaded, hooks })
    }

    pub fn variant(&self) -> &Arc<Variant> {
        &self.loaded.variant
    }

    pub fn id(&self) -> &str {
        self.loaded.variant.id()
    }

    pub fn start_position(&self) -> Position {
        Position::start(self.variant())
    }

    /// Whether the variant rolls dice after moves.
    pub fn has_events(&self) -> bool {
        self.hooks.has_events()
    }
}
