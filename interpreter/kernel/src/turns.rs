//! Turns on two boards with simultaneous moves (the `SwitchBoards` schedule): in turn N
//! White acts on board (N-1) mod 2 and Black on the other; both actions are judged against
//! the position at the start of the turn, then applied together, teleports last (HP2).
//!
//! The kernel keeps White's action *pending* until Black has chosen, so Black's moves are
//! generated from the turn's start, and makes the whole turn at Black's ply. Actions:
//! ordinary moves on the player's board (limited by its king only when the king is on
//! that board, HP6); intent (HP3), legal with a piece on a linked square of the board and
//! no check there; the teleport the next turn (HP4, HP5) from the other board through a
//! link; and a pass when nothing else is legal (HP4, HP8).
//!
//! Rule choice beyond the rulings (docs/rules.md): a teleporting player names its piece at its own ply, from
//! the position at the start of the turn; if the opponent's simultaneous move captures
//! that piece, the teleport is lost like a pass.

use crate::geometry::{Side, Square};
use crate::moves::{Move, MoveList};
use crate::position::{code_side, EnPassant, Position, PIECE_BITS};
use crate::spec::Schedule;

/// What a turn-based make changed, for unmake.
#[derive(Clone, Copy, Debug)]
pub(crate) struct TurnUndo {
    deferred: bool,
    mark: u32,
    /// The token log's length before the action (timers run down at every ply, K8).
    token_mark: u32,
    pending: Option<Move>,
    obliged: [bool; 2],
    ep_boards: [Option<EnPassant>; 2],
    ep: Option<EnPassant>,
    castling: crate::position::CastlingRights,
    side: Side,
    ply: u32,
    fullmove: u32,
    halfmove: u16,
    hash: u64,
    swapped: Option<[Square; 4]>,
    /// Whether White's and Black's swapped pieces had never moved before the swap.
    swapped_unmoved: [bool; 2],
}

impl Position {
    /// Whether the variant plays simultaneous turns on two boards.
    #[inline]
    pub(crate) fn is_turn_based(&self) -> bool {
        self.variant.spec().schedule == Schedule::SwitchBoards
    }

    /// The board `side` plays on in the current turn.
    pub(crate) fn board_of_side(&self, side: Side) -> usize {
        let white = ((self.state.fullmove - 1) % 2) as usize;
        if side == Side::White {
            white
        } else {
            1 - white
        }
    }

    /// White's action of this turn, chosen but not yet applied.
    #[must_use]
    pub fn pending_action(&self) -> Option<Move> {
        self.state.pending
    }

    /// Whether `side` declared intent last turn and must teleport now (HP4).
    #[must_use]
    pub fn must_teleport(&self, side: Side) -> bool {
        self.state.obliged[side.index()]
    }

    /// Every legal action of the side to move on its board this turn.
    pub(crate) fn generate_turn_actions(&mut self, out: &mut MoveList) {
        let us = self.state.side;
        let board = self.board_of_side(us);
        if self.state.obliged[us.index()] {
            self.generate_teleports(us, board, out);
        } else {
            self.generate_pseudo(out);
            // K6: two patterns reaching one square with one effect give one move.
            if self.variant.dedup {
                out.dedup_moves();
            }
            self.retain_legal_on_board(out, us, board);
            if self.may_declare_intent(us, board) {
                out.push(Move::Intent);
            }
        }
        if out.is_empty() && !self.turn_ends_without_action(us) {
            out.push(Move::Pass);
        }
    }

    /// Keeps the moves of `list` (pseudo-legal moves of the side to move on its board this
    /// turn) that are legal actions (HP6).
    pub(crate) fn retain_turn_legal(&mut self, list: &mut MoveList) {
        let us = self.state.side;
        let board = self.board_of_side(us);
        self.retain_legal_on_board(list, us, board);
    }

    /// HP6: a move on the board holding the player's king must leave it out of check.
    fn retain_legal_on_board(&mut self, list: &mut MoveList, us: Side, board: usize) {
        if !self.royal_on_board(us, board) {
            return;
        }
        let mut i = 0;
        while i < list.len() {
            if self.legal_on_board(list.as_slice()[i], us, board) {
                i += 1;
            } else {
                list.swap_remove(i);
            }
        }
    }

    fn legal_on_board(&mut self, mv: Move, us: Side, board: usize) -> bool {
        let undo = self.apply(mv);
        let legal = !self.royal_attacked_on_board(us, board);
        self.retract(undo);
        legal
    }

    fn royal_on_board(&self, side: Side, board: usize) -> bool {
        let g = self.variant.geometry();
        self.royals(side).any(|sq| g.board_of(sq) == board)
    }

    /// Whether a royal piece of `side` on `board` is attacked (both kinds of check, HP6).
    pub(crate) fn royal_attacked_on_board(&self, side: Side, board: usize) -> bool {
        let g = self.variant.geometry();
        self.royals(side).filter(|&sq| g.board_of(sq) == board).any(|sq| self.is_attacked(sq, side.opponent()))
    }

    /// HP3: a piece on a linked square of the board, and no check there.
    fn may_declare_intent(&self, us: Side, board: usize) -> bool {
        let v = &*self.variant;
        if !v.spec().links.teleport {
            return false;
        }
        let g = v.geometry();
        let on_link =
            self.board.occupied[us.index()].iter().any(|sq| g.board_of(sq) == board && v.links_of(sq).next().is_some());
        on_link && !self.royal_attacked_on_board(us, board)
    }

    /// HP4, HP5: from a linked square of the other board to its link on `board`, not onto a
    /// friendly piece, and not leaving the king on `board` in check.
    fn generate_teleports(&mut self, us: Side, board: usize, out: &mut MoveList) {
        let v = std::sync::Arc::clone(&self.variant);
        let g = v.geometry();
        for &(a, b) in &v.links {
            for (from, to) in [(a, b), (b, a)] {
                if g.board_of(to) != board || g.board_of(from) == board || !self.holds(from, us) || self.holds(to, us) {
                    continue;
                }
                let mv = Move::Teleport { from, to };
                if self.legal_on_board(mv, us, board) {
                    out.push(mv);
                }
            }
        }
    }

    fn holds(&self, sq: Square, side: Side) -> bool {
        let code = self.board.cells[sq.index()] & PIECE_BITS;
        code != 0 && code_side(code) == side
    }

    /// Makes one action of a turn: White's is kept pending; Black's completes the turn.
    pub(crate) fn make_turn_action(&mut self, mv: Move) -> crate::make::Undo {
        let mut t = TurnUndo {
            deferred: self.state.side == Side::White,
            mark: self.history.turn_mark() as u32,
            token_mark: self.history.token_mark() as u32,
            pending: self.state.pending,
            obliged: self.state.obliged,
            ep_boards: self.state.ep_boards,
            ep: self.state.ep,
            castling: self.state.castling,
            side: self.state.side,
            ply: self.state.ply,
            fullmove: self.state.fullmove,
            halfmove: self.state.halfmove,
            hash: self.state.hash,
            swapped: None,
            swapped_unmoved: [false; 2],
        };
        self.history.push_hash(self.key());
        // The hash follows every change as it is made: pieces, tokens, castling, the side
        // and en passant through their setters, the turn's own state (pending action,
        // intents, both boards' en passant) by its part before and after.
        let turn_state = self.turn_state_hash();
        if t.deferred {
            self.state.pending = Some(mv);
            self.set_side(Side::Black);
        } else {
            t.swapped_unmoved = self.resolve_turn(mv, &mut t.swapped);
            self.state.fullmove = t.fullmove.saturating_add(1);
            self.set_side(Side::White);
        }
        // K8: each player's action is a ply, so timed tokens run down after either.
        self.finish_ply();
        self.state.ply = t.ply + 1;
        self.set_en_passant(self.state.ep_boards[self.board_of_side(self.state.side)]);
        self.state.hash ^= turn_state ^ self.turn_state_hash();
        debug_assert_eq!(self.state.hash, self.computed_move_hash(), "the hash follows a turn's action");
        crate::make::Undo::for_turn(mv, t)
    }

    /// Applies both actions of the turn, then the teleports; notes a swap in `swapped` and
    /// returns whether its pieces had never moved.
    fn resolve_turn(&mut self, black: Move, swapped: &mut Option<[Square; 4]>) -> [bool; 2] {
        let white = self.state.pending.take().unwrap_or(Move::Pass);
        let mut next_obliged = [false; 2];
        let mut next_ep = self.state.ep_boards;
        let start_ep = self.state.ep_boards;
        for (side, action) in [(Side::White, white), (Side::Black, black)] {
            let board = self.board_of_side(side);
            next_ep[board] = None;
            match action {
                Move::Intent => next_obliged[side.index()] = true,
                Move::Pass | Move::Teleport { .. } => {}
                _ => {
                    self.set_side(side);
                    self.set_en_passant(start_ep[board]);
                    let undo = self.apply(action);
                    self.history.push_turn_undo(undo);
                    if let Move::DoubleStep { to, passed, .. } = action {
                        if self.variant.spec().rules.en_passant {
                            next_ep[board] = Some(EnPassant { square: passed, victim: to });
                        }
                    }
                }
            }
        }
        let unmoved = self.resolve_teleports(white, black, swapped);
        self.state.obliged = next_obliged;
        self.state.ep_boards = next_ep;
        unmoved
    }

    /// HP4: both pieces are lifted, then both placed (two crossing pieces swap, and both
    /// have moved, as any teleported piece).
    fn resolve_teleports(&mut self, white: Move, black: Move, swapped: &mut Option<[Square; 4]>) -> [bool; 2] {
        let w = self.still_possible(Side::White, white);
        let b = self.still_possible(Side::Black, black);
        match (w, b) {
            (Some((wf, wt)), Some((bf, bt))) if wt == bf && bt == wf => {
                let wp = self.take_piece(wf).expect("checked");
                let bp = self.take_piece(bf).expect("checked");
                self.put_piece(wt, wp);
                self.put_piece(bt, bp);
                self.drop_castling_right_at(wf);
                self.drop_castling_right_at(bf);
                for piece in [wp, bp] {
                    if self.variant.piece(piece.kind).castling == crate::spec::CastleRole::King {
                        let mut rights = self.state.castling;
                        rights[piece.side.index()] = [None, None];
                        self.set_castling(rights);
                    }
                }
                let unmoved = [self.board.unmoved.contains(wf), self.board.unmoved.contains(bf)];
                self.board.unmoved.remove(wf);
                self.board.unmoved.remove(bf);
                *swapped = Some([wf, wt, bf, bt]);
                return unmoved;
            }
            (Some(wm), Some(bm)) if wm.1 == bm.0 => {
                self.teleport(Side::Black, bm);
                self.teleport(Side::White, wm);
            }
            (w, b) => {
                if let Some(wm) = w {
                    self.teleport(Side::White, wm);
                }
                if let Some(bm) = b {
                    self.teleport(Side::Black, bm);
                }
            }
        }
        [false; 2]
    }

    /// The teleport, if its piece is still there and its landing square not friendly.
    fn still_possible(&self, side: Side, action: Move) -> Option<(Square, Square)> {
        match action {
            Move::Teleport { from, to } if self.holds(from, side) && !self.holds(to, side) => Some((from, to)),
            _ => None,
        }
    }

    fn teleport(&mut self, side: Side, (from, to): (Square, Square)) {
        self.set_side(side);
        let undo = self.apply(Move::Teleport { from, to });
        self.history.push_turn_undo(undo);
    }

    pub(crate) fn unmake_turn_action(&mut self, t: TurnUndo) {
        if let Some([wf, wt, bf, bt]) = t.swapped {
            let wp = self.take_piece(wt).expect("swapped piece");
            let bp = self.take_piece(bt).expect("swapped piece");
            self.put_piece(wf, wp);
            self.put_piece(bf, bp);
            for (sq, unmoved) in [(wf, t.swapped_unmoved[0]), (bf, t.swapped_unmoved[1])] {
                if unmoved {
                    self.board.unmoved.insert(sq);
                }
            }
        }
        self.restore_tokens(t.token_mark);
        while let Some(undo) = self.history.pop_turn_undo_above(t.mark as usize) {
            self.retract(undo);
        }
        self.state.pending = t.pending;
        self.state.obliged = t.obliged;
        self.state.ep_boards = t.ep_boards;
        self.state.ep = t.ep;
        self.state.castling = t.castling;
        self.state.side = t.side;
        self.state.ply = t.ply;
        self.state.fullmove = t.fullmove;
        self.state.halfmove = t.halfmove;
        self.history.pop_hash();
        self.state.hash = t.hash;
    }

    /// The extra state of a turn in the hash: pending action, intents, both en-passant
    /// squares.
    pub(crate) fn turn_state_hash(&self) -> u64 {
        let z = &self.variant.zobrist;
        let mut h = 0;
        if let Some(mv) = self.state.pending {
            h ^= z.state(move_key(mv));
        }
        for side in Side::BOTH {
            if self.state.obliged[side.index()] {
                h ^= z.state(side.index() as u64 + 1);
            }
        }
        for ep in self.state.ep_boards.iter().flatten() {
            h ^= z.en_passant(ep.square.index()).rotate_left(17);
        }
        h
    }
}

/// A number for each distinct move (for hashing).
fn move_key(mv: Move) -> u64 {
    let sq = |s: Square| s.0 as u64;
    let promo = |p: Option<u8>| p.map_or(0, |k| k as u64 + 1);
    16 + match mv {
        Move::Normal { from, to, promotion } => (1 << 56) | sq(from) << 32 | sq(to) << 16 | promo(promotion),
        Move::DoubleStep { from, to, .. } => (2 << 56) | sq(from) << 32 | sq(to) << 16,
        Move::EnPassant { from, to } => (3 << 56) | sq(from) << 32 | sq(to) << 16,
        Move::Castle { king, rook } => (4 << 56) | sq(king) << 32 | sq(rook) << 16,
        Move::Transit { from, entry, exit, promotion } => {
            (5 << 56) | sq(from) << 40 | sq(entry) << 24 | sq(exit) << 8 | promo(promotion)
        }
        Move::Teleport { from, to } => (6 << 56) | sq(from) << 32 | sq(to) << 16,
        Move::Intent => 7 << 56,
        Move::Pass => 8 << 56,
        Move::Special { id } => (9 << 56) | u64::from(id),
        Move::Drop { piece, to } => (10 << 56) | u64::from(piece) << 32 | sq(to) << 16,
    }
}
