//! Game ends by reaching squares: a side whose piece of the goal kind stands on one of its goal
//! squares after its move has won, and the position has no legal move. With a reply (racing
//! kings) White's arrival first gives Black one more move: Black wins nothing by it, but
//! reaching the goal with it draws; a Black without such a move has lost at once. A held goal
//! (jesonmor) is won by the side whose turn comes with its piece still on the goal. A safe goal
//! (dobutsu) counts a piece only while no enemy piece attacks it.

use crate::geometry::{Side, Square};
use crate::moves::{Move, MoveList};
use crate::position::Position;
use crate::spec::{GoalRegion, GoalSpec};

/// How a goal has ended the game.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum GoalEnd {
    /// This side has reached its goal and won.
    Won(Side),
    /// White reached the goal and Black did too with its reply.
    Drawn,
}

/// The side that has won by reaching its goal: the side that just moved when one of its
/// pieces of the goal kind stands on a goal square (unless a reply is due), or with a
/// reply the side to move that reached it a move ago. `None` without a goal rule.
#[must_use]
pub fn goal_reached(pos: &Position) -> Option<Side> {
    match goal_end(pos)? {
        GoalEnd::Won(side) => Some(side),
        GoalEnd::Drawn => None,
    }
}

/// How the goal rule has ended the game in `pos`, if it has.
#[must_use]
pub fn goal_end(pos: &Position) -> Option<GoalEnd> {
    let goal = pos.variant.spec().rules.goal.as_ref()?;
    let mover = pos.state.side.opponent();
    if goal.held {
        return on_goal(pos, goal, pos.state.side).then_some(GoalEnd::Won(pos.state.side));
    }
    if goal.safe {
        return safe_goal_end(pos, goal);
    }
    if !goal.reply {
        return on_goal(pos, goal, mover).then_some(GoalEnd::Won(mover));
    }
    let us = pos.state.side;
    if on_goal(pos, goal, us) {
        let both = us == Side::White && on_goal(pos, goal, mover);
        return Some(if both { GoalEnd::Drawn } else { GoalEnd::Won(us) });
    }
    if !on_goal(pos, goal, mover) {
        return None;
    }
    let reply_due = mover == Side::White && !pos.is_check() && may_reach_goal(pos, goal);
    (!reply_due).then_some(GoalEnd::Won(mover))
}

/// A goal that counts only while unattacked, as Fairy-Stockfish's `flagPieceSafe`: the side
/// to move is judged first (its piece stood on the goal attacked, and the reply left it
/// safe), a draw when the side that just moved stands there safely too; then the side that
/// just moved.
fn safe_goal_end(pos: &Position, goal: &GoalSpec) -> Option<GoalEnd> {
    let us = pos.state.side;
    let mover = us.opponent();
    if safe_on_goal(pos, goal, us) {
        return Some(if safe_on_goal(pos, goal, mover) { GoalEnd::Drawn } else { GoalEnd::Won(us) });
    }
    safe_on_goal(pos, goal, mover).then_some(GoalEnd::Won(mover))
}

/// Whether a piece of `side` of the goal kind stands on one of its goal squares where no
/// piece of the opponent attacks it.
fn safe_on_goal(pos: &Position, goal: &GoalSpec, side: Side) -> bool {
    pos.pieces_of(side).any(|(sq, piece)| {
        piece.kind == goal.piece && is_goal_square(pos, goal, sq, side) && !pos.is_attacked(sq, side.opponent())
    })
}

/// Whether a piece of `side` of the goal kind stands on one of its goal squares.
fn on_goal(pos: &Position, goal: &GoalSpec, side: Side) -> bool {
    pos.pieces_of(side).any(|(sq, piece)| piece.kind == goal.piece && is_goal_square(pos, goal, sq, side))
}

fn is_goal_square(pos: &Position, goal: &GoalSpec, sq: Square, side: Side) -> bool {
    let g = pos.geometry();
    match &goal.region {
        GoalRegion::LastRank => g.relative_rank(sq, side) + 1 == g.ranks,
        GoalRegion::Squares(squares) => squares.iter().any(|s| g.square(usize::from(s.board), s.file, s.rank) == sq),
    }
}

/// Whether the side to move has a legal move that brings a piece of the goal kind onto a
/// goal square (the moves as the pieces make them, with the ban on checks; a move that
/// reaches the goal is never a capture that compulsory capture would forbid here).
fn may_reach_goal(pos: &Position, goal: &GoalSpec) -> bool {
    let mut probe = pos.clone_without_history();
    let mut legal = MoveList::new();
    probe.generate_legal_general(&mut legal);
    probe.drop_checking_moves(&mut legal);
    let us = pos.state.side;
    legal.iter().any(|&mv| {
        let moved = mv.from().and_then(|from| pos.piece_at(from)).is_some_and(|p| p.kind == goal.piece);
        moved && !matches!(mv, Move::Castle { .. }) && mv.to().is_some_and(|to| is_goal_square(pos, goal, to, us))
    })
}
