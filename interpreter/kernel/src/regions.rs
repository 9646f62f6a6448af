//! Regions a piece kind may not leave (xiangqi's palace, the elephant's side of the river):
//! the compiled per-side square masks, the filter that drops moves ending outside them, the
//! mask attack detection reads (a piece attacks no square it may not move to), and the
//! consistency check of a region declaration.

use crate::error::{SpecError, SpecErrorKind, SpecSubject};
use crate::geometry::{Geometry, Side, Square};
use crate::moves::MoveList;
use crate::position::Position;
use crate::spec::{CastleRole, PieceSpec, RegionSpec, TokenMovement, VariantSpec};

/// Per side and square, the piece kinds that may stand there: every kind but those whose
/// region leaves the square out. Empty when no kind has a region.
#[derive(Clone, Debug, Default)]
pub(crate) struct RegionMasks {
    /// The kinds that stay within a region.
    pub confined: u32,
    /// `allowed[side][square]`.
    allowed: [Vec<u32>; 2],
}

impl RegionMasks {
    /// The masks of the regions `spec` declares, on every board of `geometry`.
    pub(crate) fn compile(spec: &VariantSpec, geometry: &Geometry) -> RegionMasks {
        let confined =
            spec.pieces.iter().enumerate().filter(|(_, p)| p.region.is_some()).fold(0, |m, (i, _)| m | 1 << i);
        if confined == 0 {
            return RegionMasks::default();
        }
        let allowed = Side::BOTH.map(|side| {
            geometry
                .squares()
                .map(|sq| {
                    spec.pieces.iter().enumerate().fold(u32::MAX, |mask, (kind, piece)| match piece.region {
                        Some(region) if !region_holds(&region, geometry, sq, side) => mask & !(1 << kind),
                        _ => mask,
                    })
                })
                .collect()
        });
        RegionMasks { confined, allowed }
    }

    /// The kinds of `side` that may stand on `sq`.
    #[inline]
    pub(crate) fn kinds_allowed(&self, side: Side, sq: Square) -> u32 {
        if self.confined == 0 {
            return u32::MAX;
        }
        self.allowed[side.index()][sq.index()]
    }

    /// Whether a piece of `kind` of `side` may stand on `sq`.
    #[inline]
    pub(crate) fn allows(&self, side: Side, kind: u8, sq: Square) -> bool {
        self.kinds_allowed(side, sq) & (1 << kind) != 0
    }
}

/// Whether `sq` lies in `region` as seen from `side` (ranks counted from its own side).
fn region_holds(region: &RegionSpec, geometry: &Geometry, sq: Square, side: Side) -> bool {
    let file = geometry.file_of(sq);
    let rank = geometry.relative_rank(sq, side);
    (region.files.0..=region.files.1).contains(&file) && (region.ranks.0..=region.ranks.1).contains(&rank)
}

impl Position {
    /// Drops the moves from `start` on that take a piece of `kind` (of the side to move) out
    /// of its region.
    pub(crate) fn retain_in_region(&self, kind: u8, start: usize, out: &mut MoveList) {
        let regions = &self.variant.regions;
        if regions.confined & (1 << kind) == 0 {
            return;
        }
        let mut i = start;
        while i < out.len() {
            let leaves = out.as_slice()[i].to().is_some_and(|to| !regions.allows(self.state.side, kind, to));
            if leaves {
                out.swap_remove(i);
            } else {
                i += 1;
            }
        }
    }
}

/// A region lies on the board, with its bounds in order; a piece that castles, or a board
/// with absent squares (whose warped lines the region filter does not see), is refused.
pub(crate) fn check_confinement(spec: &VariantSpec, index: usize, piece: &PieceSpec, errors: &mut Vec<SpecError>) {
    let Some(region) = piece.region else { return };
    let subject = SpecSubject::Piece(u8::try_from(index).unwrap_or(u8::MAX));
    let (files, ranks) = (spec.board.files, spec.board.ranks);
    let reversed = region.files.0 > region.files.1 || region.ranks.0 > region.ranks.1;
    if reversed || region.files.0 >= files || region.ranks.0 >= ranks {
        errors.push(SpecError::of(
            SpecErrorKind::OutOfRange,
            subject.clone(),
            format!("the {}'s region must name files and ranks of the board, the lower bound first", piece.name),
        ));
    }
    if piece.castling != CastleRole::None {
        errors.push(SpecError::new(
            subject.clone(),
            format!("the {} stays within a region and castles, which the engine does not combine", piece.name),
        ));
    }
    if spec.tokens.iter().any(|t| t.movement == TokenMovement::Absent) {
        errors.push(SpecError::new(
            subject,
            format!(
                "the {} stays within a region, which the engine does not combine with absent tokens (skipped squares)",
                piece.name
            ),
        ));
    }
}
