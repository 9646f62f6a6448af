//! `save FILE` / `load FILE`: a game as a PGN record (docs/rules.md "Game records"): the
//! `[Variant]` tag, `[FEN]` and `[Holes]` for a custom start, every move in SAN with the
//! outcomes of its dice in `{[%dice ...]}`, the hooks' notes as comments, and the result;
//! a loaded record's tags, comments and variations are written back (docs/records.md).
//! Loading streams the record through the record crate's replay (so a bad record is refused
//! with its reason), keeping each ply packed as its text and dice (for `save` and for `undo`
//! past the loaded point), then replays those into a position, keeping only the last ply as
//! a played ply: no parsed entry, position or string is held per ply. A record names its
//! variant; a script path in `[Variant]` is never run by `load` (the player starts that
//! script with `new` first).

use std::collections::HashMap;
use std::io::Read;
use std::path::Path;
use std::sync::Arc;

use holechess_kernel::notation::{parse_move, parse_move_in, resolve_candidates, Candidates, Notation};
use holechess_kernel::{MoveList, Position};
use holechess_record::{
    read_game_without_moves, replay_next_game, write_game, Annotation, GameRecord, GameResult, MoveEntry, PgnReader,
    ReadError,
};
use holechess_runtime::{Dice, EventTree, Game, PlayableVariant};

pub use super::earlier_plies::{Earlier, EarlierPlies};
use super::record_header::{Mover, Movers, RecordHeader};
use super::setup::GameStart;
use crate::record_input::Utf8Report;

/// What a saved record says besides the moves and the start.
pub struct Saving<'a> {
    pub header: &'a RecordHeader,
    /// Who played each ply, the loaded record's first.
    pub movers: &'a Movers,
    pub white: String,
    pub black: String,
    /// `1-0`, `0-1`, `1/2-1/2` or `*`.
    pub result: &'a str,
}

/// The PGN text of a game started by `setup`: the `earlier` plies, then `game`'s. The tags
/// are the header's, then the players, the result and the start; a loaded record's plies
/// keep their comments, NAGs and variations, and a ply played here gets its hooks' notes as
/// a comment.
pub fn to_pgn(game: &Game, earlier: &EarlierPlies, setup: &GameStart, saving: &Saving) -> String {
    let mut record = holechess_record::PgnGame { tags: saving.header.tags.clone(), ..Default::default() };
    record.set_tag("White", &saving.white);
    record.set_tag("Black", &saving.black);
    record.set_tag("Result", saving.result);
    record.set_tag("Variant", game.rules().id());
    if let Some(fen) = &setup.fen {
        record.set_tag("FEN", fen);
    }
    if let Some(holes) = &setup.holes {
        record.set_tag("Holes", &holes.join(" "));
    }
    record.opening_comments = saving.header.opening_comments.clone();
    record.start_dice = setup.start_dice.clone();
    let played = game.plies().iter().map(|ply| {
        let text = if MoveEntry::new(0, &ply.san).is_some() { ply.san.clone() } else { ply.lan.clone() };
        (Earlier { text, dice: ply.rolls.iter().map(|roll| roll.value).collect() }, ply.notes.join("; "))
    });
    let earlier = earlier.iter().map(|ply| (ply, String::new()));
    for (index, (ply, notes)) in earlier.chain(played).enumerate() {
        let Some(mut entry) = MoveEntry::new(index as u32 + 1, &ply.text) else { continue };
        entry.set_dice(ply.dice);
        match saving.movers.get(index) {
            Mover::Record => {
                if let Some(annotations) = saving.header.annotations.get(&index) {
                    entry.set_annotations(annotations.clone());
                }
            }
            _ if !notes.is_empty() => entry.push_annotation(Annotation::Comment(notes)),
            _ => {}
        }
        record.moves.push(entry);
    }
    record.result = GameResult::from_pgn(saving.result.as_bytes());
    write_game(&record)
}

/// A game read back from a record.
pub struct Loaded {
    /// The game from the position before the record's last ply, with that ply played.
    pub game: Game,
    /// Every ply before the last.
    pub earlier: EarlierPlies,
    pub setup: GameStart,
    /// The record's tags, comments, variations and result.
    pub header: RecordHeader,
    /// The file holds more than this game (another game after it).
    pub more_games: bool,
    /// Where the file is first not UTF-8 (it is read as Latin-1).
    pub encoding: Option<String>,
}

/// Reads the first game of `path`, checks it against its variant (the `[Variant]` tag, or
/// `current`) and replays it into a session whose later dice come from `seed`.
///
/// The file is read twice, each time as a stream: once for the tags (which name the
/// variant) and whether another game follows, then to replay each ply as it is read,
/// keeping it packed ([`EarlierPlies`]); memory holds no parsed entry per ply.
pub fn load(path: &Path, current: &Arc<PlayableVariant>, seed: u64) -> Result<Loaded, String> {
    let metadata = std::fs::metadata(path).map_err(|e| format!("cannot read {}: {e}", path.display()))?;
    if !metadata.is_file() {
        return Err(format!("{} is not a regular file", path.display()));
    }
    let (tags, more_games) = first_game_tags(path)?;
    let rules = rules_of(tags.game.variant(), current)?;
    let (mut reader, utf8) = open_record(path)?;
    let tree = EventTree::new(&rules);
    let mut earlier = EarlierPlies::for_record_of(metadata.len().min(holechess_record::MAX_GAME_BYTES as u64));
    let mut annotations = HashMap::new();
    let mut too_long = None;
    let read = replay_next_game(&mut reader, &rules, &tree, |entry| {
        if !entry.annotations().is_empty() {
            annotations.insert(earlier.len(), entry.annotations().to_vec());
        }
        if let Err(error) = earlier.push(entry.text(), entry.dice()) {
            too_long.get_or_insert(format!("ply {}: {error}", entry.ply()));
        }
    });
    let (record, replay) = match read {
        Ok(Some(read)) => read,
        Ok(None) | Err(ReadError::NoGames { .. }) => return Err(format!("{}: no PGN game found", path.display())),
        Err(error) => return Err(format!("{}: {error}", path.display())),
    };
    if let Some(failure) = replay.failure {
        let text = if failure.text.is_empty() { String::new() } else { format!(", move {}", failure.text) };
        return Err(format!("{}: ply {}{text}: {}", path.display(), failure.ply, failure.reason));
    }
    if let Some(error) = too_long {
        return Err(format!("{}: {error}", path.display()));
    }
    let encoding = utf8.first().map(|place| format!("{}: {place}", path.display()));
    let setup = GameStart {
        fen: record.game.fen().map(str::to_owned),
        holes: record.game.holes().map(|h| h.split([' ', ',']).filter(|s| !s.is_empty()).map(str::to_owned).collect()),
        start_dice: record.game.start_dice.clone(),
    };
    let header = header_of(&record.game, annotations);
    let last = earlier.pop();
    let game = rebuild(&rules, &setup, &earlier, last.as_ref(), seed)?;
    Ok(Loaded { game, earlier, setup, header, more_games, encoding })
}

/// `path` as a PGN source (its beginning checked to be one), and where it is first not UTF-8.
fn open_record(path: &Path) -> Result<(PgnReader<impl Read>, Utf8Report), String> {
    let cannot_read = |e: std::io::Error| format!("cannot read {}: {e}", path.display());
    let file = std::fs::File::open(path).map_err(cannot_read)?;
    let (source, utf8) = crate::record_input::checked(file)
        .map_err(cannot_read)?
        .map_err(|not_pgn| format!("{} is not a PGN record: {}", path.display(), not_pgn.0))?;
    Ok((PgnReader::new(source), utf8))
}

/// The first game of `path` without its moves (its tags name the variant), and whether
/// another game follows it.
fn first_game_tags(path: &Path) -> Result<(GameRecord, bool), String> {
    let (mut reader, _) = open_record(path)?;
    let first = match read_game_without_moves(&mut reader) {
        Ok(Some(first)) => first,
        Ok(None) | Err(ReadError::NoGames { .. }) => return Err(format!("{}: no PGN game found", path.display())),
        Err(error) => return Err(format!("{}: {error}", path.display())),
    };
    let more_games = matches!(read_game_without_moves(&mut reader), Ok(Some(_)));
    Ok((first, more_games))
}

/// What a loaded record says besides its moves, kept for saving it again: its tags, opening
/// comments and result, and the `annotations` of its plies by index.
fn header_of(record: &holechess_record::PgnGame, annotations: HashMap<usize, Vec<Annotation>>) -> RecordHeader {
    RecordHeader {
        tags: record.tags.clone(),
        opening_comments: record.opening_comments.clone(),
        annotations,
        result: record
            .result
            .or_else(|| record.tag("Result").and_then(|tag| GameResult::from_pgn(tag.trim().as_bytes()))),
    }
}

/// The game after `earlier` and then `last` (played as the game's one ply), from `setup`,
/// later dice from `seed`. Only one position is kept while replaying.
pub fn rebuild(
    rules: &Arc<PlayableVariant>,
    setup: &GameStart,
    earlier: &EarlierPlies,
    last: Option<&Earlier>,
    seed: u64,
) -> Result<Game, String> {
    let mut position = setup.position(rules)?;
    let tree = EventTree::new(rules);
    let mut legal = MoveList::new();
    for (index, ply) in earlier.iter().enumerate() {
        position =
            replay_ply(rules, &tree, position, &ply, &mut legal).map_err(|e| format!("ply {}: {e}", index + 1))?;
    }
    let mut game = Game::new(Arc::clone(rules), position, Dice::seeded(seed));
    if let Some(ply) = last {
        let mv = parse_move(game.position(), &ply.text).map_err(|e| format!("ply {}: {e}", earlier.len() + 1))?;
        game.play_recorded(mv, &outcomes(ply)).map_err(|e| format!("ply {} ({}): {e}", earlier.len() + 1, ply.text))?;
    }
    Ok(game)
}

/// `position` after one recorded ply and its events, with the ply's dice: the move found
/// among the moves its notation can name, the events read from `tree` (the hooks run in rhai
/// only for a path the tree has not seen, or to report a bad ply).
fn replay_ply(
    rules: &Arc<PlayableVariant>,
    tree: &EventTree,
    mut position: Position,
    ply: &Earlier,
    legal: &mut MoveList,
) -> Result<Position, String> {
    let notation = Notation::parse(&ply.text).map_err(|e| e.to_string())?;
    let mv = match resolve_candidates(&mut position, &notation, legal) {
        Candidates::One(mv) => mv,
        // Every legal move is in `legal` now: the reason the text names none, or several.
        Candidates::Unresolved => parse_move_in(&position, &ply.text, legal).map_err(|e| e.to_string())?,
    };
    // In place, the position never copied: loading stays linear in the record's length.
    position.play_unchecked(mv);
    if rules.has_events() {
        if let Some(outcome) = tree.replay_recorded(&position, &ply.dice) {
            return Ok(outcome.unwrap_or(position));
        }
    }
    rules.recorded_events(position, &outcomes(ply)).map_err(|e| format!("{}: {e}", ply.text))
}

fn outcomes(ply: &Earlier) -> Vec<u32> {
    ply.dice.iter().map(|&d| u32::from(d)).collect()
}

/// The rules a record's `[Variant]` tag names: the current ones when it names none or the
/// same, else a bundled variant. A script path is not run from a record.
fn rules_of(tag: Option<&str>, current: &Arc<PlayableVariant>) -> Result<Arc<PlayableVariant>, String> {
    let Some(tag) = tag.map(str::trim).filter(|t| !t.is_empty()) else {
        return Ok(Arc::clone(current));
    };
    if tag.eq_ignore_ascii_case(current.id()) || tag.eq_ignore_ascii_case(&current.variant().spec().title) {
        return Ok(Arc::clone(current));
    }
    let name = match tag.to_ascii_lowercase().as_str() {
        "standard" | "orthodox" | "normal" => "chess".to_owned(),
        other => other.to_owned(),
    };
    if !holechess_lang::bundled().iter().any(|variant| variant.id == name) {
        return Err(format!(
            "the record is for variant `{tag}`, which is not bundled; a record never runs a script by itself: \
             if you trust that script, start it with `new {tag}`, then load the record again"
        ));
    }
    PlayableVariant::load(&name).map_err(|error| format!("the record's variant `{tag}` cannot be loaded:\n{error}"))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A chess record of `plies` knight moves back and forth (legal: no automatic draw, K8).
    fn shuffle_record(plies: usize) -> String {
        shuffle_record_of("chess", plies, "")
    }

    /// [`shuffle_record`] of `variant`, `dice` written after every ply.
    fn shuffle_record_of(variant: &str, plies: usize, dice: &str) -> String {
        let cycle = ["Nf3", "Nf6", "Ng1", "Ng8"];
        let mut text = format!("[Variant \"{variant}\"]\n\n");
        for (index, ply) in (0..plies).map(|i| cycle[i % 4]).enumerate() {
            if index % 2 == 0 {
                text.push_str(&format!("{}. ", index / 2 + 1));
            }
            text.push_str(ply);
            text.push_str(dice);
            text.push(if index % 16 == 15 { '\n' } else { ' ' });
        }
        text.push_str("*\n");
        text
    }

    /// A long game loads with one played ply kept as a position record,
    /// whatever its length (no position clone per ply), and saves back whole.
    #[test]
    fn a_long_record_loads_without_a_position_per_ply() {
        let dir = std::env::temp_dir().join(format!("holechess-long-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join("long.pgn");
        std::fs::write(&path, shuffle_record(20_000)).unwrap();
        let rules = PlayableVariant::load("chess").unwrap();
        let loaded = load(&path, &rules, 1).unwrap();
        assert_eq!(loaded.game.plies().len(), 1, "only the last ply is a played ply");
        assert_eq!(loaded.earlier.len(), 19_999);
        assert_eq!(loaded.game.position().fen(), rules.start_position().fen().replace(" 0 1", " 20000 10001"));
        let movers = Movers::default();
        let saving =
            Saving { header: &loaded.header, movers: &movers, white: "a".into(), black: "b".into(), result: "*" };
        let text = to_pgn(&loaded.game, &loaded.earlier, &loaded.setup, &saving);
        assert!(text.contains("10000. Ng1 Ng8"), "every ply is saved back");
    }

    /// A dice variant's record is replayed in place with
    /// its recorded dice (no game per ply, no copy of the position and its history), and the
    /// game goes on from it with the session's dice.
    #[test]
    fn a_long_dice_record_replays_in_place_with_its_dice() {
        let dir = std::env::temp_dir().join(format!("holechess-long-dice-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join("long-pothole.pgn");
        std::fs::write(&path, shuffle_record_of("pothole", 4_000, " {[%dice 1]}")).unwrap();
        let rules = PlayableVariant::load("pothole").unwrap();
        let loaded = load(&path, &rules, 1).unwrap();
        assert_eq!(loaded.earlier.len(), 3_999);
        assert_eq!(loaded.game.plies().len(), 1);
        assert_eq!(loaded.game.plies()[0].rolls.iter().map(|r| r.value).collect::<Vec<_>>(), [1]);
        assert!(loaded.game.position().fen().starts_with("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w"));
        // A wrong outcome in the record is refused with its ply.
        std::fs::write(&path, shuffle_record_of("pothole", 40, " {[%dice 9]}")).unwrap();
        let error = load(&path, &rules, 1).err().unwrap();
        assert!(error.contains("ply 1"), "{error}");
    }

    #[test]
    fn a_script_path_in_the_variant_tag_is_not_run() {
        let rules = PlayableVariant::load("chess").unwrap();
        let error = rules_of(Some("/tmp/x.hole"), &rules).err().unwrap();
        assert!(error.contains("not bundled") && error.contains("new /tmp/x.hole"), "{error}");
        assert_eq!(rules_of(Some("porthole"), &rules).unwrap().id(), "porthole");
    }
}
