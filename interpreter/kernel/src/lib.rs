//! The generic board-game kernel of holechess.
//!
//! It knows boards of any size (up to 16x16) and number, pieces defined by movement
//! patterns, neutral tokens with declared behaviour, turn schedules and the rules of check,
//! mate and draws. It knows no variant: a [`spec::VariantSpec`] says which game is played,
//! and [`Variant::compile`] turns it into tables that move generation reads without
//! allocating or calling out.

#![forbid(unsafe_code)]
// Every public entry point says what it returns is to be used, when it fails and when it panics.
#![warn(clippy::must_use_candidate, clippy::missing_errors_doc, clippy::missing_panics_doc)]
// Lint policy (see the workspace `Cargo.toml`): lossy casts are reported in the kernel, and
// allowed only in the modules below, where every index is bounded by the geometry's limits
// (at most 16x16 squares per board, 16 boards, 31 piece kinds, 15 token kinds), checked once
// by `Variant::compile`; those modules are move generation's hot paths and keep plain casts.
#![warn(clippy::cast_possible_truncation, clippy::cast_sign_loss, clippy::cast_possible_wrap)]
// Every public item is documented, except in the modules allowed below with their reason.
#![warn(missing_docs)]

#[allow(
    clippy::cast_possible_truncation,
    clippy::cast_sign_loss,
    clippy::cast_possible_wrap,
    reason = "indices bounded by the compiled geometry"
)]
mod bitset;
mod board;
mod capture_bans;
mod cell;
mod check_count;
mod compulsory;
#[allow(clippy::cast_possible_truncation, reason = "piece kinds below 32")]
mod drop_rules;
#[allow(clippy::cast_possible_truncation, reason = "piece kinds below 32")]
mod drops;
mod duple_check;
pub mod effects;
mod enclosing;
pub mod error;
mod explosion;
mod facing;
#[allow(
    clippy::cast_possible_truncation,
    clippy::cast_sign_loss,
    clippy::cast_possible_wrap,
    reason = "indices bounded by the compiled geometry"
)]
mod fen;
#[allow(clippy::cast_possible_truncation, reason = "piece kinds below 32")]
mod fen_hand;
mod first_move_field;
mod flips;
mod game_state;
#[allow(
    clippy::cast_possible_truncation,
    clippy::cast_sign_loss,
    clippy::cast_possible_wrap,
    reason = "indices bounded by the compiled geometry"
)]
pub mod geometry;
#[allow(clippy::cast_possible_truncation, reason = "piece kinds below 32")]
pub mod hand;
mod hand_spec;
mod held_in_check;
mod history;
pub mod lame;
#[allow(
    clippy::cast_possible_truncation,
    clippy::cast_sign_loss,
    clippy::cast_possible_wrap,
    reason = "indices bounded by the compiled geometry"
)]
mod make;
mod movegen;
use movegen::{attacks, fast, graph, links, reads};
pub mod moves;
mod no_checks;
#[allow(
    clippy::cast_possible_truncation,
    clippy::cast_sign_loss,
    clippy::cast_possible_wrap,
    reason = "indices bounded by the compiled geometry"
)]
pub mod notation;
#[allow(clippy::cast_possible_truncation, reason = "cells are below 16x16")]
pub mod origin_squares;
mod passing;
pub mod perft;
pub mod played;
pub mod position;
mod position_rules;
mod promotion;
mod promotion_leaving;
mod pseudo_royal;
mod record_replay;
mod regions;
#[allow(
    clippy::cast_possible_truncation,
    clippy::cast_sign_loss,
    clippy::cast_possible_wrap,
    reason = "indices bounded by the compiled geometry"
)]
mod scratch_copy;
mod setup;
mod setup_check;
#[allow(missing_docs, reason = "spec fields mirror the rule language, documented in docs/rule-language.md")]
pub mod spec;
pub mod status;
pub use status::{extinction, goal, outcome};
#[allow(
    clippy::cast_possible_truncation,
    clippy::cast_sign_loss,
    clippy::cast_possible_wrap,
    reason = "indices bounded by the compiled geometry"
)]
pub mod special;
#[cfg(feature = "testing")]
pub mod testing;
#[allow(
    clippy::cast_possible_truncation,
    clippy::cast_sign_loss,
    clippy::cast_possible_wrap,
    reason = "indices bounded by the compiled geometry"
)]
mod turns;
#[allow(
    clippy::cast_possible_truncation,
    clippy::cast_sign_loss,
    clippy::cast_possible_wrap,
    reason = "indices bounded by the compiled geometry"
)]
mod variant;
pub mod zobrist;

pub use bitset::SquareSet;
pub use effects::{SquareEffect, TokenEffects};
pub use error::{PlayError, PositionError, PositionErrorKind, SpecError, SpecErrorKind, SpecSubject};
pub use fen::MAX_FULLMOVE;
pub use geometry::{Geometry, Side, Square};
pub use hand::HandSpec;
pub use make::Undo;
pub use moves::{Move, MoveList};
pub use origin_squares::OriginSquares;
pub use outcome::{DrawClaim, Status};
pub use played::PlayedMove;
pub use position::{CastlingRights, EnPassant, Piece, Position, TokenStack};
pub use record_replay::{BitMove, BitReplay};
pub use setup::Setup;
pub use special::{Effect, SpecialError, SpecialMove, SpecialSource, SpecialTable};
pub use variant::{Variant, MAX_BOARDS, MAX_SQUARES};
