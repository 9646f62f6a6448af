//! Legal moves on a [`Board128`] when the side to move has no royal piece or several
//! (`any number of royal pieces`), as the 64-square boards play them (`fast/royals.rs`): a
//! move is legal only if it leaves none of the mover's royal pieces attacked (K1 for each).
//! A non-royal move ends inside every royal piece's check mask and inside every pin it
//! stands in; a royal piece's move ends unattacked with it lifted and inside the others'
//! masks and pins. Pinned pawns and en passant are tested on the board after them. Such
//! boards hold no castling rights ([`several_royals_fit`]).

use super::board::{Board128, WideMove};
use super::legal::{Safety, Sink, Tested};
use super::lines::{squares_of, Bits};
use super::rules::WideRules;

/// Up to this many royal pieces a side take the wide bit boards (more: table walking).
const MAX_ROYALS: usize = 8;

/// Whether the wide bit boards play a position whose sides have `royals` (own royal pieces
/// per side): one each, or, when the variant allows any number, at most [`MAX_ROYALS`] a
/// side, no castling right (castling names one king) and no square links (a move through a
/// link is judged for one royal piece only).
pub(super) fn several_royals_fit(rules: &WideRules, royals: [Bits; 2], no_castling: bool) -> bool {
    let one_each = royals.iter().all(|r| r.count_ones() == 1);
    let counts_fit = royals.iter().all(|r| r.count_ones() as usize <= MAX_ROYALS);
    one_each || rules.royals_any_number && counts_fit && no_castling && rules.links.starts == 0
}

/// The safety of each royal piece of the side to move and what they ask of every move.
struct Guards {
    /// One [`Safety`] per royal piece (the first `count`).
    each: [Safety; MAX_ROYALS],
    count: usize,
    /// Squares a non-royal move must end on: every royal piece's check mask.
    mask: Bits,
    /// Pieces pinned to at least one royal piece (royal pieces among them).
    pinned: Bits,
}

/// A safety that judges nothing: every square open, en passant left to the sink.
const UNJUDGED: Safety = Safety {
    king: 0,
    checkers: 0,
    mask: Bits::MAX,
    pinned: 0,
    pin_span: 0,
    their_lines: (0, 0),
    tested: Tested::EnPassant,
};

impl Board128<'_> {
    /// Whether the side to move has other than one royal piece (only in a variant with any
    /// number of them).
    #[inline(always)]
    pub(super) fn has_other_than_one_royal(&self) -> bool {
        self.rules.royals_any_number && self.royals(self.us).count_ones() != 1
    }

    /// The safety of every royal piece of the side to move.
    #[inline(always)]
    fn guards(&self) -> Guards {
        let mut guards = Guards { each: [UNJUDGED; MAX_ROYALS], count: 0, mask: Bits::MAX, pinned: 0 };
        for king in squares_of(self.royals(self.us)) {
            let s = self.safety_at(king);
            guards.mask &= s.mask;
            guards.pinned |= s.pinned;
            guards.each[guards.count] = s;
            guards.count += 1;
        }
        guards
    }

    /// Where the piece on `from` may end by the pins it stands in (all squares when none).
    #[inline(always)]
    fn pin_limit(&self, guards: &Guards, from: usize) -> Bits {
        let bit: Bits = 1 << from;
        if guards.pinned & bit == 0 {
            return Bits::MAX;
        }
        let pins = guards.each[..guards.count].iter().filter(|s| s.pinned & bit != 0);
        pins.fold(Bits::MAX, |ray, s| ray & self.pin_ray(s, from))
    }

    /// Every legal move of the side to move, with no royal piece or several.
    #[cold]
    #[inline(never)]
    pub(super) fn generate_for_royals<S: Sink>(&self, sink: &mut S) {
        let guards = self.guards();
        let (us, them) = (self.us, self.us ^ 1);
        let occupied = self.blockers();
        let targets = !self.sides[us] & !self.royals(them) & !self.walls;
        self.royal_moves(&guards, targets, sink);
        let royal = self.rules.royal as usize;
        let pawn_kind = self.rules.pawn_kind();
        for kind in 0..self.rules.kinds {
            if kind == royal || kind == pawn_kind {
                continue;
            }
            for from in squares_of(self.kinds[kind] & self.sides[us]) {
                let to = self.piece_attacks(kind, from, occupied) & targets & guards.mask;
                sink.targets(from, to & self.pin_limit(&guards, from));
            }
        }
        if self.rules.pawn.is_some() {
            let pawns = self.pawns(us);
            let free = Safety { mask: guards.mask, ..UNJUDGED };
            self.pawn_moves_of(&free, pawns & !guards.pinned, targets, &mut EnPassantTested { board: self, sink });
            if pawns & guards.pinned != 0 {
                self.pawn_moves_of(&UNJUDGED, pawns & guards.pinned, targets, &mut RoyalsTested { board: self, sink });
            }
        }
    }

    /// Each royal piece's steps: onto squares unattacked with it lifted, inside the other
    /// royal pieces' check masks and the pins it stands in (it may shield another).
    #[inline(always)]
    fn royal_moves<S: Sink>(&self, guards: &Guards, targets: Bits, sink: &mut S) {
        let (us, them) = (self.us, self.us ^ 1);
        let royal = self.rules.royal as usize;
        let occupied = self.blockers();
        for (i, s) in guards.each[..guards.count].iter().enumerate() {
            let others = guards.each[..guards.count].iter().enumerate().filter(|&(j, _)| j != i);
            let mask = others.fold(Bits::MAX, |mask, (_, other)| mask & other.mask);
            let mut moves = self.rules.leaps[us][royal][s.king] & targets & mask & self.pin_limit(guards, s.king);
            let lifted = occupied ^ 1 << s.king;
            for to in squares_of(moves) {
                if self.unsafe_for_king(to, self.sides[them], lifted, s.their_lines) {
                    moves &= !(1 << to);
                }
            }
            sink.targets(s.king, moves);
        }
    }

    /// Whether a royal piece of `side` is attacked.
    #[inline]
    fn any_royal_attacked(&self, side: usize) -> bool {
        let by = side ^ 1;
        let (occupied, lines) = (self.blockers(), self.line_pieces(by));
        squares_of(self.royals(side)).any(|king| self.attackers(king, by, self.sides[by], occupied, lines) != 0)
    }

    /// Whether `mv` leaves none of the mover's royal pieces attacked, on a copy of the board.
    #[inline]
    fn leaves_royals_safe(&self, mv: WideMove) -> bool {
        let mut child = *self;
        child.make(mv);
        !child.any_royal_attacked(self.us)
    }
}

/// A sink that keeps the moves leaving none of the mover's royal pieces attacked, each
/// tested on a copy of the board.
struct RoyalsTested<'a, 'b, S> {
    board: &'a Board128<'b>,
    sink: &'a mut S,
}

impl<S: Sink> Sink for RoyalsTested<'_, '_, S> {
    #[inline]
    fn push(&mut self, mv: WideMove) {
        if self.board.leaves_royals_safe(mv) {
            self.sink.push(mv);
        }
    }
}

/// A sink that passes every move on but tests en passant (it empties two squares of lines)
/// on a copy of the board.
struct EnPassantTested<'a, 'b, S> {
    board: &'a Board128<'b>,
    sink: &'a mut S,
}

impl<S: Sink> Sink for EnPassantTested<'_, '_, S> {
    const COUNTS_ONLY: bool = S::COUNTS_ONLY;

    #[inline(always)]
    fn push(&mut self, mv: WideMove) {
        if !mv.is_en_passant() || self.board.leaves_royals_safe(mv) {
            self.sink.push(mv);
        }
    }
    #[inline(always)]
    fn shifted(&mut self, targets: Bits, delta: i32) {
        self.sink.shifted(targets, delta);
    }
    #[inline(always)]
    fn targets(&mut self, from: usize, targets: Bits) {
        self.sink.targets(from, targets);
    }
}
