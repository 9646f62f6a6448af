//! The ban on checks (racing kings): a move after which the opponent is in check is not
//! legal, whatever piece gives the check and by whatever path.

use crate::moves::MoveList;
use crate::position::Position;

impl Position {
    /// Removes from `legal` every move that gives check, when the variant bans checks.
    pub(crate) fn drop_checking_moves(&mut self, legal: &mut MoveList) {
        if !self.variant.spec().rules.no_checks {
            return;
        }
        legal.retain(|&mv| {
            let undo = self.make(mv);
            let gives_check = self.is_check();
            self.unmake(undo);
            !gives_check
        });
    }
}
