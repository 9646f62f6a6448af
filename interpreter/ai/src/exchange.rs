//! A cheap static exchange estimate for captures: a capture loses material at once when the
//! victim (with any promotion) is worth less than the capturing piece and the enemy defends
//! the square. The capture search skips such captures and the move ordering tries them after
//! the quiet moves. Royal capturers never count as lost (a defended square is illegal for
//! them anyway).

use holechess_kernel::{Move, Position};

use crate::ordering::captured_kind;
use crate::score::Score;
use crate::tables::{Role, VariantTables};

/// What a capture wins at first sight: the victim and any promotion, minus the capturing
/// piece when the enemy defends the square it lands on. `None` for a move that captures
/// nothing or whose landing square is not a plain `to` (transits, teleports).
pub(crate) fn capture_balance(tables: &VariantTables, pos: &Position, mv: Move) -> Option<Score> {
    let Move::Normal { from, to, promotion } = mv else { return None };
    let victim = captured_kind(pos, mv)?;
    let gain = tables.value(victim) + promotion.map_or(0, |k| tables.value(k) - pawn_value(tables, pos, mv));
    let mover = pos.piece_at(from)?;
    let risk = match promotion {
        Some(k) => tables.value(k),
        None if tables.kinds[mover.kind as usize].role == Role::Royal => 0,
        None => tables.value(mover.kind),
    };
    if risk <= gain {
        return Some(gain);
    }
    Some(if pos.is_attacked(to, pos.side_to_move().opponent()) { gain - risk } else { gain })
}

/// The value of the piece that moves (a promoting pawn's own worth).
fn pawn_value(tables: &VariantTables, pos: &Position, mv: Move) -> Score {
    mv.from().and_then(|sq| pos.piece_at(sq)).map_or(0, |p| tables.value(p.kind))
}

/// Whether `mv` is a capture that loses material at once (see [`capture_balance`]).
pub(crate) fn loses_material(tables: &VariantTables, pos: &Position, mv: Move) -> bool {
    capture_balance(tables, pos, mv).is_some_and(|balance| balance < 0)
}

#[cfg(test)]
mod tests {
    use super::*;
    use holechess_kernel::notation::lan;
    use holechess_kernel::Position;
    use holechess_testkit::orthodox;

    fn capture(fen: &str, uci: &str) -> (VariantTables, Position, Move) {
        let variant = orthodox();
        let pos = Position::from_fen(&variant, fen).expect("a valid position");
        let mv = pos.legal_moves().iter().copied().find(|&m| lan(&pos, m) == uci).expect("a legal move");
        (VariantTables::new(&variant), pos, mv)
    }

    #[test]
    fn a_queen_taking_a_defended_pawn_loses_material() {
        let (tables, pos, mv) = capture("4k3/8/2p5/3p4/8/8/3Q4/4K3 w - - 0 1", "d2d5");
        assert!(loses_material(&tables, &pos, mv));
    }

    #[test]
    fn a_queen_taking_an_undefended_pawn_wins_it() {
        let (tables, pos, mv) = capture("4k3/8/8/3p4/8/8/3Q4/4K3 w - - 0 1", "d2d5");
        assert!(!loses_material(&tables, &pos, mv));
        assert_eq!(capture_balance(&tables, &pos, mv), Some(100));
    }

    #[test]
    fn a_pawn_taking_a_defended_knight_gains() {
        let (tables, pos, mv) = capture("4k3/8/4p3/3n4/4P3/8/8/4K3 w - - 0 1", "e4d5");
        assert!(!loses_material(&tables, &pos, mv));
    }
}
