//! The declaration of hands and drops, as a variant's spec gives it ([`HandSpec`]): a plain
//! value that knows no position, so the spec does not depend on the position's modules.

use crate::spec::{PieceId, SquareRef};

/// Hands and drops, as a variant declares them.
#[derive(Clone, Debug, PartialEq, Eq, Default)]
pub struct HandSpec {
    /// Pieces in hand may be dropped onto empty squares (the position has hands).
    pub drops: bool,
    /// A captured piece goes to the capturer's hand, changing side.
    pub captures_to_hand: bool,
    /// A captured promoted piece goes to the hand as the kind it promoted from (crazyhouse);
    /// otherwise as the kind it is (loop chess).
    pub demote_promoted: bool,
    /// Kinds that may be dropped only on some ranks: the kind and a mask of ranks counted
    /// from the dropping side (bit 0: its first rank). Kinds not listed drop on every rank.
    pub drop_ranks: Vec<(PieceId, u32)>,
    /// Kinds that may not be dropped on a file where a piece of the kind of the dropping
    /// side stands (shogi's pawns).
    pub one_per_file: Vec<PieceId>,
    /// Kinds that must be dropped first: while a side holds one, it drops only those kinds,
    /// and moves no piece while such a drop is legal (all kinds: Placement; the king: Koedem).
    pub must_drop: Vec<PieceId>,
    /// Kinds whose pieces of a side must stand on squares of both colours (the bishops):
    /// drops that make that impossible are refused.
    pub opposite_colours: Vec<PieceId>,
    /// A king and rooks dropped on their castling squares gain castling rights.
    pub castling_drops: bool,
    /// Kinds never dropped on a file where the dropping side has this many pieces of the
    /// kind (tori shogi's swallows: 2).
    pub file_limits: Vec<(PieceId, u8)>,
    /// A piece whose promotion flips may also be dropped as its promoted kind (Kyoto shogi).
    pub drop_promoted: bool,
    /// Reversi's drops: the lines of enemy pieces they must close and turn over.
    pub enclosing: EnclosingSpec,
    /// A drop takes nothing from the hand (Ataxx's clones).
    pub unlimited: bool,
}

/// Drops that enclose (Reversi): a line is a run of enemy pieces next to the landing square,
/// in one of the eight directions, ended by a piece of the dropping side.
#[derive(Clone, Debug, PartialEq, Eq, Default)]
pub struct EnclosingSpec {
    /// A drop must close at least one line.
    pub must_close: bool,
    /// The enemy pieces of every line a drop closes change side.
    pub flips_lines: bool,
    /// While one of these squares is empty, drops land only there and need close nothing.
    pub first_squares: Vec<SquareRef>,
    /// A drop lands only next to a piece of the dropping side (Ataxx).
    pub next_to_own: bool,
    /// After every move and drop, the enemy pieces around the landing square change side.
    pub landing_flips: bool,
}

impl EnclosingSpec {
    /// Whether any enclosing rule is in force.
    #[must_use]
    pub fn in_force(&self) -> bool {
        self.must_close || self.flips_lines || !self.first_squares.is_empty() || self.next_to_own || self.landing_flips
    }
}

impl HandSpec {
    /// Whether hands play any part: pieces are dropped or captured pieces are kept.
    #[must_use]
    pub fn in_play(&self) -> bool {
        self.drops || self.captures_to_hand
    }
}
