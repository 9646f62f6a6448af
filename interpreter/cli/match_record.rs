//! The record of one game of a match, as `match --pgn FILE` writes it: the game's moves
//! replayed through a game session with the dice the match rolled after each of them, so
//! the record carries its rolls (K4) and `holechess validate` accepts it. The tags name the
//! levels, the round and how the game ended; an adjudicated game (the ply cap) keeps the
//! result the match gave it.

use std::sync::Arc;

use holechess_ai::{GameEnd, GameResult, MatchReport};
use holechess_kernel::notation::parse_move;
use holechess_kernel::Position;
use holechess_record::{record_of, write_game, GameResult as PgnResult};
use holechess_runtime::{Dice, Game, PlayableVariant};

/// The PGN text of game `number` (1-based) of `report`, played in `rules` from the
/// variant's declared start (a match runs no game-start hooks, so such a variant's record
/// gets a `[FEN]` tag from [`record_of`]).
pub fn match_game_record(rules: &Arc<PlayableVariant>, report: &MatchReport, number: usize) -> Result<String, String> {
    let game = &report.games[number - 1];
    let session = replay(rules, game).map_err(|why| format!("game {number} cannot be recorded: {why}"))?;
    let (white, black) = report.colours(game);
    let mut record = record_of(&session, &format!("holechess {white}"), &format!("holechess {black}"));
    record.set_tag("Event", &format!("holechess match, {} vs {}", report.first, report.second));
    record.set_tag("Round", &number.to_string());
    let result = PgnResult::of_winner(game.winner);
    record.set_tag("Result", result.as_pgn());
    record.result = Some(result);
    record.set_tag("Termination", termination(game.end));
    Ok(write_game(&record))
}

/// The game's moves played through a session with the recorded dice.
fn replay(rules: &Arc<PlayableVariant>, game: &GameResult) -> Result<Game, String> {
    let start = Position::start(rules.variant());
    let mut session = Game::new(Arc::clone(rules), start, Dice::recorded(std::iter::empty()));
    for (ply, (text, faces)) in game.moves.iter().zip(&game.dice).enumerate() {
        let mv = parse_move(session.position(), text).map_err(|e| format!("ply {}: {text}: {e}", ply + 1))?;
        session.play_recorded(mv, faces).map_err(|e| format!("ply {}: {text}: {e}", ply + 1))?;
    }
    Ok(session)
}

/// The `Termination` tag: "normal" for an end the rules give, "adjudication" for the cap.
fn termination(end: GameEnd) -> &'static str {
    match end {
        GameEnd::PlyCap => "adjudication",
        _ => "normal",
    }
}
