//! Special moves: extra moves of a position that a variant supplies from outside the kernel
//! (the game layer fills them from a rhai hook), built from kernel primitives.
//!
//! A [`SpecialMove`] is a notation (`dig@e2`) and a list of [`Effect`]s: move, place or
//! remove a piece, place, move or remove a token, set a token's lifetime. A
//! [`SpecialSource`] lists the special moves of the side to move; the kernel asks it once per
//! generation, interns each move in a [`SpecialTable`] (so a [`Move::Special`] stays a small
//! copyable id), judges legality like any move (K1: the mover's royal piece may not be left
//! attacked), and applies the effects with undo. A variant without a source never leaves its
//! compiled tables: nothing here runs for it.

use std::collections::HashMap;
use std::fmt;
use std::sync::{Arc, RwLock};

use crate::geometry::Square;
use crate::moves::{Move, MoveList};
use crate::played::PlayedMove;
use crate::position::{code_kind, code_side, Piece, Position, TokenStack, PIECE_BITS};
use crate::spec::TokenId;

/// The longest special-move notation (it must fit a record's move token).
pub const MAX_SPECIAL_TEXT: usize = 21;
/// The most distinct special moves one variant may intern (a guard against a runaway hook).
pub const MAX_SPECIAL_MOVES: usize = 1 << 20;
/// The most effects one special move may have.
pub const MAX_EFFECTS: usize = 64;

/// One change a special move makes, in order.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Effect {
    /// The piece on `from` goes to `to`; an enemy non-royal piece there is captured.
    MovePiece {
        /// Where the piece stands.
        from: Square,
        /// Where it goes.
        to: Square,
    },
    /// A new piece on an empty square.
    PlacePiece {
        /// The empty square.
        square: Square,
        /// The piece placed.
        piece: Piece,
    },
    /// A non-royal piece leaves the board.
    RemovePiece {
        /// Where it stands.
        square: Square,
    },
    /// One token of `kind` on `square` (stacking on its own kind), with a lifetime in plies
    /// (`None`: the kind's declared lifetime).
    PlaceToken {
        /// Where the token goes.
        square: Square,
        /// Its kind.
        kind: TokenId,
        /// Its lifetime in plies, if not the kind's own.
        plies: Option<u16>,
    },
    /// One token of the stack on `from` goes to `to`.
    MoveToken {
        /// The stack it leaves.
        from: Square,
        /// Where it goes.
        to: Square,
    },
    /// Every token on `square` goes.
    RemoveToken {
        /// The square cleared.
        square: Square,
    },
    /// The stack on `square` lasts `plies` more plies (0: for good).
    SetTimer {
        /// The stack's square.
        square: Square,
        /// Plies it lasts from now.
        plies: u16,
    },
}

/// Why a token cannot join a stack: it holds the most tokens one square can hold (255).
const FULL_STACK: &str = "already holds 255 tokens, the most one square can hold";

/// A special move: how it is written and what it does.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct SpecialMove {
    notation: String,
    effects: Vec<Effect>,
}

/// Why a special move cannot be built or played in a position.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SpecialError {
    /// What is wrong, in words.
    pub message: String,
}

impl SpecialError {
    fn new(message: impl Into<String>) -> SpecialError {
        SpecialError { message: message.into() }
    }
}

impl fmt::Display for SpecialError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.message)
    }
}

impl std::error::Error for SpecialError {}

impl SpecialMove {
    /// A special move written `notation` (see [`is_special_notation`]) with its effects.
    ///
    /// # Errors
    ///
    /// A [`SpecialError`] when `notation` is not a special move's notation or `effects` is empty or
    /// longer than [`MAX_EFFECTS`].
    pub fn new(notation: &str, effects: Vec<Effect>) -> Result<SpecialMove, SpecialError> {
        if !is_special_notation(notation.as_bytes()) {
            return Err(SpecialError::new(format!(
                "`{notation}` is not a special-move notation: a lower-case name of 2 to 8 letters, `@`, then \
                 1 to 12 of a-z, 0-9 and `-` (for example `dig@e2`)"
            )));
        }
        if effects.is_empty() || effects.len() > MAX_EFFECTS {
            return Err(SpecialError::new(format!(
                "special move `{notation}` has {} effects: it needs 1 to {MAX_EFFECTS}",
                effects.len()
            )));
        }
        Ok(SpecialMove { notation: notation.to_string(), effects })
    }

    /// How records and the REPL write it (`dig@e2`).
    #[must_use]
    pub fn notation(&self) -> &str {
        &self.notation
    }

    /// The name before the `@` (`dig`).
    #[must_use]
    pub fn name(&self) -> &str {
        self.notation.split('@').next().unwrap_or_default()
    }

    /// What the move does, in order.
    #[must_use]
    pub fn effects(&self) -> &[Effect] {
        &self.effects
    }
}

/// Whether `text` is a special-move notation: a lower-case name of 2 to 8 letters, `@`, then
/// 1 to 12 characters of `a-z`, `0-9`, `-` (`dig@e2`, `swap@e2-e5`). No SAN or long-algebraic
/// move has this shape, so a record reader can tell them apart without a board.
pub fn is_special_notation(text: &[u8]) -> bool {
    if text.len() > MAX_SPECIAL_TEXT {
        return false;
    }
    let Some(at) = text.iter().position(|&b| b == b'@') else { return false };
    let (name, rest) = (&text[..at], &text[at + 1..]);
    (2..=8).contains(&name.len())
        && name.iter().all(u8::is_ascii_lowercase)
        && (1..=12).contains(&rest.len())
        && rest.iter().all(|&b| b.is_ascii_lowercase() || b.is_ascii_digit() || b == b'-')
}

/// What lists a position's special moves: implemented outside the kernel (the game layer's
/// rhai hook). It is asked once per move generation, for the side to move, before legality.
pub trait SpecialSource: Send + Sync + fmt::Debug {
    /// Appends the special moves of the side to move in `position`. Moves that are not
    /// playable there (a missing piece, an occupied square) must not be given: check them
    /// with [`Position::check_special`].
    fn special_moves(&self, position: &Position, out: &mut Vec<SpecialMove>);
}

/// A variant's special-move source with the moves it produced, numbered for [`Move::Special`].
#[derive(Debug)]
pub struct SpecialTable {
    source: Box<dyn SpecialSource>,
    interned: RwLock<Interned>,
}

#[derive(Debug, Default)]
struct Interned {
    moves: Vec<Arc<SpecialMove>>,
    ids: HashMap<Arc<SpecialMove>, u32>,
}

impl SpecialTable {
    /// An empty table whose moves come from `source`.
    #[must_use]
    pub fn new(source: Box<dyn SpecialSource>) -> SpecialTable {
        SpecialTable { source, interned: RwLock::new(Interned::default()) }
    }

    /// The id of `mv`, adding it if new; `None` once the table is full.
    fn intern(&self, mv: SpecialMove) -> Option<u32> {
        if let Some(&id) = self.interned.read().ok()?.ids.get(&mv) {
            return Some(id);
        }
        let mut table = self.interned.write().ok()?;
        if let Some(&id) = table.ids.get(&mv) {
            return Some(id);
        }
        if table.moves.len() >= MAX_SPECIAL_MOVES {
            return None;
        }
        let id = table.moves.len() as u32;
        let shared = Arc::new(mv);
        table.moves.push(Arc::clone(&shared));
        table.ids.insert(shared, id);
        Some(id)
    }

    /// The special move numbered `id`.
    pub fn get(&self, id: u32) -> Option<Arc<SpecialMove>> {
        self.interned.read().ok()?.moves.get(id as usize).cloned()
    }

    /// Asks the source for the special moves of `position` and appends them to `out`.
    fn append(&self, position: &Position, out: &mut MoveList) {
        let mut found = Vec::new();
        self.source.special_moves(position, &mut found);
        for mv in found {
            if let Some(id) = self.intern(mv) {
                out.push(Move::Special { id });
            }
        }
    }
}

/// One entry of the log that lets unmake restore what a special move did to a square's
/// piece: the square, its piece code before, and whether that piece had never moved.
pub(crate) type PieceLogEntry = (Square, u8, bool);

impl Position {
    /// The special move a [`Move::Special`] stands for.
    #[must_use]
    pub fn special_move(&self, id: u32) -> Option<Arc<SpecialMove>> {
        self.variant.special_table()?.get(id)
    }

    /// Appends the special moves of the side to move (nothing for a variant without a source).
    #[inline]
    pub(crate) fn append_special(&self, out: &mut MoveList) {
        if let Some(table) = self.variant.special_table() {
            table.append(self, out);
        }
    }

    /// Whether every effect of `mv` can be played here, in order (legality, K1, is judged
    /// later, as for any move). The position is left as it was.
    ///
    /// # Errors
    ///
    /// The [`SpecialError`] of the first effect that cannot be played here.
    pub fn check_special(&mut self, mv: &SpecialMove) -> Result<(), SpecialError> {
        let (token_mark, piece_mark) = (self.history.token_mark(), self.history.piece_mark());
        let (hash, castling, ep) = (self.state.hash, self.state.castling, self.state.ep);
        let result = mv.effects.iter().try_for_each(|&effect| self.apply_effect(effect).map(|_| ()));
        self.roll_back_effects(token_mark, piece_mark);
        self.state.castling = castling;
        self.state.ep = ep;
        self.state.hash = hash;
        result.map_err(|e| SpecialError::new(format!("special move `{}`: {e}", mv.notation)))
    }

    /// Plays the effects of special move `id`: whether one of them resets the 50-move clock
    /// (a piece captured, removed or placed, or a pawn moved), and the move as played (the
    /// first piece moved or placed, the first piece captured or removed).
    pub(crate) fn apply_special(&mut self, id: u32) -> (bool, PlayedMove) {
        let mut played = PlayedMove { mv: Move::Special { id }, piece: None, captured: None };
        let Some(mv) = self.special_move(id) else { return (false, played) };
        let mut reset = false;
        for &effect in &mv.effects {
            let (piece, captured) = self.effect_pieces(effect);
            // Effects were checked when the move was generated; one that no longer fits is skipped.
            if let Ok(resets) = self.apply_effect(effect) {
                reset |= resets;
                played.piece = played.piece.or(piece);
                played.captured = played.captured.or(captured);
            }
        }
        (reset, played)
    }

    /// The piece an effect moves or places and the piece it captures or removes.
    fn effect_pieces(&self, effect: Effect) -> (Option<Piece>, Option<(Piece, Square)>) {
        let at = |sq: Square| if sq.index() < self.board.cells.len() { self.piece_at(sq) } else { None };
        match effect {
            Effect::MovePiece { from, to } => (at(from), at(to).map(|p| (p, to))),
            Effect::PlacePiece { piece, .. } => (Some(piece), None),
            Effect::RemovePiece { square } => (None, at(square).map(|p| (p, square))),
            _ => (None, None),
        }
    }

    /// Applies one effect for good (after-move and game-start events), checked as a special
    /// move's effects are; on an error nothing changed.
    ///
    /// # Errors
    ///
    /// The [`SpecialError`] saying why `effect` cannot be played here; the position is then unchanged.
    pub fn apply_event_effect(&mut self, effect: Effect) -> Result<(), SpecialError> {
        self.apply_effect(effect)?;
        self.drop_impossible_en_passant();
        Ok(())
    }

    /// Undoes the piece and token changes logged since the marks (hash, rights and clocks are
    /// restored by the caller).
    pub(crate) fn roll_back_effects(&mut self, token_mark: usize, piece_mark: usize) {
        while let Some((sq, code, unmoved)) = self.history.pop_piece_above(piece_mark) {
            let now = self.board.cells[sq.index()] & PIECE_BITS;
            if now != 0 {
                self.board.cells[sq.index()] &= !PIECE_BITS;
                self.board.occupied[code_side(now).index()].remove(sq);
                self.flip_kind_bit(sq, now);
            }
            if code != 0 {
                self.board.cells[sq.index()] |= code;
                self.board.occupied[code_side(code).index()].insert(sq);
                self.flip_kind_bit(sq, code);
            }
            if self.variant.uses_first_move {
                self.board.unmoved.set(sq, unmoved);
            }
        }
        while let Some((sq, stack)) = self.history.pop_token_above(token_mark) {
            self.write_tokens(sq, stack);
        }
    }

    fn log_piece(&mut self, sq: Square) {
        let code = self.board.cells[sq.index()] & PIECE_BITS;
        self.history.push_piece((sq, code, self.board.unmoved.contains(sq)));
        if self.variant.uses_first_move {
            self.board.unmoved.remove(sq);
        }
    }

    /// Applies one effect after checking it; true when it resets the 50-move clock.
    fn apply_effect(&mut self, effect: Effect) -> Result<bool, SpecialError> {
        match effect {
            Effect::MovePiece { from, to } => self.effect_move_piece(from, to),
            Effect::PlacePiece { square, piece } => {
                self.check_square(square)?;
                if self.piece_at(square).is_some() {
                    return Err(self.error("place_piece", square, "already holds a piece"));
                }
                if piece.kind as usize >= self.variant.spec().pieces.len() {
                    return Err(SpecialError::new("place_piece: no such piece kind"));
                }
                self.log_piece(square);
                self.put_piece(square, piece);
                Ok(true)
            }
            Effect::RemovePiece { square } => {
                self.check_square(square)?;
                let code = self.board.cells[square.index()] & PIECE_BITS;
                if code == 0 {
                    return Err(self.error("remove_piece", square, "holds no piece"));
                }
                if self.variant.is_royal(code_kind(code)) {
                    return Err(self.error(
                        "remove_piece",
                        square,
                        "holds a royal piece, which never leaves the board",
                    ));
                }
                self.log_piece(square);
                self.remove_piece(square);
                Ok(true)
            }
            Effect::PlaceToken { square, kind, plies } => self.effect_place_token(square, kind, plies).map(|()| false),
            Effect::MoveToken { from, to } => self.effect_move_token(from, to).map(|()| false),
            Effect::RemoveToken { square } => {
                self.check_square(square)?;
                if self.tokens_at(square).is_none() {
                    return Err(self.error("remove_token", square, "holds no token"));
                }
                self.clear_tokens(square);
                Ok(false)
            }
            Effect::SetTimer { square, plies } => {
                self.check_square(square)?;
                let stack = self.tokens_at(square).ok_or_else(|| self.error("set_timer", square, "holds no token"))?;
                self.set_tokens(square, TokenStack { timer: plies, ..stack });
                Ok(false)
            }
        }
    }

    fn effect_move_piece(&mut self, from: Square, to: Square) -> Result<bool, SpecialError> {
        self.check_square(from)?;
        self.check_square(to)?;
        let Some(piece) = self.piece_at(from) else {
            return Err(self.error("move_piece", from, "holds no piece"));
        };
        if from == to {
            return Err(self.error("move_piece", to, "is where the piece already stands"));
        }
        let mut resets = self.variant.piece(piece.kind).pawn;
        if let Some(victim) = self.piece_at(to) {
            if victim.side == piece.side || self.variant.is_royal(victim.kind) {
                return Err(self.error("move_piece", to, "holds a piece that cannot be captured"));
            }
            self.log_piece(to);
            self.remove_piece(to);
            resets = true;
        }
        self.log_piece(from);
        self.log_piece(to);
        self.take_piece(from);
        if self.variant.is_royal(piece.kind) {
            let mut rights = self.state.castling;
            rights[piece.side.index()] = [None, None];
            self.set_castling(rights);
        } else {
            self.drop_castling_right_at(from);
        }
        if self.state.ep.is_some_and(|ep| ep.victim == from) {
            self.set_en_passant(None);
        }
        self.put_piece(to, piece);
        Ok(resets)
    }

    fn effect_place_token(&mut self, sq: Square, kind: TokenId, plies: Option<u16>) -> Result<(), SpecialError> {
        self.check_square(sq)?;
        if kind as usize >= self.variant.spec().tokens.len() {
            return Err(SpecialError::new("place_token: no such token kind"));
        }
        if self.tokens_at(sq).is_some_and(|t| t.kind != kind) {
            return Err(self.error("place_token", sq, "holds another kind of token"));
        }
        if self.tokens_at(sq).is_some_and(|t| t.count == u8::MAX) {
            return Err(self.error("place_token", sq, FULL_STACK));
        }
        self.add_token(sq, kind);
        if let Some(plies) = plies {
            let stack = self.tokens_at(sq).unwrap_or(TokenStack { kind, count: 1, timer: 0 });
            self.set_tokens(sq, TokenStack { timer: plies, ..stack });
        }
        Ok(())
    }

    fn effect_move_token(&mut self, from: Square, to: Square) -> Result<(), SpecialError> {
        self.check_square(from)?;
        self.check_square(to)?;
        let stack = self.tokens_at(from).ok_or_else(|| self.error("move_token", from, "holds no token"))?;
        if from == to {
            return Err(self.error("move_token", to, "is where the token already lies"));
        }
        if self.tokens_at(to).is_some_and(|t| t.kind != stack.kind) {
            return Err(self.error("move_token", to, "holds another kind of token"));
        }
        if self.tokens_at(to).is_some_and(|t| t.count == u8::MAX) {
            return Err(self.error("move_token", to, FULL_STACK));
        }
        self.set_tokens(from, TokenStack { count: stack.count - 1, ..stack });
        self.add_token(to, stack.kind);
        Ok(())
    }

    fn check_square(&self, sq: Square) -> Result<(), SpecialError> {
        if sq.index() < self.board.cells.len() {
            Ok(())
        } else {
            Err(SpecialError::new(format!("square number {} is off the board", sq.index())))
        }
    }

    fn error(&self, effect: &str, sq: Square, why: &str) -> SpecialError {
        SpecialError::new(format!("{effect}: {} {why}", self.geometry().name(sq)))
    }
}
