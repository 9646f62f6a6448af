//! Square names with a board prefix, as the program prints them on several boards
//! (`A:e2-A:e4`, `A:e2e4`, `B:Nf3`): [`strip_board_names`] checks every named board is the
//! one in play this turn and gives the text the move reader takes (`e2-e4`, `e2e4`, `Nf3`).
//! A teleport's square lies on the board the piece leaves (`@A:a4`), so its board is
//! dropped unchecked.

use crate::position::Position;

/// `text` without board prefixes, or why a prefix does not fit this turn.
///
/// # Errors
///
/// The reason in words when a board prefix names a board the side to move cannot play on this turn.
pub fn strip_board_names(pos: &Position, text: &str) -> Result<String, String> {
    let g = pos.geometry();
    if g.boards() < 2 || !text.contains(':') {
        return Ok(text.to_owned());
    }
    let teleport = text.trim_start().starts_with('@');
    let boards = || g.board_names.join(" and ");
    let mut out = String::with_capacity(text.len());
    let mut rest = text;
    while let Some(colon) = rest.find(':') {
        let before = &rest[..colon];
        let name_start = before.trim_end_matches(|c: char| c.is_ascii_alphanumeric()).len();
        let name = &before[name_start..];
        if name.is_empty() {
            return Err(format!("a board's name must stand right before `:` (the boards are {})", boards()));
        }
        let Some(board) = g.board_names.iter().position(|n| n.eq_ignore_ascii_case(name)) else {
            return Err(format!("`{name}` is not a board here (the boards are {})", boards()));
        };
        if !teleport {
            if let Some(in_play) = pos.board_to_move().filter(|&b| b != board) {
                return Err(format!(
                    "{} moves on board {} this turn, not on board {}",
                    pos.side_to_move().title(),
                    g.board_names[in_play],
                    g.board_names[board]
                ));
            }
        }
        out.push_str(&before[..name_start]);
        rest = &rest[colon + 1..];
    }
    out.push_str(rest);
    Ok(out)
}
