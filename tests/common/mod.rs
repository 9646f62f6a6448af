//! Helpers shared by the root tests: loading the bundled scripts, reading positions in the
//! position notation, listing moves in long algebraic notation, playing with recorded dice,
//! running the binary ([`binary`]).

#![allow(dead_code)]

pub mod binary;

use std::sync::Arc;

use holechess_kernel::notation::{lan, parse_move};
use holechess_kernel::{Position, Square, TokenStack};
use holechess_runtime::{Dice, Game, PlayableVariant, PlyRecord};

/// The path of a script of the catalogue (`examples/catalogue/FILE`).
pub fn catalogue(file: &str) -> String {
    std::path::PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("examples/catalogue")
        .join(file)
        .to_string_lossy()
        .into_owned()
}

/// A bundled variant (or a script path) with its hooks.
pub fn rules(id: &str) -> Arc<PlayableVariant> {
    PlayableVariant::load(id).unwrap_or_else(|e| panic!("{id} loads: {e}"))
}

/// A position of a bundled variant, from the position notation.
pub fn position(id: &str, fen: &str) -> Position {
    Position::from_fen(rules(id).variant(), fen).unwrap_or_else(|e| panic!("{fen}: {e}"))
}

/// The legal moves in long algebraic notation, sorted.
pub fn moves(pos: &Position) -> Vec<String> {
    let mut v: Vec<String> = pos.legal_moves().iter().map(|&m| lan(pos, m)).collect();
    v.sort();
    v
}

/// Whether `text` (long algebraic) is among the legal moves.
pub fn has(pos: &Position, text: &str) -> bool {
    moves(pos).iter().any(|m| m == text)
}

/// The legal moves starting with `prefix` (e.g. all moves of the piece on `e2`).
pub fn moves_from(pos: &Position, prefix: &str) -> Vec<String> {
    moves(pos).into_iter().filter(|m| m.starts_with(prefix)).collect()
}

pub fn square(pos: &Position, name: &str) -> Square {
    pos.geometry().parse_square(name, 0).unwrap_or_else(|| panic!("{name} is a square"))
}

pub fn tokens(pos: &Position, name: &str) -> Option<TokenStack> {
    pos.tokens_at(square(pos, name))
}

/// Total number of tokens on the board (a stack of n counts n).
pub fn token_total(pos: &Position) -> u32 {
    pos.token_squares().filter_map(|sq| pos.tokens_at(sq)).map(|t| t.count as u32).sum()
}

/// The piece on a square as a FEN letter (upper case White), if any.
pub fn piece_letter(pos: &Position, name: &str) -> Option<char> {
    pos.piece_at(square(pos, name)).map(|p| {
        let letter = pos.variant().piece(p.kind).letter;
        if p.side == holechess_kernel::Side::White {
            letter
        } else {
            letter.to_ascii_lowercase()
        }
    })
}

/// Plays a move (SAN or long algebraic) on a position, panicking if it is not legal.
pub fn play(pos: &mut Position, text: &str) {
    let mv = parse_move(pos, text).unwrap_or_else(|e| panic!("{text} in {}: {e}", pos.fen()));
    pos.play_unchecked(mv);
}

/// A game of `id` from `fen` (its start when `None`), dice from the record only.
pub fn game(id: &str, fen: Option<&str>) -> Game {
    let rules = rules(id);
    let start = match fen {
        Some(fen) => Position::from_fen(rules.variant(), fen).unwrap_or_else(|e| panic!("{fen}: {e}")),
        None => rules.start_position(),
    };
    Game::new(rules, start, Dice::seeded(0))
}

/// Plays `text` in `game` with the recorded dice outcomes, panicking on any error.
pub fn play_dice<'g>(game: &'g mut Game, text: &str, dice: &[u32]) -> &'g PlyRecord {
    let mv = parse_move(game.position(), text).unwrap_or_else(|e| panic!("{text} in {}: {e}", game.position().fen()));
    game.play_recorded(mv, dice).unwrap_or_else(|e| panic!("{text} {dice:?}: {e}"))
}

/// The faces of a ply's rolls.
pub fn faces(ply: &PlyRecord) -> Vec<u32> {
    ply.rolls.iter().map(|r| r.value as u32).collect()
}

/// Whether a piece with a first-move pattern has moved in `played` but counts as unmoved in
/// `read`, the same position read back from its notation: the one thing the notation cannot
/// carry (a porthole pawn back on its second rank has moved, PH11, and the notation reads it
/// as unmoved, K8), and which the hash keys.
pub fn moved_first_mover_read_unmoved(played: &Position, read: &Position) -> bool {
    let has_first_move = |kind| {
        played.variant().piece(kind).patterns.iter().any(|p| {
            matches!(
                p.condition,
                holechess_kernel::spec::PatternCondition::FirstMove
                    | holechess_kernel::spec::PatternCondition::FirstMoveOutOfCheck
            )
        })
    };
    played.geometry().squares().any(|sq| {
        played.is_unmoved(sq) != read.is_unmoved(sq) && played.piece_at(sq).is_some_and(|p| has_first_move(p.kind))
    })
}
