//! The line that says whose move it is and which move it is; on two boards also the board
//! the side acts on and a teleport that is due.

use holechess_kernel::{Position, Status};

/// `Move 12, black to move` (`Checkmate: White wins (1-0)` at the end, `..., Black in
/// check`); on two boards `Turn 3, Black acts on board B` and, when the
/// side declared intent last turn, that it must teleport now.
pub(crate) fn caption(pos: &Position) -> String {
    let side = pos.side_to_move();
    let status = pos.status();
    if status.is_over() {
        let result = status.result(side);
        return match status {
            Status::Checkmate { winner } => format!("Checkmate: {} wins ({result})", winner.title()),
            Status::Goal { winner } => format!("{} reached its goal and wins ({result})", winner.title()),
            Status::Checks { winner, checks } => {
                let given = if checks == 1 { "1 check".to_string() } else { format!("{checks} checks") };
                format!("{} gave {given} and wins ({result})", winner.title())
            }
            Status::Extinction { side: short, kind, below, winner } => {
                format!("{}: {} wins ({result})", pos.describe_extinction(short, kind, below), winner.title())
            }
            Status::Draw { reason } => format!("Draw: {reason} ({result})"),
            Status::Counted { white, black, .. } => format!("Counted: {white} pieces to {black} ({result})"),
            _ => format!("Stalemate: {} has no move ({result})", side.title()),
        };
    }
    if pos.is_check() {
        return format!("{}, {} in check", plain_caption(pos), side.title());
    }
    plain_caption(pos)
}

/// Whose move, without the game's state.
fn plain_caption(pos: &Position) -> String {
    let g = pos.geometry();
    let side = pos.side_to_move();
    match pos.board_to_move() {
        Some(board) if g.boards() > 1 => {
            let mut text =
                format!("Turn {}, {} acts on board {}", pos.fullmove_number(), side.title(), g.board_names[board]);
            if pos.must_teleport(side) {
                text.push_str(": a teleport is due (`@` and the portal square the piece leaves)");
            }
            text
        }
        _ => format!("Move {}, {} to move", pos.fullmove_number(), side),
    }
}
