//! The generic board-game kernel of holechess.
//!
//! It knows boards of any size (up to 16x16) and number, pieces defined by movement
//! patterns, neutral tokens with declared behaviour, turn schedules and the rules of check,
//! mate and draws. It knows no variant: a [`spec::VariantSpec`] says which game is played,
//! and [`Variant::compile`] turns it into tables that move generation reads without
//! allocating or calling out.

pub mod error;
pub mod spec;

pub use error::{PositionError, SpecError, SpecSubject};
