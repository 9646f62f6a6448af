//! The notation of drops, the same in SAN and long algebraic notation: the piece's letter in
//! upper case, `@`, the square (`P@e4`, `N@f3`), as Fairy-Stockfish writes them. Reading
//! accepts the letter in either case.

use crate::geometry::Square;
use crate::moves::Move;
use crate::position::Position;
use crate::spec::PieceId;

/// How the drop of a piece of `kind` onto `to` is written.
pub(super) fn drop_text(pos: &Position, kind: PieceId, to: Square) -> String {
    format!("{}@{}", pos.variant().piece(kind).letter, pos.geometry().name(to))
}

/// Reads `X@sq` (a piece letter, `@`, a square): the letter in upper case and the square.
pub(super) fn parse_drop(body: &[u8]) -> Option<(u8, super::text::Square)> {
    match body {
        [letter, b'@', square @ ..] if letter.is_ascii_alphabetic() => {
            Some((letter.to_ascii_uppercase(), super::text::parse_whole_square(square)?))
        }
        _ => None,
    }
}

/// Whether `mv` is the drop of a piece lettered `letter` onto `to` (a square of the board
/// in play).
pub(super) fn drop_matches(pos: &Position, mv: Move, letter: u8, to: super::text::Square) -> bool {
    let Move::Drop { piece, to: square } = mv else { return false };
    let g = pos.geometry();
    pos.variant().piece(piece).letter.to_ascii_uppercase() as u32 == u32::from(letter)
        && g.file_of(square) == to.file
        && g.rank_of(square) == to.rank
}

/// Why no legal drop of the piece lettered `letter` onto `to` exists: no such piece, none in
/// hand, no drops in the variant, the square taken or barred, or the king left in check.
pub(super) fn why_no_drop(pos: &Position, letter: u8, to: super::text::Square) -> String {
    let variant = pos.variant();
    let side = pos.side_to_move();
    let Some(kind) = variant.piece_by_letter(char::from(letter)) else {
        return format!("{} is not a piece of this variant", char::from(letter));
    };
    let name = &variant.piece(kind).name;
    if !variant.hand_tables.drops {
        return "this variant has no drops".to_owned();
    }
    if pos.hand_count(side, kind) == 0 {
        return format!("{side} has no {name} in hand");
    }
    let g = pos.geometry();
    let board = pos.board_to_move().unwrap_or(0);
    if to.file >= g.files || to.rank >= g.ranks {
        return format!("{to} is not on the board");
    }
    let square = g.square(board, to.file, to.rank);
    if pos.piece_at(square).is_some() {
        return format!("{to} is not empty");
    }
    if !variant.hand_tables.may_drop_on_rank(kind, g.relative_rank(square, side)) {
        return format!("a {name} may not be dropped on rank {}", to.rank + 1);
    }
    if !pos.takes_drop(square, kind) {
        return format!("the token on {to} takes no drop");
    }
    format!("dropping a {name} on {to} would leave {side}'s king in check")
}
