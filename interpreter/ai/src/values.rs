//! Piece values in centipawns. A variant's declared `PieceSpec.value` is used as given;
//! a piece declared with value 0 gets a default: royal pieces 0, pawn-like pieces 100, any
//! other piece `100 + 35 x` its average number of destinations on an empty board (its
//! mobility class: a knight's 5.25 gives 284, a rook's 14 gives 590, a queen's 22.75 gives
//! 896), clamped to 150..=1500. Level 1 counts material in whole points: the value
//! divided by 100, rounded half up.

use holechess_kernel::spec::{PatternCondition, PieceSpec};
use holechess_kernel::{Geometry, Variant};

use crate::score::Score;

/// The value of every piece kind of `variant`, indexed by piece id.
pub fn material_values(variant: &Variant) -> Vec<Score> {
    variant.pieces().iter().map(|p| piece_value(p, variant.geometry())).collect()
}

/// A value in whole pawns for level 1: 100 -> 1, 320 -> 3, 330 -> 3, 500 -> 5, 900 -> 9.
pub fn classic_points(value: Score) -> Score {
    (value + 50).div_euclid(100)
}

fn piece_value(piece: &PieceSpec, geometry: &Geometry) -> Score {
    if piece.value != 0 {
        return piece.value;
    }
    if piece.royal {
        0
    } else if piece.pawn {
        100
    } else {
        let reach = empty_board_reach(piece, geometry);
        ((100.0 + 35.0 * reach).round() as Score).clamp(150, 1500)
    }
}

/// The average number of squares `piece` reaches with its unconditional patterns from a
/// square of an empty board, over all squares of one board.
pub(crate) fn empty_board_reach(piece: &PieceSpec, geometry: &Geometry) -> f64 {
    let squares = geometry.cells_per_board();
    if squares == 0 {
        return 0.0;
    }
    let mut total = 0usize;
    for from in geometry.squares().take(squares) {
        for p in piece.patterns.iter().filter(|p| p.condition == PatternCondition::Always) {
            let limit = if p.range == 0 { usize::MAX } else { p.range as usize };
            if p.hop {
                // Nothing to hop over on an empty board; count the one landing a line of
                // two squares or more offers when pieces stand on it.
                let first = geometry.offset(from, p.dx as i32, p.dy as i32);
                total += usize::from(first.is_some_and(|f| geometry.offset(f, p.dx as i32, p.dy as i32).is_some()));
                continue;
            }
            let mut at = from;
            let mut steps = 0;
            while steps < limit {
                match geometry.offset(at, p.dx as i32, p.dy as i32) {
                    Some(next) if next != from => {
                        at = next;
                        steps += 1;
                    }
                    _ => break,
                }
            }
            total += steps;
        }
    }
    total as f64 / squares as f64
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn points_round_half_up() {
        assert_eq!([100, 320, 330, 500, 900, 0, 149, 150].map(classic_points), [1, 3, 3, 5, 9, 0, 1, 2]);
    }
}
