//! What a position remembers of the play that led to it, beside its board and state: the
//! undo logs unmake reads (token, piece and first-move changes, the actions of a two-board
//! turn), the hashes of earlier positions that repetition compares with, and the last move.
//! None of it is part of what the position is: equality and the hash ignore it.

use crate::cell::TokenStack;
use crate::geometry::Square;
use crate::make::Undo;
use crate::played::LastMove;
use crate::special::PieceLogEntry;

/// The play history kept beside a [`crate::Position`].
#[derive(Clone, Debug)]
pub(crate) struct PlayHistory {
    /// Token changes since the position was set up: the square and its stack before.
    tokens: Vec<(Square, TokenStack)>,
    /// Piece changes of special moves and effects since the position was set up.
    pieces: Vec<PieceLogEntry>,
    /// Squares whose piece lost its first move to an enemy move (`first_move_field.rs`).
    first_moves: Vec<Square>,
    /// Two-board turns: the undo records of the actions a turn applied.
    turn_undos: Vec<Undo>,
    /// Hashes of the positions before this one, oldest first.
    hashes: Vec<u64>,
    /// The move that led here (none in a set-up position).
    last: Option<LastMove>,
}

impl Default for PlayHistory {
    fn default() -> Self {
        PlayHistory {
            tokens: Vec::with_capacity(256),
            pieces: Vec::new(),
            first_moves: Vec::new(),
            turn_undos: Vec::with_capacity(64),
            hashes: Vec::with_capacity(256),
            last: None,
        }
    }
}

impl PlayHistory {
    // ----- the token log -----

    /// How long the token log is: a mark to roll back to.
    #[inline]
    pub(crate) fn token_mark(&self) -> usize {
        self.tokens.len()
    }

    /// Logs the stack `sq` held before a change.
    #[inline]
    pub(crate) fn push_token(&mut self, sq: Square, before: TokenStack) {
        self.tokens.push((sq, before));
    }

    /// The newest token change logged after `mark`, taken off the log.
    #[inline]
    pub(crate) fn pop_token_above(&mut self, mark: usize) -> Option<(Square, TokenStack)> {
        if self.tokens.len() > mark {
            self.tokens.pop()
        } else {
            None
        }
    }

    // ----- the piece log -----

    /// How long the piece log is: a mark to roll back to.
    #[inline]
    pub(crate) fn piece_mark(&self) -> usize {
        self.pieces.len()
    }

    /// Logs what a square held before a special move or an effect changed it.
    #[inline]
    pub(crate) fn push_piece(&mut self, entry: PieceLogEntry) {
        self.pieces.push(entry);
    }

    /// The newest piece change logged after `mark`, taken off the log.
    #[inline]
    pub(crate) fn pop_piece_above(&mut self, mark: usize) -> Option<PieceLogEntry> {
        if self.pieces.len() > mark {
            self.pieces.pop()
        } else {
            None
        }
    }

    // ----- the first-move log -----

    /// How long the first-move log is: a mark to roll back to.
    #[inline]
    pub(crate) fn first_move_mark(&self) -> usize {
        self.first_moves.len()
    }

    /// Logs a square whose piece lost its first move.
    pub(crate) fn push_first_move(&mut self, sq: Square) {
        self.first_moves.push(sq);
    }

    /// The newest square logged after `mark`, taken off the log.
    #[inline]
    pub(crate) fn pop_first_move_above(&mut self, mark: usize) -> Option<Square> {
        if self.first_moves.len() > mark {
            self.first_moves.pop()
        } else {
            None
        }
    }

    // ----- the actions of two-board turns -----

    /// How many turn actions are logged: a mark to roll back to.
    pub(crate) fn turn_mark(&self) -> usize {
        self.turn_undos.len()
    }

    /// Logs the undo record of one action a turn applied.
    pub(crate) fn push_turn_undo(&mut self, undo: Undo) {
        self.turn_undos.push(undo);
    }

    /// The newest action logged after `mark`, taken off the log.
    pub(crate) fn pop_turn_undo_above(&mut self, mark: usize) -> Option<Undo> {
        if self.turn_undos.len() > mark {
            self.turn_undos.pop()
        } else {
            None
        }
    }

    /// Forgets the undo logs of the moves played for good (they can no longer be taken back).
    pub(crate) fn clear_undo_logs(&mut self) {
        self.tokens.clear();
        self.pieces.clear();
        self.first_moves.clear();
    }

    /// Forgets the token log only (a set-up position's placements are not undone).
    pub(crate) fn clear_token_log(&mut self) {
        self.tokens.clear();
    }

    // ----- the last move -----

    /// The move that led here.
    #[inline]
    pub(crate) fn last_move(&self) -> Option<LastMove> {
        self.last
    }

    /// Records the move that led here (none: a set-up position, or the move taken back).
    #[inline]
    pub(crate) fn set_last_move(&mut self, last: Option<LastMove>) {
        self.last = last;
    }

    // ----- the hashes repetition reads -----

    /// Remembers the hash of the position a move leaves.
    #[inline]
    pub(crate) fn push_hash(&mut self, hash: u64) {
        self.hashes.push(hash);
    }

    /// Forgets the newest hash (the move that left it is taken back).
    #[inline]
    pub(crate) fn pop_hash(&mut self) {
        self.hashes.pop();
    }

    /// Forgets every earlier position (repetition counts start again here).
    pub(crate) fn clear_hashes(&mut self) {
        self.hashes.clear();
    }

    /// How many earlier positions are remembered.
    pub(crate) fn hash_count(&self) -> usize {
        self.hashes.len()
    }

    /// The hashes repetition can still match: the last `halfmove` ones (a position before
    /// the last irreversible move never recurs).
    pub(crate) fn repeatable(&self, halfmove: u16) -> &[u64] {
        let window = usize::from(halfmove).min(self.hashes.len());
        &self.hashes[self.hashes.len() - window..]
    }

    /// How many of the positions repetition can still match have `hash`.
    pub(crate) fn repetitions(&self, hash: u64, halfmove: u16) -> usize {
        self.repeatable(halfmove).iter().filter(|&&h| h == hash).count()
    }

    /// Drops the hashes repetition can no longer match, so a game's memory is bounded by
    /// its longest run of reversible plies, not by its length. Amortised: the older part
    /// goes only once it is longer than the part kept and than `min_forgotten`.
    pub(crate) fn forget_unrepeatable(&mut self, halfmove: u16, min_forgotten: usize) {
        let keep = usize::from(halfmove).min(self.hashes.len());
        let old = self.hashes.len() - keep;
        if old > keep.max(min_forgotten) {
            self.hashes.drain(..old);
        }
    }

    // ----- copies -----

    /// A copy with no earlier positions: costs the same whatever the game's length.
    pub(crate) fn clone_without_hashes(&self) -> PlayHistory {
        PlayHistory {
            tokens: self.tokens.clone(),
            pieces: self.pieces.clone(),
            first_moves: self.first_moves.clone(),
            turn_undos: self.turn_undos.clone(),
            hashes: Vec::new(),
            last: self.last,
        }
    }

    /// Makes `self` what [`PlayHistory::clone_without_hashes`] of `other` gives, reusing
    /// this history's buffers.
    pub(crate) fn copy_without_hashes_from(&mut self, other: &PlayHistory) {
        // Every field is named, so a field added to the struct must be copied here too.
        let PlayHistory { tokens, pieces, first_moves, turn_undos, hashes: _, last } = other;
        self.tokens.clone_from(tokens);
        self.pieces.clone_from(pieces);
        self.first_moves.clone_from(first_moves);
        self.turn_undos.clone_from(turn_undos);
        self.hashes.clear();
        self.last = *last;
    }
}

#[cfg(test)]
mod tests {
    use super::PlayHistory;
    use crate::cell::TokenStack;
    use crate::geometry::Square;

    #[test]
    fn repetitions_count_only_positions_since_the_last_irreversible_move() {
        let mut history = PlayHistory::default();
        for hash in [7, 1, 7, 2, 7] {
            history.push_hash(hash);
        }
        assert_eq!(history.repetitions(7, 100), 3);
        assert_eq!(history.repetitions(7, 2), 1, "only the last two plies are reversible");
        assert_eq!(history.repetitions(7, 0), 0);
    }

    #[test]
    fn forgetting_keeps_what_repetition_reads() {
        let mut history = PlayHistory::default();
        for hash in 0..100 {
            history.push_hash(hash);
        }
        history.forget_unrepeatable(10, 64);
        assert_eq!(history.hash_count(), 10);
        assert_eq!(history.repeatable(10), (90..100).collect::<Vec<u64>>().as_slice());
    }

    #[test]
    fn popping_stops_at_the_mark() {
        let mut history = PlayHistory::default();
        let stack = TokenStack::default();
        history.push_token(Square(1), stack);
        let mark = history.token_mark();
        history.push_token(Square(2), stack);
        history.push_token(Square(3), stack);
        let mut popped = Vec::new();
        while let Some((sq, _)) = history.pop_token_above(mark) {
            popped.push(sq);
        }
        assert_eq!(popped, [Square(3), Square(2)]);
        assert_eq!(history.token_mark(), 1);
    }

    #[test]
    fn a_copy_without_hashes_keeps_the_undo_logs() {
        let mut history = PlayHistory::default();
        history.push_hash(5);
        history.push_token(Square(4), TokenStack::default());
        let mut scratch = PlayHistory::default();
        scratch.push_hash(9);
        scratch.copy_without_hashes_from(&history);
        assert_eq!(scratch.hash_count(), 0);
        assert_eq!(scratch.token_mark(), 1);
        assert_eq!(history.clone_without_hashes().token_mark(), 1);
    }
}
