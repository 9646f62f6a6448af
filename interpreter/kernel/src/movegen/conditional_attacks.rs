//! Attacks by capture patterns that hold only at times (`on its first move`, `from rank N`):
//! the attack tables hold the unconditional patterns, so a piece whose conditional capture
//! holds where it stands is asked directly (K1: a capture-move it could make now is an
//! attack). The piece's moves are generated on a copy of the position where the attacked
//! square holds an enemy piece that may be captured; only variants with such patterns pay.

use crate::geometry::{Side, Square};
use crate::moves::{Move, MoveList};
use crate::position::{code_kind, Piece, Position, PIECE_BITS};
use crate::spec::PatternCondition;

impl Position {
    /// Whether a piece of `by` (not the one on `ignore`, of a kind in `allowed`) could capture
    /// on `target` by a pattern whose condition holds where it stands.
    pub(crate) fn conditional_attacked(&self, target: Square, by: Side, ignore: Square, allowed: u32) -> bool {
        let kinds = self.variant.conditional_capturers & allowed;
        let attacker = |sq: Square| {
            sq != ignore && sq != target && kinds & (1 << code_kind(self.board.cells[sq.index()] & PIECE_BITS)) != 0
        };
        let holders: Vec<Square> = self.board.occupied[by.index()]
            .iter()
            .filter(|&sq| attacker(sq) && self.conditional_capture_holds(sq, by))
            .collect();
        if holders.is_empty() {
            return false;
        }
        let Some(victim) = self.capturable_kind() else { return false };
        let mut probe = self.clone_without_history();
        if ignore.0 != u16::MAX {
            probe.take_piece(ignore);
        }
        probe.take_piece(target);
        probe.put_piece(target, Piece { side: by.opponent(), kind: victim });
        probe.state.side = by;
        if probe.is_turn_based() {
            // On two boards the attackers are those of the target's board, whichever board
            // `by` acts on this turn (HP6): the probe's turn puts `by` there.
            let board = self.variant.geometry().board_of(target) as u32;
            probe.state.fullmove = 1 + if by == Side::White { board } else { 1 - board };
        }
        let mut moves = MoveList::new();
        probe.generate_pseudo_where(|sq, _| holders.contains(&sq), &mut moves);
        moves.iter().any(|&mv| match mv {
            Move::Normal { from, to, .. } => to == target && holders.contains(&from),
            Move::Transit { from, entry, .. } => entry == target && holders.contains(&from),
            _ => false,
        })
    }

    /// Whether some capture pattern of the piece on `sq` that holds only at times holds now.
    fn conditional_capture_holds(&self, sq: Square, side: Side) -> bool {
        let kind = code_kind(self.board.cells[sq.index()] & PIECE_BITS);
        self.variant.piece(kind).patterns.iter().any(|p| {
            p.mode.captures() && p.condition != PatternCondition::Always && self.condition_holds(p.condition, sq, side)
        })
    }

    /// A kind that may be captured (not royal), to stand on the attacked square.
    fn capturable_kind(&self) -> Option<u8> {
        (0..self.variant.pieces().len() as u8).find(|&k| !self.variant.is_royal(k))
    }
}
