//! Contrast of the terminal colours (WCAG 2 relative luminance on the xterm 256-colour
//! palette): every piece must read at 4.5:1 or better on every square state.

use holechess_kernel::Side;

use super::ansi::{piece_colour, square_colour, SquareState, TOKEN_COLOURS};

/// The relative luminance of a 256-colour palette entry (WCAG 2 formula, sRGB).
fn luminance(index: u8) -> f64 {
    let (r, g, b) = palette_rgb(index);
    let channel = |c: u8| {
        let c = f64::from(c) / 255.0;
        if c <= 0.039_28 {
            c / 12.92
        } else {
            ((c + 0.055) / 1.055).powf(2.4)
        }
    };
    0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b)
}

/// The contrast ratio of two palette entries (1 to 21).
fn contrast(a: u8, b: u8) -> f64 {
    let (la, lb) = (luminance(a), luminance(b));
    (la.max(lb) + 0.05) / (la.min(lb) + 0.05)
}

/// The xterm RGB of a palette entry from 16 up (the 6x6x6 cube and the greys).
fn palette_rgb(index: u8) -> (u8, u8, u8) {
    const LEVELS: [u8; 6] = [0, 95, 135, 175, 215, 255];
    match index {
        16..=231 => {
            let i = index - 16;
            (LEVELS[usize::from(i / 36)], LEVELS[usize::from(i / 6 % 6)], LEVELS[usize::from(i % 6)])
        }
        232..=255 => {
            let v = 8 + 10 * (index - 232);
            (v, v, v)
        }
        _ => (128, 128, 128),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every piece on every square state reads at 4.5:1 or better.
    #[test]
    fn every_piece_contrasts_with_every_square_state() {
        for light in [true, false] {
            for state in [SquareState::Plain, SquareState::LastMove, SquareState::Check] {
                let square = square_colour(light, state);
                for side in [Side::White, Side::Black] {
                    let ratio = contrast(piece_colour(side), square);
                    assert!(ratio >= 4.5, "{side:?} on {state:?} (light {light}): {ratio:.2}:1");
                }
                for token in TOKEN_COLOURS {
                    let ratio = contrast(token, square);
                    assert!(ratio >= 3.0, "token colour {token} on {state:?} (light {light}): {ratio:.2}:1");
                }
            }
        }
        assert_ne!(square_colour(true, SquareState::Plain), square_colour(false, SquareState::Plain));
    }

    #[test]
    fn luminance_matches_the_formula() {
        assert!((luminance(231) - 1.0).abs() < 1e-9);
        assert!(luminance(16).abs() < 1e-9);
        assert!((contrast(231, 16) - 21.0).abs() < 1e-9);
    }
}
