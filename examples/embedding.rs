//! Embedding holechess in another program: load a variant (bundled or a script), play moves
//! through the checked API, write them in SAN, and validate a game record with its dice.
//! `cargo run --example embedding`; `tests/embedding.rs` runs it in every test run.

use holechess_kernel::notation::{parse_move, san};
use holechess_kernel::Position;
use holechess_record::{replay_record, PgnReader};
use holechess_runtime::PlayableVariant;

/// A Pot-Hole Chess record: every ply carries the dice thrown after it (K4).
const RECORD: &str = "[Variant \"pothole\"]\n[Result \"*\"]\n\n1. e4 {[%dice 6 5 5]} d6 {[%dice 5]} *\n";

/// Plays three plies of Porthole Chess and returns them in SAN.
pub fn play_porthole() -> Result<Vec<String>, String> {
    let loaded = holechess_lang::load("porthole").map_err(|diagnostics| diagnostics.render())?;
    let mut pos = Position::start(&loaded.variant);
    let mut written = Vec::new();
    for text in ["e4", "e5", "Nf3>c6"] {
        let mv = parse_move(&pos, text).map_err(|e| e.to_string())?;
        written.push(san(&pos, mv));
        pos.play(mv).map_err(|e| e.to_string())?;
    }
    Ok(written)
}

/// Replays [`RECORD`] and returns how many plies it has, or why it is invalid.
pub fn validate_record() -> Result<u32, String> {
    let rules = PlayableVariant::load("pothole")?;
    let mut plies = 0;
    for game in PgnReader::from_bytes(RECORD.as_bytes()).games() {
        let record = game.map_err(|e| e.to_string())?;
        let replay = replay_record(&record, &rules);
        if let Some(failure) = replay.failure {
            return Err(format!("ply {}: {:?}", failure.ply, failure.reason));
        }
        plies += replay.plies;
    }
    Ok(plies)
}

fn main() {
    match play_porthole().and_then(|moves| Ok((moves, validate_record()?))) {
        Ok((moves, plies)) => println!("porthole: {}; the pothole record is valid, {plies} plies", moves.join(" ")),
        Err(message) => {
            eprintln!("error: {message}");
            std::process::exit(1);
        }
    }
}
