//! The pawns' moves as whole sets, for either width of bit board: the squares the unpinned
//! pawns step, double-step and capture onto, found by shifting the pawns together. Each set
//! comes with the square delta from a move's origin to its destination, so a sink counts a
//! set by its population or lists each move from its destination.

use super::word::Word;

/// Where an orthodox-shaped pawn can move on one rectangular board (files counted along
/// the square numbers, White moving up them).
#[derive(Clone, Copy, Debug)]
pub(crate) struct PawnGeometry<W> {
    files: usize,
    /// The board's squares.
    board: W,
    /// The squares off the last file (a pawn there may capture toward higher files).
    not_last_file: W,
    /// The squares off the first file (a pawn there may capture toward lower files).
    not_first_file: W,
}

/// The a-file of the 8x8 board.
const FILE_A: u64 = 0x0101_0101_0101_0101;

/// The 8x8 board's pawn geometry.
pub(crate) const EIGHT_BY_EIGHT: PawnGeometry<u64> =
    PawnGeometry { files: 8, board: u64::MAX, not_last_file: !(FILE_A << 7), not_first_file: !FILE_A };

/// The destinations of the unpinned pawns' moves, one set per move shape.
#[derive(Clone, Copy, Debug)]
pub(crate) struct PawnSets<W> {
    pub steps: W,
    pub doubles: W,
    /// Captures toward higher files, and toward lower files.
    pub east: W,
    pub west: W,
}

/// The square deltas (destination minus origin) of each shape in [`PawnSets`].
#[derive(Clone, Copy, Debug)]
pub(crate) struct PawnDeltas {
    pub step: i32,
    pub double: i32,
    pub east: i32,
    pub west: i32,
}

impl<W: Word> PawnGeometry<W> {
    /// The geometry of a `files` x `ranks` board (at most the word's squares).
    pub(crate) fn new(files: usize, ranks: usize) -> PawnGeometry<W> {
        let (mut board, mut last, mut first) = (W::EMPTY, W::EMPTY, W::EMPTY);
        for sq in 0..files * ranks {
            board |= W::bit(sq);
            if sq % files == files - 1 {
                last |= W::bit(sq);
            }
            if sq % files == 0 {
                first |= W::bit(sq);
            }
        }
        PawnGeometry { files, board, not_last_file: board & !last, not_first_file: board & !first }
    }

    /// The destinations of the pawns `free` of White (`white`) or Black: steps onto `empty`
    /// squares, double steps of the pawns `starts` (a subset of `free`) over and onto empty
    /// squares, captures onto `prey`; steps and double steps kept within `allowed`.
    #[inline(always)]
    pub(crate) fn sets(&self, white: bool, free: W, starts: W, empty: W, prey: W, allowed: W) -> PawnSets<W> {
        let files = self.files;
        let ahead = |set: W| if white { set << files } else { set >> files };
        let empty = empty & self.board;
        let one = ahead(free) & empty;
        let two = ahead(ahead(starts) & empty) & empty;
        let (east, west) = (free & self.not_last_file, free & self.not_first_file);
        let (east, west) =
            if white { (east << (files + 1), west << (files - 1)) } else { (east >> (files - 1), west >> (files + 1)) };
        let prey = prey & self.board;
        PawnSets { steps: one & allowed, doubles: two & allowed, east: east & prey, west: west & prey }
    }

    /// The deltas of the sets for White (`white`) or Black.
    #[inline(always)]
    pub(crate) fn deltas(&self, white: bool) -> PawnDeltas {
        let f = self.files as i32;
        if white {
            PawnDeltas { step: f, double: 2 * f, east: f + 1, west: f - 1 }
        } else {
            PawnDeltas { step: -f, double: -2 * f, east: 1 - f, west: -1 - f }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The 8x8 constant is what the general constructor builds for 8x8.
    #[test]
    fn the_eight_by_eight_constant_is_the_built_geometry() {
        let built = PawnGeometry::<u64>::new(8, 8);
        let c = EIGHT_BY_EIGHT;
        assert_eq!(
            (built.files, built.board, built.not_last_file, built.not_first_file),
            (c.files, c.board, c.not_last_file, c.not_first_file)
        );
    }

    /// On a 10x8 board, a white pawn on a2 (square 10) steps to a3 (20), double-steps to a4
    /// (30) and captures only toward b3 (21); a black one on j7 (69) captures only toward i6
    /// (58); nothing leaves the board.
    #[test]
    fn ten_by_eight_pawns_move_within_the_board() {
        let g = PawnGeometry::<u128>::new(10, 8);
        let white = g.sets(true, 1 << 10, 1 << 10, !0, 1 << 21 | 1 << 19, !0);
        assert_eq!((white.steps, white.doubles, white.east, white.west), (1 << 20, 1 << 30, 1 << 21, 0));
        let black = g.sets(false, 1 << 69, 0, !0, 1 << 58 | 1 << 60, !0);
        assert_eq!((black.steps, black.doubles, black.east, black.west), (1 << 59, 0, 0, 1 << 58));
        let d = g.deltas(false);
        assert_eq!((d.step, d.east, d.west), (-10, -9, -11));
        let top = g.sets(true, 1 << 75, 0, !0, !0, !0);
        assert_eq!(top.steps | top.east | top.west, 0, "nothing past the last rank");
    }
}
