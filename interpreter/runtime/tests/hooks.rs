//! The hook runtime: checked at load, sandboxed, and the API acting on the position.

use std::sync::Arc;

use holechess_kernel::notation::parse_move;
use holechess_runtime::{Dice, Game, HookError, PlayableVariant};

fn rules(script: &str) -> Result<PlayableVariant, HookError> {
    let loaded = holechess_lang::load_str("test.hole", script).unwrap_or_else(|d| panic!("{}", d.render()));
    PlayableVariant::from_loaded(loaded)
}

fn with_hook(body: &str) -> String {
    format!(
        "variant \"Hooked\"\n  id hooked\n\nextends chess\ninclude hole-mechanics\n\ntoken pit\n  behaves as pit\n  shown as %\n\nafter each move: call event(\"pit\")\n  rhai ```\nfn event(kind) {{\n{body}\n}}\n```\n"
    )
}

fn play(rules: PlayableVariant, moves: &[&str]) -> Result<Game, holechess_runtime::GameError> {
    let rules = Arc::new(rules);
    let mut game = Game::new(Arc::clone(&rules), rules.start_position(), Dice::seeded(3));
    for text in moves {
        let mv = parse_move(game.position(), text).unwrap();
        game.play(mv)?;
    }
    Ok(game)
}

#[test]
fn a_hook_with_the_wrong_arity_is_refused_at_load() {
    let script = with_hook("").replace("call event(\"pit\")", "call event(\"pit\", 2)");
    assert!(matches!(rules(&script), Err(HookError::Arity { given: 2, takes: 1, .. })));
}

#[test]
fn a_special_moves_hook_that_returns_no_moves_array_fails_its_trial_run() {
    let script = with_hook("").replace("after each move:", "special moves:");
    let err = rules(&script).unwrap().trial_run().unwrap_err().to_string();
    assert!(err.contains("returns an array of special_move") && err.contains("test.hole"), "{err}");
}

#[test]
fn a_runaway_hook_is_stopped_by_the_sandbox() {
    let game = play(rules(&with_hook("loop { }")).unwrap(), &["e4"]);
    let err = game.unwrap_err().to_string();
    assert!(err.contains("event"), "{err}");
}

#[test]
fn hooks_place_move_and_remove_tokens_and_pieces() {
    let body = "if ply() == 1 { place_token(kind, \"e5\"); move_token(\"e5\", \"d5\"); remove_piece(\"a7\"); note(\"done\"); }";
    let game = play(rules(&with_hook(body)).unwrap(), &["e4"]).unwrap();
    let pos = game.position();
    let g = pos.geometry();
    assert!(pos.tokens_at(g.parse_square("d5", 0).unwrap()).is_some());
    assert!(pos.tokens_at(g.parse_square("e5", 0).unwrap()).is_none());
    assert!(pos.piece_at(g.parse_square("a7", 0).unwrap()).is_none());
    assert_eq!(game.plies()[0].notes, vec!["done".to_string()]);
}

#[test]
fn rolls_are_logged_with_the_ply() {
    let game = play(rules(&with_hook("roll(6); roll(8);")).unwrap(), &["e4", "e5"]).unwrap();
    for ply in game.plies() {
        let sides: Vec<u8> = ply.rolls.iter().map(|r| r.sides).collect();
        assert_eq!(sides, vec![6, 8]);
    }
}

/// Replaying a record lists a position's moves, then plays one: whether the game is over is
/// judged from that list, without asking the `special moves` hook a second time.
#[test]
fn a_ply_replayed_after_its_moves_were_listed_asks_the_special_moves_hook_once() {
    let script = with_hook("")
        .replace("after each move: call event(\"pit\")", "special moves: call event(\"pit\")")
        .replace("fn event(kind) {\n\n}", "fn event(kind) {\n    throw \"asked\";\n}");
    let rules = Arc::new(rules(&script).unwrap());
    let mut game = Game::new(Arc::clone(&rules), rules.start_position(), Dice::seeded(1));
    let e4 = parse_move(game.position(), "e4").unwrap();
    rules.hooks.take_special_error();
    let mut legal = holechess_kernel::MoveList::new();
    game.generate_legal(&mut legal);
    assert!(rules.hooks.take_special_error().is_some(), "listing the moves asks the hook");
    game.advance_recorded(e4, &[]).unwrap();
    assert!(rules.hooks.take_special_error().is_none(), "the hook was asked again");
    let e5 = parse_move(game.position(), "e5").unwrap();
    rules.hooks.take_special_error();
    game.advance_recorded(e5, &[]).unwrap();
    assert!(rules.hooks.take_special_error().is_some(), "a position whose moves were not listed asks the hook");
}
