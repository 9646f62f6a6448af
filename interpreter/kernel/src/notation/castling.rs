//! Why castling is refused, in words: the variant has none, the right is lost, the king is
//! in check, a piece or token stands between, or a square the king crosses is attacked.

use super::text::CastleSide;
use crate::geometry::Square;
use crate::position::Position;

/// The reason `side` castling is not legal in `pos` (checked in the order a player would
/// look: rights, check, the squares between, the king's path).
pub(super) fn why_not_castle(pos: &Position, wing: CastleSide) -> String {
    let us = pos.side_to_move();
    let name = if wing == CastleSide::King { "short" } else { "long" };
    if pos.variant().spec().rules.castling.is_none() {
        return format!("there is no castling in {}", pos.variant().spec().title);
    }
    let slot = if wing == CastleSide::King { 0 } else { 1 };
    let (Some(king), Some(rook)) = (pos.royals(us).next(), pos.castling_rights()[us.index()][slot]) else {
        return format!("{} may no longer castle {name}: the king or that rook has moved", us.title());
    };
    if pos.is_check() {
        return format!("{} is in check, and castling out of check is not allowed", us.title());
    }
    let (king_to, rook_to) = pos.castle_destinations(us, king, rook);
    if let Some(note) = in_the_way(pos, king, rook, king_to, rook_to) {
        return format!("{} cannot castle {name}: {note}", us.title());
    }
    let g = pos.geometry();
    let (a, b) = ordered(g.file_of(king), g.file_of(king_to));
    let attacked = (a..=b)
        .map(|file| g.square(g.board_of(king), file, g.rank_of(king)))
        .find(|&sq| pos.is_attacked(sq, us.opponent()));
    match attacked {
        Some(sq) => format!(
            "{} cannot castle {name}: {} is attacked, and the king may not cross or land on an attacked square",
            us.title(),
            g.name(sq)
        ),
        None => format!("{} cannot castle {name} here", us.title()),
    }
}

/// A piece or token between king and rook or on their destinations.
fn in_the_way(pos: &Position, king: Square, rook: Square, king_to: Square, rook_to: Square) -> Option<String> {
    let g = pos.geometry();
    let files = [g.file_of(king), g.file_of(rook), g.file_of(king_to), g.file_of(rook_to)];
    let (lo, hi) = (*files.iter().min()?, *files.iter().max()?);
    (lo..=hi).map(|file| g.square(g.board_of(king), file, g.rank_of(king))).find_map(|sq| match pos.piece_at(sq) {
        Some(piece) if sq != king && sq != rook => {
            Some(format!("the {} on {} is in the way", pos.variant().piece(piece.kind).name, g.name(sq)))
        }
        Some(_) => None,
        None => pos.tokens_at(sq).map(|stack| {
            format!("the {} on {} is in the way", pos.variant().tokens()[stack.kind as usize].name, g.name(sq))
        }),
    })
}

fn ordered(a: u8, b: u8) -> (u8, u8) {
    (a.min(b), a.max(b))
}
