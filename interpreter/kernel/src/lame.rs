//! Lame leaps (xiangqi's horse and elephant, janggi's elephant): a leap that passes the
//! squares of its path and is stopped by a piece on any of them. The path of a leap (a,b)
//! with a <= b goes b - a squares straight along the longer side, then a squares diagonally:
//! the horse's (1,2) passes the square next to it towards the longer side (its leg), the
//! elephant's (2,2) the diagonal square between (its eye). A token that stops lines stops the
//! leap too; lines pass over open tokens. Attacks are read back from the attacked square: the
//! leaper one leap away, its path free.

use crate::error::{SpecError, SpecSubject};
use crate::geometry::{Side, Square};
use crate::movegen::Step;
use crate::moves::MoveList;
use crate::position::{code_kind, code_side, Position, PIECE_BITS};
use crate::spec::{PatternCondition, PieceSpec, TokenMovement, VariantSpec};
use crate::variant::{CompiledPattern, Variant, NO_RANK};

/// The lame leapers of one side that capture onto a square: those of `kinds` whose leap runs
/// along direction `dir`, unless the square lies on their barred rank.
#[derive(Clone, Debug)]
pub(crate) struct LameAttack {
    pub dir: u8,
    pub kinds: u32,
    pub barred: u8,
    /// The squares of the path, as offsets from the square attacked.
    legs: Vec<(i32, i32)>,
}

/// The squares a lame leap by `(dx, dy)` passes, as offsets from its start, in order (the
/// start and the landing square left out).
#[must_use]
pub fn lame_path(dx: i32, dy: i32) -> Vec<(i32, i32)> {
    let (ax, ay) = (dx.abs(), dy.abs());
    let (sx, sy) = (dx.signum(), dy.signum());
    let diagonal = ax.min(ay);
    let straight = ax.max(ay) - diagonal;
    let (ux, uy) = if ax > ay { (sx, 0) } else { (0, sy) };
    let mut path = Vec::new();
    let (mut x, mut y) = (0, 0);
    for _ in 0..straight {
        (x, y) = (x + ux, y + uy);
        path.push((x, y));
    }
    for _ in 0..diagonal {
        (x, y) = (x + sx, y + sy);
        path.push((x, y));
    }
    path.pop();
    path
}

impl Variant {
    /// The lame leapers of each side that capture, grouped by direction and barred rank.
    pub(crate) fn build_lame_attacks(&mut self) {
        for side in Side::BOTH {
            let mut list: Vec<LameAttack> = Vec::new();
            for (piece, patterns) in self.patterns[side.index()].iter().enumerate() {
                let lame = patterns
                    .iter()
                    .filter(|p| p.lame() && p.mode.captures() && p.condition == PatternCondition::Always);
                for p in lame {
                    match list.iter_mut().find(|a| a.dir == p.dir && a.barred == p.barred()) {
                        Some(a) => a.kinds |= 1 << piece,
                        None => {
                            let (dx, dy) = self.dirs[p.dir as usize];
                            let (dx, dy) = (i32::from(dx), i32::from(dy));
                            let legs = lame_path(dx, dy).into_iter().map(|(x, y)| (x - dx, y - dy)).collect();
                            list.push(LameAttack { dir: p.dir, kinds: 1 << piece, barred: p.barred(), legs });
                        }
                    }
                }
            }
            self.lame_attacks[side.index()] = list;
        }
    }
}

impl Position {
    /// The lame leap of `p` from `from`, if no piece stands on its path.
    pub(crate) fn walk_lame(&self, from: Square, kind: u8, p: &CompiledPattern, out: &mut MoveList) {
        let v = &*self.variant;
        let (dx, dy) = v.dirs[p.dir as usize];
        let royal = v.is_royal(kind);
        let g = v.geometry();
        let free = lame_path(i32::from(dx), i32::from(dy))
            .into_iter()
            .all(|(x, y)| g.offset(from, x, y).is_some_and(|sq| self.passes_over(sq, royal)));
        if !free {
            return;
        }
        let Some(&to) = v.ray(p.dir, from).first() else { return };
        let step = Step { from, to, kind, pattern: p, k: 0, passed: from, covered: p.skip as usize };
        self.land_once(&step, out);
    }

    /// Whether a lame leaper of `by` captures onto `target` (pins ignored); the piece on
    /// `ignore` is taken off the board, and only the kinds in `allowed` may capture there.
    pub(crate) fn lame_attacked(&self, target: Square, by: Side, ignore: Square, allowed: u32) -> bool {
        let v = &*self.variant;
        let g = v.geometry();
        let rank = g.relative_rank(target, by);
        for a in &v.lame_attacks[by.index()] {
            if a.kinds & allowed == 0 || (a.barred != NO_RANK && a.barred == rank) {
                continue;
            }
            let back = v.dir_reverse[a.dir as usize];
            let Some(&source) = v.ray(back, target).first() else { continue };
            let code = self.board.cells[source.index()] & PIECE_BITS;
            if source == ignore || code == 0 || code_side(code) != by {
                continue;
            }
            let mut kinds = a.kinds & allowed & (1 << code_kind(code));
            for &(x, y) in &a.legs {
                let Some(leg) = g.offset(target, x, y) else {
                    kinds = 0;
                    break;
                };
                let cell = self.board.cells[leg.index()];
                if leg == ignore || cell == 0 {
                    continue;
                }
                kinds &= if cell & PIECE_BITS != 0 { 0 } else { self.passers(leg) };
                if kinds == 0 {
                    break;
                }
            }
            if kinds != 0 {
                return true;
            }
        }
        false
    }
}

/// Only a leap may be lame (a step or a slide has no path to block, a hop its own rule), and
/// not on a board with absent squares, whose warped lines the lame walk does not read.
pub(crate) fn check_lame(spec: &VariantSpec, index: usize, piece: &PieceSpec, errors: &mut Vec<SpecError>) {
    let lame = piece.patterns.iter().filter(|p| p.lame);
    let subject = SpecSubject::Piece(u8::try_from(index).unwrap_or(u8::MAX));
    if lame.clone().any(|p| p.hop || p.range != 1 || (p.dx.abs() <= 1 && p.dy.abs() <= 1)) {
        errors.push(SpecError::new(
            subject.clone(),
            format!("the {}: only a leap may be stopped by pieces on its path (`not over pieces`)", piece.name),
        ));
    }
    if lame.clone().next().is_some() && spec.tokens.iter().any(|t| t.movement == TokenMovement::Absent) {
        errors.push(SpecError::new(
            subject,
            format!(
                "the {} leaps not over pieces, which the engine does not combine with absent tokens (skipped squares)",
                piece.name
            ),
        ));
    }
}

#[cfg(test)]
mod tests {
    use super::lame_path;

    #[test]
    fn a_horse_passes_its_leg_an_elephant_its_eye_a_janggi_elephant_two_squares() {
        assert_eq!(lame_path(1, 2), vec![(0, 1)]);
        assert_eq!(lame_path(-2, 1), vec![(-1, 0)]);
        assert_eq!(lame_path(2, -2), vec![(1, -1)]);
        assert_eq!(lame_path(-2, 3), vec![(0, 1), (-1, 2)]);
        assert_eq!(lame_path(1, 1), Vec::<(i32, i32)>::new());
    }
}
