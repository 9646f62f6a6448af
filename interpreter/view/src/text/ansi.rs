//! ANSI colours for terminal boards (256-colour palette), and the visible width of text
//! that holds them.

use holechess_kernel::spec::TokenId;
use holechess_kernel::Side;

pub(super) const RESET: &str = "\x1b[0m";

/// The background of a square: light or dark, brighter for the last move's squares.
pub(super) fn square_background(light: bool, highlighted: bool) -> &'static str {
    match (light, highlighted) {
        (true, false) => "\x1b[48;5;180m",
        (false, false) => "\x1b[48;5;137m",
        (true, true) => "\x1b[48;5;229m",
        (false, true) => "\x1b[48;5;185m",
    }
}

pub(super) fn piece_foreground(side: Side) -> &'static str {
    match side {
        Side::White => "\x1b[1;38;5;231m",
        Side::Black => "\x1b[1;38;5;16m",
    }
}

/// Dark colours that read on both square shades, one per token kind (cycling).
const TOKEN_COLOURS: [u8; 8] = [19, 88, 22, 54, 94, 23, 125, 58];

pub(super) fn token_foreground(kind: TokenId) -> String {
    format!("\x1b[1;38;5;{}m", TOKEN_COLOURS[kind as usize % TOKEN_COLOURS.len()])
}

/// Tokens that do nothing at the moment are grey.
pub(super) const DORMANT_FOREGROUND: &str = "\x1b[38;5;242m";

pub(super) const LINK_FOREGROUND: &str = "\x1b[1;38;5;91m";

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
