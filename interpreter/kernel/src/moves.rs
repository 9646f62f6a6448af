//! Moves and move lists. A [`Move`] is everything a player can do on one ply; a
//! [`MoveList`] holds a position's moves in a fixed array, so generation never allocates.

use crate::geometry::Square;
use crate::spec::PieceId;

/// One action of a player.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Move {
    /// A step, slide or leap, capturing whatever enemy stands on `to`.
    Normal { from: Square, to: Square, promotion: Option<PieceId> },
    /// A multi-square pawn step that leaves `passed` as the en-passant square.
    DoubleStep { from: Square, to: Square, passed: Square },
    /// A capture of the pawn that just double-stepped, landing on the en-passant square.
    EnPassant { from: Square, to: Square },
    /// Castling, Chess960-style: the king and rook go to their declared files.
    Castle { king: Square, rook: Square },
    /// Entering a token on `entry` (capturing an enemy there) and leaving by `exit`.
    Transit { from: Square, entry: Square, exit: Square, promotion: Option<PieceId> },
    /// Declaring intent to teleport (nothing moves).
    Intent,
    /// Taking a piece from a linked square to its link.
    Teleport { from: Square, to: Square },
    /// A lost turn.
    Pass,
    /// A special move supplied by the variant (see [`crate::special`]): an id into the
    /// variant's table of special moves, which holds its notation and effects.
    Special { id: u32 },
}

impl Move {
    /// The square the moving piece starts from, if a piece moves.
    pub fn from(self) -> Option<Square> {
        match self {
            Move::Normal { from, .. }
            | Move::DoubleStep { from, .. }
            | Move::EnPassant { from, .. }
            | Move::Transit { from, .. }
            | Move::Teleport { from, .. } => Some(from),
            Move::Castle { king, .. } => Some(king),
            Move::Intent | Move::Pass | Move::Special { .. } => None,
        }
    }

    /// The square the moving piece ends on (for castling: the rook's square as given).
    pub fn to(self) -> Option<Square> {
        match self {
            Move::Normal { to, .. }
            | Move::DoubleStep { to, .. }
            | Move::EnPassant { to, .. }
            | Move::Teleport { to, .. } => Some(to),
            Move::Transit { exit, .. } => Some(exit),
            Move::Castle { rook, .. } => Some(rook),
            Move::Intent | Move::Pass | Move::Special { .. } => None,
        }
    }

    pub fn promotion(self) -> Option<PieceId> {
        match self {
            Move::Normal { promotion, .. } | Move::Transit { promotion, .. } => promotion,
            _ => None,
        }
    }
}

/// Upper bound on the moves of one position (transits multiply moves by the exits).
pub const MAX_MOVES: usize = 2048;

/// A position's moves, held inline.
pub struct MoveList {
    len: usize,
    moves: [Move; MAX_MOVES],
}

impl Default for MoveList {
    fn default() -> Self {
        MoveList::new()
    }
}

impl MoveList {
    pub fn new() -> MoveList {
        MoveList { len: 0, moves: [Move::Pass; MAX_MOVES] }
    }

    #[inline]
    pub fn clear(&mut self) {
        self.len = 0;
    }

    /// Adds a move; moves beyond [`MAX_MOVES`] are dropped (no position reaches it).
    #[inline]
    pub fn push(&mut self, mv: Move) {
        if self.len < MAX_MOVES {
            self.moves[self.len] = mv;
            self.len += 1;
        }
    }

    #[inline]
    pub fn len(&self) -> usize {
        self.len
    }

    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    pub fn truncate(&mut self, len: usize) {
        self.len = self.len.min(len);
    }

    pub fn swap_remove(&mut self, index: usize) -> Move {
        let mv = self.moves[index];
        self.len -= 1;
        self.moves[index] = self.moves[self.len];
        mv
    }

    #[inline]
    pub fn as_slice(&self) -> &[Move] {
        &self.moves[..self.len]
    }

    pub fn as_mut_slice(&mut self) -> &mut [Move] {
        &mut self.moves[..self.len]
    }

    pub fn iter(&self) -> std::slice::Iter<'_, Move> {
        self.as_slice().iter()
    }

    pub fn contains(&self, mv: &Move) -> bool {
        self.as_slice().contains(mv)
    }
}

impl<'a> IntoIterator for &'a MoveList {
    type Item = &'a Move;
    type IntoIter = std::slice::Iter<'a, Move>;
    fn into_iter(self) -> Self::IntoIter {
        self.iter()
    }
}
