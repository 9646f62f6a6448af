//! How a piece is written: a chess glyph when its name has one (`king`, `queen`, …),
//! otherwise its letter, upper case for White and lower case for Black.

use holechess_kernel::spec::PieceSpec;
use holechess_kernel::{Piece, Position, Side};

/// The glyph set to draw white pieces with.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum GlyphFill {
    /// Outlined glyphs for White, solid ones for Black (as in print).
    Printed,
    /// Solid glyphs for both sides: the colour tells them apart.
    Solid,
}

/// The names that have a glyph in Unicode's chess symbols, with White's outlined glyph and
/// the solid one.
const CHESS_GLYPHS: [(&str, char, char); 6] = [
    ("king", '♔', '♚'),
    ("queen", '♕', '♛'),
    ("rook", '♖', '♜'),
    ("bishop", '♗', '♝'),
    ("knight", '♘', '♞'),
    ("pawn", '♙', '♟'),
];

/// The Unicode chess glyph for a piece, if its name has one.
pub(crate) fn chess_glyph(spec: &PieceSpec, side: Side, fill: GlyphFill) -> Option<char> {
    let (_, outlined, solid) = CHESS_GLYPHS.iter().find(|(name, _, _)| spec.name.eq_ignore_ascii_case(name))?;
    Some(match (side, fill) {
        (Side::White, GlyphFill::Printed) => *outlined,
        _ => *solid,
    })
}

/// The piece's letter as FEN writes it: upper case for White, lower case for Black.
pub(crate) fn piece_letter(spec: &PieceSpec, side: Side) -> char {
    match side {
        Side::White => spec.letter.to_ascii_uppercase(),
        Side::Black => spec.letter.to_ascii_lowercase(),
    }
}

/// The character a piece is drawn with: its chess glyph when `unicode` is on and it has
/// one, its letter otherwise.
pub(crate) fn piece_char(pos: &Position, piece: Piece, unicode: bool, fill: GlyphFill) -> char {
    let spec = pos.variant().piece(piece.kind);
    unicode.then(|| chess_glyph(spec, piece.side, fill)).flatten().unwrap_or_else(|| piece_letter(spec, piece.side))
}
