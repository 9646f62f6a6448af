//! Pawns moved set-wise on a warped board (WH3, WH4, WH8). From a square where every one of
//! the pawn's patterns lands on its plain neighbour (no absent square met, no tunnel, no edge
//! gateway) and none lands in the promotion zone, a pawn moves as an orthodox pawn does; the
//! moves of all such pawns are then whole bit boards shifted by one offset per pattern. The
//! other pawns are walked one by one from their [`super::warp::PawnLines`].

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

/// A side's pawn patterns as shifts, and the squares from which they are all plain.
#[derive(Clone, Copy, Default)]
pub(crate) struct PawnShifts {
    /// The squares from which a pawn moves by shifts alone.
    pub plain: u64,
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

impl WarpRules {
    /// The pawn shifts of `side` for the warped pawn table `table` (one [`PawnLines`] per
    /// square, built for the same absent squares).
    pub(crate) fn pawn_shifts(&self, side: usize, table: &[PawnLines]) -> PawnShifts {
        let mut shifts = PawnShifts::default();
        let Some(pawn) = self.groups.iter().position(|g| g.contains(&PAWN)) else { return shifts };
        if table.len() != 64 {
            return shifts;
        }
        let patterns = &self.patterns[side][pawn];
        let count = |r| patterns.iter().filter(|p| role(p) == r).count();
        if count(Role::Double) > 1 || count(Role::Step) > MAX_SHIFTS || count(Role::Capture) > MAX_SHIFTS {
            return shifts;
        }
        // Two patterns of one role along one line would be one move where they meet (K6).
        let distinct = |r| {
            let mut dirs: Vec<u16> = patterns.iter().filter(|p| role(p) == r).map(|p| u16::from(p.dir)).collect();
            dirs.sort_unstable();
            dirs.windows(2).all(|w| w[0] != w[1])
        };
        if !distinct(Role::Step) || !distinct(Role::Capture) {
            return shifts;
        }
        let mut expected = [(0u64, 0u64, (OFF, OFF)); 64];
        for p in patterns {
            let dir = p.dir as usize;
            let Some(shift) = self.plain_shift(dir) else { return PawnShifts::default() };
            match role(p) {
                Role::Step => {
                    shifts.steps[shifts.step_count as usize] = shift;
                    shifts.step_count += 1;
                    for sq in squares(shift.from) {
                        expected[sq].0 |= 1 << self.plain_step(dir, sq);
                    }
                }
                Role::Capture => {
                    shifts.captures[shifts.capture_count as usize] = shift;
                    shifts.capture_count += 1;
                    for sq in squares(shift.from) {
                        expected[sq].1 |= 1 << self.plain_step(dir, sq);
                    }
                }
                Role::Double => {
                    let Some(d) = self.double_step else { continue };
                    let two = shift.from & shift.sources(shift.from);
                    shifts.double = Shift { delta: shift.delta, from: two & d.from_mask[side] };
                    shifts.double_first_move = d.first_move;
                    shifts.double_sets_ep = d.sets_en_passant;
                    for sq in squares(shifts.double.from) {
                        let first = self.plain_step(dir, sq);
                        expected[sq].2 = (first as u8, self.plain_step(dir, first) as u8);
                    }
                }
            }
        }
        let zone = self.promotion_zone[side];
        for (sq, (entry, &(steps, captures, double))) in table.iter().zip(&expected).enumerate() {
            let second = if double.1 == OFF { 0 } else { 1u64 << double.1 };
            let promotes = (steps | captures | second) & zone != 0;
            // A step onto the double step's square would be one move with it (K6, WH8).
            let overlaps = (steps | captures) & second != 0;
            let same = entry.steps == steps && entry.captures == captures && entry.double == double;
            if same && !promotes && !overlaps {
                shifts.plain |= 1 << sq;
            }
        }
        shifts
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

/// The squares of `bits`.
fn squares(bits: u64) -> impl Iterator<Item = usize> {
    super::rules::squares_of(bits)
}

impl PawnShifts {
    /// The pawns among `pawns` that may capture onto `sq`.
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
    /// The moves of the pawns `pawns` (all on `shifts.plain`, none promoting) into `sink`,
    /// one bit board per pattern (en passant left to the caller).
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
