//! Warped lines on the fast path (WH3-WH7): one token kind that is absent for non-royal
//! pieces (skipped), tunnels to the next such token along a line, may wrap lines at the board's
//! edges, sleeps under a piece and is removed by a royal piece landing on it. The step tables
//! for the token set in force ([`Lines`]) depend only on which tokens are edge gateways, so
//! they are built once per gateway set, not per move. Movement and attacks follow
//! the table walker (`movegen/mod.rs`, `line_attacks.rs`) step for step, on bit boards; a move is legal without playing it when it
//! changes no square the attack test on the royal piece read, else it is tested after it.

use super::board::Board64;
use super::warp_pawns::PawnShifts;
pub(crate) use crate::reads::Reads;
use crate::variant::{CompiledPattern, Variant, MAX_REACH};

/// No square in the step tables.
pub(crate) const OFF: u8 = 64;

/// Walking back from the absent square `exit` along `out[d + sq]` (a walk back from `t`), the
/// tunnel's entry: the next absent square before the walk leaves the board, comes back to `t`
/// or loops to `exit`. Shared by the leap masks (`warp_leaps`) and the slide rays (`warp_rays`).
pub(crate) fn tunnel_entry(out: &[u8], absent: u64, d: usize, t: usize, exit: usize) -> Option<usize> {
    let mut at = exit;
    loop {
        let prev = out[d + at];
        if prev == OFF || prev as usize == t || prev as usize == exit {
            return None;
        }
        at = prev as usize;
        if absent & (1 << at) != 0 {
            return Some(at);
        }
    }
}

/// One attack line of a side: the outward direction and the kinds that attack along it.
#[derive(Clone, Copy, Debug)]
pub(crate) struct AttackLine {
    pub dir: u8,
    /// Non-royal kinds reaching the first existing square only.
    pub leaps: u32,
    /// Non-royal kinds sliding along the line.
    pub slides: u32,
    /// The index of `slides` in [`WarpRules::slide_kinds`] ([`NO_GROUP`] when none slides).
    pub group: u8,
    /// The index of `leaps` in [`WarpRules::leap_kinds`] ([`NO_GROUP`] when none leaps).
    pub leap_set: u8,
}

/// The most distinct sets of sliding kinds, and of leaping kinds, among a side's attack lines.
pub(crate) const MAX_GROUPS: usize = 8;

/// No set of kinds: the line has no sliding (or no leaping) kind.
pub(crate) const NO_GROUP: u8 = u8::MAX;

/// Groups of a kind's patterns (bits): its leaps, orthogonal and diagonal slides, and the
/// pawn's patterns; the lines of a group that meets no absent square are read from the
/// bit-board tables, the others walked.
pub(crate) const LEAP: u8 = 1;
pub(crate) const ORTH: u8 = 2;
pub(crate) const DIAG: u8 = 4;
pub(crate) const PAWN: u8 = 8;

/// A non-royal kind other than the pawn and the tables its moves read.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Mover {
    pub kind: u8,
    /// It leaps (its landing squares are in [`Lines::leaps`]).
    pub leaps: bool,
    /// It slides orthogonally, diagonally.
    pub orth: bool,
    pub diag: bool,
    /// The directions (bits) along which it slides.
    pub slide_dirs: u64,
}

/// What the fast path reads of a variant whose token makes squares absent.
#[derive(Clone, Debug)]
pub(crate) struct WarpRules {
    /// `patterns[side][kind]`, as the variant compiled them.
    pub patterns: [Vec<Vec<CompiledPattern>>; 2],
    /// `groups[kind]`: the group of each of its patterns (the same for both sides).
    pub groups: Vec<Vec<u8>>,
    /// The kinds other than the royal one and the pawn, per side, with how each moves:
    /// the generator runs over these instead of testing every kind at every node.
    pub movers: [Vec<Mover>; 2],
    /// The attack lines of each side.
    pub attack_lines: [Vec<AttackLine>; 2],
    /// The distinct sets of non-royal kinds sliding along a side's lines (the groups).
    pub slide_kinds: [Vec<u32>; 2],
    /// The distinct sets of non-royal kinds leaping along a side's lines: their attacks are
    /// read from [`Lines::leap_from`] at once, never walked.
    pub leap_kinds: [Vec<u32>; 2],
    /// `group_lines[side][g]`: the attack lines of group `g` (`attack_lines` is sorted by
    /// group, the lines without sliders last, in no group), as a range of indices.
    pub group_lines: [Vec<(u8, u8)>; 2],
    /// The royal kinds attacking by one plain step (the same along every line that has one).
    pub royal_kinds: [u32; 2],
    /// `royal_steps[side][sq]`: the squares from which a royal piece of `side` attacks `sq`.
    pub royal_steps: [Vec<u64>; 2],
    /// `step[dir * 64 + sq]`: the plain next square along `dir`.
    step: Vec<u8>,
    /// The next square from an edge square whose step leaves the board sideways.
    wrap: Vec<u8>,
    /// The edge square whose wrapped step along `dir` reaches `sq`.
    wrap_back: Vec<u8>,
    reverse: Vec<u8>,
    /// The token wraps lines at the edges.
    pub wraps: bool,
    /// The pawn's double step as the fast rules read it (none without one).
    pub(super) double_step: Option<super::rules::DoubleStep>,
    /// Where a pawn of each side promotes (0 when it never does).
    pub(super) promotion_zone: [u64; 2],
}

/// A slide's line from a square along one direction, for one set of absent squares: its
/// existing squares in order (WH3), how many come before the first absent square (the
/// tunnel's entry, [`OFF`] when none), and the existing squares after the tunnel (WH4).
#[derive(Clone, Copy)]
pub(crate) struct SlideLine {
    pub skip: [u8; 16],
    pub skip_len: u8,
    pub before_entry: u8,
    pub tunnel: [u8; 16],
    pub tunnel_len: u8,
    /// The lists as bit boards, with the squares before the entry, and the order of each
    /// list (1: rising square numbers, -1: falling, 0: neither, walked).
    pub skip_mask: u64,
    pub before_mask: u64,
    pub tunnel_mask: u64,
    pub skip_order: i8,
    pub tunnel_order: i8,
}

/// The order of a list of squares: 1 rising, -1 falling, 0 neither.
fn order(list: &[u8]) -> i8 {
    if list.windows(2).all(|w| w[0] < w[1]) {
        1
    } else if list.windows(2).all(|w| w[0] > w[1]) {
        -1
    } else {
        0
    }
}

fn mask(list: &[u8]) -> u64 {
    list.iter().fold(0, |m, &sq| m | 1 << sq)
}

impl SlideLine {
    const EMPTY: SlideLine = SlideLine {
        skip: [OFF; 16],
        skip_len: 0,
        before_entry: OFF,
        tunnel: [OFF; 16],
        tunnel_len: 0,
        skip_mask: 0,
        before_mask: 0,
        tunnel_mask: 0,
        skip_order: 1,
        tunnel_order: 1,
    };

    /// Fills the masks and orders from the lists.
    fn with_masks(mut self) -> SlideLine {
        let skip = &self.skip[..self.skip_len as usize];
        let tunnel = &self.tunnel[..self.tunnel_len as usize];
        self.skip_mask = mask(skip);
        self.tunnel_mask = mask(tunnel);
        self.before_mask = if self.before_entry == OFF { 0 } else { mask(&skip[..self.before_entry as usize]) };
        self.skip_order = order(skip);
        self.tunnel_order = order(tunnel);
        self
    }

    /// Where one step along the line lands (WH3-WH5): its first existing square, and the
    /// tunnel's exit when the line enters the tunnel at once.
    fn step_landing(&self) -> u64 {
        let mut landing = 0u64;
        if self.skip_len > 0 {
            landing |= 1 << self.skip[0];
        }
        if self.before_entry == 0 && self.tunnel_len > 0 {
            landing |= 1 << self.tunnel[0];
        }
        landing
    }
}

/// The squares of `list` (a line's squares as `mask`, in `order`) up to and including the
/// first occupied one.
#[inline(always)]
pub(crate) fn line_prefix(list: &[u8], mask: u64, order: i8, occupied: u64) -> u64 {
    let blockers = mask & occupied;
    if blockers == 0 {
        return mask;
    }
    match order {
        1 => {
            let first = blockers & blockers.wrapping_neg();
            mask & (first | (first - 1))
        }
        -1 => {
            let first = 1u64 << (63 - blockers.leading_zeros());
            mask & !(first - 1)
        }
        _ => {
            let mut reach = 0;
            for &sq in list {
                reach |= 1 << sq;
                if occupied & (1 << sq) != 0 {
                    break;
                }
            }
            reach
        }
    }
}

/// Where a pawn's patterns land from one square (WH3, WH4): its steps (the first existing
/// square ahead, or the one after a tunnel entered at once), its double step (the second
/// existing square, over the first, never by a tunnel) and its captures.
#[derive(Clone, Copy, Default)]
pub(crate) struct PawnLines {
    pub steps: u64,
    /// The double step's (first, second) existing squares, [`OFF`] when there are not two
    /// or the pawn's rules allow no double step from this square.
    pub double: (u8, u8),
    /// The two squares of the double step (both must be empty), 0 when there is none.
    pub double_squares: u64,
    /// The double step leaves an en-passant square (it does not end in the promotion zone).
    pub double_sets_ep: bool,
    pub captures: u64,
}

impl PawnLines {
    /// No move from the square.
    pub(crate) const NONE: PawnLines =
        PawnLines { steps: 0, double: (OFF, OFF), double_squares: 0, double_sets_ep: false, captures: 0 };

    /// The moves of several patterns from one square together (two landings on one square
    /// are one move, K6; a pawn has at most one double step).
    pub(crate) fn union<'a>(each: impl Iterator<Item = &'a PawnLines>) -> PawnLines {
        let mut all = PawnLines::NONE;
        for one in each {
            all.steps |= one.steps;
            all.captures |= one.captures;
            if one.double_squares != 0 {
                (all.double, all.double_squares, all.double_sets_ep) =
                    (one.double, one.double_squares, one.double_sets_ep);
            }
        }
        all
    }

    /// Whether the square has no move at all.
    pub(crate) fn is_empty(&self) -> bool {
        self.steps | self.captures | self.double_squares == 0
    }
}

/// The step tables for one set of absent squares.
pub(crate) struct Lines {
    /// The absent squares these tables are for.
    pub absent: u64,
    /// `leaps[side * kinds + kind][sq]`: where the kind's leaps land (first existing square, or the one
    /// after a tunnel entered at once), whatever stands there.
    pub leaps: Vec<[u64; 64]>,
    /// The pawn's moves from each square, per side (empty without a pawn kind).
    pub pawn: [Vec<PawnLines>; 2],
    /// The same moves as shifts where they are plain, per side (`warp_pawns.rs`).
    pub pawn_shifts: [PawnShifts; 2],
    /// The pawn's moves from each square by the patterns that are not shifts there, per side:
    /// a pawn that may move set-wise moves by these one by one, by the others in the sets.
    pub pawn_rest: [Vec<PawnLines>; 2],
    /// `slides[dir * 64 + sq]`, for the directions of slides.
    pub slides: Vec<SlideLine>,
    /// `walk_dirs[sq]`: the slide directions (bits) whose plain ray from `sq` meets an absent
    /// square, so the slide is walked along its [`SlideLine`]; the other rays are read from
    /// the magic tables, masked by `plain`.
    pub walk_dirs: Vec<u64>,
    /// `plain[sq]` (orthogonal) and `plain[64 + sq]` (diagonal): the union of the slide rays
    /// from `sq` that meet no absent square (warped movement along them is plain movement).
    pub plain: Vec<u64>,
    /// `fwd[dir * 64 + sq]`: the next square of a line (wrapping from a gateway).
    pub fwd: Vec<u8>,
    /// `out[dir * 64 + sq]`: the square a line along the reverse of `dir` comes from.
    pub out: Vec<u8>,
    /// `span[dir * 64 + sq]`: every square a walk back from `sq` along `out` can read,
    /// whatever stands on the board (an attacker along that line stands on one of them).
    pub span: Vec<u64>,
    /// `heads[dir * 64 + sq]`: the start of that walk up to its first absent square or
    /// wrap, read at the cost of a few masks.
    pub heads: Vec<Head>,
    /// `line_spans[side][sq * lines + k]`: the span of `side`'s `k`-th attack line at `sq`,
    /// the lines of one square side by side.
    pub line_spans: [Vec<u64>; 2],
    /// `group_spans[side][sq * MAX_GROUPS + g]`: the union of the spans at `sq` of the
    /// lines of group `g` (no piece of the group there: none of its lines is walked).
    pub group_spans: [Vec<u64>; 2],
    /// `leap_from[side][sq * MAX_GROUPS + j]`: the squares from which a piece of the `j`-th
    /// set of leaping kinds ([`WarpRules::leap_kinds`]) attacks `sq` (`warp_leaps.rs`).
    pub leap_from: [Vec<u64>; 2],
    /// The walks back along the sliders' attack lines, laid out as rays (`warp_rays.rs`).
    pub back: super::warp_rays::BackRays,
}

const EDGE_FILES: u64 = 0x8181_8181_8181_8181;

impl WarpRules {
    /// The warped tables of `v`, whose one token kind the back-end choice found to make
    /// squares absent as the `tunnel-square` behaviour does (WH2-WH6); `None` when the
    /// variant has more directions, attack lines or groups of lines than the tables hold.
    pub(crate) fn of(v: &Variant, fast: &super::rules::FastRules) -> Option<WarpRules> {
        let lines = v.attack_dirs.iter().map(Vec::len).max().unwrap_or(0);
        if v.dirs.len() > 64 || lines > MAX_LINES {
            return None;
        }
        let wraps = v.effects(0).wraps;
        let squares = |t: &[crate::geometry::Square]| -> Vec<u8> {
            t.iter().map(|s| if s.0 == u16::MAX { OFF } else { s.0 as u8 }).collect()
        };
        let step = squares(&v.warp_next);
        let mut attack_lines = [Vec::new(), Vec::new()];
        let mut slide_kinds = [Vec::new(), Vec::new()];
        let mut leap_kinds = [Vec::new(), Vec::new()];
        let mut royal_kinds = [0; 2];
        let mut royal_steps = [vec![0u64; 64], vec![0u64; 64]];
        for side in crate::geometry::Side::BOTH {
            let i = side.index();
            for &(dir, _) in &v.attack_dirs[i] {
                let leap = v.attack_mask(side, dir, 1);
                let slide = v.attack_mask(side, dir, MAX_REACH);
                // The warp form reads a royal piece's attacks one step deep: a royal slider's
                // whole ray is read by the table walker instead (WH6, K1).
                if v.royal_mask & slide != 0 {
                    return None;
                }
                let royal = v.royal_mask & leap;
                let (leaps, slides) = (leap & !slide & !v.royal_mask, slide & !v.royal_mask);
                if royal != 0 {
                    if royal_kinds[i] != 0 && royal_kinds[i] != royal {
                        return None;
                    }
                    royal_kinds[i] = royal;
                    for (t, from) in royal_steps[i].iter_mut().enumerate() {
                        let next = step[dir as usize * 64 + t];
                        if next != OFF {
                            *from |= 1 << next;
                        }
                    }
                }
                attack_lines[i].push(AttackLine {
                    dir,
                    leaps,
                    slides,
                    group: kind_set_index(&mut slide_kinds[i], slides),
                    leap_set: kind_set_index(&mut leap_kinds[i], leaps),
                });
            }
            if slide_kinds[i].len() > MAX_GROUPS || leap_kinds[i].len() > MAX_GROUPS {
                return None;
            }
            attack_lines[i].sort_by_key(|line| line.group);
        }
        let group_lines = [0, 1].map(|i: usize| {
            (0..slide_kinds[i].len() as u8)
                .map(|g| {
                    let of = |line: &AttackLine| line.group == g;
                    let start = attack_lines[i].iter().position(of).unwrap_or(0);
                    (start as u8, (start + attack_lines[i].iter().filter(|l| of(l)).count()) as u8)
                })
                .collect()
        });
        let pawn = fast.pawn_kind();
        let groups = v.patterns[0]
            .iter()
            .enumerate()
            .map(|(kind, patterns)| {
                patterns
                    .iter()
                    .map(|p| {
                        let (dx, dy) = v.dirs[p.dir as usize];
                        match (kind == pawn, p.range, dx == 0 || dy == 0) {
                            (true, ..) => PAWN,
                            (false, 1, _) => LEAP,
                            (false, _, true) => ORTH,
                            (false, _, false) => DIAG,
                        }
                    })
                    .collect()
            })
            .collect();
        let slide_dirs: [Vec<u64>; 2] = [0, 1].map(|side: usize| {
            v.patterns[side]
                .iter()
                .zip(&groups)
                .map(|(patterns, kind_groups): (&Vec<CompiledPattern>, &Vec<u8>)| {
                    patterns
                        .iter()
                        .zip(kind_groups)
                        .filter(|(_, &g)| g & (ORTH | DIAG) != 0)
                        .fold(0u64, |dirs, (p, _)| dirs | 1 << p.dir)
                })
                .collect()
        });
        let movers = [0, 1].map(|side: usize| {
            (0..fast.kinds)
                .filter(|&kind| kind != fast.royal as usize && kind != pawn)
                .map(|kind| {
                    let bit = 1u32 << kind;
                    Mover {
                        kind: kind as u8,
                        leaps: fast.leapers & bit != 0,
                        orth: fast.orth & bit != 0,
                        diag: fast.diag & bit != 0,
                        slide_dirs: slide_dirs[side][kind],
                    }
                })
                .collect()
        });
        Some(WarpRules {
            groups,
            movers,
            patterns: v.patterns.clone(),
            attack_lines,
            slide_kinds,
            leap_kinds,
            group_lines,
            royal_kinds,
            royal_steps,
            step,
            wrap: squares(&v.warp_wrap),
            wrap_back: squares(&v.warp_wrap_back),
            reverse: v.dir_reverse.clone(),
            wraps,
            double_step: fast.pawn.as_ref().and_then(|p| p.double),
            promotion_zone: fast.pawn.as_ref().filter(|p| !p.choices.is_empty()).map_or([0; 2], |p| p.promotion_zone),
        })
    }

    /// The directions (bits) of the attack lines along which some kind slides, both sides.
    fn slide_line_dirs(&self) -> u64 {
        self.attack_lines.iter().flatten().filter(|line| line.slides != 0).fold(0, |dirs, line| dirs | 1 << line.dir)
    }

    /// The edge gateways among the absent squares `absent`.
    #[inline(always)]
    pub(crate) fn gates(&self, absent: u64) -> u64 {
        if self.wraps {
            absent & EDGE_FILES
        } else {
            0
        }
    }

    /// The step tables for the absent squares `absent`.
    pub(crate) fn lines(&self, absent: u64) -> Lines {
        let gates = self.gates(absent);
        let n = self.step.len();
        let mut fwd = vec![OFF; n];
        let mut out = vec![OFF; n];
        for i in 0..n {
            let (d, sq) = (i / 64, i % 64);
            fwd[i] = match self.step[i] {
                OFF if gates & (1 << sq) != 0 => self.wrap[i],
                s => s,
            };
            out[i] = match self.step[i] {
                OFF => {
                    let p = self.wrap_back[self.reverse[d] as usize * 64 + sq];
                    if p != OFF && gates & (1 << p) != 0 {
                        p
                    } else {
                        OFF
                    }
                }
                s => s,
            };
        }
        let span: Vec<u64> = (0..n).map(|i| walk_back_span(&out, i / 64 * 64, i % 64)).collect();
        let out_rays = out.clone();
        let heads = (0..n).map(|i| Head::of(&out, absent, i / 64 * 64, i % 64)).collect();
        let line_spans = [0, 1].map(|side| {
            let lines = &self.attack_lines[side];
            (0..64).flat_map(|sq| lines.iter().map(move |line| line.dir as usize * 64 + sq)).map(|i| span[i]).collect()
        });
        let group_spans = [0, 1].map(|side| {
            let mut spans = vec![0u64; 64 * MAX_GROUPS];
            for line in self.attack_lines[side].iter().filter(|line| line.group != NO_GROUP) {
                for sq in 0..64 {
                    spans[sq * MAX_GROUPS + line.group as usize] |= span[line.dir as usize * 64 + sq];
                }
            }
            spans
        });
        let mut lines = Lines {
            absent,
            leaps: Vec::new(),
            pawn: [Vec::new(), Vec::new()],
            pawn_shifts: [PawnShifts::default(); 2],
            pawn_rest: [Vec::new(), Vec::new()],
            slides: Vec::new(),
            walk_dirs: Vec::new(),
            plain: Vec::new(),
            fwd,
            out,
            span,
            heads,
            line_spans,
            group_spans,
            leap_from: [Vec::new(), Vec::new()],
            back: super::warp_rays::BackRays::of(&out_rays, absent, self.slide_line_dirs()),
        };
        lines.leap_from = [0, 1].map(|side| super::warp_leaps::leap_from(&lines, &self.attack_lines[side]));
        self.fill_reach(&mut lines);
        lines
    }

    /// The pawn's landing squares (`PawnLines`) of `lines`, for each side and square, in all
    /// and for the patterns that do not move set-wise (`warp_pawns.rs`).
    fn fill_pawn(&self, lines: &mut Lines) {
        let Some(pawn) = self.groups.iter().position(|g| g.contains(&PAWN)) else { return };
        for (side, patterns) in self.patterns.iter().enumerate() {
            let each: Vec<Vec<PawnLines>> =
                patterns[pawn].iter().map(|p| self.pattern_landings(lines, side, p)).collect();
            let table = (0..64).map(|sq| PawnLines::union(each.iter().map(|one| &one[sq]))).collect();
            (lines.pawn_shifts[side], lines.pawn_rest[side]) = self.pawn_shifts(side, &each);
            lines.pawn[side] = table;
        }
    }

    /// Where one pawn pattern `p` of `side` lands from each square (WH3, WH4, WH8).
    fn pattern_landings(&self, lines: &Lines, side: usize, p: &CompiledPattern) -> Vec<PawnLines> {
        let mut table = vec![PawnLines::NONE; 64];
        for (sq, entry) in table.iter_mut().enumerate() {
            let line = lines.slide_line(p.dir as usize, sq);
            let landing = line.step_landing();
            match (p.range, p.mode.moves()) {
                (1, true) => entry.steps |= landing,
                (1, false) => entry.captures |= landing,
                _ if line.skip_len >= 2 && self.double_from(side, sq) => {
                    let (first, second) = (line.skip[0], line.skip[1]);
                    entry.double = (first, second);
                    entry.double_squares = 1 << first | 1 << second;
                    entry.double_sets_ep = self.double_step.is_some_and(|d| d.sets_en_passant)
                        && self.promotion_zone[side] & (1 << second) == 0;
                }
                _ => {}
            }
        }
        table
    }

    /// Whether the pawn's rules let a pawn of `side` double-step from `sq` (unmoved or not).
    fn double_from(&self, side: usize, sq: usize) -> bool {
        self.double_step.is_some_and(|d| d.from_mask[side] & (1 << sq) != 0)
    }

    /// The plain next square from `sq` along `dir` ([`OFF`] off the board).
    #[inline]
    pub(super) fn plain_step(&self, dir: usize, sq: usize) -> usize {
        self.step[dir * 64 + sq] as usize
    }

    /// The squares of the plain ray from `sq` along `d` (no wrapping), `sq` left out.
    fn ray(&self, d: usize, sq: usize) -> u64 {
        let mut ray = 0u64;
        let mut at = sq;
        while self.step[d * 64 + at] != OFF {
            at = self.step[d * 64 + at] as usize;
            ray |= 1 << at;
        }
        ray
    }

    /// The leap sets and slide lines of `lines` (for its absent squares).
    fn fill_reach(&self, lines: &mut Lines) {
        self.fill_pawn(lines);
        lines.slides = vec![SlideLine::EMPTY; self.step.len()];
        let kinds = self.groups.len();
        lines.leaps = vec![[0; 64]; 2 * kinds];
        // The group (ORTH or DIAG) of each slide direction, 0 for the others.
        let mut slide_dirs = vec![0u8; self.step.len() / 64];
        for patterns in &self.patterns {
            for (kind, groups) in self.groups.iter().enumerate() {
                for (p, &group) in patterns[kind].iter().zip(groups) {
                    if group & (ORTH | DIAG) != 0 {
                        slide_dirs[p.dir as usize] = group;
                    }
                }
            }
        }
        lines.walk_dirs = vec![0; 64];
        lines.plain = vec![0; 128];
        for (d, &group) in slide_dirs.iter().enumerate().filter(|(_, &g)| g != 0) {
            for sq in 0..64 {
                lines.slides[d * 64 + sq] = lines.slide_line(d, sq).with_masks();
                let ray = self.ray(d, sq);
                if ray & lines.absent != 0 {
                    lines.walk_dirs[sq] |= 1 << d;
                } else {
                    lines.plain[usize::from(group == DIAG) * 64 + sq] |= ray;
                }
            }
        }
        for (side, patterns) in self.patterns.iter().enumerate() {
            for (kind, groups) in self.groups.iter().enumerate() {
                for (p, &group) in patterns[kind].iter().zip(groups) {
                    if group == LEAP {
                        for sq in 0..64 {
                            lines.leaps[side * kinds + kind][sq] |= lines.slide_line(p.dir as usize, sq).step_landing();
                        }
                    }
                }
            }
        }
    }
}

/// The index of the set of kinds `kinds` in `sets`, added when new; [`NO_GROUP`] for none.
fn kind_set_index(sets: &mut Vec<u32>, kinds: u32) -> u8 {
    if kinds == 0 {
        return NO_GROUP;
    }
    let index = sets.iter().position(|&k| k == kinds).unwrap_or_else(|| {
        sets.push(kinds);
        sets.len() - 1
    });
    index as u8
}

/// The squares of the chain `out[d + sq]` from `from` up to the board's end or back to
/// `from` (the squares `line_attacked` may read).
fn walk_back_span(out: &[u8], d: usize, from: usize) -> u64 {
    let mut span = 0u64;
    let mut at = from;
    loop {
        let prev = out[d + at];
        if prev == OFF || prev as usize == from || span & (1 << prev) != 0 {
            return span;
        }
        span |= 1 << prev;
        at = prev as usize;
    }
}

/// The start of a walk back along a line: its squares up to the first absent square, the
/// first wrap or the line's end, which the walk meets in square order (so its first piece
/// is found with a bit trick).
#[derive(Clone, Copy)]
pub(crate) struct Head {
    /// The squares (none when the walk's first square is absent or off the board).
    pub mask: u64,
    /// Their order: 1 rising square numbers, -1 falling.
    pub order: i8,
    /// The first square the walk meets.
    pub first: u8,
    /// The last one, where the walk goes on.
    pub last: u8,
}

impl Head {
    /// The head of the walk back from `from` along `out[d + sq]`, for the absent squares
    /// `absent`.
    fn of(out: &[u8], absent: u64, d: usize, from: usize) -> Head {
        let mut chain: Vec<u8> = Vec::new();
        let mut at = from;
        loop {
            let prev = out[d + at];
            let stops = prev == OFF || prev as usize == from || absent & (1 << prev) != 0;
            if stops || chain.contains(&prev) {
                break;
            }
            chain.push(prev);
            if order(&chain) == 0 {
                chain.pop();
                break;
            }
            at = prev as usize;
        }
        Head {
            mask: mask(&chain),
            order: order(&chain),
            first: chain.first().copied().unwrap_or(OFF),
            last: chain.last().copied().unwrap_or(OFF),
        }
    }
}

impl Lines {
    /// The line from `from` along direction `d` (as the table walker walks a graph line and its tunnel).
    fn slide_line(&self, d: usize, from: usize) -> SlideLine {
        let mut line = SlideLine::EMPTY;
        let mut entry = OFF;
        let mut at = from;
        loop {
            let next = self.fwd[d * 64 + at];
            if next == OFF || next as usize == from || line.skip_len as usize == 16 {
                break;
            }
            at = next as usize;
            if self.absent & (1 << at) != 0 {
                if entry == OFF {
                    entry = next;
                    line.before_entry = line.skip_len;
                }
                continue;
            }
            line.skip[line.skip_len as usize] = next;
            line.skip_len += 1;
        }
        if entry == OFF {
            return line;
        }
        let mut at = entry as usize;
        let exit = loop {
            let next = self.fwd[d * 64 + at];
            if next == OFF || next as usize == from || next == entry {
                line.before_entry = OFF;
                return line;
            }
            at = next as usize;
            if self.absent & (1 << at) != 0 {
                break at;
            }
        };
        let mut at = exit;
        loop {
            let next = self.fwd[d * 64 + at];
            if next == OFF || next as usize == from || line.tunnel_len as usize == 16 {
                return line;
            }
            at = next as usize;
            if self.absent & (1 << at) == 0 {
                line.tunnel[line.tunnel_len as usize] = next;
                line.tunnel_len += 1;
            }
        }
    }
}

impl Board64<'_> {
    /// WH7: whether `by` attacks `t` along warped lines (no token lies on `t`), noting in
    /// `reads`, line by line, the squares a piece leaving could open the line through: the
    /// squares the walks of lines with sliders read (a royal attacker's one step and a leap
    /// reach their first existing square whatever stands there, so emptying a square opens
    /// neither).
    pub(crate) fn warp_attacked<R: ReadSet>(
        &self,
        w: &WarpRules,
        l: &Lines,
        t: usize,
        by: usize,
        reads: &mut R,
    ) -> bool {
        let view = View { occupied: self.occupied(), theirs: self.sides[by] };
        let a = self.warp_attackers(w, by, view.theirs);
        self.attacked_in(w, l, t, by, view, &a, reads)
    }

    /// Whether `by` attacks `t` on the board as `view` shows it (see [`Self::warp_attacked`]),
    /// with `a` the attackers of the board before a move: a piece the move captures may stay
    /// in `a`, which only steers the walks (`view` says what stands where), and a royal piece
    /// is never captured.
    #[allow(clippy::too_many_arguments)]
    pub(crate) fn attacked_in<R: ReadSet>(
        &self,
        w: &WarpRules,
        l: &Lines,
        t: usize,
        by: usize,
        view: View,
        a: &Attackers,
        reads: &mut R,
    ) -> bool {
        if w.royal_steps[by][t] & a.royal != 0 {
            return true;
        }
        // A leap reaches its landing square whatever stands between: one mask per set of
        // leaping kinds.
        let sets = w.leap_kinds[by].len();
        let leap_from = &l.leap_from[by][t * MAX_GROUPS..t * MAX_GROUPS + sets];
        for (&from, &pieces) in leap_from.iter().zip(&a.leapers) {
            if from & pieces & view.theirs != 0 {
                return true;
            }
        }
        // The lines come grouped by the kinds sliding along them: a group none of whose
        // pieces stands on its lines' spans is skipped at once, a line at the cost of a mask.
        let lines = &w.attack_lines[by];
        let spans = &l.line_spans[by][t * lines.len()..][..lines.len()];
        let group_spans = &l.group_spans[by][t * MAX_GROUPS..][..MAX_GROUPS];
        for (g, &(start, end)) in w.group_lines[by].iter().enumerate() {
            let pieces = a.by_group[g] & view.theirs;
            if group_spans[g] & pieces == 0 {
                continue;
            }
            for k in start as usize..end as usize {
                if spans[k] & pieces != 0 {
                    reads.line(k);
                    let d = lines[k].dir as usize * 64;
                    if self.rays_attack(&l.back, d + t, view, pieces, reads) {
                        return true;
                    }
                }
            }
        }
        false
    }

    /// In check on `t` by `by`: the squares a non-royal move must end on to answer every
    /// checking line, those its walk read (the checker's square, and the squares before it
    /// where a piece would block); 0 when a royal piece checks. A move that ends elsewhere
    /// leaves every checking walk as it was: it leaves no square such a walk read but inside
    /// a tunnel, where what stands is never read.
    pub(crate) fn check_mask(&self, w: &WarpRules, l: &Lines, t: usize, by: usize, view: View, a: &Attackers) -> u64 {
        if w.royal_steps[by][t] & a.royal != 0 {
            return 0;
        }
        let mut mask = u64::MAX;
        for (k, line) in w.attack_lines[by].iter().enumerate() {
            if a.on_line(w, l, by, k, t) {
                let mut read = ReadSquares(0);
                if self.line_attacked(l, line.dir as usize * 64, t, view, line, &mut read) {
                    mask &= read.0;
                }
            }
        }
        mask
    }

    /// The pieces of `by` among `theirs` that attack along its lines, by group of lines.
    #[inline(always)]
    pub(crate) fn warp_attackers(&self, w: &WarpRules, by: usize, theirs: u64) -> Attackers {
        let mut by_group = [0; MAX_GROUPS];
        for (pieces, &kinds) in by_group.iter_mut().zip(&w.slide_kinds[by]) {
            *pieces = self.pieces_of(theirs, kinds);
        }
        let mut leapers = [0; MAX_GROUPS];
        for (pieces, &kinds) in leapers.iter_mut().zip(&w.leap_kinds[by]) {
            *pieces = self.pieces_of(theirs, kinds);
        }
        Attackers { royal: self.pieces_of(theirs, w.royal_kinds[by]), by_group, leapers }
    }

    /// Whether a sliding piece of `by` reaches `t` along its `k`-th attack line (callers skip
    /// the lines none of whose sliders stands on the line's span, [`Attackers::on_slide_line`]).
    /// The leaps along the line are not read: this serves the tests of a move of the side not
    /// in check, which cannot bring a leap attack about (a leap reaches its squares whatever
    /// stands between, and the move puts no piece of `by` anywhere).
    #[inline(always)]
    #[allow(clippy::too_many_arguments)]
    pub(crate) fn slide_walk<R: ReadSet>(
        &self,
        w: &WarpRules,
        l: &Lines,
        k: usize,
        t: usize,
        by: usize,
        view: View,
        a: &Attackers,
        reads: &mut R,
    ) -> bool {
        let line = &w.attack_lines[by][k];
        let d = line.dir as usize * 64;
        line.group != NO_GROUP
            && self.rays_attack(&l.back, d + t, view, a.by_group[line.group as usize] & view.theirs, reads)
    }

    /// The pieces among `side` of the kinds in `kinds` (bits).
    #[inline(always)]
    fn pieces_of(&self, side: u64, mut kinds: u32) -> u64 {
        let mut pieces = 0;
        while kinds != 0 {
            pieces |= self.kinds[kinds.trailing_zeros() as usize];
            kinds &= kinds - 1;
        }
        pieces & side
    }

    /// The kind (a one-bit mask) of the attacker's piece on `sq` in `view`, 0 when none.
    #[inline(always)]
    fn piece_in(&self, view: View, sq: usize) -> u32 {
        if view.theirs & (1 << sq) == 0 {
            0
        } else {
            1 << (self.cells[sq] - 1)
        }
    }

    /// One walk back from `t` (as `line_attacks.rs` walks it).
    fn line_attacked<R: ReadSet>(
        &self,
        l: &Lines,
        d: usize,
        t: usize,
        view: View,
        line: &AttackLine,
        reads: &mut R,
    ) -> bool {
        let absent = self.tokens.all;
        let occupied = view.occupied;
        let mut only_absent = true;
        let mut at = t;
        let head = &l.heads[d + t];
        if head.mask != 0 && head.mask & absent == 0 {
            // The walk's head meets no absent square (a royal piece that removed a token
            // walks from that square, never through it): read at once.
            if line.slides == 0 {
                // A line of leaps alone stops at its first empty square.
                let first = head.first as usize;
                reads.read(first);
                return occupied & (1 << first) != 0 && self.piece_in(view, first) & line.leaps != 0;
            }
            let prefix = line_prefix(&[], head.mask, head.order, occupied);
            reads.read_set(prefix);
            let blocker = prefix & occupied;
            if blocker != 0 {
                let leaps = if prefix == blocker { line.leaps } else { 0 };
                return self.piece_in(view, blocker.trailing_zeros() as usize) & (line.slides | leaps) != 0;
            }
            only_absent = false;
            at = head.last as usize;
        }
        loop {
            let prev = l.out[d + at];
            if prev == OFF || prev as usize == t {
                return false;
            }
            at = prev as usize;
            reads.read(at);
            if absent & (1 << at) != 0 {
                let leaps = if only_absent { line.leaps } else { 0 };
                if (line.slides | leaps) != 0
                    && self.tunnel_source_attacks(l, d, t, at, view, line.slides, leaps, reads)
                {
                    return true;
                }
                continue;
            }
            if occupied & (1 << at) == 0 {
                only_absent = false;
                if line.slides == 0 {
                    return false;
                }
                continue;
            }
            let kind = self.piece_in(view, at);
            return kind & (line.slides | if only_absent { line.leaps } else { 0 }) != 0;
        }
    }

    /// With `exit` as a tunnel's exit: the entry before it and the piece that entered it.
    #[allow(clippy::too_many_arguments)]
    fn tunnel_source_attacks<R: ReadSet>(
        &self,
        l: &Lines,
        d: usize,
        t: usize,
        exit: usize,
        view: View,
        slides: u32,
        leaps: u32,
        reads: &mut R,
    ) -> bool {
        let absent = self.tokens.all;
        let occupied = view.occupied;
        let mut at = exit;
        let entry = loop {
            let prev = l.out[d + at];
            if prev == OFF || prev as usize == t || prev as usize == exit {
                return false;
            }
            reads.read(prev as usize);
            at = prev as usize;
            if absent & (1 << at) != 0 {
                break at;
            }
        };
        let mut at = entry;
        let mut first = true;
        loop {
            let prev = l.out[d + at];
            if prev == OFF || prev as usize == t {
                return false;
            }
            reads.read(prev as usize);
            at = prev as usize;
            if absent & (1 << at) != 0 {
                return false;
            }
            if occupied & (1 << at) == 0 {
                if slides == 0 {
                    return false;
                }
                first = false;
                continue;
            }
            return self.piece_in(view, at) & (slides | if first { leaps } else { 0 }) != 0;
        }
    }
}

/// The attacking pieces of one side: its royal pieces, and per group of attack lines
/// ([`AttackLine::group`]) its pieces of the group's sliding kinds.
pub(crate) struct Attackers {
    pub royal: u64,
    pub by_group: [u64; MAX_GROUPS],
    /// Per set of leaping kinds ([`WarpRules::leap_kinds`]), its pieces.
    pub leapers: [u64; MAX_GROUPS],
}

impl Attackers {
    /// Whether one of these attackers of `by` stands on the span of its `k`-th attack line
    /// at `t` (none there: the line cannot reach `t`).
    #[inline(always)]
    pub(crate) fn on_line(&self, w: &WarpRules, l: &Lines, by: usize, k: usize, t: usize) -> bool {
        let line = &w.attack_lines[by][k];
        l.span[line.dir as usize * 64 + t] & self.line_pieces(line) != 0
    }

    /// Whether one of these sliders of `by` stands on the span of its `k`-th attack line at
    /// `t` (none there: no slide along the line reaches `t`).
    #[inline(always)]
    pub(crate) fn on_slide_line(&self, w: &WarpRules, l: &Lines, by: usize, k: usize, t: usize) -> bool {
        let line = &w.attack_lines[by][k];
        let sliders = self.by_group.get(line.group as usize).copied().unwrap_or(0);
        l.span[line.dir as usize * 64 + t] & sliders != 0
    }

    /// The pieces that attack along `line`: its sliders and its leapers.
    #[inline(always)]
    fn line_pieces(&self, line: &AttackLine) -> u64 {
        let slides = self.by_group.get(line.group as usize).copied().unwrap_or(0);
        let leaps = self.leapers.get(line.leap_set as usize).copied().unwrap_or(0);
        slides | leaps
    }
}

/// A [`Reads`] that takes a set of squares read at once (a walk's head).
pub(crate) trait ReadSet: Reads {
    fn read_set(&mut self, squares: u64);
}

impl ReadSet for () {
    #[inline(always)]
    fn read_set(&mut self, _: u64) {}
}

impl ReadSet for ReadSquares {
    #[inline(always)]
    fn read_set(&mut self, squares: u64) {
        self.0 |= squares;
    }
}

impl ReadSet for LineReads {
    #[inline(always)]
    fn read_set(&mut self, squares: u64) {
        self.all |= squares;
        self.per_line[self.current] |= squares;
    }
}

/// The squares a walk read, all lines together.
pub(crate) struct ReadSquares(pub u64);

impl Reads for ReadSquares {
    #[inline(always)]
    fn line(&mut self, _: usize) {}
    #[inline(always)]
    fn read(&mut self, sq: usize) {
        self.0 |= 1 << sq;
    }
}

/// The board as an attack walk reads it: occupied squares and the attacker's pieces (a
/// move not yet made is read by changing these two alone).
#[derive(Clone, Copy)]
pub(crate) struct View {
    pub occupied: u64,
    pub theirs: u64,
}

/// The most attack lines whose reads are kept apart.
pub(crate) const MAX_LINES: usize = 32;

/// The squares an attack test read, in all and per attack line walked. One value serves
/// many tests in turn ([`LineReads::clear`]): only the lines walked are ever read back.
pub(crate) struct LineReads {
    pub all: u64,
    /// The attack lines walked (bits): `per_line` holds only theirs.
    pub walked: u32,
    per_line: [u64; MAX_LINES],
    current: usize,
}

impl LineReads {
    pub(crate) const fn new() -> LineReads {
        LineReads { all: 0, walked: 0, per_line: [0; MAX_LINES], current: 0 }
    }

    /// Forgets the last test's reads.
    #[inline(always)]
    pub(crate) fn clear(&mut self) {
        self.all = 0;
        self.walked = 0;
    }

    /// The lines walked that read a square of `squares` (bits).
    #[inline(always)]
    pub(crate) fn lines_reading(&self, squares: u64) -> u32 {
        let mut lines = 0;
        let mut walked = self.walked;
        while walked != 0 {
            let k = walked.trailing_zeros() as usize;
            walked &= walked - 1;
            if self.per_line[k] & squares != 0 {
                lines |= 1 << k;
            }
        }
        lines
    }
}

impl Reads for LineReads {
    #[inline(always)]
    fn line(&mut self, k: usize) {
        self.current = k;
        self.walked |= 1 << k;
        self.per_line[k] = 0;
    }
    #[inline(always)]
    fn read(&mut self, sq: usize) {
        self.all |= 1 << sq;
        self.per_line[self.current] |= 1 << sq;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A walk back westward along the first rank: `out[sq]` is the square before `sq`;
    /// with `wrap`, a1 comes after h1 (an edge gateway).
    fn westward(wrap: bool) -> Vec<u8> {
        (0..64u8)
            .map(|sq| {
                if sq % 8 != 0 {
                    sq - 1
                } else if wrap && sq == 0 {
                    7
                } else {
                    OFF
                }
            })
            .collect()
    }

    #[test]
    fn wh3_a_walk_head_stops_before_its_first_absent_square() {
        let head = Head::of(&westward(false), 1 << 5, 0, 7);
        assert_eq!((head.mask, head.first, head.last), (1 << 6, 6, 6));
        let none = Head::of(&westward(false), 1 << 6, 0, 7);
        assert_eq!(none.mask, 0, "the first square is absent: the walk goes square by square");
    }

    #[test]
    fn wh5_a_walk_head_keeps_square_order_and_stops_at_a_wrap() {
        let plain = Head::of(&westward(false), 0, 0, 4);
        assert_eq!((plain.mask, plain.order, plain.first, plain.last), (0b1111, -1, 3, 0));
        let wrapped = Head::of(&westward(true), 0, 0, 3);
        assert_eq!((wrapped.mask, wrapped.order, wrapped.last), (0b111, -1, 0), "h1 after a1 is past the wrap");
    }
}
