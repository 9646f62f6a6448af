//! Which side sits at the bottom of a picture, and so the order in which a board's files
//! and ranks are drawn.

use holechess_kernel::{Geometry, Side, Square};

/// Which side's first rank is drawn at the bottom.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Orientation {
    /// Rank 1 at the bottom, file `a` on the left.
    #[default]
    WhiteAtBottom,
    /// The board turned round: the last rank at the bottom, file `a` on the right.
    BlackAtBottom,
}

impl Orientation {
    /// The orientation that puts `side` at the bottom.
    #[must_use]
    pub fn for_side(side: Side) -> Orientation {
        match side {
            Side::White => Orientation::WhiteAtBottom,
            Side::Black => Orientation::BlackAtBottom,
        }
    }

    /// The files of a board, from left to right.
    #[must_use]
    pub fn files_left_to_right(self, files: u8) -> Vec<u8> {
        match self {
            Orientation::WhiteAtBottom => (0..files).collect(),
            Orientation::BlackAtBottom => (0..files).rev().collect(),
        }
    }

    /// The ranks of a board, from top to bottom.
    #[must_use]
    pub fn ranks_top_to_bottom(self, ranks: u8) -> Vec<u8> {
        match self {
            Orientation::WhiteAtBottom => (0..ranks).rev().collect(),
            Orientation::BlackAtBottom => (0..ranks).collect(),
        }
    }

    /// The column (from the left) and row (from the top) where `sq` is drawn on its board.
    #[must_use]
    pub fn column_and_row(self, geometry: &Geometry, sq: Square) -> (u8, u8) {
        let (file, rank) = (geometry.file_of(sq), geometry.rank_of(sq));
        match self {
            Orientation::WhiteAtBottom => (file, geometry.ranks - 1 - rank),
            Orientation::BlackAtBottom => (geometry.files - 1 - file, rank),
        }
    }
}

/// Whether a square is a light one (`a1` is dark, as on a chessboard; a board shown with
/// other file letters is coloured as its part of the physical board).
pub(crate) fn is_light_square(geometry: &Geometry, sq: Square) -> bool {
    let file = geometry.first_file(geometry.board_of(sq)) + geometry.file_of(sq);
    (file + geometry.rank_of(sq)) % 2 == 1
}
