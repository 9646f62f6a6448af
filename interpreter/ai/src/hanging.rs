//! Hanging pieces for the evaluation, in any variant: the occupied squares each side's
//! pieces attack or defend (`Cover`), and the enemy pieces (royal pieces aside) a side
//! attacks where no enemy piece defends them. A hanging piece is a threat the side to move
//! can cash in or must answer, which a shallow search sees only a ply late.

use holechess_kernel::{Position, Side, Square};

use crate::pawn_structure::{PawnFiles, SquareMap, MAP_SQUARES};
use crate::score::Score;
use crate::tables::{Role, VariantTables};

/// The occupied squares one side's pieces (pawn-like ones aside: `PawnFiles` maps those)
/// reach with a capture: the enemy pieces they attack and their own pieces they defend.
pub(crate) struct Cover {
    squares: SquareMap,
}

impl Cover {
    pub(crate) fn new(pos: &Position) -> Cover {
        Cover { squares: SquareMap::new(pos.geometry().square_count() <= MAP_SQUARES) }
    }

    /// Notes that a piece of this side reaches the occupied square `sq` with a capture.
    pub(crate) fn add(&mut self, sq: Square) {
        self.squares.insert(sq);
    }

    fn contains(&self, sq: Square) -> bool {
        self.squares.contains(sq)
    }
}

/// How many pieces of `side`'s opponent (royal pieces aside) `side` attacks where the
/// opponent does not defend them; `covers` is indexed by side.
pub(crate) fn hanging_pieces(
    tables: &VariantTables,
    pos: &Position,
    pawns: &PawnFiles,
    covers: [&Cover; 2],
    side: Side,
) -> Score {
    let enemy = side.opponent();
    let reaches = |s: Side, sq: Square| covers[s.index()].contains(sq) || pawns.attacked_by(s, sq);
    pos.pieces_of(enemy)
        .filter(|(_, p)| tables.kinds[p.kind as usize].role != Role::Royal)
        .filter(|&(sq, _)| reaches(side, sq) && !reaches(enemy, sq))
        .count() as Score
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::eval::evaluate;
    use holechess_testkit::orthodox;

    #[test]
    fn an_attacked_piece_hangs_until_a_piece_or_pawn_defends_it() {
        let variant = orthodox();
        let tables = VariantTables::new(&variant);
        // Black's rook on d8 attacks the knight on d4; White to move in each position.
        let hanging = Position::from_fen(&variant, "3rk3/8/8/8/3N4/8/8/6K1 w - - 0 1").unwrap();
        let by_pawn = Position::from_fen(&variant, "3rk3/8/8/8/3N4/4P3/8/6K1 w - - 0 1").unwrap();
        let by_king = Position::from_fen(&variant, "3rk3/8/8/8/3N4/4K3/8/8 w - - 0 1").unwrap();
        let count = |pos: &Position| {
            let pawns = PawnFiles::new(&tables, pos);
            let mut covers = [Cover::new(pos), Cover::new(pos)];
            for side in Side::BOTH {
                for (sq, piece) in pos.pieces_of(side) {
                    crate::reach::walk_reach(&tables, pos, sq, side, piece.kind, |to, target| {
                        if matches!(target, crate::reach::Target::Enemy(_) | crate::reach::Target::Friend) {
                            covers[side.index()].add(to);
                        }
                    });
                }
            }
            hanging_pieces(&tables, pos, &pawns, [&covers[0], &covers[1]], Side::Black)
        };
        assert_eq!(count(&hanging), 1);
        assert_eq!(count(&by_pawn), 0);
        assert_eq!(count(&by_king), 0);
    }

    #[test]
    fn the_evaluation_counts_a_hanging_piece_against_its_side() {
        let variant = orthodox();
        let tables = VariantTables::new(&variant);
        let value = |fen| evaluate(&tables, &Position::from_fen(&variant, fen).unwrap());
        // The knight on d4, defended by the pawn on e3 or not (the pawn on a3), with Black's
        // rook on d8 attacking it and without: the rook makes the undefended knight cost.
        let with_rook = value("3rk3/8/8/8/3N4/4P3/8/6K1 w - - 0 1") - value("3rk3/8/8/8/3N4/P7/8/6K1 w - - 0 1");
        let without = value("4k3/8/8/8/3N4/4P3/8/6K1 w - - 0 1") - value("4k3/8/8/8/3N4/P7/8/6K1 w - - 0 1");
        assert!(with_rook - without >= crate::Weights::DEFAULT.hanging.1, "{with_rook} against {without}");
    }
}
