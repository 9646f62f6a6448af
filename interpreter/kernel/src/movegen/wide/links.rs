//! Links between squares of one rectangular board on the wide bit boards (`entered on
//! landing`), as `movegen/fast/links.rs` plays them on the 8x8 board: plain generation leaves
//! the linked squares out of its targets, and the moves through a link are found backwards
//! from each linked square to each free far end (no piece there). A move through a link is
//! judged on the lines while the royal piece is off the linked squares; the royal piece's
//! own moves through a link, and every move while it stands on a linked square (attacked
//! only while a far end is free), are made and tested. K6: a move through an empty linked
//! square that the piece also makes by a plain move (or a double step), or through a lower
//! empty linked square, is one move.

use super::board::{Board128, WideMove};
use super::legal::{Safety, Sink, Tested};
use super::lines::{squares_of, Bits};
use crate::geometry::Square;
use crate::variant::Variant;

/// A variant's links within its one board, as sets.
#[derive(Clone, Debug, Default)]
pub(crate) struct WideLinks {
    /// The squares a link leaves from (0: the variant has no link).
    pub starts: Bits,
    /// `ends[sq]`: the far ends of the links leaving `sq` (empty without links).
    pub ends: Vec<Bits>,
}

impl WideLinks {
    /// The links of `v` between squares of its one board.
    pub(crate) fn of(v: &Variant) -> WideLinks {
        let mut links = WideLinks::default();
        if v.square_links.is_empty() {
            return links;
        }
        links.ends = vec![0; 128];
        for start in v.square_links.starts().filter(|&sq| sq < 128) {
            for end in v.square_links.ends(Square(start as u16)).iter().filter(|end| end.index() < 128) {
                links.ends[start] |= 1 << end.index();
            }
            links.starts |= Bits::from(links.ends[start] != 0) << start;
        }
        links
    }
}

/// A sink that keeps only the moves after which the mover's royal piece is not attacked,
/// each tested on a copy of the board.
struct WideTested<'a, 'b, S> {
    board: &'a Board128<'b>,
    sink: &'a mut S,
}

impl<S: Sink> Sink for WideTested<'_, '_, S> {
    #[inline]
    fn push(&mut self, mv: WideMove) {
        let mut child = *self.board;
        child.make(mv);
        if !child.royal_attacked(self.board.us) {
            self.sink.push(mv);
        }
    }
}

impl Board128<'_> {
    /// Whether `sq` is a linked square none of whose far ends is free with `occupied` taken:
    /// nothing can capture there (a royal piece there is not in check).
    #[inline(always)]
    pub(super) fn link_shielded(&self, sq: usize, occupied: Bits) -> bool {
        let links = &self.rules.links;
        links.starts & (1 << sq) != 0 && links.ends[sq] & !occupied == 0
    }

    /// Whether the royal piece of `side` is attacked.
    fn royal_attacked(&self, side: usize) -> bool {
        let king = self.royals(side).trailing_zeros() as usize;
        let (by, occupied) = (side ^ 1, self.blockers());
        king < 128
            && !self.link_shielded(king, occupied)
            && self.attackers(king, by, self.sides[by], occupied, self.line_pieces(by)) != 0
    }

    /// Every move of the side to move, each tested on the board after it (its royal piece
    /// stands on a linked square).
    #[inline(never)]
    pub(super) fn generate_tested<S: Sink>(&self, s: &Safety, sink: &mut S) {
        self.generate_with(s, &mut WideTested { board: self, sink });
    }

    /// The legal moves of the side to move through a link.
    #[inline(never)]
    pub(super) fn link_moves<S: Sink>(&self, s: &Safety, sink: &mut S) {
        let links = &self.rules.links;
        let (us, them) = (self.us, self.us ^ 1);
        let blockers = self.blockers();
        let lines = self.line_pieces(us);
        for entry in squares_of(links.starts & !self.sides[us] & !self.royals(them)) {
            let exits = links.ends[entry] & !blockers;
            if exits == 0 {
                continue;
            }
            let quiet = blockers & (1 << entry) == 0;
            let movers = if quiet {
                self.quiet_movers(entry, blockers, lines)
            } else {
                self.attackers(entry, us, self.sides[us], blockers, lines)
            };
            for from in squares_of(movers) {
                let exits = if quiet { exits & !self.reached_otherwise(from, entry, blockers, lines) } else { exits };
                if exits != 0 {
                    self.transits_by_link(s, from, entry, exits, sink);
                }
            }
        }
    }

    /// The pieces of the side to move whose move ends on the empty square `sq`: what
    /// attacks it (pawns aside) and the pawns stepping onto it, by one square or two.
    fn quiet_movers(&self, sq: usize, blockers: Bits, lines: (Bits, Bits)) -> Bits {
        let us = self.us;
        let pawns = self.pawns(us);
        let mut movers = self.attackers(sq, us, self.sides[us] & !pawns, blockers, lines);
        let Some(one) = self.forward(us ^ 1, sq) else { return movers };
        if pawns & (1 << one) != 0 {
            return movers | 1 << one;
        }
        let Some(two) = self.forward(us ^ 1, one) else { return movers };
        if blockers & (1 << one) == 0 && pawns & (1 << two) != 0 && self.double_step_from(two) {
            movers |= 1 << two;
        }
        movers
    }

    /// Whether the pawn of the side to move on `from` may make its double step (the squares
    /// on its way aside).
    fn double_step_from(&self, from: usize) -> bool {
        let double = self.rules.pawn.as_ref().and_then(|p| p.double);
        double.is_some_and(|d| {
            d.from_mask[self.us] & (1 << from) != 0 && (!d.first_move || self.unmoved & (1 << from) != 0)
        })
    }

    /// K6: the squares the piece on `from` also reaches without going through the empty
    /// linked square `entry`: by a plain move (or a double step) or through a lower empty
    /// linked square.
    fn reached_otherwise(&self, from: usize, entry: usize, blockers: Bits, lines: (Bits, Bits)) -> Bits {
        let links = &self.rules.links;
        let kind = self.cells[from] as usize - 1;
        let plain = if kind == self.rules.pawn_kind() {
            self.pawn_quiet_reach(from, blockers)
        } else {
            self.piece_attacks(kind, from, blockers)
        };
        let mut reached = plain & !blockers & !links.starts;
        let wanted = links.ends[entry] & !blockers & !reached;
        let lower = links.starts & ((1 << entry) - 1) & !blockers;
        for other in squares_of(lower) {
            let shared = links.ends[other] & wanted;
            if shared != 0 && self.quiet_movers(other, blockers, lines) & (1 << from) != 0 {
                reached |= shared;
            }
        }
        reached
    }

    /// The squares the pawn on `from` reaches by its step and its double step, if empty.
    fn pawn_quiet_reach(&self, from: usize, blockers: Bits) -> Bits {
        let Some(one) = self.forward(self.us, from) else { return 0 };
        if blockers & (1 << one) != 0 {
            return 0;
        }
        let two = self.forward(self.us, one).filter(|_| self.double_step_from(from));
        (1 << one) | two.map_or(0, |two| (1 << two) & !blockers)
    }

    /// The moves of the piece on `from` through the link on `entry` to each of `exits`,
    /// kept when they leave the royal piece unattacked.
    fn transits_by_link<S: Sink>(&self, s: &Safety, from: usize, entry: usize, exits: Bits, sink: &mut S) {
        if s.tested == Tested::Every {
            self.emit_link_transits(from, entry, exits, sink);
        } else if from == s.king {
            self.emit_link_transits(from, entry, exits, &mut WideTested { board: self, sink });
        } else {
            let safe = self.safe_link_exits(s, from, entry, exits);
            if safe != 0 {
                self.emit_link_transits(from, entry, safe, sink);
            }
        }
    }

    /// The exits of `exits` where a move from `from` through the link on `entry` leaves the
    /// royal piece (off the linked squares) unattacked: the origin empties, the linked
    /// square's occupant is captured and the exit fills.
    fn safe_link_exits(&self, s: &Safety, from: usize, entry: usize, exits: Bits) -> Bits {
        let entry_bit: Bits = 1 << entry;
        let blockers = self.blockers();
        let captures = blockers & entry_bit != 0;
        let lines = &self.rules.lines;
        let aligned = (lines.orth(s.king, 0) | lines.diag(s.king, 0)) & entry_bit != 0;
        if s.checkers == 0 && s.pinned & (1 << from) == 0 && !(captures && aligned) {
            return exits;
        }
        let them = self.us ^ 1;
        let theirs = self.sides[them] & !entry_bit;
        let left = blockers & !(1 << from) & !entry_bit;
        let mut safe = 0;
        for exit in squares_of(exits) {
            if self.attackers(s.king, them, theirs, left | 1 << exit, s.their_lines) == 0 {
                safe |= 1 << exit;
            }
        }
        safe
    }

    /// The moves through the link on `entry` to each of `exits`: a pawn's promotions where
    /// its exit is a promoting square (staying a pawn too in the optional zone), else one.
    fn emit_link_transits<S: Sink>(&self, from: usize, entry: usize, exits: Bits, sink: &mut S) {
        let pawn = self.rules.pawn.as_ref().filter(|p| self.cells[from] as usize == p.kind as usize + 1);
        for exit in squares_of(exits) {
            let bit: Bits = 1 << exit;
            let Some(p) = pawn.filter(|p| (p.promotion_zone[self.us] | p.optional_zone[self.us]) & bit != 0) else {
                sink.push(WideMove::transit(from, entry, exit, None));
                continue;
            };
            if p.optional_zone[self.us] & bit != 0 {
                sink.push(WideMove::transit(from, entry, exit, None));
            }
            let open = self.open_choices(p);
            for &choice in p.choices.iter().filter(|&&c| open & (1 << c) != 0) {
                sink.push(WideMove::transit(from, entry, exit, Some(choice)));
            }
        }
    }
}
