//! The generic board-game kernel of holechess.
//!
//! It knows boards of any size (up to 16x16) and number, pieces defined by movement
//! patterns, neutral tokens with declared behaviour, turn schedules and the rules of check,
//! mate and draws. It knows no variant: a [`spec::VariantSpec`] says which game is played,
//! and [`Variant::compile`] turns it into tables that move generation reads without
//! allocating or calling out.

mod attacks;
mod bitset;
pub mod error;
mod fen;
pub mod geometry;
mod make;
mod movegen;
pub mod moves;
pub mod notation;
pub mod outcome;
pub mod perft;
pub mod played;
pub mod position;
pub mod spec;
pub mod special;
mod turns;
mod variant;
mod warped;
pub mod zobrist;

pub use bitset::SquareSet;
pub use error::{PlayError, PositionError, PositionErrorKind, SpecError, SpecErrorKind, SpecSubject};
pub use geometry::{Geometry, Side, Square};
pub use make::Undo;
pub use moves::{Move, MoveList};
pub use outcome::{DrawClaim, Status};
pub use played::PlayedMove;
pub use position::{CastlingRights, EnPassant, Piece, Position, TokenStack};
pub use special::{Effect, SpecialError, SpecialMove, SpecialSource, SpecialTable};
pub use variant::{Variant, MAX_BOARDS, MAX_SQUARES};
