//! The colours of SVG diagrams.

use holechess_kernel::spec::TokenId;

pub(super) const LIGHT_SQUARE: &str = "#f0d9b5";
pub(super) const DARK_SQUARE: &str = "#b58863";
pub(super) const HIGHLIGHT: &str = "#f6f669";
pub(super) const ARROW: &str = "#15781b";
pub(super) const TRANSIT_ARROW: &str = "#8a2be2";
pub(super) const INK: &str = "#222222";
pub(super) const PAPER: &str = "#ffffff";
pub(super) const DORMANT: &str = "#707070";
pub(super) const HOLE: &str = "#262626";
pub(super) const LINK: &str = "#6a1b9a";
/// The frame around a king in check.
pub(super) const CHECK: &str = "#d50000";

/// One colour per token kind (cycling), dark enough to read on both square shades.
const TOKEN_COLOURS: [&str; 8] =
    ["#1f4e9c", "#b3261e", "#1b7a3a", "#6b3fa0", "#a05a00", "#00707a", "#a3195b", "#5a5a00"];

pub(super) fn token_colour(kind: TokenId) -> &'static str {
    TOKEN_COLOURS[kind as usize % TOKEN_COLOURS.len()]
}
