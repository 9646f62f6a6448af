//! Making and unmaking moves. `make` = apply the move, then end the ply (token timers
//! run down, K2: before any random event); `unmake` restores the exact previous state,
//! hash included. Nothing here allocates once the position's logs have grown.

use crate::geometry::{Side, Square};
use crate::moves::Move;
use crate::played::LastMove;
use crate::position::{code_kind, code_side, CastlingRights, EnPassant, Position, TokenStack, PIECE_BITS};
use crate::spec::{CastleRole, Stacking};
use crate::turns::TurnUndo;

/// The fewest old hashes [`Position::play`] drops at once (fewer are not worth a move).
const MIN_FORGOTTEN: usize = 64;

/// What [`Position::make`] changed, for [`Position::unmake`].
#[derive(Clone, Copy, Debug)]
#[must_use = "a move made is taken back only with its Undo"]
pub struct Undo {
    mv: Move,
    side: Side,
    ply: u32,
    turn: Option<TurnUndo>,
    captured: u8,
    captured_sq: Square,
    castling: CastlingRights,
    ep: Option<EnPassant>,
    halfmove: u16,
    fullmove: u32,
    hash: u64,
    moved: u8,
    unmoved: [(Square, bool); 2],
    token_mark: u32,
    piece_mark: u32,
    last: Option<LastMove>,
    /// The kind a capture put in the mover's hand, plus one (0: none).
    hand_gained: u8,
    /// The promotion origins (kind plus one, 0: none) of the moving and the captured piece.
    promoted_origins: [u8; 2],
    /// The passes in a row before the move.
    passes: u8,
    /// The checks each side had given (`check_count.rs`).
    checks: [u8; 2],
    /// The length of the position's log of first moves lost (`first_move_field.rs`).
    first_move_mark: u32,
}

impl Undo {
    /// The undo record of a two-board turn action.
    pub(crate) fn for_turn(mv: Move, turn: TurnUndo) -> Undo {
        Undo {
            mv,
            side: Side::White,
            ply: 0,
            turn: Some(turn),
            captured: 0,
            captured_sq: Square(0),
            castling: [[None; 2]; 2],
            ep: None,
            halfmove: 0,
            fullmove: 0,
            hash: 0,
            moved: 0,
            unmoved: [(Square(0), false); 2],
            token_mark: 0,
            piece_mark: 0,
            last: None,
            hand_gained: 0,
            promoted_origins: [0; 2],
            passes: 0,
            checks: [0; 2],
            first_move_mark: 0,
        }
    }

    /// The move this undo record takes back.
    #[must_use]
    pub fn played(&self) -> Move {
        self.mv
    }

    /// The piece code captured (0 when nothing was).
    #[must_use]
    pub fn captured_something(&self) -> bool {
        self.captured != 0
    }

    /// The code of the piece captured, 0 when nothing was.
    pub(crate) fn captured_code(&self) -> u8 {
        self.captured
    }
}

impl Position {
    /// Plays `mv` (which must be legal or at least pseudo-legal) and ends the ply.
    pub fn make(&mut self, mv: Move) -> Undo {
        if self.is_turn_based() {
            return self.make_turn_action(mv);
        }
        let undo = self.apply(mv);
        self.finish_ply();
        self.count_check();
        self.take_first_moves(mv);
        undo
    }

    /// Takes back the move that produced `undo`.
    pub fn unmake(&mut self, undo: Undo) {
        match undo.turn {
            Some(turn) => self.unmake_turn_action(turn),
            None => self.retract(undo),
        }
    }

    /// Applies `mv` without ending the ply (no timer runs down): the position legality is
    /// judged on (K1). Take it back with [`Position::unmake`]. For the reference generator
    /// of the tests; single-board schedules only.
    #[cfg_attr(not(feature = "testing"), allow(dead_code))]
    pub(crate) fn apply_move(&mut self, mv: Move) -> Undo {
        self.apply(mv)
    }

    /// Plays `mv` for good (a game's history keeps the positions, not the undo records).
    /// The fast, unchecked call: `mv` must be one of [`Position::legal_moves`] (anything
    /// else may panic or corrupt the position); [`Position::play`] checks first.
    ///
    /// # Panics
    ///
    /// May panic when `mv` is not a legal move of the position.
    ///
    /// ```
    /// use holechess_kernel::Position;
    /// # let chess = holechess_testkit::orthodox();
    /// let mut pos = Position::start(&chess);
    /// let first = *pos.legal_moves().iter().next().expect("White has moves");
    /// pos.play_unchecked(first);
    /// assert_eq!(pos.ply(), 1);
    /// ```
    pub fn play_unchecked(&mut self, mv: Move) {
        let _ = self.make(mv);
        self.keep_made();
    }

    /// Keeps the moves made since the last one played for good, as [`Position::play_unchecked`]
    /// would have left them: their undo records are dropped (they can no longer be taken
    /// back) and the hashes repetition can no longer match are forgotten.
    pub fn keep_made(&mut self) {
        self.history.clear_undo_logs();
        self.history.forget_unrepeatable(self.state.halfmove, MIN_FORGOTTEN);
    }

    /// Plays `mv` for good if it is legal here; otherwise leaves the position as it was and
    /// says why. Costs a legal move generation more than [`Position::play_unchecked`].
    ///
    /// # Errors
    ///
    /// [`crate::PlayError::Illegal`] when `mv` is not one of the position's legal moves; the position is then
    /// unchanged.
    ///
    /// ```
    /// use holechess_kernel::notation::parse_san;
    /// use holechess_kernel::{PlayError, Position};
    ///
    /// let chess = holechess_testkit::orthodox();
    /// let mut pos = Position::start(&chess);
    /// let e4 = parse_san(&pos, "e4").expect("a legal move");
    /// pos.play(e4).expect("legal");
    /// assert_eq!(pos.play(e4), Err(PlayError::Illegal(e4)), "White's move, now Black's turn");
    /// ```
    pub fn play(&mut self, mv: Move) -> Result<(), crate::error::PlayError> {
        if !self.is_legal(mv) {
            return Err(crate::error::PlayError::Illegal(mv));
        }
        self.play_unchecked(mv);
        Ok(())
    }

    /// The move's own effects, before the end of the ply: what legality is judged on (K1).
    pub(crate) fn apply(&mut self, mv: Move) -> Undo {
        let mut undo = Undo {
            mv,
            side: self.state.side,
            ply: self.state.ply,
            turn: None,
            captured: 0,
            captured_sq: Square(0),
            castling: self.state.castling,
            ep: self.state.ep,
            halfmove: self.state.halfmove,
            fullmove: self.state.fullmove,
            hash: self.state.hash,
            moved: mv.from().map_or(0, |sq| self.board.cells[sq.index()] & PIECE_BITS),
            unmoved: [(Square(0), false); 2],
            token_mark: self.history.token_mark() as u32,
            piece_mark: self.history.piece_mark() as u32,
            last: self.history.last_move(),
            hand_gained: 0,
            promoted_origins: [0; 2],
            passes: self.state.passes,
            checks: self.state.checks,
            first_move_mark: self.history.first_move_mark() as u32,
        };
        if self.variant.hand_tables.marks_promoted {
            undo.promoted_origins[0] = mv.from().map_or(0, |sq| self.board.promoted[sq.index()]);
        }
        self.history.push_hash(self.key());
        let us = self.state.side;
        let mut reset_clock = false;
        let mut new_ep = None;
        match mv {
            Move::Normal { from, to, promotion } => {
                self.note_unmoved(&mut undo, from, to);
                let captured = self.capture_on(&mut undo, to);
                let pawn = self.relocate(from, to, promotion);
                reset_clock = captured || pawn;
                if !captured {
                    // WH2/WH6: a token under a captured piece was dormant and stays.
                    self.royal_removes_token(to);
                }
            }
            Move::DoubleStep { from, to, passed } => {
                self.note_unmoved(&mut undo, from, to);
                self.relocate(from, to, None);
                reset_clock = true;
                if self.variant.spec().rules.en_passant {
                    new_ep = Some(EnPassant { square: passed, victim: to });
                }
            }
            Move::EnPassant { from, to } => {
                self.note_unmoved(&mut undo, from, to);
                let victim = self.state.ep.map_or(to, |ep| ep.victim);
                self.capture_on(&mut undo, victim);
                self.relocate(from, to, None);
                reset_clock = true;
            }
            Move::Castle { king, rook } => self.castle(&mut undo, king, rook),
            Move::Transit { from, entry, exit, promotion } => {
                self.note_unmoved(&mut undo, from, exit);
                reset_clock = self.capture_on(&mut undo, entry);
                reset_clock |= self.relocate(from, exit, promotion);
                self.move_entered_token(entry, from);
            }
            Move::Teleport { from, to } => {
                self.note_unmoved(&mut undo, from, to);
                reset_clock = self.capture_on(&mut undo, to);
                self.relocate(from, to, None);
            }
            Move::Special { id } => {
                let a1 = Square(0);
                undo.unmoved = [(a1, self.board.unmoved.contains(a1)); 2];
                let (reset, played) = self.apply_special(id);
                reset_clock = reset;
                self.history.set_last_move(Some(LastMove::of(played)));
            }
            Move::Drop { piece, to } => {
                undo.moved = crate::position::piece_code(us, piece);
                reset_clock = self.apply_drop(piece, to);
                self.flip_closed_lines(to);
            }
            Move::Intent | Move::Pass => {}
        }
        if undo.captured != 0 && !matches!(mv, Move::Special { .. }) {
            if let Some(landing) = mv.to() {
                self.explode_capture(landing);
            }
        }
        if !matches!(mv, Move::Special { .. }) {
            if let Some(landing) = mv.to() {
                self.flip_neighbours(landing);
            }
            let (moved, captured, captured_sq) = (undo.moved, undo.captured, undo.captured_sq);
            self.history.set_last_move(Some(LastMove { mv, moved, captured, captured_sq }));
        }
        self.set_en_passant(new_ep);
        self.state.halfmove = if reset_clock { 0 } else { self.state.halfmove.saturating_add(1) };
        if us == Side::Black {
            // Never wraps: positions are read with at most MAX_FULLMOVE.
            self.state.fullmove = self.state.fullmove.saturating_add(1);
        }
        self.state.passes = if mv == Move::Pass { self.state.passes.saturating_add(1) } else { 0 };
        self.set_side(us.opponent());
        self.state.ply += 1;
        undo
    }

    /// End of ply: timed tokens run down and vanish (PT4), before any random event.
    pub(crate) fn finish_ply(&mut self) {
        if self.board.timed == 0 {
            return;
        }
        let mut sq_index = 0;
        while let Some(sq) = self.board.token_squares.iter().find(|s| s.index() >= sq_index) {
            sq_index = sq.index() + 1;
            let stack = self.board.tokens[sq.index()];
            if stack.timer > 0 {
                let timer = stack.timer - 1;
                let next = if timer == 0 { TokenStack::default() } else { TokenStack { timer, ..stack } };
                self.set_tokens(sq, next);
            }
        }
    }

    pub(crate) fn retract(&mut self, undo: Undo) {
        let us = undo.side;
        let enclosing = &self.variant.spec().hands.enclosing;
        let effects = self.variant.spec().rules.explosion.is_some() || enclosing.flips_lines || enclosing.landing_flips;
        if effects && !matches!(undo.mv, Move::Special { .. }) {
            // The pieces an explosion removed or a drop turned over come back first, the
            // capturer on its square.
            self.roll_back_effects(undo.token_mark as usize, undo.piece_mark as usize);
        }
        match undo.mv {
            Move::Normal { from, to, .. }
            | Move::DoubleStep { from, to, .. }
            | Move::EnPassant { from, to }
            | Move::Teleport { from, to } => {
                self.raw_move_back(from, to, undo);
            }
            Move::Transit { from, exit, .. } => self.raw_move_back(from, exit, undo),
            Move::Castle { king, rook } => {
                let (kd, rd) = self.castle_destinations(us, king, rook);
                let kcode = self.raw_take(kd);
                let rcode = self.raw_take(rd);
                self.raw_put(king, kcode);
                self.raw_put(rook, rcode);
            }
            Move::Special { .. } => self.roll_back_effects(undo.token_mark as usize, undo.piece_mark as usize),
            Move::Drop { piece, to } => self.retract_drop(us, piece, to),
            Move::Intent | Move::Pass => {}
        }
        if self.variant.hand_tables.marks_promoted {
            self.restore_promoted_marks(undo);
        }
        if undo.captured != 0 {
            self.raw_put(undo.captured_sq, undo.captured);
        }
        if undo.hand_gained != 0 {
            let slot = &mut self.board.hands[us.index()][usize::from(undo.hand_gained - 1)];
            *slot = slot.saturating_sub(1);
        }
        self.restore_tokens(undo.token_mark);
        if self.variant.uses_first_move {
            for (sq, was) in undo.unmoved.into_iter().rev() {
                self.board.unmoved.set(sq, was);
            }
        }
        self.state.passes = undo.passes;
        self.state.castling = undo.castling;
        self.state.ep = undo.ep;
        self.state.halfmove = undo.halfmove;
        self.state.fullmove = undo.fullmove;
        self.state.side = us;
        self.state.ply = undo.ply;
        self.history.pop_hash();
        self.state.hash = undo.hash;
        self.history.set_last_move(undo.last);
        self.state.checks = undo.checks;
        self.restore_first_moves(undo.first_move_mark as usize);
    }

    /// Puts back the promotion origins a move moved or captured (`hand.rs`).
    fn restore_promoted_marks(&mut self, undo: Undo) {
        if let (Some(from), Some(to)) = (undo.mv.from(), undo.mv.to()) {
            if !matches!(undo.mv, Move::Castle { .. }) {
                self.board.promoted[to.index()] = 0;
                self.board.promoted[from.index()] = undo.promoted_origins[0];
            }
        }
        if undo.captured != 0 {
            self.board.promoted[undo.captured_sq.index()] = undo.promoted_origins[1];
        }
    }

    /// Undoes the token changes logged since the log had `mark` entries.
    pub(crate) fn restore_tokens(&mut self, mark: u32) {
        while let Some((sq, stack)) = self.history.pop_token_above(mark as usize) {
            self.write_tokens(sq, stack);
        }
    }

    fn raw_move_back(&mut self, from: Square, to: Square, undo: Undo) {
        self.raw_take(to);
        self.raw_put(from, undo.moved);
    }

    #[inline]
    fn raw_take(&mut self, sq: Square) -> u8 {
        let code = self.board.cells[sq.index()] & PIECE_BITS;
        self.board.cells[sq.index()] &= !PIECE_BITS;
        self.board.occupied[code_side(code).index()].remove(sq);
        self.flip_kind_bit(sq, code);
        code
    }

    #[inline]
    fn raw_put(&mut self, sq: Square, code: u8) {
        self.board.cells[sq.index()] |= code;
        self.board.occupied[code_side(code).index()].insert(sq);
        self.flip_kind_bit(sq, code);
    }

    fn note_unmoved(&mut self, undo: &mut Undo, from: Square, to: Square) {
        if self.variant.uses_first_move {
            undo.unmoved = [(from, self.board.unmoved.contains(from)), (to, self.board.unmoved.contains(to))];
            self.board.unmoved.remove(from);
            self.board.unmoved.remove(to);
        }
    }

    /// Removes an enemy piece on `sq`, remembering it; true if something was captured.
    fn capture_on(&mut self, undo: &mut Undo, sq: Square) -> bool {
        let code = self.board.cells[sq.index()] & PIECE_BITS;
        if code == 0 {
            return false;
        }
        self.take_piece(sq);
        undo.captured = code;
        undo.captured_sq = sq;
        self.drop_castling_right_at(sq);
        if self.variant.hand_tables.captures_to_hand {
            let origin = std::mem::take(&mut self.board.promoted[sq.index()]);
            undo.promoted_origins[1] = origin;
            undo.hand_gained = self.capture_to_hand(self.state.side, code_kind(code), origin);
        }
        true
    }

    /// Moves the piece on `from` to the empty `to`, promoting it; true if it is pawn-like.
    fn relocate(&mut self, from: Square, to: Square, promotion: Option<u8>) -> bool {
        let piece = self.take_piece(from).expect("a move starts from a piece");
        let spec = self.variant.piece(piece.kind);
        let pawn = spec.pawn;
        let role = spec.castling;
        if self.state.castling != [[None; 2]; 2] {
            if role == CastleRole::King {
                let mut rights = self.state.castling;
                rights[piece.side.index()] = [None, None];
                self.set_castling(rights);
            } else {
                self.drop_castling_right_at(from);
            }
        }
        let kind = promotion.unwrap_or(piece.kind);
        self.put_piece(to, crate::position::Piece { side: piece.side, kind });
        if self.variant.hand_tables.marks_promoted {
            let origin = std::mem::take(&mut self.board.promoted[from.index()]);
            self.board.promoted[to.index()] = match promotion {
                // Turning back into the kind it promoted from (a flip) leaves no mark.
                Some(kind) if origin == kind + 1 => 0,
                Some(_) => piece.kind + 1,
                None => origin,
            };
        }
        pawn
    }

    /// A royal piece entering a token that royals remove (WH6).
    fn royal_removes_token(&mut self, to: Square) {
        let stack = self.board.tokens[to.index()];
        if stack.count == 0 {
            return;
        }
        let code = self.board.cells[to.index()] & PIECE_BITS;
        if self.variant.effects(stack.kind).removed_by_royal && self.variant.is_royal(code_kind(code)) {
            self.set_tokens(to, TokenStack::default());
        }
    }

    /// The entered token goes to the mover's origin (PH5, SP4); stacks form there. A token of
    /// another kind on the origin is displaced (a square holds tokens of one kind).
    fn move_entered_token(&mut self, entry: Square, origin: Square) {
        let stack = self.board.tokens[entry.index()];
        if stack.count == 0 {
            // A transit through a link (`links.rs`): no token moves.
            return;
        }
        let effects = *self.variant.effects(stack.kind);
        if !effects.relocate_to_origin {
            return;
        }
        let remaining = if effects.stacking == Stacking::Merged { stack.count - 1 } else { 0 };
        self.set_tokens(entry, TokenStack { count: remaining, ..stack });
        let at_origin = self.board.tokens[origin.index()];
        let count = if at_origin.count > 0 && at_origin.kind == stack.kind { at_origin.count + 1 } else { 1 };
        self.set_tokens(origin, TokenStack { kind: stack.kind, count, timer: 0 });
    }

    fn castle(&mut self, undo: &mut Undo, king: Square, rook: Square) {
        let us = self.state.side;
        let (kd, rd) = self.castle_destinations(us, king, rook);
        self.note_unmoved(undo, king, kd);
        let k = self.take_piece(king).expect("castling king");
        let r = self.take_piece(rook).expect("castling rook");
        self.put_piece(kd, k);
        self.put_piece(rd, r);
        let mut rights = self.state.castling;
        rights[us.index()] = [None, None];
        self.set_castling(rights);
    }

    /// Where king and rook end when `side` castles with the rook on `rook`.
    pub(crate) fn castle_destinations(&self, side: Side, king: Square, rook: Square) -> (Square, Square) {
        let g = self.variant.geometry();
        let c = self.variant.spec().rules.castling.expect("castling is declared");
        let short = self.castling_is_short(side, king, rook);
        let (kf, rf) =
            if short { (c.king_file_short, c.rook_file_short) } else { (c.king_file_long, c.rook_file_long) };
        let board = g.board_of(king);
        let rank = g.rank_of(king);
        (g.square(board, kf, rank), g.square(board, rf, rank))
    }

    fn castling_is_short(&self, _side: Side, king: Square, rook: Square) -> bool {
        let g = self.variant.geometry();
        g.file_of(rook) > g.file_of(king)
    }
}
