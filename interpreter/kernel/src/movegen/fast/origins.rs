//! The legal origins of an ordinary piece move onto one square, read from the attack sets
//! of the piece kinds named: what resolving a record's `Nf3` needs, without generating the
//! position's moves. Only for the positions the fast path plays (no tokens on the board, no
//! special moves, one royal piece to move) and only for kinds without first-move patterns:
//! a piece of such a kind moves where it attacks, and the move is legal when no enemy piece
//! attacks the royal piece afterwards (the fast generator's own rule). A pawn's step or
//! capture onto a square is found the same way, from the squares behind it, when it neither
//! promotes nor takes en passant.

use super::rules::{kinds_of, squares_of, FastRules};
use super::sliders::{sliders, Sliders};
use crate::geometry::Square;
use crate::moves::Move;
use crate::position::Position;

/// The squares of one file of an 8-file board.
const FILE_A: u64 = 0x0101_0101_0101_0101;

impl Position {
    /// The squares from which a piece of one of `kinds` (a bit mask of piece kinds, the pawn
    /// kind not among them) of the side to move makes a legal ordinary move to `to`; `None`
    /// when this position or these kinds are not for the fast path (the caller generates).
    pub(crate) fn fast_origins_to(&self, kinds: u32, to: usize) -> Option<u64> {
        let rules = self.fast_rules()?;
        if rules.hoppers != 0 || rules.wraps {
            return None;
        }
        let all_kinds = (1u32 << rules.kinds) - 1;
        let pawn = rules.pawn.as_ref().map_or(0, |p| 1u32 << p.kind);
        if rules.uses_first_move || to >= 64 || kinds & !all_kinds != 0 || kinds & pawn != 0 {
            return None;
        }
        let (us, them) = (self.state.side.index(), 1 - self.state.side.index());
        let sides = [self.board.occupied[0].first_word(), self.board.occupied[1].first_word()];
        let royal = self.kind_board(rules.royal as usize);
        let king = royal & sides[us];
        let to_bit = 1u64 << to;
        if king.count_ones() != 1 || royal & sides[them] & to_bit != 0 {
            return None;
        }
        if sides[us] & to_bit != 0 {
            return Some(0);
        }
        let occupied = sides[0] | sides[1];
        let sl = sliders();
        let mut origins = 0;
        for kind in kinds_of(kinds) {
            origins |= self.reaching(rules, sl, kind, us, to, occupied) & self.kind_board(kind) & sides[us];
        }
        let mut legal = 0;
        for from in squares_of(origins) {
            let from_bit = 1u64 << from;
            let after = (occupied & !from_bit) | to_bit;
            let king_square = if king & from_bit != 0 { to } else { king.trailing_zeros() as usize };
            if !self.attacked(rules, sl, king_square, them, sides[them] & !to_bit, after) {
                legal |= from_bit;
            }
        }
        Some(legal)
    }

    /// The legal pawn move of the side to move onto `to` from the file `from_file` (the
    /// file of `to` when none): a step, a double step or a capture. `None` when it is not
    /// exactly one such move, or when this path does not decide it (a promotion, en passant,
    /// a first-move rule, a board of other than 8 files, a position the fast path does not play).
    pub(crate) fn fast_pawn_move_to(&self, from_file: Option<usize>, to: usize) -> Option<Move> {
        let rules = self.fast_rules()?;
        let pawn = rules.pawn.as_ref().filter(|_| rules.hoppers == 0 && !rules.wraps)?;
        let (us, them) = (self.state.side.index(), 1 - self.state.side.index());
        let to_bit = 1u64 << to.min(63);
        let en_passant = self.state.ep.is_some_and(|ep| ep.square.index() == to);
        if rules.uses_first_move || to >= 64 || self.geometry().files != 8 || en_passant {
            return None;
        }
        // Without tokens on the board no file ends short of the zone: the compulsory and
        // optional zones are every square where a pawn may promote.
        if (pawn.promotion_zone[us] | pawn.masks.optional_zone[us]) & to_bit != 0 {
            return None;
        }
        let sides = [self.board.occupied[0].first_word(), self.board.occupied[1].first_word()];
        let royal = self.kind_board(rules.royal as usize);
        let king = royal & sides[us];
        if king.count_ones() != 1 || royal & sides[them] & to_bit != 0 || sides[us] & to_bit != 0 {
            return None;
        }
        let pawns = self.kind_board(pawn.kind as usize) & sides[us];
        let occupied = sides[0] | sides[1];
        let (from, double) = if sides[them] & to_bit != 0 {
            let origins = rules.pawn_captured_from[us][to] & pawns & (FILE_A << from_file?);
            (origins.count_ones() == 1).then_some((origins.trailing_zeros() as usize, false))?
        } else {
            if from_file.is_some_and(|file| file != to % 8) {
                return None;
            }
            // Black's step to the eighth rank would come from off the board: no such move.
            let one = if us == 0 { to.checked_sub(8)? } else { to + 8 };
            if one >= 64 {
                return None;
            }
            if pawns & 1 << one != 0 {
                (one, false)
            } else {
                let double = pawn.double.filter(|double| !double.first_move)?;
                let two = if us == 0 { one.checked_sub(8)? } else { one + 8 };
                let starts = two < 64 && pawns & double.from_mask[us] & 1 << two != 0;
                (starts && occupied & 1 << one == 0).then_some((two, double.sets_en_passant))?
            }
        };
        let after = (occupied & !(1u64 << from)) | to_bit;
        let king_square = king.trailing_zeros() as usize;
        if self.attacked(rules, sliders(), king_square, them, sides[them] & !to_bit, after) {
            return None;
        }
        let (from, to) = (Square(from as u16), Square(to as u16));
        Some(match double {
            true => Move::DoubleStep { from, to, passed: Square((from.0 + to.0) / 2) },
            false => Move::Normal { from, to, promotion: None },
        })
    }

    /// The squares from which a piece of `kind` of `side` reaches `to`.
    #[inline(always)]
    fn reaching(&self, rules: &FastRules, sl: &Sliders, kind: usize, side: usize, to: usize, occupied: u64) -> u64 {
        let bit = 1u32 << kind;
        let mut from = if rules.leapers & bit != 0 { rules.leaps_to[side][kind][to] } else { 0 };
        if rules.orth & bit != 0 {
            from |= sl.orth(to, occupied);
        }
        if rules.diag & bit != 0 {
            from |= sl.diag(to, occupied);
        }
        from
    }

    /// Whether a piece among `by_pieces` (of side `by`) attacks `square` with `occupied`
    /// blocking.
    #[inline(always)]
    fn attacked(
        &self,
        rules: &FastRules,
        sl: &Sliders,
        square: usize,
        by: usize,
        by_pieces: u64,
        occupied: u64,
    ) -> bool {
        let (mut orth, mut diag) = (0, 0);
        for kind in kinds_of(rules.orth) {
            orth |= self.kind_board(kind);
        }
        for kind in kinds_of(rules.diag) {
            diag |= self.kind_board(kind);
        }
        let mut attackers = (sl.orth(square, occupied) & orth) | (sl.diag(square, occupied) & diag);
        if let Some(pawn) = rules.pawn.as_ref() {
            attackers |= rules.pawn_captured_from[by][square] & self.kind_board(pawn.kind as usize);
        }
        for kind in kinds_of(rules.leapers) {
            attackers |= rules.leaps_to[by][kind][square] & self.kind_board(kind);
        }
        attackers & by_pieces != 0
    }
}
