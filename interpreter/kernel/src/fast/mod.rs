//! The fast path of move generation for variants that fit one 64-bit board: bit boards,
//! magic sliding attacks and legal generation with a check mask and pins. It is chosen by one
//! whitelist ([`eligible::fast_rules`]) when a variant is compiled, and again per position
//! (no special moves, one royal piece to move); everything else takes the general path.
//! Tokens on the board: move generation (`fast_board`) takes the fast path only without them;
//! the notation's candidates in validation and perft also read the token kinds the whitelist
//! reads from the effect model: blocking and transit tokens (`tokens.rs`, `transits.rs`;
//! blocking ones with a lifetime for the candidates only, as perft would have to run their
//! timers) and absent squares with tunnels and edge gateways (`warp.rs`, `warp_moves.rs`,
//! perft only). It produces the same [`crate::Move`] values as the general path (the tests
//! compare both), so nothing outside the kernel can tell which one ran.

mod board;
mod cylinder;
pub(crate) mod eligible;
mod hoppers;
mod legal;
mod origins;
mod perft;
pub(crate) mod rules;
mod sliders;
mod tokens;
mod transits;
mod warp;
mod warp_moves;
mod warp_pawns;

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

    /// The board of the fast path with absent tokens on it (WH3-WH7), when the variant's
    /// token kind is on the whitelist ([`warp::WarpRules`]) and no piece stands on a token.
    pub(crate) fn warp_board(&self) -> Option<(Board64<'_>, &warp::WarpRules)> {
        let rules = self.variant.fast.as_deref()?;
        let w = rules.warp.as_ref()?;
        let tokens = self.token_squares.first_word();
        let occupied = self.occupied[0].first_word() | self.occupied[1].first_word();
        if tokens == 0 || tokens & occupied != 0 || self.variant.special_table().is_some() {
            return None;
        }
        if self.token_squares.iter().any(|sq| self.tokens[sq.index()].count > 1) {
            // Stacks are not modelled by the warped tables.
            return None;
        }
        let mut board = Board64::from_position(self, rules)?;
        board.tokens.all = tokens;
        Some((board, w))
    }

    /// Perft through the fast path, when the position qualifies.
    pub(crate) fn fast_perft(&self, depth: u32) -> Option<u64> {
        if let Some((board, w)) = self.warp_board() {
            return Some(warp_moves::warp_perft(&board, w, depth));
        }
        Some(perft::perft(&self.perft_board()?, depth))
    }

    /// The board perft plays on the fast path: the one with tokens, unless they have
    /// lifetimes (the fast path's `make` keeps no timers).
    fn perft_board(&self) -> Option<Board64<'_>> {
        let board = self.fast_board_with_tokens()?;
        let timed = board.rules.token.is_some_and(|t| t.timed);
        (!timed || board.tokens.all == 0).then_some(board)
    }

    /// Whether the fast path serves this position's perft (for tests and benchmarks).
    #[cfg_attr(not(feature = "testing"), allow(dead_code))]
    pub(crate) fn uses_fast_path(&self) -> bool {
        self.perft_board().is_some() || self.warp_board().is_some()
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
        let board = self.fast_board_with_tokens()?;
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
