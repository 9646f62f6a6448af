//! Writing a cell: ` K ` and ` . ` in plain text (the last move's squares in brackets,
//! `[K]`), or the same on an ANSI-coloured square; cells are padded to the widest notes so
//! that glyphs line up. A king in check is marked `!K!` in plain text and on a magenta square
//! in colour.

use super::ansi::{
    piece_foreground, square_background, token_foreground, SquareState, DORMANT_FOREGROUND, LINK_FOREGROUND,
    PLAIN_FOREGROUND, RESET,
};
use super::cell::{Cell, CellGlyph};

/// How cells are written in one picture.
#[derive(Clone, Copy, Debug)]
pub(super) struct Paint {
    pub colour: bool,
    /// The width every cell's notes are padded to.
    pub note_width: usize,
}

impl Paint {
    pub fn cell(&self, cell: &Cell) -> String {
        if self.colour {
            self.coloured_cell(cell)
        } else {
            self.plain_cell(cell)
        }
    }

    /// The file letter placed where a cell's glyph goes.
    pub fn column_label(&self, letter: char) -> String {
        format!(" {letter}{} ", " ".repeat(self.note_width))
    }

    fn plain_cell(&self, cell: &Cell) -> String {
        let (open, close) = match (cell.in_check, cell.highlighted) {
            (true, _) => ('!', '!'),
            (false, true) => ('[', ']'),
            (false, false) => (' ', ' '),
        };
        let glyph = match cell.glyph {
            CellGlyph::Empty => '.',
            CellGlyph::Piece(_, c) | CellGlyph::Token(c) => c,
        };
        format!("{open}{glyph}{}{}{close}{}", cell.token_note, cell.link_note, self.padding(cell))
    }

    fn coloured_cell(&self, cell: &Cell) -> String {
        let state = match (cell.in_check, cell.highlighted) {
            (true, _) => SquareState::Check,
            (false, true) => SquareState::LastMove,
            (false, false) => SquareState::Plain,
        };
        let mut text = square_background(cell.light, state);
        text.push(' ');
        match cell.glyph {
            CellGlyph::Empty => text.push(' '),
            CellGlyph::Piece(side, c) => push_coloured(&mut text, &piece_foreground(side), c.to_string()),
            CellGlyph::Token(c) => push_coloured(&mut text, &token_colour(cell), c.to_string()),
        }
        push_coloured(&mut text, &token_colour(cell), cell.token_note.clone());
        push_coloured(&mut text, LINK_FOREGROUND, cell.link_note.clone());
        text.push_str(&self.padding(cell));
        text.push(' ');
        text.push_str(RESET);
        text
    }

    fn padding(&self, cell: &Cell) -> String {
        " ".repeat(self.note_width.saturating_sub(cell.note_width()))
    }
}

fn token_colour(cell: &Cell) -> String {
    match cell.token_kind {
        _ if cell.dormant => DORMANT_FOREGROUND.to_owned(),
        Some(kind) => token_foreground(kind),
        None => String::new(),
    }
}

fn push_coloured(text: &mut String, colour: &str, content: String) {
    if content.is_empty() {
        return;
    }
    text.push_str(colour);
    text.push_str(&content);
    text.push_str(PLAIN_FOREGROUND);
}
