//! The moves a notation names on a warped board (absent squares, WH) and in a two-board turn
//! (HP2), found without judging every move's legality: the pseudo-legal moves of the pieces
//! the notation may name are generated, those it names kept, and only they are tested for
//! legality. Legality is judged move by move on both paths, so the moves kept are exactly
//! the legal moves the notation names: the same answer as filtering every legal move.

use super::candidates::may_move;
use super::resolve::matches_action;
use super::text::{Action, Notation};
use crate::moves::MoveList;
use crate::position::Position;

/// Fills `legal` with the legal moves `notation` names on a warped board; false (nothing
/// generated) when this position needs every legal move.
pub(super) fn warped_named(pos: &mut Position, notation: &Notation, legal: &mut MoveList) -> bool {
    let extra_moves = pos.variant.leaving_promoters != 0 || pos.variant.hand_tables.must_drop != 0;
    if extra_moves || !matches!(notation.action, Action::Move(_) | Action::Castle(_)) {
        return false;
    }
    legal.clear();
    match notation.action {
        Action::Move(board_move) => {
            let v = std::sync::Arc::clone(&pos.variant);
            let g = v.geometry();
            pos.generate_pseudo_where(|from, kind| may_move(&v, g, from, kind, &board_move), legal);
        }
        _ => pos.generate_pseudo_where(|_, _| false, legal),
    }
    keep_named(pos, notation, legal);
    pos.retain_legal(legal);
    true
}

/// Fills `legal` with the legal moves `notation` names in a two-board turn (a board move or
/// castling on the board the side plays this turn); false (nothing generated) when the side
/// must teleport. `notation` has its files read on the board in play (boards that letter
/// their files apart are read per board).
pub(super) fn turn_named(pos: &mut Position, notation: &Notation, legal: &mut MoveList) -> bool {
    if pos.state.obliged[pos.side_to_move().index()] || pos.variant.hand_tables.must_drop != 0 {
        return false;
    }
    legal.clear();
    match notation.action {
        Action::Move(board_move) => {
            let v = std::sync::Arc::clone(&pos.variant);
            let g = v.geometry();
            pos.generate_pseudo_where(|from, kind| may_move(&v, g, from, kind, &board_move), legal);
        }
        Action::Castle(_) => pos.generate_pseudo_where(|_, _| false, legal),
        _ => return false,
    }
    keep_named(pos, notation, legal);
    pos.retain_turn_legal(legal);
    true
}

/// Keeps the moves of `list` that `notation` names.
fn keep_named(pos: &Position, notation: &Notation, list: &mut MoveList) {
    list.retain(|&mv| matches_action(pos, mv, &notation.action));
}
