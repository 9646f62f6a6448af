//! Explosions (atomic chess): a capture removes the capturing piece where it lands and every
//! piece on the eight squares around that square, of both sides, except pawn-like pieces
//! around it and the kinds the rule makes immune. Removed pieces are logged, so unmake puts
//! them back.

use crate::geometry::Square;
use crate::position::{code_kind, Position, PIECE_BITS};

impl Position {
    /// Explodes the capture that ended on `centre`, when the variant's captures explode.
    pub(crate) fn explode_capture(&mut self, centre: Square) {
        let Some(rule) = self.variant.spec().rules.explosion.as_ref() else { return };
        let immune = rule.immune.clone();
        let (around, count) = self.around(centre);
        self.blast(centre, &immune, true);
        for &sq in &around[..count] {
            self.blast(sq, &immune, false);
        }
    }

    /// Removes the piece on `sq` unless its kind is immune, or it is pawn-like and not the
    /// capturer itself (`centre`).
    fn blast(&mut self, sq: Square, immune: &[u8], centre: bool) {
        let code = self.board.cells[sq.index()] & PIECE_BITS;
        if code == 0 {
            return;
        }
        let kind = code_kind(code);
        if immune.contains(&kind) || (!centre && self.variant.piece(kind).pawn) {
            return;
        }
        self.history.push_piece((sq, code, self.board.unmoved.contains(sq)));
        if self.variant.uses_first_move {
            self.board.unmoved.remove(sq);
        }
        self.remove_piece(sq);
    }

    /// The squares next to `sq` on its board (orthogonally and diagonally; the edges do not
    /// wrap), and how many there are.
    fn around(&self, sq: Square) -> ([Square; 8], usize) {
        let g = self.geometry();
        let (board, file, rank) = (g.board_of(sq), i16::from(g.file_of(sq)), i16::from(g.rank_of(sq)));
        let (files, ranks) = (i16::from(g.files), i16::from(g.ranks));
        let mut squares = [sq; 8];
        let mut count = 0;
        for (dx, dy) in (-1i16..=1).flat_map(|dy| (-1i16..=1).map(move |dx| (dx, dy))) {
            let (f, r) = (file + dx, rank + dy);
            if (dx, dy) == (0, 0) || !(0..files).contains(&f) || !(0..ranks).contains(&r) {
                continue;
            }
            if let (Ok(f), Ok(r)) = (u8::try_from(f), u8::try_from(r)) {
                squares[count] = g.square(board, f, r);
                count += 1;
            }
        }
        (squares, count)
    }
}
