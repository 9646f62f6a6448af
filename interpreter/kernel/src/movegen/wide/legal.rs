//! Legal move generation on a [`Board128`]: checkers and a check mask, pinned pieces with
//! their lines, royal moves tested against the attacks with the royal piece lifted, and the
//! rare moves (en passant, castling) tested on the board after them (K1). Moves go to a
//! [`Sink`]: a list, or a counter that adds whole target sets by population count (perft's
//! last ply).

use super::board::{Board128, WideMove, NONE};
use super::lines::{squares_of, Bits};
use crate::movegen::fast::rules::kinds_of;

/// Where generated moves go.
pub(crate) trait Sink {
    /// The sink only counts: generation may produce the moves in any order, by whole sets
    /// (the unpinned pawns' moves are then shifted as one set).
    const COUNTS_ONLY: bool = false;

    fn push(&mut self, mv: WideMove);

    /// Ordinary moves onto each square of `targets`, each from the square `delta` before it.
    #[inline(always)]
    fn shifted(&mut self, targets: Bits, delta: i32) {
        for to in squares_of(targets) {
            self.push(WideMove::normal((to as i32 - delta) as usize, to, None));
        }
    }

    /// Ordinary moves of the piece on `from` to each square of `targets`.
    #[inline(always)]
    fn targets(&mut self, from: usize, targets: Bits) {
        for to in squares_of(targets) {
            self.push(WideMove::normal(from, to, None));
        }
    }
}

/// Counts moves without keeping them.
pub(crate) struct Counter(pub u64);

impl Sink for Counter {
    const COUNTS_ONLY: bool = true;

    #[inline(always)]
    fn push(&mut self, _: WideMove) {
        self.0 += 1;
    }
    #[inline(always)]
    fn shifted(&mut self, targets: Bits, _: i32) {
        self.0 += u64::from(targets.count_ones());
    }
    #[inline(always)]
    fn targets(&mut self, _: usize, targets: Bits) {
        self.0 += u64::from(targets.count_ones());
    }
}

impl Sink for Vec<WideMove> {
    #[inline(always)]
    fn push(&mut self, mv: WideMove) {
        Vec::push(self, mv);
    }
}

/// What legality needs to know about the side to move's royal piece.
#[derive(Clone, Copy)]
pub(super) struct Safety {
    pub king: usize,
    pub checkers: Bits,
    /// Squares a non-royal move must end on (all when not in check; none in double check).
    pub mask: Bits,
    pub pinned: Bits,
    /// The squares from the royal piece to each pinning piece (the pinner included): a
    /// pinned piece keeps within its own pin's span, so no leap over the pinner is kept.
    pub pin_span: Bits,
    /// The enemy's line pieces (orthogonal, diagonal).
    pub their_lines: (Bits, Bits),
    /// Which moves the sink tests on the board after them instead of the masks judging them.
    pub tested: Tested,
}

/// The moves a [`Safety`] leaves to the sink, which tests them on the board after them.
#[derive(Clone, Copy, PartialEq, Eq)]
pub(super) enum Tested {
    /// None: the masks and pins judge every move.
    None,
    /// En passant only (several royal pieces or none, `royals.rs`).
    EnPassant,
    /// Every move: the royal piece stands on a linked square, attacked only while a far end
    /// is free, which any move may change (`links.rs`).
    Every,
}

impl Board128<'_> {
    /// The pieces of `side` sliding orthogonally and diagonally.
    #[inline(always)]
    pub(super) fn line_pieces(&self, side: usize) -> (Bits, Bits) {
        let (mut orth, mut diag) = (0, 0);
        for k in kinds_of(self.rules.orth) {
            orth |= self.kinds[k];
        }
        for k in kinds_of(self.rules.diag) {
            diag |= self.kinds[k];
        }
        (orth & self.sides[side], diag & self.sides[side])
    }

    /// The pieces of `by` among `by_pieces` that attack `sq` with `occupied` blocking;
    /// `lines` are `by`'s line pieces.
    #[inline(always)]
    pub(super) fn attackers(&self, sq: usize, by: usize, by_pieces: Bits, occupied: Bits, lines: (Bits, Bits)) -> Bits {
        let r = self.rules;
        let mut a = (r.lines.orth(sq, occupied) & lines.0) | (r.lines.diag(sq, occupied) & lines.1);
        a |= r.pawn_captured_from[by][sq] & self.pawns(by);
        for k in kinds_of(r.leapers) {
            a |= r.leaps_to[by][k][sq] & self.kinds[k];
        }
        a & by_pieces
    }

    /// Whether the side to move's royal piece would be attacked on `sq` with `occupied`
    /// (the enemy pieces `theirs` only).
    #[inline(always)]
    pub(super) fn unsafe_for_king(&self, sq: usize, theirs: Bits, occupied: Bits, lines: (Bits, Bits)) -> bool {
        self.attackers(sq, self.us ^ 1, theirs, occupied, (lines.0 & theirs, lines.1 & theirs)) != 0
    }

    /// What a piece of `kind` of the side to move attacks from `from`.
    #[inline(always)]
    pub(super) fn piece_attacks(&self, kind: usize, from: usize, occupied: Bits) -> Bits {
        let r = self.rules;
        let bit = 1u32 << kind;
        let mut a = if r.leapers & bit != 0 { r.leaps[self.us][kind][from] } else { 0 };
        if r.orth & bit != 0 {
            a |= r.lines.orth(from, occupied);
        }
        if r.diag & bit != 0 {
            a |= r.lines.diag(from, occupied);
        }
        a
    }

    /// Check and pin information for the side to move.
    #[inline(always)]
    fn safety(&self) -> Safety {
        self.safety_at(self.royals(self.us).trailing_zeros() as usize)
    }

    /// [`Board128::safety`] for the royal piece of the side to move on `king` (one of
    /// several, see `royals.rs`).
    #[inline(always)]
    pub(super) fn safety_at(&self, king: usize) -> Safety {
        let (us, them) = (self.us, self.us ^ 1);
        let occupied = self.blockers();
        let their_lines = self.line_pieces(them);
        let checkers = self.attackers(king, them, self.sides[them], occupied, their_lines);
        if self.rules.links.starts & (1 << king) != 0 {
            let checkers = if self.link_shielded(king, occupied) { 0 } else { checkers };
            let pin_span = 0;
            return Safety { king, checkers, mask: Bits::MAX, pinned: 0, pin_span, their_lines, tested: Tested::Every };
        }
        let mask = match checkers.count_ones() {
            0 => Bits::MAX,
            1 => checkers | self.blockable_span(king, checkers.trailing_zeros() as usize),
            _ => 0,
        };
        let lines = &self.rules.lines;
        let snipers = (lines.orth(king, 0) & their_lines.0) | (lines.diag(king, 0) & their_lines.1);
        let (mut pinned, mut pin_span) = (0, 0);
        for s in squares_of(snipers) {
            let span = lines.between(king, s);
            let between = span & occupied;
            if between.count_ones() == 1 && between & self.sides[us] != 0 {
                pinned |= between;
                pin_span |= span | 1 << s;
            }
        }
        Safety { king, checkers, mask, pinned, pin_span, their_lines, tested: Tested::None }
    }

    /// The squares between the royal piece on `king` and its one checker on `checker` where
    /// a piece may block the check: none when the checker also leaps onto the royal piece
    /// (a leap over those squares cannot be blocked, K1).
    #[inline(always)]
    fn blockable_span(&self, king: usize, checker: usize) -> Bits {
        let between = self.rules.lines.between(king, checker);
        if between == 0 {
            return 0;
        }
        let kind = self.cells[checker] as usize - 1;
        let r = self.rules;
        let leaps_onto = r.leapers & (1 << kind) != 0 && r.leaps_to[self.us ^ 1][kind][king] & (1 << checker) != 0;
        if leaps_onto {
            0
        } else {
            between
        }
    }

    /// Where the pinned piece on `from` may move: its own pin's squares on `from`'s side of
    /// the royal piece.
    #[inline(always)]
    pub(super) fn pin_ray(&self, s: &Safety, from: usize) -> Bits {
        let lines = &self.rules.lines;
        let king = 1 << s.king;
        let side = lines.orth(from, king) | lines.diag(from, king);
        lines.line(s.king, from) & s.pin_span & side
    }

    /// Every legal move of the side to move into `sink`.
    #[inline(always)]
    pub(crate) fn generate<S: Sink>(&self, sink: &mut S) {
        if self.has_other_than_one_royal() {
            self.generate_for_royals(sink);
            return;
        }
        let s = self.safety();
        if s.tested == Tested::Every {
            self.generate_tested(&s, sink);
        } else {
            self.generate_with(&s, sink);
        }
    }

    /// [`Board128::generate`] with the safety `s` (moves tested by `sink` as `s.tested` says).
    #[inline(always)]
    pub(super) fn generate_with<S: Sink>(&self, s: &Safety, sink: &mut S) {
        let s = *s;
        let (us, them) = (self.us, self.us ^ 1);
        let occupied = self.blockers();
        // A move ending on a linked square goes on through the link (`links.rs`).
        let targets = !self.sides[us] & !self.royals(them) & !self.walls & !self.rules.links.starts;
        let royal = self.rules.royal as usize;
        let king_bit = 1 << s.king;
        let mut king_moves = self.rules.leaps[us][royal][s.king] & targets;
        for to in squares_of(if s.tested == Tested::Every { 0 } else { king_moves }) {
            if self.unsafe_for_king(to, self.sides[them], occupied ^ king_bit, s.their_lines) {
                king_moves &= !(1 << to);
            }
        }
        sink.targets(s.king, king_moves);
        if s.mask == 0 {
            // Double check: only a royal move, or an en passant that happens to answer both.
            self.en_passant_only(&s, sink);
            if self.rules.links.starts != 0 {
                self.link_moves(&s, sink);
            }
            return;
        }
        let pawn_kind = self.rules.pawn_kind();
        for kind in 0..self.rules.kinds {
            if kind == royal || kind == pawn_kind {
                continue;
            }
            for from in squares_of(self.kinds[kind] & self.sides[us]) {
                let mut to = self.piece_attacks(kind, from, occupied) & targets & s.mask;
                if s.pinned & (1 << from) != 0 {
                    to &= self.pin_ray(&s, from);
                }
                sink.targets(from, to);
            }
        }
        if self.rules.pawn.is_some() {
            self.pawn_moves(&s, targets, sink);
        }
        if s.checkers == 0 && self.rules.castling.is_some() {
            self.castling_moves(&s, sink);
        }
        if self.rules.links.starts != 0 {
            self.link_moves(&s, sink);
        }
    }

    /// The square in front of `from` for `side`, if on the board.
    #[inline(always)]
    pub(super) fn forward(&self, side: usize, from: usize) -> Option<usize> {
        let files = self.rules.files;
        if side == 0 {
            (from + files < files * self.rules.ranks).then(|| from + files)
        } else {
            from.checked_sub(files)
        }
    }

    /// The promotion choices open to the side to move (a bit mask of kinds): all of them, or
    /// with `only_lost` those it has fewer of than the setup gave it.
    #[inline(always)]
    pub(super) fn open_choices(&self, p: &super::rules::WidePawn) -> u32 {
        let us = self.us;
        p.choices
            .iter()
            .filter(|&&c| {
                let c = usize::from(c);
                !p.only_lost || (self.kinds[c] & self.sides[us]).count_ones() < u32::from(self.setup_counts[us][c])
            })
            .fold(0, |open, &c| open | 1 << c)
    }

    #[inline(always)]
    fn pawn_moves<S: Sink>(&self, s: &Safety, targets: Bits, sink: &mut S) {
        self.pawn_moves_of(s, self.pawns(self.us), targets, sink);
    }

    /// The moves of the side to move's pawns among `pawns`, judged by `s`.
    #[inline(always)]
    pub(super) fn pawn_moves_of<S: Sink>(&self, s: &Safety, pawns: Bits, targets: Bits, sink: &mut S) {
        let p = self.rules.pawn.as_ref().expect("a pawn kind");
        let (us, them) = (self.us, self.us ^ 1);
        let occupied = self.blockers();
        let (zone, optional) = (p.promotion_zone[us], p.optional_zone[us]);
        let open = if (zone | optional) != 0 { self.open_choices(p) } else { 0 };
        let emit = |sink: &mut S, from: usize, to: usize| {
            let bit = 1 << to;
            if (zone | optional) & bit == 0 {
                sink.push(WideMove::normal(from, to, None));
                return;
            }
            if optional & bit != 0 {
                sink.push(WideMove::normal(from, to, None));
            }
            for &c in &p.choices {
                if open & (1 << c) != 0 {
                    sink.push(WideMove::normal(from, to, Some(c)));
                }
            }
        };
        let ep_ok =
            p.captures_en_passant && self.ep != NONE && occupied & (1 << self.ep) == 0 && targets & (1 << self.ep) != 0;
        let mut one_by_one = pawns;
        if S::COUNTS_ONLY {
            // Counting: the unpinned pawns' moves as whole sets; the pinned ones one by one.
            let free = one_by_one & !s.pinned;
            let g = &self.rules.pawn_geometry;
            let white = us == 0;
            let starts = p.double.map_or(0, |d| {
                let unmoved = if d.first_move { self.unmoved } else { Bits::MAX };
                free & d.from_mask[us] & unmoved
            });
            let allowed = s.mask & targets;
            let sets = g.sets(white, free, starts, !occupied, self.sides[them] & allowed, allowed);
            let deltas = g.deltas(white);
            let promoting = zone | optional;
            for (set, delta) in [(sets.steps, deltas.step), (sets.east, deltas.east), (sets.west, deltas.west)] {
                sink.shifted(set & !promoting, delta);
                for to in squares_of(set & promoting) {
                    emit(sink, (to as i32 - delta) as usize, to);
                }
            }
            // A double step is a `DoubleStep` move or an ordinary one: one move each, outside
            // the promotion squares.
            sink.shifted(sets.doubles & !promoting, deltas.double);
            for to in squares_of(sets.doubles & promoting) {
                emit(sink, (to as i32 - deltas.double) as usize, to);
            }
            if ep_ok {
                for from in squares_of(self.rules.pawn_captured_from[us][self.ep as usize] & free) {
                    self.en_passant(s, from, sink);
                }
            }
            one_by_one &= s.pinned;
        }
        for from in squares_of(one_by_one) {
            let pin = if s.pinned & (1 << from) != 0 { self.pin_ray(s, from) } else { Bits::MAX };
            let allowed = s.mask & pin & targets;
            for to in squares_of(self.rules.pawn_captures[us][from] & self.sides[them] & allowed) {
                emit(sink, from, to);
            }
            if ep_ok && self.rules.pawn_captures[us][from] & (1 << self.ep) != 0 {
                self.en_passant(s, from, sink);
            }
            let Some(one) = self.forward(us, from) else { continue };
            if occupied & (1 << one) != 0 {
                continue;
            }
            if allowed & (1 << one) != 0 {
                emit(sink, from, one);
            }
            let Some(d) = p.double else { continue };
            if d.from_mask[us] & (1 << from) == 0 || (d.first_move && self.unmoved & (1 << from) == 0) {
                continue;
            }
            let Some(two) = self.forward(us, one) else { continue };
            if occupied & (1 << two) == 0 && allowed & (1 << two) != 0 {
                if d.sets_en_passant && (zone | optional) & (1 << two) == 0 {
                    sink.push(WideMove::double(from, two));
                } else {
                    emit(sink, from, two);
                }
            }
        }
    }

    fn en_passant_only<S: Sink>(&self, s: &Safety, sink: &mut S) {
        let ep_ok = self.rules.pawn.as_ref().is_some_and(|p| p.captures_en_passant)
            && self.ep != NONE
            && (self.blockers() | self.rules.links.starts) & (1 << self.ep) == 0;
        if ep_ok {
            let capturers = self.rules.pawn_captured_from[self.us][self.ep as usize] & self.pawns(self.us);
            for from in squares_of(capturers) {
                self.en_passant(s, from, sink);
            }
        }
    }

    /// En passant, tested on the board after it (it empties two squares of lines).
    #[inline(never)]
    fn en_passant<S: Sink>(&self, s: &Safety, from: usize, sink: &mut S) {
        let (to, victim) = (self.ep as usize, self.ep_victim as usize);
        let victim_bit = if victim < 128 { (1 << victim) & self.blockers() } else { 0 };
        let occupied = (self.blockers() ^ (1 << from) ^ victim_bit) | 1 << to;
        let theirs = self.sides[self.us ^ 1] & !victim_bit;
        if s.tested != Tested::None || !self.unsafe_for_king(s.king, theirs, occupied, s.their_lines) {
            sink.push(WideMove::en_passant(from, to));
        }
    }

    /// Castling as the general path allows it: the squares king and rook cross or reach
    /// empty but for the two, the king's path unattacked, and the king safe after it.
    #[inline(never)]
    fn castling_moves<S: Sink>(&self, s: &Safety, sink: &mut S) {
        let (us, them) = (self.us, self.us ^ 1);
        let occupied = self.blockers();
        let (files, lines) = (self.rules.files, &self.rules.lines);
        for slot in 0..2 {
            let rook = self.castling[us][slot];
            if rook == NONE {
                continue;
            }
            let (king, rook) = (s.king, rook as usize);
            let (kd, rd) = self.castle_destinations(king, rook);
            let all = [king % files, rook % files, kd % files, rd % files];
            let (lo, hi) = (all.iter().min().copied().unwrap_or(0), all.iter().max().copied().unwrap_or(0));
            let crossed = lines.span(king / files, lo, hi);
            if occupied & crossed & !(1 << king | 1 << rook) != 0 {
                continue;
            }
            let path = lines.span(king / files, (king % files).min(kd % files), (king % files).max(kd % files));
            let theirs = self.sides[them];
            let unsafe_on = |sq: usize, occupied: Bits| {
                self.unsafe_for_king(sq, theirs, occupied, s.their_lines) && !self.link_shielded(sq, occupied)
            };
            if squares_of(path).any(|sq| unsafe_on(sq, occupied)) {
                continue;
            }
            let after = (occupied & !(1 << king | 1 << rook)) | 1 << kd | 1 << rd;
            if !unsafe_on(kd, after) {
                sink.push(WideMove::castle(king, rook));
            }
        }
    }
}
