//! How far a pawn-like piece has come toward its promotion zone, per square and side, for
//! the evaluation's pawn advancement and passed pawns. A zone of last ranks is measured in
//! ranks; a zone the variant declares as squares (Legan's far corner) by the king-step
//! distance to its nearest square, so a pawn advancing away from those squares gains
//! nothing by standing on a high rank.

use holechess_kernel::spec::PieceSpec;
use holechess_kernel::{Geometry, Side, Square};

use crate::score::Score;

/// For each square (indexed by `Square::index`), the advancement of a pawn-like `piece` of
/// `side` standing there: 0 on its first two ranks, up to the step before the zone.
pub(crate) fn progress_by_square(piece: &PieceSpec, g: &Geometry, side: Side) -> Vec<Score> {
    let zone = zone_squares(piece, g, side);
    if zone.is_empty() {
        return g.squares().map(|sq| progress_by_rank(piece, g, sq, side)).collect();
    }
    let distances: Vec<Option<Score>> = g.squares().map(|sq| distance_to_zone(g, sq, &zone)).collect();
    let farthest = distances.iter().flatten().copied().max().unwrap_or(0);
    distances.iter().map(|d| d.map_or(0, |d| (farthest - 1 - d).clamp(0, (farthest - 1).max(0)))).collect()
}

/// Advancement counted in ranks (no zone squares): ranks above the second, capped at the
/// step before the zone of last ranks (before the last rank without a promotion).
fn progress_by_rank(piece: &PieceSpec, g: &Geometry, sq: Square, side: Side) -> Score {
    let zone_start = piece.promotion.as_ref().map(|p| g.ranks.saturating_sub(p.zone_ranks));
    let rank = Score::from(g.relative_rank(sq, side));
    let cap = zone_start.map_or(Score::from(g.ranks), |z| Score::from(z) - 1);
    (rank - 1).clamp(0, cap.max(0))
}

/// The squares where a pawn of `side` promotes when the variant names squares: those and
/// the last `zone_ranks` ranks. Empty when the zone is given by ranks alone.
fn zone_squares(piece: &PieceSpec, g: &Geometry, side: Side) -> Vec<Square> {
    let Some(promotion) = piece.promotion.as_ref() else { return Vec::new() };
    if promotion.zone_squares[side.index()].is_empty() {
        return Vec::new();
    }
    let named = promotion.zone_squares[side.index()].iter().filter_map(|&r| g.square_of(r));
    let zone_start = g.ranks.saturating_sub(promotion.zone_ranks);
    let by_rank = g.squares().filter(|&sq| promotion.zone_ranks > 0 && g.relative_rank(sq, side) >= zone_start);
    named.chain(by_rank).collect()
}

/// The king-step distance from `sq` to the nearest zone square on its board.
fn distance_to_zone(g: &Geometry, sq: Square, zone: &[Square]) -> Option<Score> {
    zone.iter()
        .filter(|&&z| g.board_of(z) == g.board_of(sq))
        .map(|&z| Score::from(g.file_of(z).abs_diff(g.file_of(sq)).max(g.rank_of(z).abs_diff(g.rank_of(sq)))))
        .min()
}

#[cfg(test)]
mod tests {
    use holechess_kernel::spec::SquareRef;
    use holechess_kernel::Variant;

    use super::*;

    /// Orthodox chess whose pawns promote on the squares of Legan's far corners instead of
    /// the last rank: White's a8-d8 and a7-a5, Black's e1-h1 and h2-h4.
    fn corner_promotion() -> std::sync::Arc<Variant> {
        holechess_testkit::orthodox_with(Vec::new(), |spec| {
            let promotion = spec.pieces[0].promotion.as_mut().expect("the orthodox pawn promotes");
            let at = |file: u8, rank: u8| SquareRef::new(0, file, rank);
            promotion.zone_ranks = 0;
            promotion.zone_squares = [
                vec![at(0, 7), at(1, 7), at(2, 7), at(3, 7), at(0, 6), at(0, 5), at(0, 4)],
                vec![at(4, 0), at(5, 0), at(6, 0), at(7, 0), at(7, 1), at(7, 2), at(7, 3)],
            ];
        })
    }

    fn progress(variant: &Variant, side: Side, name: &str) -> Score {
        let g = variant.geometry();
        let table = progress_by_square(&variant.pieces()[0], g, side);
        table[g.parse_square(name, 0).expect("a square").index()]
    }

    #[test]
    fn a_pawn_promoting_on_named_squares_advances_toward_them_not_up_the_ranks() {
        let variant = corner_promotion();
        // c7 is a step from b8, c8 and d8; h7 stands as high but four steps from d8.
        assert!(progress(&variant, Side::White, "c7") > progress(&variant, Side::White, "h7"));
        assert_eq!(progress(&variant, Side::White, "c7"), 5);
        assert_eq!(progress(&variant, Side::White, "h7"), 2);
        // Black's zone is the other corner: g2 is next to it, b2 far from it.
        assert!(progress(&variant, Side::Black, "g2") > progress(&variant, Side::Black, "b2"));
    }

    #[test]
    fn a_zone_of_last_ranks_is_counted_in_ranks() {
        let variant = holechess_testkit::orthodox();
        assert_eq!(progress(&variant, Side::White, "e2"), 0);
        assert_eq!(progress(&variant, Side::White, "e7"), 5);
        assert_eq!(progress(&variant, Side::White, "h7"), 5);
        assert_eq!(progress(&variant, Side::Black, "e2"), 5);
    }
}
