//! The line that says whose move it is and which move it is.

use holechess_kernel::Position;

/// `Move 12, black to move`.
pub(crate) fn caption(pos: &Position) -> String {
    format!("Move {}, {} to move", pos.fullmove_number(), pos.side_to_move())
}
