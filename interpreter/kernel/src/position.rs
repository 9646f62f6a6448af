//! A position of a game: its board (`board.rs`) and the game's state beside it
//! (`game_state.rs`), with the play that led here. Positions are made from text only through
//! validation ([`Position::from_fen`]); the mutators here keep every derived field (square
//! sets, hash) in step.

use std::sync::Arc;

use crate::error::{PositionError, PositionErrorKind};
use crate::geometry::{Geometry, Side, Square};
use crate::history::PlayHistory;
use crate::spec::TokenId;
use crate::variant::Variant;

pub(crate) use crate::cell::{code_kind, code_side, piece_code, EFFECT_FLAGS, LINK_FLAG, PIECE_BITS, TOKEN_FLAG};
pub use crate::cell::{Piece, TokenStack};

pub(crate) use crate::board::Board;
pub(crate) use crate::game_state::GameState;
pub use crate::game_state::{CastlingRights, EnPassant};

/// A position of a compiled variant: its board, the game's state beside it, and the play
/// that led here.
#[derive(Clone, Debug)]
pub struct Position {
    pub(crate) variant: Arc<Variant>,
    /// What stands on each square, and the hands.
    pub(crate) board: Board,
    /// Side to move, rights, clocks and the hash.
    pub(crate) state: GameState,
    /// The play that led here: undo logs, earlier hashes, the last move (not part of what
    /// the position is: equality ignores it).
    pub(crate) history: PlayHistory,
}

impl PartialEq for Position {
    /// Equal variant, board and state: the play history beside them (undo logs, earlier
    /// hashes, the last move) is not compared.
    fn eq(&self, other: &Self) -> bool {
        // Every field is named, so a field added to the struct is compared or said ignored.
        let Position { variant, board, state, history: _ } = self;
        Arc::ptr_eq(variant, &other.variant) && *board == other.board && *state == other.state
    }
}

impl Position {
    /// An empty board of `variant` with White to move.
    pub(crate) fn empty(variant: &Arc<Variant>) -> Position {
        let square_count = variant.geometry().square_count();
        Position {
            variant: Arc::clone(variant),
            board: Board::empty(square_count, variant.square_links.starts()),
            state: GameState::new(),
            history: PlayHistory::default(),
        }
    }

    /// The variant's start position, tokens on their default squares.
    ///
    /// # Panics
    ///
    /// Never: [`Variant::compile`] checked the start position.
    ///
    /// ```
    /// use holechess_kernel::Position;
    /// # let variant = holechess_testkit::orthodox();
    /// let start = Position::start(&variant);
    /// assert_eq!(start.legal_moves().len(), 20);
    /// ```
    #[must_use]
    pub fn start(variant: &Arc<Variant>) -> Position {
        Position::from_fen(variant, variant.start_fen()).expect("the start position was checked when compiling")
    }

    /// The compiled variant the position belongs to.
    #[must_use]
    pub fn variant(&self) -> &Arc<Variant> {
        &self.variant
    }

    /// The variant's boards.
    #[must_use]
    pub fn geometry(&self) -> &Geometry {
        self.variant.geometry()
    }

    /// The side to move (on two boards: the side whose action comes next).
    #[must_use]
    pub fn side_to_move(&self) -> Side {
        self.state.side
    }

    /// The piece on `sq`, if any.
    ///
    /// # Panics
    ///
    /// When `sq` is not a square of the variant's geometry.
    #[must_use]
    pub fn piece_at(&self, sq: Square) -> Option<Piece> {
        self.board.piece_at(sq)
    }

    /// The token stack on `sq`, if any.
    ///
    /// # Panics
    ///
    /// When `sq` is not a square of the variant's geometry.
    #[must_use]
    pub fn tokens_at(&self, sq: Square) -> Option<TokenStack> {
        let t = self.board.tokens[sq.index()];
        (t.count > 0).then_some(t)
    }

    /// Squares holding at least one token, in order.
    pub fn token_squares(&self) -> impl Iterator<Item = Square> + '_ {
        self.board.token_squares.iter()
    }

    /// Squares holding a piece of `side`, in order.
    ///
    /// # Panics
    ///
    /// Never: the occupied squares and the cells are kept in step.
    pub fn pieces_of(&self, side: Side) -> impl Iterator<Item = (Square, Piece)> + '_ {
        self.board.occupied[side.index()]
            .iter()
            .map(move |sq| (sq, self.piece_at(sq).expect("occupied squares hold pieces")))
    }

    /// Which rooks still keep a castling right, per side: `[side][0 = short, 1 = long]`.
    #[must_use]
    pub fn castling_rights(&self) -> CastlingRights {
        self.state.castling
    }

    /// The en-passant square and the pawn it takes, if a pawn just double-stepped.
    #[must_use]
    pub fn en_passant(&self) -> Option<EnPassant> {
        self.state.ep
    }

    /// The en-passant square of board `board` and the pawn it takes: on two boards with
    /// Howe's turns each board keeps its own (HP7), taken on the next action there; on one
    /// board it is [`Position::en_passant`]. A position notation names only the square, so
    /// where two double steps could have passed it this says which pawn did.
    #[must_use]
    pub fn en_passant_on(&self, board: usize) -> Option<EnPassant> {
        if self.is_turn_based() {
            self.state.ep_boards.get(board).copied().flatten()
        } else {
            self.state.ep.filter(|_| board == 0)
        }
    }

    /// Plies since the last capture or pawn move (the 50-move clock).
    #[must_use]
    pub fn halfmove_clock(&self) -> u16 {
        self.state.halfmove
    }

    /// The move number, starting at 1 and counted up after Black moves.
    #[must_use]
    pub fn fullmove_number(&self) -> u32 {
        self.state.fullmove
    }

    /// Plies played since the position was set up.
    #[must_use]
    pub fn ply(&self) -> u32 {
        self.state.ply
    }

    /// The move that led to this position, with the pieces it moved and captured.
    pub fn last_move(&self) -> Option<crate::played::PlayedMove> {
        self.history.last_move().map(crate::played::LastMove::played)
    }

    /// The position's Zobrist hash (every token, hole and timer included, and the pieces'
    /// first-move rights where the variant has first-move patterns).
    #[must_use]
    pub fn hash(&self) -> u64 {
        self.key()
    }

    /// What repetition and [`Position::hash`] read: the hash kept move by move, with the
    /// first-move rights folded in where pieces have first-move patterns. Those rights change
    /// what may be played, as castling rights do, so positions that differ in them are not
    /// the same position.
    #[inline]
    pub(crate) fn key(&self) -> u64 {
        if self.variant.uses_first_move {
            self.state.hash ^ self.first_move_key()
        } else {
            self.state.hash
        }
    }

    /// Whether the piece on `sq` has never moved (meaningful for the pieces of a setup).
    ///
    /// # Panics
    ///
    /// When `sq` is not a square of the variant's geometry.
    #[must_use]
    pub fn is_unmoved(&self, sq: Square) -> bool {
        self.board.unmoved.contains(sq)
    }

    /// The royal pieces of `side`.
    pub fn royals(&self, side: Side) -> impl Iterator<Item = Square> + '_ {
        let mask = self.variant.royal_mask;
        self.board.occupied[side.index()]
            .iter()
            .filter(move |&sq| mask & (1 << code_kind(self.board.cells[sq.index()])) != 0)
    }

    /// The single royal square of `side`, if it has exactly one.
    pub(crate) fn royal_square(&self, side: Side) -> Option<Square> {
        let mut royals = self.royals(side);
        let first = royals.next()?;
        royals.next().is_none().then_some(first)
    }

    /// The squares (of the first 64) holding a piece of `kind`, both sides: a bit board kept
    /// in step with every piece change. Only for kinds below [`crate::board::KIND_BOARDS`].
    #[inline(always)]
    pub(crate) fn kind_board(&self, kind: usize) -> u64 {
        self.board.kind_board(kind)
    }

    /// Adds or removes the piece `code` on `sq` in the kind bit boards.
    #[inline(always)]
    pub(crate) fn flip_kind_bit(&mut self, sq: Square, code: u8) {
        self.board.flip_kind_bit(sq, code);
    }

    /// Whether the kind bit boards say what the cells say (for tests).
    #[cfg_attr(not(feature = "testing"), allow(dead_code))]
    pub(crate) fn kind_boards_in_step(&self) -> bool {
        self.board.kind_boards_in_step()
    }

    // ----- mutators that keep the derived state in step (used by setup and events) -----

    /// Puts `piece` on `sq`, a square of the board that holds no piece, keeping the hash
    /// and the derived boards in step.
    ///
    /// # Errors
    ///
    /// A [`PositionError`] of kind [`PositionErrorKind::Placement`] when `sq` is not a
    /// square of the variant's geometry, when a piece already stands on it, or when
    /// `piece.kind` is not one of the variant's pieces.
    pub(crate) fn place_piece(&mut self, sq: Square, piece: Piece) -> Result<(), PositionError> {
        let placement = |message: String| PositionError::of(PositionErrorKind::Placement, message);
        if sq.index() >= self.variant.geometry().square_count() {
            return Err(placement(format!("square {} is not on the board", sq.index())));
        }
        if usize::from(piece.kind) >= self.variant.pieces().len() {
            return Err(placement(format!("piece kind {} is not a piece of this variant", piece.kind)));
        }
        if self.board.cells[sq.index()] & PIECE_BITS != 0 {
            let name = self.variant.geometry().name(sq);
            return Err(placement(format!("{name} already holds a piece")));
        }
        self.put_piece(sq, piece);
        Ok(())
    }

    /// Puts a piece on an empty square, unchecked (the caller knows the square is empty
    /// and on the board): setup, make and the events use it.
    pub(crate) fn put_piece(&mut self, sq: Square, piece: Piece) {
        debug_assert!(self.board.cells[sq.index()] & PIECE_BITS == 0);
        let code = piece_code(piece.side, piece.kind);
        self.board.cells[sq.index()] |= code;
        self.board.occupied[piece.side.index()].insert(sq);
        self.flip_kind_bit(sq, code);
        self.state.hash ^= self.variant.zobrist.piece(code, sq.index());
    }

    /// Removes the piece on `sq`, if any, with any castling right it carried (and its
    /// promoted mark).
    ///
    /// # Panics
    ///
    /// When `sq` is not a square of the variant's geometry.
    pub(crate) fn remove_piece(&mut self, sq: Square) -> Option<Piece> {
        let piece = self.take_piece(sq)?;
        self.board.promoted[sq.index()] = 0;
        self.drop_castling_right_at(sq);
        if self.state.ep.is_some_and(|ep| ep.victim == sq) {
            self.set_en_passant(None);
        }
        Some(piece)
    }

    /// Lifts the piece on `sq` without touching rights (make/unmake use it).
    pub(crate) fn take_piece(&mut self, sq: Square) -> Option<Piece> {
        let code = self.board.cells[sq.index()] & PIECE_BITS;
        if code == 0 {
            return None;
        }
        self.board.cells[sq.index()] &= !PIECE_BITS;
        self.board.occupied[code_side(code).index()].remove(sq);
        self.flip_kind_bit(sq, code);
        self.state.hash ^= self.variant.zobrist.piece(code, sq.index());
        Some(Piece { side: code_side(code), kind: code_kind(code) })
    }

    /// Replaces the token stack on `sq` (count 0 removes it), keeping the hash in step and
    /// logging the old stack for unmake.
    ///
    /// # Panics
    ///
    /// When `sq` is not a square of the variant's geometry.
    pub(crate) fn set_tokens(&mut self, sq: Square, stack: TokenStack) {
        let old = self.board.tokens[sq.index()];
        self.history.push_token(sq, old);
        self.write_tokens(sq, stack);
    }

    /// Writes a token stack without logging it.
    pub(crate) fn write_tokens(&mut self, sq: Square, stack: TokenStack) {
        let old = self.board.tokens[sq.index()];
        let z = &self.variant.zobrist;
        let i = sq.index();
        self.state.hash ^= z.token(old.kind, old.count, i) ^ z.timer(old.timer, i);
        let stack = if stack.count == 0 { TokenStack::default() } else { stack };
        self.state.hash ^= z.token(stack.kind, stack.count, i) ^ z.timer(stack.timer, i);
        self.board.timed = self.board.timed + u16::from(stack.timer > 0) - u16::from(old.timer > 0);
        self.board.tokens[i] = stack;
        if stack.count > 0 {
            self.board.cells[i] |= TOKEN_FLAG;
            self.board.token_squares.insert(sq);
        } else {
            self.board.cells[i] &= !TOKEN_FLAG;
            self.board.token_squares.remove(sq);
        }
    }

    /// Adds one token of `kind` on `sq` (stacking on one of the same kind), with the kind's
    /// declared lifetime.
    ///
    /// # Panics
    ///
    /// When `sq` is not a square of the variant's geometry.
    pub(crate) fn add_token(&mut self, sq: Square, kind: TokenId) {
        let current = self.board.tokens[sq.index()];
        let timer = self.variant.effects(kind).lifetime.unwrap_or(0);
        let count = if current.count > 0 && current.kind == kind { current.count.saturating_add(1) } else { 1 };
        self.set_tokens(sq, TokenStack { kind, count, timer });
        if self.state.ep.is_some_and(|ep| ep.square == sq) {
            // WH8: a token appearing on the en-passant square ends en passant.
            self.set_en_passant(None);
        }
    }

    /// Removes every token on `sq`.
    ///
    /// # Panics
    ///
    /// When `sq` is not a square of the variant's geometry.
    pub(crate) fn clear_tokens(&mut self, sq: Square) {
        self.set_tokens(sq, TokenStack::default());
    }

    pub(crate) fn set_en_passant(&mut self, ep: Option<EnPassant>) {
        if let Some(old) = self.state.ep {
            self.state.hash ^= self.variant.zobrist.en_passant(old.square.index());
        }
        if let Some(new) = ep {
            self.state.hash ^= self.variant.zobrist.en_passant(new.square.index());
        }
        self.state.ep = ep;
    }

    pub(crate) fn set_castling(&mut self, rights: CastlingRights) {
        for side in &self.state.castling {
            for sq in side.iter().flatten() {
                self.state.hash ^= self.variant.zobrist.castling(sq.index());
            }
        }
        for side in &rights {
            for sq in side.iter().flatten() {
                self.state.hash ^= self.variant.zobrist.castling(sq.index());
            }
        }
        self.state.castling = rights;
    }

    pub(crate) fn drop_castling_right_at(&mut self, sq: Square) {
        if self.state.castling.iter().flatten().any(|&r| r == Some(sq)) {
            let mut rights = self.state.castling;
            for r in rights.iter_mut().flatten() {
                if *r == Some(sq) {
                    *r = None;
                }
            }
            self.set_castling(rights);
        }
    }

    pub(crate) fn set_side(&mut self, side: Side) {
        if self.state.side != side {
            self.state.hash ^= self.variant.zobrist.side;
            self.state.side = side;
        }
    }

    /// The same position with the other side to move (en passant, clocks and tokens kept):
    /// what the waiting side could do if it were its turn, for explanations. Pieces, tokens
    /// and royal pieces are untouched, so the copy keeps every rule a position keeps.
    #[must_use]
    pub fn with_turn_passed(&self) -> Position {
        let mut turned = self.clone();
        turned.set_side(self.state.side.opponent());
        turned
    }

    /// Recomputes [`Position::hash`] from scratch (for checks in tests).
    #[must_use]
    pub fn computed_hash(&self) -> u64 {
        if self.variant.uses_first_move {
            self.computed_move_hash() ^ self.first_move_key()
        } else {
            self.computed_move_hash()
        }
    }

    /// Recomputes the hash kept move by move (the first-move rights left out).
    pub(crate) fn computed_move_hash(&self) -> u64 {
        let z = &self.variant.zobrist;
        let mut h = 0;
        for (i, &cell) in self.board.cells.iter().enumerate() {
            let code = cell & PIECE_BITS;
            if code != 0 {
                h ^= z.piece(code, i);
            }
            let t = self.board.tokens[i];
            h ^= z.token(t.kind, t.count, i) ^ z.timer(t.timer, i);
        }
        if self.state.side == Side::Black {
            h ^= z.side;
        }
        for sq in self.state.castling.iter().flatten().flatten() {
            h ^= z.castling(sq.index());
        }
        if let Some(ep) = self.state.ep {
            h ^= z.en_passant(ep.square.index());
        }
        if self.is_turn_based() {
            h ^= self.turn_state_hash();
        }
        h ^ self.hands_hash() ^ self.checks_hash()
    }

    /// The forward direction of `side` (+1 or -1 ranks).
    pub(crate) fn forward(side: Side) -> i32 {
        if side == Side::White {
            1
        } else {
            -1
        }
    }

    /// A fingerprint of the positions that led here since the last irreversible move (what
    /// repetition reads), so a cache can tell two paths to one position apart.
    #[must_use]
    pub fn path_fingerprint(&self) -> u64 {
        let window = self.history.repeatable(self.state.halfmove);
        window.iter().fold(window.len() as u64, |acc, &h| crate::zobrist::splitmix64(acc ^ h))
    }

    /// A copy of the position without the hashes of the positions before it (repetition
    /// counts start again from the copy): costs the same whatever the game's length. What
    /// the kernel tries moves on (legality, status, check marks), which never reads them.
    #[must_use]
    pub fn clone_without_history(&self) -> Position {
        Position {
            variant: Arc::clone(&self.variant),
            board: self.board.clone(),
            state: self.state,
            history: self.history.clone_without_hashes(),
        }
    }

    /// How many earlier positions [`Position::repetitions`] can still compare with: the
    /// positions since the last irreversible move.
    #[must_use]
    pub fn history_len(&self) -> usize {
        self.history.hash_count()
    }
}
