//! Who gives check, and by what route: the enemy pieces attacking a royal piece, each found
//! by making it the only attacker (every other enemy piece changes sides, so it still blocks
//! lines but attacks nothing), and the token squares or link the attack passes through.
//! Only explanations call this (never move generation): it clones the position per piece.

use crate::geometry::{Side, Square};
use crate::position::{Piece, Position};

/// One attack on a royal piece.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Check {
    /// The attacked royal piece's square.
    pub royal: Square,
    /// The attacking piece's square.
    pub attacker: Square,
    /// Token squares the attack passes through (it stops when their tokens are cleared).
    pub through: Vec<Square>,
    /// The attacker stands on a square linked to the royal's (a check across a link).
    pub across_link: bool,
}

/// Every attack on the royal pieces of the side to move.
#[must_use]
pub fn checks(pos: &Position) -> Vec<Check> {
    checks_on(pos, pos.side_to_move(), None)
}

/// Every attack on `defender`'s royal pieces (on `board` only, when given).
pub(crate) fn checks_on(pos: &Position, defender: Side, board: Option<usize>) -> Vec<Check> {
    let g = pos.geometry();
    let royals: Vec<Square> = pos.royals(defender).filter(|&sq| board.is_none_or(|b| g.board_of(sq) == b)).collect();
    let mut found = Vec::new();
    for royal in royals {
        for attacker in attackers_of(pos, royal, defender.opponent()) {
            found.push(describe(pos, royal, attacker));
        }
    }
    found
}

/// `check: the white bishop on f1 attacks the black king on e8 through the wormhole on h3`.
#[must_use]
pub fn check_line(pos: &Position, check: &Check) -> String {
    let route = if check.across_link {
        " across the link".to_owned()
    } else if check.through.is_empty() {
        String::new()
    } else {
        let names: Vec<String> = check.through.iter().map(|&sq| token_at(pos, sq)).collect();
        format!(" through {}", names.join(" and "))
    };
    format!("{} attacks {}{route}", piece_on(pos, check.attacker), piece_on(pos, check.royal))
}

/// The squares of `by`'s pieces that attack `royal`.
pub(crate) fn attackers_of(pos: &Position, royal: Square, by: Side) -> Vec<Square> {
    if !pos.is_attacked(royal, by) {
        return Vec::new();
    }
    let theirs: Vec<(Square, Piece)> = pos.pieces_of(by).collect();
    let is_royal = |piece: &Piece| pos.variant().is_royal(piece.kind);
    let mut alone = pos.clone_without_history();
    for &(sq, piece) in theirs.iter().filter(|(_, piece)| !is_royal(piece)) {
        turn_side(&mut alone, sq, piece, by.opponent());
    }
    let mut found: Vec<Square> = Vec::new();
    if alone.is_attacked(royal, by) {
        found.extend(theirs.iter().filter(|(_, piece)| is_royal(piece)).map(|&(sq, _)| sq));
    }
    for &(sq, piece) in theirs.iter().filter(|(_, piece)| !is_royal(piece)) {
        let mut one = alone.clone_without_history();
        turn_side(&mut one, sq, piece, by);
        if one.is_attacked(royal, by) && !alone.is_attacked(royal, by) {
            found.push(sq);
        }
    }
    found
}

/// The position where the piece on `attacker` is the only enemy piece able to attack.
fn alone_with(pos: &Position, attacker: Square, by: Side) -> Position {
    let mut alone = pos.clone_without_history();
    let others: Vec<(Square, Piece)> =
        pos.pieces_of(by).filter(|&(sq, piece)| sq != attacker && !pos.variant().is_royal(piece.kind)).collect();
    for (sq, piece) in others {
        turn_side(&mut alone, sq, piece, by.opponent());
    }
    alone
}

fn describe(pos: &Position, royal: Square, attacker: Square) -> Check {
    let Some(piece) = pos.piece_at(attacker) else {
        return Check { royal, attacker, through: Vec::new(), across_link: false };
    };
    let across_link = pos.variant().spec().links.link_check && pos.variant().links_of(royal).any(|sq| sq == attacker);
    let alone = alone_with(pos, attacker, piece.side);
    let through = if across_link {
        Vec::new()
    } else {
        pos.token_squares()
            .filter(|&sq| sq != attacker && sq != royal)
            .filter(|&sq| {
                let mut cleared = alone.clone_without_history();
                cleared.clear_tokens(sq);
                !cleared.is_attacked(royal, piece.side)
            })
            .collect()
    };
    Check { royal, attacker, through, across_link }
}

/// Gives the piece on `sq` to `side` (it stays where it is, blocking as before).
fn turn_side(pos: &mut Position, sq: Square, piece: Piece, side: Side) {
    pos.take_piece(sq);
    pos.put_piece(sq, Piece { side, ..piece });
}

/// `the white bishop on f1`.
pub(crate) fn piece_on(pos: &Position, sq: Square) -> String {
    let name = pos.geometry().name_on_board(sq);
    match pos.piece_at(sq) {
        Some(piece) => format!("the {} {} on {name}", piece.side.name(), pos.variant().piece(piece.kind).name),
        None => format!("the piece on {name}"),
    }
}

/// `the wormhole on h3`.
pub(crate) fn token_at(pos: &Position, sq: Square) -> String {
    let name = pos.geometry().name_on_board(sq);
    match pos.tokens_at(sq) {
        Some(stack) => format!("the {} on {name}", pos.variant().tokens()[stack.kind as usize].name),
        None => name,
    }
}
