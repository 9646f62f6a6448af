//! The wide bit boards: move generation for variants on one rectangular board of up to 128
//! squares (10x8, 10x10, 12x10, and boards smaller than 8x8) whose pieces leap and slide
//! along full lines, with one royal leaper, an orthodox-shaped pawn, castling and en
//! passant. Sets are 128-bit words and lines are rays cut at their first blocker by a bit
//! scan (`lines.rs`). The back-end choice ([`crate::fast::Backend`]) gives them a variant's
//! perft when its compiled features say so and no token lies on the board and no special
//! move is installed; everything else is table walking.

mod board;
mod legal;
mod lines;
mod links;
mod perft;
mod royals;
pub(crate) mod rules;

pub(crate) use rules::WideRules;

use crate::fast::{Backend, Purpose};
use crate::moves::Move;
use crate::position::Position;
use board::Board128;

impl Position {
    /// The wide board perft plays on, when the back-end choice gives the position's perft
    /// to the wide bit boards.
    fn wide_board(&self) -> Option<Board128<'_>> {
        match self.backend(Purpose::Perft) {
            Backend::WideBitBoards => Board128::from_position(self, self.variant.wide.as_deref()?),
            Backend::BitBoards | Backend::BitBoardsWithWarps | Backend::BitBoardsWithTimers | Backend::TableWalking => {
                None
            }
        }
    }

    /// Perft on the wide bit boards, when the position qualifies.
    pub(crate) fn wide_perft(&self, depth: u32) -> Option<u64> {
        Some(crate::movegen::copy_make_perft::perft(&self.wide_board()?, depth))
    }

    /// Whether the wide bit boards serve this position's perft (for tests).
    #[cfg_attr(not(feature = "testing"), allow(dead_code))]
    pub(crate) fn uses_wide_path(&self) -> bool {
        self.wide_board().is_some()
    }

    /// The legal moves as the wide bit boards find them, in their own order (for tests
    /// comparing them with table walking); `None` when the position does not qualify.
    #[cfg_attr(not(feature = "testing"), allow(dead_code))]
    pub(crate) fn wide_legal_moves(&self) -> Option<Vec<Move>> {
        let board = self.wide_board()?;
        let mut moves = Vec::with_capacity(256);
        board.generate(&mut moves);
        Some(moves.into_iter().map(board::WideMove::to_move).collect())
    }
}
