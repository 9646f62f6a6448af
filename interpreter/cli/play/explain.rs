//! Why a move text is not a legal move here, in a few words (no piece there, not your
//! piece, the piece in the way, the pin, the check, the free exits, the board in play, the
//! game is over): the kernel's explanation, shared with `holechess validate`. And who
//! gives check after a ply, by what route.

use holechess_kernel::Position;

/// The reason `text` cannot be played in `pos`, if there is one to tell.
pub fn why_illegal(pos: &Position, text: &str) -> Option<String> {
    let status = pos.status();
    if status.is_over() {
        return Some(format!("the game is over ({})", holechess_runtime::game::describe(status)));
    }
    holechess_kernel::notation::explain_move(pos, text)
}

/// `check: the white bishop on f1 attacks the black king on e8 through the wormhole on h3`,
/// one line per attack on the side to move's royal pieces (none when not in check).
pub fn check_lines(pos: &Position) -> Vec<String> {
    if !pos.is_check() {
        return Vec::new();
    }
    let notation = holechess_kernel::notation::checks(pos);
    notation.iter().map(|check| format!("check: {}", holechess_kernel::notation::check_line(pos, check))).collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use holechess_runtime::PlayableVariant;

    #[test]
    fn reasons_name_the_problem() {
        let rules = PlayableVariant::load("chess").unwrap();
        let pos = rules.start_position();
        let why = |text| why_illegal(&pos, text).unwrap_or_default();
        assert!(why("e3e4").contains("no piece on e3"), "{}", why("e3e4"));
        assert!(why("e7e5").contains("black pawn"), "{}", why("e7e5"));
        assert!(why("Ng3").contains("g3"), "{}", why("Ng3"));
    }
}
