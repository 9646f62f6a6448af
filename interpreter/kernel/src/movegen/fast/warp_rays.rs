//! Slide attacks on a warped board (WH3, WH4, WH7) read from lines laid out in advance for one
//! set of absent squares. The attack walk back from a square along a line (`warp.rs`) meets
//! its existing squares in a fixed order, the main ray, and at each absent square it passes
//! looks into the tunnel that square ends: the existing squares before the tunnel's entry up
//! to the next absent square. Which of these rays the walk looks into depends on the board
//! only through the main ray's first piece (a tunnel is looked into when every main-ray
//! square before its exit is empty), and each ray answers with its first piece. So each is
//! kept as a bit board with its square order, and the walk becomes a few masks and bit scans.

use super::board::Board64;
use super::warp::{line_prefix, tunnel_entry, ReadSet, View, OFF};

/// One ray of a walk back: its existing squares in walking order (as a list and a bit board
/// with its order, 1 rising, -1 falling, 0 neither), and the main-ray squares that must be
/// empty for the walk to look into it (none for the main ray).
#[derive(Clone, Copy)]
pub(crate) struct Ray {
    pub mask: u64,
    pub before: u64,
    pub order: i8,
    /// The list: `squares[start..start + len]` of [`BackRays::squares`].
    pub start: u32,
    pub len: u8,
}

/// The rays of every walk back, for one set of absent squares.
pub(crate) struct BackRays {
    /// `index[dir * 64 + sq]`: the first ray of the walk back from `sq` along `dir` (its
    /// main ray) and how many there are, the tunnels' after it.
    pub index: Vec<(u32, u8)>,
    pub rays: Vec<Ray>,
    pub squares: Vec<u8>,
}

impl BackRays {
    /// The rays of the walks along `out[dir * 64 + sq]` (the square a line comes from) for
    /// the absent squares `absent`, for the directions `dirs` (bits; the others have none).
    pub(crate) fn of(out: &[u8], absent: u64, dirs: u64) -> BackRays {
        let mut all = BackRays { index: vec![(0, 0); out.len()], rays: Vec::new(), squares: Vec::new() };
        for i in 0..out.len() {
            let (d, t) = (i / 64 * 64, i % 64);
            if dirs & 1 << (i / 64) != 0 {
                let first = all.rays.len() as u32;
                all.walk(out, absent, d, t);
                all.index[i] = (first, (all.rays.len() - first as usize) as u8);
            }
        }
        all
    }

    /// Lays out the walk back from `t` along `out[d + sq]`: the main ray first, then one ray
    /// per absent square met, as `warp.rs` walks them.
    fn walk(&mut self, out: &[u8], absent: u64, d: usize, t: usize) {
        let main = self.rays.len();
        self.rays.push(Ray { mask: 0, before: 0, order: 1, start: self.squares.len() as u32, len: 0 });
        let mut main_squares: Vec<u8> = Vec::new();
        let mut tunnels: Vec<(u64, Vec<u8>)> = Vec::new();
        let mut at = t;
        for _ in 0..64 {
            let prev = out[d + at];
            if prev == OFF || prev as usize == t {
                break;
            }
            at = prev as usize;
            if absent & (1 << at) != 0 {
                if let Some(ray) = tunnel_ray(out, absent, d, t, at) {
                    tunnels.push((mask(&main_squares), ray));
                }
            } else {
                main_squares.push(prev);
            }
        }
        self.rays[main] = self.ray(&main_squares, 0);
        for (before, squares) in tunnels {
            let ray = self.ray(&squares, before);
            self.rays.push(ray);
        }
    }

    /// A ray of `list`, its squares appended to [`Self::squares`].
    fn ray(&mut self, list: &[u8], before: u64) -> Ray {
        let start = self.squares.len() as u32;
        self.squares.extend_from_slice(list);
        Ray { mask: mask(list), before, order: order(list), start, len: list.len() as u8 }
    }
}

/// With `exit` an absent square met walking back from `t`: the existing squares before the
/// tunnel's entry (the next absent square back) up to the next absent square, the board's
/// end or `t`; `None` when the walk finds no entry.
fn tunnel_ray(out: &[u8], absent: u64, d: usize, t: usize, exit: usize) -> Option<Vec<u8>> {
    let mut at = tunnel_entry(out, absent, d, t, exit)?;
    let mut ray = Vec::new();
    for _ in 0..64 {
        let prev = out[d + at];
        if prev == OFF || prev as usize == t || absent & (1 << prev) != 0 {
            break;
        }
        ray.push(prev);
        at = prev as usize;
    }
    Some(ray)
}

fn mask(list: &[u8]) -> u64 {
    list.iter().fold(0, |m, &sq| m | 1 << sq)
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

impl Board64<'_> {
    /// Whether one of `sliders` (pieces of the attacker, as `view` shows the board) reaches
    /// `t` along the walk back `i` (`dir * 64 + t`) of `rays`, noting in `reads` the squares
    /// whose emptying could change the answer: each ray looked into up to its first piece.
    #[inline(always)]
    pub(crate) fn rays_attack<R: ReadSet>(
        &self,
        rays: &BackRays,
        i: usize,
        view: View,
        sliders: u64,
        reads: &mut R,
    ) -> bool {
        let (first, count) = rays.index[i];
        let walk = &rays.rays[first as usize..first as usize + count as usize];
        let occupied = view.occupied;
        for ray in walk {
            if ray.before & occupied != 0 {
                continue;
            }
            let list = &rays.squares[ray.start as usize..ray.start as usize + ray.len as usize];
            let prefix = line_prefix(list, ray.mask, ray.order, occupied);
            reads.read_set(prefix);
            if prefix & occupied & sliders != 0 {
                return true;
            }
        }
        false
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A walk back westward along the first rank: `out[sq]` is the square before `sq`.
    fn westward() -> Vec<u8> {
        (0..64u8).map(|sq| if sq % 8 != 0 { sq - 1 } else { OFF }).collect()
    }

    fn bits(squares: &[u8]) -> u64 {
        mask(squares)
    }

    /// WH3, WH4: back from h1 with c1 and f1 absent, the main ray skips both (g1 e1 d1 b1 a1)
    /// and the tunnel that f1 ends, entered at c1, is looked into from b1 while g1 is empty.
    #[test]
    fn wh4_a_walk_back_keeps_its_main_ray_and_the_tunnel_ray_behind_an_exit() {
        let rays = BackRays::of(&westward(), bits(&[2, 5]), 1);
        let (first, count) = rays.index[7];
        let walk = &rays.rays[first as usize..first as usize + count as usize];
        assert_eq!(walk.len(), 2, "the main ray and one tunnel (c1 has no entry behind it)");
        assert_eq!((walk[0].mask, walk[0].order, walk[0].before), (bits(&[6, 4, 3, 1, 0]), -1, 0));
        assert_eq!((walk[1].mask, walk[1].before), (bits(&[1, 0]), bits(&[6])));
    }
}
