//! Leap attacks on a warped board (WH3, WH4, WH7) as one mask per target square: a leap lands
//! on the first existing square along its line, or, entering a tunnel at once, on the square
//! after it, whatever stands between. So the squares from which a leaper attacks a square are
//! fixed for one set of absent squares, and the attack test reads them at the cost of a mask
//! instead of walking the line back (`warp.rs` walks the sliders only).

use super::warp::{tunnel_entry, AttackLine, Lines, MAX_GROUPS, NO_GROUP, OFF};

/// `[sq * MAX_GROUPS + j]`: the squares from which a piece of the `j`-th set of leaping kinds
/// attacks `sq` along one of `lines` (one side's attack lines), for the absent squares of `l`.
pub(crate) fn leap_from(l: &Lines, lines: &[AttackLine]) -> Vec<u64> {
    let mut from = vec![0u64; 64 * MAX_GROUPS];
    for line in lines.iter().filter(|line| line.leap_set != NO_GROUP) {
        let d = line.dir as usize * 64;
        for t in 0..64 {
            from[t * MAX_GROUPS + line.leap_set as usize] |= leap_sources(&l.out, l.absent, d, t);
        }
    }
    from
}

/// The squares a walk back from `t` along `out[d + sq]` finds a leaper on, as the attack walk
/// of `warp.rs` reads a line of leaps: the first existing square, and before it, for each
/// absent square taken as a tunnel's exit, the square just before the tunnel's entry.
fn leap_sources(out: &[u8], absent: u64, d: usize, t: usize) -> u64 {
    let mut sources = 0;
    let mut at = t;
    for _ in 0..64 {
        let prev = out[d + at];
        if prev == OFF || prev as usize == t {
            break;
        }
        at = prev as usize;
        if absent & (1 << at) == 0 {
            return sources | 1 << at;
        }
        sources |= tunnel_source(out, absent, d, t, at);
    }
    sources
}

/// With `exit` an absent square, the existing square a leap enters the tunnel ending at `exit`
/// from (walking back from `exit` to the next absent square, the entry, and one square
/// more); none when the walk meets the board's end, `t` or `exit` again first.
fn tunnel_source(out: &[u8], absent: u64, d: usize, t: usize, exit: usize) -> u64 {
    let Some(entry) = tunnel_entry(out, absent, d, t, exit) else { return 0 };
    match out[d + entry] {
        prev if prev == OFF || prev as usize == t || absent & (1 << prev) != 0 => 0,
        prev => 1 << prev,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A walk back westward along the first rank: `out[sq]` is the square before `sq`.
    fn westward() -> Vec<u8> {
        (0..64u8).map(|sq| if sq % 8 != 0 { sq - 1 } else { OFF }).collect()
    }

    /// WH3, WH4: with c1 and g1 absent, a one-step leaper reaches h1 from f1 (skipping g1)
    /// and from b1 (entering the tunnel at c1, leaving it at g1); from a plain square, only
    /// the square before counts.
    #[test]
    fn wh4_a_leap_reaches_a_square_from_the_first_existing_square_and_through_a_tunnel() {
        let absent = 1 << 2 | 1 << 6;
        assert_eq!(leap_sources(&westward(), absent, 0, 7), 1 << 1 | 1 << 5);
        assert_eq!(leap_sources(&westward(), absent, 0, 4), 1 << 3);
        assert_eq!(leap_sources(&westward(), 0, 0, 0), 0, "nothing before a1");
    }
}
