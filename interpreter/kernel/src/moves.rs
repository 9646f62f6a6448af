//! Moves and move lists. A [`Move`] is everything a player can do on one ply; a
//! [`MoveList`] holds a position's moves in room taken once, so generation into a reused list
//! does not allocate (a list grows rather than drop a move).

use crate::geometry::Square;
use crate::spec::PieceId;

/// One action of a player.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Move {
    /// A step, slide or leap, capturing whatever enemy stands on `to`.
    Normal {
        /// Where the piece starts.
        from: Square,
        /// Where it ends.
        to: Square,
        /// The piece a pawn becomes, if it promotes.
        promotion: Option<PieceId>,
    },
    /// A multi-square pawn step that leaves `passed` as the en-passant square.
    DoubleStep {
        /// Where the pawn starts.
        from: Square,
        /// Where it ends.
        to: Square,
        /// The square it passed (the en-passant square).
        passed: Square,
    },
    /// A capture of the pawn that just double-stepped, landing on the en-passant square.
    EnPassant {
        /// Where the capturing pawn starts.
        from: Square,
        /// The en-passant square it lands on.
        to: Square,
    },
    /// Castling, Chess960-style: the king and rook go to their declared files.
    Castle {
        /// The king's square.
        king: Square,
        /// The square of the rook it castles with.
        rook: Square,
    },
    /// Entering a token on `entry` (capturing an enemy there) and leaving by `exit`.
    Transit {
        /// Where the piece starts.
        from: Square,
        /// The token square it enters.
        entry: Square,
        /// The token square it leaves by and ends on.
        exit: Square,
        /// The piece a pawn becomes, if it promotes.
        promotion: Option<PieceId>,
    },
    /// Declaring intent to teleport (nothing moves).
    Intent,
    /// Taking a piece from a linked square to its link.
    Teleport {
        /// The linked square the piece leaves.
        from: Square,
        /// Its link, where the piece lands.
        to: Square,
    },
    /// A lost turn.
    Pass,
    /// A piece of the mover's hand put on an empty square (no origin square).
    Drop {
        /// The kind of piece dropped.
        piece: PieceId,
        /// The square it is put on.
        to: Square,
    },
    /// A special move supplied by the variant (see [`crate::special`]): an id into the
    /// variant's table of special moves, which holds its notation and effects.
    Special {
        /// The move's index in the variant's table of special moves.
        id: u32,
    },
}

impl Move {
    /// The square the moving piece starts from, if a piece moves.
    #[must_use]
    pub fn from(self) -> Option<Square> {
        match self {
            Move::Normal { from, .. }
            | Move::DoubleStep { from, .. }
            | Move::EnPassant { from, .. }
            | Move::Transit { from, .. }
            | Move::Teleport { from, .. } => Some(from),
            Move::Castle { king, .. } => Some(king),
            Move::Intent | Move::Pass | Move::Special { .. } | Move::Drop { .. } => None,
        }
    }

    /// The square the moving piece ends on (for castling: the rook's square as given).
    #[must_use]
    pub fn to(self) -> Option<Square> {
        match self {
            Move::Normal { to, .. }
            | Move::DoubleStep { to, .. }
            | Move::EnPassant { to, .. }
            | Move::Teleport { to, .. }
            | Move::Drop { to, .. } => Some(to),
            Move::Transit { exit, .. } => Some(exit),
            Move::Castle { rook, .. } => Some(rook),
            Move::Intent | Move::Pass | Move::Special { .. } => None,
        }
    }

    /// The piece a promoting pawn becomes, if the move promotes.
    #[must_use]
    pub fn promotion(self) -> Option<PieceId> {
        match self {
            Move::Normal { promotion, .. } | Move::Transit { promotion, .. } => promotion,
            _ => None,
        }
    }
}

/// The moves a list holds without growing. No position is cut at it: a list that needs
/// more grows (once; generation then reuses the room), so every legal move is kept.
pub const MAX_MOVES: usize = 2048;

/// A position's moves. The room for [`MAX_MOVES`] moves is taken once when the list is made;
/// generation into a reused list does not allocate unless a position has more moves.
pub struct MoveList {
    moves: Vec<Move>,
}

impl Default for MoveList {
    fn default() -> Self {
        MoveList::new()
    }
}

impl MoveList {
    /// An empty list with room for a position's moves.
    #[must_use]
    pub fn new() -> MoveList {
        MoveList { moves: Vec::with_capacity(MAX_MOVES) }
    }

    /// Empties the list (its room is kept).
    #[inline]
    pub fn clear(&mut self) {
        self.moves.clear();
    }

    /// Adds a move (the list grows past [`MAX_MOVES`] if it must).
    #[inline]
    pub fn push(&mut self, mv: Move) {
        self.moves.push(mv);
    }

    /// How many moves the list holds.
    #[inline]
    #[must_use]
    pub fn len(&self) -> usize {
        self.moves.len()
    }

    /// Whether the list holds no move.
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.moves.is_empty()
    }

    /// Keeps the moves for which `keep` holds, in order.
    pub fn retain(&mut self, keep: impl FnMut(&Move) -> bool) {
        self.moves.retain(keep);
    }

    /// Keeps the first `len` moves.
    pub fn truncate(&mut self, len: usize) {
        self.moves.truncate(len);
    }

    /// Keeps the first of equal moves (K6: two ways to one move are one move), in order.
    pub fn dedup_moves(&mut self) {
        let mut kept = 0;
        for i in 0..self.moves.len() {
            let mv = self.moves[i];
            if !self.moves[..kept].contains(&mv) {
                self.moves[kept] = mv;
                kept += 1;
            }
        }
        self.moves.truncate(kept);
    }

    /// Takes out the move at `index`, the last one taking its place.
    #[inline]
    pub fn swap_remove(&mut self, index: usize) -> Move {
        self.moves.swap_remove(index)
    }

    /// The moves.
    #[inline]
    #[must_use]
    pub fn as_slice(&self) -> &[Move] {
        &self.moves
    }

    /// The moves, to reorder.
    pub fn as_mut_slice(&mut self) -> &mut [Move] {
        &mut self.moves
    }

    /// The moves, in order.
    pub fn iter(&self) -> std::slice::Iter<'_, Move> {
        self.as_slice().iter()
    }

    /// Whether the list holds `mv`.
    #[must_use]
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
