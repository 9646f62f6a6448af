//! The status questions asked of a position as its methods: thin calls into the status
//! module, kept so the callers (the CLI, the record, the AI, the tests) ask `pos.status()`.

use super::extinction::Extinct;
use super::goal::GoalEnd;
use super::outcome::{DrawClaim, Status};
use super::{checks, counting, draws, extinction, goal, turn_end, verdict};
use crate::geometry::Side;
use crate::position::Position;
use crate::spec::PieceId;

impl Position {
    /// Whether the game goes on, and if not, why (see [`crate::status::status_of`]).
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
        verdict::status_of(self)
    }

    /// A draw the side to move may claim now, if the variant keeps the rule.
    #[must_use]
    pub fn claimable_draw(&self) -> Option<DrawClaim> {
        draws::claimable_draw(self)
    }

    /// How many times the current position occurred before (same hash), back to the last
    /// irreversible move.
    #[must_use]
    pub fn repetitions(&self) -> usize {
        draws::repetitions(self)
    }

    /// Whether a rule has ended the game before any move is looked at: the position then has
    /// no legal move.
    pub(crate) fn ended_by_rule(&self) -> bool {
        verdict::ended_by_rule(self)
    }

    /// HP8: whether `us`, without a legal action this turn, is checkmated rather than passing.
    pub(crate) fn turn_ends_without_action(&self, us: Side) -> bool {
        turn_end::turn_ends_without_action(self, us)
    }

    /// The extinction that ends the game here, if one does.
    #[must_use]
    pub fn extinction(&self) -> Option<Extinct> {
        extinction::extinction(self)
    }

    /// An extinction in words: `White has no pawn left`, `Black has fewer than 3 kings left`.
    #[must_use]
    pub fn describe_extinction(&self, side: Side, kind: Option<PieceId>, below: u8) -> String {
        extinction::describe_extinction(self, side, kind, below)
    }

    /// The side that has won by reaching its goal, if one has (`None` without a goal rule).
    #[must_use]
    pub fn goal_reached(&self) -> Option<Side> {
        goal::goal_reached(self)
    }

    /// How the goal rule has ended the game here, if it has.
    #[must_use]
    pub fn goal_end(&self) -> Option<GoalEnd> {
        goal::goal_end(self)
    }

    /// The counted result, when the counting rule is in force.
    #[must_use]
    pub fn counted_end(&self) -> Option<Status> {
        counting::counted_end(self)
    }

    /// The side that has given as many checks as the variant's check rule asks, which has won.
    #[must_use]
    pub fn check_count_winner(&self) -> Option<Side> {
        checks::check_count_winner(self)
    }
}
