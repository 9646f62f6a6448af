//! The fast path of move generation for variants that fit one 64-bit board: bit boards,
//! magic sliding attacks and legal generation with a check mask and pins. It is chosen by one
//! whitelist ([`eligible::fast_rules`]) when a variant is compiled, and again per position
//! (no tokens on the board, no special moves, one royal piece to move); everything else takes
//! the general path. It produces the same [`crate::Move`] values as the general path (the
//! tests compare both), so nothing outside the kernel can tell which one ran.

mod board;
pub(crate) mod eligible;
mod legal;
mod perft;
pub(crate) mod rules;
mod sliders;
mod tokens;
mod transits;

pub(crate) use board::Board64;
pub(crate) use rules::FastRules;

use crate::moves::{Move, MoveList};
use crate::position::Position;

impl Position {
    /// The fast tables when this position may use them: the variant qualified, no token lies
    /// on the board and no special moves are installed.
    #[inline]
    pub(crate) fn fast_rules(&self) -> Option<&FastRules> {
        let rules = self.variant.fast.as_deref()?;
        (self.token_squares.is_empty() && self.variant.special_table().is_none()).then_some(rules)
    }

    /// The board of the fast path for this position, if it qualifies.
    #[inline]
    pub(crate) fn fast_board(&self) -> Option<Board64<'_>> {
        Board64::from_position(self, self.fast_rules()?)
    }

    /// The board of the fast path, tokens on the board included when the variant's token
    /// kind is on the whitelist ([`tokens::TokenRules`]): what perft plays, whatever the
    /// order of the moves.
    #[inline]
    pub(crate) fn fast_board_with_tokens(&self) -> Option<Board64<'_>> {
        let rules = self.variant.fast.as_deref()?;
        let tokens_ok = self.token_squares.is_empty() || rules.token.is_some();
        if !tokens_ok || self.variant.special_table().is_some() {
            return None;
        }
        Board64::from_position(self, rules)
    }

    /// Perft through the fast path, when the position qualifies.
    pub(crate) fn fast_perft(&self, depth: u32) -> Option<u64> {
        Some(perft::perft(&self.fast_board_with_tokens()?, depth))
    }

    /// Whether the fast path serves this position's perft (for tests and benchmarks).
    #[doc(hidden)]
    pub fn uses_fast_path(&self) -> bool {
        self.fast_board_with_tokens().is_some()
    }

    /// The legal moves as the fast path finds them, in its own order (for tests comparing
    /// the two paths); `None` when the position does not qualify.
    #[doc(hidden)]
    pub fn fast_legal_moves(&self) -> Option<Vec<Move>> {
        let board = self.fast_board_with_tokens()?;
        let mut moves = Vec::with_capacity(256);
        board.generate(&mut moves);
        Some(moves.into_iter().map(board::FastMove::to_move).collect())
    }

    /// The legal moves as the general path finds them (for tests comparing the two paths).
    #[doc(hidden)]
    pub fn general_legal_moves(&self) -> MoveList {
        let mut list = MoveList::new();
        self.clone().generate_legal_general(&mut list);
        list
    }
}
