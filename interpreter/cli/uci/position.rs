//! `position startpos|fen FEN [dice F,F,...] [moves M ...]`: the position the engine is to
//! think about. The FEN is the variant's own (token field included); `dice` after
//! `startpos` gives the outcomes of the variant's game-start hooks; each move may carry
//! the dice its events rolled (`e2e4:6,5`). A bad move stops there with an error naming
//! it and its ply; the moves before it stay played.

use crate::protocol::EngineBoard;

/// Sets `board` from the words after `position`.
pub fn set(board: &mut EngineBoard, words: &[&str]) -> Result<(), String> {
    let moves_at = words.iter().position(|&w| w == "moves").unwrap_or(words.len());
    let (setup, moves) = (&words[..moves_at], words.get(moves_at + 1..).unwrap_or(&[]));
    match setup {
        ["startpos"] => board.set_start(&[])?,
        ["startpos", "dice", faces] => board.set_start(&start_faces(faces)?)?,
        ["fen", fen @ ..] if !fen.is_empty() => board.set_fen(&fen.join(" "))?,
        _ => return Err("position takes `startpos` or `fen FEN`, then `moves ...`".to_string()),
    }
    for (ply, token) in moves.iter().enumerate() {
        board.play(token, false).map_err(|e| format!("move {} ({token}): {e}", ply + 1))?;
    }
    Ok(())
}

fn start_faces(text: &str) -> Result<Vec<u32>, String> {
    text.split(',')
        .map(|face| face.parse::<u32>().ok().filter(|&f| f > 0))
        .collect::<Option<Vec<u32>>>()
        .ok_or_else(|| format!("`dice {text}`: the start dice must be faces 1 or more separated by commas"))
}
