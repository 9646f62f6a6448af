//! Copying a position into another one's storage: a scratch position to try effects on,
//! refreshed position after position without allocating once its buffers have grown.

use std::sync::Arc;

use crate::position::Position;

impl Position {
    /// Makes `scratch` what [`Position::clone_without_history`] would give (this position
    /// without its repetition history), reusing `scratch`'s buffers.
    pub fn copy_without_history_into(&self, scratch: &mut Position) {
        // Every field is named, so a field added to the struct must be copied here too.
        let Position { variant, board, state, history } = self;
        if !Arc::ptr_eq(&scratch.variant, variant) {
            scratch.variant = Arc::clone(variant);
        }
        scratch.board.copy_from(board);
        scratch.state = *state;
        scratch.history.copy_without_hashes_from(history);
    }
}
