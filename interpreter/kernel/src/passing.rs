//! Passing (`stalemate passes the turn`): a side with no other legal move, not in check and
//! with a piece on the board, passes. The pass is then its one legal move, a ply of the game
//! tree that perft counts (as Fairy-Stockfish's pass on stalemate does). After two passes in
//! a row neither side can move: the game is over.

use crate::moves::{Move, MoveList};
use crate::position::Position;
use crate::spec::StalemateRule;

impl Position {
    /// Adds the forced pass to an empty list of legal moves, when the rules give one.
    pub(crate) fn append_forced_pass(&self, out: &mut MoveList) {
        if out.is_empty() && self.may_pass() {
            out.push(Move::Pass);
        }
    }

    /// Whether the side to move, having no other legal move, passes.
    fn may_pass(&self) -> bool {
        self.variant.spec().rules.stalemate == StalemateRule::Pass
            && !self.is_turn_based()
            && !self.passed_twice()
            && self.pieces_of(self.state.side).next().is_some()
            && !self.is_check()
    }

    /// Whether the last two moves were passes: neither side can move, the game is over.
    #[must_use]
    pub fn passed_twice(&self) -> bool {
        self.state.passes >= 2
    }
}
