//! Perft on the bit boards with blocking tokens that last a number of plies (PT4): the board
//! carries the plies played since the root, and each make removes the tokens whose timer
//! runs out with that ply, as the kernel's end of ply does. When each token goes is read
//! once at the root, as a mask per ply.

use super::backend::{Backend, Purpose};
use super::board::{Board64, FastMove};
use super::legal::Counter;
use crate::movegen::copy_make_perft::{self, CopyMakeBoard};
use crate::position::Position;

/// The deepest perft whose expiries are scheduled (deeper: the general path).
const MAX_PLIES: usize = 32;

/// A bit board and the tokens that expire below it.
#[derive(Clone, Copy)]
pub(crate) struct TimedBoard<'r, 's> {
    board: Board64<'r>,
    /// Plies played since the root.
    ply: usize,
    /// `expiring[k]`: the tokens whose timer runs out at the end of the root's `k`-th ply.
    expiring: &'s [u64; MAX_PLIES + 1],
}

impl Position {
    /// The bit board and the expiry schedule of this position's tokens, when the back-end
    /// choice gives its perft to the bit boards with timers.
    pub(crate) fn timed_board(&self) -> Option<(Board64<'_>, [u64; MAX_PLIES + 1])> {
        match self.backend(Purpose::Perft) {
            Backend::BitBoardsWithTimers => {}
            Backend::BitBoards | Backend::BitBoardsWithWarps | Backend::WideBitBoards | Backend::TableWalking => {
                return None
            }
        }
        let board = Board64::from_position(self, self.variant.fast.as_deref()?)?;
        Some((board, self.expiry_schedule()?))
    }

    /// Perft with timed tokens on the bit boards, when the position qualifies.
    pub(crate) fn timed_perft(&self, depth: u32) -> Option<u64> {
        if depth as usize > MAX_PLIES {
            return None;
        }
        let (board, expiring) = self.timed_board()?;
        Some(copy_make_perft::perft(&TimedBoard { board, ply: 0, expiring: &expiring }, depth))
    }

    /// Which tokens expire after each ply from here: a stack whose timer reads `t` goes at
    /// the end of the `t`-th ply (0: it stays for good). `None` when a token lies beyond
    /// the 8x8 board.
    fn expiry_schedule(&self) -> Option<[u64; MAX_PLIES + 1]> {
        let mut expiring = [0u64; MAX_PLIES + 1];
        for sq in self.board.token_squares.iter() {
            let timer = usize::from(self.board.tokens[sq.index()].timer);
            if sq.index() >= 64 {
                return None;
            }
            if (1..=MAX_PLIES).contains(&timer) {
                expiring[timer] |= 1 << sq.index();
            }
        }
        Some(expiring)
    }
}

impl CopyMakeBoard for TimedBoard<'_, '_> {
    type Move = FastMove;

    #[inline(always)]
    fn legal_into(&self, list: &mut Vec<FastMove>) {
        self.board.generate(list);
    }

    #[inline(always)]
    fn legal_count(&self) -> u64 {
        let mut counter = Counter(0);
        self.board.generate(&mut counter);
        counter.0
    }

    #[inline(always)]
    fn make(&mut self, mv: FastMove) {
        self.board.make(mv);
        self.ply += 1;
        let gone = self.expiring[self.ply];
        if gone != 0 {
            let tokens = &mut self.board.tokens;
            tokens.all &= !gone;
            tokens.dormant &= !gone;
            for sq in super::rules::squares_of(gone) {
                tokens.counts[sq] = 0;
            }
        }
    }
}
