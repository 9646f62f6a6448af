//! Threatened pieces, for the ordering of quiet moves: the side to move's pieces (royal
//! pieces aside) that the opponent, were it to move, would win material by taking, found by
//! the static exchange on their squares after a null move. A quiet move that takes such a
//! piece to a square no enemy piece attacks is tried before the other quiet moves, so that a
//! node near the horizon answers a threat with its first moves, before late-move pruning
//! cuts the rest away.

use holechess_kernel::{Move, Position};

use crate::negamax::null_move_fits_schedule;
use crate::search::Searcher;
use crate::tables::Role;

impl Searcher {
    /// Records which pieces of the side to move stand threatened (see the module). None are
    /// looked for `in_check` (every move there is an evasion), nor where a null move does not
    /// fit the turn schedule.
    pub(crate) fn note_threats(&mut self, pos: &mut Position, in_check: bool) {
        let mut threatened = std::mem::take(&mut self.threatened);
        threatened.clear();
        if !in_check && null_move_fits_schedule(pos) {
            let us = pos.side_to_move();
            let tables = self.tables();
            let attacked = pos
                .pieces_of(us)
                .filter(|(_, p)| tables.kinds[p.kind as usize].role != Role::Royal)
                .map(|(sq, _)| sq)
                .filter(|&sq| pos.is_attacked(sq, us.opponent()));
            threatened.extend(attacked);
            if !threatened.is_empty() {
                let undo = pos.make(Move::Pass);
                self.retain_won_by_exchange(pos, &mut threatened);
                pos.unmake(undo);
            }
        }
        self.threatened = threatened;
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::limits::Limits;
    use holechess_testkit::orthodox;

    /// The squares `note_threats` finds threatened in `fen` (a searcher prepared for chess).
    fn threatened(fen: &str) -> Vec<String> {
        let mut pos = Position::from_fen(&orthodox(), fen).expect("a valid position");
        let mut searcher = Searcher::default();
        searcher.search(&pos, Limits::depth(1));
        let in_check = pos.is_check();
        searcher.note_threats(&mut pos, in_check);
        let names = searcher.threatened.iter().map(|&sq| pos.geometry().name(sq));
        names.collect()
    }

    #[test]
    fn a_piece_is_threatened_when_taking_it_wins_material() {
        // The knight on d4: attacked by the pawn on e5 though the pawn on e3 defends it.
        assert_eq!(threatened("4k3/8/8/4p3/3N4/4P3/8/4K3 w - - 0 1"), ["d4"]);
        // Attacked by the rook on d8: threatened undefended, not with the pawn defending it.
        assert_eq!(threatened("3rk3/8/8/8/3N4/8/8/4K3 w - - 0 1"), ["d4"]);
        assert!(threatened("3rk3/8/8/8/3N4/4P3/8/4K3 w - - 0 1").is_empty());
    }

    #[test]
    fn no_threats_are_looked_for_in_check() {
        // The rook on e8 checks the king; the knight on d4 hangs to the rook on d8 as well.
        assert!(threatened("3rr1k1/8/8/8/3N4/8/8/4K3 w - - 0 1").is_empty());
    }
}
