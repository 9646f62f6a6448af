//! Hooks into the kernel's internals for the workspace's tests and benchmarks: the reference
//! move generator, the fast path's own answers and the consistency checks of the derived
//! boards. They are not part of the library's API: they exist only with the `testing`
//! feature, which the crates' tests enable through their dev-dependencies.

use crate::make::Undo;
use crate::moves::{Move, MoveList};
use crate::position::{Piece, Position, TokenStack};
use crate::spec::TokenId;
use crate::{Side, Square};

/// The test hooks of a [`Position`] (bring the trait into scope to call them).
pub trait TestHooks {
    /// Applies `mv` without ending the ply (no timer runs down): the position legality is
    /// judged on (K1). Take it back with [`Position::unmake`]. For the reference generator
    /// of the tests; single-board schedules only.
    fn apply_move(&mut self, mv: Move) -> Undo;
    /// Whether the kind bit boards say what the cells say.
    fn kind_boards_in_step(&self) -> bool;
    /// The pseudo-legal moves (warped or plain movement, castling included), unfiltered.
    fn pseudo_moves(&self) -> MoveList;
    /// The legal moves by the slow, obviously right route: every pseudo-legal move made,
    /// tested for an attack on the mover's royal pieces and unmade.
    fn legal_moves_reference(&self) -> MoveList;
    /// Whether the fast path serves this position's perft.
    fn uses_fast_path(&self) -> bool;
    /// Whether the fast path generates this position's moves for the notation (tokens with
    /// lifetimes included).
    fn generates_on_fast_path(&self) -> bool;
    /// The legal moves as the fast path finds them, in its own order; `None` when the
    /// position does not qualify.
    fn fast_legal_moves(&self) -> Option<Vec<Move>>;
    /// The legal moves as the general path finds them.
    fn general_legal_moves(&self) -> MoveList;
    /// Whether the wide bit boards (boards up to 128 squares) serve this position's perft.
    fn uses_wide_path(&self) -> bool;
    /// The legal moves as the wide bit boards find them, in their own order; `None` when
    /// the position does not qualify.
    fn wide_legal_moves(&self) -> Option<Vec<Move>>;
    /// Perft through the general path's move lists only (no hook runs), to compare with the
    /// path [`crate::perft::perft`] chooses.
    fn general_perft(&mut self, depth: u32) -> u64;
}

impl TestHooks for Position {
    fn apply_move(&mut self, mv: Move) -> Undo {
        Position::apply_move(self, mv)
    }

    fn kind_boards_in_step(&self) -> bool {
        Position::kind_boards_in_step(self)
    }

    fn pseudo_moves(&self) -> MoveList {
        Position::pseudo_moves(self)
    }

    fn legal_moves_reference(&self) -> MoveList {
        Position::legal_moves_reference(self)
    }

    fn uses_fast_path(&self) -> bool {
        Position::uses_fast_path(self)
    }

    fn generates_on_fast_path(&self) -> bool {
        Position::generates_on_fast_path(self)
    }

    fn fast_legal_moves(&self) -> Option<Vec<Move>> {
        Position::fast_legal_moves(self)
    }

    fn general_legal_moves(&self) -> MoveList {
        Position::general_legal_moves(self)
    }

    fn uses_wide_path(&self) -> bool {
        Position::uses_wide_path(self)
    }

    fn wide_legal_moves(&self) -> Option<Vec<Move>> {
        Position::wide_legal_moves(self)
    }

    fn general_perft(&mut self, depth: u32) -> u64 {
        let moves = Position::general_legal_moves(self);
        if depth <= 1 {
            return if depth == 0 { 1 } else { moves.len() as u64 };
        }
        let mut nodes = 0;
        for &mv in moves.iter() {
            let undo = self.make(mv);
            nodes += self.general_perft(depth - 1);
            self.unmake(undo);
        }
        nodes
    }
}

/// The raw mutators of a [`Position`], for tests that build positions no game reaches
/// (a second king, a token on any square): they keep the hash and derived boards in step
/// but check none of the variant's rules. Code outside tests changes a position by moves,
/// by effects ([`Position::apply_event_effect`]) and by the position notation; without
/// this trait in scope the raw mutators are out of reach:
///
/// ```compile_fail
/// # let variant = holechess_testkit::orthodox();
/// let mut pos = holechess_kernel::Position::start(&variant);
/// pos.remove_piece(holechess_kernel::Square(4));
/// ```
pub trait RawEdits {
    /// Puts `piece` on the empty square `sq` (see the error cases of the checked setup).
    ///
    /// # Errors
    ///
    /// A [`PositionError`](crate::PositionError) when `sq` is not on the board, holds a
    /// piece, or `piece.kind` is not one of the variant's pieces.
    fn place_piece(&mut self, sq: Square, piece: Piece) -> Result<(), crate::PositionError>;
    /// Removes the piece on `sq`, if any, with any castling right it carried.
    fn remove_piece(&mut self, sq: Square) -> Option<Piece>;
    /// Replaces the token stack on `sq` (count 0 removes it).
    fn set_tokens(&mut self, sq: Square, stack: TokenStack);
    /// Adds one token of `kind` on `sq`, with the kind's declared lifetime.
    fn add_token(&mut self, sq: Square, kind: TokenId);
    /// Removes every token on `sq`.
    fn clear_tokens(&mut self, sq: Square);
    /// Sets the side to move.
    fn set_side_to_move(&mut self, side: Side);
}

impl RawEdits for Position {
    fn place_piece(&mut self, sq: Square, piece: Piece) -> Result<(), crate::PositionError> {
        Position::place_piece(self, sq, piece)
    }

    fn remove_piece(&mut self, sq: Square) -> Option<Piece> {
        Position::remove_piece(self, sq)
    }

    fn set_tokens(&mut self, sq: Square, stack: TokenStack) {
        Position::set_tokens(self, sq, stack);
    }

    fn add_token(&mut self, sq: Square, kind: TokenId) {
        Position::add_token(self, sq, kind);
    }

    fn clear_tokens(&mut self, sq: Square) {
        Position::clear_tokens(self, sq);
    }

    fn set_side_to_move(&mut self, side: Side) {
        self.set_side(side);
    }
}
