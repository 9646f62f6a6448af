//! Links between squares of one 8x8 board on the bit boards (the rules of
//! `movegen/links.rs`): the linked squares and each one's far ends as masks, the moves
//! through a link, the linked squares no capture can reach, and the back-end of a linked
//! variant's positions.
//!
//! A move ending on a linked square (`entered on landing`; with `entered on capture` only a
//! capture there) goes on to each free far end (no piece there; the mover's origin is never
//! free), capturing what stood on the linked square; without a free far end it does not
//! exist. Plain generation therefore never ends on a linked square it would go on from (its
//! targets leave them out) and the moves through links are added here, found backwards from
//! each linked square; with `entered on capture` the royal piece's quiet moves onto a linked
//! square are made and tested here too. Lines pass over an empty linked square as over any empty square, so
//! attacks on a square without a link are the plain attacks, and a royal piece off the
//! linked squares keeps the check mask and pins exact for every plain move. A royal piece
//! on a linked square is attacked only while a far end is free, which any move may change:
//! then every move is tested on the board after it, as are the royal piece's own moves
//! through a link. K6: a move through an empty linked square that the piece also makes by a
//! plain move (or a double step), or through a lower empty linked square, is one move.

use super::board::{Board64, FastMove};
use super::legal::{forward, Safety, Sink, Tested};
use super::rules::squares_of;
use crate::geometry::Square;
use crate::position::Position;
use crate::spec::LinkEntry;
use crate::variant::Variant;

/// A variant's links within its 8x8 board, as masks.
#[derive(Clone, Debug)]
pub(crate) struct LinkRules {
    /// The squares a link leaves from (0: the variant has no link).
    pub starts: u64,
    /// `ends[sq]`: the far ends of the links leaving `sq`.
    pub ends: [u64; 64],
    /// Every move ending on a linked square goes on (`entered on landing`); else only a
    /// capture there does and other moves end on it (`entered on capture`).
    pub landing: bool,
}

impl Default for LinkRules {
    fn default() -> LinkRules {
        LinkRules { starts: 0, ends: [0; 64], landing: true }
    }
}

impl LinkRules {
    /// The links of `v` between squares of its one board.
    pub(crate) fn of(v: &Variant) -> LinkRules {
        let mut rules = LinkRules { landing: v.square_links.entry == LinkEntry::Landing, ..LinkRules::default() };
        for start in v.square_links.starts().filter(|&sq| sq < 64) {
            for end in v.square_links.ends(Square(start as u16)).iter().filter(|end| end.index() < 64) {
                rules.ends[start] |= 1 << end.index();
            }
            rules.starts |= u64::from(rules.ends[start] != 0) << start;
        }
        rules
    }
}

/// The moves a back-end choice for a linked position is for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum LinkedPosition {
    /// No token on the board, no special move installed: links as masks.
    Plain,
    /// A token on the board (it switches a link off) or special moves installed.
    Other,
}

impl Position {
    /// The back-end of a position of a variant with links on the bit boards: its perft on
    /// the bit boards while no token lies on the board and no special move is installed; its
    /// legal list (in the general order, K6 duplicates removed) and the notation's
    /// candidates by table walking.
    #[cold]
    pub(crate) fn linked_backend(&self, purpose: super::Purpose) -> super::Backend {
        use super::{Backend, Purpose};
        let plain = self.board.token_squares.is_empty() && self.variant.special_table().is_none();
        let position = if plain { LinkedPosition::Plain } else { LinkedPosition::Other };
        match (position, purpose) {
            (LinkedPosition::Plain, Purpose::Perft) => Backend::BitBoards,
            (LinkedPosition::Plain, Purpose::Moves | Purpose::Candidates) | (LinkedPosition::Other, _) => {
                Backend::TableWalking
            }
        }
    }
}

impl Board64<'_> {
    /// Whether `sq` is a linked square none of whose far ends is free with `occupied` taken:
    /// nothing can capture there (a royal piece there is not in check).
    #[inline(always)]
    pub(crate) fn link_shielded(&self, sq: usize, occupied: u64) -> bool {
        let links = &self.rules.links;
        links.starts & (1 << sq) != 0 && links.ends[sq] & !occupied == 0
    }

    /// The linked squares plain moves do not end on: all of them when every move ending
    /// there goes on, else those holding an enemy piece (the capture goes on).
    #[inline(always)]
    pub(crate) fn link_barred(&self) -> u64 {
        let links = &self.rules.links;
        if links.landing {
            links.starts
        } else {
            links.starts & self.sides[self.us ^ 1]
        }
    }

    /// The legal moves of the side to move through a link, exiting on a square of `only`,
    /// and (links entered on capture) the royal piece's plain moves onto empty linked
    /// squares, tested on the board after them.
    #[inline(never)]
    pub(crate) fn link_moves<S: Sink>(&self, s: &Safety, only: u64, sink: &mut S) {
        let links = &self.rules.links;
        let (us, them) = (self.us, self.us ^ 1);
        let blockers = self.blockers();
        let lines = self.line_pieces(us);
        let entered = if links.landing { !self.sides[us] } else { self.sides[them] };
        if !links.landing {
            let royal = self.rules.royal as usize;
            let onto = self.rules.leaps[us][royal][s.king] & links.starts & !blockers & only;
            let mut tested = Tested { board: self, sink: &mut *sink };
            for to in squares_of(onto) {
                tested.push(FastMove::normal(s.king, to, None));
            }
        }
        for entry in squares_of(links.starts & entered & !self.royals(them)) {
            let exits = links.ends[entry] & !blockers & only;
            if exits == 0 {
                continue;
            }
            let quiet = blockers & (1 << entry) == 0;
            let movers = if quiet {
                self.quiet_movers(entry, blockers, lines)
            } else {
                self.attackers_in::<false>(entry, us, self.sides[us], blockers, lines)
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
    #[inline(always)]
    fn quiet_movers(&self, sq: usize, blockers: u64, lines: (u64, u64)) -> u64 {
        let us = self.us;
        let pawns = self.pawns(us);
        let mut movers = self.attackers_in::<false>(sq, us, self.sides[us] & !pawns, blockers, lines);
        let Some(one) = forward(us ^ 1, sq) else { return movers };
        if pawns & (1 << one) != 0 {
            return movers | 1 << one;
        }
        let Some(two) = forward(us ^ 1, one) else { return movers };
        if blockers & (1 << one) == 0 && pawns & (1 << two) != 0 && self.double_step_from(two) {
            movers |= 1 << two;
        }
        movers
    }

    /// Whether the pawn of the side to move on `from` may make its double step (the squares
    /// on its way aside).
    #[inline(always)]
    fn double_step_from(&self, from: usize) -> bool {
        let double = self.rules.pawn.as_ref().and_then(|p| p.double);
        double.is_some_and(|d| {
            d.from_mask[self.us] & (1 << from) != 0 && (!d.first_move || self.unmoved & (1 << from) != 0)
        })
    }

    /// K6: the squares the piece on `from` also reaches without going through the empty
    /// linked square `entry`: by a plain move (or a double step) or through a lower empty
    /// linked square. A move through `entry` to one of them is that move.
    #[inline(never)]
    fn reached_otherwise(&self, from: usize, entry: usize, blockers: u64, lines: (u64, u64)) -> u64 {
        let links = &self.rules.links;
        let kind = self.cells[from] as usize - 1;
        let plain = if kind == self.rules.pawn_kind() {
            self.pawn_quiet_reach(from, blockers)
        } else {
            self.piece_attacks_in::<false>(kind, from, blockers)
        };
        let mut reached = plain & !blockers & !links.starts;
        let wanted = links.ends[entry] & !blockers & !reached;
        let lower = links.starts & ((1u64 << entry) - 1) & !blockers;
        for other in squares_of(lower) {
            let shared = links.ends[other] & wanted;
            if shared != 0 && self.quiet_movers(other, blockers, lines) & (1 << from) != 0 {
                reached |= shared;
            }
        }
        reached
    }

    /// The squares the pawn on `from` reaches by its step and its double step, if empty.
    #[inline(always)]
    fn pawn_quiet_reach(&self, from: usize, blockers: u64) -> u64 {
        let Some(one) = forward(self.us, from) else { return 0 };
        if blockers & (1 << one) != 0 {
            return 0;
        }
        let two = forward(self.us, one).filter(|_| self.double_step_from(from));
        (1 << one) | two.map_or(0, |two| (1u64 << two) & !blockers)
    }

    /// The moves of the piece on `from` through the link on `entry` to each of `exits`
    /// (free far ends), kept when they leave the royal piece unattacked.
    #[inline(always)]
    fn transits_by_link<S: Sink>(&self, s: &Safety, from: usize, entry: usize, exits: u64, sink: &mut S) {
        if s.tested {
            self.emit_link_transits(from, entry, exits, sink);
        } else if from == s.king {
            self.emit_link_transits(from, entry, exits, &mut Tested { board: self, sink });
        } else {
            let safe = self.safe_link_exits(s, from, entry, exits);
            if safe != 0 {
                self.emit_link_transits(from, entry, safe, sink);
            }
        }
    }

    /// The exits of `exits` where a move from `from` through the link on `entry` leaves the
    /// royal piece (off the linked squares) unattacked. Exact from the lines: the origin
    /// empties, the linked square's occupant is captured (the square empties) and the exit
    /// fills. Out of check, an unpinned piece through an empty linked square, or through
    /// one off the royal piece's lines, exposes nothing.
    #[inline(always)]
    fn safe_link_exits(&self, s: &Safety, from: usize, entry: usize, exits: u64) -> u64 {
        let entry_bit = 1u64 << entry;
        let blockers = self.blockers();
        let captures = blockers & entry_bit != 0;
        let aligned = (self.sl.orth(s.king, 0) | self.sl.diag(s.king, 0)) & entry_bit != 0;
        if s.checkers == 0 && s.pinned & (1 << from) == 0 && !(captures && aligned) {
            return exits;
        }
        let them = self.us ^ 1;
        let theirs = self.sides[them] & !entry_bit;
        let left = blockers & !(1 << from) & !entry_bit;
        let mut safe = 0;
        for exit in squares_of(exits) {
            if self.attackers_in::<false>(s.king, them, theirs, left | 1 << exit, s.their_lines) == 0 {
                safe |= 1 << exit;
            }
        }
        safe
    }

    /// The moves through the link on `entry` to each of `exits`: a pawn's promotions where
    /// its exit is a promoting square, else one each.
    #[inline(always)]
    fn emit_link_transits<S: Sink>(&self, from: usize, entry: usize, exits: u64, sink: &mut S) {
        let pawn = self.rules.pawn.as_ref().filter(|p| self.cells[from] as usize == p.kind as usize + 1);
        let promoting = pawn.map_or(0, |p| self.promoting_squares(p)) & exits;
        sink.transits(from, entry, exits & !promoting);
        if let Some(p) = pawn.filter(|_| promoting != 0) {
            for exit in squares_of(promoting) {
                for &choice in &p.choices {
                    sink.push(FastMove::transit(from, entry, exit, Some(choice)));
                }
            }
        }
    }
}
