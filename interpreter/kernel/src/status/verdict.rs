//! The verdict on a position: the end rules asked in the order the rulings give them (goal,
//! extinction, checks given, a full board, then the moves left: checkmate or stalemate, K7).

use super::outcome::Status;
use super::{checks, counting, extinction, goal, turn_end};
use crate::goal::GoalEnd;
use crate::moves::MoveList;
use crate::position::Position;
use crate::spec::{SideOutcome, StalemateRule};

/// Whether the game goes on in `pos`, and if not, why.
///
/// ```
/// use holechess_kernel::{status::status_of, Position, Side, Status};
/// # let chess = holechess_testkit::orthodox();
/// let mated = Position::from_fen(&chess, "R5k1/5ppp/8/8/8/8/8/6K1 b - - 1 1").unwrap();
/// assert_eq!(status_of(&mated), Status::Checkmate { winner: Side::White });
/// assert_eq!(status_of(&Position::start(&chess)), Status::Ongoing);
/// ```
#[must_use]
pub fn status_of(pos: &Position) -> Status {
    if pos.is_turn_based() {
        return turn_end::turn_status(pos);
    }
    if let Some(end) = ended_before_moves(pos) {
        return end;
    }
    if counting::full_board_ends(pos) {
        return counting::counted_end(pos).unwrap_or(Status::Ongoing);
    }
    let mut scratch = MoveList::new();
    let mut probe = pos.clone_without_history();
    if probe.count_legal(&mut scratch) > 0 {
        return Status::Ongoing;
    }
    if let Some(counted) = counting::counted_end(pos).filter(|_| !pos.is_check()) {
        return counted;
    }
    without_moves(pos)
}

/// The end a goal, an extinction or the checks given have brought, if one has.
fn ended_before_moves(pos: &Position) -> Option<Status> {
    match goal::goal_end(pos) {
        Some(GoalEnd::Won(winner)) => return Some(Status::Goal { winner }),
        Some(GoalEnd::Drawn) => return Some(Status::Draw { reason: "both sides reached the goal" }),
        None => {}
    }
    if let Some(end) = extinction::extinction(pos) {
        return Some(match end.winner {
            Some(winner) => Status::Extinction { side: end.side, kind: end.kind, below: end.below, winner },
            None => Status::Draw { reason: "a side is left with too few pieces" },
        });
    }
    let winner = checks::check_count_winner(pos)?;
    let checks = pos.variant.spec().rules.checks.win_at.unwrap_or_default();
    Some(Status::Checks { winner, checks })
}

/// The end of a side to move without a legal move: checkmate (as the variant scores it),
/// stalemate, or a draw where a side could only have passed.
fn without_moves(pos: &Position) -> Status {
    let rules = &pos.variant.spec().rules;
    if pos.is_check() || pos.pseudo_royal_attacked(pos.state.side) || pos.duple_checked(pos.state.side) {
        match rules.ends.checkmate {
            SideOutcome::Loss => Status::Checkmate { winner: pos.state.side.opponent() },
            SideOutcome::Win => Status::Checkmate { winner: pos.state.side },
            SideOutcome::Draw => Status::Draw { reason: "checkmate" },
        }
    } else if rules.stalemate == StalemateRule::Pass {
        // A side that may pass has a move: without one, neither side can move.
        Status::Draw { reason: "neither side can move" }
    } else {
        Status::Stalemate { rule: rules.stalemate }
    }
}

/// Whether a rule has ended the game before any move is looked at (a goal reached, an
/// extinction, the checks that win given, a full board): the position then has no legal move.
pub(crate) fn ended_by_rule(pos: &Position) -> bool {
    goal::goal_end(pos).is_some()
        || extinction::extinction(pos).is_some()
        || counting::full_board_ends(pos)
        || checks::check_count_winner(pos).is_some()
}
