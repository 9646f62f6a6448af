//! Whether the game is over, and why: a [`Status`] computed from a position (its board, its
//! state and the play history beside them) by the end rules the variant keeps: checkmate and
//! stalemate (K7), goals, extinction, counting, checks given, the two-board turn's ends (HP8),
//! and the draws a side may claim. Position's status methods are thin calls into here
//! (`position_api.rs`).

pub mod checks;
#[allow(clippy::cast_possible_truncation, reason = "piece kinds below 32")]
pub mod counting;
pub mod draws;
pub mod extinction;
pub mod goal;
pub mod outcome;
mod position_api;
mod turn_end;
mod verdict;

pub use outcome::{DrawClaim, Status};
pub use verdict::status_of;
