//! Movement on boards whose geometry tokens change: squares that do not exist for some
//! pieces (skipped), tunnels between tokens along a line, and edge tokens that wrap the
//! board like a cylinder (WH3-WH7). Paths are walked step by step over the position's
//! tokens: forward for move generation, backward from the target for attack detection, so
//! both see the same movement.
//!
//! Semantics (for pieces the token does not exempt):
//! - a *line* from a square repeats the pattern's vector; from an absent edge token whose
//!   next step leaves the board sideways it continues on the opposite edge; it ends at the
//!   board's edge or before it would come back to where it started;
//! - the *skip path* is the line's existing squares: a step or leap lands on the first, a
//!   slide runs over them until blocked (a range-limited slide counts existing squares
//!   only), a double step takes the second (the first being the en-passant square);
//! - a *tunnel*, only where the absent kind declares one, enters the first absent square of
//!   the line (a step or leap only when it is the line's first square; a slide after empty
//!   existing squares), leaps to the next absent square, and goes on from there along
//!   existing squares: a step or leap to the first, a slide until blocked. One tunnel per
//!   move; range-limited slides (the double step) never tunnel. Two ways to the same square
//!   with the same effect are one move (K6); a double step wins over a tunnel to the same
//!   square (WH8).

use crate::attacks::NO_SQUARE;
use crate::geometry::{Side, Square};
use crate::graph::{Behind, WarpGraph};
use crate::movegen::Step;
use crate::moves::{Move, MoveList};
use crate::position::{code_kind, code_side, Position, EFFECT_FLAGS, PIECE_BITS, TOKEN_FLAG};
use crate::spec::EpRole;
use crate::variant::{CompiledPattern, Variant, MAX_REACH};

impl Position {
    /// The pseudo-legal moves (warped or plain movement, castling included), unfiltered.
    #[cfg_attr(not(feature = "testing"), allow(dead_code))]
    pub(crate) fn pseudo_moves(&self) -> MoveList {
        let mut list = MoveList::new();
        self.pseudo_moves_into(&mut list);
        list
    }

    /// The pseudo-legal moves (warped or plain movement, castling included), unfiltered,
    /// into `list` (emptied first), reusing its room: for callers that generate at every
    /// node, like the computer's capture search.
    pub fn pseudo_moves_into(&self, list: &mut MoveList) {
        list.clear();
        if self.is_warped() {
            self.generate_warped(list);
        } else {
            self.generate_pseudo(list);
        }
        if self.variant.dedup {
            list.dedup_moves();
        }
        if !self.variant.square_links.is_empty() {
            self.dedup_link_transits(list);
        }
    }

    /// The legal moves by the slow, obviously right route: every pseudo-legal move made,
    /// tested for an attack on the mover's royal pieces and unmade. For consistency tests.
    #[cfg_attr(not(feature = "testing"), allow(dead_code))]
    pub(crate) fn legal_moves_reference(&self) -> MoveList {
        let pseudo = self.pseudo_moves();
        let mut pos = self.clone();
        let mut list = MoveList::new();
        for &mv in pseudo.iter() {
            if pos.tested_legal(mv) {
                list.push(mv);
            }
        }
        list
    }

    pub(crate) fn generate_warped(&self, out: &mut MoveList) {
        self.generate_warped_where(|_, _| true, out);
    }

    /// WH3, WH4: the pattern's line from the graph: its existing squares (a step or leap
    /// lands on the first, a slide runs over them until blocked), then, when the walk reached
    /// the first absent square (a step or leap only when it is the line's first square; a
    /// slide after empty existing squares), the tunnel to the next absent square and the
    /// existing squares after it. Range-limited slides never tunnel.
    fn walk_warped(&self, graph: &WarpGraph, m: &mut Mover, p: &CompiledPattern, out: &mut MoveList) {
        let line = graph.ahead(p.dir, m.from);
        let limit = if p.range == 0 { usize::MAX } else { p.range as usize };
        let mut previous = m.from;
        let mut stop = line.skip.len();
        for (k, &to) in line.skip.iter().enumerate() {
            if !self.land(m, to, p, k, previous, out) || k + 1 >= limit {
                stop = k;
                break;
            }
            previous = to;
        }
        let tunnels = p.range <= 1 && p.en_passant != EpRole::Sets;
        if !tunnels || line.before_entry.is_none_or(|before| before > stop) {
            return;
        }
        // One tunnel per move.
        let mut previous = m.from;
        for (k, &to) in line.tunnel.iter().enumerate() {
            if !self.land(m, to, p, k, previous, out) || p.range == 1 {
                break;
            }
            previous = to;
        }
    }

    /// Lands on an existing square; says whether a slide may go on.
    fn land(
        &self,
        m: &mut Mover,
        to: Square,
        p: &CompiledPattern,
        k: usize,
        previous: Square,
        out: &mut MoveList,
    ) -> bool {
        let v = &*self.variant;
        let cell = self.cells[to.index()];
        if cell & EFFECT_FLAGS != 0 {
            return self.land_on_token(m, to, p, k, previous, out);
        }
        if k < p.skip as usize {
            return cell == 0;
        }
        let code = cell & PIECE_BITS;
        let from = m.from;
        if code == 0 {
            if p.mode.moves() {
                if p.en_passant == EpRole::Sets {
                    if k > 0 {
                        if self.promotes(m.kind, to, false) {
                            self.push_promoting_unique(m, to, out);
                        } else {
                            let start = m.scan_from(to, out);
                            push_double_step(out, start, Move::DoubleStep { from, to, passed: previous });
                        }
                    }
                } else {
                    self.push_promoting_unique(m, to, out);
                }
            } else if p.en_passant == EpRole::Captures && self.ep.is_some_and(|ep| ep.square == to) {
                let start = m.scan_from(to, out);
                push_unique(out, start, Move::EnPassant { from, to });
            }
            return true;
        }
        if code_side(code) != self.side && p.mode.captures() && !v.is_royal(code_kind(code)) {
            self.push_promoting_unique(m, to, out);
        }
        false
    }

    /// Lands on an existing square holding a token: the token's effect, read as plain
    /// generation reads it (`token_square`), keeping only moves the piece does not have yet
    /// (K6). Says whether a slide may go on.
    fn land_on_token(
        &self,
        m: &mut Mover,
        to: Square,
        p: &CompiledPattern,
        k: usize,
        previous: Square,
        out: &mut MoveList,
    ) -> bool {
        let before = out.len();
        let step = Step { from: m.from, to, kind: m.kind, pattern: p, k, passed: previous };
        let go_on = self.token_square(&step, out);
        let mut i = before;
        while i < out.len() {
            let mv = out.as_slice()[i];
            if out.as_slice()[m.first..before].contains(&mv) || out.as_slice()[before..i].contains(&mv) {
                out.swap_remove(i);
            } else {
                i += 1;
            }
        }
        go_on
    }

    /// Adds the move (or its promotions) to `to` unless the piece already has it (K6).
    fn push_promoting_unique(&self, m: &mut Mover, to: Square, out: &mut MoveList) {
        let from = m.from;
        let start = m.scan_from(to, out);
        if start == out.len() {
            self.push_each_promotion(m.kind, to, false, out, |promotion| Move::Normal { from, to, promotion });
            return;
        }
        let before = out.len();
        self.push_each_promotion(m.kind, to, false, out, |promotion| Move::Normal { from, to, promotion });
        let mut i = before;
        while i < out.len() {
            let mv = out.as_slice()[i];
            if out.as_slice()[start..before].contains(&mv) {
                out.swap_remove(i);
            } else {
                i += 1;
            }
        }
    }

    /// Keeps the legal moves of `list` on a warped board. The attack test on the royal piece
    /// runs once, noting the squares each attack line read: a non-royal move that changes none
    /// of them cannot change the answer, and one that does is judged by walking again, on the
    /// board with just its squares changed, only the lines that read them. Royal moves are
    /// tested with the royal piece lifted; anything else is made and unmade.
    pub(crate) fn retain_warped_legal(&mut self, list: &mut MoveList) {
        let them = self.side.opponent();
        let king = self.royal_square(self.side);
        if self.variant.spec().links.link_check || !self.variant.square_links.is_empty() || self.attacks_off_lines() {
            self.retain_tested(list);
            return;
        }
        let graph = self.warp_graph();
        let mut reads = LineReads::new();
        let in_check = king.is_some_and(|k| {
            self.warped_attacked_on(&graph, k, them, NO_SQUARE, self.capturers_allowed_on(k), &mut reads)
        });
        let king = king.unwrap_or(NO_SQUARE);
        // A royal piece leaving a dormant token activates it: not what lifting it models.
        let king_on_token = king != NO_SQUARE && self.cells[king.index()] & TOKEN_FLAG != 0;
        let mut i = 0;
        while i < list.len() {
            let mv = list.as_slice()[i];
            let legal = match mv {
                _ if king == NO_SQUARE => self.tested_legal(mv),
                Move::Normal { from, to, .. } if from == king => {
                    if king_on_token || self.cells[to.index()] & TOKEN_FLAG != 0 {
                        self.tested_legal(mv)
                    } else {
                        !self.is_attacked_ignoring_on(Some(&graph), to, them, king)
                    }
                }
                Move::Normal { from, to, .. } | Move::DoubleStep { from, to, .. } if from != king => {
                    if reads.touches(from) || reads.touches(to) {
                        self.moved_legal(&graph, mv, king, in_check, &reads, [from, to, to])
                    } else {
                        !in_check
                    }
                }
                Move::EnPassant { from, to } if from != king => {
                    let victim = self.ep.map_or(to, |ep| ep.victim);
                    if reads.touches(from) || reads.touches(to) || reads.touches(victim) {
                        self.moved_legal(&graph, mv, king, in_check, &reads, [from, to, victim])
                    } else {
                        !in_check
                    }
                }
                _ => self.tested_legal(mv),
            };
            if legal {
                i += 1;
            } else {
                list.swap_remove(i);
            }
        }
    }

    /// Whether some attack does not run along the warped attack lines (a capture pattern that
    /// holds only at times, a hop, a lame leap): their reads are not noted, so the legality
    /// shortcuts that rely on the lines' reads do not hold (K1).
    fn attacks_off_lines(&self) -> bool {
        let v = &*self.variant;
        v.conditional_capturers != 0 || v.hops || v.lame_attacks.iter().any(|a| !a.is_empty())
    }

    /// A non-royal piece moves from `from` to `to`, removing whatever is on `to` and
    /// `victim`: the cells alone change (the attack walks read nothing else), the lines that
    /// read those squares are walked again, and the cells are put back.
    fn moved_legal(
        &mut self,
        graph: &WarpGraph,
        mv: Move,
        king: Square,
        in_check: bool,
        reads: &LineReads,
        [from, to, victim]: [Square; 3],
    ) -> bool {
        // A piece leaving a token wakes it, which may change the next-square graph: such a
        // move is made and unmade.
        if [from, to, victim].iter().any(|sq| self.cells[sq.index()] & TOKEN_FLAG != 0) {
            return self.tested_legal(mv);
        }
        let them = self.side.opponent();
        let saved = [self.cells[from.index()], self.cells[to.index()], self.cells[victim.index()]];
        let piece = saved[0] & PIECE_BITS;
        self.cells[victim.index()] &= !PIECE_BITS;
        self.cells[to.index()] = (saved[1] & !PIECE_BITS) | piece;
        self.cells[from.index()] &= !PIECE_BITS;
        let attacked = if in_check || !reads.per_line_valid {
            self.is_attacked_ignoring_on(Some(graph), king, them, NO_SQUARE)
        } else {
            let changed = line_bit(from.index()) | line_bit(to.index()) | line_bit(victim.index());
            let lines = &self.variant.attack_dirs[them.index()];
            let allowed = self.capturers_allowed_on(king);
            (0..lines.len()).any(|k| {
                reads.per_line[k] & changed != 0
                    && self.attacked_along(graph, lines[k].0, king, them, NO_SQUARE, allowed, &mut ())
            })
        };
        self.cells[victim.index()] = saved[2];
        self.cells[to.index()] = saved[1];
        self.cells[from.index()] = saved[0];
        !attacked
    }

    /// WH7: attacks follow the same movement as moves, walked back from the target, by the
    /// piece kinds in `allowed` (those that may capture there).
    pub(crate) fn warped_attacked(&self, target: Square, by: Side, ignore: Square, allowed: u32) -> bool {
        self.warped_attacked_reading(target, by, ignore, allowed, &mut ())
    }

    /// [`Position::warped_attacked`], noting in `reads` every square whose contents (piece or
    /// token) the answer was read from, line by line.
    pub(crate) fn warped_attacked_reading<R: Reads>(
        &self,
        target: Square,
        by: Side,
        ignore: Square,
        allowed: u32,
        reads: &mut R,
    ) -> bool {
        self.warped_attacked_on(&self.warp_graph(), target, by, ignore, allowed, reads)
    }

    /// [`Position::warped_attacked_reading`] on `graph`, this position's next-square graph.
    pub(crate) fn warped_attacked_on<R: Reads>(
        &self,
        graph: &WarpGraph,
        target: Square,
        by: Side,
        ignore: Square,
        allowed: u32,
        reads: &mut R,
    ) -> bool {
        let v = &*self.variant;
        for (k, &(dir, _)) in v.attack_dirs[by.index()].iter().enumerate() {
            reads.line(k);
            if self.attacked_along(graph, dir, target, by, ignore, allowed, reads) {
                return true;
            }
        }
        false
    }

    /// An attack on `target` along the outward direction `dir`.
    #[inline]
    #[allow(clippy::too_many_arguments)]
    fn attacked_along<R: Reads>(
        &self,
        graph: &WarpGraph,
        dir: u8,
        target: Square,
        by: Side,
        ignore: Square,
        allowed: u32,
        reads: &mut R,
    ) -> bool {
        let v = &*self.variant;
        let royal = v.royal_mask & allowed;
        let n = self.cells.len();
        // Royal attackers move plainly.
        let next = v.warp_next[dir as usize * n + target.index()];
        if next != NO_SQUARE && next != ignore {
            reads.read(next.index());
            let code = self.cells[next.index()] & PIECE_BITS;
            if code != 0 && code_side(code) == by && royal & v.attack_mask(by, dir, 1) & (1 << code_kind(code)) != 0 {
                return true;
            }
        }
        let kinds = allowed & !v.royal_mask;
        if v.attack_mask(by, dir, 1) & kinds == 0 {
            return false;
        }
        let (leaps, slides) = graph.tunnel_capturers(by, dir);
        let walk = Walk { variant: v, graph, by, dir, ignore, kinds, leaps: leaps & kinds, slides: slides & kinds };
        self.line_attacked(&walk, &graph.behind(dir, target), reads)
    }

    /// One walk back from the target over absent squares and, while some attacker reaches
    /// further, empty existing squares, up to the first piece: an attacker there reaches the
    /// target along existing squares when its range covers their number (WH3), and every
    /// absent square on the way is a possible tunnel exit (WH4).
    fn line_attacked<R: Reads>(&self, w: &Walk, line: &Behind, reads: &mut R) -> bool {
        let mut passed = 0;
        for (i, &at) in line.squares.iter().enumerate() {
            reads.read(at.index());
            if w.graph.is_absent(at) {
                let leaps_ok = if passed == 0 { w.leaps } else { 0 };
                if (w.slides | leaps_ok) != 0 && self.tunnel_source_attacks(w, line, i + 1, leaps_ok, reads) {
                    return true;
                }
                continue;
            }
            let code = self.cells[at.index()] & PIECE_BITS;
            if code == 0 || at == w.ignore {
                if code == 0 && self.token_blocks_line(at) {
                    return false;
                }
                passed += 1;
                if w.reaching(passed + 1) == 0 && w.slides == 0 {
                    return false;
                }
                continue;
            }
            let bit = 1 << code_kind(code);
            return code_side(code) == w.by && w.reaching(passed + 1) & bit != 0;
        }
        read_end(line, reads);
        false
    }

    /// With the square before `line.squares[after]` as the tunnel's exit: finds the entry
    /// (the previous absent square) and the piece that could have entered it.
    fn tunnel_source_attacks<R: Reads>(
        &self,
        w: &Walk,
        line: &Behind,
        after: usize,
        leaps: u32,
        reads: &mut R,
    ) -> bool {
        let rest = &line.squares[after..];
        let Some(entry) = rest.iter().position(|&sq| {
            reads.read(sq.index());
            w.graph.is_absent(sq)
        }) else {
            read_end(line, reads);
            return false;
        };
        let mut first = true;
        for &at in &rest[entry + 1..] {
            reads.read(at.index());
            if w.graph.is_absent(at) {
                return false;
            }
            let code = self.cells[at.index()] & PIECE_BITS;
            if code == 0 || at == w.ignore {
                if code == 0 && self.token_blocks_line(at) {
                    return false;
                }
                if w.slides == 0 {
                    return false;
                }
                first = false;
                continue;
            }
            let bit = 1 << code_kind(code);
            return code_side(code) == w.by && (w.slides & bit != 0 || (first && leaps & bit != 0));
        }
        read_end(line, reads);
        false
    }
}

/// Notes the square a walk that ran to the end of its line read last (a square that would
/// wrap the line were it an absent edge token).
#[inline]
fn read_end<R: Reads>(line: &Behind, reads: &mut R) {
    if line.end_read != NO_SQUARE {
        reads.read(line.end_read.index());
    }
}

/// The piece whose moves are being generated, with the destinations it already has.
struct Mover {
    from: Square,
    kind: u8,
    /// Where its moves begin in the list.
    first: usize,
    /// Destinations (of the first 64 squares) of the moves it has so far.
    seen: u64,
}

impl Mover {
    /// Where a duplicate of a move to `to` could stand: nowhere (the list's end) when the
    /// piece has no move to `to` yet. Notes `to` as a destination.
    #[inline]
    fn scan_from(&mut self, to: Square, out: &MoveList) -> usize {
        if to.index() >= 64 {
            return self.first;
        }
        let bit = 1u64 << to.0;
        let fresh = self.seen & bit == 0;
        self.seen |= bit;
        if fresh {
            out.len()
        } else {
            self.first
        }
    }
}

/// One attack line walked back from its target.
struct Walk<'a> {
    variant: &'a Variant,
    graph: &'a WarpGraph,
    by: Side,
    /// The outward direction walked.
    dir: u8,
    ignore: Square,
    /// The non-royal kinds that may capture on the target.
    kinds: u32,
    /// Those that may capture through a tunnel by a step or leap ...
    leaps: u32,
    /// ... and by an unlimited slide.
    slides: u32,
}

impl Walk<'_> {
    /// The kinds that capture on the target from the `distance`-th existing square behind
    /// it along the skip path (WH3: absent squares are not counted).
    #[inline]
    fn reaching(&self, distance: usize) -> u32 {
        self.variant.attack_mask(self.by, self.dir, distance.min(MAX_REACH)) & self.kinds
    }
}

/// Something that notes the squares an attack test reads (by index; the general path and
/// the fast path's warped lines both report through it).
pub(crate) trait Reads {
    /// The walk of the `k`-th attack line begins.
    fn line(&mut self, k: usize);
    fn read(&mut self, sq: usize);
}

impl Reads for () {
    #[inline(always)]
    fn line(&mut self, _k: usize) {}
    #[inline(always)]
    fn read(&mut self, _sq: usize) {}
}

/// The most attack lines whose reads are kept apart.
const MAX_LINES: usize = 64;

/// The bit of a square in a per-line mask (squares past 63 share the top bit's fate: all).
#[inline]
fn line_bit(sq: usize) -> u64 {
    if sq < 64 {
        1u64 << sq
    } else {
        u64::MAX
    }
}

/// The squares an attack test read: all of them (a bit set; squares beyond it count as
/// read), and per attack line as a mask of the first 64 squares.
pub(crate) struct LineReads {
    all: [u64; 8],
    per_line: [u64; MAX_LINES],
    per_line_valid: bool,
    current: usize,
}

impl LineReads {
    pub(crate) const fn new() -> LineReads {
        LineReads { all: [0; 8], per_line: [0; MAX_LINES], per_line_valid: true, current: 0 }
    }

    /// Whether the test read `sq`.
    #[inline]
    pub(crate) fn touches(&self, sq: Square) -> bool {
        self.all.get(sq.index() >> 6).is_none_or(|w| w & (1u64 << (sq.0 & 63)) != 0)
    }
}

impl Reads for LineReads {
    #[inline(always)]
    fn line(&mut self, k: usize) {
        if k < MAX_LINES {
            self.current = k;
        } else {
            self.per_line_valid = false;
        }
    }

    #[inline(always)]
    fn read(&mut self, sq: usize) {
        if let Some(w) = self.all.get_mut(sq >> 6) {
            *w |= 1u64 << (sq & 63);
        }
        self.per_line[self.current] |= line_bit(sq);
    }
}

/// Adds `mv` unless this piece already has it (K6).
fn push_unique(out: &mut MoveList, first: usize, mv: Move) {
    if !out.as_slice()[first..].contains(&mv) {
        out.push(mv);
    }
}

/// WH8: a double step replaces a tunnel to the same square.
fn push_double_step(out: &mut MoveList, first: usize, mv: Move) {
    let (from, to) = match mv {
        Move::DoubleStep { from, to, .. } => (from, to),
        _ => unreachable!("only double steps"),
    };
    let plain = Move::Normal { from, to, promotion: None };
    if let Some(i) = out.as_slice()[first..].iter().position(|&m| m == plain) {
        out.as_mut_slice()[first + i] = mv;
    } else if !out.as_slice()[first..].contains(&mv) {
        out.push(mv);
    }
}

impl Position {
    /// [`Position::generate_warped`] for the pieces `keep` accepts (by square and kind), and
    /// castling: the candidates of a record's move, whose notation names the piece's letter.
    pub(crate) fn generate_warped_where(&self, keep: impl Fn(Square, u8) -> bool, out: &mut MoveList) {
        let v = &*self.variant;
        let us = self.side;
        let graph = self.warp_graph();
        for from in self.occupied[us.index()].iter() {
            let kind = code_kind(self.cells[from.index()] & PIECE_BITS);
            if !keep(from, kind) {
                continue;
            }
            // Absent squares exist for royal pieces (WH6; `check` refuses absent tokens that
            // do not exempt them): they walk the plain rays, meeting every other effect there.
            let royal = v.is_royal(kind);
            let mut mover = Mover { from, kind, first: out.len(), seen: 0 };
            for p in &v.patterns[us.index()][kind as usize] {
                if !self.condition_holds(p.condition, from, us) {
                    continue;
                }
                if royal {
                    self.walk_pattern(from, kind, p, out);
                } else {
                    self.walk_warped(&graph, &mut mover, p, out);
                }
            }
        }
        if v.spec().rules.castling.is_some() {
            self.generate_castling(out);
        }
    }
}
