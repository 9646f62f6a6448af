//! Copying a position into another one's storage: a scratch position to try effects on,
//! refreshed position after position without allocating once its buffers have grown.

use std::sync::Arc;

use crate::position::Position;

impl Position {
    /// Makes `scratch` what [`Position::clone_without_history`] would give (this position
    /// without its repetition history), reusing `scratch`'s buffers.
    pub fn copy_without_history_into(&self, scratch: &mut Position) {
        // Every field is named, so a field added to the struct must be copied here too.
        let Position {
            variant,
            cells,
            tokens,
            occupied,
            kind_bits,
            token_squares,
            unmoved,
            side,
            castling,
            ep,
            halfmove,
            fullmove,
            ply,
            hash,
            history,
            timed,
            obliged,
            pending,
            ep_boards,
            hands,
            promoted,
            passes,
            checks,
        } = self;
        if !Arc::ptr_eq(&scratch.variant, variant) {
            scratch.variant = Arc::clone(variant);
        }
        scratch.cells.clone_from(cells);
        scratch.tokens.clone_from(tokens);
        scratch.occupied[0].copy_from(&occupied[0]);
        scratch.occupied[1].copy_from(&occupied[1]);
        scratch.kind_bits = *kind_bits;
        scratch.token_squares.copy_from(token_squares);
        scratch.unmoved.copy_from(unmoved);
        scratch.side = *side;
        scratch.castling = *castling;
        scratch.ep = *ep;
        scratch.halfmove = *halfmove;
        scratch.fullmove = *fullmove;
        scratch.ply = *ply;
        scratch.hash = *hash;
        scratch.history.copy_without_hashes_from(history);
        scratch.timed = *timed;
        scratch.obliged = *obliged;
        scratch.pending = *pending;
        scratch.ep_boards = *ep_boards;
        scratch.hands = *hands;
        scratch.promoted.clone_from(promoted);
        scratch.passes = *passes;
        scratch.checks = *checks;
    }
}
