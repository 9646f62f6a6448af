//! The pawn structure the evaluation reads, for any variant: where each side's pawn-like
//! pieces stand by file (passed, doubled and isolated pawns, open files for pieces that
//! slide along files) and which squares they attack (the mobility area of the enemy's
//! pieces). A "pawn" is whatever the variant marks as pawn-like.

use holechess_kernel::{Position, Side, Square};

use crate::score::Score;
use crate::tables::{Role, VariantTables};

/// Files of up to four boards are tracked.
pub(crate) const PAWN_FILES: usize = 64;
/// Squares tracked by the attack maps (larger boards get no map: every square counts).
pub(crate) const MAP_SQUARES: usize = 512;

/// Squares attacked, as a fixed bitset.
#[derive(Clone)]
pub(crate) struct SquareMap {
    bits: [u64; MAP_SQUARES / 64],
    tracked: bool,
}

impl SquareMap {
    pub(crate) fn new(tracked: bool) -> SquareMap {
        SquareMap { bits: [0; MAP_SQUARES / 64], tracked }
    }

    pub(crate) fn insert(&mut self, sq: Square) {
        if self.tracked {
            self.bits[sq.index() / 64] |= 1 << (sq.index() % 64);
        }
    }

    pub(crate) fn contains(&self, sq: Square) -> bool {
        self.tracked && self.bits[sq.index() / 64] & (1 << (sq.index() % 64)) != 0
    }
}

/// Each side's pawn-like pieces by file and the squares they attack.
pub(crate) struct PawnFiles {
    /// Per side: the lowest (White) or highest (Black) absolute rank of a pawn per file;
    /// i8::MAX / -1 when the file has none.
    rear: [[i8; PAWN_FILES]; 2],
    /// Per side: how many pawns stand on each file.
    counts: [[u8; PAWN_FILES]; 2],
    /// Per side: the squares its pawns attack.
    attacks: [SquareMap; 2],
    files: usize,
    tracked: bool,
}

/// What stands on a file for a piece sliding along it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum FileState {
    /// No pawn of either side.
    Open,
    /// No pawn of its own side.
    HalfOpen,
    Closed,
}

impl PawnFiles {
    pub(crate) fn new(tables: &VariantTables, pos: &Position) -> PawnFiles {
        let files = pos.geometry().files as usize;
        let tracked = files * pos.geometry().boards() <= PAWN_FILES;
        let mapped = pos.geometry().square_count() <= MAP_SQUARES;
        let mut pawns = PawnFiles {
            rear: [[i8::MAX; PAWN_FILES], [-1; PAWN_FILES]],
            counts: [[0; PAWN_FILES]; 2],
            attacks: [SquareMap::new(mapped), SquareMap::new(mapped)],
            files,
            tracked,
        };
        for side in Side::BOTH {
            for (sq, piece) in pos.pieces_of(side) {
                if matches!(tables.kinds[piece.kind as usize].role, Role::Pawn { .. }) {
                    pawns.add(tables, sq, side, piece.kind);
                }
            }
        }
        pawns
    }

    fn add(&mut self, tables: &VariantTables, sq: Square, side: Side, kind: u8) {
        for walk in tables.walks(side, kind).iter().filter(|w| w.captures && !w.hop) {
            if let Some(&to) = tables.ray(walk.dir, sq).first() {
                self.attacks[side.index()].insert(to);
            }
        }
        if !self.tracked {
            return;
        }
        let slot = self.slot(tables, sq);
        let rank = tables.coords[sq.index()].rank as i8;
        let rear = &mut self.rear[side.index()][slot];
        *rear = if side == Side::White { (*rear).min(rank) } else { (*rear).max(rank) };
        self.counts[side.index()][slot] = self.counts[side.index()][slot].saturating_add(1);
    }

    fn slot(&self, tables: &VariantTables, sq: Square) -> usize {
        let c = tables.coords[sq.index()];
        c.board as usize * self.files + c.file as usize
    }

    /// The files beside `sq`'s file on its board (and the file itself), as slots.
    fn neighbourhood(&self, tables: &VariantTables, sq: Square) -> std::ops::RangeInclusive<usize> {
        let c = tables.coords[sq.index()];
        let base = c.board as usize * self.files;
        let file = c.file as usize;
        base + file.saturating_sub(1)..=base + (file + 1).min(self.files - 1)
    }

    /// No enemy pawn ahead on the pawn's file or the files beside it.
    pub(crate) fn is_passed(&self, tables: &VariantTables, sq: Square, side: Side) -> bool {
        if !self.tracked {
            return false;
        }
        let rank = tables.coords[sq.index()].rank as i8;
        self.neighbourhood(tables, sq).all(|slot| {
            let enemy = self.rear[side.opponent().index()][slot];
            if side == Side::White {
                enemy <= rank
            } else {
                enemy >= rank
            }
        })
    }

    /// The structure's penalty for the pawn of `side` on `sq` (middlegame, endgame): doubled
    /// when it is not the rearmost of its file, isolated without own pawns beside its file.
    pub(crate) fn weakness(&self, tables: &VariantTables, sq: Square, side: Side) -> (Score, Score) {
        if !self.tracked {
            return (0, 0);
        }
        let own = side.index();
        let slot = self.slot(tables, sq);
        let rank = tables.coords[sq.index()].rank as i8;
        let (mut mg, mut eg) = (0, 0);
        if self.counts[own][slot] > 1 && self.rear[own][slot] != rank {
            mg += tables.weights.doubled.0;
            eg += tables.weights.doubled.1;
        }
        let isolated = self.neighbourhood(tables, sq).filter(|&s| s != slot).all(|s| self.counts[own][s] == 0);
        if isolated {
            mg += tables.weights.isolated.0;
            eg += tables.weights.isolated.1;
        }
        (mg, eg)
    }

    /// The file of `sq` as seen by a piece of `side` sliding along it.
    pub(crate) fn file_state(&self, tables: &VariantTables, sq: Square, side: Side) -> FileState {
        if !self.tracked {
            return FileState::Closed;
        }
        let slot = self.slot(tables, sq);
        match (self.counts[side.index()][slot], self.counts[side.opponent().index()][slot]) {
            (0, 0) => FileState::Open,
            (0, _) => FileState::HalfOpen,
            _ => FileState::Closed,
        }
    }

    /// Whether a pawn of `side` attacks `sq`.
    pub(crate) fn attacked_by(&self, side: Side, sq: Square) -> bool {
        self.attacks[side.index()].contains(sq)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use holechess_testkit::orthodox;

    fn square(pos: &Position, name: &str) -> Square {
        pos.geometry().parse_square(name, 0).expect("a square of the board")
    }

    #[test]
    fn doubled_and_isolated_pawns_are_weak_and_a_supported_pawn_is_not() {
        let variant = orthodox();
        let tables = VariantTables::new(&variant);
        let pos = Position::from_fen(&variant, "4k3/8/8/8/8/P7/P2P1P2/4K3 w - - 0 1").unwrap();
        let pawns = PawnFiles::new(&tables, &pos);
        let weakness = |name| pawns.weakness(&tables, square(&pos, name), Side::White);
        // a3 is doubled behind a2 and isolated; a2 is isolated only.
        let (doubled, isolated) = (crate::Weights::DEFAULT.doubled, crate::Weights::DEFAULT.isolated);
        assert_eq!(weakness("a3"), (doubled.0 + isolated.0, doubled.1 + isolated.1));
        assert_eq!(weakness("a2"), isolated);
        // d2 and f2 have no pawn on the files beside them either; none is doubled.
        assert_eq!(weakness("d2"), isolated);
        let supported = Position::from_fen(&variant, "4k3/8/8/8/8/8/3PP3/4K3 w - - 0 1").unwrap();
        let pawns = PawnFiles::new(&tables, &supported);
        assert_eq!(pawns.weakness(&tables, square(&supported, "d2"), Side::White), (0, 0));
    }

    #[test]
    fn files_are_open_half_open_or_closed_for_each_side() {
        let variant = orthodox();
        let tables = VariantTables::new(&variant);
        let pos = Position::from_fen(&variant, "4k3/3p4/8/8/8/8/2P5/4K3 w - - 0 1").unwrap();
        let pawns = PawnFiles::new(&tables, &pos);
        let state = |name, side| pawns.file_state(&tables, square(&pos, name), side);
        assert_eq!(state("a1", Side::White), FileState::Open);
        assert_eq!(state("d1", Side::White), FileState::HalfOpen);
        assert_eq!(state("d8", Side::Black), FileState::Closed);
        assert_eq!(state("c8", Side::Black), FileState::HalfOpen);
    }

    #[test]
    fn the_squares_a_pawn_attacks_follow_its_side() {
        let variant = orthodox();
        let tables = VariantTables::new(&variant);
        let pos = Position::from_fen(&variant, "4k3/3p4/8/8/8/8/2P5/4K3 w - - 0 1").unwrap();
        let pawns = PawnFiles::new(&tables, &pos);
        assert!(pawns.attacked_by(Side::White, square(&pos, "b3")));
        assert!(pawns.attacked_by(Side::White, square(&pos, "d3")));
        assert!(!pawns.attacked_by(Side::White, square(&pos, "c3")));
        assert!(pawns.attacked_by(Side::Black, square(&pos, "e6")));
        assert!(!pawns.attacked_by(Side::Black, square(&pos, "e8")));
    }
}
