//! Pawns moved set-wise on a warped board (WH3, WH4, WH8). From a square where one of the
//! pawn's patterns lands on its plain neighbour (no absent square met, no tunnel, no edge
//! gateway), outside the promotion zone and where no other pattern lands, that pattern moves
//! the pawn as an orthodox pawn's does: its moves for all such pawns are one bit board shifted
//! by the pattern's offset. The pawn's other patterns there make its rest table, walked one
//! pawn at a time from [`super::warp::PawnLines`].

use super::board::Board64;
use super::legal::Sink;
use super::warp::{PawnLines, WarpRules, OFF, PAWN};
use crate::variant::CompiledPattern;

/// The most step or capture patterns of a pawn taken set-wise.
const MAX_SHIFTS: usize = 4;

/// One pattern as a shift: the offset to its plain landing, and the squares it lands from.
#[derive(Clone, Copy, Default)]
pub(crate) struct Shift {
    pub delta: i8,
    pub from: u64,
}

impl Shift {
    /// The landing squares of the pieces `pieces` (all on `self.from`).
    #[inline(always)]
    fn apply(self, pieces: u64) -> u64 {
        let pieces = pieces & self.from;
        if self.delta >= 0 {
            pieces << self.delta
        } else {
            pieces >> -self.delta
        }
    }

    /// The squares from which this pattern lands on one of `targets`.
    #[inline(always)]
    fn sources(self, targets: u64) -> u64 {
        let back = if self.delta >= 0 { targets >> self.delta } else { targets << -self.delta };
        back & self.from
    }
}

/// A side's pawn patterns as shifts, each taken from the squares where it is plain, and the
/// squares from which some pattern is not (the pawns there also move one by one, by the rest).
#[derive(Clone, Copy, Default)]
pub(crate) struct PawnShifts {
    /// The squares from which a pawn has moves that are not shifts (its rest table's).
    pub rest_from: u64,
    steps: [Shift; MAX_SHIFTS],
    step_count: u8,
    captures: [Shift; MAX_SHIFTS],
    capture_count: u8,
    /// The double step: the offset of one of its steps and the squares it may start from
    /// (the rank rule; `from` is 0 without one).
    double: Shift,
    /// It needs an unmoved pawn.
    double_first_move: bool,
    /// It leaves an en-passant square (a double-step move), else it is an ordinary move.
    double_sets_ep: bool,
}

/// The kind of one pawn pattern.
#[derive(Clone, Copy, PartialEq)]
enum Role {
    Step,
    Capture,
    Double,
}

fn role(p: &CompiledPattern) -> Role {
    match (p.range, p.mode.moves()) {
        (1, true) => Role::Step,
        (1, false) => Role::Capture,
        _ => Role::Double,
    }
}

/// The squares a pawn's moves of `role` land on in `entry`, taken with the moves they could
/// be one move with (K6): steps with the double step's landing, captures with captures.
fn class_landings(role: Role, entry: &PawnLines) -> u64 {
    let second = if entry.double_squares == 0 { 0 } else { 1u64 << entry.double.1 };
    match role {
        Role::Step | Role::Double => entry.steps | second,
        Role::Capture => entry.captures,
    }
}

/// The landings of one pattern's entry that `role` says it makes.
fn own_landings(role: Role, entry: &PawnLines) -> u64 {
    match role {
        Role::Step => entry.steps,
        Role::Capture => entry.captures,
        Role::Double if entry.double_squares == 0 => 0,
        Role::Double => 1u64 << entry.double.1,
    }
}

impl WarpRules {
    /// The pawn shifts of `side` and its rest table, from `each`: where each of the pawn's
    /// patterns (in their compiled order) lands from every square, for one set of absent
    /// squares. A pattern is a shift from a square where it lands on its plain neighbour
    /// alone, outside the promotion zone, on a square no other pattern of the pawn reaches
    /// by a move of the same class from there (else the two would be one move, K6).
    pub(crate) fn pawn_shifts(&self, side: usize, each: &[Vec<PawnLines>]) -> (PawnShifts, Vec<PawnLines>) {
        let walked = |shifts| (shifts, rest_table(each, &vec![0; each.len()]));
        let Some(pawn) = self.groups.iter().position(|g| g.contains(&PAWN)) else {
            return walked(PawnShifts::default());
        };
        let patterns = &self.patterns[side][pawn];
        if patterns.len() != each.len() || each.iter().any(|one| one.len() != 64) {
            return walked(PawnShifts::default());
        }
        let count = |r| patterns.iter().filter(|p| role(p) == r).count();
        if count(Role::Double) > 1 || count(Role::Step) > MAX_SHIFTS || count(Role::Capture) > MAX_SHIFTS {
            return walked(PawnShifts::default());
        }
        let mut shifts = PawnShifts::default();
        let mut plain = vec![0u64; patterns.len()];
        for (i, p) in patterns.iter().enumerate() {
            let dir = p.dir as usize;
            let Some(shift) = self.plain_shift(dir) else { return walked(PawnShifts::default()) };
            let r = role(p);
            let expected = |sq: usize| self.plain_landings(r, side, dir, shift, sq);
            plain[i] = self.plain_squares(side, each, i, r, expected);
            match r {
                Role::Step => {
                    shifts.steps[shifts.step_count as usize] =
                        Shift { delta: shift.delta, from: shift.from & plain[i] };
                    shifts.step_count += 1;
                }
                Role::Capture => {
                    let from = shift.from & plain[i];
                    shifts.captures[shifts.capture_count as usize] = Shift { delta: shift.delta, from };
                    shifts.capture_count += 1;
                }
                Role::Double => {
                    let Some(d) = self.double_step else { continue };
                    let from = self.double_starts(side, shift) & plain[i];
                    shifts.double = Shift { delta: shift.delta, from };
                    shifts.double_first_move = d.first_move;
                    shifts.double_sets_ep = d.sets_en_passant;
                }
            }
        }
        let rest = rest_table(each, &plain);
        shifts.rest_from = rest.iter().enumerate().filter(|(_, e)| !e.is_empty()).fold(0, |m, (sq, _)| m | 1 << sq);
        (shifts, rest)
    }

    /// The squares from which a double step along the plain shift `shift` passes two
    /// squares on the board and the pawn's rank rule allows it.
    fn double_starts(&self, side: usize, shift: Shift) -> u64 {
        let two = shift.from & shift.sources(shift.from);
        self.double_step.map_or(0, |d| two & d.from_mask[side])
    }

    /// Where a pattern of role `r` along `dir` lands from `sq` on the plain board.
    fn plain_landings(&self, r: Role, side: usize, dir: usize, shift: Shift, sq: usize) -> PawnLines {
        let mut entry = PawnLines::NONE;
        if shift.from & (1 << sq) == 0 {
            return entry;
        }
        let next = 1u64 << self.plain_step(dir, sq);
        match r {
            Role::Step => entry.steps = next,
            Role::Capture => entry.captures = next,
            Role::Double if self.double_starts(side, shift) & (1 << sq) != 0 => {
                let first = self.plain_step(dir, sq);
                let second = self.plain_step(dir, first);
                entry.double = (first as u8, second as u8);
                entry.double_squares = 1 << first | 1 << second;
            }
            Role::Double => {}
        }
        entry
    }

    /// The squares from which pattern `i` of `each` (of role `r`) lands as `expected` says
    /// the plain board does, outside the promotion zone, on squares no other pattern of its
    /// class reaches from there.
    fn plain_squares(
        &self,
        side: usize,
        each: &[Vec<PawnLines>],
        i: usize,
        r: Role,
        expected: impl Fn(usize) -> PawnLines,
    ) -> u64 {
        let zone = self.promotion_zone[side];
        let mut squares = 0;
        for sq in 0..64 {
            let (own, plain) = (&each[i][sq], expected(sq));
            let same = own.steps == plain.steps
                && own.captures == plain.captures
                && own.double_squares == plain.double_squares
                && (own.double_squares == 0 || own.double == plain.double);
            let landing = own_landings(r, own);
            let others =
                each.iter().enumerate().filter(|&(j, _)| j != i).fold(0, |m, (_, one)| m | class_landings(r, &one[sq]));
            if same && landing & (zone | others) == 0 {
                squares |= 1 << sq;
            }
        }
        squares
    }

    /// The plain step along `dir` as a shift: its offset and the squares it lands from (all
    /// squares on the board must land at the same offset, else `None`).
    fn plain_shift(&self, dir: usize) -> Option<Shift> {
        let mut shift = Shift::default();
        let mut delta = None;
        for sq in 0..64 {
            let to = self.plain_step(dir, sq);
            if to == OFF as usize {
                continue;
            }
            let d = to as i32 - sq as i32;
            if *delta.get_or_insert(d) != d {
                return None;
            }
            shift.from |= 1 << sq;
        }
        shift.delta = i8::try_from(delta.unwrap_or(0)).ok()?;
        Some(shift)
    }
}

/// The moves from each square of the patterns of `each` that are not shifts there (`plain[i]`:
/// the squares where pattern `i` is one).
fn rest_table(each: &[Vec<PawnLines>], plain: &[u64]) -> Vec<PawnLines> {
    (0..64)
        .map(|sq| {
            let walked = each.iter().zip(plain).filter(|&(_, &p)| p & (1 << sq) == 0).map(|(one, _)| &one[sq]);
            PawnLines::union(walked)
        })
        .collect()
}

impl PawnShifts {
    /// The pawns among `pawns` that may capture onto `sq` by a shift.
    #[inline(always)]
    pub(crate) fn capturing_onto(&self, sq: usize, pawns: u64) -> u64 {
        let target = 1u64 << sq;
        let mut from = 0;
        for c in &self.captures[..self.capture_count as usize] {
            from |= c.sources(target);
        }
        from & pawns
    }
}

impl Board64<'_> {
    /// The moves by shifts of the pawns `pawns` into `sink`, one bit board per pattern, each
    /// from the squares where it is a shift (en passant left to the caller).
    #[inline(always)]
    pub(crate) fn shifted_pawns<S: Sink>(&self, shifts: &PawnShifts, pawns: u64, sink: &mut S) {
        if pawns == 0 {
            return;
        }
        let them = self.us ^ 1;
        let empty = !self.occupied();
        let prey = self.sides[them] & !self.royals(them);
        for s in &shifts.steps[..shifts.step_count as usize] {
            sink.shifted(s.apply(pawns) & empty, i32::from(s.delta));
        }
        for c in &shifts.captures[..shifts.capture_count as usize] {
            sink.shifted(c.apply(pawns) & prey, i32::from(c.delta));
        }
        let d = shifts.double;
        let starters = if shifts.double_first_move { pawns & self.unmoved } else { pawns };
        // `d.from` holds only squares with two plain steps ahead: the second is a plain shift.
        let first = d.apply(starters) & empty;
        let second = Shift { delta: d.delta, from: u64::MAX }.apply(first) & empty;
        if second != 0 {
            let delta = i32::from(d.delta);
            if shifts.double_sets_ep {
                sink.double_steps(second, delta);
            } else {
                sink.shifted(second, 2 * delta);
            }
        }
    }
}
