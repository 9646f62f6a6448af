//! Replaying records on the bit boards (the kernel's `BitReplay`) against the general
//! resolution and make: over seeded random games of every variant whose records it replays,
//! each move text it decides is the one the general path resolves, the position it brings up
//! to date is the one the general make reaches (pieces, castling, en passant, clocks, hash),
//! and the status it gives is the position's; in orthodox chess it decides every SAN move.

use std::path::Path;

use holechess_kernel::notation::{lan, resolve, san, Notation, Resolved};
use holechess_kernel::{BitReplay, Move, Position};
use holechess_runtime::PlayableVariant;

/// The texts a record may write for `mv`, right or wrong: its SAN and long algebraic forms,
/// with and without the capture mark, and castling both ways.
fn move_texts(pos: &Position, mv: Move) -> Vec<String> {
    let mut texts = vec![san(pos, mv), lan(pos, mv), "O-O".to_owned(), "O-O-O".to_owned()];
    let plain = san(pos, mv).replace(['+', '#'], "");
    texts.push(plain.replace('x', ""));
    if !plain.contains('x') && plain.len() >= 3 {
        let (head, target) = plain.split_at(plain.len() - 2);
        texts.push(format!("{head}x{target}"));
    }
    for promotion in ["=Q", "=N", "=K", "=P"] {
        if let Some((head, _)) = plain.split_once('=') {
            texts.push(format!("{head}{promotion}"));
        }
    }
    texts
}

/// Every piece letter of the variant onto every square (most of them illegal or ambiguous).
fn letter_texts(pos: &Position) -> Vec<String> {
    let g = pos.geometry();
    let mut texts = Vec::new();
    for spec in pos.variant().pieces() {
        for sq in g.squares() {
            let square = format!("{}{}", char::from(b'a' + g.file_of(sq)), g.rank_of(sq) + 1);
            texts.push(format!("{}{square}", spec.letter));
            texts.push(square);
        }
    }
    texts
}

/// Seeded random games of `rules`: every text checked against the general resolution, the
/// position and status compared after every ply. Returns (texts checked, texts decided on
/// the bit boards, SAN texts of legal moves, those decided).
fn compare(rules: &PlayableVariant, games: u64, plies: usize) -> (usize, usize, usize, usize) {
    let name = rules.id();
    let mut state = 0x9E37_79B9_7F4A_7C15u64;
    let (mut checked, mut decided, mut sans, mut sans_decided) = (0, 0, 0, 0);
    for game in 0..games {
        let mut pos = rules.start_position();
        let mut replay = BitReplay::new(rules.variant(), pos.clone());
        for ply in 0..plies {
            let legal = pos.legal_moves();
            assert_eq!(replay.status(), pos.status(), "{name}: status in {}", pos.fen());
            if legal.is_empty() {
                break;
            }
            let mut texts: Vec<String> = legal.iter().flat_map(|&mv| move_texts(&pos, mv)).collect();
            if ply % 16 == 3 {
                texts.extend(letter_texts(&pos));
            }
            for text in &texts {
                let Ok(notation) = Notation::parse(text) else { continue };
                checked += 1;
                if let Some(found) = replay.resolve(&notation) {
                    decided += 1;
                    let general = resolve(&pos, &legal, &notation);
                    assert!(
                        matches!(general, Resolved::One(one) if one == found.to_move()),
                        "{name}: {text} in {}: bit boards {:?}, general {general:?}",
                        pos.fen(),
                        found.to_move()
                    );
                }
            }
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            let mv = legal.as_slice()[(state % legal.len() as u64) as usize];
            let text = san(&pos, mv);
            sans += 1;
            match replay.resolve(&Notation::parse(&text).unwrap()) {
                Some(found) => {
                    sans_decided += 1;
                    replay.play(found);
                }
                None => replay.position_mut().play_unchecked(mv),
            }
            pos.play_unchecked(mv);
            // Every few plies only: bringing the position up to date is what is compared.
            if (ply as u64 + game) % 3 == 0 {
                let brought = replay.position();
                assert_eq!(brought.fen(), pos.fen(), "{name}: after {text}");
                assert!(*brought == pos, "{name}: after {text} in {}", pos.fen());
                assert_eq!(brought.hash(), pos.computed_hash(), "{name}: hash after {text}");
            }
        }
        assert!(*replay.position() == pos, "{name}: at the end of game {game}");
    }
    (checked, decided, sans, sans_decided)
}

fn catalogue() -> Vec<String> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
    let mut paths = Vec::new();
    for folder in ["variants", "examples", "examples/catalogue"] {
        let Ok(entries) = std::fs::read_dir(root.join(folder)) else { continue };
        for entry in entries.flatten() {
            let path = entry.path();
            if path.extension().is_some_and(|ext| ext == "hole") {
                paths.push(path.to_string_lossy().into_owned());
            }
        }
    }
    paths.sort();
    paths
}

#[test]
fn bit_board_replay_matches_the_general_path_in_orthodox_chess() {
    let rules = PlayableVariant::load("chess").unwrap();
    let (checked, decided, sans, sans_decided) = compare(&rules, 12, 160);
    assert!(checked > 50_000 && decided > 10_000, "{checked} checked, {decided} decided");
    assert_eq!(sans_decided, sans, "every SAN move of chess is decided on the bit boards");
}

#[test]
fn bit_board_replay_matches_the_general_path_in_every_variant_it_replays() {
    let mut replayed = Vec::new();
    for path in catalogue() {
        let Ok(rules) = PlayableVariant::load(&path) else { continue };
        if !BitReplay::new(rules.variant(), rules.start_position()).on_bit_boards() {
            continue;
        }
        let (_, decided, _, _) = compare(&rules, 2, 80);
        assert!(decided > 0, "{path}: nothing decided on the bit boards");
        replayed.push(rules.id().to_owned());
    }
    assert!(replayed.len() >= 6, "only {replayed:?} replayed on the bit boards");
}
