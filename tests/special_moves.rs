//! Special moves from a `special moves` hook, end to end, with Dig Chess
//! (`examples/dig.hole`): generation, legality (K1), make/unmake, perft cross-checked by a
//! reference written here, SAN/LAN reading and writing, games and records.

mod common;

use std::path::PathBuf;
use std::sync::Arc;

use common::*;
use holechess_kernel::notation::{lan, parse_move, san};
use holechess_kernel::perft::perft;
use holechess_kernel::testing::RawEdits;
use holechess_kernel::{Move, Position, Side};
use holechess_record::{record_of, replay_record, write_game, PgnReader};
use holechess_runtime::{Dice, Game, PlayableVariant};

fn example_path(file: &str) -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("examples").join(file)
}

fn dig() -> Arc<PlayableVariant> {
    PlayableVariant::load(example_path("dig.hole").to_str().unwrap()).unwrap_or_else(|e| panic!("dig.hole loads: {e}"))
}

/// Dig Chess without its hook: the same pieces and pit token, no special moves.
fn dig_without_hook() -> Arc<PlayableVariant> {
    let text = std::fs::read_to_string(example_path("dig.hole")).unwrap();
    let cut = text.find("special moves:").expect("the hook is declared");
    let loaded = holechess_lang::load_str(example_path("plain-dig.hole"), &text[..cut])
        .unwrap_or_else(|d| panic!("{}", d.render()));
    Arc::new(PlayableVariant::from_loaded(loaded).unwrap())
}

fn at(rules: &PlayableVariant, fen: &str) -> Position {
    Position::from_fen(rules.variant(), fen).unwrap_or_else(|e| panic!("{fen}: {e}"))
}

/// The reference: ordinary moves from the hookless variant, plus the digs found here by
/// looking at the squares around the king and testing each dig's legality by hand.
fn reference_perft(plain: &PlayableVariant, fen: &str, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    let pos = at(plain, fen);
    let mut children: Vec<String> = Vec::new();
    for &mv in pos.legal_moves().iter() {
        let mut next = pos.clone();
        next.play_unchecked(mv);
        children.push(next.fen());
    }
    children.extend(reference_digs(&pos));
    if depth == 1 {
        return children.len() as u64;
    }
    children.iter().map(|child| reference_perft(plain, child, depth - 1)).sum()
}

/// The positions after each legal dig: a pit on an empty, token-free square around the
/// king, the king not attacked afterwards (K1).
fn reference_digs(pos: &Position) -> Vec<String> {
    let us = pos.side_to_move();
    let Some(king) = pos.royals(us).next() else { return Vec::new() };
    let g = pos.geometry();
    let pit = pos.variant().token_by_name("pit").unwrap();
    let mut out = Vec::new();
    for dx in -1..=1 {
        for dy in -1..=1 {
            let Some(sq) = g.offset(king, dx, dy).filter(|_| (dx, dy) != (0, 0)) else { continue };
            if pos.piece_at(sq).is_some() || pos.tokens_at(sq).is_some() {
                continue;
            }
            let mut next = pos.clone();
            next.add_token(sq, pit);
            if next.royal_attacked(us) {
                continue;
            }
            // The rest of the ply as make does it: clocks and the side to move.
            let fen = next.fen();
            let mut fields: Vec<String> = fen.split(' ').map(String::from).collect();
            fields[1] = us.opponent().name()[..1].to_string();
            fields[3] = "-".into();
            fields[4] = (fields[4].parse::<u32>().unwrap() + 1).to_string();
            if us == Side::Black {
                fields[5] = (fields[5].parse::<u32>().unwrap() + 1).to_string();
            }
            out.push(fields.join(" "));
        }
    }
    out
}

const POSITIONS: &[(&str, [u64; 3])] = &[
    ("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", [20, 400, 9022]),
    // Lone kings with a rook: digs next to both kings, and a dig that blocks the rook's check.
    ("4k3/8/8/8/8/8/8/R3K3 b - - 0 1", [10, 200, 2040]),
    ("4k3/8/8/8/8/8/3r4/4K3 w - - 0 1", [6, 122, 799]),
    // In check from a rook: the only dig is the one that blocks (K1).
    ("7k/8/8/8/8/8/8/r3K3 w - - 0 1", [4, 75, 888]),
];

#[test]
fn dig_perft_is_pinned_and_matches_a_reference_written_here() {
    let (rules, plain) = (dig(), dig_without_hook());
    for (fen, counts) in POSITIONS {
        for depth in 1..=3u32 {
            let mut pos = at(&rules, fen);
            let got = perft(&mut pos, depth);
            assert_eq!(got, reference_perft(&plain, fen, depth), "{fen} depth {depth}: kernel vs reference");
            assert_eq!(got, counts[depth as usize - 1], "{fen} depth {depth}: pinned");
            assert!(rules.hooks.take_special_error().is_none());
        }
    }
}

#[test]
fn k1_a_dig_may_block_a_check_and_may_not_leave_the_king_attacked() {
    let rules = dig();
    // The rook on a1 checks along the first rank: digging d1 blocks; f1/f2 are not on the line.
    let pos = at(&rules, "7k/8/8/8/8/8/8/r3K3 w - - 0 1");
    assert_eq!(moves(&pos), ["dig@d1", "e1d2", "e1e2", "e1f2"]);
}

#[test]
fn a_dig_is_made_and_unmade_exactly() {
    let rules = dig();
    let mut pos = at(&rules, "4k3/8/8/8/8/8/8/4K3 w - - 7 30");
    let before = (pos.fen(), pos.hash());
    let mv = parse_move(&pos, "dig@e2").unwrap();
    assert!(matches!(mv, Move::Special { .. }));
    let undo = pos.make(mv);
    assert!(tokens(&pos, "e2").is_some());
    assert_eq!(pos.hash(), pos.computed_hash());
    assert_eq!(pos.side_to_move(), Side::Black);
    assert_eq!(pos.halfmove_clock(), 8, "a dig moves and takes no piece: the clock runs on");
    pos.unmake(undo);
    assert_eq!((pos.fen(), pos.hash()), before);
}

#[test]
fn a_pit_blocks_lines_and_landing() {
    let rules = dig();
    let mut pos = at(&rules, "4k3/8/8/8/8/8/8/R3K3 w - - 0 1");
    play(&mut pos, "dig@d1");
    play(&mut pos, "Kd8");
    let texts = moves(&pos);
    assert!(texts.iter().all(|t| !t.starts_with("a1e1") && !t.ends_with("d1")), "{texts:?}");
    assert!(!texts.contains(&"a1d1".to_string()) && texts.contains(&"a1c1".to_string()));
}

#[test]
fn special_moves_are_written_and_read_the_same_in_san_and_lan() {
    let rules = dig();
    let pos = at(&rules, "4k3/8/8/8/8/8/8/R3K3 w - - 0 1");
    let mv = parse_move(&pos, "dig@d2").unwrap();
    assert_eq!(lan(&pos, mv), "dig@d2");
    assert_eq!(san(&pos, mv), "dig@d2");
    assert_eq!(parse_move(&pos, "dig@d2+"), Ok(mv), "a check mark is ignored");
    let err = parse_move(&pos, "dig@h8").unwrap_err().to_string();
    assert!(err.contains("not a legal move"), "{err}");
    let explained = holechess_kernel::notation::explain_move(&pos, "dig@h8").unwrap();
    assert!(explained.contains("dig@d1") && explained.contains("dig@h8"), "{explained}");
}

#[test]
fn a_variant_without_a_special_moves_hook_has_no_special_moves() {
    let chess = rules("chess");
    assert!(chess.variant().special_table().is_none());
    assert!(!chess.hooks.has_special_moves());
    let pos = chess.start_position();
    assert!(holechess_kernel::notation::parse_move(&pos, "dig@e2").is_err());
}

/// The only game of a record text.
fn read_one(text: &str) -> holechess_record::GameRecord {
    let mut items = PgnReader::from_bytes(text.as_bytes());
    let Some(Ok(record)) = items.next() else { panic!("no game in\n{text}") };
    record
}

#[test]
fn a_dig_game_round_trips_through_a_record() {
    let rules = dig();
    let mut game = Game::new(Arc::clone(&rules), rules.start_position(), Dice::seeded(0));
    for text in ["e4", "e5", "dig@e2", "Ke7", "Nf3", "dig@e6"] {
        game.play_text(text).unwrap_or_else(|e| panic!("{text}: {e}"));
    }
    let sans: Vec<&str> = game.plies().iter().map(|p| p.san.as_str()).collect();
    assert_eq!(sans, ["e4", "e5", "dig@e2", "Ke7", "Nf3", "dig@e6"]);
    let text = write_game(&record_of(&game, "white", "black"));
    assert!(text.contains("2. dig@e2 Ke7 3. Nf3 dig@e6"), "{text}");
    let record = read_one(&text);
    assert_eq!(write_game(&record.game), text, "rewriting is stable");
    let replay = replay_record(&record, &rules);
    assert!(replay.is_valid(), "{:?}", replay.failure);
    assert_eq!(replay.plies, 6);
}

#[test]
fn a_record_with_a_special_move_the_hook_does_not_generate_is_invalid_at_that_ply() {
    let rules = dig();
    let record = read_one("[Variant \"dig\"]\n\n1. e4 e5 2. dig@e3 Ke7 *\n");
    let failure = replay_record(&record, &rules).failure.expect("dig@e3 is not a move here");
    assert_eq!(failure.ply, 3);
    let reason = failure.reason.to_string();
    assert!(reason.contains("dig@e3 is not one of the special moves here: dig@e2"), "{reason}");
}

/// A variant whose special-moves hook fails once a pawn stands on e4 (an effect on a square
/// that is not empty).
const FAULTY: &str = "variant \"Faulty\"\n  id faulty\n\nextends chess\n\nspecial moves: call faulty()\n  rhai ```\nfn faulty() {\n    if !has_piece(\"e4\") { return []; }\n    let m = special_move(\"dig@e4\");\n    m.place_piece(\"white\", \"queen\", \"e4\");\n    [m]\n}\n```\n";

/// [`FAULTY`] written to a file of its own folder (for the binary), named after `tag`.
fn faulty_script_file(tag: &str) -> (PathBuf, PathBuf) {
    let dir = std::env::temp_dir().join(format!("holechess-faulty-{tag}-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("faulty.hole");
    std::fs::write(&path, FAULTY).unwrap();
    (dir, path)
}

#[test]
fn a_special_moves_hook_failing_mid_game_is_reported_by_play_and_validate() {
    // The hook fails once a pawn stands on e4 (an effect on a square that is not empty).
    let loaded = holechess_lang::load_str("faulty.hole", FAULTY).unwrap_or_else(|d| panic!("{}", d.render()));
    let rules = Arc::new(PlayableVariant::from_loaded(loaded).unwrap());
    let mut game = Game::new(Arc::clone(&rules), rules.start_position(), Dice::seeded(0));
    game.play_text("e4").unwrap();
    let err = game.play_text("e5").unwrap_err().to_string();
    assert!(err.contains("faulty") && err.contains("already holds a piece"), "{err}");
    let record = read_one("[Variant \"faulty\"]\n\n1. e4 e5 *\n");
    let failure = replay_record(&record, &rules).failure.expect("the hook fails at ply 2");
    assert_eq!(failure.ply, 2);
    assert!(failure.reason.to_string().contains("already holds a piece"), "{}", failure.reason);
}

#[test]
fn the_computer_searches_special_moves_too() {
    let rules = dig();
    // In check from a1 with the second rank covered: digging d1 is the only legal move.
    let pos = at(&rules, "7k/8/8/8/8/8/r7/r3K3 w - - 0 1");
    assert_eq!(moves(&pos), ["dig@d1"]);
    let result = holechess_ai::Searcher::default().search(&pos, holechess_ai::Limits::depth(3));
    assert_eq!(result.best_move.map(|mv| lan(&pos, mv)).as_deref(), Some("dig@d1"));
}

#[test]
fn a_special_moves_hook_failing_inside_the_computers_search_stops_its_move() {
    // The hook fails once a pawn stands on e4: not at the start, but in positions the
    // computer's search reaches. The computer stops with the hook's error instead of
    // searching on without the hook's moves.
    let (dir, path) = faulty_script_file("search");
    let output = common::binary::holechess(&["play", path.to_str().unwrap(), "--level", "1"], "go\nhint\nfen\nquit\n");
    let out = common::binary::stdout(&output);
    let said = format!("{out}{}", common::binary::stderr(&output));
    assert!(said.contains("the special-moves hook failed in a position it searched"), "{said}");
    assert!(said.contains("already holds a piece"), "{said}");
    assert!(out.contains("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"), "no move was played: {out}");
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn a_special_moves_hook_failing_inside_a_match_ends_it_with_the_error() {
    let (dir, path) = faulty_script_file("match");
    let args = ["match", path.to_str().unwrap(), "--levels", "1,1", "--games", "1", "--time-ms", "50"];
    let output = common::binary::holechess(&args, "");
    let said = format!("{}{}", common::binary::stdout(&output), common::binary::stderr(&output));
    assert_eq!(output.status.code(), Some(2), "{said}");
    assert!(said.contains("the special-moves hook failed in a position the match searched"), "{said}");
    std::fs::remove_dir_all(&dir).ok();
}
