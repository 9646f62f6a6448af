//! Transits written the natural way: a player types `Nf3` onto a porthole or `e4` onto a
//! portal without naming the exit. Records must name it (docs/rules.md, "Game records"), so
//! [`resolve`](super::resolve()) refuses such a text; [`transit_choices`] lists the legal
//! transits it may mean, so that a player-facing caller can play the only one or offer
//! the exits to pick from.

use super::resolve::board_move_matches;
use super::text::{Action, Notation, Square};
use crate::moves::{Move, MoveList};
use crate::position::Position;

/// The legal transits `notation` names once an exit is added: empty unless it is a board
/// move written without an exit. Listed in the order of `legal`.
pub fn transit_choices(pos: &Position, legal: &MoveList, notation: &Notation) -> Vec<Move> {
    let Action::Move(board_move) = notation.action else {
        return Vec::new();
    };
    if board_move.exit.is_some() {
        return Vec::new();
    }
    let g = pos.geometry();
    legal
        .iter()
        .copied()
        .filter(|&mv| match mv {
            Move::Transit { exit, .. } => {
                let mut with_exit = board_move;
                with_exit.exit = Some(Square { file: g.file_of(exit), rank: g.rank_of(exit) });
                board_move_matches(pos, mv, &with_exit)
            }
            _ => false,
        })
        .collect()
}

/// [`transit_choices`] for a text; empty when the text is not a move.
pub fn transit_choices_for(pos: &Position, text: &str) -> Vec<Move> {
    let clean = text.trim().trim_end_matches(['!', '?']);
    match Notation::parse(clean) {
        Ok(notation) => transit_choices(pos, &pos.legal_moves(), &notation),
        Err(_) => Vec::new(),
    }
}
