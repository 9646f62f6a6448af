//! Transits written the natural way: a player types `Nf3` onto a porthole or `e4` onto a
//! portal without naming the exit. Records must name it (docs/rules.md, "Game records"), so
//! [`resolve`](super::resolve()) refuses such a text; [`transit_choices`] lists the legal
//! transits it may mean, so that a player-facing caller can play the only one or offer
//! the exits to pick from.

use super::resolve::board_move_matches;
use super::text::{Action, Notation, Square};
use crate::geometry::Square as KernelSquare;
use crate::moves::{Move, MoveList};
use crate::position::Position;

/// The legal transits `notation` names once an exit is added: empty unless it is a board
/// move written without an exit. Listed in the order of `legal`.
#[must_use]
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
#[must_use]
pub fn transit_choices_for(pos: &Position, text: &str) -> Vec<Move> {
    let clean = text.trim().trim_end_matches(['!', '?']);
    match Notation::parse(clean) {
        Ok(notation) => transit_choices(pos, &pos.legal_moves(), &notation),
        Err(_) => Vec::new(),
    }
}

/// The exits of the legal transits of the piece on `from` through `entry`, in the order of
/// `legal`.
pub(super) fn free_exits(legal: &MoveList, from: KernelSquare, entry: KernelSquare) -> Vec<KernelSquare> {
    let mut exits: Vec<KernelSquare> = legal
        .iter()
        .filter_map(|&mv| match mv {
            Move::Transit { from: origin, entry: through, exit, .. } if origin == from && through == entry => {
                Some(exit)
            }
            _ => None,
        })
        .collect();
    exits.dedup();
    exits
}

/// Why a transit through `entry` cannot leave by `exit` (or must name its exit, when
/// `exit` is `None`), with the exits that are free: `None` when the piece has no legal
/// transit through `entry` at all (another reason refuses the move then).
pub(super) fn exit_refusal(
    pos: &Position,
    legal: &MoveList,
    from: KernelSquare,
    entry: KernelSquare,
    exit: Option<KernelSquare>,
) -> Option<String> {
    let exits = free_exits(legal, from, entry);
    if exits.is_empty() {
        return None;
    }
    let g = pos.geometry();
    let names: Vec<String> = exits.iter().map(|&sq| g.name(sq)).collect();
    let way_in = super::checks::token_at(pos, entry);
    let way_in = if pos.tokens_at(entry).is_some() { way_in } else { format!("the link on {}", g.name(entry)) };
    let free = match names.as_slice() {
        [one] => format!("the only free exit of {way_in} is {one}"),
        _ => format!("the free exits of {way_in} are {}", names.join(", ")),
    };
    let Some(exit) = exit else {
        return Some(format!("a transit names its exit; {free}"));
    };
    if exits.contains(&exit) {
        return None;
    }
    let token = pos.tokens_at(entry).map(|stack| pos.variant().tokens()[stack.kind as usize].name.clone());
    let linked = pos.link_ends(entry).contains(&exit);
    let why = if exit == entry {
        format!("{} is the entry, not an exit", g.name(exit))
    } else if exit == from {
        format!("{} is the piece's own square, not an exit", g.name(exit))
    } else if pos.tokens_at(exit).is_none() && !linked {
        match token {
            Some(token) => format!("{} holds no {token}", g.name(exit)),
            None => format!("{} is not linked to {}", g.name(exit), g.name(entry)),
        }
    } else if pos.piece_at(exit).is_some() {
        format!("{} is occupied", g.name(exit))
    } else {
        format!("{} is not an open exit", g.name(exit))
    };
    Some(format!("{why}; {free}"))
}
