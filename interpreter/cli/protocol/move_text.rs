//! Moves on the wire: the kernel's long algebraic notation (`e2e4`, `e7e8q`, a transit
//! `b1c3>a4`, a teleport `@a4`, a special move's own name), a pass written `0000` as UCI
//! writes a null move, and the outcomes of the dice the move's events rolled as a suffix
//! `:F,F,...` (`e2e4:6,5,5`): one token, so it passes through any layer that splits a
//! command at spaces.

use holechess_kernel::notation::{lan, parse_move};
use holechess_kernel::{Move, Position};

/// How a pass is written on the wire (UCI's null move).
pub const PASS: &str = "0000";

/// A move as sent: the move text and the dice outcomes after it (empty: none given).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct WireMove<'a> {
    pub text: &'a str,
    pub faces: Vec<u32>,
}

/// Splits `e2e4:6,5,5` into the move and its dice; a suffix that is not a list of whole
/// numbers is an error naming the token.
pub fn split_dice(token: &str) -> Result<WireMove<'_>, String> {
    let Some((text, faces)) = token.split_once(':') else {
        return Ok(WireMove { text: token, faces: Vec::new() });
    };
    let faces = faces
        .split(',')
        .map(|face| face.trim().parse::<u32>().ok().filter(|&f| f > 0))
        .collect::<Option<Vec<u32>>>()
        .ok_or_else(|| format!("`{token}`: the dice after `:` must be faces 1 or more separated by commas"))?;
    Ok(WireMove { text, faces })
}

/// The wire text of a legal move of `pos`.
pub fn write_move(pos: &Position, mv: Move) -> String {
    match mv {
        Move::Pass => PASS.to_string(),
        _ => lan(pos, mv),
    }
}

/// The wire text of a move followed by the faces its events rolled.
pub fn write_move_with_dice(pos: &Position, mv: Move, faces: &[u32]) -> String {
    let text = write_move(pos, mv);
    match faces {
        [] => text,
        _ => format!("{text}:{}", faces.iter().map(u32::to_string).collect::<Vec<_>>().join(",")),
    }
}

/// The legal move of `pos` written `text`: exactly as [`write_move`] writes it, else as the
/// kernel's notation reader understands it (SAN too).
pub fn read_move(pos: &Position, text: &str) -> Result<Move, String> {
    let legal = pos.legal_moves();
    if let Some(&mv) = legal.iter().find(|&&mv| write_move(pos, mv) == text) {
        return Ok(mv);
    }
    if text == PASS {
        return Err("no pass is legal here".to_string());
    }
    let mv = parse_move(pos, text).map_err(|e| e.to_string())?;
    match legal.contains(&mv) {
        true => Ok(mv),
        false => Err("not a legal move here".to_string()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn dice_follow_the_move_after_a_colon() {
        assert_eq!(split_dice("e2e4").unwrap(), WireMove { text: "e2e4", faces: vec![] });
        assert_eq!(split_dice("e2e4:6,5,5").unwrap(), WireMove { text: "e2e4", faces: vec![6, 5, 5] });
        assert!(split_dice("e2e4:6,x").unwrap_err().contains("e2e4:6,x"));
        assert!(split_dice("e2e4:0").is_err());
        assert!(split_dice("e2e4:").is_err());
    }
}
