//! How a position stands: ongoing, checkmate, stalemate (K7), or a draw that may be
//! claimed (50-move rule, threefold repetition) where the variant keeps those rules.

use crate::geometry::Side;
use crate::moves::MoveList;
use crate::position::Position;
use crate::spec::StalemateRule;

/// The state of play in a position.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Status {
    Ongoing,
    /// The side to move is checkmated.
    Checkmate {
        winner: Side,
    },
    /// The side to move has no legal move and is not in check.
    Stalemate {
        rule: StalemateRule,
    },
}

impl Status {
    pub fn is_over(self) -> bool {
        match self {
            Status::Ongoing => false,
            Status::Checkmate { .. } => true,
            Status::Stalemate { rule } => rule != StalemateRule::Pass,
        }
    }

    /// The PGN result: `1-0`, `0-1`, `1/2-1/2`, or `*`.
    pub fn result(self, side_to_move: Side) -> &'static str {
        match self {
            Status::Ongoing | Status::Stalemate { rule: StalemateRule::Pass } => "*",
            Status::Checkmate { winner: Side::White } => "1-0",
            Status::Checkmate { winner: Side::Black } => "0-1",
            Status::Stalemate { rule: StalemateRule::Draw } => "1/2-1/2",
            Status::Stalemate { rule: StalemateRule::Loss } => match side_to_move {
                Side::White => "0-1",
                Side::Black => "1-0",
            },
        }
    }
}

/// A draw the side to move may claim.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum DrawClaim {
    FiftyMoves,
    Repetition,
}

impl Position {
    /// Whether the game goes on, and if not, why.
    pub fn status(&self) -> Status {
        let mut scratch = MoveList::new();
        let mut probe = self.clone();
        if probe.count_legal(&mut scratch) > 0 {
            return Status::Ongoing;
        }
        if self.is_check() {
            Status::Checkmate { winner: self.side.opponent() }
        } else {
            Status::Stalemate { rule: self.variant.spec().rules.stalemate }
        }
    }

    /// A draw the side to move may claim now, if the variant keeps the rule.
    pub fn claimable_draw(&self) -> Option<DrawClaim> {
        let rules = &self.variant.spec().rules;
        if rules.fifty_move.is_some_and(|moves| self.halfmove >= moves.saturating_mul(2)) {
            return Some(DrawClaim::FiftyMoves);
        }
        if rules.repetition.is_some_and(|times| self.repetitions() + 1 >= times as usize) {
            return Some(DrawClaim::Repetition);
        }
        None
    }
}
