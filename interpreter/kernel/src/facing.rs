//! The rule that royal pieces may not face each other (xiangqi's flying general): two royal
//! pieces of the two sides on one file with no piece between them. A move that leaves them so
//! is illegal, as one leaving a royal piece attacked is; a token that stops lines stands
//! between them as a piece does, and lines pass over open tokens.

use crate::geometry::{Side, Square};
use crate::position::{code_kind, code_side, Position, PIECE_BITS};

impl Position {
    /// Whether a royal piece of `side` faces a royal piece of the opponent along its file.
    pub(crate) fn royals_face(&self, side: Side) -> bool {
        self.royals(side).any(|sq| self.faces_enemy_royal(sq, side, 1) || self.faces_enemy_royal(sq, side, -1))
    }

    /// Whether the first piece up (`dy` 1) or down (`dy` -1) the file from `from`, past
    /// squares a line passes, is a royal piece of the opponent of `side`.
    fn faces_enemy_royal(&self, from: Square, side: Side, dy: i32) -> bool {
        let g = self.variant.geometry();
        let mut sq = from;
        while let Some(next) = g.offset(sq, 0, dy) {
            sq = next;
            let code = self.board.cells[sq.index()] & PIECE_BITS;
            if code != 0 {
                return code_side(code) != side && self.variant.is_royal(code_kind(code));
            }
            if !self.passes_over(sq, true) {
                return false;
            }
        }
        false
    }
}
