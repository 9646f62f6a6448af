//! ANSI colours for terminal boards (256-colour palette), and the visible width of text
//! that holds them.

use holechess_kernel::spec::TokenId;
use holechess_kernel::Side;

pub(super) const RESET: &str = "\x1b[0m";

/// The 256-colour palette index of a square's background. Every one has a luminance
/// between 0.175 and 0.183, the band where both pure white and pure black pieces read at
/// 4.5:1 or better (WCAG AA); light and dark squares differ in hue, not brightness.
pub(super) fn square_colour(light: bool, state: SquareState) -> u8 {
    match (state, light) {
        (SquareState::Plain, true) => 243,
        (SquareState::Plain, false) => 131,
        (SquareState::LastMove, _) => 29,
        (SquareState::Check, _) => 163,
    }
}

/// What a square's shade says.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum SquareState {
    Plain,
    /// The last move's squares.
    LastMove,
    /// A king in check.
    Check,
}

/// The background escape of a square.
pub(super) fn square_background(light: bool, state: SquareState) -> String {
    format!("\x1b[48;5;{}m", square_colour(light, state))
}

/// The palette index of a side's pieces: pure white and pure black.
pub(super) fn piece_colour(side: Side) -> u8 {
    match side {
        Side::White => 231,
        Side::Black => 16,
    }
}

pub(super) fn piece_foreground(side: Side) -> String {
    format!("\x1b[1;38;5;{}m", piece_colour(side))
}

/// Light colours that read on every square shade (3:1 or better, as symbols), one per
/// token kind (cycling).
pub(super) const TOKEN_COLOURS: [u8; 8] = [226, 51, 190, 123, 159, 229, 156, 225];

pub(super) fn token_foreground(kind: TokenId) -> String {
    format!("\x1b[1;38;5;{}m", TOKEN_COLOURS[kind as usize % TOKEN_COLOURS.len()])
}

/// Tokens that do nothing at the moment are pale grey.
pub(super) const DORMANT_FOREGROUND: &str = "\x1b[38;5;252m";

pub(super) const LINK_FOREGROUND: &str = "\x1b[1;38;5;159m";

/// Ends a foreground colour and boldness, keeping the background.
pub(super) const PLAIN_FOREGROUND: &str = "\x1b[22;39m";

/// The width `text` takes on a terminal: its characters less the ANSI escapes.
pub(super) fn visible_width(text: &str) -> usize {
    let mut width = 0;
    let mut in_escape = false;
    for c in text.chars() {
        match (in_escape, c) {
            (false, '\x1b') => in_escape = true,
            (false, _) => width += 1,
            (true, c) if c.is_ascii_alphabetic() => in_escape = false,
            (true, _) => {}
        }
    }
    width
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn escapes_take_no_width() {
        assert_eq!(visible_width("\x1b[48;5;180m K \x1b[0m"), 3);
        assert_eq!(visible_width("♔ a"), 3);
    }
}
