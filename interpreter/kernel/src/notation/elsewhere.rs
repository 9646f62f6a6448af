//! Refusals on two boards (HP2-HP4): the piece stands on the other board, an intent
//! (`@`) without a piece on a linked square of the board in play or under check there, a
//! teleport (`@a4`) that is not due or has no piece or landing, a board move when a
//! teleport is due.

use super::checks::{check_line, checks_on};
use super::resolve::origins_on;
use super::text::{BoardMove, Square};
use crate::moves::Move;
use crate::position::Position;

/// `White's queen is on board B: this turn White moves on board A`, when the piece the text
/// names stands only on another board.
pub(super) fn on_other_board(pos: &Position, wanted: &BoardMove) -> Option<String> {
    let board = pos.board_to_move()?;
    let g = pos.geometry();
    let elsewhere = origins_on(pos, wanted, None);
    let first = elsewhere.iter().copied().find(|&sq| g.board_of(sq) != board)?;
    let piece = pos.piece_at(first)?;
    let us = pos.side_to_move().title();
    Some(format!(
        "{us}'s {} is on board {}: this turn {us} moves on board {}",
        pos.variant().piece(piece.kind).name,
        g.board_names[g.board_of(first)],
        g.board_names[board]
    ))
}

/// `f3 is on board B: this turn White moves on board A`, when the square the text names
/// is not on the board in play but is on another board shown with other file letters.
pub(super) fn square_on_other_board(pos: &Position, square: Square) -> Option<String> {
    let board = pos.board_to_move()?;
    let g = pos.geometry();
    let other = (0..g.boards()).find(|&b| {
        let first = g.first_file(b);
        b != board && square.rank < g.ranks && (first..first + g.files).contains(&square.file)
    })?;
    let us = pos.side_to_move().title();
    Some(format!(
        "{square} is on board {}: this turn {us} moves on board {}",
        g.board_names[other], g.board_names[board]
    ))
}

/// When a teleport is due (HP4), nothing else may be played: the teleports that are legal.
pub(super) fn teleport_due(pos: &Position) -> Option<String> {
    let us = pos.side_to_move();
    if !pos.must_teleport(us) {
        return None;
    }
    let g = pos.geometry();
    let teleports: Vec<String> = pos
        .legal_moves()
        .iter()
        .filter_map(|&mv| match mv {
            Move::Teleport { from, .. } => Some(format!("@{}", g.name(from))),
            _ => None,
        })
        .collect();
    Some(match teleports.as_slice() {
        [] => format!("{} must teleport this turn and cannot: the turn is lost (`--`)", us.title()),
        _ => format!("{} must teleport this turn, and may do nothing else: {}", us.title(), teleports.join(" or ")),
    })
}

/// Why `@` (intent to teleport, HP3) is refused.
pub(super) fn why_no_intent(pos: &Position) -> String {
    let us = pos.side_to_move();
    let v = pos.variant();
    if !v.spec().links.teleport {
        return format!("there are no teleports in {}", v.spec().title);
    }
    if let Some(due) = teleport_due(pos) {
        return due;
    }
    let Some(board) = pos.board_to_move() else {
        return "no intent to teleport may be declared here".to_owned();
    };
    let g = pos.geometry();
    let on_links: Vec<_> = pos.pieces_of(us).map(|(sq, _)| sq).filter(|&sq| v.links_of(sq).next().is_some()).collect();
    let here = on_links.iter().any(|&sq| g.board_of(sq) == board);
    if !here {
        let board_name = &g.board_names[board];
        let others: Vec<String> = on_links.iter().map(|&sq| g.name_on_board(sq)).collect();
        let elsewhere = match others.as_slice() {
            [] => String::new(),
            _ => format!(" (those on {} are on the other board)", others.join(", ")),
        };
        return format!(
            "an intent needs a {} piece on a linked square of board {board_name}, where {} moves this turn{elsewhere}",
            us.title(),
            us.title()
        );
    }
    match checks_on(pos, us, Some(board)).first() {
        Some(check) => format!(
            "{} is in check on board {} ({}), and may not declare an intent",
            us.title(),
            g.board_names[board],
            check_line(pos, check)
        ),
        None => "no intent to teleport may be declared here".to_owned(),
    }
}

/// Why `@a4` (a teleport, HP4) is refused.
pub(super) fn why_no_teleport(pos: &Position, from: Square) -> String {
    let us = pos.side_to_move();
    if !pos.must_teleport(us) {
        return format!("no teleport is due: {} teleports on the turn after declaring an intent (`@`)", us.title());
    }
    let g = pos.geometry();
    let board = pos.board_to_move().unwrap_or(0);
    let source = (board + 1) % g.boards().max(1);
    if from.file >= g.files || from.rank >= g.ranks {
        return format!("{from} is not on the board");
    }
    let sq = g.square(source, from.file, from.rank);
    let name = g.name_on_board(sq);
    let landing = pos.variant().links_of(sq).find(|&to| g.board_of(to) == board);
    match (landing, pos.piece_at(sq)) {
        (None, _) => format!("{name} is not a linked square"),
        (_, None) => format!("no piece on {name}"),
        (_, Some(piece)) if piece.side != us => format!("the piece on {name} is {}'s", piece.side.title()),
        (Some(to), _) if pos.piece_at(to).is_some_and(|p| p.side == us) => {
            format!("its landing square {} holds {}'s own piece", g.name_on_board(to), us.title())
        }
        (Some(to), _) => {
            format!("the teleport to {} would leave {}'s king in check", g.name_on_board(to), us.title())
        }
    }
}
