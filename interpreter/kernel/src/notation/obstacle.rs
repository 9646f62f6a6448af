//! The real obstacle behind a refused move, for explanations: a piece or token standing
//! between the mover and its target, a token square with no free exit, or a linked square
//! whose far end is taken. Each guess is
//! checked by clearing the obstacle on a copy of the position and asking the move
//! generator whether the move then exists, so the reason never names a square that is
//! not the cause. Only explanations call this (never move generation).

use super::resolve::matches_action;
use super::text::{Action, BoardMove};
use crate::geometry::Square;
use crate::moves::Move;
use crate::position::Position;

/// `White's own pawn on c2 is in the way`, when clearing that square lets the piece on
/// `from` make the move `wanted` names (or enter `to`, when it names no exit).
pub(super) fn in_the_way(pos: &Position, from: Square, to: Square, wanted: &BoardMove) -> Option<String> {
    let blocker = first_between(pos, from, to)?;
    let mut cleared = pos.clone_without_history();
    if !clear(&mut cleared, blocker) || !makes(&cleared, from, to, wanted) {
        return None;
    }
    let g = pos.geometry();
    Some(match pos.piece_at(blocker) {
        Some(piece) => {
            let kind = &pos.variant().piece(piece.kind).name;
            if piece.side == pos.side_to_move() {
                format!("{}'s own {kind} on {} is in the way", piece.side.title(), g.name(blocker))
            } else {
                format!("the {} {kind} on {} is in the way", piece.side.title().to_lowercase(), g.name(blocker))
            }
        }
        None => format!("the {} on {} is in the way", token_name(pos, blocker), g.name(blocker)),
    })
}

/// `the black pawn on e5 blocks it`, when taking the piece off `to` lets the piece on
/// `from` make the move (a pawn's step, or a square of the mover's own side).
pub(super) fn on_target(pos: &Position, from: Square, to: Square, wanted: &BoardMove) -> Option<String> {
    let piece = pos.piece_at(to)?;
    let mut cleared = pos.clone_without_history();
    if !clear(&mut cleared, to) || !makes(&cleared, from, to, wanted) {
        return None;
    }
    let kind = &pos.variant().piece(piece.kind).name;
    let name = pos.geometry().name(to);
    Some(if piece.side == pos.side_to_move() {
        format!("{name} holds {}'s own {kind}", piece.side.title())
    } else {
        format!("the {} {kind} on {name} blocks it", piece.side.title().to_lowercase())
    })
}

/// `d5 holds a crater`, when clearing the tokens on `to` lets the piece on `from` make the
/// move (a hole, a token a pawn may not step onto, a token that shields the piece on it).
pub(super) fn token_on_target(pos: &Position, from: Square, to: Square, wanted: &BoardMove) -> Option<String> {
    let stack = pos.tokens_at(to)?;
    let mut cleared = pos.clone_without_history();
    cleared.clear_tokens(to);
    if !makes(&cleared, from, to, wanted) {
        return None;
    }
    let name = &pos.variant().tokens()[stack.kind as usize].name;
    let many = if stack.count > 1 { format!("a stack of {} of {name}", stack.count) } else { format!("a {name}") };
    Some(format!("{} holds {many}", pos.geometry().name(to)))
}

/// `the porthole on f3 has no free exit (c3, f6 are occupied)`, when `to` holds a token,
/// the mover has no legal way through it, and clearing the pieces from the other token
/// squares would let it enter.
pub(super) fn no_free_exit(pos: &Position, from: Square, to: Square) -> Option<String> {
    pos.tokens_at(to)?;
    if reaches(pos, from, to) {
        return None;
    }
    let g = pos.geometry();
    let occupied: Vec<Square> = pos
        .token_squares()
        .filter(|&sq| sq != to && sq != from && pos.piece_at(sq).is_some())
        .filter(|&sq| !pos.piece_at(sq).is_some_and(|piece| pos.variant().is_royal(piece.kind)))
        .collect();
    let (names, verb) = freed_by_clearing(pos, from, to, &occupied)?;
    Some(format!("the {} on {} has no free exit ({names} {verb} occupied)", token_name(pos, to), g.name(to)))
}

/// `h3 is linked to a6, which is occupied`, when `to` is a linked square and clearing the
/// pieces from its far ends would let the mover go through the link.
pub(super) fn no_free_far_end(pos: &Position, from: Square, to: Square) -> Option<String> {
    let ends = pos.link_ends(to);
    if ends.is_empty() {
        return None;
    }
    let taken: Vec<Square> = ends
        .iter()
        .copied()
        .filter(|&sq| sq != from && pos.piece_at(sq).is_some_and(|piece| !pos.variant().is_royal(piece.kind)))
        .collect();
    let (names, verb) = freed_by_clearing(pos, from, to, &taken)?;
    Some(format!("{} is linked to {names}, which {verb} occupied", pos.geometry().name(to)))
}

/// When taking the pieces off `squares` would let the mover on `from` reach `to`: those
/// squares named (`e4, f5`), with the verb for their number.
fn freed_by_clearing(pos: &Position, from: Square, to: Square, squares: &[Square]) -> Option<(String, &'static str)> {
    if squares.is_empty() {
        return None;
    }
    let mut cleared = pos.clone_without_history();
    for &sq in squares {
        cleared.remove_piece(sq);
    }
    if !reaches(&cleared, from, to) {
        return None;
    }
    let g = pos.geometry();
    let names: Vec<String> = squares.iter().map(|&sq| g.name(sq)).collect();
    Some((names.join(", "), if squares.len() == 1 { "is" } else { "are" }))
}

/// The first square strictly between `from` and `to` on a rank, file or diagonal of one
/// board that holds a piece or a token.
fn first_between(pos: &Position, from: Square, to: Square) -> Option<Square> {
    let g = pos.geometry();
    if g.board_of(from) != g.board_of(to) {
        return None;
    }
    let dx = i32::from(g.file_of(to)) - i32::from(g.file_of(from));
    let dy = i32::from(g.rank_of(to)) - i32::from(g.rank_of(from));
    if !(dx == 0 || dy == 0 || dx.abs() == dy.abs()) {
        return None;
    }
    let steps = dx.abs().max(dy.abs());
    let (sx, sy) = (dx.signum(), dy.signum());
    (1..steps)
        .filter_map(|k| g.offset(from, sx * k, sy * k))
        .find(|&sq| pos.piece_at(sq).is_some() || pos.tokens_at(sq).is_some())
}

/// Empties `sq` of its piece (not a king: a position needs its kings) or its tokens.
fn clear(pos: &mut Position, sq: Square) -> bool {
    match pos.piece_at(sq) {
        Some(piece) if pos.variant().is_royal(piece.kind) => false,
        Some(_) => {
            pos.remove_piece(sq);
            true
        }
        None => {
            pos.clear_tokens(sq);
            true
        }
    }
}

/// Whether a legal move of the piece on `from` is the move `wanted` names, or enters `to`
/// when `wanted` names no exit (the player then picks the exit).
fn makes(pos: &Position, from: Square, to: Square, wanted: &BoardMove) -> bool {
    pos.legal_moves().iter().any(|&mv| {
        mv.from() == Some(from)
            && (matches_action(pos, mv, &Action::Move(*wanted))
                || wanted.exit.is_none() && matches!(mv, Move::Transit { entry, .. } if entry == to))
    })
}

/// Whether a legal move takes the piece on `from` to `to` (or into a token on `to`).
fn reaches(pos: &Position, from: Square, to: Square) -> bool {
    pos.legal_moves().iter().any(|&mv| {
        mv.from() == Some(from)
            && match mv {
                Move::Transit { entry, .. } => entry == to,
                other => other.to() == Some(to),
            }
    })
}

fn token_name(pos: &Position, sq: Square) -> String {
    match pos.tokens_at(sq) {
        Some(stack) => pos.variant().tokens()[stack.kind as usize].name.clone(),
        None => "token".to_owned(),
    }
}
