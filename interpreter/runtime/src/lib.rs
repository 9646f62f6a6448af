//! Game sessions: a compiled variant with its rhai hooks, played ply by ply.
//!
//! A move is judged by the kernel (K1), then the variant's after-move hooks run (K2) with
//! one dice source per game: a seeded generator in play, the recorded outcomes in
//! validation. Every roll and every effect is logged with the ply.
//!
//! A variant whose `special moves` hook lets a player dig a pit next to their king, played
//! from SAN and from the hook's own notation:
//!
//! ````
//! use std::sync::Arc;
//!
//! use holechess_runtime::{Game, PlayableVariant};
//!
//! let script = r#"
//! variant "Dig"
//!   id dig
//! extends chess
//! token pit
//!   impassable
//!   shown as %
//!   any number
//! special moves: call digs("pit")
//!   rhai ```
//! fn digs(kind) {
//!     let moves = [];
//!     for sq in neighbours(royal_square(side_to_move())) {
//!         if !has_piece(sq) && token_count(sq) == 0 {
//!             let dig = special_move(`dig@${sq}`);
//!             dig.place_token(kind, sq);
//!             moves.push(dig);
//!         }
//!     }
//!     moves
//! }
//! ```
//! "#;
//! let loaded = holechess_lang::load_str("dig.hole", script).expect("a valid script");
//! let rules = Arc::new(PlayableVariant::from_loaded(loaded).expect("hooks that compile"));
//! let mut game = Game::seeded(rules, 1);
//! game.play_text("e4").expect("a legal move");
//! game.play_text("e5").expect("a legal move");
//! let dig = game.play_text("dig@e2").expect("the hook offers it");
//! assert_eq!(dig.san, "dig@e2");
//! let e2 = game.position().geometry().parse_square("e2", 0).unwrap();
//! assert!(game.position().tokens_at(e2).is_some(), "a pit on e2");
//! ````

// Unsafe code is denied, and allowed in one place only: the counting allocator of
// `meter`, whose trait is unsafe to implement.
#![deny(unsafe_code)]

pub mod api;
pub(crate) mod branches;
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
pub mod perft;
pub mod playable_variant;
pub mod special;
pub mod special_tree;
pub mod trial;

pub use dice::{Dice, Roll};
pub use enumeration::Enumeration;
pub use event_tree::EventTree;
pub use game::{Game, GameError, PlyRecord, StartRolls};
pub use hooks::{HookError, HookRuntime};
pub use playable_variant::PlayableVariant;
