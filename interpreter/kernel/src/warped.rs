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
//!   slide runs over them until blocked, a double step takes the second (the first being
//!   the en-passant square);
//! - a *tunnel* enters the first absent square of the line (a step or leap only when it is
//!   the line's first square; a slide after empty existing squares), leaps to the next absent
//!   square, and goes on from there along existing squares: a step or leap to the first, a
//!   slide until blocked. One tunnel per move; range-limited slides (the double step) never
//!   tunnel. Two ways to the same square with the same effect are one move (K6); a double
//!   step wins over a tunnel to the same square (WH8).

use crate::geometry::{Side, Square};
use crate::moves::{Move, MoveList};
use crate::position::{code_kind, code_side, Position, PIECE_BITS, TOKEN_FLAG};
use crate::spec::{EpRole, TokenMovement};
use crate::variant::{CompiledPattern, MAX_REACH};

impl Position {
    pub(crate) fn generate_warped(&self, out: &mut MoveList) {
        let v = &*self.variant;
        let us = self.side;
        for from in self.occupied[us.index()].iter() {
            let kind = code_kind(self.cells[from.index()] & PIECE_BITS);
            let first = out.len();
            for p in &v.patterns[us.index()][kind as usize] {
                if !self.condition_holds(p.condition, from, us) {
                    continue;
                }
                if self.exempt_from_warps(kind) {
                    self.walk_plain(from, kind, p, out);
                } else {
                    self.walk_skipping(from, kind, p, first, out);
                    self.walk_tunnel(from, kind, p, first, out);
                }
            }
        }
        if v.spec().rules.castling.is_some() {
            self.generate_castling(out);
        }
    }

    /// Royal pieces see exempting tokens as ordinary squares (WH6).
    fn exempt_from_warps(&self, kind: u8) -> bool {
        let v = &*self.variant;
        v.is_royal(kind) && v.token_rules.iter().any(|t| t.royal_exempt)
    }

    /// A square that does not exist for warped movement: an absent token with no piece.
    #[inline]
    fn is_absent(&self, sq: Square) -> bool {
        let cell = self.cells[sq.index()];
        cell & TOKEN_FLAG != 0 && cell & PIECE_BITS == 0 && {
            let stack = self.tokens[sq.index()];
            self.variant.token_rules[stack.kind as usize].movement == TokenMovement::Absent
        }
    }

    /// The next square of a line, wrapping from an absent edge token (WH5).
    #[inline]
    fn line_step(&self, sq: Square, dx: i32, dy: i32) -> Option<Square> {
        let g = self.variant.geometry();
        if let Some(next) = g.offset(sq, dx, dy) {
            return Some(next);
        }
        let rank = g.rank_of(sq) as i32 + dy;
        let file = g.file_of(sq);
        let on_edge = file == 0 || file == g.files - 1;
        let sideways = (0..g.ranks as i32).contains(&rank);
        if sideways && on_edge && self.is_absent(sq) && self.wraps(sq) {
            g.offset_wrapping(sq, dx, dy)
        } else {
            None
        }
    }

    /// The previous square of a line through `sq` (the step that reaches `sq`).
    #[inline]
    fn line_step_back(&self, sq: Square, dx: i32, dy: i32) -> Option<Square> {
        let g = self.variant.geometry();
        if let Some(prev) = g.offset(sq, -dx, -dy) {
            return Some(prev);
        }
        let rank = g.rank_of(sq) as i32 - dy;
        if !(0..g.ranks as i32).contains(&rank) {
            return None;
        }
        let prev = g.offset_wrapping(sq, -dx, -dy)?;
        let file = g.file_of(prev);
        let on_edge = file == 0 || file == g.files - 1;
        (on_edge && self.is_absent(prev) && self.wraps(prev) && self.line_step(prev, dx, dy) == Some(sq))
            .then_some(prev)
    }

    fn wraps(&self, sq: Square) -> bool {
        let stack = self.tokens[sq.index()];
        self.variant.token_rules[stack.kind as usize].wraps_edges
    }

    fn vector(&self, p: &CompiledPattern) -> (i32, i32) {
        let (dx, dy) = self.variant.dirs[p.dir as usize];
        (dx as i32, dy as i32)
    }

    /// Plain ray movement for exempt pieces; tokens under them are ordinary squares.
    fn walk_plain(&self, from: Square, kind: u8, p: &CompiledPattern, out: &mut MoveList) {
        let v = &*self.variant;
        let ray = v.ray(p.dir, from);
        let limit = if p.range == 0 { ray.len() } else { ray.len().min(p.range as usize) };
        for &to in &ray[..limit] {
            let code = self.cells[to.index()] & PIECE_BITS;
            if code == 0 {
                if p.mode.moves() {
                    out.push(Move::Normal { from, to, promotion: None });
                }
                continue;
            }
            if code_side(code) != self.side && p.mode.captures() && !v.is_royal(code_kind(code)) {
                self.push_promoting(from, to, kind, out);
            }
            break;
        }
    }

    /// WH3: the existing squares of the line.
    fn walk_skipping(&self, from: Square, kind: u8, p: &CompiledPattern, first: usize, out: &mut MoveList) {
        let (dx, dy) = self.vector(p);
        let limit = if p.range == 0 { usize::MAX } else { p.range as usize };
        let mut existing = 0;
        let mut previous = from;
        let mut at = from;
        while let Some(next) = self.line_step(at, dx, dy) {
            if next == from {
                break;
            }
            at = next;
            if self.is_absent(at) {
                continue;
            }
            existing += 1;
            if !self.land(from, at, kind, p, existing - 1, previous, first, out) {
                break;
            }
            previous = at;
            if existing >= limit {
                break;
            }
        }
    }

    /// WH4: one tunnel per move, then on along existing squares.
    fn walk_tunnel(&self, from: Square, kind: u8, p: &CompiledPattern, first: usize, out: &mut MoveList) {
        if p.range > 1 || p.en_passant == EpRole::Sets {
            return;
        }
        let (dx, dy) = self.vector(p);
        let Some(entry) = self.tunnel_entry(from, dx, dy, p.range == 0) else { return };
        let Some(exit) = self.next_absent(from, entry, dx, dy) else { return };
        let mut at = exit;
        let mut previous = from;
        let mut existing = 0;
        while let Some(next) = self.line_step(at, dx, dy) {
            if next == from {
                break;
            }
            at = next;
            if self.is_absent(at) {
                continue;
            }
            existing += 1;
            if !self.land(from, at, kind, p, existing - 1, previous, first, out) || p.range == 1 {
                break;
            }
            previous = at;
        }
    }

    /// The first absent square of the line, reached over empty existing squares (a slide)
    /// or as the line's very first square (a step or leap).
    fn tunnel_entry(&self, from: Square, dx: i32, dy: i32, slides: bool) -> Option<Square> {
        let mut at = from;
        loop {
            at = self.line_step(at, dx, dy)?;
            if at == from {
                return None;
            }
            if self.is_absent(at) {
                return Some(at);
            }
            if !slides || self.cells[at.index()] & PIECE_BITS != 0 {
                return None;
            }
        }
    }

    /// The next absent square after `entry`, leaping everything between.
    fn next_absent(&self, from: Square, entry: Square, dx: i32, dy: i32) -> Option<Square> {
        let mut at = entry;
        loop {
            at = self.line_step(at, dx, dy)?;
            if at == from || at == entry {
                return None;
            }
            if self.is_absent(at) {
                return Some(at);
            }
        }
    }

    /// Lands on an existing square; says whether a slide may go on.
    #[allow(clippy::too_many_arguments)]
    fn land(
        &self,
        from: Square,
        to: Square,
        kind: u8,
        p: &CompiledPattern,
        k: usize,
        previous: Square,
        first: usize,
        out: &mut MoveList,
    ) -> bool {
        let v = &*self.variant;
        let code = self.cells[to.index()] & PIECE_BITS;
        if k < p.skip as usize {
            return code == 0;
        }
        if code == 0 {
            if p.mode.moves() {
                if p.en_passant == EpRole::Sets {
                    if k > 0 {
                        let mv = if self.promotes(kind, to, false) {
                            None
                        } else {
                            Some(Move::DoubleStep { from, to, passed: previous })
                        };
                        match mv {
                            Some(double) => push_double_step(out, first, double),
                            None => self.push_promoting_unique(from, to, kind, first, out),
                        }
                    }
                } else {
                    self.push_promoting_unique(from, to, kind, first, out);
                }
            } else if p.en_passant == EpRole::Captures && self.ep.is_some_and(|ep| ep.square == to) {
                push_unique(out, first, Move::EnPassant { from, to });
            }
            return true;
        }
        if code_side(code) != self.side && p.mode.captures() && !v.is_royal(code_kind(code)) {
            self.push_promoting_unique(from, to, kind, first, out);
        }
        false
    }

    fn push_promoting(&self, from: Square, to: Square, kind: u8, out: &mut MoveList) {
        if self.promotes(kind, to, false) {
            let promo = self.variant.piece(kind).promotion.as_ref().expect("promotes() checked it");
            for &choice in &promo.choices {
                out.push(Move::Normal { from, to, promotion: Some(choice) });
            }
        } else {
            out.push(Move::Normal { from, to, promotion: None });
        }
    }

    fn push_promoting_unique(&self, from: Square, to: Square, kind: u8, first: usize, out: &mut MoveList) {
        if self.promotes(kind, to, false) {
            let promo = self.variant.piece(kind).promotion.as_ref().expect("promotes() checked it");
            for &choice in &promo.choices {
                push_unique(out, first, Move::Normal { from, to, promotion: Some(choice) });
            }
        } else {
            push_unique(out, first, Move::Normal { from, to, promotion: None });
        }
    }

    /// WH7: attacks follow the same movement as moves, walked back from the target.
    pub(crate) fn warped_attacked(&self, target: Square, by: Side, ignore: Square) -> bool {
        let v = &*self.variant;
        let royal = v.royal_mask;
        for &(dir, _) in &v.attack_dirs[by.index()] {
            let (ox, oy) = v.dirs[dir as usize];
            // The attacker moves along the reverse of the outward direction.
            let (dx, dy) = (-(ox as i32), -(oy as i32));
            let leap_mask = v.attack_mask(by, dir, 1);
            let slide_mask = v.attack_mask(by, dir, MAX_REACH);
            // Royal attackers move plainly.
            if let Some(&next) = v.ray(dir, target).first() {
                let code = self.cells[next.index()] & PIECE_BITS;
                if next != ignore
                    && code != 0
                    && code_side(code) == by
                    && royal & leap_mask & (1 << code_kind(code)) != 0
                {
                    return true;
                }
            }
            let leap_mask = leap_mask & !slide_mask & !royal;
            let slide_mask = slide_mask & !royal;
            if self.skip_path_attacked(target, by, ignore, dx, dy, leap_mask, slide_mask)
                || self.tunnel_attacked(target, by, ignore, dx, dy, leap_mask, slide_mask)
            {
                return true;
            }
        }
        false
    }

    /// An attacker reaching `target` along existing squares only.
    #[allow(clippy::too_many_arguments)]
    fn skip_path_attacked(
        &self,
        target: Square,
        by: Side,
        ignore: Square,
        dx: i32,
        dy: i32,
        leaps: u32,
        slides: u32,
    ) -> bool {
        let mut only_absent = true;
        let mut at = target;
        while let Some(prev) = self.line_step_back(at, dx, dy) {
            if prev == target {
                return false;
            }
            at = prev;
            if self.is_absent(at) {
                continue;
            }
            let code = self.cells[at.index()] & PIECE_BITS;
            if code == 0 || at == ignore {
                only_absent = false;
                if slides == 0 {
                    return false;
                }
                continue;
            }
            let bit = 1 << code_kind(code);
            return code_side(code) == by && (slides & bit != 0 || (only_absent && leaps & bit != 0));
        }
        false
    }

    /// An attacker reaching `target` through one tunnel.
    #[allow(clippy::too_many_arguments)]
    fn tunnel_attacked(
        &self,
        target: Square,
        by: Side,
        ignore: Square,
        dx: i32,
        dy: i32,
        leaps: u32,
        slides: u32,
    ) -> bool {
        if leaps == 0 && slides == 0 {
            return false;
        }
        // Walk back over the stretch after the exit: absent squares (exit candidates) and,
        // for slides, empty existing squares.
        let mut at = target;
        let mut only_absent = true;
        while let Some(prev) = self.line_step_back(at, dx, dy) {
            if prev == target {
                return false;
            }
            at = prev;
            if self.is_absent(at) {
                let leaps_ok = if only_absent { leaps } else { 0 };
                if (slides | leaps_ok) != 0
                    && self.tunnel_source_attacks(target, at, by, ignore, dx, dy, slides, leaps_ok)
                {
                    return true;
                }
                continue;
            }
            let empty = self.cells[at.index()] & PIECE_BITS == 0 || at == ignore;
            if !empty || slides == 0 {
                return false;
            }
            only_absent = false;
        }
        false
    }

    /// With `exit` as the tunnel's exit: finds the entry (the previous absent square) and the
    /// piece that could have entered it.
    #[allow(clippy::too_many_arguments)]
    fn tunnel_source_attacks(
        &self,
        target: Square,
        exit: Square,
        by: Side,
        ignore: Square,
        dx: i32,
        dy: i32,
        slides: u32,
        leaps: u32,
    ) -> bool {
        let mut at = exit;
        let entry = loop {
            match self.line_step_back(at, dx, dy) {
                None => return false,
                Some(prev) if prev == target || prev == exit => return false,
                Some(prev) if self.is_absent(prev) => break prev,
                Some(prev) => at = prev,
            }
        };
        let mut at = entry;
        let mut first = true;
        while let Some(prev) = self.line_step_back(at, dx, dy) {
            if prev == target || self.is_absent(prev) {
                return false;
            }
            at = prev;
            let code = self.cells[at.index()] & PIECE_BITS;
            if code == 0 || at == ignore {
                if slides == 0 {
                    return false;
                }
                first = false;
                continue;
            }
            let bit = 1 << code_kind(code);
            return code_side(code) == by && (slides & bit != 0 || (first && leaps & bit != 0));
        }
        false
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
