//! Game ends by reaching squares: a side whose piece of the goal kind stands on one of its goal
//! squares after its move has won, and the position has no legal move.

use crate::geometry::Side;
use crate::position::Position;
use crate::spec::GoalRegion;

impl Position {
    /// The side that has reached its goal: the side that just moved, when after its move one
    /// of its pieces of the goal kind stands on a goal square. `None` without a goal rule.
    #[must_use]
    pub fn goal_reached(&self) -> Option<Side> {
        let goal = self.variant.spec().rules.goal.as_ref()?;
        let mover = self.side.opponent();
        let g = self.geometry();
        let on_goal = |sq| match &goal.region {
            GoalRegion::LastRank => g.relative_rank(sq, mover) + 1 == g.ranks,
            GoalRegion::Squares(squares) => {
                squares.iter().any(|s| g.square(usize::from(s.board), s.file, s.rank) == sq)
            }
        };
        self.pieces_of(mover).any(|(sq, piece)| piece.kind == goal.piece && on_goal(sq)).then_some(mover)
    }
}
