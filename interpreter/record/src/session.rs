//! Records of games played in a session: a [`holechess_runtime::Game`] becomes a PGN
//! [`PgnGame`] with the variant tag, the start position when it is not the variant's own, SAN
//! moves, every dice outcome in `%dice` (K4; the game-start rolls before the first move)
//! and the events' notes as comments, so that
//! writing it and replaying it gives back the same game.

use holechess_kernel::Position;

use crate::pgn_game::{Annotation, GameResult, MoveEntry, PgnGame, TagPair};

/// The record of a played game, with the given players' names.
#[must_use]
pub fn record_of(session: &holechess_runtime::Game, white: &str, black: &str) -> PgnGame {
    let rules = session.rules();
    let mut tags = vec![
        tag("Event", "holechess game"),
        tag("Site", "?"),
        tag("Date", "????.??.??"),
        tag("Round", "-"),
        tag("White", white),
        tag("Black", black),
        tag("Result", result_of(session.position()).as_pgn()),
        tag("Variant", rules.id()),
    ];
    // Without `[FEN]` the record means the variant's start with its game-start hooks rolled
    // (K4); a game that began elsewhere, or there without those rolls, says where.
    let implied = session.from_variant_start()
        || (!rules.hooks.has_game_start() && session.start().fen() == rules.start_position().fen());
    if !implied {
        tags.push(tag("SetUp", "1"));
        tags.push(tag("FEN", &session.start().fen()));
    }
    let moves = session.plies().iter().enumerate().map(|(i, ply)| entry(i as u32 + 1, ply)).collect();
    let setup = session.setup();
    PgnGame {
        line: 1,
        tags,
        opening_comments: if setup.notes.is_empty() { Vec::new() } else { vec![setup.notes.join("; ")] },
        start_dice: setup.rolls.iter().map(|r| r.value).collect(),
        moves,
        result: Some(result_of(session.position())),
    }
}

fn tag(name: &str, value: &str) -> TagPair {
    TagPair { name: name.to_string(), value: value.to_string() }
}

fn entry(ply: u32, record: &holechess_runtime::PlyRecord) -> MoveEntry {
    let mut entry = MoveEntry::new(ply, &record.san)
        .or_else(|| MoveEntry::new(ply, &record.lan))
        .expect("the kernel writes moves the record notation reads");
    entry.set_dice(record.rolls.iter().map(|r| r.value).collect());
    if !record.notes.is_empty() {
        entry.push_annotation(Annotation::Comment(record.notes.join("; ")));
    }
    entry
}

/// The PGN result the board shows: decided games by checkmate, stalemate or a drawn end;
/// anything else is unknown (`*`).
#[must_use]
pub fn result_of(position: &Position) -> GameResult {
    let text = position.status().result(position.side_to_move());
    GameResult::from_pgn(text.as_bytes()).unwrap_or(GameResult::Unknown)
}
