//! Replaying a game record's plies on the bit boards ([`BitReplay`]): each ply's notation
//! is resolved on the fast path's board ([`crate::notation::bit_san`]) and made there by
//! copy-make, with the clocks counted beside it; the kernel's [`Position`] is brought up to
//! date from the board only when a caller asks for it (a ply the board does not decide, a
//! failure to report, the final status). Only where the back-end choice gives the
//! position's moves to the plain bit boards and nothing of the position lives outside them
//! (no tokens, hands, counted checks, first-move rules, special moves or rules that limit
//! the legal moves); any other position is played on the [`Position`] alone.

use crate::geometry::{Side, Square};
use crate::movegen::fast::{Board64, Counter, FastMove, FastRules};
use crate::moves::Move;
use crate::notation::bit_san::{resolve_on_board, Letters};
use crate::notation::Notation;
use crate::outcome::Status;
use crate::position::{EnPassant, Piece, Position, PIECE_BITS};
use crate::variant::Variant;

/// No square on the bit boards (a castling right or en-passant square absent).
const NONE: u8 = 64;

/// A legal move the bit boards resolved, to be played with [`BitReplay::play`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct BitMove(FastMove);

impl BitMove {
    /// The kernel's move.
    #[must_use]
    pub fn to_move(self) -> Move {
        self.0.to_move()
    }
}

/// A record's position, played on the bit boards while they can hold it.
pub struct BitReplay<'v> {
    /// The tables and letters, when the variant is one the bit boards replay.
    fast: Option<(&'v FastRules, Letters)>,
    /// The current position when `on_board`, else the last one the board held.
    board: Option<Board64<'v>>,
    on_board: bool,
    /// The current position unless `on_board` (then brought up to date on request).
    base: Position,
    /// The clocks of the board's position.
    halfmove: u16,
    fullmove: u32,
    ply: u32,
    /// The kinds whose moves reset the halfmove clock (pawns).
    pawns: u32,
    /// The counting rule may end a game before any move is looked at (a full board).
    counting: bool,
    /// Moves generated while resolving, kept so that no ply allocates.
    scratch: Vec<FastMove>,
}

impl<'v> BitReplay<'v> {
    /// A replay from `start`, a position of `variant`.
    #[must_use]
    pub fn new(variant: &'v Variant, start: Position) -> BitReplay<'v> {
        let fast = variant.fast.as_deref().filter(|_| replays_on_board(variant));
        let fast = fast.and_then(|rules| Some((rules, Letters::of(variant)?)));
        let pawns = variant.pieces().iter().enumerate().filter(|(_, spec)| spec.pawn).fold(0, |m, (k, _)| m | 1 << k);
        BitReplay {
            fast,
            board: None,
            on_board: false,
            halfmove: start.state.halfmove,
            fullmove: start.state.fullmove,
            ply: start.state.ply,
            base: start,
            pawns,
            counting: variant.spec().rules.ends.counting,
            scratch: Vec::new(),
        }
    }

    /// Whether the variant's records are replayed on the bit boards (else every ply is
    /// played on the position).
    #[must_use]
    pub fn on_bit_boards(&self) -> bool {
        self.fast.is_some()
    }

    /// The legal move `notation` names, when the bit boards decide it; `None` when the
    /// caller must resolve it on [`BitReplay::position_mut`] (which also explains an illegal
    /// or ambiguous move).
    pub fn resolve(&mut self, notation: &Notation) -> Option<BitMove> {
        if !self.on_board && !self.load_board() {
            return None;
        }
        let (_, letters) = self.fast.as_ref()?;
        let board = self.board.as_ref()?;
        resolve_on_board(board, letters, notation, &mut self.scratch).map(BitMove)
    }

    /// Plays a move [`BitReplay::resolve`] gave for the current position.
    pub fn play(&mut self, mv: BitMove) {
        let Some(board) = self.board.as_mut().filter(|_| self.on_board) else {
            self.base.play_unchecked(mv.to_move());
            return;
        };
        let (from, to) = (mv.0.origin(), mv.0.to_square());
        let moved = u32::from(board.cells[from]).wrapping_sub(1);
        let resets = match mv.0.to_move() {
            Move::Normal { .. } => board.cells[to] != 0 || self.pawns & 1u32.wrapping_shl(moved) != 0,
            Move::Castle { .. } => false,
            _ => true,
        };
        self.halfmove = if resets { 0 } else { self.halfmove.saturating_add(1) };
        if board.us == Side::Black.index() {
            self.fullmove = self.fullmove.saturating_add(1);
        }
        self.ply += 1;
        board.make(mv.0);
    }

    /// The current position, taken out of the replay.
    #[must_use]
    pub fn into_position(mut self) -> Position {
        self.bring_up_to_date();
        self.base
    }

    /// The current position.
    pub fn position(&mut self) -> &Position {
        self.bring_up_to_date();
        &self.base
    }

    /// The current position, for a caller that plays on it (the board is set up again from
    /// it at the next [`BitReplay::resolve`]).
    pub fn position_mut(&mut self) -> &mut Position {
        self.bring_up_to_date();
        self.on_board = false;
        &mut self.base
    }

    /// The current position's status, as [`Position::status`] gives it; the legal moves are
    /// looked for on the bit boards.
    pub fn status(&mut self) -> Status {
        // The variants replayed here end before a move is looked at only by counting.
        if let Some(board) = self.board.as_ref().filter(|_| self.on_board && !self.counting) {
            let mut moves = Counter(0);
            board.generate(&mut moves);
            if moves.0 > 0 {
                return Status::Ongoing;
            }
        }
        self.bring_up_to_date();
        self.base.status()
    }

    /// Sets the board up from the position, when the bit boards hold it.
    fn load_board(&mut self) -> bool {
        let Some((rules, _)) = self.fast.as_ref() else {
            return false;
        };
        if !board_holds(&self.base) {
            return false;
        }
        self.board = Board64::from_position(&self.base, rules);
        self.on_board = self.board.is_some();
        (self.halfmove, self.fullmove, self.ply) =
            (self.base.state.halfmove, self.base.state.fullmove, self.base.state.ply);
        self.on_board
    }

    /// Writes the board's position into `base` (only what changed since it was loaded).
    fn bring_up_to_date(&mut self) {
        let Some(board) = self.board.as_ref().filter(|_| self.on_board) else {
            return;
        };
        self.base.take_board(board, self.halfmove, self.fullmove, self.ply);
    }
}

/// Whether the variant's positions can live on the bit boards alone between plies: nothing
/// of them outside the pieces, the side to move, castling, en passant and the clocks.
fn replays_on_board(variant: &Variant) -> bool {
    let spec = variant.spec();
    let Some(rules) = variant.fast.as_deref() else {
        return false;
    };
    let geometry = variant.geometry();
    rules.hoppers == 0
        && !rules.wraps
        && !rules.uses_first_move
        && rules.token.is_none()
        && rules.warp.is_none()
        // Links are played on the bit boards in perft only (the notation resolves walked).
        && rules.links.starts == 0
        && !variant.uses_first_move
        && !variant.dedup
        && variant.special_table().is_none()
        && variant.tokens().is_empty()
        && !spec.rules.limits_legal_moves()
        && !spec.hands.drops
        && !spec.hands.captures_to_hand
        && !variant.hand_tables.marks_promoted
        && geometry.boards() == 1
        && geometry.first_files.iter().all(|&first| first == 0)
        && geometry.square_count() <= 64
}

/// Whether the back-end choice gives this position's moves to the plain bit boards.
fn board_holds(pos: &Position) -> bool {
    pos.fast_rules().is_some() && !pos.is_turn_based() && !pos.is_warped()
}

impl Position {
    /// Brings this position to `board`'s (a later position of the same game on the bit
    /// boards): the pieces that differ, the side, castling, en passant and the clocks, with
    /// the hash kept in step. The hashes of the positions between are not known: repetition
    /// counts start again here.
    #[allow(clippy::cast_possible_truncation)] // a square of a 64-square board
    fn take_board(&mut self, board: &Board64, halfmove: u16, fullmove: u32, ply: u32) {
        let mut changed = (self.board.occupied[0].first_word() ^ board.sides[0])
            | (self.board.occupied[1].first_word() ^ board.sides[1]);
        for (kind, &bits) in board.kinds.iter().enumerate().take(board.rules.kinds) {
            changed |= self.kind_board(kind) ^ bits;
        }
        while changed != 0 {
            let square = Square(changed.trailing_zeros() as u16);
            let sq = square.index();
            changed &= changed - 1;
            self.take_piece(square);
            if let Some(kind) = board.cells[sq].checked_sub(1) {
                let side = if board.sides[0] & 1 << sq != 0 { Side::White } else { Side::Black };
                self.put_piece(square, Piece { side, kind });
            }
        }
        debug_assert!(self
            .board
            .cells
            .iter()
            .take(64)
            .enumerate()
            .all(|(sq, &cell)| { (cell & PIECE_BITS != 0) == (board.occupied() & 1 << sq != 0) }));
        let square = |sq: u8| (sq != NONE).then_some(Square(u16::from(sq)));
        let mut rights = self.state.castling;
        for (side, slots) in board.castling.iter().enumerate() {
            for (slot, &rook) in slots.iter().enumerate() {
                rights[side][slot] = square(rook);
            }
        }
        self.set_castling(rights);
        let ep = square(board.ep).zip(square(board.ep_victim)).map(|(square, victim)| EnPassant { square, victim });
        self.set_en_passant(ep);
        self.set_side(if board.us == 0 { Side::White } else { Side::Black });
        self.state.halfmove = halfmove;
        self.state.fullmove = fullmove;
        self.state.ply = ply;
        self.history.set_last_move(None);
        self.history.clear_hashes();
    }
}
