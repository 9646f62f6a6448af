//! What one square of a terminal board holds, before it is written: a piece, a token or
//! nothing, a note for the tokens (a token under a piece, a count, a timer) and one for a
//! link, and how the square is shaded.

use holechess_kernel::spec::TokenId;
use holechess_kernel::{Position, Side, Square};

use crate::glyphs::{piece_char, GlyphFill};
use crate::last_move::MoveTrace;
use crate::links::{link_number_at, LinkPair};
use crate::orientation::is_light_square;
use crate::token_marks::token_mark_at;

/// The character in the middle of a cell.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum CellGlyph {
    Empty,
    Piece(Side, char),
    Token(char),
}

/// One square, ready to be written.
#[derive(Clone, Debug)]
pub(super) struct Cell {
    pub glyph: CellGlyph,
    /// After a piece: the symbol of the tokens under it and their details; after a token:
    /// its details (`2`, `:3`).
    pub token_note: String,
    pub link_note: String,
    pub token_kind: Option<TokenId>,
    pub dormant: bool,
    pub light: bool,
    pub highlighted: bool,
    /// A king (a royal piece) in check stands here.
    pub in_check: bool,
}

impl Cell {
    /// The width of the notes after the glyph.
    pub fn note_width(&self) -> usize {
        self.token_note.chars().count() + self.link_note.chars().count()
    }
}

/// What every cell of one picture shares.
pub(super) struct CellContext<'a> {
    pub pos: &'a Position,
    pub unicode: bool,
    pub fill: GlyphFill,
    pub trace: &'a MoveTrace,
    pub links: &'a [LinkPair],
    /// How a link's number is written after the glyph (`=1`, or `1` where room is short).
    pub link_marker: fn(usize) -> String,
}

/// The cell for `sq`.
pub(super) fn cell_at(ctx: &CellContext, sq: Square) -> Cell {
    let pos = ctx.pos;
    let piece = pos.piece_at(sq);
    let mark = token_mark_at(pos, sq);
    let glyph = match (piece, &mark) {
        (Some(p), _) => CellGlyph::Piece(p.side, piece_char(pos, p, ctx.unicode, ctx.fill)),
        (None, Some(m)) => CellGlyph::Token(m.spec.symbol),
        (None, None) => CellGlyph::Empty,
    };
    let token_note = match &mark {
        Some(m) if m.under_piece => m.marker(),
        Some(m) => m.details(),
        None => String::new(),
    };
    Cell {
        glyph,
        token_note,
        link_note: link_number_at(ctx.links, sq).map(ctx.link_marker).unwrap_or_default(),
        token_kind: mark.as_ref().map(|m| m.kind),
        dormant: mark.as_ref().is_some_and(|m| m.is_dormant()),
        light: is_light_square(pos.geometry(), sq),
        highlighted: ctx.trace.highlights(sq),
        in_check: piece.is_some_and(|p| pos.variant().is_royal(p.kind) && royal_in_check(pos, p.side)),
    }
}

/// Whether `side`'s king is attacked (the side to move's check, or a check left standing
/// by a random event).
fn royal_in_check(pos: &Position, side: Side) -> bool {
    pos.royal_attacked(side)
}
