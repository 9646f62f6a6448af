//! `last_move()`: the move just played, as a rhai map for after-move hooks.
//!
//! Keys (every value a string, `""` when it does not apply): `from`, `to` (for a transit the
//! entry square, for castling the rook's square, for a special move the first piece
//! movement or the first square an effect touches), `piece`, `side`, `captured` and
//! `captured_square` (en passant: the square of the pawn taken), `exit` (a transit's exit),
//! `promotion` (the piece promoted to), `special` (a special move's name) and `notation` (a
//! special move's notation).

use holechess_kernel::{Effect, Move, PlayedMove, Position, Side, Square};
use rhai::{Dynamic, Map};

/// The map `last_move()` returns for `played`, read in the position after it.
pub fn last_move_map(position: &Position, played: PlayedMove) -> Map {
    let g = position.geometry();
    let name = |sq: Option<Square>| sq.map_or(String::new(), |sq| g.name_on_board(sq));
    let variant = position.variant();
    let piece_name = |kind: u8| variant.piece(kind).name.clone();
    let (mut from, mut to, mut exit, mut special, mut notation) = (None, None, None, String::new(), String::new());
    match played.mv {
        Move::Transit { from: f, entry, exit: e, .. } => (from, to, exit) = (Some(f), Some(entry), Some(e)),
        Move::Special { id } => {
            if let Some(mv) = position.special_move(id) {
                special = mv.name().to_string();
                notation = mv.notation().to_string();
                (from, to) = special_squares(mv.effects());
            }
        }
        other => (from, to) = (other.from(), other.to()),
    }
    let mut map = Map::new();
    let mut put = |key: &str, value: String| {
        map.insert(key.into(), Dynamic::from(value));
    };
    put("from", name(from));
    put("to", name(to));
    put("exit", name(exit));
    put("piece", played.piece.map_or(String::new(), |p| piece_name(p.kind)));
    put("side", mover(position, played).name().to_string());
    put("captured", played.captured.map_or(String::new(), |(p, _)| piece_name(p.kind)));
    put("captured_square", name(played.captured.map(|(_, sq)| sq)));
    put("promotion", played.mv.promotion().map_or(String::new(), piece_name));
    put("special", special);
    put("notation", notation);
    map
}

/// The side that played `played`, the move that led to `position`: the side of the piece it
/// moved, else the side not to move.
pub fn mover(position: &Position, played: PlayedMove) -> Side {
    played.piece.map_or_else(|| position.side_to_move().opponent(), |piece| piece.side)
}

/// A special move's from and to: its first piece movement, else the first square touched.
fn special_squares(effects: &[Effect]) -> (Option<Square>, Option<Square>) {
    if let Some((from, to)) = effects.iter().find_map(|e| match *e {
        Effect::MovePiece { from, to } => Some((from, to)),
        _ => None,
    }) {
        return (Some(from), Some(to));
    }
    let first = effects.first().map(|e| match *e {
        Effect::MovePiece { to, .. } | Effect::MoveToken { to, .. } => to,
        Effect::PlacePiece { square, .. }
        | Effect::RemovePiece { square }
        | Effect::PlaceToken { square, .. }
        | Effect::RemoveToken { square }
        | Effect::SetTimer { square, .. } => square,
    });
    (None, first)
}
