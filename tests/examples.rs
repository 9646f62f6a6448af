//! The authored example variants in `examples/`, loaded by path: Pot-Hole Chess Plus (docs/rules.md
//! PT6) and Black Hole Chess.

mod common;

use std::collections::BTreeMap;
use std::path::PathBuf;
use std::sync::Arc;

use common::*;
use holechess_kernel::perft::perft;
use holechess_kernel::Position;
use holechess_runtime::{Dice, Game, PlayableVariant};

fn example(file: &str) -> Arc<PlayableVariant> {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("examples").join(file);
    PlayableVariant::load(path.to_str().unwrap()).unwrap_or_else(|e| panic!("{file} loads: {e}"))
}

fn start_game(rules: &Arc<PlayableVariant>, fen: Option<&str>) -> Game {
    let start = match fen {
        Some(fen) => Position::from_fen(rules.variant(), fen).unwrap(),
        None => rules.start_position(),
    };
    Game::new(Arc::clone(rules), start, Dice::seeded(0))
}

/// Open holes as square -> plies left.
fn holes(pos: &Position) -> BTreeMap<String, u16> {
    pos.token_squares().map(|sq| (pos.geometry().name(sq), pos.tokens_at(sq).unwrap().timer)).collect()
}

#[test]
fn pt6_pothole_plus_loads_by_path_and_checks_clean() {
    let rules = example("pothole-plus.hole");
    assert_eq!(rules.id(), "pothole-plus");
    assert!(rules.has_events());
    let mut pos = rules.start_position();
    assert_eq!(perft(&mut pos, 3), 8902, "K6: no events in perft");
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("examples/pothole-plus.hole");
    assert!(holechess_lang::check_files(&[path]).is_empty());
}

#[test]
fn pt6_several_holes_each_lasting_its_own_d6_turns_with_a_reroll_on_a_taken_square() {
    let rules = example("pothole-plus.hole");
    let mut g = start_game(&rules, None);
    // Ply 1: even, e5, lasts 3 turns (6 plies): messages count plies only.
    let ply = play_dice(&mut g, "e4", &[2, 5, 5, 3]);
    assert!(ply.notes.iter().any(|n| n.contains("lasts 6 plies")), "{:?}", ply.notes);
    assert_eq!(holes(g.position()), BTreeMap::from([("e5".into(), 6)]));
    // Ply 2: even, e5 again (taken: rolled again), d4, lasts 1 turn. Two holes at once.
    let ply = play_dice(&mut g, "d6", &[4, 5, 5, 4, 4, 1]);
    assert_eq!(faces(ply), vec![4, 5, 5, 4, 4, 1], "the re-rolled pair is recorded");
    assert!(ply.notes.iter().any(|n| n.contains("already holds")), "{:?}", ply.notes);
    assert_eq!(holes(g.position()), BTreeMap::from([("d4".into(), 2), ("e5".into(), 5)]));
    // A record without the re-rolled pair is invalid.
    let mut short = start_game(&rules, None);
    play_dice(&mut short, "e4", &[2, 5, 5, 3]);
    let d6 = holechess_kernel::notation::parse_move(short.position(), "d6").unwrap();
    assert!(short.play_recorded(d6, &[4, 5, 5, 1]).is_err());
    // d4 closes after ply 4, e5 after ply 7.
    for (mv, open) in [
        ("Nf3", vec![("d4", 1), ("e5", 4)]),
        ("Nf6", vec![("e5", 3)]),
        ("Nc3", vec![("e5", 2)]),
        ("Nc6", vec![("e5", 1)]),
        ("Be2", vec![]),
    ] {
        play_dice(&mut g, mv, &[1]);
        let want: BTreeMap<String, u16> = open.into_iter().map(|(s, t)| (s.to_string(), t)).collect();
        assert_eq!(holes(g.position()), want, "after {mv}");
    }
}

#[test]
fn pt6_seeded_games_open_several_holes_each_closing_after_twice_its_d6() {
    let rules = example("pothole-plus.hole");
    let mut most_at_once = 0;
    for seed in 0..6u64 {
        let mut g = Game::seeded(Arc::clone(&rules), seed);
        // square -> (ply it opened, lifetime in plies)
        let mut opened: Vec<(String, usize, u16)> = Vec::new();
        for ply in 1..=60usize {
            if g.status().is_over() {
                break;
            }
            let legal = g.position().legal_moves();
            let mv = legal.as_slice()[(seed as usize * 7 + ply * 13) % legal.len()];
            let before = holes(g.position());
            let record = g.play(mv).unwrap().clone();
            let after = holes(g.position());
            let rolls = faces(&record);
            // PT1/PT6: a d6; on an even face, pairs of d8 until a free square, then a d6.
            if rolls[0] % 2 == 1 {
                assert_eq!(rolls.len(), 1);
            } else {
                assert_eq!(rolls.len() % 2, 0, "{rolls:?}");
                let turns = *rolls.last().unwrap() as u16;
                let (file, rank) = (rolls[rolls.len() - 3], rolls[rolls.len() - 2]);
                let square = format!("{}{}", (b'a' + file as u8 - 1) as char, rank);
                assert_eq!(after.get(&square), Some(&(2 * turns)), "seed {seed} ply {ply}: {rolls:?}");
                assert!(!before.contains_key(&square) || before[&square] == 1, "a taken square is re-rolled");
                opened.push((square, ply, 2 * turns));
            }
            for (square, at, life) in &opened {
                let age = ply - at;
                if age > 0 && age < *life as usize {
                    assert_eq!(after.get(square), Some(&(life - age as u16)), "seed {seed}: {square} at ply {ply}");
                }
            }
            most_at_once = most_at_once.max(after.len());
            for square in after.keys() {
                assert_eq!(piece_letter(g.position(), square), None, "nothing stands in a hole");
            }
        }
    }
    assert!(most_at_once >= 3, "several holes at once (at most {most_at_once})");
}

#[test]
fn black_hole_swallows_a_piece_that_ends_its_move_on_it() {
    let rules = example("black-hole.hole");
    assert_eq!(rules.id(), "black-hole");
    let mut g = start_game(&rules, None);
    assert_eq!(holes(g.position()).keys().cloned().collect::<Vec<_>>(), vec!["d5", "e4"]);
    let ply = g.play_text("e4").unwrap().clone();
    assert!(ply.rolls.is_empty(), "no dice");
    assert!(ply.notes.iter().any(|n| n.contains("white pawn on e4 is swallowed")), "{:?}", ply.notes);
    let pos = g.position();
    assert_eq!(piece_letter(pos, "e4"), None);
    assert!(tokens(pos, "e4").is_some(), "the black hole stays");
    // Lines pass over a black hole: the queen on e2 takes on e5 across e4.
    for mv in ["e5", "Qe2", "Nc6"] {
        g.play_text(mv).unwrap();
    }
    assert!(has(g.position(), "e2e5"), "{:?}", moves_from(g.position(), "e2"));
}

#[test]
fn black_hole_a_capture_on_it_loses_both_pieces_and_kings_cross_unharmed() {
    let rules = example("black-hole.hole");
    let mut g = start_game(&rules, Some("4k3/8/8/3n4/8/8/8/3RK3 w - - 0 1 blackhole=d5,e2"));
    assert!(has(g.position(), "d1d5"), "a piece may capture on a black hole");
    g.play_text("Rxd5").unwrap();
    let pos = g.position();
    assert_eq!(piece_letter(pos, "d5"), None);
    assert_eq!(pos.pieces_of(holechess_kernel::Side::White).count(), 1, "only the king is left");
    g.play_text("Kf8").unwrap();
    g.play_text("Ke2").unwrap();
    assert_eq!(piece_letter(g.position(), "e2"), Some('K'), "a king is not swallowed");
}

#[test]
fn pt6_hook_timers_run_down_without_a_declared_lifetime() {
    let text = std::fs::read_to_string(PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("examples/pothole-plus.hole"))
        .unwrap()
        .replace("  lasts 2 plies", "  # no declared lifetime:");
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("examples/undeclared-lifetime.hole");
    let loaded = holechess_lang::load_str(&path, &text).unwrap_or_else(|d| panic!("{}", d.render()));
    let rules = Arc::new(PlayableVariant::from_loaded(loaded).unwrap());
    let mut g = start_game(&rules, None);
    play_dice(&mut g, "e4", &[2, 5, 5, 1]);
    assert_eq!(holes(g.position()), BTreeMap::from([("e5".into(), 2)]));
    play_dice(&mut g, "d6", &[1]);
    assert_eq!(holes(g.position()), BTreeMap::from([("e5".into(), 1)]), "one ply later");
    play_dice(&mut g, "Nf3", &[1]);
    assert!(holes(g.position()).is_empty(), "closed after two plies");
}
