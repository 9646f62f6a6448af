//! Pieces held in check: kinds that may not move while their side is in check, except to
//! capture the only piece giving check (makpong's king). Other pieces answer the check.

use crate::geometry::Square;
use crate::moves::{Move, MoveList};
use crate::position::Position;

impl Position {
    /// Removes from `legal` the moves of held kinds while the side to move is in check, except
    /// a capture of the only checking piece.
    pub(crate) fn drop_held_moves(&mut self, legal: &mut MoveList) {
        let held = &self.variant.spec().rules.checks.held_in_check;
        if held.is_empty() || !self.is_check() {
            return;
        }
        let held = held.clone();
        legal.retain(|&mv| {
            let moves_held = mv.from().and_then(|from| self.piece_at(from)).is_some_and(|p| held.contains(&p.kind));
            !moves_held || self.takes_only_checker(mv)
        });
    }

    /// Whether `mv` captures on the square of the only piece giving check (a transit on the
    /// token it enters): with that piece off the board, no royal piece of the side to move is
    /// attacked.
    fn takes_only_checker(&self, mv: Move) -> bool {
        let to = match mv {
            Move::Normal { to, .. } | Move::Teleport { to, .. } => to,
            Move::Transit { entry, .. } => entry,
            _ => return false,
        };
        let them = self.state.side.opponent();
        let checker = |sq: Square| self.piece_at(sq).is_some_and(|p| p.side == them);
        checker(to) && !self.royals(self.state.side).any(|royal| self.is_attacked_ignoring(royal, them, to))
    }
}
