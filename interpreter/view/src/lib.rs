//! Pictures of holechess positions, for any variant: a terminal board ([`render_text`])
//! and a standalone SVG diagram ([`render_svg`]).
//!
//! Nothing here names a variant. Pieces are drawn from their spec's name (a chess glyph
//! when the name has one) or letter; tokens from their spec's symbol, with what their
//! spec fields and the position say about them: a stack, a dormant stack, a timer, a
//! token under a piece. Linked squares and the last move are marked, and a legend lists
//! every token kind present with its squares.

#![forbid(unsafe_code)]
// Every public entry point says what it returns is to be used, when it fails and when it panics.
#![warn(clippy::must_use_candidate, clippy::missing_errors_doc, clippy::missing_panics_doc)]

mod caption;
mod glyphs;
mod hands;
pub mod last_move;
pub mod legend;
pub mod links;
mod orientation;
pub mod svg;
pub mod text;
mod token_marks;
pub mod wrap;

pub use orientation::Orientation;
pub use svg::{render_svg, SvgOptions};
pub use text::{render_legend, render_text, TextOptions};
