//! Compulsory capture: where the side to move has a legal move that captures, only its
//! captures are legal (antichess, losers). A capture is a move that takes a piece, whatever
//! path it takes (through a link or a token's transit included).

use crate::moves::{Move, MoveList};
use crate::position::Position;

impl Position {
    /// Keeps only the captures in `legal` when the variant makes capturing compulsory and one
    /// of them captures.
    pub(crate) fn keep_compulsory_captures(&mut self, legal: &mut MoveList) {
        if !self.variant.spec().rules.compulsory_capture {
            return;
        }
        if legal.iter().any(|&mv| self.captures_with(mv)) {
            legal.retain(|&mv| self.captures_with(mv));
        }
    }

    /// Whether playing `mv` takes a piece.
    fn captures_with(&mut self, mv: Move) -> bool {
        let undo = self.make(mv);
        let captured = undo.captured_something();
        self.unmake(undo);
        captured
    }
}
