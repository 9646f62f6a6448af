//! The one model of what a token does to its square. Each token kind compiles into one
//! [`TokenEffects`] table of orthogonal effects: passage (open, blocks, impassable, absent),
//! entry and exit for each class of mover (royal or not), wrapping, dormancy, lifetime, and
//! what happens to an occupant. Move generation (plain and warped), attack detection,
//! legality, castling, the position notation and the computer's search all read a square
//! through [`Position::effect_at`] and the tables here, so a behaviour is defined once.
//!
//! Adding a behaviour: a field here, its compilation in [`TokenEffects::compile`], the
//! readers it changes, and its clause in the grammar.

use crate::geometry::Square;
use crate::position::{Position, EFFECT_FLAGS, PIECE_BITS};
use crate::spec::{Entry, Exit, Stacking, TokenMovement, TokenSpec};

/// What a token does to a moving piece of one class (royal or not).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SquareEffect {
    /// How lines pass over the square and whether pieces land on it.
    pub passage: TokenMovement,
    /// How a transit through the token starts.
    pub entry: Entry,
    /// Where a transit through the token ends.
    pub exit: Exit,
    /// A pawn ending its move on the token does not promote.
    pub blocks_promotion: bool,
}

impl SquareEffect {
    /// No effect at all: the square is ordinary for this mover.
    pub const NONE: SquareEffect =
        SquareEffect { passage: TokenMovement::Open, entry: Entry::None, exit: Exit::None, blocks_promotion: false };

    /// Whether lines stop at the square (before landing on it, unless entered).
    #[inline]
    #[must_use]
    pub fn stops_lines(&self) -> bool {
        matches!(self.passage, TokenMovement::Blocks | TokenMovement::Impassable)
    }

    /// Whether the token changes nothing for a piece landing on or passing over it.
    #[inline]
    #[must_use]
    pub fn is_ordinary(&self) -> bool {
        self.passage == TokenMovement::Open && self.entry == Entry::None
    }
}

/// Everything a token kind does, compiled once from its [`TokenSpec`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TokenEffects {
    /// The effect on a mover: `[non-royal, royal]`.
    pub movers: [SquareEffect; 2],
    /// The entered token moves to the square the mover came from.
    pub relocate_to_origin: bool,
    /// What a stack of two or more does.
    pub stacking: Stacking,
    /// No effect at all while a piece stands on the token.
    pub dormant_while_occupied: bool,
    /// Lines leaving the board sideways from the token go on at the opposite edge.
    pub wraps: bool,
    /// Plies the token lasts (counted from the ply after it appears).
    pub lifetime: Option<u16>,
    /// A piece (not royal) standing where the token appears is lost.
    pub removes_occupant: bool,
    /// A royal piece moving onto the token removes it.
    pub removed_by_royal: bool,
}

impl TokenEffects {
    /// Compiles a declared token kind.
    #[must_use]
    pub fn compile(t: &TokenSpec) -> TokenEffects {
        let full =
            SquareEffect { passage: t.movement, entry: t.entry, exit: t.exit, blocks_promotion: t.blocks_promotion };
        TokenEffects {
            movers: [full, if t.royal_exempt { SquareEffect::NONE } else { full }],
            relocate_to_origin: t.relocate_to_origin,
            stacking: t.stacking,
            dormant_while_occupied: t.inactive_while_occupied,
            wraps: t.wraps_edges,
            lifetime: t.lifetime,
            removes_occupant: t.removes_occupant,
            removed_by_royal: t.removed_by_royal,
        }
    }

    /// The effect on a mover of this class.
    #[inline]
    #[must_use]
    pub fn for_mover(&self, royal: bool) -> &SquareEffect {
        &self.movers[usize::from(royal)]
    }

    /// Whether the token makes its square absent (skipped) for non-royal movers.
    #[inline]
    #[must_use]
    pub fn is_absent(&self) -> bool {
        self.movers[0].passage == TokenMovement::Absent
    }
}

impl Position {
    /// What the token on `sq` does now to a mover of the given class; `None` when the square
    /// is ordinary for it (no token, or a token dormant under a piece).
    #[inline]
    #[must_use]
    pub fn effect_at(&self, sq: Square, royal: bool) -> Option<&SquareEffect> {
        let stack = self.board.tokens[sq.index()];
        if stack.count == 0 {
            return None;
        }
        let effects = self.variant.effects(stack.kind);
        if effects.dormant_while_occupied && self.board.cells[sq.index()] & PIECE_BITS != 0 {
            return None;
        }
        Some(effects.for_mover(royal))
    }

    /// Whether the stack on `sq` is dormant (a stack of two or more of a kind whose stacks
    /// sleep): it blocks as its kind does but is never entered or used as an exit.
    #[inline]
    pub(crate) fn is_dormant_stack(&self, sq: Square) -> bool {
        let stack = self.board.tokens[sq.index()];
        stack.count > 1 && self.variant.effects(stack.kind).stacking == Stacking::Dormant
    }

    /// Whether a token on `sq` is active (not dormant under a piece): castling may not pass
    /// or land there (PH12, PT3, WH6).
    #[inline]
    pub(crate) fn token_active(&self, sq: Square) -> bool {
        self.effect_at(sq, false).is_some()
    }

    /// A square that warped movement skips: an absent token with no piece on it.
    #[inline]
    pub(crate) fn is_absent_square(&self, sq: Square) -> bool {
        let stack = self.board.tokens[sq.index()];
        stack.count > 0
            && self.board.cells[sq.index()] & PIECE_BITS == 0
            && self.variant.effects(stack.kind).is_absent()
    }

    /// The piece kinds whose capture-move may end on `sq` with a piece standing there (a mask
    /// of piece kinds): all of them on an ordinary square or a token dormant under a piece; on
    /// a token, those it lets in, and for transit tokens only while another open token is an
    /// exit (PH9, SP5); on a linked square, all while a far end of the link is free, else none
    /// (`links.rs`).
    #[inline]
    pub(crate) fn capturers_allowed_on(&self, sq: Square) -> u32 {
        // The cell's flags say at once whether a token or a link lies there (one load).
        if self.board.cells[sq.index()] & EFFECT_FLAGS == 0 {
            return u32::MAX;
        }
        if self.board.tokens[sq.index()].count == 0 {
            return self.link_capturers(sq);
        }
        let royal = self.variant.royal_mask;
        let mut allowed = 0;
        if self.capturable_by(sq, false) {
            allowed |= !royal;
        }
        if self.capturable_by(sq, true) {
            allowed |= royal;
        }
        allowed
    }

    /// Whether a capture-move of a mover of this class can end on `sq`.
    fn capturable_by(&self, sq: Square, royal: bool) -> bool {
        let effects = self.variant.effects(self.board.tokens[sq.index()].kind);
        if effects.dormant_while_occupied {
            return true;
        }
        let effect = effects.for_mover(royal);
        match (effect.passage, effect.entry) {
            // Lines pass and pieces land: a plain capture, whatever a transit could do.
            (TokenMovement::Open, _) => true,
            (TokenMovement::Impassable, _) | (_, Entry::None) => false,
            _ => !self.is_dormant_stack(sq) && self.has_exit(sq, effect.exit, sq),
        }
    }

    /// Whether a transit entering `entry` has somewhere to go (`origin` excluded as an exit).
    #[inline]
    pub(crate) fn has_exit(&self, entry: Square, exit: Exit, origin: Square) -> bool {
        match self.exit_kind(entry, exit) {
            Some(kind) => {
                self.board.token_squares.iter().any(|sq| sq != entry && sq != origin && self.is_open_token(sq, kind))
            }
            None => true,
        }
    }

    /// The kind of open token a transit entering `entry` leaves by, if it leaves by one.
    #[inline]
    pub(crate) fn exit_kind(&self, entry: Square, exit: Exit) -> Option<u8> {
        match exit {
            Exit::AnotherOpen => Some(self.board.tokens[entry.index()].kind),
            Exit::OpenOf(kind) => Some(kind),
            Exit::None | Exit::Tunnel => None,
        }
    }
}

/// The combinations of effects the engine cannot play, each with the reason; `check` (and
/// [`crate::Variant::compile`]) refuses them at the token's declaration.
pub(crate) fn unsupported(tokens: &[TokenSpec]) -> Vec<(usize, String)> {
    let mut problems = Vec::new();
    for (i, t) in tokens.iter().enumerate() {
        let name = &t.name;
        let absent = t.movement == TokenMovement::Absent;
        let mut refuse = |reason: String| problems.push((i, reason));
        if absent && !t.royal_exempt {
            refuse(format!(
                "the {name} is absent for royal pieces too, which the engine does not support: write \
                 `absent for non-royal pieces` (royal pieces and their attacks step over it as an ordinary square)"
            ));
        }
        if absent && t.entry != Entry::None {
            refuse(format!("the {name} is absent (skipped by every path), so it cannot be entered"));
        }
        if t.exit == Exit::Tunnel && !absent {
            refuse(format!("the {name} tunnels, but tunnels lead between absent squares: declare it `absent`"));
        }
        if t.wraps_edges && !absent {
            refuse(format!("the {name} wraps the board edges, but only absent squares act as edge gateways"));
        }
        if t.entry != Entry::None && t.exit == Exit::None {
            refuse(format!("the {name} can be entered but has no exit: add `exit through another open {name}`"));
        }
        if let Exit::OpenOf(kind) = t.exit {
            if kind as usize >= tokens.len() {
                refuse(format!("the {name} exits at a kind of token the variant does not declare"));
            }
        }
        if t.movement == TokenMovement::Impassable && t.entry != Entry::None {
            refuse(format!("the {name} is impassable (nothing lands on it), so it cannot be entered"));
        }
        if t.lifetime.is_some() && t.relocate_to_origin {
            refuse(format!(
                "the {name} moves to the mover's origin and also has a lifetime: a moved token's timer is not kept"
            ));
        }
    }
    let absent: Vec<usize> = (0..tokens.len()).filter(|&i| tokens[i].movement == TokenMovement::Absent).collect();
    if let [_, second, ..] = absent[..] {
        problems.push((
            second,
            format!(
                "only one kind of token may be absent (tunnels and skips do not tell kinds apart); the {} already is",
                tokens[absent[0]].name
            ),
        ));
    }
    problems
}
