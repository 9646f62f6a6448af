//! Game sessions: a compiled variant with its rhai hooks, played ply by ply.
//!
//! A move is judged by the kernel (K1), then the variant's after-move hooks run (K2) with
//! one dice source per game: a seeded generator in play, the recorded outcomes in
//! validation. Every roll and every effect is logged with the ply.

pub mod api;
pub mod call_state;
pub mod chance;
pub mod dice;
pub mod engine;
pub mod game;
pub mod hooks;
pub mod last_move;
pub mod rules;
pub mod special;
pub mod trial;

pub use chance::Enumeration;
pub use dice::{Dice, Roll};
pub use game::{Game, GameError, PlyRecord, Setup};
pub use hooks::{HookError, HookRuntime};
pub use rules::Rules;
