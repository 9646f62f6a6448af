//! The lines of one board: its name, its ranks (with rank numbers) from top to bottom, and
//! the file letters under it.

use holechess_kernel::Position;

use super::cell::{cell_at, CellContext};
use super::paint::Paint;
use crate::orientation::Orientation;

/// How the boards of one picture are laid out.
pub(super) struct BoardFrame {
    pub orientation: Orientation,
    pub coordinates: bool,
    /// Whether each board is named (there are several).
    pub named: bool,
    /// The name after the file letters (`h  (A)`) instead of on a line of its own (a compact
    /// picture).
    pub name_after_files: bool,
    pub paint: Paint,
}

impl BoardFrame {
    /// The lines of board `board`.
    pub fn lines(&self, ctx: &CellContext, board: usize) -> Vec<String> {
        let g = ctx.pos.geometry();
        let mut lines = Vec::new();
        let name_below = self.named && self.name_after_files && self.coordinates;
        if self.named && !name_below {
            lines.push(format!("{}{}", self.label_margin(ctx.pos), g.board_names[board]));
        }
        for rank in self.orientation.ranks_top_to_bottom(g.ranks) {
            lines.push(self.rank_line(ctx, board, rank));
        }
        if self.coordinates {
            let labels = self.file_labels(ctx.pos, board);
            lines.push(match name_below {
                true => format!("{}  ({})", labels.trim_end(), g.board_names[board]),
                false => labels,
            });
        }
        lines
    }

    fn rank_line(&self, ctx: &CellContext, board: usize, rank: u8) -> String {
        let g = ctx.pos.geometry();
        let mut line = String::new();
        if self.coordinates {
            line.push_str(&format!("{:>width$} ", rank + 1, width = self.rank_label_width(ctx.pos)));
        }
        for file in self.orientation.files_left_to_right(g.files) {
            line.push_str(&self.paint.cell(&cell_at(ctx, g.square(board, file, rank))));
        }
        line
    }

    /// The board's file letters (its own labels: `e..h` for a board shown as files e to h).
    fn file_labels(&self, pos: &Position, board: usize) -> String {
        let g = pos.geometry();
        let letters = self.orientation.files_left_to_right(g.files);
        let labels: String = letters.into_iter().map(|f| self.paint.column_label(g.file_letter(board, f))).collect();
        format!("{}{labels}", self.label_margin(pos))
    }

    /// Spaces as wide as the rank numbers and the space after them.
    fn label_margin(&self, pos: &Position) -> String {
        if self.coordinates {
            " ".repeat(self.rank_label_width(pos) + 1)
        } else {
            String::new()
        }
    }

    fn rank_label_width(&self, pos: &Position) -> usize {
        pos.geometry().ranks.to_string().len()
    }
}
