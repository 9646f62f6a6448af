//! What one square of the board holds, as plain values: a piece of a side, a stack of tokens,
//! and the byte a position's cells pack them in (the piece's side and kind, a token flag, a
//! link flag).

use crate::geometry::Side;
use crate::spec::{PieceId, TokenId};

/// A cell's piece part: `side << 5 | (kind + 1)`; 0 is empty.
pub(crate) const PIECE_BITS: u8 = 0x3F;
/// Set on a cell where a token lies.
pub(crate) const TOKEN_FLAG: u8 = 0x80;
/// Set, for good, on a cell a link within the board leaves from (see `links.rs`).
pub(crate) const LINK_FLAG: u8 = 0x40;
/// A cell that is not plainly empty or plainly occupied: a token or a link acts there.
pub(crate) const EFFECT_FLAGS: u8 = TOKEN_FLAG | LINK_FLAG;

#[inline]
pub(crate) const fn piece_code(side: Side, piece: PieceId) -> u8 {
    ((side as u8) << 5) | (piece + 1)
}

#[inline]
pub(crate) const fn code_side(code: u8) -> Side {
    if code & 0x20 == 0 {
        Side::White
    } else {
        Side::Black
    }
}

#[inline]
pub(crate) const fn code_kind(code: u8) -> PieceId {
    (code & 31) - 1
}

/// A piece of one side.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Piece {
    /// Whose piece it is.
    pub side: Side,
    /// Which kind of piece (an index into the variant's pieces).
    pub kind: PieceId,
}

/// The tokens on one square: a stack of `count` tokens of one kind, with the plies left
/// before it disappears (0 = no timer).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub struct TokenStack {
    /// Which kind of token (an index into the variant's tokens).
    pub kind: TokenId,
    /// How many tokens lie on the square (1..255).
    pub count: u8,
    /// Plies the stack still lasts (0: for good).
    pub timer: u16,
}
