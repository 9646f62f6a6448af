//! Transit moves on the fast path (PH3-PH8, SP2-SP3): a piece whose move of its kind may enter
//! a token (a capture-move, or any move that lands there) leaves through each other open
//! token. A transit puts a token on its origin, so it exposes the royal piece only through its
//! entry: its legality is read from the board before it, for every exit at once; only the
//! royal piece's own transits (and every move of a royal piece standing on a token) are
//! tested on the board after them. The back-end choice never gives transits to a variant with
//! hoppers or wrapped files, so lines here are read in the plain (not `SHAPED`) form.

use super::board::{Board64, FastMove};
use super::legal::{forward, Safety, Sink, Tested};
use super::rules::squares_of;
use crate::spec::Entry;

impl Board64<'_> {
    /// Every transit of the side to move ending on a square of `only`.
    #[inline(always)]
    pub(crate) fn transits<S: Sink>(&self, s: &Safety, only: u64, sink: &mut S) {
        let Some(t) = self.rules.token else { return };
        debug_assert!(!self.is_shaped(), "transit tokens beside hoppers or wrapped files");
        let (us, them) = (self.us, self.us ^ 1);
        let exits = self.open_tokens() & only;
        let entries = self.tokens.all & !self.tokens.dormant & !self.sides[us] & !self.royals(them);
        if exits == 0 || entries == 0 {
            return;
        }
        let occupied = self.occupied();
        let blockers = self.blockers();
        let pawn_kind = self.rules.pawn_kind();
        for kind in 0..self.rules.kinds {
            if kind == pawn_kind {
                continue;
            }
            for from in squares_of(self.kinds[kind] & self.sides[us]) {
                for entry in squares_of(self.piece_attacks_in::<false>(kind, from, blockers) & entries) {
                    self.transits_through(s, from, entry, exits & !(1 << entry), false, sink);
                }
            }
        }
        if pawn_kind >= self.rules.kinds {
            return;
        }
        let any_move = t.entry == Entry::AnyMove;
        for from in squares_of(self.pawns(us)) {
            let mut reach = self.rules.pawn_captures[us][from] & entries;
            if any_move {
                // A pawn's capture enters only with an enemy there; its steps enter empty tokens.
                reach &= self.sides[them];
                reach |= self.pawn_step_entry(from, entries & !occupied, blockers);
            }
            for entry in squares_of(reach) {
                self.transits_through(s, from, entry, exits & !(1 << entry), true, sink);
            }
        }
    }

    /// The empty token a pawn on `from` enters by its step or double step (SP2), if any.
    #[inline(always)]
    fn pawn_step_entry(&self, from: usize, empty_tokens: u64, blockers: u64) -> u64 {
        let us = self.us;
        let Some(one) = forward(us, from) else { return 0 };
        if empty_tokens & (1 << one) != 0 {
            return 1 << one;
        }
        let Some(d) = self.rules.pawn.as_ref().and_then(|p| p.double) else { return 0 };
        let starts = d.from_mask[us] & (1 << from) != 0 && (!d.first_move || self.unmoved & (1 << from) != 0);
        match forward(us, one) {
            Some(two) if starts && blockers & (1 << one) == 0 => empty_tokens & (1 << two),
            _ => 0,
        }
    }

    /// The transits of the piece on `from` entering `entry`, one per exit (and promotion).
    #[inline(always)]
    fn transits_through<S: Sink>(&self, s: &Safety, from: usize, entry: usize, exits: u64, pawn: bool, sink: &mut S) {
        if exits == 0 {
            return;
        }
        if !s.tested {
            if from == s.king {
                self.each_transit(from, entry, exits, &mut Tested { board: self, sink });
                return;
            }
            if !self.transit_safe(s, entry) {
                return;
            }
        }
        if pawn && self.transit_promotes(exits) {
            self.each_transit(from, entry, exits, sink);
        } else {
            sink.transits(from, entry, exits);
        }
    }

    /// Whether a transit through `entry` by a piece other than the royal one leaves the
    /// royal piece (on a square without a token) unattacked. Exact without playing it: the
    /// origin keeps blocking (a token lands there), the exit already blocked (a token), so
    /// lines change only where the entry's token leaves, and the entry's occupant is captured.
    #[inline(always)]
    fn transit_safe(&self, s: &Safety, entry: usize) -> bool {
        let entry_bit = 1u64 << entry;
        let aligned = (self.sl.orth(s.king, 0) | self.sl.diag(s.king, 0)) & entry_bit != 0;
        if s.checkers == 0 && !aligned {
            return true;
        }
        let them = self.us ^ 1;
        let stays = self.rules.token.is_some_and(|t| t.merged) && self.tokens.counts[entry] > 1;
        let blockers = if stays { self.blockers() } else { self.blockers() & !entry_bit };
        self.attackers_in::<false>(s.king, them, self.sides[them] & !entry_bit, blockers, s.their_lines) == 0
    }

    /// Whether a pawn exiting on some square of `exits` may promote there.
    #[inline(always)]
    fn transit_promotes(&self, exits: u64) -> bool {
        let (Some(t), Some(p)) = (self.rules.token, self.rules.pawn.as_ref()) else { return false };
        !t.blocks_promotion && !p.choices.is_empty() && p.promotion_zone[self.us] & exits != 0
    }

    fn each_transit<S: Sink>(&self, from: usize, entry: usize, exits: u64, sink: &mut S) {
        let pawn = self.cells[from] as usize == self.rules.pawn_kind() + 1;
        for exit in squares_of(exits) {
            let p = self.rules.pawn.as_ref().filter(|p| pawn && p.promotion_zone[self.us] & (1 << exit) != 0);
            match p {
                Some(p) if self.transit_promotes(1 << exit) => {
                    for &c in &p.choices {
                        sink.push(FastMove::transit(from, entry, exit, Some(c)));
                    }
                }
                _ => sink.push(FastMove::transit(from, entry, exit, None)),
            }
        }
    }
}
