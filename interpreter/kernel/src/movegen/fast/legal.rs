//! Legal move generation on a [`Board64`]: checkers and a check mask, pinned pieces with
//! their lines, king moves tested against the attacks with the king lifted, and the rare
//! moves (en passant, castling) tested on the board after them. Moves go to a [`Sink`]: a
//! list, or a counter that adds whole target sets by population count (perft's last ply).

use super::board::{Board64, FastMove, NONE};
use super::pawn_sets::EIGHT_BY_EIGHT;
use super::rules::squares_of;
use crate::spec::Entry;

/// A sink that keeps only the moves after which the mover's royal piece is not attacked,
/// each tested on a copy of the board.
pub(crate) struct Tested<'a, 'b, S> {
    pub board: &'a Board64<'b>,
    pub sink: &'a mut S,
}

impl<S: Sink> Sink for Tested<'_, '_, S> {
    #[inline]
    fn push(&mut self, mv: FastMove) {
        let mut child = *self.board;
        child.make(mv);
        if !child.royal_attacked(self.board.us) {
            self.sink.push(mv);
        }
    }
}

/// The moves a royal piece's safety cannot judge from the check mask and pins, which are
/// tested on the board after them: those leaving a square of `from` or reaching one of `to`
/// (the royal piece's own moves excepted: they are judged by the attacks on their
/// destination). Enemy hoppers put the squares beside the royal piece on their lines in `to`
/// (a new hurdle) and the rest of those lines in `from` (a piece between hurdle and hopper
/// may leave).
#[derive(Clone, Copy, Default)]
pub(crate) struct TestedZone {
    pub from: u64,
    pub to: u64,
}

impl TestedZone {
    #[inline(always)]
    fn is_empty(self) -> bool {
        self.from | self.to == 0
    }

    /// Whether a move from `from` to `to` (not the royal piece's) is tested.
    #[inline(always)]
    fn holds(self, from: usize, to: usize) -> bool {
        self.from & (1 << from) != 0 || self.to & (1 << to) != 0
    }
}

/// A sink that tests the moves of the [`TestedZone`] on a copy of the board.
pub(crate) struct ZoneTested<'a, 'b, S> {
    pub board: &'a Board64<'b>,
    pub zone: TestedZone,
    pub king: usize,
    pub sink: &'a mut S,
}

impl<S: Sink> Sink for ZoneTested<'_, '_, S> {
    #[inline]
    fn push(&mut self, mv: FastMove) {
        if mv.origin() != self.king && self.zone.holds(mv.origin(), mv.to_square()) {
            Tested { board: self.board, sink: &mut *self.sink }.push(mv);
        } else {
            self.sink.push(mv);
        }
    }

    #[inline]
    fn targets(&mut self, from: usize, targets: u64) {
        let tested = if from == self.king {
            0
        } else if self.zone.from & (1 << from) != 0 {
            targets
        } else {
            targets & self.zone.to
        };
        self.sink.targets(from, targets & !tested);
        for to in squares_of(tested) {
            Tested { board: self.board, sink: &mut *self.sink }.push(FastMove::normal(from, to, None));
        }
    }
}

/// Where generated moves go.
pub(crate) trait Sink {
    /// The sink only counts: generation may produce the moves in any order, by whole sets
    /// (the unpinned pawns' moves are then shifted as one set).
    const COUNTS_ONLY: bool = false;

    fn push(&mut self, mv: FastMove);

    /// Ordinary moves of the piece on `from` to each square of `targets`.
    #[inline(always)]
    fn targets(&mut self, from: usize, targets: u64) {
        for to in squares_of(targets) {
            self.push(FastMove::normal(from, to, None));
        }
    }

    /// Transits of the piece on `from` entering `entry`, one per exit in `exits`.
    #[inline(always)]
    fn transits(&mut self, from: usize, entry: usize, exits: u64) {
        for exit in squares_of(exits) {
            self.push(FastMove::transit(from, entry, exit, None));
        }
    }

    /// Ordinary moves onto each square of `targets`, each from the square `delta` before it.
    #[inline(always)]
    fn shifted(&mut self, targets: u64, delta: i32) {
        for to in squares_of(targets) {
            self.push(FastMove::normal((to as i32 - delta) as usize, to, None));
        }
    }

    /// Double steps onto each square of `targets`, each over the square `delta` before it
    /// from the square `2 * delta` before it.
    #[inline(always)]
    fn double_steps(&mut self, targets: u64, delta: i32) {
        for to in squares_of(targets) {
            let (passed, from) = ((to as i32 - delta) as usize, (to as i32 - 2 * delta) as usize);
            self.push(FastMove::double_over(from, to, passed));
        }
    }
}

/// Counts moves without keeping them.
pub(crate) struct Counter(pub u64);

impl Sink for Counter {
    const COUNTS_ONLY: bool = true;

    #[inline(always)]
    fn push(&mut self, _: FastMove) {
        self.0 += 1;
    }
    #[inline(always)]
    fn targets(&mut self, _: usize, targets: u64) {
        self.0 += u64::from(targets.count_ones());
    }
    #[inline(always)]
    fn transits(&mut self, _: usize, _: usize, exits: u64) {
        self.0 += u64::from(exits.count_ones());
    }
    #[inline(always)]
    fn shifted(&mut self, targets: u64, _: i32) {
        self.0 += u64::from(targets.count_ones());
    }
    #[inline(always)]
    fn double_steps(&mut self, targets: u64, _: i32) {
        self.0 += u64::from(targets.count_ones());
    }
}

impl Sink for crate::moves::MoveList {
    #[inline(always)]
    fn push(&mut self, mv: FastMove) {
        crate::moves::MoveList::push(self, mv.to_move());
    }
}

impl Sink for Vec<FastMove> {
    #[inline(always)]
    fn push(&mut self, mv: FastMove) {
        Vec::push(self, mv);
    }
}

/// What legality needs to know about the side to move's king.
#[derive(Clone, Copy)]
pub(crate) struct Safety {
    pub king: usize,
    pub checkers: u64,
    /// Squares a non-king move must end on (all when not in check; none in double check).
    pub mask: u64,
    pub pinned: u64,
    /// The squares from the royal piece to each pinning piece (the pinner included): a pinned
    /// piece may move only within its own pin's span, so a leap over the pinner (or over the
    /// royal piece, into another pin on the same line) is not kept.
    pub pin_span: u64,
    /// The enemy's line pieces (orthogonal, diagonal).
    pub their_lines: (u64, u64),
    /// The royal piece stands on a token (whether it can be attacked there depends on the
    /// open tokens elsewhere, which moves change), an enemy hopper attacks it (a move may
    /// answer that by taking its hurdle away) or it is in check on a cylinder (a check may
    /// come both ways round): every move is tested on the board after it.
    pub tested: bool,
    /// The moves tested on the board after them ([`TestedZone`]).
    pub zone: TestedZone,
}

impl Safety {
    /// The same safety with moves judged by the masks (and the tested zone).
    #[inline(always)]
    fn untested(self) -> Safety {
        Safety { tested: false, ..self }
    }

    /// The safety of a royal piece on `king` whose every move is tested after it.
    #[inline(always)]
    pub(super) fn tested(king: usize, checkers: u64, their_lines: (u64, u64)) -> Safety {
        Safety {
            king,
            checkers,
            mask: u64::MAX,
            pinned: 0,
            pin_span: 0,
            their_lines,
            tested: true,
            zone: TestedZone::default(),
        }
    }
}

impl Board64<'_> {
    /// Check and pin information for the side to move.
    #[inline(always)]
    pub(crate) fn safety(&self) -> Safety {
        self.safety_in::<true>()
    }

    /// [`Board64::safety`], hoppers and a cylinder read only when `SHAPED`.
    #[inline(always)]
    fn safety_in<const SHAPED: bool>(&self) -> Safety {
        self.safety_at::<SHAPED>(self.royals(self.us).trailing_zeros() as usize)
    }

    /// [`Board64::safety_in`] for the royal piece of the side to move on `king` (one of
    /// several, see `royals.rs`).
    #[inline(always)]
    pub(super) fn safety_at<const SHAPED: bool>(&self, king: usize) -> Safety {
        let (us, them) = (self.us, self.us ^ 1);
        let occupied = self.blockers();
        let their_lines = self.line_pieces(them);
        // A royal piece on a token or a linked square is attacked only while the token can
        // be entered or the link's far end is free, which moves change.
        if (self.tokens.all | self.rules.links.starts) & (1 << king) != 0 {
            let checkers = if self.capturable(king) {
                self.attackers(king, them, self.sides[them], occupied, their_lines)
            } else {
                0
            };
            return Safety::tested(king, checkers, their_lines);
        }
        let checkers = self.attackers_in::<SHAPED>(king, them, self.sides[them], occupied, their_lines);
        if SHAPED && self.rules.wraps {
            return self.cylinder_safety(king, checkers, their_lines);
        }
        let zone = if !SHAPED || self.rules.hoppers == 0 {
            TestedZone::default()
        } else if self.hop_attackers(king, them, self.sides[them], occupied) != 0 {
            return Safety::tested(king, checkers, their_lines);
        } else {
            self.hop_zone(king)
        };
        let mask = match checkers.count_ones() {
            0 => u64::MAX,
            1 => checkers | self.blockable_span(king, checkers.trailing_zeros() as usize),
            _ => 0,
        };
        let snipers = (self.sl.orth(king, 0) & their_lines.0) | (self.sl.diag(king, 0) & their_lines.1);
        let (mut pinned, mut pin_span) = (0, 0);
        for s in squares_of(snipers) {
            let span = self.sl.between(king, s);
            let between = span & occupied;
            if between.count_ones() == 1 {
                // A piece on a token pins nothing: the token stays and blocks when it leaves.
                let pin = between & self.sides[us] & !self.tokens.all;
                if pin != 0 {
                    pinned |= pin;
                    pin_span |= span | 1 << s;
                }
            }
        }
        Safety { king, checkers, mask, pinned, pin_span, their_lines, tested: false, zone }
    }

    /// The safety on a cylinder, where a line may reach the royal piece both ways round: in
    /// check, every move is tested after it; otherwise the pins are found along each of the
    /// eight lines ([`Board64::round_pins`]).
    #[inline(always)]
    fn cylinder_safety(&self, king: usize, checkers: u64, their_lines: (u64, u64)) -> Safety {
        if checkers != 0 {
            return Safety::tested(king, checkers, their_lines);
        }
        let pinned = self.round_pins(king, their_lines).iter().fold(0, |p, span| p | span) & self.own_pieces();
        Safety { pinned, ..Safety::tested(king, 0, their_lines) }.untested()
    }

    /// The side to move's pieces (not on tokens).
    #[inline(always)]
    fn own_pieces(&self) -> u64 {
        self.sides[self.us] & !self.tokens.all
    }

    /// On a cylinder, the span of the pin on the royal piece on `king` from each direction
    /// (0: none), see [`super::cylinder::CylinderLines::pins`].
    #[inline(always)]
    fn round_pins(&self, king: usize, their_lines: (u64, u64)) -> [u64; 8] {
        super::cylinder::cylinder().pins(king, self.blockers(), self.own_pieces(), their_lines)
    }

    /// The squares between the royal piece on `king` and its one checker on `checker` where
    /// a piece may block the check: none when the checker also reaches the royal piece by a
    /// leap (a leap over those squares cannot be blocked, K1).
    #[inline(always)]
    fn blockable_span(&self, king: usize, checker: usize) -> u64 {
        let between = self.sl.between(king, checker);
        if between == 0 {
            return 0;
        }
        let kind = self.cells[checker] as usize - 1;
        let leaps_onto =
            self.rules.leapers & (1 << kind) != 0 && self.rules.leaps_to[self.us ^ 1][kind][king] & (1 << checker) != 0;
        if leaps_onto {
            0
        } else {
            between
        }
    }

    /// Where the pinned piece on `from` may move: the squares of its pin, from the royal
    /// piece to the pinner. The pin spans on its line are cut to `from`'s side of the royal
    /// piece (what a line piece on `from` would reach with only the royal piece on the board).
    #[inline(always)]
    pub(super) fn pin_ray(&self, s: &Safety, from: usize) -> u64 {
        if self.rules.wraps {
            // A piece pinned from two directions keeps to both spans.
            let bit = 1u64 << from;
            let spans = self.round_pins(s.king, s.their_lines);
            return spans.iter().filter(|&&span| span & bit != 0).fold(u64::MAX, |ray, span| ray & span);
        }
        let king = 1u64 << s.king;
        let side = self.sl.orth(from, king) | self.sl.diag(from, king);
        self.sl.line(s.king, from) & s.pin_span & side
    }

    /// Whether the side to move's king would be attacked on `sq` with `occupied` (the enemy
    /// pieces `theirs` only).
    #[inline(always)]
    fn unsafe_for_king(&self, sq: usize, theirs: u64, occupied: u64, lines: (u64, u64)) -> bool {
        self.attackers(sq, self.us ^ 1, theirs, occupied, (lines.0 & theirs, lines.1 & theirs)) != 0
    }

    #[inline(always)]
    pub(super) fn unsafe_for_king_in<const SHAPED: bool>(
        &self,
        sq: usize,
        theirs: u64,
        occupied: u64,
        lines: (u64, u64),
    ) -> bool {
        self.attackers_in::<SHAPED>(sq, self.us ^ 1, theirs, occupied, (lines.0 & theirs, lines.1 & theirs)) != 0
    }

    /// Every legal move of the side to move into `sink`.
    #[inline(always)]
    pub(crate) fn generate<S: Sink>(&self, sink: &mut S) {
        self.generate_to(u64::MAX, sink);
    }

    /// The legal moves of the side to move that end on a square of `only`, and castling,
    /// into `sink`.
    #[inline(always)]
    pub(crate) fn generate_to<S: Sink>(&self, only: u64, sink: &mut S) {
        if self.has_other_than_one_royal() {
            self.generate_for_royals(only, sink);
            return;
        }
        if self.is_shaped() {
            self.generate_shaped(only, sink);
            return;
        }
        // No hopper and no cylinder: the lean form, with nothing of theirs compiled in.
        let s = self.safety_in::<false>();
        if s.tested {
            self.generate_tested(&s, only, sink);
        } else {
            self.generate_with::<false, S>(&s, only, sink);
        }
    }

    /// [`Board64::generate_to`] with hoppers or a cylinder (kept out of line, so the lean
    /// form stays as small as it was).
    #[inline(never)]
    fn generate_shaped<S: Sink>(&self, only: u64, sink: &mut S) {
        let s = self.safety();
        if s.tested {
            self.generate_tested(&s, only, sink);
        } else if !s.zone.is_empty() {
            self.generate_zone_tested(&s, only, sink);
        } else {
            self.generate_with::<true, S>(&s, only, sink);
        }
    }

    /// [`Board64::generate_with`], every move tested on the board after it (kept out of line:
    /// the common case stays lean).
    #[inline(never)]
    fn generate_tested<S: Sink>(&self, s: &Safety, only: u64, sink: &mut S) {
        self.generate_with::<true, _>(s, only, &mut Tested { board: self, sink });
    }

    /// [`Board64::generate_with`], the moves of the tested zone tested on the board after them.
    #[inline(never)]
    fn generate_zone_tested<S: Sink>(&self, s: &Safety, only: u64, sink: &mut S) {
        self.generate_with::<true, _>(s, only, &mut ZoneTested { board: self, zone: s.zone, king: s.king, sink });
    }

    /// [`Board64::generate_to`] with the safety `s` (moves tested by `sink` when `s.tested`).
    #[inline(always)]
    fn generate_with<const SHAPED: bool, S: Sink>(&self, s: &Safety, only: u64, sink: &mut S) {
        let (us, them) = (self.us, self.us ^ 1);
        let occupied = self.blockers();
        // A move ending on a linked square may go on through the link (`links.rs`).
        let targets = !self.sides[us] & !self.royals(them) & !self.tokens.all & !self.link_barred() & only;
        let royal = self.rules.royal as usize;
        let king_bit = 1u64 << s.king;
        let mut king_moves = self.rules.leaps[us][royal][s.king] & targets & !self.rules.links.starts;
        if !s.tested {
            for to in squares_of(king_moves) {
                if self.unsafe_for_king_in::<SHAPED>(to, self.sides[them], occupied ^ king_bit, s.their_lines) {
                    king_moves &= !(1 << to);
                }
            }
        }
        sink.targets(s.king, king_moves);
        let transits = self.tokens.all != 0 && self.rules.token.is_some_and(|t| t.entry != Entry::None);
        if s.mask == 0 {
            // Double check: only a king move, or an en passant that happens to answer both.
            self.en_passant_only(s, only, sink);
            if transits {
                self.transits(s, only, sink);
            }
            if self.rules.links.starts != 0 {
                self.link_moves(s, only, sink);
            }
            return;
        }
        let pawn_kind = self.rules.pawn_kind();
        for kind in 0..self.rules.kinds {
            if kind == royal || kind == pawn_kind {
                continue;
            }
            for from in squares_of(self.kinds[kind] & self.sides[us]) {
                let mut to = self.piece_attacks_in::<SHAPED>(kind, from, occupied) & targets & s.mask;
                if s.pinned & (1 << from) != 0 {
                    to &= self.pin_ray(s, from);
                }
                sink.targets(from, to);
            }
        }
        if self.rules.pawn.is_some() {
            self.pawn_moves(s, targets, sink);
        }
        if s.checkers == 0 && self.rules.castling.is_some() {
            self.castling_moves::<SHAPED, S>(s, sink);
        }
        if transits {
            self.transits(s, only, sink);
        }
        if self.rules.links.starts != 0 {
            self.link_moves(s, only, sink);
        }
    }

    #[inline(always)]
    fn pawn_moves<S: Sink>(&self, s: &Safety, targets: u64, sink: &mut S) {
        self.pawn_moves_of(s, self.pawns(self.us), targets, sink);
    }

    /// The moves of the side to move's pawns among `pawns`, judged by `s`.
    #[inline(always)]
    pub(super) fn pawn_moves_of<S: Sink>(&self, s: &Safety, pawns: u64, targets: u64, sink: &mut S) {
        let p = self.rules.pawn.as_ref().expect("a pawn kind");
        let (us, them) = (self.us, self.us ^ 1);
        let occupied = self.blockers();
        let zone = self.promoting_squares(p);
        let emit = |sink: &mut S, from: usize, to: usize| {
            if zone & (1 << to) != 0 {
                self.push_promotions(p, from, to, sink);
            } else {
                sink.push(FastMove::normal(from, to, None));
            }
        };
        let ep_ok = p.captures_en_passant
            && self.ep != NONE
            && occupied & (1 << self.ep) == 0
            && targets & !self.rules.links.starts & (1 << self.ep) != 0;
        let mut one_by_one = pawns;
        if S::COUNTS_ONLY && !self.rules.wraps {
            // Counting: the unpinned pawns' moves as whole sets; the pinned ones one by one.
            let free = one_by_one & !s.pinned;
            self.unpinned_pawn_sets(s.mask & targets, free, sink);
            if ep_ok {
                for from in squares_of(self.rules.pawn_captured_from[us][self.ep as usize] & free) {
                    self.en_passant(s, from, sink);
                }
            }
            one_by_one &= s.pinned;
        }
        for from in squares_of(one_by_one) {
            let pin = if s.pinned & (1 << from) != 0 { self.pin_ray(s, from) } else { u64::MAX };
            let allowed = s.mask & pin & targets;
            for to in squares_of(self.rules.pawn_captures[us][from] & self.sides[them] & allowed) {
                emit(sink, from, to);
            }
            if ep_ok && self.rules.pawn_captures[us][from] & (1 << self.ep) != 0 {
                self.en_passant(s, from, sink);
            }
            let Some(one) = forward(us, from) else { continue };
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
            let Some(two) = forward(us, one) else { continue };
            if occupied & (1 << two) == 0 && allowed & (1 << two) != 0 {
                if d.sets_en_passant && zone & (1 << two) == 0 {
                    sink.push(FastMove::double(from, two));
                } else {
                    emit(sink, from, two);
                }
            }
        }
    }

    /// The moves of the unpinned pawns `free` ending on `allowed` (en passant aside), by
    /// shifting the pawns as one set on the 8x8 board (no cylinder): steps, double steps,
    /// captures to either side. Promotions give one move per choice.
    #[inline(always)]
    fn unpinned_pawn_sets<S: Sink>(&self, allowed: u64, free: u64, sink: &mut S) {
        let p = self.rules.pawn.as_ref().expect("a pawn kind");
        let white = self.us == 0;
        let starts = p.double.map_or(0, |d| {
            let unmoved = if d.first_move { self.unmoved } else { u64::MAX };
            free & d.from_mask[self.us] & unmoved
        });
        let prey = self.sides[self.us ^ 1] & allowed;
        let sets = EIGHT_BY_EIGHT.sets(white, free, starts, !self.blockers(), prey, allowed);
        let deltas = EIGHT_BY_EIGHT.deltas(white);
        self.pawn_set(sets.steps, deltas.step, sink);
        if p.double.is_some_and(|d| d.sets_en_passant) {
            let zone = self.promoting_squares(p);
            sink.double_steps(sets.doubles & !zone, deltas.step);
            self.pawn_set(sets.doubles & zone, deltas.double, sink);
        } else {
            self.pawn_set(sets.doubles, deltas.double, sink);
        }
        self.pawn_set(sets.east, deltas.east, sink);
        self.pawn_set(sets.west, deltas.west, sink);
    }

    /// Pawn moves onto each square of `targets`, each from the square `delta` before it:
    /// the promotions on promoting squares, else one.
    #[inline(always)]
    fn pawn_set<S: Sink>(&self, targets: u64, delta: i32, sink: &mut S) {
        let p = self.rules.pawn.as_ref().expect("a pawn kind");
        let promoting = targets & self.promoting_squares(p);
        sink.shifted(targets & !promoting, delta);
        if promoting != 0 {
            self.push_shifted_promotions(p, promoting, delta, sink);
        }
    }

    fn en_passant_only<S: Sink>(&self, s: &Safety, only: u64, sink: &mut S) {
        let ep_ok = self.rules.pawn.as_ref().is_some_and(|p| p.captures_en_passant)
            && self.ep != NONE
            && only & !self.rules.links.starts & (1 << self.ep) != 0
            && self.occupied() & (1 << self.ep) == 0;
        if ep_ok {
            let capturers = self.rules.pawn_captured_from[self.us][self.ep as usize] & self.pawns(self.us);
            for from in squares_of(capturers) {
                self.en_passant(s, from, sink);
            }
        }
    }

    /// A pawn's move to `to`: its promotions on a promoting square, else one.
    #[inline(always)]
    fn emit_pawn<S: Sink>(&self, from: usize, to: usize, sink: &mut S) {
        let p = self.rules.pawn.as_ref().expect("a pawn kind");
        if self.promoting_squares(p) & (1 << to) != 0 {
            self.push_promotions(p, from, to, sink);
        } else {
            sink.push(FastMove::normal(from, to, None));
        }
    }

    /// The legal moves of the side to move that end on `to`, and castling (long algebraic
    /// writes it as a king move), found backwards from `to`: what a notation can name.
    pub(crate) fn generate_onto<S: Sink>(&self, to: usize, sink: &mut S) {
        if self.has_other_than_one_royal() {
            // Such a board has no castling rights (`royals.rs`): the legal moves ending on `to`.
            self.generate_to(1 << to, sink);
            return;
        }
        if self.rules.hoppers != 0 || self.rules.wraps {
            // Hops and lines round a cylinder are found forwards: the legal moves ending on
            // `to`, castling only when `to` is on the king's rank, as below.
            let king_rank = self.royals(self.us).trailing_zeros() as usize / 8;
            let mut kept = KeepIf { keep: |mv: FastMove| !mv.is_castle() || to / 8 == king_rank, sink };
            self.generate_to(1 << to, &mut kept);
            return;
        }
        let s = self.safety_in::<false>();
        let (us, them) = (self.us, self.us ^ 1);
        let occupied = self.occupied();
        let bit = 1u64 << to;
        let reachable = bit & !self.sides[us] & !self.royals(them) != 0;
        if reachable {
            let royal = self.rules.royal as usize;
            let king_bit = 1u64 << s.king;
            let king_reaches = self.rules.leaps_to[us][royal][to] & king_bit != 0;
            if king_reaches && !self.unsafe_for_king(to, self.sides[them], occupied ^ king_bit, s.their_lines) {
                sink.push(FastMove::normal(s.king, to, None));
            }
            if s.mask & bit != 0 {
                self.pieces_onto(&s, to, sink);
            }
            let ep_ok = self.rules.pawn.as_ref().is_some_and(|p| p.captures_en_passant)
                && to == self.ep as usize
                && occupied & bit == 0;
            if ep_ok {
                for from in squares_of(self.rules.pawn_captured_from[us][to] & self.pawns(us)) {
                    self.en_passant(&s, from, sink);
                }
            }
        }
        // Long algebraic castling names a square of the king's rank.
        if s.checkers == 0 && self.rules.castling.is_some() && to / 8 == s.king / 8 {
            self.castling_moves::<false, S>(&s, sink);
        }
    }

    /// The non-royal pieces' moves to `to` (inside the check mask), pins respected.
    #[inline(always)]
    fn pieces_onto<S: Sink>(&self, s: &Safety, to: usize, sink: &mut S) {
        let (us, them) = (self.us, self.us ^ 1);
        let r = self.rules;
        let occupied = self.occupied();
        let bit = 1u64 << to;
        let free = |from: usize| s.pinned & (1 << from) == 0 || self.pin_ray(s, from) & bit != 0;
        let (orth, diag) = (self.sl.orth(to, occupied), self.sl.diag(to, occupied));
        let pawn_kind = r.pawn_kind();
        for kind in 0..r.kinds {
            if kind == r.royal as usize || kind == pawn_kind {
                continue;
            }
            let kb = 1u32 << kind;
            let mut from = if r.leapers & kb != 0 { r.leaps_to[us][kind][to] } else { 0 };
            if r.orth & kb != 0 {
                from |= orth;
            }
            if r.diag & kb != 0 {
                from |= diag;
            }
            for f in squares_of(from & self.kinds[kind] & self.sides[us]) {
                if free(f) {
                    sink.push(FastMove::normal(f, to, None));
                }
            }
        }
        let Some(p) = r.pawn.as_ref() else { return };
        let pawns = self.pawns(us);
        if self.sides[them] & bit != 0 {
            for f in squares_of(r.pawn_captured_from[us][to] & pawns) {
                if free(f) {
                    self.emit_pawn(f, to, sink);
                }
            }
            return;
        }
        let Some(one) = backward(us, to) else { return };
        if pawns & (1 << one) != 0 {
            if free(one) {
                self.emit_pawn(one, to, sink);
            }
            return;
        }
        let (Some(d), Some(two)) = (p.double, backward(us, one)) else { return };
        let unmoved_ok = !d.first_move || self.unmoved & (1 << two) != 0;
        let starts = pawns & d.from_mask[us] & (1 << two) != 0 && unmoved_ok;
        if starts && occupied & (1 << one) == 0 && free(two) {
            if d.sets_en_passant && self.promoting_squares(p) & bit == 0 {
                sink.push(FastMove::double(two, to));
            } else {
                self.emit_pawn(two, to, sink);
            }
        }
    }

    /// En passant, tested on the board after it (it empties two squares of lines).
    #[inline(never)]
    fn en_passant<S: Sink>(&self, s: &Safety, from: usize, sink: &mut S) {
        let (to, victim) = (self.ep as usize, self.ep_victim as usize);
        let victim_bit = if victim < 64 { (1u64 << victim) & self.occupied() } else { 0 };
        // A token under the capturer stays and keeps blocking when it leaves.
        let from_bit = (1u64 << from) & !self.tokens.all;
        let occupied = (self.blockers() ^ from_bit ^ victim_bit) | 1 << to;
        let theirs = self.sides[self.us ^ 1] & !victim_bit;
        // With `s.tested` the sink judges the move on the board after it (a royal piece on a
        // token is attacked only while the token can be entered, which the lines do not say).
        if s.tested || !self.unsafe_for_king(s.king, theirs, occupied, s.their_lines) {
            sink.push(FastMove::en_passant(from, to));
        }
    }

    /// Castling as the general path allows it: the squares king and rook cross or reach
    /// empty but for the two, the king's path unattacked, and the king safe after it.
    #[inline(never)]
    fn castling_moves<const SHAPED: bool, S: Sink>(&self, s: &Safety, sink: &mut S) {
        let (us, them) = (self.us, self.us ^ 1);
        let occupied = self.blockers();
        for slot in 0..2 {
            let rook = self.castling[us][slot];
            if rook == NONE {
                continue;
            }
            let (king, rook) = (s.king, rook as usize);
            let (kd, rd) = self.castle_destinations(king, rook);
            // King, rook and their destinations share a rank: the run between the lowest and
            // the highest of the four squares is what they cross.
            let crossed = span(king.min(rook).min(kd).min(rd), king.max(rook).max(kd).max(rd));
            // PH12: tokens on any of these squares (king and rook's own included) forbid it.
            if occupied & crossed & !(1 << king | 1 << rook) != 0 || self.tokens.all & crossed != 0 {
                continue;
            }
            let path = span(king.min(kd), king.max(kd));
            let theirs = self.sides[them];
            let unsafe_on = |sq: usize, occupied: u64| {
                self.unsafe_for_king_in::<SHAPED>(sq, theirs, occupied, s.their_lines)
                    && !self.link_shielded(sq, occupied)
            };
            if squares_of(path).any(|sq| unsafe_on(sq, occupied)) {
                continue;
            }
            let after = (occupied & !(1 << king | 1 << rook)) | 1 << kd | 1 << rd;
            if !unsafe_on(kd, after) {
                sink.push(FastMove::castle(king, rook));
            }
        }
    }
}

/// A sink passing on the moves `keep` accepts.
struct KeepIf<'a, F, S> {
    keep: F,
    sink: &'a mut S,
}

impl<F: Fn(FastMove) -> bool, S: Sink> Sink for KeepIf<'_, F, S> {
    #[inline]
    fn push(&mut self, mv: FastMove) {
        if (self.keep)(mv) {
            self.sink.push(mv);
        }
    }
}

/// The square in front of `from` for `side`, if on the board.
#[inline(always)]
pub(super) fn forward(side: usize, from: usize) -> Option<usize> {
    if side == 0 {
        (from < 56).then(|| from + 8)
    } else {
        from.checked_sub(8)
    }
}

/// The square behind `to` for `side`, if on the board.
#[inline(always)]
fn backward(side: usize, to: usize) -> Option<usize> {
    forward(side ^ 1, to)
}

/// The squares from `lo` to `hi` (`lo <= hi`), both included: on one rank, a run of files.
#[inline(always)]
fn span(lo: usize, hi: usize) -> u64 {
    (2u64 << hi).wrapping_sub(1 << lo)
}

impl Board64<'_> {
    /// Keeps the legal moves of `list` (pseudo-legal moves of the general generator for this
    /// position), removing the others exactly as the general path does, so the order of
    /// what stays is the same.
    pub(crate) fn retain_legal(&self, list: &mut crate::moves::MoveList) {
        if self.has_other_than_one_royal() {
            self.retain_legal_for_royals(list);
            return;
        }
        let s = self.safety();
        let mut i = 0;
        while i < list.len() {
            if self.is_legal(&s, list.as_slice()[i]) {
                i += 1;
            } else {
                list.swap_remove(i);
            }
        }
    }

    /// Whether the pseudo-legal `mv` leaves the mover's king unattacked (K1).
    #[inline]
    fn is_legal(&self, s: &Safety, mv: crate::moves::Move) -> bool {
        use crate::moves::Move;
        if s.tested || !s.zone.is_empty() && self.in_tested_zone(s, mv) {
            return self.legal_after(mv);
        }
        let theirs = self.sides[self.us ^ 1];
        match mv {
            Move::Normal { from, to, .. } | Move::DoubleStep { from, to, .. } => {
                let (from, to) = (from.index(), to.index());
                if from == s.king {
                    !self.unsafe_for_king(to, theirs, self.occupied() ^ (1 << from), s.their_lines)
                } else {
                    let line = if s.pinned & (1 << from) != 0 { self.pin_ray(s, from) } else { u64::MAX };
                    s.mask & line & (1 << to) != 0
                }
            }
            Move::EnPassant { from, .. } => {
                let mut found = Counter(0);
                self.en_passant(s, from.index(), &mut found);
                found.0 == 1
            }
            Move::Castle { king, rook } => {
                let (kd, rd) = self.castle_destinations(king.index(), rook.index());
                let after = (self.occupied() & !(1 << king.index() | 1 << rook.index())) | 1 << kd | 1 << rd;
                !self.unsafe_for_king(kd, theirs, after, s.their_lines)
            }
            _ => false,
        }
    }

    /// Whether `mv` is a move other than the royal piece's in the tested zone of `s`.
    fn in_tested_zone(&self, s: &Safety, mv: crate::moves::Move) -> bool {
        let (Some(from), Some(to)) = (mv.from(), mv.to()) else { return true };
        from.index() != s.king && s.zone.holds(from.index(), to.index())
    }

    /// Whether `mv` leaves the mover's royal piece unattacked, tested on a copy of the board.
    fn legal_after(&self, mv: crate::moves::Move) -> bool {
        let Some(fast) = FastMove::from_move(mv) else { return false };
        let mut child = *self;
        child.make(fast);
        !child.royal_attacked(self.us)
    }
}
