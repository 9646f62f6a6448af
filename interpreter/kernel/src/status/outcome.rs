//! The answers to "how does the game stand": ongoing, checkmate, a goal reached, an
//! extinction, stalemate (K7), a count, checks given, a draw; and the draws that may be
//! claimed (50-move rule, threefold repetition) where the variant keeps those rules.

use crate::geometry::Side;
use crate::spec::{PieceId, StalemateRule};

/// The state of play in a position.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Status {
    /// The game goes on.
    Ongoing,
    /// The side to move is checkmated.
    Checkmate {
        /// The side that wins: the side that gave mate, unless the variant says that being
        /// checkmated wins.
        winner: Side,
    },
    /// The side to move has no legal move and is not in check.
    Stalemate {
        /// What stalemate means in this variant.
        rule: StalemateRule,
    },
    /// The side that just moved has a piece of the goal kind on its goal squares.
    Goal {
        /// The side that reached its goal.
        winner: Side,
    },
    /// A side has fewer pieces of a kind than an extinction rule allows.
    Extinction {
        /// The side left without enough pieces.
        side: Side,
        /// The kind it ran short of; `None` for its pieces counted together.
        kind: Option<PieceId>,
        /// The count it fell below (1: it has none left).
        below: u8,
        /// The side that wins.
        winner: Side,
    },
    /// The game ended without a move (or on a full board) and was decided by counting the
    /// pieces on the board.
    Counted {
        /// The side with more pieces; `None` when the counts are equal (a draw).
        winner: Option<Side>,
        /// White's pieces on the board.
        white: u16,
        /// Black's pieces on the board.
        black: u16,
    },
    /// A side has given as many checks as the variant's check rule asks.
    Checks {
        /// The side that gave them and wins.
        winner: Side,
        /// How many checks win.
        checks: u8,
    },
    /// A drawn end other than stalemate (HP8: both checkmated in one turn, both passed).
    Draw {
        /// Why, in words (`both players passed`).
        reason: &'static str,
    },
}

impl Status {
    /// Whether the game has ended (a stalemate that passes the turn has not).
    #[must_use]
    pub fn is_over(self) -> bool {
        match self {
            Status::Ongoing => false,
            Status::Checkmate { .. }
            | Status::Goal { .. }
            | Status::Extinction { .. }
            | Status::Counted { .. }
            | Status::Checks { .. }
            | Status::Draw { .. } => true,
            Status::Stalemate { rule } => rule != StalemateRule::Pass,
        }
    }

    /// The PGN result: `1-0`, `0-1`, `1/2-1/2`, or `*`.
    #[must_use]
    pub fn result(self, side_to_move: Side) -> &'static str {
        match self {
            Status::Ongoing | Status::Stalemate { rule: StalemateRule::Pass } => "*",
            Status::Checkmate { winner }
            | Status::Goal { winner }
            | Status::Extinction { winner, .. }
            | Status::Checks { winner, .. } => win_for(winner),
            Status::Counted { winner: Some(winner), .. } => win_for(winner),
            Status::Stalemate { rule: StalemateRule::Draw }
            | Status::Draw { .. }
            | Status::Counted { winner: None, .. } => "1/2-1/2",
            Status::Stalemate { rule: StalemateRule::Loss } => win_for(side_to_move.opponent()),
            Status::Stalemate { rule: StalemateRule::Win } => win_for(side_to_move),
        }
    }
}

/// The PGN result of a win for `winner`.
fn win_for(winner: Side) -> &'static str {
    match winner {
        Side::White => "1-0",
        Side::Black => "0-1",
    }
}

/// A draw the side to move may claim.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum DrawClaim {
    /// The 50-move rule: 50 moves of each side with no capture and no pawn move.
    FiftyMoves,
    /// Threefold repetition of the position (tokens, holes and timers included, K7).
    Repetition,
}
