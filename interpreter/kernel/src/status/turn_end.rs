//! The ends of two-board turns (HP8): checkmate only for a player not obliged to teleport,
//! whose king is on its board this turn, in check, with no legal action there; both
//! checkmated in one turn, or both passing, is a draw.

use super::outcome::Status;
use crate::geometry::Side;
use crate::moves::{Move, MoveList};
use crate::position::Position;

/// HP8: how a two-board turn stands, each player judged against the start of the turn.
pub(super) fn turn_status(pos: &Position) -> Status {
    let us = pos.state.side;
    let (our_actions, we_are_mated) = turn_prospects(pos, us);
    if us == Side::White {
        let (their_actions, they_are_mated) = turn_prospects(pos, Side::Black);
        return match (our_actions, we_are_mated, their_actions, they_are_mated) {
            (0, true, 0, true) => Status::Draw { reason: "both players are checkmated in the same turn" },
            (0, true, _, _) => Status::Checkmate { winner: Side::Black },
            (0, false, 0, false) => Status::Draw { reason: "both players have no legal action" },
            _ => Status::Ongoing,
        };
    }
    match (our_actions, we_are_mated) {
        (0, true) => Status::Checkmate { winner: Side::White },
        (0, false) if pos.state.pending == Some(Move::Pass) => {
            Status::Draw { reason: "both players have no legal action" }
        }
        _ => Status::Ongoing,
    }
}

/// HP8, for `us` with no legal action this turn: whether it is checkmated (not obliged to
/// teleport, its king on its board in check), so that it has no pass to play and the legal
/// actions agree with [`super::status_of`]. Any other player without an action passes (both
/// passing in one turn is a draw, reached by playing the passes).
pub(crate) fn turn_ends_without_action(pos: &Position, us: Side) -> bool {
    !pos.must_teleport(us) && pos.royal_attacked_on_board(us, pos.board_of_side(us))
}

/// The number of legal actions `side` has this turn (a forced pass counts as none), and
/// whether having none would be checkmate.
fn turn_prospects(pos: &Position, side: Side) -> (usize, bool) {
    let mut probe = pos.clone_without_history();
    probe.state.side = side;
    let mut list = MoveList::new();
    probe.generate_legal(&mut list);
    let actions = list.iter().filter(|m| **m != Move::Pass).count();
    let board = probe.board_of_side(side);
    let mated = !probe.must_teleport(side) && probe.royal_attacked_on_board(side, board);
    (actions, mated)
}
