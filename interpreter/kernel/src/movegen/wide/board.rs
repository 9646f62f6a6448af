//! The wide bit boards' position: one rectangular board of up to 128 squares as 128-bit
//! sets (one per piece kind and per side, with a square-to-piece array), made from a
//! [`Position`] once, at the root of a perft, by scanning its cells, and then played by
//! copy-make, so the position keeps no wide sets of its own. Moves are packed words that
//! turn into the kernel's [`Move`] values one to one.

use super::lines::Bits;
use super::rules::{WideRules, WIDE_KINDS};
use crate::geometry::Square;
use crate::moves::Move;
use crate::position::Position;
use crate::variant::MAX_PIECES;

/// The kind part of a cell (`kind + 1`, 0 when empty): its piece code without the side bit.
const KIND_CODE: u8 = 0x1F;

/// No square (castling right or en-passant square absent).
pub(crate) const NONE: u8 = 128;

/// A move packed in a word: from (7 bits), to (7), flag (2), promotion kind + 1 (5).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct WideMove(u32);

const NORMAL: u32 = 0;
const DOUBLE: u32 = 1;
const EN_PASSANT: u32 = 2;
const CASTLE: u32 = 3;
/// A move through a link (flag bits unused): the linked square in the `to` bits, the exit in
/// bits 21-27.
const TRANSIT: u32 = 1 << 31;

impl WideMove {
    #[inline(always)]
    pub(crate) fn normal(from: usize, to: usize, promotion: Option<u8>) -> WideMove {
        let promo = promotion.map_or(0, |k| u32::from(k) + 1);
        WideMove(from as u32 | (to as u32) << 7 | NORMAL << 14 | promo << 16)
    }
    #[inline(always)]
    pub(crate) fn double(from: usize, to: usize) -> WideMove {
        WideMove(from as u32 | (to as u32) << 7 | DOUBLE << 14)
    }
    #[inline(always)]
    pub(crate) fn en_passant(from: usize, to: usize) -> WideMove {
        WideMove(from as u32 | (to as u32) << 7 | EN_PASSANT << 14)
    }
    #[inline(always)]
    pub(crate) fn castle(king: usize, rook: usize) -> WideMove {
        WideMove(king as u32 | (rook as u32) << 7 | CASTLE << 14)
    }
    #[inline(always)]
    pub(crate) fn is_en_passant(self) -> bool {
        self.flag() == EN_PASSANT
    }
    #[inline(always)]
    pub(crate) fn transit(from: usize, entry: usize, exit: usize, promotion: Option<u8>) -> WideMove {
        let promo = promotion.map_or(0, |k| u32::from(k) + 1);
        WideMove(from as u32 | (entry as u32) << 7 | promo << 16 | (exit as u32) << 21 | TRANSIT)
    }
    #[inline(always)]
    fn is_transit(self) -> bool {
        self.0 & TRANSIT != 0
    }
    #[inline(always)]
    fn exit(self) -> usize {
        (self.0 >> 21 & 127) as usize
    }
    #[inline(always)]
    fn from(self) -> usize {
        (self.0 & 127) as usize
    }
    #[inline(always)]
    fn to(self) -> usize {
        (self.0 >> 7 & 127) as usize
    }
    #[inline(always)]
    fn flag(self) -> u32 {
        self.0 >> 14 & 3
    }
    #[inline(always)]
    fn promotion(self) -> Option<u8> {
        let p = self.0 >> 16 & 31;
        (p != 0).then(|| (p - 1) as u8)
    }

    /// The kernel's move for this one.
    pub(crate) fn to_move(self) -> Move {
        let (from, to) = (Square(self.from() as u16), Square(self.to() as u16));
        if self.is_transit() {
            let exit = Square(self.exit() as u16);
            return Move::Transit { from, entry: to, exit, promotion: self.promotion() };
        }
        match self.flag() {
            NORMAL => Move::Normal { from, to, promotion: self.promotion() },
            DOUBLE => Move::DoubleStep { from, to, passed: Square(((self.from() + self.to()) / 2) as u16) },
            EN_PASSANT => Move::EnPassant { from, to },
            _ => Move::Castle { king: from, rook: to },
        }
    }
}

/// A position of a variant the wide bit boards play.
#[derive(Clone, Copy)]
pub(crate) struct Board128<'r> {
    pub rules: &'r WideRules,
    /// `setup_counts[side][kind]`: the pieces of each kind the setup gave each side (for
    /// promotion to lost pieces).
    pub setup_counts: &'r [[u8; MAX_PIECES]; 2],
    /// Pieces of each kind, both sides.
    pub kinds: [Bits; WIDE_KINDS],
    pub sides: [Bits; 2],
    /// `kind + 1` on each square, 0 when empty.
    pub cells: [u8; 128],
    pub us: usize,
    /// Rook squares keeping a castling right, `[side][slot]`, [`NONE`] when gone.
    pub castling: [[u8; 2]; 2],
    pub ep: u8,
    pub ep_victim: u8,
    pub unmoved: Bits,
    /// Squares holding tokens that stop lines and are never entered.
    pub walls: Bits,
}

impl<'r> Board128<'r> {
    /// The board of `pos` (its cells scanned once), or `None` when its royal pieces are
    /// beyond the wide bit boards ([`super::royals::several_royals_fit`]).
    pub(crate) fn from_position(pos: &'r Position, rules: &'r WideRules) -> Option<Board128<'r>> {
        let mut board = Board128 {
            rules,
            setup_counts: &pos.variant.setup_counts,
            kinds: [0; WIDE_KINDS],
            sides: [0; 2],
            cells: [0; 128],
            us: pos.state.side.index(),
            castling: [[NONE; 2]; 2],
            ep: NONE,
            ep_victim: NONE,
            unmoved: 0,
            walls: 0,
        };
        for (sq, &code) in pos.board.cells.iter().enumerate().take(rules.files * rules.ranks) {
            let kind = code & KIND_CODE;
            if kind != 0 {
                board.put(usize::from(code & 0x20 != 0), sq, usize::from(kind - 1));
            }
            if rules.uses_first_move && pos.board.unmoved.contains(Square(sq as u16)) {
                board.unmoved |= 1 << sq;
            }
        }
        for sq in pos.board.token_squares.iter() {
            board.walls |= 1 << sq.index();
        }
        for (side, rights) in pos.state.castling.iter().enumerate() {
            for (slot, right) in rights.iter().enumerate() {
                board.castling[side][slot] = right.map_or(NONE, |sq| sq.index() as u8);
            }
        }
        // One royal piece a side, or (`any number of royal pieces`) as many as `royals.rs`
        // plays: royal pieces are never captured and no promotion makes one.
        let royals = [board.royals(0), board.royals(1)];
        if !super::royals::several_royals_fit(rules, royals, board.castling == [[NONE; 2]; 2]) {
            return None;
        }
        if let Some(ep) = pos.state.ep {
            (board.ep, board.ep_victim) = (ep.square.index() as u8, ep.victim.index() as u8);
        }
        Some(board)
    }

    /// Squares that stop lines: pieces and walls.
    #[inline(always)]
    pub(crate) fn blockers(&self) -> Bits {
        self.sides[0] | self.sides[1] | self.walls
    }

    #[inline(always)]
    pub(crate) fn royals(&self, side: usize) -> Bits {
        self.kinds[self.rules.royal as usize] & self.sides[side]
    }

    #[inline(always)]
    pub(crate) fn pawns(&self, side: usize) -> Bits {
        let k = self.rules.pawn_kind();
        if k < WIDE_KINDS {
            self.kinds[k] & self.sides[side]
        } else {
            0
        }
    }

    #[inline(always)]
    fn put(&mut self, side: usize, sq: usize, kind: usize) {
        self.kinds[kind] |= 1 << sq;
        self.sides[side] |= 1 << sq;
        self.cells[sq] = kind as u8 + 1;
    }

    /// Lifts the piece on `sq`, returning `kind + 1` (0 when empty).
    #[inline(always)]
    fn take(&mut self, sq: usize) -> u8 {
        let code = self.cells[sq];
        if code != 0 {
            let keep = !(1 << sq);
            self.kinds[code as usize - 1] &= keep;
            self.sides[0] &= keep;
            self.sides[1] &= keep;
            self.cells[sq] = 0;
        }
        code
    }

    fn drop_right_at(&mut self, sq: usize) {
        for rights in &mut self.castling {
            for r in rights {
                if *r as usize == sq {
                    *r = NONE;
                }
            }
        }
    }

    /// Where king and rook go when castling with the rook on `rook` (files from the script).
    #[inline]
    pub(crate) fn castle_destinations(&self, king: usize, rook: usize) -> (usize, usize) {
        let c = self.rules.castling.expect("castling rights exist only where castling is declared");
        let files = self.rules.files;
        let rank = king / files;
        let (kf, rf) = if rook % files > king % files {
            (c.king_file_short, c.rook_file_short)
        } else {
            (c.king_file_long, c.rook_file_long)
        };
        (rank * files + kf as usize, rank * files + rf as usize)
    }

    /// Plays `mv` (legal) as the kernel's make does, for this board's fields.
    pub(crate) fn make(&mut self, mv: WideMove) {
        if mv.is_transit() {
            self.make_transit(mv);
            return;
        }
        let (us, them) = (self.us, self.us ^ 1);
        let (from, to) = (mv.from(), mv.to());
        let mut ep = (NONE, NONE);
        if mv.flag() == CASTLE {
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
        } else {
            self.unmoved &= !(1 << from | 1 << to);
            let victim = if mv.flag() == EN_PASSANT { self.ep_victim as usize } else { to };
            if victim < 128 && self.take(victim) != 0 {
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
            if mv.flag() == DOUBLE && self.rules.en_passant_rule {
                ep = (((from + to) / 2) as u8, to as u8);
            }
        }
        (self.ep, self.ep_victim) = ep;
        self.us = them;
    }

    /// Plays a move through a link: what stood on the linked square is captured and the
    /// mover ends on the exit.
    fn make_transit(&mut self, mv: WideMove) {
        let (us, from, entry, exit) = (self.us, mv.from(), mv.to(), mv.exit());
        self.unmoved &= !(1 << from | 1 << exit);
        if self.take(entry) != 0 {
            self.drop_right_at(entry);
        }
        let kind = self.take(from) as usize - 1;
        if self.castling != [[NONE; 2]; 2] {
            if self.rules.castle_king & (1 << kind) != 0 {
                self.castling[us] = [NONE; 2];
            } else {
                self.drop_right_at(from);
            }
        }
        self.put(us, exit, mv.promotion().map_or(kind, usize::from));
        (self.ep, self.ep_victim) = (NONE, NONE);
        self.us = us ^ 1;
    }
}
