//! Game sessions: a compiled variant with its rhai hooks, played ply by ply.
//!
//! A move is judged by the kernel (K1), then the variant's after-move hooks run (K2) with
//! one dice source per game: a seeded generator in play, the recorded outcomes in
//! validation. Every roll and every effect is logged with the ply.

pub mod api;
pub mod call_state;
pub mod dice;
pub mod engine;
pub mod enumeration;
pub mod event_trace;
pub mod event_tree;
pub mod game;
pub mod hook_message;
pub mod hooks;
pub mod invariants;
pub mod last_move;
pub mod meter;
pub mod playable_variant;
pub mod special;
pub mod trial;

pub use dice::{Dice, Roll};
pub use enumeration::Enumeration;
pub use event_tree::EventTree;
pub use game::{Game, GameError, PlyRecord, Setup};
pub use hooks::{HookError, HookRuntime};
pub use playable_variant::PlayableVariant;
