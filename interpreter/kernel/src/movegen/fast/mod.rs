//! The bit-board back-ends of move generation for variants that fit one 64-bit board: bit
//! boards, magic sliding attacks and legal generation with a check mask and pins. Which
//! back-end plays a position is one exhaustive match over the variant's compiled features
//! (`features.rs`) and the position's tokens in force (`backend.rs`); everything the bit
//! boards do not claim is table walking, the general path. Tokens on the board: the legal
//! move list takes the bit boards only without them; the notation's candidates in validation
//! and perft also play blocking and transit tokens (`tokens.rs`, `transits.rs`; blocking ones
//! with a lifetime too, perft running their timers down in `timed_perft.rs`) and
//! absent squares with tunnels and edge gateways (`warp.rs`, `warp_moves.rs`, perft only). It produces the same [`crate::Move`] values as the general path (the tests
//! compare both), so nothing outside the kernel can tell which one ran.

pub(crate) mod backend;
mod board;
mod cylinder;
pub(crate) mod eligible;
pub(crate) mod features;
mod hoppers;
mod legal;
mod links;
mod origins;
pub(crate) mod pawn_sets;
mod perft;
mod promotion_masks;
mod royals;
pub(crate) mod rules;
mod sliders;
mod timed_perft;
mod tokens;
mod transits;
mod warp;
mod warp_leaps;
mod warp_moves;
mod warp_pawns;
mod warp_rays;
pub(crate) mod word;

pub(crate) use backend::{Backend, Purpose};
pub(crate) use board::Board64;
pub(crate) use board::FastMove;
pub(crate) use legal::Counter;
pub(crate) use rules::FastRules;

use crate::moves::{Move, MoveList};
use crate::position::Position;

impl Position {
    /// The bit-board tables when the back-end choice gives this position's legal move list
    /// to the bit boards.
    #[inline]
    pub(crate) fn fast_rules(&self) -> Option<&FastRules> {
        match self.backend(Purpose::Moves) {
            Backend::BitBoards => self.variant.fast.as_deref(),
            Backend::BitBoardsWithWarps
            | Backend::BitBoardsWithTimers
            | Backend::WideBitBoards
            | Backend::TableWalking => None,
        }
    }

    /// The board of the fast path for this position, if it qualifies.
    #[inline]
    pub(crate) fn fast_board(&self) -> Option<Board64<'_>> {
        Board64::from_position(self, self.fast_rules()?)
    }

    /// The bit board the notation's candidates are generated on, tokens on the board
    /// included, when the back-end choice gives them to the bit boards.
    #[inline]
    pub(crate) fn fast_board_with_tokens(&self) -> Option<Board64<'_>> {
        self.board_for(Purpose::Candidates)
    }

    /// The bit board of `purpose` when the back-end choice says plain bit boards.
    #[inline]
    fn board_for(&self, purpose: Purpose) -> Option<Board64<'_>> {
        match self.backend(purpose) {
            Backend::BitBoards => Board64::from_position(self, self.variant.fast.as_deref()?),
            Backend::BitBoardsWithWarps
            | Backend::BitBoardsWithTimers
            | Backend::WideBitBoards
            | Backend::TableWalking => None,
        }
    }

    /// The board of the fast path with absent tokens on it (WH3-WH7), when the back-end
    /// choice says bit boards with warps.
    pub(crate) fn warp_board(&self) -> Option<(Board64<'_>, &warp::WarpRules)> {
        match self.backend(Purpose::Perft) {
            Backend::BitBoardsWithWarps => {}
            Backend::BitBoards | Backend::BitBoardsWithTimers | Backend::WideBitBoards | Backend::TableWalking => {
                return None
            }
        }
        let rules = self.variant.fast.as_deref()?;
        let w = rules.warp.as_ref()?;
        let mut board = Board64::from_position(self, rules)?;
        board.tokens.all = self.board.token_squares.first_word();
        Some((board, w))
    }

    /// Perft through the fast path, when the position qualifies.
    pub(crate) fn fast_perft(&self, depth: u32) -> Option<u64> {
        if let Some(nodes) = self.wide_perft(depth) {
            return Some(nodes);
        }
        if let Some((board, w)) = self.warp_board() {
            return Some(warp_moves::warp_perft(&board, w, depth));
        }
        if let Some(nodes) = self.timed_perft(depth) {
            return Some(nodes);
        }
        Some(crate::movegen::copy_make_perft::perft(&self.perft_board()?, depth))
    }

    /// The board perft plays on the plain bit boards (tokens with lifetimes: `timed_perft.rs`).
    fn perft_board(&self) -> Option<Board64<'_>> {
        self.board_for(Purpose::Perft)
    }

    /// Whether the fast path serves this position's perft (for tests and benchmarks).
    #[cfg_attr(not(feature = "testing"), allow(dead_code))]
    pub(crate) fn uses_fast_path(&self) -> bool {
        self.perft_board().is_some()
            || self.warp_board().is_some()
            || self.uses_wide_path()
            || self.timed_board().is_some()
    }

    /// Whether the fast path generates this position's moves for the notation (tokens with
    /// lifetimes included), for tests.
    #[cfg_attr(not(feature = "testing"), allow(dead_code))]
    pub(crate) fn generates_on_fast_path(&self) -> bool {
        self.fast_board_with_tokens().is_some()
    }

    /// The legal moves as the fast path finds them, in its own order (for tests comparing
    /// the two paths); `None` when the position does not qualify.
    #[cfg_attr(not(feature = "testing"), allow(dead_code))]
    pub(crate) fn fast_legal_moves(&self) -> Option<Vec<Move>> {
        if let Some((board, w)) = self.warp_board() {
            let mut moves = Vec::with_capacity(256);
            board.warp_generate(w, &w.lines(board.tokens.all), &mut moves);
            return Some(moves.into_iter().map(board::FastMove::to_move).collect());
        }
        // Links are played on the bit boards in perft only: their moves are compared there.
        let board = self.fast_board_with_tokens().or_else(|| self.perft_board())?;
        let mut moves = Vec::with_capacity(256);
        board.generate(&mut moves);
        Some(moves.into_iter().map(board::FastMove::to_move).collect())
    }

    /// The legal moves as the general path finds them (for tests comparing the two paths).
    #[cfg_attr(not(feature = "testing"), allow(dead_code))]
    pub(crate) fn general_legal_moves(&self) -> MoveList {
        let mut list = MoveList::new();
        self.clone().generate_legal_general(&mut list);
        list
    }
}
