//! Why a move the piece could make is still refused (K1): the side is in check and the move
//! does not stop it, the piece is pinned to its royal piece, or a royal piece would step
//! into an attack. The move is made on a copy and the attacks on the royal pieces are named
//! (see [`super::checks`]). Only explanations call this (never move generation).

use super::checks::{check_line, checks_on, piece_on, Check};
use super::resolve::matches_action;
use super::text::{Action, BoardMove};
use crate::geometry::Square;
use crate::moves::Move;
use crate::position::Position;

/// A move of the piece on `from` that `wanted` names and that the piece could make if its
/// royal piece's safety were not at stake.
pub(super) fn pseudo_move(pos: &Position, from: Square, wanted: &BoardMove) -> Option<Move> {
    pos.pseudo_moves()
        .iter()
        .copied()
        .find(|&mv| mv.from() == Some(from) && matches_action(pos, mv, &Action::Move(*wanted)))
}

/// Why the pseudo-legal `mv` is not legal: the check it leaves or makes.
pub(super) fn why_unsafe(pos: &Position, mv: Move) -> Option<String> {
    let us = pos.side_to_move();
    // On two boards only the royal piece on the board in play limits the move (HP6).
    let board = pos.board_to_move();
    let before = checks_on(pos, us, board);
    let mut after = pos.clone_without_history();
    let _ = after.apply(mv);
    let after_checks = checks_on(&after, us, board);
    if after_checks.is_empty() {
        return None;
    }
    let mover = mv.from()?;
    let names = |checks: &[Check]| -> String {
        let names: Vec<String> = checks.iter().map(|check| piece_on(&after, check.attacker)).collect();
        names.join(" and ")
    };
    let still = before.iter().find(|check| after_checks.iter().any(|a| a.attacker == check.attacker));
    if pos.piece_at(mover).is_some_and(|piece| pos.variant().is_royal(piece.kind)) {
        let still = if still.is_some() { "still " } else { "" };
        return Some(format!(
            "the {} would {still}be in check there from {}",
            royal_name(pos, mover),
            names(&after_checks)
        ));
    }
    if let Some(first) = still {
        return Some(format!(
            "{} is in check ({}), and this move does not stop it",
            us.title(),
            check_line(pos, first)
        ));
    }
    match after_checks.as_slice() {
        [pin] => {
            let pinners: Vec<String> = pinners(pos, mv, pin.attacker).iter().map(|&sq| piece_on(pos, sq)).collect();
            Some(format!("it is pinned by {} against {}", pinners.join(" and, behind it, "), piece_on(pos, pin.royal)))
        }
        many => Some(format!("it would leave {} in check from {}", piece_on(pos, many[0].royal), names(many))),
    }
}

/// The piece pinning the mover of `mv`, and those that pin it in turn once it is gone
/// (a bishop behind a bishop): taking all of them off makes the move safe.
fn pinners(pos: &Position, mv: Move, first: Square) -> Vec<Square> {
    let us = pos.side_to_move();
    let board = pos.board_to_move();
    let mut found = vec![first];
    let mut without = pos.clone_without_history();
    while found.len() < MAX_PINNERS {
        without.remove_piece(*found.last().expect("one pinner at least"));
        let mut after = without.clone_without_history();
        let _ = after.apply(mv);
        match checks_on(&after, us, board).as_slice() {
            [next] if !found.contains(&next.attacker) => found.push(next.attacker),
            _ => break,
        }
    }
    found
}

/// Most pinners named in a row (a line of the board holds no more).
const MAX_PINNERS: usize = 8;

/// `king` (the royal piece's kind name).
fn royal_name(pos: &Position, sq: Square) -> String {
    pos.piece_at(sq).map_or_else(|| "king".to_owned(), |piece| pos.variant().piece(piece.kind).name.clone())
}
