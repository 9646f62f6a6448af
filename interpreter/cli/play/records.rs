//! `save FILE` / `load FILE`: a game as a PGN record (RULINGS.md "Game records"): the
//! `[Variant]` tag, `[FEN]` and `[Holes]` for a custom start, every move in SAN with the
//! outcomes of its dice in `{[%dice ...]}`, and the result. Loading replays the record
//! with the record crate (so a bad record is rejected with its reason) and then plays it
//! into a session with the recorded dice.

use std::path::Path;
use std::sync::Arc;

use holechess_game::{Dice, Game, Rules};
use holechess_kernel::notation::parse_move;
use holechess_record::{replay_record, write_game, GameResult, MoveEntry, PgnReader};

use super::setup::Setup;

/// Who played, for the `[White]` / `[Black]` tags.
pub struct Players {
    pub white: String,
    pub black: String,
}

/// The PGN text of `game`, started by `setup`; `result` is `1-0`, `0-1`, `1/2-1/2` or `*`.
pub fn to_pgn(game: &Game, setup: &Setup, players: &Players, result: &str) -> String {
    let mut record = holechess_record::Game::default();
    record.set_tag("Event", "holechess play");
    record.set_tag("White", &players.white);
    record.set_tag("Black", &players.black);
    record.set_tag("Result", result);
    record.set_tag("Variant", game.rules().id());
    if let Some(fen) = &setup.fen {
        record.set_tag("FEN", fen);
    }
    if let Some(holes) = &setup.holes {
        record.set_tag("Holes", &holes.join(" "));
    }
    for (index, ply) in game.plies().iter().enumerate() {
        let number = index as u32 + 1;
        let Some(mut entry) = MoveEntry::new(number, &ply.san).or_else(|| MoveEntry::new(number, &ply.lan)) else {
            continue;
        };
        entry.dice = ply.rolls.iter().map(|roll| roll.value).collect();
        record.moves.push(entry);
    }
    record.result = GameResult::from_pgn(result.as_bytes());
    write_game(&record)
}

/// A game read back from a record.
pub struct Loaded {
    pub game: Game,
    pub setup: Setup,
}

/// Reads the first game of `path`, checks it against its variant (the `[Variant]` tag, or
/// `current`) and plays it into a session whose later dice come from `seed`.
pub fn load(path: &Path, current: &Arc<Rules>, seed: u64) -> Result<Loaded, String> {
    let reader = PgnReader::open(path).map_err(|e| format!("cannot read {}: {e}", path.display()))?;
    let record = match reader.games().next() {
        Some(Ok(record)) => record,
        Some(Err(error)) => return Err(format!("{}: {error}", path.display())),
        None => return Err(format!("{}: no PGN game found", path.display())),
    };
    let rules = rules_of(record.game.variant(), current)?;
    let replay = replay_record(&record, &rules);
    if let Some(failure) = replay.failure {
        let text = if failure.text.is_empty() { String::new() } else { format!(", move {}", failure.text) };
        return Err(format!("{}: ply {}{text}: {}", path.display(), failure.ply, failure.reason));
    }
    let setup = Setup {
        fen: record.game.fen().map(str::to_owned),
        holes: record.game.holes().map(|h| h.split([' ', ',']).filter(|s| !s.is_empty()).map(str::to_owned).collect()),
    };
    let start = holechess_record::start_position(&record.game, &rules).map_err(|reason| reason.to_string())?;
    let mut game = Game::new(Arc::clone(&rules), start, Dice::seeded(seed));
    for entry in &record.game.moves {
        let text = entry.text.to_string();
        let mv = parse_move(game.position(), &text).map_err(|e| format!("ply {}: {e}", entry.ply))?;
        let dice: Vec<u32> = entry.dice.iter().map(|&d| u32::from(d)).collect();
        game.play_recorded(mv, &dice).map_err(|e| format!("ply {} ({text}): {e}", entry.ply))?;
    }
    Ok(Loaded { game, setup })
}

/// The rules a record's `[Variant]` tag names (the current ones when it names none or
/// the same).
fn rules_of(tag: Option<&str>, current: &Arc<Rules>) -> Result<Arc<Rules>, String> {
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
    Rules::load(&name).map_err(|_| format!("the record is for variant `{tag}`, which is not bundled"))
}
