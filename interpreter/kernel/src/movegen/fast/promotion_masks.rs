//! Promotion on the bit boards beyond one compulsory zone: the squares where a pawn of each
//! side must promote in a position (the zone, and with `promotes on the last existing square
//! of its file` the squares whose file ends beyond them in permanent holes), the optional
//! zone, and the choices open to the side to move (its own list; with `promotes only to lost
//! pieces`, the kinds it has fewer of than the setup gave it).

use super::board::{Board64, FastMove};
use super::legal::Sink;
use super::rules::{squares_of, PawnRules};
use crate::position::{Position, PIECE_BITS};
use crate::spec::TokenMovement;

/// The eighth rank of the 8x8 board.
const RANK_8: u64 = 0xFF << 56;
/// The first rank of the 8x8 board.
const RANK_1: u64 = 0xFF;

/// The squares where a pawn of each side (`[white, black]`) ending its move must promote in
/// `pos`: the compulsory zone, and the last existing square of each file when the rule asks.
/// `None` when a piece stands on a token while the rule asks: the holes would change when it
/// leaves, which the bit boards do not follow.
pub(crate) fn compulsory_squares(pos: &Position, pawn: &PawnRules) -> Option<[u64; 2]> {
    let [white, black] = pawn.promotion_zone;
    if !pawn.masks.at_last_existing_square {
        return Some([white, black]);
    }
    let occupied = pos.board.occupied[0].first_word() | pos.board.occupied[1].first_word();
    if pos.board.token_squares.first_word() & occupied != 0 {
        return None;
    }
    let [white_ends, black_ends] = last_existing_squares(permanent_holes(pos));
    Some([white | white_ends, black | black_ends])
}

/// The empty squares of the 8x8 board holding a token that removes them for good from
/// non-royal movement: impassable or absent, without a lifetime.
pub(crate) fn permanent_holes(pos: &Position) -> u64 {
    let v = pos.variant();
    pos.board
        .token_squares
        .iter()
        .filter(|sq| sq.index() < 64 && pos.board.cells[sq.index()] & PIECE_BITS == 0)
        .filter(|sq| {
            let stack = pos.board.tokens[sq.index()];
            let effects = v.effects(stack.kind);
            stack.count > 0
                && stack.timer == 0
                && effects.lifetime.is_none()
                && matches!(effects.movers[0].passage, TokenMovement::Impassable | TokenMovement::Absent)
        })
        .fold(0, |holes, sq| holes | 1 << sq.index())
}

/// The squares (`[white, black]`) every square beyond which on its file, in that side's
/// forward direction, is one of `holes`, with at least one square beyond (holes themselves
/// excepted: nothing ends its move on one).
pub(crate) fn last_existing_squares(holes: u64) -> [u64; 2] {
    // Squares whose file is all holes beyond them (the last rank vacuously), spread back
    // one rank at a time.
    let (mut white_open, mut black_open) = (RANK_8, RANK_1);
    for _ in 0..7 {
        white_open |= (white_open & holes) >> 8;
        black_open |= (black_open & holes) << 8;
    }
    let ends = [white_open & !RANK_8 & (holes >> 8), black_open & !RANK_1 & (holes << 8)];
    ends.map(|squares| squares & !holes)
}

impl Board64<'_> {
    /// The squares where a pawn of the side to move ending its move promotes or may promote
    /// (a last existing square in the optional zone is compulsory).
    #[inline(always)]
    pub(crate) fn promoting_squares(&self, pawn: &PawnRules) -> u64 {
        self.promotion_squares[self.us] | pawn.masks.optional_zone[self.us]
    }

    /// The pawn moves from `from` to `to`, a promoting square: staying what it is when the
    /// square is in the optional zone, and one move per choice open to the side to move.
    #[inline(never)]
    pub(crate) fn push_promotions<S: Sink>(&self, pawn: &PawnRules, from: usize, to: usize, sink: &mut S) {
        let optional = pawn.masks.optional_zone[self.us] & !self.promotion_squares[self.us];
        if optional & (1 << to) != 0 {
            sink.push(FastMove::normal(from, to, None));
        }
        for choice in self.open_choices(pawn) {
            sink.push(FastMove::normal(from, to, Some(choice)));
        }
    }

    /// The promotion moves onto each square of `targets` (promoting squares), each from the
    /// square `delta` before it.
    #[inline(never)]
    pub(crate) fn push_shifted_promotions<S: Sink>(&self, pawn: &PawnRules, targets: u64, delta: i32, sink: &mut S) {
        for to in squares_of(targets) {
            self.push_promotions(pawn, (to as i32 - delta) as usize, to, sink);
        }
    }

    /// The kinds the side to move may promote to, in its list's order.
    #[inline(always)]
    fn open_choices<'p>(&self, pawn: &'p PawnRules) -> impl Iterator<Item = u8> + 'p {
        let us = self.us;
        let list = &pawn.masks.side_choices[us];
        let lost = |kind: usize| {
            (self.kinds[kind] & self.sides[us]).count_ones() < u32::from(pawn.masks.setup_counts[us][kind])
        };
        let open = list
            .iter()
            .map(|&choice| usize::from(choice))
            .filter(|&kind| !pawn.masks.only_lost || lost(kind))
            .fold(0u32, |open, kind| open | 1 << kind);
        list.iter().copied().filter(move |&choice| open & 1 << choice != 0)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn square(name: &str) -> u64 {
        let b = name.as_bytes();
        1 << (usize::from(b[1] - b'1') * 8 + usize::from(b[0] - b'a'))
    }

    #[test]
    fn corner_holes_end_the_a_and_h_files_one_rank_early_for_each_side() {
        let holes = square("a1") | square("h1") | square("a8") | square("h8");
        let [white, black] = last_existing_squares(holes);
        assert_eq!(white, square("a7") | square("h7"));
        assert_eq!(black, square("a2") | square("h2"));
    }

    #[test]
    fn a_file_ends_only_where_every_square_beyond_is_a_hole() {
        let holes = square("c8") | square("c6") | square("d8") | square("d7");
        let [white, black] = last_existing_squares(holes);
        assert_eq!(white, square("c7") | square("d6"), "c7 (c8 a hole), d6 (d7, d8 holes), never c5");
        assert_eq!(black, 0);
    }
}
