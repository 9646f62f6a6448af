//! The line that shows the pieces each side holds in hand, in a variant with hands:
//! `In hand: White Q N N, Black p`.

use holechess_kernel::{Position, Side};

/// `In hand: White Q N N, Black none`; `None` in a variant without hands.
pub(crate) fn hands_line(pos: &Position) -> Option<String> {
    if !pos.has_hands() {
        return None;
    }
    let sides: Vec<String> =
        Side::BOTH.iter().map(|&side| format!("{} {}", side.title(), hand_letters(pos, side))).collect();
    Some(format!("In hand: {}", sides.join(", ")))
}

/// The letters of one side's hand, strongest kind first (`Q N N`), or `none`.
fn hand_letters(pos: &Position, side: Side) -> String {
    let mut letters = Vec::new();
    let mut kinds: Vec<(u8, u8)> = pos.hand(side).collect();
    kinds.reverse();
    for (kind, count) in kinds {
        let letter = pos.variant().piece(kind).letter;
        let letter = if side == Side::White { letter } else { letter.to_ascii_lowercase() };
        letters.extend(std::iter::repeat_n(letter.to_string(), usize::from(count)));
    }
    if letters.is_empty() {
        "none".to_owned()
    } else {
        letters.join(" ")
    }
}
