//! The fast path's position: one 8x8 board as bit boards (one per piece kind and per side,
//! with a square-to-piece array), made from a [`Position`] that qualifies and played by
//! copy-make. Its moves are packed words that turn into the kernel's [`Move`] values one to
//! one, so the rest of the program cannot tell which path produced them.

use super::rules::{FastRules, FAST_KINDS};
use super::sliders::{sliders, Sliders};
use super::tokens::Tokens;
use crate::geometry::Square;
use crate::moves::Move;
use crate::position::Position;

/// The kind part of a cell (`kind + 1`, 0 when empty): its piece code without the side bit.
const KIND_CODE: u8 = 0x1F;

/// No square (castling right or en-passant square absent).
pub(crate) const NONE: u8 = 64;

/// A move packed in a word: from (6 bits), to (6), flag (2), promotion kind + 1 (5).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct FastMove(u32);

const NORMAL: u32 = 0;
const DOUBLE: u32 = 1;
const EN_PASSANT: u32 = 2;
const CASTLE: u32 = 3;
/// A transit (flag bits unused): the entry in the `to` bits, the exit in bits 20-25.
const TRANSIT: u32 = 1 << 31;
/// A double step whose passed square (bits 20-25) is not the midpoint (warped lines).
const PASSED: u32 = 1 << 30;

impl FastMove {
    #[inline(always)]
    pub(crate) fn normal(from: usize, to: usize, promotion: Option<u8>) -> FastMove {
        let promo = promotion.map_or(0, |k| u32::from(k) + 1);
        FastMove(from as u32 | (to as u32) << 6 | NORMAL << 12 | promo << 14)
    }
    #[inline(always)]
    pub(crate) fn double(from: usize, to: usize) -> FastMove {
        FastMove(from as u32 | (to as u32) << 6 | DOUBLE << 12)
    }
    #[inline(always)]
    pub(crate) fn en_passant(from: usize, to: usize) -> FastMove {
        FastMove(from as u32 | (to as u32) << 6 | EN_PASSANT << 12)
    }
    #[inline(always)]
    pub(crate) fn castle(king: usize, rook: usize) -> FastMove {
        FastMove(king as u32 | (rook as u32) << 6 | CASTLE << 12)
    }
    #[inline(always)]
    pub(crate) fn transit(from: usize, entry: usize, exit: usize, promotion: Option<u8>) -> FastMove {
        let promo = promotion.map_or(0, |k| u32::from(k) + 1);
        FastMove(from as u32 | (entry as u32) << 6 | promo << 14 | (exit as u32) << 20 | TRANSIT)
    }
    /// A double step over `passed` (on a warped board, the first existing square).
    #[inline(always)]
    pub(crate) fn double_over(from: usize, to: usize, passed: usize) -> FastMove {
        FastMove(from as u32 | (to as u32) << 6 | DOUBLE << 12 | (passed as u32) << 20 | PASSED)
    }
    #[inline(always)]
    fn passed(self) -> usize {
        if self.0 & PASSED != 0 {
            (self.0 >> 20 & 63) as usize
        } else {
            (self.from() + self.to()) / 2
        }
    }
    #[inline(always)]
    pub(crate) fn is_en_passant(self) -> bool {
        !self.is_transit() && self.flag() == EN_PASSANT
    }
    #[inline(always)]
    pub(crate) fn is_transit(self) -> bool {
        self.0 & TRANSIT != 0
    }
    #[inline(always)]
    pub(crate) fn origin(self) -> usize {
        self.from()
    }
    /// The destination, or a transit's entry.
    #[inline(always)]
    pub(crate) fn to_square(self) -> usize {
        self.to()
    }
    #[inline(always)]
    pub(crate) fn exit_square(self) -> usize {
        (self.0 >> 20 & 63) as usize
    }
    #[inline(always)]
    pub(crate) fn promotion_kind(self) -> Option<u8> {
        self.promotion()
    }
    #[inline(always)]
    fn from(self) -> usize {
        (self.0 & 63) as usize
    }
    #[inline(always)]
    fn to(self) -> usize {
        (self.0 >> 6 & 63) as usize
    }
    #[inline(always)]
    fn flag(self) -> u32 {
        self.0 >> 12 & 3
    }
    #[inline(always)]
    fn promotion(self) -> Option<u8> {
        let p = self.0 >> 14 & 31;
        (p != 0).then(|| (p - 1) as u8)
    }

    #[inline(always)]
    pub(crate) fn is_castle(self) -> bool {
        !self.is_transit() && self.flag() == CASTLE
    }

    /// The fast path's word for a kernel move, if it has one.
    pub(crate) fn from_move(mv: Move) -> Option<FastMove> {
        Some(match mv {
            Move::Normal { from, to, promotion } => FastMove::normal(from.index(), to.index(), promotion),
            Move::DoubleStep { from, to, passed } => FastMove::double_over(from.index(), to.index(), passed.index()),
            Move::EnPassant { from, to } => FastMove::en_passant(from.index(), to.index()),
            Move::Castle { king, rook } => FastMove::castle(king.index(), rook.index()),
            Move::Transit { from, entry, exit, promotion } => {
                FastMove::transit(from.index(), entry.index(), exit.index(), promotion)
            }
            Move::Intent | Move::Teleport { .. } | Move::Pass | Move::Special { .. } | Move::Drop { .. } => {
                return None
            }
        })
    }

    /// The kernel's move for this one.
    pub(crate) fn to_move(self) -> Move {
        let (from, to) = (Square(self.from() as u16), Square(self.to() as u16));
        if self.is_transit() {
            let exit = Square(self.exit_square() as u16);
            return Move::Transit { from, entry: to, exit, promotion: self.promotion() };
        }
        match self.flag() {
            NORMAL => Move::Normal { from, to, promotion: self.promotion() },
            DOUBLE => Move::DoubleStep { from, to, passed: Square(self.passed() as u16) },
            EN_PASSANT => Move::EnPassant { from, to },
            _ => Move::Castle { king: from, rook: to },
        }
    }
}

/// A position of a fast-path variant.
#[derive(Clone, Copy)]
pub(crate) struct Board64<'r> {
    pub rules: &'r FastRules,
    pub sl: &'static Sliders,
    /// Pieces of each kind, both sides.
    pub kinds: [u64; FAST_KINDS],
    pub sides: [u64; 2],
    /// `kind + 1` on each square, 0 when empty.
    pub cells: [u8; 64],
    pub us: usize,
    /// Rook squares keeping a castling right, `[side][slot]`, [`NONE`] when gone.
    pub castling: [[u8; 2]; 2],
    pub ep: u8,
    pub ep_victim: u8,
    pub unmoved: u64,
    /// The tokens on the board (none unless the bit boards play the variant's token kind).
    pub tokens: Tokens,
    /// Where a pawn of each side ending its move must promote (`promotion_masks.rs`).
    pub promotion_squares: [u64; 2],
}

impl<'r> Board64<'r> {
    /// The board of `pos`, or `None` when its royal pieces are beyond the bit boards
    /// ([`super::royals::several_royals_fit`]).
    /// Nothing is scanned: the position keeps its kind and side bit boards in step with
    /// every piece change ([`Position::kind_board`]), and the square-to-piece array is its
    /// cells with the side and token bits dropped.
    #[inline]
    pub(crate) fn from_position(pos: &Position, rules: &'r FastRules) -> Option<Board64<'r>> {
        let sides = [pos.board.occupied[0].first_word(), pos.board.occupied[1].first_word()];
        let mut kinds = [0; FAST_KINDS];
        for (k, bits) in kinds.iter_mut().enumerate().take(rules.kinds) {
            *bits = pos.kind_board(k);
        }
        let promotion_squares = match rules.pawn.as_ref() {
            Some(pawn) => super::promotion_masks::compulsory_squares(pos, pawn)?,
            None => [0; 2],
        };
        let mut cells = [0; 64];
        for (cell, &code) in cells.iter_mut().zip(&pos.board.cells[..64]) {
            *cell = code & KIND_CODE;
        }
        let mut castling = [[NONE; 2]; 2];
        for (side, rights) in pos.state.castling.iter().enumerate() {
            for (slot, right) in rights.iter().enumerate() {
                castling[side][slot] = right.map_or(NONE, |sq| sq.index() as u8);
            }
        }
        // One royal piece a side, or (`any number of royal pieces`) as many as `royals.rs`
        // plays: royal pieces are never captured and the tables admit no promotion to one,
        // so the counts stay so below this position.
        let royals = kinds[rules.royal as usize];
        let no_tokens = pos.board.token_squares.is_empty();
        let royals = [royals & sides[0], royals & sides[1]];
        if !super::royals::several_royals_fit(rules, royals, no_tokens, castling == [[NONE; 2]; 2]) {
            return None;
        }
        let (ep, ep_victim) =
            pos.state.ep.map_or((NONE, NONE), |ep| (ep.square.index() as u8, ep.victim.index() as u8));
        let unmoved = if rules.uses_first_move { pos.board.unmoved.first_word() } else { 0 };
        Some(Board64 {
            rules,
            sl: sliders(),
            kinds,
            sides,
            cells,
            us: pos.state.side.index(),
            castling,
            ep,
            ep_victim,
            unmoved,
            tokens: Tokens::of(pos, rules.token.as_ref()),
            promotion_squares,
        })
    }

    #[inline(always)]
    pub(crate) fn occupied(&self) -> u64 {
        self.sides[0] | self.sides[1]
    }

    #[inline(always)]
    pub(crate) fn royals(&self, side: usize) -> u64 {
        self.kinds[self.rules.royal as usize] & self.sides[side]
    }

    #[inline(always)]
    pub(crate) fn pawns(&self, side: usize) -> u64 {
        let k = self.rules.pawn_kind();
        if k < FAST_KINDS {
            self.kinds[k] & self.sides[side]
        } else {
            0
        }
    }

    /// The pieces of `side` sliding orthogonally and diagonally.
    #[inline(always)]
    pub(crate) fn line_pieces(&self, side: usize) -> (u64, u64) {
        let (mut orth, mut diag) = (0, 0);
        for k in super::rules::kinds_of(self.rules.orth) {
            orth |= self.kinds[k];
        }
        for k in super::rules::kinds_of(self.rules.diag) {
            diag |= self.kinds[k];
        }
        (orth & self.sides[side], diag & self.sides[side])
    }

    /// The pieces of `by` (a subset given as `by_pieces`) that attack `sq` with `occupied`
    /// blocking; `lines` are `by`'s line pieces from [`Board64::line_pieces`].
    #[inline(always)]
    pub(crate) fn attackers(&self, sq: usize, by: usize, by_pieces: u64, occupied: u64, lines: (u64, u64)) -> u64 {
        if self.is_shaped() {
            self.attackers_in::<true>(sq, by, by_pieces, occupied, lines)
        } else {
            self.attackers_in::<false>(sq, by, by_pieces, occupied, lines)
        }
    }

    /// [`Board64::attackers`]; hops and a cylinder's lines are read only when `SHAPED` (the
    /// caller knows the variant has neither otherwise: see [`Board64::is_shaped`]).
    #[inline(always)]
    pub(crate) fn attackers_in<const SHAPED: bool>(
        &self,
        sq: usize,
        by: usize,
        by_pieces: u64,
        occupied: u64,
        lines: (u64, u64),
    ) -> u64 {
        let r = self.rules;
        let mut a = (self.orth_in::<SHAPED>(sq, occupied) & lines.0) | (self.diag_in::<SHAPED>(sq, occupied) & lines.1);
        a |= r.pawn_captured_from[by][sq] & self.pawns(by);
        for k in super::rules::kinds_of(r.leapers) {
            a |= r.leaps_to[by][k][sq] & self.kinds[k];
        }
        if SHAPED && r.hoppers != 0 {
            a |= self.hop_attackers(sq, by, by_pieces, occupied);
        }
        a & by_pieces
    }

    /// Whether the variant has hoppers or a cylinder, which the `SHAPED` forms read.
    #[inline(always)]
    pub(crate) fn is_shaped(&self) -> bool {
        self.rules.hoppers != 0 || self.rules.wraps
    }

    /// Orthogonal sliding attacks from `sq` (round the cylinder when the files wrap and
    /// `SHAPED`).
    #[inline(always)]
    fn orth_in<const SHAPED: bool>(&self, sq: usize, occupied: u64) -> u64 {
        if SHAPED && self.rules.wraps {
            super::cylinder::cylinder().orth(sq, occupied)
        } else {
            self.sl.orth(sq, occupied)
        }
    }

    /// Diagonal sliding attacks from `sq` (round the cylinder when the files wrap and
    /// `SHAPED`).
    #[inline(always)]
    fn diag_in<const SHAPED: bool>(&self, sq: usize, occupied: u64) -> u64 {
        if SHAPED && self.rules.wraps {
            super::cylinder::cylinder().diag(sq, occupied)
        } else {
            self.sl.diag(sq, occupied)
        }
    }

    /// What a piece of `kind` of the side to move attacks from `from`; hops and a cylinder's
    /// lines only when `SHAPED`.
    #[inline(always)]
    pub(crate) fn piece_attacks_in<const SHAPED: bool>(&self, kind: usize, from: usize, occupied: u64) -> u64 {
        let r = self.rules;
        let bit = 1u32 << kind;
        let mut a = if r.leapers & bit != 0 { r.leaps[self.us][kind][from] } else { 0 };
        if r.orth & bit != 0 {
            a |= self.orth_in::<SHAPED>(from, occupied);
        }
        if r.diag & bit != 0 {
            a |= self.diag_in::<SHAPED>(from, occupied);
        }
        if SHAPED && r.hoppers & bit != 0 {
            a |= self.hop_targets(r.hop_dirs[self.us][kind], from, occupied);
        }
        a
    }

    #[inline(always)]
    pub(crate) fn put(&mut self, side: usize, sq: usize, kind: usize) {
        self.kinds[kind] |= 1 << sq;
        self.sides[side] |= 1 << sq;
        self.cells[sq] = kind as u8 + 1;
    }

    /// Lifts the piece on `sq`, returning `kind + 1` (0 when empty).
    #[inline(always)]
    pub(crate) fn take(&mut self, sq: usize) -> u8 {
        let code = self.cells[sq];
        if code != 0 {
            self.kinds[code as usize - 1] &= !(1 << sq);
            self.sides[0] &= !(1 << sq);
            self.sides[1] &= !(1 << sq);
            self.cells[sq] = 0;
        }
        code
    }

    pub(crate) fn drop_right_at(&mut self, sq: usize) {
        for rights in &mut self.castling {
            for r in rights {
                if *r as usize == sq {
                    *r = NONE;
                }
            }
        }
    }

    /// Where king and rook go when castling with the rook on `rook` (Chess960-style files).
    #[inline]
    pub(crate) fn castle_destinations(&self, king: usize, rook: usize) -> (usize, usize) {
        let c = self.rules.castling.expect("castling rights exist only where castling is declared");
        let rank = king / 8;
        let (kf, rf) = if rook % 8 > king % 8 {
            (c.king_file_short, c.rook_file_short)
        } else {
            (c.king_file_long, c.rook_file_long)
        };
        (rank * 8 + kf as usize, rank * 8 + rf as usize)
    }

    /// A move of `kind` from `from` ends castling rights as the kernel's make does.
    #[inline(always)]
    pub(crate) fn drop_rights_of_mover(&mut self, us: usize, kind: usize, from: usize) {
        if self.castling != [[NONE; 2]; 2] {
            if self.rules.castle_king & (1 << kind) != 0 {
                self.castling[us] = [NONE; 2];
            } else {
                self.drop_right_at(from);
            }
        }
    }

    /// Plays `mv` (legal) as the kernel's make does, for this board's fields.
    pub(crate) fn make(&mut self, mv: FastMove) {
        if mv.is_transit() {
            self.make_transit(mv);
            return;
        }
        let (us, them) = (self.us, self.us ^ 1);
        let (from, to) = (mv.from(), mv.to());
        let mut ep = (NONE, NONE);
        match mv.flag() {
            CASTLE => {
                let (kd, rd) = self.castle_destinations(from, to);
                let king = self.take(from);
                let rook = self.take(to);
                if king != 0 {
                    self.put(us, kd, king as usize - 1);
                }
                if rook != 0 {
                    self.put(us, rd, rook as usize - 1);
                }
                self.castling[us] = [NONE; 2];
                self.unmoved &= !(1 << from | 1 << kd);
            }
            flag => {
                self.unmoved &= !(1 << from | 1 << to);
                let victim = if flag == EN_PASSANT { self.ep_victim as usize } else { to };
                if victim < 64 && self.take(victim) != 0 {
                    self.drop_right_at(victim);
                }
                let kind = self.take(from) as usize - 1;
                if self.castling != [[NONE; 2]; 2] {
                    if self.rules.castle_king & (1 << kind) != 0 {
                        self.castling[us] = [NONE; 2];
                    } else {
                        self.drop_right_at(from);
                    }
                }
                self.put(us, to, mv.promotion().map_or(kind, usize::from));
                if flag == DOUBLE && self.rules.en_passant_rule {
                    ep = (mv.passed() as u8, to as u8);
                }
                // WH6: a royal piece landing on a token removes it (no other piece lands on
                // one by an ordinary move on the fast path).
                self.tokens.all &= !(1 << to);
            }
        }
        (self.ep, self.ep_victim) = ep;
        self.us = them;
    }
}
