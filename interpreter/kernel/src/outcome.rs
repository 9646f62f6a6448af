//! How a position stands: ongoing, checkmate, a goal reached, an extinction, stalemate (K7),
//! or a draw that may be claimed (50-move rule, threefold repetition) where the variant keeps
//! those rules.

use crate::geometry::Side;
use crate::goal::GoalEnd;
use crate::moves::MoveList;
use crate::position::Position;
use crate::spec::{PieceId, SideOutcome, StalemateRule};

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

impl Position {
    /// Whether the game goes on, and if not, why.
    ///
    /// ```
    /// use holechess_kernel::{Position, Side, Status};
    /// # let chess = holechess_testkit::orthodox();
    /// let mated = Position::from_fen(&chess, "R5k1/5ppp/8/8/8/8/8/6K1 b - - 1 1").unwrap();
    /// assert_eq!(mated.status(), Status::Checkmate { winner: Side::White });
    /// assert_eq!(Position::start(&chess).status(), Status::Ongoing);
    /// ```
    #[must_use]
    pub fn status(&self) -> Status {
        if self.is_turn_based() {
            return self.turn_status();
        }
        match self.goal_end() {
            Some(GoalEnd::Won(winner)) => return Status::Goal { winner },
            Some(GoalEnd::Drawn) => return Status::Draw { reason: "both sides reached the goal" },
            None => {}
        }
        if let Some(end) = self.extinction() {
            return match end.winner {
                Some(winner) => Status::Extinction { side: end.side, kind: end.kind, below: end.below, winner },
                None => Status::Draw { reason: "a side is left with too few pieces" },
            };
        }
        if let Some(winner) = self.check_count_winner() {
            let checks = self.variant.spec().rules.checks.win_at.unwrap_or_default();
            return Status::Checks { winner, checks };
        }
        if self.full_board_ends() {
            return self.counted_end().unwrap_or(Status::Ongoing);
        }
        let mut scratch = MoveList::new();
        let mut probe = self.clone_without_history();
        if probe.count_legal(&mut scratch) > 0 {
            return Status::Ongoing;
        }
        if let Some(counted) = self.counted_end().filter(|_| !self.is_check()) {
            return counted;
        }
        if self.is_check() || self.pseudo_royal_attacked(self.side) || self.duple_checked(self.side) {
            match self.variant.spec().rules.ends.checkmate {
                SideOutcome::Loss => Status::Checkmate { winner: self.side.opponent() },
                SideOutcome::Win => Status::Checkmate { winner: self.side },
                SideOutcome::Draw => Status::Draw { reason: "checkmate" },
            }
        } else if self.variant.spec().rules.stalemate == StalemateRule::Pass {
            // A side that may pass has a move: without one, neither side can move.
            Status::Draw { reason: "neither side can move" }
        } else {
            Status::Stalemate { rule: self.variant.spec().rules.stalemate }
        }
    }

    /// Whether a rule has ended the game before any move is looked at (a goal reached, an
    /// extinction, the checks that win given): the position then has no legal move.
    pub(crate) fn ended_by_rule(&self) -> bool {
        self.goal_end().is_some()
            || self.extinction().is_some()
            || self.full_board_ends()
            || self.check_count_winner().is_some()
    }

    /// HP8: checkmate only for a player not obliged to teleport, whose king is on its board
    /// this turn, in check, with no legal action there; both checkmated in one turn, or both
    /// passing, is a draw. Each player is judged against the start of the turn.
    fn turn_status(&self) -> Status {
        let us = self.side;
        let (our_actions, we_are_mated) = self.turn_prospects(us);
        if us == Side::White {
            let (their_actions, they_are_mated) = self.turn_prospects(Side::Black);
            return match (our_actions, we_are_mated, their_actions, they_are_mated) {
                (0, true, 0, true) => Status::Draw { reason: "both players are checkmated in the same turn" },
                (0, true, _, _) => Status::Checkmate { winner: Side::Black },
                (0, false, 0, false) => Status::Draw { reason: "both players have no legal action" },
                _ => Status::Ongoing,
            };
        }
        match (our_actions, we_are_mated) {
            (0, true) => Status::Checkmate { winner: Side::White },
            (0, false) if self.pending == Some(crate::moves::Move::Pass) => {
                Status::Draw { reason: "both players have no legal action" }
            }
            _ => Status::Ongoing,
        }
    }

    /// HP8, for `us` with no legal action this turn: whether it is checkmated (not obliged to
    /// teleport, its king on its board in check), so that it has no pass to play and the legal
    /// actions agree with [`Position::status`]. Any other player without an action passes
    /// (both passing in one turn is a draw, reached by playing the passes).
    pub(crate) fn turn_ends_without_action(&self, us: Side) -> bool {
        !self.must_teleport(us) && self.royal_attacked_on_board(us, self.board_of_side(us))
    }

    /// The number of legal actions `side` has this turn (a forced pass counts as none), and
    /// whether having none would be checkmate.
    fn turn_prospects(&self, side: Side) -> (usize, bool) {
        let mut probe = self.clone_without_history();
        probe.side = side;
        let mut list = MoveList::new();
        probe.generate_legal(&mut list);
        let actions = list.iter().filter(|m| **m != crate::moves::Move::Pass).count();
        let board = probe.board_of_side(side);
        let mated = !probe.must_teleport(side) && probe.royal_attacked_on_board(side, board);
        (actions, mated)
    }

    /// A draw the side to move may claim now, if the variant keeps the rule.
    #[must_use]
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
