//! Banned captures (Atomar: a king may not capture a king): a move that would take a piece of
//! a kind its mover may not capture is not legal, whatever path it takes.

use crate::moves::{Move, MoveList};
use crate::position::{code_kind, Position, PIECE_BITS};

impl Position {
    /// Removes from `legal` every capture the variant bans.
    pub(crate) fn drop_banned_captures(&mut self, legal: &mut MoveList) {
        if self.variant.spec().rules.capture_bans.is_empty() {
            return;
        }
        legal.retain(|&mv| !self.is_banned_capture(mv));
    }

    /// Whether `mv` takes a piece its mover may not capture.
    fn is_banned_capture(&mut self, mv: Move) -> bool {
        let Some(mover) = mv.from().and_then(|from| self.piece_at(from)) else { return false };
        let undo = self.make(mv);
        let taken = undo.captured_code() & PIECE_BITS;
        self.unmake(undo);
        taken != 0 && self.variant.spec().rules.capture_bans.contains(&(mover.kind, code_kind(taken)))
    }
}
