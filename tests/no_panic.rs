//! Bad input never panics: mangled positions, move texts and REPL-style lines against every
//! bundled variant give errors, not crashes.

use holechess_kernel::notation::{parse_lan, parse_move, parse_san};
use holechess_kernel::zobrist::splitmix64;
use holechess_kernel::Position;
use holechess_runtime::PlayableVariant;

const VARIANTS: [&str; 7] = ["chess", "porthole", "standard-portal", "pothole", "wormhole", "portal", "portal-one-set"];

/// Deterministic mangling: drop, duplicate, swap or replace characters.
fn mangle(text: &str, seed: u64) -> String {
    let mut chars: Vec<char> = text.chars().collect();
    let alphabet: Vec<char> = "rnbqkpRNBQKP12345678/|-w b:=,*()@>x0#+ e4a9zZ~;".chars().collect();
    let mut state = seed;
    for _ in 0..1 + seed % 4 {
        state = splitmix64(state);
        if chars.is_empty() {
            break;
        }
        let at = (state % chars.len() as u64) as usize;
        let pick = alphabet[(state >> 32) as usize % alphabet.len()];
        match (state >> 16) % 4 {
            0 => {
                chars.remove(at);
            }
            1 => chars.insert(at, pick),
            2 => chars[at] = pick,
            _ => chars.truncate(at),
        }
    }
    chars.into_iter().collect()
}

#[test]
fn mangled_positions_are_errors_or_positions_never_panics() {
    for id in VARIANTS {
        let rules = PlayableVariant::load(id).unwrap();
        let start = rules.start_position().fen();
        for seed in 0..400u64 {
            let text = mangle(&start, seed ^ 0xFEED);
            if let Ok(pos) = Position::from_fen(rules.variant(), &text) {
                let _ = pos.legal_moves();
                let _ = pos.status();
                let again = Position::from_fen(rules.variant(), &pos.fen());
                assert!(again.is_ok(), "{id}: {} does not read back", pos.fen());
            }
        }
    }
}

#[test]
fn mangled_move_texts_are_errors_never_panics() {
    let texts = ["e4", "Nf3", "exd5", "e8=Q", "O-O-O", "e1d2>f5", "Kd2>f5", "@a4", "@", "--", "g1f3", "e7e8q"];
    for id in VARIANTS {
        let pos = PlayableVariant::load(id).unwrap().start_position();
        for (i, text) in texts.iter().enumerate() {
            for seed in 0..60u64 {
                let t = mangle(text, seed * 31 + i as u64);
                let _ = parse_move(&pos, &t);
                let _ = parse_san(&pos, &t);
                let _ = parse_lan(&pos, &t);
                let _ = holechess_kernel::notation::explain_move(&pos, &t);
            }
        }
    }
}
