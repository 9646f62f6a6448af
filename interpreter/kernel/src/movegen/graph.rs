//! The next-square graph of a board whose tokens change geometry (WH3-WH5), for one set of
//! absent squares and edge gateways: each square's next square along each direction (the
//! plain step, or the wrap from an absent edge token), and from it, per direction and
//! square, the lines movement and attacks read. A line ahead lists the existing squares a
//! piece meets (the skip path), where the first absent square lies among them (a tunnel's
//! entry) and the existing squares after the tunnel's exit; a line behind lists the squares
//! an attack walk meets going back from its target. The graph depends on the tokens alone,
//! never on the pieces, so it is built once per set of absent squares (and kept for the
//! next positions with that set) and movement walks lists instead of testing every square.

use std::cell::RefCell;
use std::rc::Rc;
use std::sync::{Arc, Weak};

use crate::attacks::NO_SQUARE;
use crate::geometry::Side;
use crate::geometry::Square;
use crate::position::{Position, PIECE_BITS};
use crate::spec::{Exit, PatternCondition};
use crate::variant::Variant;

/// No entry on a line ahead: it meets no absent square, or its tunnel has no exit.
const NO_ENTRY: u16 = u16::MAX;

/// Where one line ahead lies in [`WarpGraph::squares`].
#[derive(Clone, Copy)]
struct AheadSpan {
    start: u32,
    skip_len: u16,
    before_entry: u16,
    tunnel_len: u16,
}

/// Where one line behind lies in [`WarpGraph::squares`], and the square its walk reads last.
#[derive(Clone, Copy)]
struct BehindSpan {
    start: u32,
    len: u16,
    end_read: Square,
}

/// The line a piece on a square meets along one direction (WH3, WH4).
pub(crate) struct Ahead<'a> {
    /// The existing squares of the line, in order, up to the board's edge or the square
    /// before the line would come back to its start.
    pub skip: &'a [Square],
    /// How many of `skip` come before the first absent square (the tunnel's entry), when
    /// the line has a tunnel with an exit.
    pub before_entry: Option<usize>,
    /// The existing squares after the tunnel's exit, in order.
    pub tunnel: &'a [Square],
}

/// The squares an attack walk meets going back from its target along one direction, and
/// the square it reads when it goes no further (a square that would wrap the line if it
/// were an absent edge token), [`NO_SQUARE`] when none.
pub(crate) struct Behind<'a> {
    pub squares: &'a [Square],
    pub end_read: Square,
}

/// The next-square graph of one variant for one set of absent squares and gateways.
pub(crate) struct WarpGraph {
    variant: Weak<Variant>,
    key: AbsentKey,
    absent: Vec<u64>,
    gates: Vec<u64>,
    squares_per_dir: usize,
    /// Whether the absent kind declares tunnels (WH4); without, absent squares are only
    /// skipped (WH3).
    tunnels: bool,
    /// Per side and outward direction (`side * dirs + dir`): the kinds that may capture
    /// through a tunnel along it, stepping or leaping once (a range of one square) ...
    tunnel_leaps: Vec<u32>,
    /// ... and sliding without limit (range-limited slides never tunnel).
    tunnel_slides: Vec<u32>,
    ahead: Vec<AheadSpan>,
    behind: Vec<BehindSpan>,
    squares: Vec<Square>,
}

/// The most graphs one thread keeps (a game meets few sets of absent squares at a time).
const KEPT: usize = 32;

thread_local! {
    static GRAPHS: RefCell<Vec<Rc<WarpGraph>>> = const { RefCell::new(Vec::new()) };
}

/// Whether `sq` is in the bit set `set`.
#[inline(always)]
fn holds(set: &[u64], sq: Square) -> bool {
    set[sq.index() >> 6] & (1u64 << (sq.0 & 63)) != 0
}

impl WarpGraph {
    /// Whether `sq` is absent for non-royal movers.
    #[inline(always)]
    pub(crate) fn is_absent(&self, sq: Square) -> bool {
        holds(&self.absent, sq)
    }

    /// The kinds of `by` that may capture through a tunnel along the outward direction
    /// `dir` (none when the absent kind does not tunnel): `(leaps, slides)`.
    #[inline(always)]
    pub(crate) fn tunnel_capturers(&self, by: Side, dir: u8) -> (u32, u32) {
        if !self.tunnels {
            return (0, 0);
        }
        let i = by.index() * (self.tunnel_leaps.len() / 2) + dir as usize;
        (self.tunnel_leaps[i], self.tunnel_slides[i])
    }

    /// The line ahead of `from` along direction `dir`.
    #[inline(always)]
    pub(crate) fn ahead(&self, dir: u8, from: Square) -> Ahead<'_> {
        let span = self.ahead[dir as usize * self.squares_per_dir + from.index()];
        let start = span.start as usize;
        let skip_end = start + span.skip_len as usize;
        Ahead {
            skip: &self.squares[start..skip_end],
            before_entry: (span.before_entry != NO_ENTRY).then_some(span.before_entry as usize),
            tunnel: &self.squares[skip_end..skip_end + span.tunnel_len as usize],
        }
    }

    /// The line behind `target` along the outward direction `dir`.
    #[inline(always)]
    pub(crate) fn behind(&self, dir: u8, target: Square) -> Behind<'_> {
        let span = self.behind[dir as usize * self.squares_per_dir + target.index()];
        let start = span.start as usize;
        Behind { squares: &self.squares[start..start + span.len as usize], end_read: span.end_read }
    }

    /// The graph of `v` for the absent squares `absent` and the gateways `gates` among them.
    fn build(v: &Arc<Variant>, key: AbsentKey, absent: Vec<u64>, gates: Vec<u64>) -> WarpGraph {
        let n = v.geometry().square_count();
        let mut graph = WarpGraph {
            variant: Arc::downgrade(v),
            key,
            absent,
            gates,
            squares_per_dir: n,
            tunnels: v.effects.iter().any(|e| e.is_absent() && e.movers[0].exit == Exit::Tunnel),
            tunnel_leaps: tunnel_capturers(v, 1),
            tunnel_slides: tunnel_capturers(v, 0),
            ahead: Vec::with_capacity(v.dirs.len() * n),
            behind: Vec::with_capacity(v.dirs.len() * n),
            squares: Vec::new(),
        };
        for d in 0..v.dirs.len() {
            for sq in 0..n {
                let sq = Square(sq as u16);
                let span = graph.line_ahead(v, d, sq);
                graph.ahead.push(span);
                let span = graph.line_behind(v, d, sq);
                graph.behind.push(span);
            }
        }
        graph
    }

    /// The next square along `d`: the plain step, or the wrap from a gateway (WH5).
    fn step(&self, v: &Variant, d: usize, sq: Square) -> Option<Square> {
        let i = d * self.squares_per_dir + sq.index();
        let next = v.warp_next[i];
        if next != NO_SQUARE {
            return Some(next);
        }
        let wrapped = v.warp_wrap[i];
        (wrapped != NO_SQUARE && holds(&self.gates, sq)).then_some(wrapped)
    }

    /// WH3, WH4: the line ahead of `from` along `d`, appended to `squares`.
    fn line_ahead(&mut self, v: &Variant, d: usize, from: Square) -> AheadSpan {
        let start = self.squares.len();
        let mut entry = NO_SQUARE;
        let mut before_entry = NO_ENTRY;
        let mut at = from;
        while let Some(next) = self.step(v, d, at) {
            if next == from || self.squares.len() - start > self.squares_per_dir {
                break;
            }
            at = next;
            if self.is_absent(at) {
                if entry == NO_SQUARE {
                    entry = at;
                    before_entry = (self.squares.len() - start) as u16;
                }
                continue;
            }
            self.squares.push(at);
        }
        let skip_len = (self.squares.len() - start) as u16;
        let tunnel_start = self.squares.len();
        let entry = if self.tunnels { entry } else { NO_SQUARE };
        match self.tunnel_exit(v, d, from, entry) {
            Some(exit) => self.push_existing_after(v, d, from, exit),
            None => before_entry = NO_ENTRY,
        }
        let tunnel_len = (self.squares.len() - tunnel_start) as u16;
        AheadSpan { start: start as u32, skip_len, before_entry, tunnel_len }
    }

    /// The next absent square after `entry` on the line from `from` (the tunnel's exit),
    /// none when the line ends or comes back first.
    fn tunnel_exit(&self, v: &Variant, d: usize, from: Square, entry: Square) -> Option<Square> {
        if entry == NO_SQUARE {
            return None;
        }
        let mut at = entry;
        loop {
            at = self.step(v, d, at)?;
            if at == from || at == entry {
                return None;
            }
            if self.is_absent(at) {
                return Some(at);
            }
        }
    }

    /// Appends the existing squares after `exit` on the line from `from`.
    fn push_existing_after(&mut self, v: &Variant, d: usize, from: Square, exit: Square) {
        let mut at = exit;
        let mut steps = 0;
        while let Some(next) = self.step(v, d, at) {
            steps += 1;
            if next == from || steps > self.squares_per_dir {
                return;
            }
            at = next;
            if !self.is_absent(at) {
                self.squares.push(at);
            }
        }
    }

    /// WH7: the squares an attack walk meets going back from `target` along the outward
    /// direction `d` (the attacker's line runs the other way, so a wrapped step back comes
    /// from a gateway ahead), appended to `squares`.
    fn line_behind(&mut self, v: &Variant, d: usize, target: Square) -> BehindSpan {
        let n = self.squares_per_dir;
        let line = v.dir_reverse[d] as usize * n;
        let start = self.squares.len();
        let mut end_read = NO_SQUARE;
        let mut at = target;
        while self.squares.len() - start <= n {
            let prev = v.warp_next[d * n + at.index()];
            if prev != NO_SQUARE {
                if prev == target {
                    break;
                }
                self.squares.push(prev);
                at = prev;
                continue;
            }
            let candidate = v.warp_wrap_back[line + at.index()];
            if candidate == NO_SQUARE {
                break;
            }
            if !holds(&self.gates, candidate) || candidate == target {
                end_read = candidate;
                break;
            }
            self.squares.push(candidate);
            at = candidate;
        }
        BehindSpan { start: start as u32, len: (self.squares.len() - start) as u16, end_read }
    }
}

/// Per side and outward direction (`side * dirs + dir`), the kinds with an unconditional
/// capture pattern of `range` (1: a step or leap; 0: an unlimited slide) along the opposite
/// direction, which attacks along that outward direction read.
fn tunnel_capturers(v: &Variant, range: u8) -> Vec<u32> {
    let ndirs = v.dirs.len();
    let mut masks = vec![0u32; 2 * ndirs];
    for side in Side::BOTH {
        for (kind, patterns) in v.patterns[side.index()].iter().enumerate() {
            for p in patterns.iter().filter(|p| {
                p.mode.captures()
                    && p.condition == PatternCondition::Always
                    && !p.hop()
                    && !p.lame()
                    && p.range == range
            }) {
                let outward = v.dir_reverse[p.dir as usize] as usize;
                masks[side.index() * ndirs + outward] |= 1 << kind;
            }
        }
    }
    masks
}

/// The squares a position's tokens make absent, in brief: on a board of at most 64 squares
/// the absent squares and the gateways among them as bit sets (exact); on a larger board a
/// fingerprint of both and the number of absent squares (the graph is then checked square
/// by square).
#[derive(Clone, Copy, PartialEq, Eq)]
struct AbsentKey {
    absent: u64,
    gates: u64,
}

impl Position {
    /// Whether the token stack on `sq` makes it absent now, and whether it wraps lines.
    #[inline(always)]
    fn absence_at(&self, sq: Square) -> (bool, bool) {
        let stack = self.board.tokens[sq.index()];
        let effects = self.variant.effects(stack.kind);
        let absent = stack.count > 0 && self.board.cells[sq.index()] & PIECE_BITS == 0 && effects.is_absent();
        (absent, absent && effects.wraps)
    }

    /// The key of the absent squares now.
    #[inline]
    fn absent_key(&self) -> AbsentKey {
        let mut key = AbsentKey { absent: 0, gates: 0 };
        let small = self.board.cells.len() <= 64;
        for sq in self.board.token_squares.iter() {
            let (absent, gate) = self.absence_at(sq);
            if !absent {
                continue;
            }
            if small {
                key.absent |= 1 << sq.0;
                key.gates |= u64::from(gate) << sq.0;
            } else {
                let mixed =
                    (u64::from(sq.0) << 1 | u64::from(gate)).wrapping_add(1).wrapping_mul(0x9E37_79B9_7F4A_7C15);
                key.absent ^= mixed.rotate_left(31);
                key.gates += 1;
            }
        }
        key
    }

    /// Whether `graph` is the graph of this position's absent squares (`key` being theirs).
    #[inline]
    fn graph_fits(&self, graph: &WarpGraph, key: AbsentKey) -> bool {
        graph.key == key
            && graph.variant.as_ptr() == Arc::as_ptr(&self.variant)
            && (self.board.cells.len() <= 64
                || self.board.token_squares.iter().all(|sq| {
                    let (absent, gate) = self.absence_at(sq);
                    !absent || (graph.is_absent(sq) && holds(&graph.gates, sq) == gate)
                }))
    }

    /// The next-square graph for the tokens on the board now (built on first use, then kept).
    pub(crate) fn warp_graph(&self) -> Rc<WarpGraph> {
        let key = self.absent_key();
        GRAPHS.with_borrow_mut(|graphs| {
            if let Some(graph) = graphs.iter().rev().find(|g| self.graph_fits(g, key)) {
                return Rc::clone(graph);
            }
            let words = self.board.cells.len().div_ceil(64).max(1);
            let mut absent = vec![0u64; words];
            let mut gates = vec![0u64; words];
            for sq in self.board.token_squares.iter() {
                let (is_absent, gate) = self.absence_at(sq);
                let bit = 1u64 << (sq.0 & 63);
                if is_absent {
                    absent[sq.index() >> 6] |= bit;
                }
                if gate {
                    gates[sq.index() >> 6] |= bit;
                }
            }
            let graph = Rc::new(WarpGraph::build(&self.variant, key, absent, gates));
            if graphs.len() == KEPT {
                graphs.remove(0);
            }
            graphs.push(Rc::clone(&graph));
            graph
        })
    }
}
