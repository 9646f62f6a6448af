//! What the REPL tells a player on request: the computer's suggestion with its evaluation
//! in pawns (or `mate in N`), the token layout, and the moves of a piece of either side.

use holechess_ai::{mate_in_moves, Score};
use holechess_kernel::notation::san;
use holechess_kernel::{Position, Square};

/// `+0.35` (pawns, for the side to move), `mate in 3`, or `mated in 2`.
pub fn evaluation(score: Score) -> String {
    match mate_in_moves(score) {
        Some(n) if n > 0 => format!("mate in {n}"),
        Some(n) => format!("mated in {}", -n),
        None => format!("{:+.2}", f64::from(score) / 100.0),
    }
}

/// One line per token kind on the board: `porthole: c3 f3 d4 (stack of 2)`, or that there
/// are none.
pub fn layout_lines(pos: &Position) -> Vec<String> {
    let tokens = pos.variant().tokens();
    let g = pos.geometry();
    let mut lines = Vec::new();
    for (kind, spec) in tokens.iter().enumerate() {
        let squares: Vec<String> = pos
            .token_squares()
            .filter_map(|sq| pos.tokens_at(sq).filter(|stack| usize::from(stack.kind) == kind).map(|stack| (sq, stack)))
            .map(|(sq, stack)| match stack.count {
                1 => g.name_on_board(sq),
                n => format!("{} (stack of {n})", g.name_on_board(sq)),
            })
            .collect();
        if !squares.is_empty() {
            lines.push(format!("{} ({}): {}", spec.name, squares.len(), squares.join(" ")));
        }
    }
    if lines.is_empty() {
        let what = if tokens.is_empty() { "this variant has no tokens" } else { "no tokens on the board now" };
        lines.push(what.to_owned());
    }
    lines
}

/// The moves the piece on `sq` of the side *not* to move would have if it were its turn.
pub fn moves_of_waiting_piece(pos: &Position, sq: Square) -> Vec<String> {
    let turned = pos.with_turn_passed();
    let legal = turned.legal_moves();
    let mut texts: Vec<String> = legal.iter().filter(|mv| mv.from() == Some(sq)).map(|&mv| san(&turned, mv)).collect();
    texts.sort();
    texts
}
