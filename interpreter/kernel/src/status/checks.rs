//! The end by checks given (three-check; Kar Ouk's first check): the counters themselves
//! belong to the position (`check_count.rs`), the verdict on them is here.

use crate::geometry::Side;
use crate::position::Position;

/// The side that has given as many checks as the variant's check rule asks, which has won;
/// the side that just moved is judged first.
#[must_use]
pub fn check_count_winner(pos: &Position) -> Option<Side> {
    let needed = pos.variant.spec().rules.checks.win_at?;
    let mover = pos.state.side.opponent();
    [mover, pos.state.side].into_iter().find(|&side| pos.state.checks[side.index()] >= needed)
}
