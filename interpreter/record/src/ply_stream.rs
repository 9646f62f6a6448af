//! Reading a game ply by ply for a program that keeps the moves in a form of its own (the
//! REPL's `load`): each ply is replayed as it is read and then handed over, so checking a
//! game of any length holds its position and one ply, never the game's parsed entries.

use std::io::Read;
use std::sync::Arc;

use holechess_runtime::{EventTree, PlayableVariant};

use crate::game_parser::PlySink;
use crate::pgn_game::{MoveEntry, PgnGame};
use crate::problem::ReadError;
use crate::reader::{GameRecord, PgnReader};
use crate::replay::{GameReplay, Replay};

/// Replays each ply as it is read, then gives it to the caller's closure.
struct ReplayAndHand<'r, F> {
    replay: GameReplay<'r>,
    each: F,
}

impl<F: FnMut(MoveEntry)> PlySink for ReplayAndHand<'_, F> {
    fn ply(&mut self, game: &mut PgnGame, entry: MoveEntry) {
        self.replay.play(game, &entry);
        (self.each)(entry);
    }
}

/// Drops every ply unread.
struct DropPlies;

impl PlySink for DropPlies {
    fn ply(&mut self, _: &mut PgnGame, _: MoveEntry) {}

    fn keeps_annotations(&self) -> bool {
        false
    }
}

/// Reads the next game of `reader`, replaying each ply against `rules` (dice events read
/// from `tree`) as it is read and then handing it, with its dice and annotations, to
/// `each`. The record holds the game's tags, opening comments and result but no moves.
/// `Ok(None)` at the end of a source that held games.
///
/// # Errors
///
/// As [`PgnReader::read_game`]: the source cannot be read, or holds no game at all.
pub fn replay_next_game<R: Read>(
    reader: &mut PgnReader<R>,
    rules: &Arc<PlayableVariant>,
    tree: &EventTree,
    each: impl FnMut(MoveEntry),
) -> Result<Option<(GameRecord, Replay)>, ReadError> {
    let mut sink = ReplayAndHand { replay: GameReplay::new(rules, Some(tree)), each };
    let Some(record) = reader.read_game_into(&mut sink)? else {
        return Ok(None);
    };
    let replay = sink.replay.finish(&record.game, record.problem.as_ref());
    Ok(Some((record, replay)))
}

/// Reads the next game of `reader` keeping none of its plies: its tags, opening comments,
/// result and syntax problem. `Ok(None)` at the end of a source that held games.
///
/// # Errors
///
/// As [`PgnReader::read_game`].
pub fn read_game_without_moves<R: Read>(reader: &mut PgnReader<R>) -> Result<Option<GameRecord>, ReadError> {
    reader.read_game_into(&mut DropPlies)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_ply_is_replayed_and_handed_over_and_the_record_keeps_no_moves() {
        let rules = PlayableVariant::load("chess").unwrap();
        let tree = EventTree::new(&rules);
        let pgn: &[u8] = b"[Event \"x\"]\n\n1. e4 {good} e5 2. Qh5 (2. Nf3) Nc6 *\n\n1. d4 *\n";
        let mut reader = PgnReader::from_bytes(pgn);
        let mut texts = Vec::new();
        let (record, replay) =
            replay_next_game(&mut reader, &rules, &tree, |entry| texts.push(entry.clone())).unwrap().unwrap();
        assert!(replay.is_valid(), "{replay:?}");
        assert_eq!(replay.plies, 4);
        assert!(record.game.moves.is_empty());
        assert_eq!(record.game.tag("Event"), Some("x"));
        assert_eq!(texts.iter().map(MoveEntry::text).collect::<Vec<_>>(), ["e4", "e5", "Qh5", "Nc6"]);
        assert_eq!(texts[0].comments().collect::<Vec<_>>(), ["good"]);
        assert_eq!(texts[2].variations().count(), 1);
        let second = read_game_without_moves(&mut reader).unwrap().expect("a second game follows");
        assert_eq!((second.number, second.game.moves.len()), (2, 0));
        assert!(read_game_without_moves(&mut reader).unwrap().is_none());
    }

    #[test]
    fn an_illegal_ply_is_the_replays_failure() {
        let rules = PlayableVariant::load("chess").unwrap();
        let tree = EventTree::new(&rules);
        let mut reader = PgnReader::from_bytes(b"1. e4 e4 *\n");
        let (_, replay) = replay_next_game(&mut reader, &rules, &tree, |_| {}).unwrap().unwrap();
        let failure = replay.failure.expect("black cannot play e4");
        assert_eq!((failure.ply, failure.text.as_str()), (2, "e4"));
    }
}
