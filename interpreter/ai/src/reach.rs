//! A piece's reach on the current board: the squares its unconditional patterns step,
//! slide or leap to along the kernel's rays, lines stopping at the first piece and reading
//! tokens through the kernel's effect model (blocking tokens stop, absent squares are skipped). It is an
//! estimate of movement for the evaluation (no legality, no transits, no conditional
//! patterns), cheap enough to run for every piece at every leaf.

use holechess_kernel::spec::{Entry, TokenMovement};
use holechess_kernel::{Position, Side, Square};

use crate::tables::{Role, VariantTables};

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
