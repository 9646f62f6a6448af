//! Legal moves and perft on a warped fast-path board (WH3-WH8): each non-royal piece's
//! destinations as bit boards (skip paths and one tunnel per move, as the table walker walks
//! them; two ways to one square are one move, K6; a double step wins over a tunnel, WH8),
//! pieces kind by kind, pawns whose moves are plain set-wise (`warp_pawns.rs`), royal moves
//! and castling on the plain board. Out of check, a piece that moves from a square the attack
//! test on the royal piece did not read cannot expose it (filling a square only stops attack
//! walks earlier); the others are tested on the board after them. In check, only moves that
//! end on a square every checking walk read are tested at all.

use std::rc::Rc;

use super::board::{Board64, FastMove, NONE};
use super::legal::{Counter, Sink};
use super::rules::squares_of;
use super::warp::{Attackers, LineReads, Lines, PawnLines, ReadSquares, View, WarpRules, OFF};

/// The destinations of one pawn.
#[derive(Default)]
struct Reach {
    normal: u64,
    /// A double step's destination and passed square.
    double: Option<(usize, usize)>,
    en_passant: bool,
}

/// What every pawn's moves read at one node, looked up once for all the pawns.
struct PawnNode<'a> {
    occupied: u64,
    /// The pieces a pawn may capture (the opponent's, royal ones left out).
    prey: u64,
    /// The en-passant square (a bit) when a pawn may capture onto it, else 0.
    ep: u64,
    /// Where a pawn promotes, and to what (0 and none when it never does).
    zone: u64,
    choices: &'a [u8],
    /// The double step, and whether it needs an unmoved pawn (`None`: no double step).
    double_first_move: Option<bool>,
}

/// The test of one move: whether it leaves the mover's royal piece attacked, on the board
/// after it: every attack line, or with `reads` (a non-royal piece's move, the royal piece
/// not in check) only the lines that read its origin.
struct Tester<'a, 'b> {
    board: &'a Board64<'b>,
    w: &'a WarpRules,
    l: &'a Lines,
    /// The opponent's attackers on the board before the move.
    a: &'a Attackers,
    reads: Option<&'a LineReads>,
    /// Without `reads`: the move is a non-royal piece's plain move (no en passant, no
    /// castling), tested on the board before it as the attack walks see the board after it.
    in_view: bool,
}

impl Tester<'_, '_> {
    fn exposes(&self, mv: FastMove) -> bool {
        let b = self.board;
        let us = b.us;
        if let Some(reads) = self.reads {
            // The piece leaves its origin (only the lines that read it may open) and takes
            // whatever stood on its destination.
            let (from, to) = (1u64 << mv.origin(), 1u64 << mv.to_square());
            let view = View { occupied: (b.occupied() & !from) | to, theirs: b.sides[us ^ 1] & !to };
            let king = b.royals(us).trailing_zeros() as usize;
            // Not in check before: no royal attacker stands next to it, nor comes.
            let mut lines = reads.lines_reading(from);
            while lines != 0 {
                let k = lines.trailing_zeros() as usize;
                lines &= lines - 1;
                let (w, l, a) = (self.w, self.l, self.a);
                if a.on_slide_line(w, l, us ^ 1, k, king) && b.slide_walk(w, l, k, king, us ^ 1, view, a, &mut ()) {
                    return true;
                }
            }
            return false;
        }
        if self.in_view {
            // The piece leaves its origin and takes what stood on its destination; the lines
            // stay (a non-royal piece never ends on a token).
            let (from, to) = (1u64 << mv.origin(), 1u64 << mv.to_square());
            let view = View { occupied: (b.occupied() & !from) | to, theirs: b.sides[us ^ 1] & !to };
            let king = b.royals(us).trailing_zeros() as usize;
            return b.attacked_in(self.w, self.l, king, us ^ 1, view, self.a, &mut ());
        }
        let mut child = *b;
        child.make(mv);
        let king = child.royals(us).trailing_zeros() as usize;
        // A royal piece landing on a token removes it (WH6), which changes the step tables
        // only where a line leaves that square: the royal piece's own, where every walk back
        // from it starts and ends. The parent's tables serve.
        child.warp_attacked(self.w, self.l, king, us ^ 1, &mut ())
    }
}

/// A sink keeping the moves its [`Tester`] passes. The sink is kept apart from the test, so
/// a counting sink stays in a register through the generation.
struct WarpTested<'a, 'b, S> {
    tester: Tester<'a, 'b>,
    sink: &'a mut S,
}

impl<S: Sink> Sink for WarpTested<'_, '_, S> {
    #[inline(always)]
    fn push(&mut self, mv: FastMove) {
        if !self.tester.exposes(mv) {
            self.sink.push(mv);
        }
    }
}

impl Board64<'_> {
    /// Every legal move of the side to move into `sink`.
    pub(crate) fn warp_generate<S: Sink>(&self, w: &WarpRules, l: &Lines, sink: &mut S) {
        self.warp_generate_with(w, l, &mut LineReads::new(), sink);
    }

    /// [`Self::warp_generate`] with `reads` to keep the attack test's reads in (cleared).
    pub(crate) fn warp_generate_with<S: Sink>(&self, w: &WarpRules, l: &Lines, reads: &mut LineReads, sink: &mut S) {
        let (us, them) = (self.us, self.us ^ 1);
        let king = self.royals(us).trailing_zeros() as usize;
        reads.clear();
        let board = View { occupied: self.occupied(), theirs: self.sides[them] };
        let a = self.warp_attackers(w, them, board.theirs);
        let in_check = self.attacked_in(w, l, king, them, board, &a, reads);
        let reads = &*reads;
        let royal = self.rules.royal as usize;
        let mut king_moves = self.rules.leaps[us][royal][king] & !self.sides[us] & !self.royals(them);
        for to in squares_of(king_moves) {
            // The lines stay as they are for the walks back from `to`: onto a token, the royal
            // piece removes it (WH6), which changes only the lines leaving that square, and
            // no walk back from a square reads that square itself.
            let (from_bit, to_bit) = (1u64 << king, 1u64 << to);
            let view = View { occupied: (self.occupied() & !from_bit) | to_bit, theirs: self.sides[them] & !to_bit };
            if self.attacked_in(w, l, to, them, view, &a, &mut ()) {
                king_moves &= !to_bit;
            }
        }
        sink.targets(king, king_moves);
        let partial = (!in_check).then_some(reads);
        // Pawns the attack test did not read, out of check: set-wise where their patterns
        // are shifts, one by one from their rest tables elsewhere, all safe.
        let shifts = &l.pawn_shifts[us];
        let mut setwise = if in_check { 0 } else { self.pawns(us) & !reads.all };
        if self.ep < 64 && self.rules.pawn.as_ref().is_some_and(|p| p.captures_en_passant) {
            setwise &= !shifts.capturing_onto(self.ep as usize, setwise);
        }
        self.shifted_pawns(shifts, setwise, sink);
        let tester = Tester { board: self, w, l, a: &a, reads: partial, in_view: in_check };
        let mut t = WarpTested { tester, sink: &mut *sink };
        let free = if in_check { 0 } else { !reads.all };
        // In check, a move answers only by ending where every checking walk read.
        let answers = if in_check { self.check_mask(w, l, king, them, board, &a) } else { u64::MAX };
        self.warped_pieces(w, l, free, answers, &mut t);
        let node = self.pawn_node();
        for from in squares_of(setwise & shifts.rest_from) {
            let mut reach = Reach::default();
            self.warped_pawn(from, &l.pawn_rest[us][from], &node, &mut reach);
            if reach.normal != 0 || reach.double.is_some() {
                self.push_pawn_reach(from, &reach, u64::MAX, &node, &mut t);
            }
            if reach.en_passant {
                self.push_en_passant(w, l, &a, from, &mut t);
            }
        }
        for from in squares_of(self.pawns(us) & !setwise) {
            let mut reach = Reach::default();
            self.warped_pawn(from, &l.pawn[us][from], &node, &mut reach);
            reach.normal &= answers;
            reach.double = reach.double.filter(|&(to, _)| answers & (1 << to) != 0);
            let mut safe = if free & (1 << from) != 0 { u64::MAX } else { 0 };
            if partial.is_some() && safe == 0 {
                // The lines through the origin that open when the pawn leaves: it must end
                // on one of the squares they read (a pin, along warped lines); none opening:
                // every move is safe.
                match self.opened_lines(w, l, king, from, &a, reads) {
                    0 => safe = u64::MAX,
                    along => {
                        reach.normal &= along;
                        reach.double = reach.double.filter(|&(to, _)| along & (1 << to) != 0);
                    }
                }
            }
            self.push_pawn_reach(from, &reach, safe, &node, &mut t);
            if reach.en_passant {
                self.push_en_passant(w, l, &a, from, &mut t);
            }
        }
        if !in_check && self.rules.castling.is_some() {
            (t.tester.reads, t.tester.in_view) = (None, false);
            self.warp_castling(w, l, king, &mut t);
        }
    }

    /// The moves of the non-royal pieces other than pawns, kind by kind (as the table walker): leaps
    /// from the step tables, slides along rays that meet no absent square from the magic
    /// tables and the others walked, each ending on `answers`. A piece on `free` (a square
    /// the attack test did not read, out of check) cannot expose the royal piece: its moves
    /// go straight to the sink.
    #[inline(always)]
    fn warped_pieces<S: Sink>(&self, w: &WarpRules, l: &Lines, free: u64, answers: u64, t: &mut WarpTested<'_, '_, S>) {
        let (us, them) = (self.us, self.us ^ 1);
        let targets = !self.sides[us] & !self.royals(them) & answers;
        let occupied = self.occupied();
        let leap_tables = &l.leaps[us * w.groups.len()..];
        for m in &w.movers[us] {
            let kind = m.kind as usize;
            let pieces = self.kinds[kind] & self.sides[us];
            if pieces == 0 {
                continue;
            }
            let (orth, diag, dirs) = (m.orth, m.diag, m.slide_dirs);
            let leaps = &leap_tables[kind];
            for from in squares_of(pieces) {
                let mut reach = if m.leaps { leaps[from] } else { 0 };
                if orth {
                    reach |= self.sl.orth(from, occupied) & l.plain[from];
                }
                if diag {
                    reach |= self.sl.diag(from, occupied) & l.plain[64 + from];
                }
                let mut walked = dirs & l.walk_dirs[from];
                while walked != 0 {
                    let d = walked.trailing_zeros() as usize;
                    walked &= walked - 1;
                    reach |= self.slide(&l.slides[d * 64 + from], targets);
                }
                reach &= targets;
                if reach == 0 {
                    // A blocked piece: neither its moves nor its pins to look at.
                    continue;
                }
                if free & (1 << from) != 0 {
                    t.sink.targets(from, reach);
                } else {
                    self.guarded_targets(w, l, from, reach, t);
                }
            }
        }
    }

    /// The moves to `targets` of a piece the attack test read: out of check, those along the
    /// lines its leaving opens are tested (none opening: all are safe); in check, all.
    #[inline(always)]
    fn guarded_targets<S: Sink>(
        &self,
        w: &WarpRules,
        l: &Lines,
        from: usize,
        targets: u64,
        t: &mut WarpTested<'_, '_, S>,
    ) {
        let Some(reads) = t.tester.reads else {
            t.targets(from, targets);
            return;
        };
        let king = self.royals(self.us).trailing_zeros() as usize;
        match self.opened_lines(w, l, king, from, t.tester.a, reads) {
            0 => t.sink.targets(from, targets),
            along => t.targets(from, targets & along),
        }
    }

    /// The squares read by the attack lines that reach the royal piece on `king` once the
    /// piece on `from` leaves (0 when none does).
    fn opened_lines(
        &self,
        w: &WarpRules,
        l: &Lines,
        king: usize,
        from: usize,
        a: &Attackers,
        reads: &LineReads,
    ) -> u64 {
        let them = self.us ^ 1;
        let view = View { occupied: self.occupied() & !(1 << from), theirs: self.sides[them] };
        let mut along = 0;
        let mut lines = reads.lines_reading(1 << from);
        while lines != 0 {
            let k = lines.trailing_zeros() as usize;
            lines &= lines - 1;
            let mut read = ReadSquares(0);
            if a.on_slide_line(w, l, them, k, king) && self.slide_walk(w, l, k, king, them, view, a, &mut read) {
                along |= read.0;
            }
        }
        along
    }

    /// The en-passant capture of the pawn on `from`, when it leaves the royal piece
    /// unattacked: it empties two squares of lines (origin and victim) and fills one, so it is
    /// tested on every line, on the board as the walks see it after the capture (the lines
    /// stay: no token moves).
    fn push_en_passant<S: Sink>(
        &self,
        w: &WarpRules,
        l: &Lines,
        a: &Attackers,
        from: usize,
        t: &mut WarpTested<'_, '_, S>,
    ) {
        let mv = FastMove::en_passant(from, self.ep as usize);
        if self.ep_victim >= 64 {
            let saved = (t.tester.reads, t.tester.in_view);
            (t.tester.reads, t.tester.in_view) = (None, false);
            t.push(mv);
            (t.tester.reads, t.tester.in_view) = saved;
            return;
        }
        let (us, them) = (self.us, self.us ^ 1);
        let (left, victim, to) = (1u64 << from, 1u64 << self.ep_victim, 1u64 << self.ep);
        let view = View { occupied: (self.occupied() & !left & !victim) | to, theirs: self.sides[them] & !victim };
        let king = self.royals(us).trailing_zeros() as usize;
        if !self.attacked_in(w, l, king, them, view, a, &mut ()) {
            t.sink.push(mv);
        }
    }

    /// What the pawns' moves read at this node.
    #[inline(always)]
    fn pawn_node(&self) -> PawnNode<'_> {
        let them = self.us ^ 1;
        let occupied = self.occupied();
        let pawn = self.rules.pawn.as_ref();
        let ep_open = self.ep < 64 && occupied & (1 << self.ep) == 0;
        let ep = if ep_open && pawn.is_some_and(|p| p.captures_en_passant) { 1 << self.ep } else { 0 };
        let promoting = pawn.filter(|p| !p.choices.is_empty());
        PawnNode {
            occupied,
            prey: self.sides[them] & !self.royals(them),
            ep,
            zone: promoting.map_or(0, |p| p.promotion_zone[self.us]),
            choices: promoting.map_or(&[], |p| &p.choices),
            double_first_move: pawn.and_then(|p| p.double).map(|d| d.first_move),
        }
    }

    /// The moves in `reach` of the pawn on `from`: those ending on `safe` squares straight
    /// into the sink, the others tested; one move per promotion choice in the zone.
    #[inline(always)]
    fn push_pawn_reach<S: Sink>(
        &self,
        from: usize,
        reach: &Reach,
        safe: u64,
        node: &PawnNode<'_>,
        t: &mut WarpTested<'_, '_, S>,
    ) {
        let plain = reach.normal & !node.zone;
        t.sink.targets(from, plain & safe);
        t.targets(from, plain & !safe);
        for to in squares_of(reach.normal & node.zone) {
            for &c in node.choices {
                let mv = FastMove::normal(from, to, Some(c));
                if safe & (1 << to) != 0 {
                    t.sink.push(mv);
                } else {
                    t.push(mv);
                }
            }
        }
        if let Some((to, passed)) = reach.double {
            let mv = FastMove::double_over(from, to, passed);
            if safe & (1 << to) != 0 {
                t.sink.push(mv);
            } else {
                t.push(mv);
            }
        }
    }

    /// The moves of the pawn on `from` by the landing squares `t` of its patterns (WH3, WH4,
    /// WH8).
    #[inline(always)]
    fn warped_pawn(&self, from: usize, t: &PawnLines, node: &PawnNode<'_>, reach: &mut Reach) {
        reach.normal |= (t.steps & !node.occupied) | (t.captures & node.prey);
        reach.en_passant = t.captures & node.ep != 0;
        if t.double_squares == 0 || node.occupied & t.double_squares != 0 {
            return;
        }
        let unmoved_ok = node.double_first_move.is_some_and(|first| !first || self.unmoved & (1 << from) != 0);
        if !unmoved_ok {
            return;
        }
        let (first, second) = (t.double.0 as usize, t.double.1 as usize);
        if t.double_sets_ep {
            reach.normal &= !(1 << second);
            reach.double = Some((second, first));
        } else {
            reach.normal |= 1 << second;
        }
    }

    /// A slide along `line` (WH3, WH4): its existing squares up to the first piece, and the
    /// tunnel's when no piece stands before the entry.
    #[inline(always)]
    fn slide(&self, line: &super::warp::SlideLine, targets: u64) -> u64 {
        let occupied = self.occupied();
        let skip = &line.skip[..line.skip_len as usize];
        let mut reach = super::warp::line_prefix(skip, line.skip_mask, line.skip_order, occupied);
        if line.before_entry != OFF && line.before_mask & occupied == 0 {
            let tunnel = &line.tunnel[..line.tunnel_len as usize];
            reach |= super::warp::line_prefix(tunnel, line.tunnel_mask, line.tunnel_order, occupied);
        }
        reach & targets
    }

    /// Castling (WH6): squares crossed empty but for king and rook and free of active tokens,
    /// the king's path unattacked; each tested after it.
    #[inline(always)]
    fn warp_castling<S: Sink>(&self, w: &WarpRules, l: &Lines, king: usize, t: &mut WarpTested<'_, '_, S>) {
        let (us, them) = (self.us, self.us ^ 1);
        let occupied = self.occupied();
        for slot in 0..2 {
            let rook = self.castling[us][slot];
            if rook == NONE {
                continue;
            }
            let rook = rook as usize;
            // The files from the royal piece's to the rook's lie among those crossed: a piece
            // or a token between them rules castling out before its destinations are found.
            let rank = king / 8 * 8;
            let between = span(rank + (king % 8).min(rook % 8), rank + (king % 8).max(rook % 8));
            if (occupied & !(1 << king | 1 << rook) | self.tokens.all) & between != 0 {
                continue;
            }
            let (kd, rd) = self.castle_destinations(king, rook);
            // The squares of the royal piece's rank between the outermost of the four files.
            let files = [king % 8, rook % 8, kd % 8, rd % 8];
            let (lo, hi) = (files.into_iter().min().unwrap_or(0), files.into_iter().max().unwrap_or(0));
            let crossed = span(rank + lo, rank + hi);
            if occupied & crossed & !(1 << king | 1 << rook) != 0 || self.tokens.all & crossed != 0 {
                continue;
            }
            // Out of check: the royal piece's own square is not attacked.
            let passed = span(king.min(kd), king.max(kd)) & !(1 << king);
            let view = View { occupied, theirs: self.sides[them] };
            if squares_of(passed).any(|sq| self.attacked_in(w, l, sq, them, view, t.tester.a, &mut ())) {
                continue;
            }
            t.push(FastMove::castle(king, rook));
        }
    }
}

/// The squares from `lo` to `hi`, both included.
#[inline(always)]
fn span(lo: usize, hi: usize) -> u64 {
    (u64::MAX >> (63 - (hi - lo))) << lo
}

/// Perft on a warped board: the legal move tree, the last ply counted without making moves.
pub(crate) fn warp_perft(board: &Board64<'_>, w: &WarpRules, depth: u32) -> u64 {
    let mut tables = LinesCache::default();
    let lines = tables.get(w, board.tokens.all);
    let mut lists: Vec<Vec<FastMove>> = (1..depth).map(|_| Vec::with_capacity(256)).collect();
    count(board, w, &lines, &mut Scratch { tables, reads: LineReads::new() }, depth, &mut lists)
}

/// What one perft walk reuses from node to node.
struct Scratch {
    tables: LinesCache,
    reads: LineReads,
}

/// The step tables of each set of absent squares met in one walk, built on first use: a
/// royal piece removes tokens (WH6), so a walk meets a few sets, each many times.
#[derive(Default)]
struct LinesCache(Vec<Rc<Lines>>);

impl LinesCache {
    fn get(&mut self, w: &WarpRules, absent: u64) -> Rc<Lines> {
        if let Some(lines) = self.0.iter().find(|l| l.absent == absent) {
            return Rc::clone(lines);
        }
        let lines = Rc::new(w.lines(absent));
        self.0.push(Rc::clone(&lines));
        lines
    }
}

fn count(
    board: &Board64<'_>,
    w: &WarpRules,
    l: &Lines,
    scratch: &mut Scratch,
    depth: u32,
    lists: &mut [Vec<FastMove>],
) -> u64 {
    if depth <= 1 {
        let mut counter = Counter(0);
        board.warp_generate_with(w, l, &mut scratch.reads, &mut counter);
        return counter.0;
    }
    let (list, rest) = lists.split_first_mut().expect("one list per ply above the last");
    list.clear();
    board.warp_generate_with(w, l, &mut scratch.reads, list);
    let mut nodes = 0;
    for &mv in list.iter() {
        let mut child = *board;
        child.make(mv);
        nodes += if child.tokens.all == l.absent {
            count(&child, w, l, scratch, depth - 1, rest)
        } else {
            // A royal piece removed a token (WH6): the step tables of the new set below.
            let lines = scratch.tables.get(w, child.tokens.all);
            count(&child, w, &lines, scratch, depth - 1, rest)
        };
    }
    nodes
}
