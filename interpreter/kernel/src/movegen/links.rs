//! Links between two squares of one board: both ways (`a3 = h6`) or one way (`a3 -> h6`).
//! A move that ends on a linked square goes on to the square at the link's far end, as the
//! variant declares: every move ending there (`entered on landing`) or only a capture of a
//! piece standing there (`entered on capture`). The link is compiled once into a table by
//! square; generation (plain, warped and hopping, through [`Position::link_square`]), attack
//! detection ([`Position::link_capturers`]) and legality read it here.
//!
//! What a link does, in full:
//! - a move through a link is a transit: the piece captures what stood on the linked square
//!   (if anything) and ends on the far end; it is written like a token transit (`Nf3>h6`);
//! - the far end must be free: no piece (own or enemy) and no token, and not the mover's own
//!   origin; with no free far end the move is not possible at all (as a token transit with no
//!   open exit, PH7), so a piece standing on such a square cannot be captured or attacked;
//! - lines pass over an empty linked square: a link acts only where a move ends;
//! - a token lying on a linked square switches the link off while it lies there;
//! - a pawn promotes when its move ends on its last rank, through a link or not; en passant
//!   never ends on a linked square (the capture onto it is not available), and a double step
//!   that ends on one goes on through the link and sets no en-passant square;
//! - castling ignores links (neither king nor rook goes on through one);
//! - a double step wins over a move through a link to the same square (as WH8 for tunnels);
//! - one link per move: arriving at the far end, the piece stays there even if that square
//!   is linked too.

use crate::geometry::{Geometry, Square};
use crate::movegen::Step;
use crate::moves::{Move, MoveList};
use crate::position::{code_kind, code_side, Position, PIECE_BITS};
use crate::spec::{LinkEntry, LinkSpec};

/// A variant's links within one board, by square.
#[derive(Clone, Debug, Default)]
pub(crate) struct SquareLinks {
    /// `ends[first[sq]..first[sq + 1]]` are the far ends of the links leaving `sq`; empty when
    /// the variant has no such link.
    first: Vec<u32>,
    ends: Vec<Square>,
    /// Which moves go on through a link.
    pub(crate) entry: LinkEntry,
}

impl SquareLinks {
    /// Compiles the links of `spec` that join two squares of one board (links between boards
    /// are Howe's teleports, read elsewhere).
    pub(crate) fn compile(spec: &LinkSpec, g: &Geometry) -> SquareLinks {
        let n = g.square_count();
        let mut by_square: Vec<Vec<Square>> = vec![Vec::new(); n];
        let mut add = |a: Square, b: Square| {
            if a != b && a.index() < n && !by_square[a.index()].contains(&b) {
                by_square[a.index()].push(b);
            }
        };
        let same_board = spec.pairs.iter().filter(|(a, b)| a.board == b.board);
        for &(a, b) in same_board {
            if let (Some(a), Some(b)) = (g.square_of(a), g.square_of(b)) {
                add(a, b);
                add(b, a);
            }
        }
        for &(a, b) in &spec.one_way {
            if let (Some(a), Some(b)) = (g.square_of(a), g.square_of(b)) {
                add(a, b);
            }
        }
        let mut links = SquareLinks { first: Vec::new(), ends: Vec::new(), entry: spec.entry };
        if by_square.iter().all(Vec::is_empty) {
            return links;
        }
        links.first.push(0);
        for ends in &by_square {
            links.ends.extend_from_slice(ends);
            links.first.push(u32::try_from(links.ends.len()).unwrap_or(u32::MAX));
        }
        links
    }

    /// Whether the variant has no link within one board.
    #[inline]
    pub(crate) fn is_empty(&self) -> bool {
        self.ends.is_empty()
    }

    /// The far ends of the links leaving `sq`.
    #[inline]
    pub(crate) fn ends(&self, sq: Square) -> &[Square] {
        let i = sq.index();
        match (self.first.get(i), self.first.get(i + 1)) {
            (Some(&a), Some(&b)) => &self.ends[a as usize..b as usize],
            _ => &[],
        }
    }

    /// The squares a link leaves from.
    pub(crate) fn starts(&self) -> impl Iterator<Item = usize> + '_ {
        self.first.windows(2).enumerate().filter(|(_, w)| w[0] != w[1]).map(|(i, _)| i)
    }
}

impl Position {
    /// The far ends of the links acting on `sq` now: none while a token lies there.
    #[inline]
    pub(crate) fn link_ends(&self, sq: Square) -> &[Square] {
        if self.board.tokens[sq.index()].count != 0 {
            return &[];
        }
        self.variant.square_links.ends(sq)
    }

    /// Whether a move from `from` through a link may end on `end`: no piece and no token
    /// there, and not the mover's own origin.
    #[inline]
    fn link_end_free(&self, end: Square, from: Square) -> bool {
        end != from && self.board.cells[end.index()] & PIECE_BITS == 0 && self.board.tokens[end.index()].count == 0
    }

    /// A pattern reached the linked square `step.to` (holding no token; `code` is the piece
    /// on it, 0 for none): the moves through the link, or the plain move when this move does
    /// not enter it. Says whether the walk goes on past the square.
    pub(crate) fn link_square(&self, step: &Step<'_>, code: u8, out: &mut MoveList) -> bool {
        let Step { from, to, kind, pattern: p, .. } = *step;
        if code != 0 && (code_side(code) == self.state.side || self.variant.is_royal(code_kind(code))) {
            return false;
        }
        let enters = if code != 0 {
            p.mode.captures()
        } else {
            p.mode.moves() && self.variant.square_links.entry == LinkEntry::Landing
        };
        if !enters {
            return self.plain_square(step, code, false, out);
        }
        for &end in self.link_ends(to) {
            if self.link_end_free(end, from) {
                self.push_each_promotion(kind, end, false, out, |promotion| Move::Transit {
                    from,
                    entry: to,
                    exit: end,
                    promotion,
                });
            }
        }
        code == 0
    }

    /// The piece kinds whose capture-move may end on the linked square `sq` (a mask): every
    /// kind while some far end is free, none otherwise (the capture must go on through the
    /// link). Out of line: attack tests of variants without links never call it.
    #[cold]
    #[inline(never)]
    pub(crate) fn link_capturers(&self, sq: Square) -> u32 {
        let free = self.link_ends(sq).iter().any(|&end| self.link_end_free(end, sq));
        if free {
            u32::MAX
        } else {
            0
        }
    }

    /// K6: moves through a link onto an empty linked square that reach a square the piece
    /// also reaches by a plain move (or a double step), or through another empty linked square,
    /// with the same promotion, are one move: the plain move is kept, else the transit through
    /// the lowest linked square. The list's order is kept.
    pub(crate) fn dedup_link_transits(&self, out: &mut MoveList) {
        if self.variant.square_links.entry != LinkEntry::Landing {
            return;
        }
        let mut kept = 0;
        for i in 0..out.len() {
            let mv = out.as_slice()[i];
            let duplicate = self.quiet_link_transit(mv).is_some_and(|this| {
                let list = out.as_slice();
                list[..kept].iter().chain(&list[i + 1..]).any(|&other| self.replaces(other, this))
            });
            if !duplicate {
                out.as_mut_slice()[kept] = mv;
                kept += 1;
            }
        }
        out.truncate(kept);
    }

    /// `(from, entry, exit, promotion)` of a move through a link onto an empty linked square.
    fn quiet_link_transit(&self, mv: Move) -> Option<QuietTransit> {
        match mv {
            Move::Transit { from, entry, exit, promotion }
                if self.board.cells[entry.index()] & PIECE_BITS == 0 && self.board.tokens[entry.index()].count == 0 =>
            {
                Some(QuietTransit { from, entry, exit, promotion })
            }
            _ => None,
        }
    }

    /// Whether `other` has the effect of the quiet transit `this` and is the one kept (K6): a
    /// plain move or double step to its square, or a quiet transit through a lower square.
    fn replaces(&self, other: Move, this: QuietTransit) -> bool {
        match other {
            Move::Normal { from, to, promotion } => from == this.from && to == this.exit && promotion == this.promotion,
            Move::DoubleStep { from, to, .. } => from == this.from && to == this.exit && this.promotion.is_none(),
            _ => self.quiet_link_transit(other).is_some_and(|t| {
                t.from == this.from && t.exit == this.exit && t.promotion == this.promotion && t.entry.0 < this.entry.0
            }),
        }
    }
}

/// A move through a link onto an empty linked square.
#[derive(Clone, Copy)]
struct QuietTransit {
    from: Square,
    entry: Square,
    exit: Square,
    promotion: Option<u8>,
}
