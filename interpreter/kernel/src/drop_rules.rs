//! The drop rules of a setup played from the hand (Placement chess, Koedem): a side holding
//! pieces of the kinds that must be dropped first drops them while it can, drops keep a kind (the bishops) able to stand on squares of both
//! colours, and a king and rooks dropped on their castling squares gain castling rights.
//!
//! The castling squares are the side's first rank: the king on the file right of the middle
//! (`e` on 8 files), the rooks in the corners, as Fairy-Stockfish places them.

use crate::geometry::{Side, Square};
use crate::moves::{Move, MoveList};
use crate::position::{code_kind, Position, PIECE_BITS};
use crate::spec::{CastleRole, PieceId};

/// One kind's bishops-of-both-colours count for the side to move: how many it has (board and
/// hand), on each colour, and the empty squares of each colour it could still be dropped on.
#[derive(Clone, Copy, Default)]
struct ColourBalance {
    total: u32,
    on: [u32; 2],
    free: [u32; 2],
}

impl Position {
    /// With kinds that must be dropped first: while the side to move holds one, only drops
    /// of those kinds are legal, and no piece moves while one of them is legal.
    pub(crate) fn keep_only_drops_if_due(&self, list: &mut MoveList) {
        let due = self.variant.hand_tables.must_drop;
        if due == 0 || !self.hand(self.state.side).any(|(kind, _)| due & (1 << kind) != 0) {
            return;
        }
        let due_drop = |mv: &Move| matches!(mv, Move::Drop { piece, .. } if due & (1 << piece) != 0);
        list.retain(|mv| !matches!(mv, Move::Drop { .. }) || due_drop(mv));
        if list.iter().any(due_drop) {
            list.retain(due_drop);
        }
    }

    /// The colour of a square (0 or 1), as a chessboard colours it.
    fn colour(&self, sq: Square) -> usize {
        let g = self.variant.geometry();
        usize::from((g.file_of(sq) + g.rank_of(sq)) % 2)
    }

    /// Drops out of `out[first..]` those that leave a kind of `opposite_colours` unable to
    /// stand on both colours: a piece of the kind dropped on a colour that already holds its
    /// half, or another piece taking a square the kind's pieces in hand still need.
    pub(crate) fn retain_colour_balanced_drops(&self, out: &mut MoveList, first: usize) {
        let kinds = self.variant.hand_tables.opposite_colours;
        if kinds == 0 {
            return;
        }
        let mut balances = [ColourBalance::default(); 32];
        for kind in (0..self.variant.pieces().len()).filter(|&k| kinds & (1 << k) != 0) {
            balances[kind] = self.colour_balance(kind as PieceId);
        }
        let mut i = first;
        while i < out.len() {
            let keep = match out.as_slice()[i] {
                Move::Drop { piece, to } => self.drop_keeps_balance(kinds, &balances, piece, to),
                _ => true,
            };
            if keep {
                i += 1;
            } else {
                out.swap_remove(i);
            }
        }
    }

    fn colour_balance(&self, kind: PieceId) -> ColourBalance {
        let us = self.state.side;
        let g = self.variant.geometry();
        let mut balance = ColourBalance { total: u32::from(self.hand_count(us, kind)), ..ColourBalance::default() };
        for (sq, piece) in self.pieces_of(us).filter(|(_, piece)| piece.kind == kind) {
            debug_assert_eq!(piece.side, us);
            balance.total += 1;
            balance.on[self.colour(sq)] += 1;
        }
        for sq in g.squares() {
            let in_region = self.variant.hand_tables.may_drop_on_rank(kind, g.relative_rank(sq, us));
            if in_region && self.takes_drop(sq, kind) {
                balance.free[self.colour(sq)] += 1;
            }
        }
        balance
    }

    fn drop_keeps_balance(&self, kinds: u32, balances: &[ColourBalance; 32], piece: PieceId, to: Square) -> bool {
        let colour = self.colour(to);
        if kinds & (1 << piece) != 0 {
            let balance = &balances[usize::from(piece)];
            return balance.on[colour] < balance.total.div_ceil(2);
        }
        let g = self.variant.geometry();
        (0..self.variant.pieces().len()).filter(|&k| kinds & (1 << k) != 0).all(|kind| {
            let balance = &balances[kind];
            let takes =
                self.variant.hand_tables.may_drop_on_rank(kind as PieceId, g.relative_rank(to, self.state.side));
            (0..2).all(|c| {
                let free = balance.free[c] - u32::from(takes && c == colour);
                balance.on[c] + free >= balance.total / 2
            })
        })
    }

    /// With `castling for dropped pieces`: a king or rook dropped on its castling square of
    /// the first rank gains the castling rights it completes.
    pub(crate) fn castling_rights_for_drop(&mut self, kind: PieceId, to: Square) {
        let v = &*self.variant;
        if !v.hand_tables.castling_drops || v.spec().rules.castling.is_none() {
            return;
        }
        let us = self.state.side;
        let g = v.geometry();
        if g.relative_rank(to, us) != 0 {
            return;
        }
        let king_file = g.files / 2;
        let corner = |file: u8| file == 0 || file == g.files - 1;
        let role = v.piece(kind).castling;
        let rank = g.rank_of(to);
        let board = g.board_of(to);
        let mut rooks = Vec::new();
        if role == CastleRole::King && g.file_of(to) == king_file {
            for file in [0, g.files - 1] {
                let sq = g.square(board, file, rank);
                if self.holds_role(sq, us, CastleRole::Rook) {
                    rooks.push(sq);
                }
            }
        } else if role == CastleRole::Rook
            && corner(g.file_of(to))
            && self.holds_role(g.square(board, king_file, rank), us, CastleRole::King)
        {
            rooks.push(to);
        }
        let mut rights = self.state.castling;
        for rook in rooks {
            let wing = usize::from(g.file_of(rook) < king_file);
            rights[us.index()][wing] = Some(rook);
        }
        self.set_castling(rights);
    }

    /// Whether a piece of `side` with the castling `role` stands on `sq`.
    fn holds_role(&self, sq: Square, side: Side, role: CastleRole) -> bool {
        let code = self.board.cells[sq.index()] & PIECE_BITS;
        code != 0
            && self.piece_at(sq).is_some_and(|piece| piece.side == side)
            && self.variant.piece(code_kind(code)).castling == role
    }
}
