//! A piece's reach on the current board: the squares its unconditional patterns step,
//! slide, leap or hop to along the kernel's rays, lines stopping at the first piece and reading
//! tokens through the kernel's effect model (blocking tokens stop, absent squares are skipped).
//! A hop (the kernel's `hops`) reaches only the square right behind the first piece on its
//! line, as the kernel moves it, never the empty squares before that piece. It is an
//! estimate of movement for the evaluation (no legality, no transits, no conditional
//! patterns), cheap enough to run for every piece at every leaf.

use holechess_kernel::spec::{Entry, TokenMovement};
use holechess_kernel::{Position, Side, Square};

use crate::tables::{Role, VariantTables, Walk};

/// What a line reaches on a square.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Target {
    /// An empty square the piece may move to.
    Empty,
    /// An enemy piece it could capture (royal pieces included: that is an attack).
    Enemy(u8),
    /// A piece of its own side, which it defends.
    Friend,
    /// An empty token it could enter.
    Gate,
}

impl Target {
    /// Whether the square counts as controlled by the piece.
    pub(crate) fn controls(self) -> bool {
        !matches!(self, Target::Gate)
    }
}

/// Calls `visit` for every square the piece of `side` and `kind` on `from` reaches.
#[inline]
pub(crate) fn walk_reach(
    tables: &VariantTables,
    pos: &Position,
    from: Square,
    side: Side,
    kind: u8,
    mut visit: impl FnMut(Square, Target),
) {
    let royal = tables.kinds[kind as usize].role == Role::Royal;
    for walk in tables.walks(side, kind) {
        let ray = tables.ray(walk.dir, from);
        if walk.hop {
            hop_reach(pos, ray, side, walk, royal, &mut visit);
            continue;
        }
        let mut steps = 0;
        for &to in ray {
            if steps == walk.limit {
                break;
            }
            let piece = pos.piece_at(to);
            if piece.is_none() {
                if let Some(effect) = pos.effect_at(to, royal) {
                    if effect.passage == TokenMovement::Absent {
                        continue;
                    }
                    if effect.entry != Entry::None && walk.moves {
                        visit(to, Target::Gate);
                    }
                    if effect.stops_lines() {
                        break;
                    }
                }
            }
            steps += 1;
            match piece {
                None => {
                    if walk.moves {
                        visit(to, Target::Empty);
                    }
                }
                Some(p) => {
                    if walk.captures {
                        visit(to, if p.side == side { Target::Friend } else { Target::Enemy(p.kind) });
                    }
                    break;
                }
            }
        }
    }
}

/// The landing of a hop along `ray`: over squares a line passes (no piece, no token that
/// stops lines) to the first piece, the hurdle, then the square right behind it.
#[inline]
fn hop_reach(
    pos: &Position,
    ray: &[Square],
    side: Side,
    walk: &Walk,
    royal: bool,
    visit: &mut impl FnMut(Square, Target),
) {
    let ends_run = |sq: Square| pos.piece_at(sq).is_some() || pos.effect_at(sq, royal).is_some_and(|e| e.stops_lines());
    let Some(hurdle) = ray.iter().position(|&sq| ends_run(sq)) else { return };
    if pos.piece_at(ray[hurdle]).is_none() {
        return;
    }
    let Some(&to) = ray.get(hurdle + 1) else { return };
    match pos.piece_at(to) {
        Some(p) if walk.captures => visit(to, if p.side == side { Target::Friend } else { Target::Enemy(p.kind) }),
        Some(_) => {}
        None => match pos.effect_at(to, royal) {
            None if walk.moves => visit(to, Target::Empty),
            Some(effect) if walk.moves && effect.entry != Entry::None => visit(to, Target::Gate),
            Some(effect) if walk.moves && effect.passage != TokenMovement::Absent && !effect.stops_lines() => {
                visit(to, Target::Empty)
            }
            _ => {}
        },
    }
}

#[cfg(test)]
mod tests {
    use std::sync::Arc;

    use holechess_kernel::spec::{Pattern, PatternMode};
    use holechess_kernel::{Position, Side, Variant};

    use super::*;

    /// Orthodox chess with the knight replaced by a grasshopper (`hops` along the eight
    /// queen lines), built as a spec.
    fn grasshopper_chess() -> Arc<Variant> {
        let mut spec = holechess_testkit::orthodox_spec();
        let hopper = &mut spec.pieces[1];
        hopper.name = "grasshopper".into();
        hopper.letter = 'G';
        hopper.value = 200;
        hopper.patterns = [(1, 0), (-1, 0), (0, 1), (0, -1), (1, 1), (1, -1), (-1, 1), (-1, -1)]
            .map(|(dx, dy)| Pattern { hop: true, ..Pattern::new(dx, dy, 0, PatternMode::MoveOrCapture) })
            .to_vec();
        spec.setup.fen = "4k3/8/8/8/8/8/8/4K3 w - - 0 1".into();
        Arc::new(Variant::compile(spec).expect("the grasshopper spec compiles"))
    }

    #[test]
    fn a_hop_reaches_only_the_squares_behind_its_hurdles_as_the_kernel_moves_it() {
        let variant = grasshopper_chess();
        let tables = VariantTables::new(&variant);
        // The grasshopper on d2: over the pawn d4 to d5, over the pawn b2 onto the rook a2;
        // its other lines have no hurdle (or no square behind the king on e1).
        let pos = Position::from_fen(&variant, "4k3/8/8/8/3p4/8/rP1G4/4K3 w - - 0 1").unwrap();
        let from = pos.geometry().parse_square("d2", 0).unwrap();
        let mut reached = Vec::new();
        walk_reach(&tables, &pos, from, Side::White, 1, |to, target| reached.push((to, target)));
        reached.sort_by_key(|(sq, _)| sq.index());
        let name = |sq: Square| pos.geometry().name(sq);
        let shown: Vec<(String, Target)> = reached.iter().map(|&(sq, t)| (name(sq), t)).collect();
        assert_eq!(shown, [("a2".to_string(), Target::Enemy(3)), ("d5".to_string(), Target::Empty)]);
        let mut kernel: Vec<String> =
            pos.legal_moves().iter().filter(|m| m.from() == Some(from)).filter_map(|m| m.to().map(name)).collect();
        kernel.sort();
        assert_eq!(kernel, ["a2", "d5"], "the kernel's own moves of the grasshopper");
    }
}
