//! Where things go in an SVG diagram: the title, the boards side by side with the board
//! names above them and coordinates around them, then the caption and legend lines.

use holechess_kernel::{Geometry, Square};

use crate::orientation::Orientation;

/// The measures of one diagram, in pixels.
pub(super) struct Layout {
    pub square: i32,
    pub orientation: Orientation,
    files: i32,
    ranks: i32,
    boards: i32,
    /// Room around the boards (for the coordinates when they are shown).
    margin: i32,
    /// Room above the boards for the title and board names.
    header: i32,
    footer_lines: i32,
}

/// What the layout needs to know of a diagram.
pub(super) struct LayoutInput<'a> {
    pub geometry: &'a Geometry,
    pub square: i32,
    pub orientation: Orientation,
    pub coordinates: bool,
    pub title: bool,
    pub footer_lines: usize,
}

impl Layout {
    pub fn new(input: &LayoutInput) -> Layout {
        let square = input.square.max(8);
        let margin = if input.coordinates { square / 2 } else { square / 4 };
        let title = if input.title { square * 3 / 4 } else { 0 };
        let names = if input.geometry.boards() > 1 { square / 2 } else { 0 };
        Layout {
            square,
            orientation: input.orientation,
            files: i32::from(input.geometry.files),
            ranks: i32::from(input.geometry.ranks),
            boards: input.geometry.boards() as i32,
            margin,
            header: margin.max(title + names),
            footer_lines: input.footer_lines as i32,
        }
    }

    pub fn width(&self) -> i32 {
        self.board_left(self.boards as usize) - self.board_gap() + self.margin
    }

    pub fn height(&self) -> i32 {
        self.footer_top() + self.footer_lines * self.line_height() + self.square / 4
    }

    /// The left edge of board `board`.
    pub fn board_left(&self, board: usize) -> i32 {
        self.margin + board as i32 * (self.board_width() + self.board_gap())
    }

    pub fn board_width(&self) -> i32 {
        self.files * self.square
    }

    pub fn board_bottom(&self) -> i32 {
        self.header + self.ranks * self.square
    }

    /// The top-left corner of `sq`.
    pub fn square_origin(&self, geometry: &Geometry, sq: Square) -> (i32, i32) {
        let (column, row) = self.orientation.column_and_row(geometry, sq);
        let left = self.board_left(geometry.board_of(sq));
        (left + i32::from(column) * self.square, self.header + i32::from(row) * self.square)
    }

    pub fn square_centre(&self, geometry: &Geometry, sq: Square) -> (i32, i32) {
        let (x, y) = self.square_origin(geometry, sq);
        (x + self.square / 2, y + self.square / 2)
    }

    /// The baseline of the title.
    pub fn title_baseline(&self) -> i32 {
        self.square / 2
    }

    /// The baseline of the board names.
    pub fn board_name_baseline(&self) -> i32 {
        self.header - self.square / 8
    }

    /// The middle of the gutter left of the boards and the one under them.
    pub fn rank_label_x(&self, board: usize) -> i32 {
        self.board_left(board) - self.margin / 2
    }

    pub fn file_label_y(&self) -> i32 {
        self.board_bottom() + self.margin / 2
    }

    /// The baseline of footer line `line` (0 = the caption).
    pub fn footer_baseline(&self, line: usize) -> i32 {
        self.footer_top() + (line as i32 + 1) * self.line_height() - self.line_height() / 4
    }

    pub fn line_height(&self) -> i32 {
        (self.square * 3 / 8).max(12)
    }

    fn footer_top(&self) -> i32 {
        self.board_bottom() + self.margin
    }

    fn board_gap(&self) -> i32 {
        self.square
    }
}
