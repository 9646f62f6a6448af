//! The one way from a [`Setup`] to a [`Position`]: [`Position::from_setup`] lays the setup
//! out and checks that it can occur in the variant (royal pieces, pawn ranks, token counts,
//! castling rights, en passant, clocks, two-board turn state).

use std::sync::Arc;

use crate::error::{PositionError, PositionErrorKind};
use crate::geometry::{Side, Square};
use crate::position::{EnPassant, Piece, Position, TokenStack};
use crate::setup::Setup;
use crate::spec::{CastleRole, EpRole, LayoutRule, PatternCondition, PieceId, PieceSpec, RoyalRule};
use crate::variant::Variant;
use crate::MAX_FULLMOVE;

impl Position {
    /// The position `setup` describes in `variant`, checked: every piece and token on a
    /// square of the boards and of a kind of the variant, one royal piece per side where the
    /// variant says so, no pawn where it can never stand, the token counts the variant fixes,
    /// castling rights with their king and rook in place, en-passant squares a pawn can just
    /// have passed, and the clocks in range. Pieces count as never moved where they stand, a
    /// pawn only on its own second rank (K8). The side not to move may be in check (K8).
    ///
    /// # Errors
    ///
    /// A [`PositionError`] naming what cannot occur, when the setup is not a position of
    /// `variant`.
    ///
    /// ```
    /// use holechess_kernel::{Position, PositionErrorKind, Setup};
    /// # let variant = holechess_testkit::orthodox();
    /// let mut setup = Setup::from_fen(&variant, "4k3/8/8/8/8/8/8/4K3 w - - 0 1").unwrap();
    /// setup.fullmove_number = 0;
    /// let error = Position::from_setup(&variant, setup).unwrap_err();
    /// assert_eq!(error.kind, PositionErrorKind::Counters);
    /// ```
    pub fn from_setup(variant: &Arc<Variant>, setup: Setup) -> Result<Position, PositionError> {
        let mut pos = Position::empty(variant);
        for &(sq, piece) in &setup.pieces {
            pos.place_piece(sq, piece)?;
        }
        lay_tokens(&mut pos, &setup.tokens)?;
        fill_hands(&mut pos, &setup.hands)?;
        mark_promoted(&mut pos, &setup.promoted)?;
        pos.set_side(setup.side_to_move);
        mark_unmoved_pieces(&mut pos);
        pos.keep_first_moves(setup.first_moves.as_deref())?;
        check_castling(&pos, &setup)?;
        pos.set_castling(setup.castling);
        pos.state.halfmove = setup.halfmove_clock;
        pos.state.fullmove = checked_fullmove(setup.fullmove_number)?;
        set_en_passant(&mut pos, &setup.en_passant)?;
        set_turn_state(&mut pos, setup.obliged, setup.pending_action.as_deref())?;
        pos.set_checks_given(setup.checks_given)?;
        check_royals(&pos)?;
        if pos.variant.tokens().is_empty() {
            check_pawn_ranks(&pos)?;
        }
        check_token_counts(&pos)?;
        if pos.is_turn_based() {
            pos.state.ep = pos.state.ep_boards[pos.board_of_side(pos.state.side)];
            pos.state.hash = pos.computed_move_hash();
        }
        pos.history.clear_token_log();
        Ok(pos)
    }
}

/// Puts the pieces in hand: kinds of the variant, hands only where the variant has them,
/// royal pieces only where they are dropped.
fn fill_hands(pos: &mut Position, hands: &[(Side, PieceId, u8)]) -> Result<(), PositionError> {
    let hand_error = |message: String| PositionError::of(PositionErrorKind::Placement, message);
    for &(side, kind, count) in hands {
        if !pos.has_hands() {
            return Err(hand_error(format!("{} has no hands", pos.variant.spec().title)));
        }
        if usize::from(kind) >= pos.variant.pieces().len() {
            return Err(hand_error(format!("piece kind {kind} in the hand is not a piece of this variant")));
        }
        if pos.variant.is_royal(kind) && !pos.variant.hand_tables.drops {
            return Err(hand_error(format!("a {side} {} in the hand is royal", pos.variant.piece(kind).name)));
        }
        let total = pos
            .hand_count(side, kind)
            .checked_add(count)
            .ok_or_else(|| hand_error(format!("more than {} of one kind in the hand", u8::MAX)))?;
        pos.set_hand_count(side, kind, total);
    }
    Ok(())
}

/// Marks the promoted pieces with the kind each promoted from, where the variant keeps the
/// marks (elsewhere a mark carries nothing).
fn mark_promoted(pos: &mut Position, promoted: &[(Square, PieceId)]) -> Result<(), PositionError> {
    for &(sq, origin) in promoted {
        if pos.piece_at(sq).is_none() || usize::from(origin) >= pos.variant.pieces().len() {
            return Err(PositionError::of(
                PositionErrorKind::Placement,
                format!("a promoted mark on {} without its piece", pos.geometry().name(sq)),
            ));
        }
        crate::fen_hand::set_promoted_from(pos, sq, origin);
    }
    Ok(())
}

/// Lays each stack on its square: squares of the boards, kinds of the variant, one stack
/// per square, at least one token in it.
fn lay_tokens(pos: &mut Position, stacks: &[(Square, TokenStack)]) -> Result<(), PositionError> {
    let tokens = |message: String| PositionError::of(PositionErrorKind::Tokens, message);
    for &(sq, stack) in stacks {
        if sq.index() >= pos.geometry().square_count() {
            return Err(tokens(format!("square {} is not on the board", sq.index())));
        }
        let name = pos.geometry().name(sq);
        if usize::from(stack.kind) >= pos.variant.tokens().len() {
            return Err(tokens(format!("token kind {} is not a token of this variant", stack.kind)));
        }
        if stack.count == 0 {
            return Err(tokens(format!("{name}: a stack holds at least one token")));
        }
        if pos.board.tokens[sq.index()].count > 0 {
            return Err(tokens(format!("{name}: two token stacks on one square")));
        }
        pos.write_tokens(sq, stack);
    }
    Ok(())
}

/// K8: a pawn on its own second rank counts as never moved; other pieces count as unmoved
/// where they stand (only castling and first-move patterns read this).
fn mark_unmoved_pieces(pos: &mut Position) {
    let g = pos.variant.geometry().clone();
    for side in Side::BOTH {
        let squares: Vec<(Square, Piece)> = pos.pieces_of(side).collect();
        for (sq, piece) in squares {
            let spec = pos.variant.piece(piece.kind);
            let first_move_pawn = spec.pawn && g.relative_rank(sq, side) == 1;
            if first_move_pawn || !spec.pawn {
                pos.board.unmoved.insert(sq);
            }
        }
    }
}

/// Each castling right names a rook of its side that castles, on the rank and board of the
/// side's castling king, on the short side for slot 0 and the long side for slot 1.
fn check_castling(pos: &Position, setup: &Setup) -> Result<(), PositionError> {
    let castling = |message: String| PositionError::of(PositionErrorKind::Castling, message);
    let g = pos.geometry();
    for side in Side::BOTH {
        for (slot, rook) in setup.castling[side.index()].iter().enumerate() {
            let Some(rook) = *rook else { continue };
            if pos.variant.spec().rules.castling.is_none() {
                return Err(castling(format!(
                    "{} has no castling, but {side} has a castling right",
                    pos.variant.spec().title
                )));
            }
            let king = pos.castling_king(side).ok_or_else(|| {
                castling(format!("{side} has a castling right but no piece that castles as the king"))
            })?;
            let castles = rook.index() < g.square_count()
                && pos
                    .piece_at(rook)
                    .is_some_and(|p| p.side == side && pos.variant.piece(p.kind).castling == CastleRole::Rook)
                && g.rank_of(rook) == g.rank_of(king)
                && g.board_of(rook) == g.board_of(king);
            let short = castles && g.file_of(rook) > g.file_of(king);
            if !castles || short != (slot == 0) {
                let wing = if slot == 0 { "short" } else { "long" };
                return Err(castling(format!("{side}'s {wing} castling right has no {side} rook to castle with")));
            }
        }
    }
    Ok(())
}

/// The fullmove number, from 1 to [`MAX_FULLMOVE`].
fn checked_fullmove(number: u32) -> Result<u32, PositionError> {
    if (1..=MAX_FULLMOVE).contains(&number) {
        return Ok(number);
    }
    Err(PositionError::of(
        PositionErrorKind::Counters,
        format!("the fullmove number must be a whole number from 1 to {MAX_FULLMOVE}, not {number}"),
    ))
}

/// The en-passant squares, with the pawn each one takes: one square at most, or one per
/// board on two boards (the pawn that passed it belongs to the player not moving on that
/// board this turn).
fn set_en_passant(pos: &mut Position, squares: &[Square]) -> Result<(), PositionError> {
    let en_passant = |message: String| PositionError::of(PositionErrorKind::EnPassant, message);
    if !squares.is_empty() && !pos.variant.spec().rules.en_passant {
        return Err(en_passant(format!(
            "{} has no en passant, but the position has an en-passant square",
            pos.variant.spec().title
        )));
    }
    if !pos.is_turn_based() && squares.len() > 1 {
        return Err(en_passant(format!(
            "a position has at most one en-passant square, this one has {}",
            squares.len()
        )));
    }
    for &square in squares {
        if square.index() >= pos.geometry().square_count() {
            return Err(en_passant(format!("en-passant square {} is not on the board", square.index())));
        }
        let g = pos.geometry();
        let name = if pos.is_turn_based() { g.name_on_board(square) } else { g.name(square) };
        let board = g.board_of(square);
        let mover = if pos.is_turn_based() { passer_on_board(pos, board) } else { pos.state.side.opponent() };
        // Where two double steps could have passed the square, the notation cannot say which
        // did: the first pattern declared decides (see docs/rules.md).
        let victim = double_step_victims(pos, square, mover).next().ok_or_else(|| {
            en_passant(format!("en-passant square {name} is impossible: no {mover} pawn can just have passed it"))
        })?;
        let ep = EnPassant { square, victim };
        if !pos.is_turn_based() {
            pos.set_en_passant(Some(ep));
        } else if pos.state.ep_boards[board].replace(ep).is_some() {
            return Err(en_passant(format!("en-passant square {name}: its board has another one")));
        }
    }
    Ok(())
}

impl Position {
    /// Clears each en-passant square that a change made outside a move (an event's effect)
    /// has made impossible: a piece now stands on it, or the pawn that passed it is gone or
    /// moved. Such a square could not be taken en passant and the position notation refuses
    /// it, so the right ends with the change, as it would once a move is played.
    pub(crate) fn drop_impossible_en_passant(&mut self) {
        if !self.is_turn_based() {
            if let Some(ep) = self.state.ep {
                if !double_step_victims(self, ep.square, self.state.side.opponent()).any(|v| v == ep.victim) {
                    self.set_en_passant(None);
                }
            }
            return;
        }
        let mut changed = false;
        for board in 0..self.state.ep_boards.len() {
            let Some(ep) = self.state.ep_boards[board] else { continue };
            if !double_step_victims(self, ep.square, passer_on_board(self, board)).any(|v| v == ep.victim) {
                self.state.ep_boards[board] = None;
                changed = true;
            }
        }
        if changed {
            self.state.ep = self.state.ep_boards[self.board_of_side(self.state.side)];
            self.state.hash = self.computed_move_hash();
        }
    }
}

/// Two-board turns: the side whose pawn can just have passed an en-passant square on `board`
/// (the player not moving on that board this turn).
fn passer_on_board(pos: &Position, board: usize) -> Side {
    if pos.board_of_side(Side::White) == board {
        Side::Black
    } else {
        Side::White
    }
}

/// The squares of the `mover` pieces whose double step (a pattern that `may be taken en
/// passant`) can just have passed the empty `square`, in the order the patterns are declared:
/// one step further along that pattern's direction, its origin on the board behind `square`.
/// Diagonal double steps can give two.
fn double_step_victims(pos: &Position, square: Square, mover: Side) -> impl Iterator<Item = Square> + '_ {
    let forward = Position::forward(mover);
    let v = &pos.variant;
    let empty = pos.piece_at(square).is_none();
    let directions = v.spec().pieces.iter().flat_map(|piece| &piece.patterns).filter(|p| p.en_passant == EpRole::Sets);
    let directions = directions.filter(move |_| empty).map(move |p| (i32::from(p.dx), i32::from(p.dy) * forward));
    directions.filter_map(move |(dx, dy)| {
        let victim = first_existing_square_along(pos, square, dx, dy)?;
        pos.geometry().offset(square, -dx, -dy)?;
        let moved_so = pos.piece_at(victim).is_some_and(|piece| {
            piece.side == mover
                && v.piece(piece.kind)
                    .patterns
                    .iter()
                    .any(|q| q.en_passant == EpRole::Sets && (i32::from(q.dx), i32::from(q.dy) * forward) == (dx, dy))
        });
        moved_so.then_some(victim)
    })
}

/// The square a double step along `(dx, dy)` passing `square` ended on: the next one along
/// the line. With warping tokens it is the first piece along it: the squares skipped were
/// absent then (WH3), and an event may have removed their tokens since.
fn first_existing_square_along(pos: &Position, square: Square, dx: i32, dy: i32) -> Option<Square> {
    let g = pos.geometry();
    let mut at = g.offset(square, dx, dy)?;
    let warped = pos.variant.warped;
    while pos.piece_at(at).is_none() && (pos.is_absent_square(at) || warped) {
        at = g.offset(at, dx, dy)?;
    }
    Some(at)
}

/// Two-board turns: who must teleport (HP4) and White's pending action (HP2), which needs
/// Black to move and must be legal for White.
fn set_turn_state(pos: &mut Position, obliged: [bool; 2], pending: Option<&str>) -> Result<(), PositionError> {
    let turn_state = |message: String| PositionError::of(PositionErrorKind::TurnState, message);
    if obliged == [false; 2] && pending.is_none() {
        return Ok(());
    }
    if !pos.is_turn_based() {
        return Err(turn_state("only two-board turns have an eighth field".to_string()));
    }
    pos.state.obliged = obliged;
    let Some(action) = pending else { return Ok(()) };
    if pos.state.side != Side::Black {
        return Err(turn_state("a pending White action needs Black to move".to_string()));
    }
    pos.state.side = Side::White;
    pos.state.ep = pos.state.ep_boards[pos.board_of_side(Side::White)];
    let found = crate::notation::parse_lan(pos, action);
    pos.state.side = Side::Black;
    let mv = found.map_err(|e| turn_state(format!("pending action: {e}")))?;
    pos.state.pending = Some(mv);
    Ok(())
}

/// One royal piece per side, where the variant says so.
fn check_royals(pos: &Position) -> Result<(), PositionError> {
    if pos.variant.spec().rules.royals != RoyalRule::ExactlyOne {
        return Ok(());
    }
    for side in Side::BOTH {
        // A royal piece in the hand (Placement chess) counts: it is dropped before play.
        match pos.royals(side).count() + crate::fen_hand::royals_in_hand(pos, side) {
            0 => return Err(PositionError::of(PositionErrorKind::Kings, format!("{side} has no king"))),
            1 => {}
            n => return Err(PositionError::of(PositionErrorKind::Kings, format!("{side} has {n} kings"))),
        }
    }
    Ok(())
}

/// SP1, SP4: a kind with an exact count has exactly that many tokens (stacks count each).
fn check_token_counts(pos: &Position) -> Result<(), PositionError> {
    for (kind, spec) in pos.variant.tokens().iter().enumerate() {
        if let LayoutRule::Exactly(n) = spec.layout {
            let count: u32 = pos
                .token_squares()
                .filter_map(|sq| pos.tokens_at(sq))
                .filter(|t| usize::from(t.kind) == kind)
                .map(|t| u32::from(t.count))
                .sum();
            if count != u32::from(n) {
                return Err(PositionError::of(
                    PositionErrorKind::Tokens,
                    format!("this variant has exactly {n} {}s, the position has {count}", spec.name),
                ));
            }
        }
    }
    Ok(())
}

/// Without tokens a pawn-like piece can never stand on its first rank (unless one of its
/// movements is made `from rank 1`), and no piece stands unpromoted in its compulsory zone.
/// Other promoting pieces may start on their first rank (sho shogi's lances and silvers), and
/// so may a pawn-like piece whose zone is named squares (its first rank is no edge it moves
/// away from: Legan's pawns advance along the diagonal).
fn check_pawn_ranks(pos: &Position) -> Result<(), PositionError> {
    let g = pos.geometry();
    for side in Side::BOTH {
        for (sq, p) in pos.pieces_of(side) {
            let spec = pos.variant.piece(p.kind);
            let Some(promo) = &spec.promotion else { continue };
            let rel = g.relative_rank(sq, side);
            // A piece dropped there stands there too (unpromoted).
            let tables = &pos.variant.hand_tables;
            let dropped_there = tables.drops && tables.may_drop_on_rank(p.kind, rel);
            let in_zone = if promo.has_zone_squares() {
                promo.zone_squares[side.index()].iter().any(|&square| g.square_of(square) == Some(sq))
            } else {
                rel >= g.ranks - promo.zone_ranks
            };
            let first_rank = rel == 0 && spec.pawn && !moves_from_first_rank(spec) && !promo.has_zone_squares();
            if !dropped_there && (first_rank || in_zone) {
                return Err(PositionError::of(
                    PositionErrorKind::PawnRank,
                    format!("a {side} {} cannot stand on {}", spec.name, g.name(sq)),
                ));
            }
        }
    }
    Ok(())
}

/// Whether a movement of the piece is made only from its first rank (`from rank 1`): the
/// variant then means the piece to stand there.
fn moves_from_first_rank(spec: &PieceSpec) -> bool {
    spec.patterns.iter().any(|pattern| pattern.condition == PatternCondition::FromRank(0))
}
