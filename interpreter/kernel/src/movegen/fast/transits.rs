//! Transit moves on the fast path (PH3-PH8, SP2-SP3): a piece whose move of its kind may enter
//! a token (a capture-move, or any move that lands there, as the token's kind says) leaves
//! through each other open token of the kind's exit kind. A relocating transit puts a token on
//! its origin, so it exposes the royal piece only through its entry; a transit whose tokens
//! stay exposes it only through its origin (the entered token keeps blocking). Either way its
//! legality is read from the board before it, for every exit at once; only the royal piece's
//! own transits (and every move of a royal piece standing on a token) are tested on the board
//! after them. The back-end choice never gives transits to a variant with hoppers or wrapped
//! files, so lines here are read in the plain (not `SHAPED`) form.

use super::board::{Board64, FastMove};
use super::legal::{forward, Safety, Sink, Tested};
use super::rules::squares_of;
use super::tokens::GATE_KINDS;
use crate::spec::Entry;

impl Board64<'_> {
    /// Every transit of the side to move ending on a square of `only`.
    #[inline(always)]
    pub(crate) fn transits<S: Sink>(&self, s: &Safety, only: u64, sink: &mut S) {
        let Some(t) = self.rules.token.as_ref() else { return };
        if t.count > 1 {
            self.transits_of::<true, S>(s, only, sink);
        } else {
            self.transits_of::<false, S>(s, only, sink);
        }
    }

    /// [`Board64::transits`], the kinds told apart only when `SEVERAL` (one kind exits at
    /// its own tokens).
    #[inline(always)]
    fn transits_of<const SEVERAL: bool, S: Sink>(&self, s: &Safety, only: u64, sink: &mut S) {
        let Some(t) = self.rules.token.as_ref() else { return };
        debug_assert!(!self.is_shaped(), "transit tokens beside hoppers or wrapped files");
        let (us, them) = (self.us, self.us ^ 1);
        let open = self.open_tokens() & only;
        let enterable = self.tokens.all & !self.tokens.dormant & !self.sides[us] & !self.royals(them);
        if open == 0 || enterable == 0 {
            return;
        }
        let (by_capture, by_any) = if SEVERAL {
            let (by_capture, by_any) = self.entered();
            (enterable & by_capture, enterable & by_any)
        } else {
            match t.entry {
                Entry::CaptureMove => (enterable, 0),
                Entry::AnyMove => (0, enterable),
                Entry::None => (0, 0),
            }
        };
        let entries = by_capture | by_any;
        if entries == 0 {
            return;
        }
        // The exits of each kind's transits, by the kind entered.
        let mut exits = [open; GATE_KINDS];
        if SEVERAL {
            for (kind, rules) in t.kinds[..t.count].iter().enumerate() {
                exits[kind] = open & self.tokens.of_kind(usize::from(rules.exit_kind));
            }
        }
        let exits_of = |entry: usize| {
            let exits = if SEVERAL { exits[self.tokens.kind_at(entry)] } else { open };
            exits & !(1 << entry)
        };
        let occupied = self.occupied();
        let blockers = self.blockers();
        let pawn_kind = self.rules.pawn_kind();
        for kind in 0..self.rules.kinds {
            if kind == pawn_kind {
                continue;
            }
            for from in squares_of(self.kinds[kind] & self.sides[us]) {
                for entry in squares_of(self.piece_attacks_in::<false>(kind, from, blockers) & entries) {
                    self.transits_through(s, from, entry, exits_of(entry), false, sink);
                }
            }
        }
        if pawn_kind >= self.rules.kinds {
            return;
        }
        for from in squares_of(self.pawns(us)) {
            // A pawn's capture enters a capture-move token whoever stands there; a token
            // entered by any move only with an enemy there, and its steps enter empty ones.
            let captures = self.rules.pawn_captures[us][from];
            let mut reach = captures & (by_capture | by_any & self.sides[them]);
            if by_any != 0 {
                reach |= self.pawn_step_entry(from, by_any & !occupied, blockers);
            }
            for entry in squares_of(reach) {
                self.transits_through(s, from, entry, exits_of(entry), true, sink);
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
            if !self.transit_safe(s, from, entry) {
                return;
            }
        }
        if pawn && self.transit_promotes(exits) {
            self.each_transit(from, entry, exits, sink);
        } else {
            sink.transits(from, entry, exits);
        }
    }

    /// Whether a transit from `from` through `entry` by a piece other than the royal one
    /// leaves the royal piece (on a square without a token) unattacked.
    #[inline(always)]
    fn transit_safe(&self, s: &Safety, from: usize, entry: usize) -> bool {
        if self.rules.token.as_ref().is_some_and(|t| t.relocates) {
            self.relocating_transit_safe(s, entry)
        } else {
            self.staying_transit_safe(s, from, entry)
        }
    }

    /// [`Board64::transit_safe`] when the entered token moves to the origin. Exact without
    /// playing it: the origin keeps blocking (a token lands there), the exit already blocked
    /// (a token), so lines change only where the entry's token leaves, and the entry's
    /// occupant is captured.
    #[inline(always)]
    fn relocating_transit_safe(&self, s: &Safety, entry: usize) -> bool {
        let entry_bit = 1u64 << entry;
        let aligned = (self.sl.orth(s.king, 0) | self.sl.diag(s.king, 0)) & entry_bit != 0;
        if s.checkers == 0 && !aligned {
            return true;
        }
        let them = self.us ^ 1;
        let stays = self.rules.token.as_ref().is_some_and(|t| t.relocated().merged) && self.tokens.counts[entry] > 1;
        let blockers = if stays { self.blockers() } else { self.blockers() & !entry_bit };
        self.attackers_in::<false>(s.king, them, self.sides[them] & !entry_bit, blockers, s.their_lines) == 0
    }

    /// [`Board64::transit_safe`] when every token stays. Exact without playing it: the
    /// entry's token keeps blocking and the exit already blocked (a token), so lines change
    /// only where the origin empties (unless a token lies there too), and the entry's occupant
    /// is captured. Out of check, only a pinned piece can expose the royal piece.
    #[inline(always)]
    fn staying_transit_safe(&self, s: &Safety, from: usize, entry: usize) -> bool {
        let from_bit = 1u64 << from;
        if s.checkers == 0 && s.pinned & from_bit == 0 {
            return true;
        }
        let them = self.us ^ 1;
        let blockers = self.blockers() & !(from_bit & !self.tokens.all);
        self.attackers_in::<false>(s.king, them, self.sides[them] & !(1 << entry), blockers, s.their_lines) == 0
    }

    /// Whether a pawn exiting on some square of `exits` may promote there (not on a token
    /// whose kind blocks promotion).
    #[inline(always)]
    fn transit_promotes(&self, exits: u64) -> bool {
        let Some(p) = self.rules.pawn.as_ref() else { return false };
        !p.choices.is_empty() && p.promotion_zone[self.us] & exits & !self.promotion_blocking() != 0
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
