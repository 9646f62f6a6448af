//! The hook API: effects that keep the game sound (no royal piece removed, no
//! clock), `last_move()`, `place_piece` and `move_piece`.

use std::sync::Arc;

use holechess_runtime::{Dice, Game, GameError, PlayableVariant};

fn with_body(body: &str) -> String {
    format!(
        "variant \"Hooked\"\n  id hooked\n\nextends chess\n\ntoken crater\n  impassable\n  shown as %\n  any number\n\nafter each move: call event()\n  rhai ```\nfn event() {{\n{body}\n}}\n```\n"
    )
}

fn rules_with(body: &str) -> Arc<PlayableVariant> {
    let loaded = holechess_lang::load_str("test.hole", &with_body(body)).unwrap_or_else(|d| panic!("{}", d.render()));
    Arc::new(PlayableVariant::from_loaded(loaded).unwrap())
}

fn play(rules: &Arc<PlayableVariant>, moves: &[&str]) -> Result<Game, GameError> {
    let mut game = Game::new(Arc::clone(rules), rules.start_position(), Dice::seeded(3));
    for text in moves {
        game.play_text(text)?;
    }
    Ok(game)
}

fn piece(game: &Game, sq: &str) -> Option<String> {
    let pos = game.position();
    let at = pos.geometry().parse_square(sq, 0).unwrap();
    pos.piece_at(at).map(|p| format!("{} {}", p.side.name(), pos.variant().piece(p.kind).name))
}

#[test]
fn remove_piece_refuses_a_royal_piece() {
    let rules = rules_with("remove_piece(\"e8\");");
    let err = play(&rules, &["e4"]).unwrap_err().to_string();
    assert!(err.contains("royal piece") && err.contains("e8"), "{err}");
}

#[test]
fn hooks_have_no_clock() {
    // The checker refuses the clock functions at load, with the line.
    for call in ["timestamp()", "sleep(1)"] {
        let script = with_body(&format!("let t = {call};"));
        let diagnostics = holechess_lang::load_str("test.hole", &script).unwrap_err().render();
        let name = call.split('(').next().unwrap();
        assert!(diagnostics.contains(name) && diagnostics.contains("test.hole:14"), "{call}: {diagnostics}");
    }
    // Reached around the checker, the engine has no clock either.
    for call in ["Fn(\"timestamp\").call()", "Fn(\"sleep\").call(1)"] {
        let rules = rules_with(&format!("let t = {call};"));
        let err = play(&rules, &["e4"]).unwrap_err().to_string();
        assert!(err.contains("timestamp") || err.contains("sleep"), "{call}: {err}");
    }
}

#[test]
fn a_seeded_game_replays_to_the_same_position_and_rolls() {
    let rules = rules_with("let sq = square(roll(8), roll(8)); if !has_piece(sq) && token_count(sq) == 0 { place_token(\"crater\", sq, 2); }");
    let run = || {
        let mut game = Game::seeded(Arc::clone(&rules), 42);
        for _ in 0..8 {
            let mv = game.position().legal_moves().as_slice()[0];
            game.play(mv).unwrap();
        }
        (game.position().fen(), game.plies().iter().flat_map(|p| p.rolls.clone()).collect::<Vec<_>>())
    };
    assert_eq!(run(), run());
}

#[test]
fn last_move_names_the_capture_and_its_square() {
    let rules = rules_with(
        "let m = last_move(); if m.captured != \"\" { note(`${m.side} ${m.piece} ${m.from}-${m.to} took ${m.captured} on ${m.captured_square}`); }",
    );
    let game = play(&rules, &["e4", "d5", "exd5"]).unwrap();
    assert_eq!(game.plies()[2].notes, vec!["white pawn e4-d5 took pawn on d5".to_string()]);
    assert!(game.plies()[0].notes.is_empty());
}

#[test]
fn last_move_gives_the_en_passant_victims_square() {
    let rules = rules_with("let m = last_move(); if m.captured != \"\" { note(m.captured_square); }");
    let game = play(&rules, &["e4", "a6", "e5", "d5", "exd6"]).unwrap();
    assert_eq!(game.plies()[4].notes, vec!["d5".to_string()]);
}

#[test]
fn place_piece_and_move_piece_change_the_board() {
    let rules = rules_with("if ply() == 1 { place_piece(\"white\", \"queen\", \"e5\"); move_piece(\"b8\", \"c6\"); }");
    let game = play(&rules, &["e4"]).unwrap();
    assert_eq!(piece(&game, "e5").as_deref(), Some("white queen"));
    assert_eq!(piece(&game, "c6").as_deref(), Some("black knight"));
    assert_eq!(piece(&game, "b8"), None);
    let pos = game.position();
    assert_eq!(pos.hash(), pos.computed_hash());
}

#[test]
fn move_piece_may_not_take_a_royal_or_own_piece() {
    for (body, why) in [
        ("move_piece(\"d1\", \"e8\");", "cannot be captured"),
        ("move_piece(\"d1\", \"e1\");", "cannot be captured"),
        ("place_piece(\"white\", \"queen\", \"e1\");", "already holds a piece"),
        ("move_piece(\"e3\", \"e5\");", "holds no piece"),
    ] {
        let rules = rules_with(body);
        let err = play(&rules, &["e4"]).unwrap_err().to_string();
        assert!(err.contains(why), "{body}: {err}");
    }
}

#[test]
fn effects_are_refused_while_listing_special_moves() {
    let script = "variant \"S\"\n  id s\n\nextends chess\n\nspecial moves: call list()\n  rhai ```\nfn list() { remove_piece(\"a2\"); [] }\n```\n";
    let loaded = holechess_lang::load_str("s.hole", script).unwrap();
    let rules = PlayableVariant::from_loaded(loaded).unwrap();
    let err = rules.trial_run().unwrap_err().to_string();
    assert!(err.contains("not available in a `special moves` hook"), "{err}");
}

#[test]
fn the_checkers_api_table_matches_the_engine() {
    let engine = holechess_runtime::engine::sandboxed_engine();
    let numeric = |name: &str, index: usize, arity: usize| {
        matches!((name, index, arity), ("roll", 0, _) | ("square", _, _) | ("place_token", 2, 3) | ("set_timer", 1, _))
    };
    for &(name, arities) in holechess_lang::HOOK_API {
        for &arity in arities {
            let args: Vec<&str> = (0..arity).map(|i| if numeric(name, i, arity) { "2" } else { "\"e4\"" }).collect();
            let script = format!("{name}({})", args.join(", "));
            if let Err(e) = engine.eval::<rhai::Dynamic>(&script) {
                assert!(!e.to_string().contains("Function not found"), "{script}: {e}");
            }
        }
    }
    let unknown = engine.eval::<rhai::Dynamic>("no_such_api(1)").unwrap_err().to_string();
    assert!(unknown.contains("Function not found"), "{unknown}");
}

#[test]
fn the_trial_run_reports_a_runtime_error_with_its_file_and_line() {
    let script = "variant \"S\"\n  id s\n\nextends chess\n\ntoken pit\n  impassable\n\nspecial moves: call list()\n  rhai ```\nfn list() {\n    let m = special_move(\"dig@e9\");\n    m.place_token(\"pit\", \"e9\");\n    [m]\n}\n```\n";
    let loaded = holechess_lang::load_str("s.hole", script).unwrap_or_else(|d| panic!("{}", d.render()));
    let rules = PlayableVariant::from_loaded(loaded).unwrap();
    let err = rules.trial_run().unwrap_err().to_string();
    assert!(err.contains("s.hole:13") && err.contains("'e9' is not a square"), "{err}");
}

#[test]
fn a_two_board_variant_refuses_a_special_moves_hook() {
    let script =
        "variant \"P\"\n  id p\n\nextends portal\n\nspecial moves: call none()\n  rhai ```\nfn none() { [] }\n```\n";
    let loaded = holechess_lang::load_str("p.hole", script).unwrap_or_else(|d| panic!("{}", d.render()));
    let err = PlayableVariant::from_loaded(loaded).unwrap_err().to_string();
    assert!(err.contains("two-board"), "{err}");
}

/// A stack stops at 255 tokens with a hook error naming the script's
/// line, never by silently dropping the tokens past it.
#[test]
fn a_hook_placing_more_than_255_tokens_on_a_square_is_an_error_with_its_line() {
    let rules = rules_with("for i in 0..300 { place_token(\"crater\", \"e5\"); }");
    let err = play(&rules, &["e4"]).unwrap_err().to_string();
    assert!(err.contains("255") && err.contains("e5") && err.contains("test.hole:14"), "{err}");
    // Up to the limit the stack is whole.
    let rules = rules_with("for i in 0..255 { place_token(\"crater\", \"e5\"); }");
    let game = play(&rules, &["e4"]).unwrap();
    let at = game.position().geometry().parse_square("e5", 0).unwrap();
    assert_eq!(game.position().tokens_at(at).map(|t| t.count), Some(255));
}

/// Moving a token onto a full stack is refused the same way.
#[test]
fn moving_a_token_onto_a_full_stack_is_an_error_with_its_line() {
    let rules = rules_with(
        "for i in 0..255 { place_token(\"crater\", \"e5\"); }\nplace_token(\"crater\", \"d5\");\nmove_token(\"d5\", \"e5\");",
    );
    let err = play(&rules, &["e4"]).unwrap_err().to_string();
    assert!(err.contains("255") && err.contains("e5") && err.contains("test.hole:16"), "{err}");
}

/// Replaying a record in place (`Game::advance_recorded`) gives the position the ply-keeping
/// path gives, keeps no ply record, and on a dice error leaves the position before the ply.
#[test]
fn advance_recorded_matches_play_recorded_and_keeps_no_plies() {
    let rules = PlayableVariant::load("pothole").unwrap();
    let texts = ["e4", "e5", "Nf3", "Nc6", "Bb5"];
    let dice: [&[u32]; 5] = [&[6, 4, 4], &[1], &[1], &[1], &[2, 1, 1]];
    let mut kept = Game::new(Arc::clone(&rules), rules.start_position(), Dice::seeded(0));
    let mut replayed = Game::new(Arc::clone(&rules), rules.start_position(), Dice::seeded(0));
    for (text, outcomes) in texts.iter().zip(dice) {
        let mv = holechess_kernel::notation::parse_move(kept.position(), text).unwrap();
        kept.play_recorded(mv, outcomes).unwrap();
        replayed.advance_recorded(mv, outcomes).unwrap();
    }
    assert_eq!(replayed.position().fen(), kept.position().fen());
    assert!(replayed.plies().is_empty());
    let before = replayed.position().fen();
    let mv = holechess_kernel::notation::parse_move(replayed.position(), "a6").unwrap();
    let err = replayed.advance_recorded(mv, &[]).unwrap_err();
    assert!(err.to_string().contains("missing"), "{err}");
    assert_eq!(replayed.position().fen(), before);
}
