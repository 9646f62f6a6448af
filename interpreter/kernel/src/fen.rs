//! The position notation: FEN (X-FEN and Shredder castling letters accepted), extended
//! with one placement per board joined by `|` and a seventh field listing tokens:
//!
//! ```text
//! rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 porthole=c3,f3*2,a4
//! ```
//!
//! Each token group is `kind=square,square,...`, groups joined by `;`. `f3*2` is a stack of
//! two, `e5(2)` a token with two plies left, `B:a4` a square of board `B`. Reading checks
//! that the position can occur; printing gives back text that reads to the same position.

use std::sync::Arc;

use crate::error::{PositionError, PositionErrorKind};
use crate::geometry::{Geometry, Side, Square};
use crate::position::{EnPassant, Piece, Position, TokenStack};
use crate::spec::{CastleRole, EpRole, TokenId};
use crate::variant::Variant;

impl Position {
    /// Reads a position of `variant`, checking that it can occur. Without a token field
    /// the variant's default tokens are laid out (K8); castling rights the variant does
    /// not have are ignored (see [`Position::from_fen_with_warnings`] for the warning).
    ///
    /// # Errors
    ///
    /// A [`PositionError`] naming the field and the reason when `text` is not a position of `variant` or one
    /// that cannot occur (no royal piece, a piece on a hole, a token kind the variant lacks, bad clocks).
    pub fn from_fen(variant: &Arc<Variant>, text: &str) -> Result<Position, PositionError> {
        Position::from_fen_with_warnings(variant, text).map(|(pos, _)| pos)
    }

    /// [`Position::from_fen`], with what was ignored in words (RULINGS.md K8: a castling
    /// field naming rights a variant without castling does not have).
    ///
    /// # Errors
    ///
    /// As [`Position::from_fen`].
    pub fn from_fen_with_warnings(
        variant: &Arc<Variant>,
        text: &str,
    ) -> Result<(Position, Vec<String>), PositionError> {
        let mut warnings = Vec::new();
        let fields: Vec<&str> = text.split_whitespace().collect();
        if fields.is_empty() {
            return Err(PositionError::of(PositionErrorKind::Fields, "the position is empty"));
        }
        if fields.len() > 8 {
            return Err(PositionError::of(
                PositionErrorKind::Fields,
                format!("a position has at most 8 fields, this one has {}", fields.len()),
            ));
        }
        let mut pos = Position::empty(variant);
        let (placement_text, hands) = crate::fen_hand::split_hands(&pos, fields[0])?;
        read_placement(&mut pos, placement_text)?;
        crate::fen_hand::read_hands(&mut pos, hands.unwrap_or_default())?;
        let side = match fields.get(1).copied().unwrap_or("w") {
            "w" => Side::White,
            "b" => Side::Black,
            other => {
                return Err(PositionError::of(
                    PositionErrorKind::Fields,
                    format!("side to move must be 'w' or 'b', not '{other}'"),
                ))
            }
        };
        pos.set_side(side);
        mark_unmoved_pawns(&mut pos);
        let castling_field = fields.get(2).copied().unwrap_or("-");
        if castling_field != "-" && pos.variant.spec().rules.castling.is_none() {
            warnings.push(format!(
                "the castling field '{castling_field}' is ignored: {} has no castling",
                pos.variant.spec().title
            ));
        } else {
            let castling = read_castling(&pos, castling_field)?;
            pos.set_castling(castling);
        }
        // Before the en-passant square: a double step may have skipped absent squares.
        match fields.get(6) {
            Some(tokens) => read_tokens(&mut pos, tokens)?,
            None => read_default_tokens(&mut pos)?,
        }
        pos.halfmove = read_counter(fields.get(4).copied().unwrap_or("0"), "halfmove clock", 0, u16::MAX)?;
        pos.fullmove = read_counter(fields.get(5).copied().unwrap_or("1"), "fullmove number", 0, MAX_FULLMOVE)?.max(1);
        let ep_text = fields.get(3).copied().unwrap_or("-");
        if pos.is_turn_based() {
            read_board_en_passants(&mut pos, ep_text)?;
        } else {
            let ep = read_en_passant(&pos, ep_text, pos.side.opponent())?;
            pos.set_en_passant(ep);
        }
        if let Some(state) = fields.get(7) {
            read_turn_state(&mut pos, state)?;
        }
        check_position(&pos)?;
        if pos.is_turn_based() {
            pos.ep = pos.ep_boards[pos.board_of_side(pos.side)];
            pos.hash = pos.computed_hash();
        }
        pos.token_log.clear();
        Ok((pos, warnings))
    }

    /// The position in the kernel's notation (tokens in a seventh field when there are any).
    #[must_use]
    pub fn fen(&self) -> String {
        let mut fields = vec![
            placement(self) + &crate::fen_hand::hands_text(self),
            self.side.letter().to_string(),
            castling_text(self),
            en_passant_text(self),
            self.halfmove.to_string(),
            self.fullmove.to_string(),
        ];
        let layout: Vec<(TokenId, Square)> = self
            .token_squares()
            .flat_map(|sq| {
                let t = self.tokens[sq.index()];
                std::iter::once((t.kind, sq))
            })
            .collect();
        let tokens = format_tokens(self, &layout);
        let state = turn_state_text(self);
        // A missing field means the default tokens (K8): `-` says there are none.
        let has_defaults = !self.variant.default_token_layout().is_empty();
        if !tokens.is_empty() || !state.is_empty() || has_defaults {
            fields.push(if tokens.is_empty() { "-".to_string() } else { tokens });
        }
        if !state.is_empty() {
            fields.push(state);
        }
        fields.join(" ")
    }
}

/// The variant's default tokens, for a position written without a token field (K8).
fn read_default_tokens(pos: &mut Position) -> Result<(), PositionError> {
    let variant = Arc::clone(&pos.variant);
    let field = format_token_field(&variant, &variant.default_token_layout());
    if field.is_empty() {
        return Ok(());
    }
    read_tokens(pos, &field).map_err(|error| {
        PositionError::new(format!(
            "the variant's default tokens ({field}) do not fit this position ({error}); give a token field, `-` for none"
        ))
    })
}

/// The largest fullmove number a position may be read with. Far below `u32::MAX`, so that no
/// game played on from a position read can make the number wrap (it would take three
/// billion more moves).
pub const MAX_FULLMOVE: u32 = 1_000_000_000;

/// A counter field: digits giving a number from `min` to `max`, else an error naming the range.
fn read_counter<T>(text: &str, what: &str, min: T, max: T) -> Result<T, PositionError>
where
    T: Copy + std::fmt::Display + TryFrom<u64>,
    u64: From<T>,
{
    let range = || {
        PositionError::of(
            PositionErrorKind::Fields,
            format!("the {what} must be a whole number from {min} to {max}, not '{text}'"),
        )
    };
    if text.is_empty() || !text.bytes().all(|byte| byte.is_ascii_digit()) {
        return Err(range());
    }
    // Any run of digits past the limit is out of range (a long run would overflow u64).
    let digits = text.trim_start_matches('0');
    let value = if digits.is_empty() { 0 } else { digits.parse::<u64>().unwrap_or(u64::MAX) };
    if value < u64::from(min) || value > u64::from(max) {
        return Err(range());
    }
    T::try_from(value).map_err(|_| range())
}

fn read_placement(pos: &mut Position, text: &str) -> Result<(), PositionError> {
    let variant = Arc::clone(&pos.variant);
    let g = variant.geometry();
    let boards: Vec<&str> = text.split('|').collect();
    if boards.len() != g.boards() {
        return Err(PositionError::of(
            PositionErrorKind::Placement,
            format!("the placement describes {} board(s), the variant has {}", boards.len(), g.boards()),
        ));
    }
    for (b, board) in boards.iter().enumerate() {
        let rows: Vec<&str> = board.split('/').collect();
        if rows.len() != g.ranks as usize {
            return Err(PositionError::of(
                PositionErrorKind::Placement,
                format!("a board needs {} ranks, the placement gives {}", g.ranks, rows.len()),
            ));
        }
        for (i, row) in rows.iter().enumerate() {
            let rank = g.ranks - 1 - i as u8;
            read_row(pos, g, b, rank, row)?;
        }
    }
    Ok(())
}

fn read_row(pos: &mut Position, g: &Geometry, board: usize, rank: u8, row: &str) -> Result<(), PositionError> {
    let mut file: u32 = 0;
    let mut chars = row.chars().peekable();
    let rank_name = rank + 1;
    while let Some(c) = chars.next() {
        if let Some(d) = c.to_digit(10) {
            let mut n = d;
            while let Some(next) = chars.peek().and_then(|c| c.to_digit(10)) {
                n = n.saturating_mul(10).saturating_add(next);
                chars.next();
            }
            if n == 0 {
                return Err(PositionError::of(
                    PositionErrorKind::Placement,
                    format!("rank {rank_name} has an empty run of 0 squares"),
                ));
            }
            file = file.saturating_add(n);
        } else if c == '~' {
            // A promoted piece: marked where the variant returns it to the hand demoted; a
            // marker other tools write, carrying nothing, elsewhere.
            if file > 0 {
                crate::fen_hand::mark_promoted(pos, g.square(board, file as u8 - 1, rank));
            }
        } else {
            // `+X`: the piece X promotes to, promoted from X (shogi's notation).
            let plus = c == '+';
            let c = if plus { chars.next().unwrap_or('+') } else { c };
            let letter_kind = pos.variant.piece_by_letter(c).ok_or_else(|| {
                PositionError::of(
                    PositionErrorKind::Placement,
                    format!("'{c}' on rank {rank_name} is not a piece of this variant"),
                )
            })?;
            let kind = if plus { crate::fen_hand::promoted_kind(pos, letter_kind, rank_name)? } else { letter_kind };
            if file >= g.files as u32 {
                return Err(PositionError::of(
                    PositionErrorKind::Placement,
                    format!("rank {rank_name} has more than {} squares", g.files),
                ));
            }
            let side = if c.is_ascii_uppercase() { Side::White } else { Side::Black };
            let sq = g.square(board, file as u8, rank);
            pos.put_piece(sq, Piece { side, kind });
            if plus {
                crate::fen_hand::set_promoted_from(pos, sq, letter_kind);
            }
            file += 1;
        }
        if file > g.files as u32 {
            return Err(PositionError::of(
                PositionErrorKind::Placement,
                format!("rank {rank_name} has more than {} squares", g.files),
            ));
        }
    }
    if file != g.files as u32 {
        return Err(PositionError::of(
            PositionErrorKind::Placement,
            format!("rank {rank_name} has {file} squares, not {}", g.files),
        ));
    }
    Ok(())
}

/// K8: a pawn on its own second rank counts as never moved; other pieces count as unmoved
/// where they stand (only castling and first-move patterns read this).
fn mark_unmoved_pawns(pos: &mut Position) {
    let g = pos.variant.geometry().clone();
    for side in Side::BOTH {
        let squares: Vec<(Square, Piece)> = pos.pieces_of(side).collect();
        for (sq, piece) in squares {
            let spec = pos.variant.piece(piece.kind);
            let first_move_pawn = spec.pawn && g.relative_rank(sq, side) == 1;
            if first_move_pawn || !spec.pawn {
                pos.unmoved.insert(sq);
            }
        }
    }
}

fn read_castling(pos: &Position, text: &str) -> Result<[[Option<Square>; 2]; 2], PositionError> {
    let mut rights = [[None; 2]; 2];
    if text == "-" {
        return Ok(rights);
    }
    let castling = pos.variant.spec().rules.castling;
    if castling.is_none() {
        return Err(PositionError::of(
            PositionErrorKind::Castling,
            format!("this variant has no castling, but the castling field is '{text}'"),
        ));
    }
    for c in text.chars() {
        let side = if c.is_ascii_uppercase() { Side::White } else { Side::Black };
        let king = pos.castling_king(side).ok_or_else(|| {
            PositionError::of(
                PositionErrorKind::Castling,
                format!("castling right '{c}' but {side} has no piece that castles as the king"),
            )
        })?;
        let rook = match c.to_ascii_lowercase() {
            'k' => outermost_rook(pos, side, king, true),
            'q' => outermost_rook(pos, side, king, false),
            f @ 'a'..='p' => rook_on_file(pos, side, king, f as u8 - b'a'),
            _ => return Err(PositionError::of(PositionErrorKind::Castling, format!("'{c}' is not a castling right"))),
        }
        .ok_or_else(|| {
            PositionError::of(
                PositionErrorKind::Castling,
                format!("castling right '{c}' but there is no {side} rook to castle with"),
            )
        })?;
        let g = pos.geometry();
        let short = g.file_of(rook) > g.file_of(king);
        let slot = &mut rights[side.index()][usize::from(!short)];
        if slot.is_some() {
            return Err(PositionError::of(
                PositionErrorKind::Castling,
                format!("castling field '{text}' gives {side} two rights on one side"),
            ));
        }
        *slot = Some(rook);
    }
    Ok(rights)
}

fn castling_rooks(pos: &Position, side: Side, king: Square) -> impl Iterator<Item = Square> + '_ {
    let g = pos.geometry();
    let rank = g.rank_of(king);
    let board = g.board_of(king);
    pos.pieces_of(side)
        .filter(move |&(sq, p)| {
            pos.variant.piece(p.kind).castling == CastleRole::Rook && g.rank_of(sq) == rank && g.board_of(sq) == board
        })
        .map(|(sq, _)| sq)
}

fn outermost_rook(pos: &Position, side: Side, king: Square, short: bool) -> Option<Square> {
    let g = pos.geometry();
    let kf = g.file_of(king);
    let rooks = castling_rooks(pos, side, king).filter(|&r| (g.file_of(r) > kf) == short);
    if short {
        rooks.max_by_key(|&r| g.file_of(r))
    } else {
        rooks.min_by_key(|&r| g.file_of(r))
    }
}

fn rook_on_file(pos: &Position, side: Side, king: Square, file: u8) -> Option<Square> {
    let g = pos.geometry();
    castling_rooks(pos, side, king).find(|&r| g.file_of(r) == file && file != g.file_of(king))
}

/// The en-passant field of two-board turns: up to one square per board, `A:e3,B:d6`; the
/// pawn that passed it belongs to the player not moving on that board this turn.
fn read_board_en_passants(pos: &mut Position, text: &str) -> Result<(), PositionError> {
    if text == "-" {
        return Ok(());
    }
    for item in text.split(',') {
        let g = pos.geometry();
        let square = g.parse_square_anywhere(item).ok_or_else(|| {
            PositionError::of(
                PositionErrorKind::EnPassant,
                format!("en-passant square '{item}' is not a square of the boards"),
            )
        })?;
        let board = g.board_of(square);
        let mover = if pos.board_of_side(Side::White) == board { Side::Black } else { Side::White };
        pos.ep_boards[board] = read_en_passant(pos, item, mover)?;
    }
    Ok(())
}

/// `w@` / `b@`: that player must teleport this turn; `w:e2e4`: White's pending action.
fn read_turn_state(pos: &mut Position, text: &str) -> Result<(), PositionError> {
    if text == "-" {
        return Ok(());
    }
    if !pos.is_turn_based() {
        return Err(PositionError::of(PositionErrorKind::TurnState, "only two-board turns have an eighth field"));
    }
    for item in text.split(',') {
        match item {
            "w@" => pos.obliged[0] = true,
            "b@" => pos.obliged[1] = true,
            _ => read_pending(pos, item)?,
        }
    }
    Ok(())
}

fn read_pending(pos: &mut Position, item: &str) -> Result<(), PositionError> {
    let action = item.strip_prefix("w:").ok_or_else(|| {
        PositionError::of(PositionErrorKind::TurnState, format!("'{item}' is not turn state (w@, b@, w:ACTION)"))
    })?;
    if pos.side != Side::White.opponent() {
        return Err(PositionError::of(PositionErrorKind::TurnState, "a pending White action needs Black to move"));
    }
    pos.side = Side::White;
    pos.ep = pos.ep_boards[pos.board_of_side(Side::White)];
    let found = crate::notation::parse_lan(pos, action);
    pos.side = Side::Black;
    let mv = found.map_err(|e| PositionError::of(PositionErrorKind::TurnState, format!("pending action: {e}")))?;
    pos.pending = Some(mv);
    Ok(())
}

fn en_passant_text(pos: &Position) -> String {
    let g = pos.geometry();
    if pos.is_turn_based() {
        let squares: Vec<String> = pos.ep_boards.iter().flatten().map(|ep| g.name_on_board(ep.square)).collect();
        return if squares.is_empty() { "-".to_string() } else { squares.join(",") };
    }
    pos.ep.map_or("-".to_string(), |ep| g.name(ep.square))
}

fn turn_state_text(pos: &Position) -> String {
    let mut items = Vec::new();
    for (side, tag) in [(Side::White, "w@"), (Side::Black, "b@")] {
        if pos.obliged[side.index()] {
            items.push(tag.to_string());
        }
    }
    if let Some(mv) = pos.pending {
        let mut white = pos.clone();
        white.side = Side::White;
        white.pending = None;
        items.push(format!("w:{}", crate::notation::lan(&white, mv)));
    }
    items.join(",")
}

fn read_en_passant(pos: &Position, text: &str, mover: Side) -> Result<Option<EnPassant>, PositionError> {
    if text == "-" {
        return Ok(None);
    }
    let g = pos.geometry();
    let square = g.parse_square_anywhere(text).ok_or_else(|| {
        PositionError::of(
            PositionErrorKind::EnPassant,
            format!("en-passant square '{text}' is not a square of the board"),
        )
    })?;
    if !pos.variant.spec().rules.en_passant {
        // Without en passant the field carries nothing (other tools may still write one).
        return Ok(None);
    }
    let victim = double_step_victim(pos, square, mover).ok_or_else(|| {
        PositionError::of(
            PositionErrorKind::EnPassant,
            format!("en-passant square {text} is impossible: no {mover} pawn can just have passed it"),
        )
    })?;
    Ok(Some(EnPassant { square, victim }))
}

/// The square of the `mover` piece whose double step (a pattern that `may be taken en
/// passant`) can just have passed the empty `square`: one step further along that pattern's
/// direction, its origin on the board behind `square`.
fn double_step_victim(pos: &Position, square: Square, mover: Side) -> Option<Square> {
    if pos.piece_at(square).is_some() {
        return None;
    }
    let forward = Position::forward(mover);
    let v = &pos.variant;
    let directions = v.spec().pieces.iter().flat_map(|piece| &piece.patterns).filter(|p| p.en_passant == EpRole::Sets);
    directions.map(|p| (i32::from(p.dx), i32::from(p.dy) * forward)).find_map(|(dx, dy)| {
        let victim = first_existing_square_along(pos, square, dx, dy)?;
        pos.geometry().offset(square, -dx, -dy)?;
        let moved_so = pos.piece_at(victim).is_some_and(|piece| {
            piece.side == mover
                && v.piece(piece.kind)
                    .patterns
                    .iter()
                    .any(|q| q.en_passant == EpRole::Sets && (q.dx, q.dy) == (dx as i8, (dy * forward) as i8))
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

fn read_tokens(pos: &mut Position, text: &str) -> Result<(), PositionError> {
    if text == "-" {
        return Ok(());
    }
    let variant = Arc::clone(&pos.variant);
    for group in text.split(';') {
        let (name, squares) = group.split_once('=').ok_or_else(|| {
            PositionError::of(PositionErrorKind::Tokens, format!("token group '{group}' must read kind=square,..."))
        })?;
        let kind = variant.token_by_name(name).ok_or_else(|| {
            PositionError::of(PositionErrorKind::Tokens, format!("'{name}' is not a token of this variant"))
        })?;
        for item in squares.split(',') {
            let (sq, count, timer) = read_token_item(variant.geometry(), item)?;
            let current = pos.tokens[sq.index()];
            if current.count > 0 && current.kind != kind {
                return Err(PositionError::of(
                    PositionErrorKind::Tokens,
                    format!("{item}: two kinds of token on one square"),
                ));
            }
            let count = if current.count > 0 { current.count.checked_add(count) } else { Some(count) };
            let count = count.ok_or_else(|| too_high_stack(item))?;
            pos.write_tokens(sq, TokenStack { kind, count, timer: timer.max(current.timer) });
        }
    }
    Ok(())
}

/// A stack past the most tokens one square holds.
fn too_high_stack(item: &str) -> PositionError {
    PositionError::of(PositionErrorKind::Tokens, format!("{item}: a square holds at most {} tokens", u8::MAX))
}

/// `e5`, `f3*2`, `e5(2)`, `B:a4`.
fn read_token_item(g: &Geometry, item: &str) -> Result<(Square, u8, u16), PositionError> {
    let bad = || {
        PositionError::of(PositionErrorKind::Tokens, format!("'{item}' is not a token square (e5, f3*2, e5(2), B:a4)"))
    };
    let (rest, timer) = match item.strip_suffix(')') {
        Some(inner) => {
            let (sq, t) = inner.split_once('(').ok_or_else(bad)?;
            (sq, read_counter(t, &format!("lifetime of token '{item}'"), 0, u16::MAX)?)
        }
        None => (item, 0),
    };
    let (sq_text, count) = match rest.split_once('*') {
        Some((sq, n)) => {
            let count = n.parse::<u64>().map_err(|_| bad())?;
            (sq, u8::try_from(count).map_err(|_| too_high_stack(item))?)
        }
        None => (rest, 1),
    };
    if count == 0 {
        return Err(bad());
    }
    let sq = g.parse_square_anywhere(sq_text).ok_or_else(bad)?;
    Ok((sq, count, timer))
}

/// The checks that make a read position one that can occur.
fn check_position(pos: &Position) -> Result<(), PositionError> {
    let one_royal = pos.variant.spec().rules.royals == crate::spec::RoyalRule::ExactlyOne;
    for side in Side::BOTH.into_iter().filter(|_| one_royal) {
        // A royal piece in the hand (Placement chess) counts: it is dropped before play.
        match pos.royals(side).count() + crate::fen_hand::royals_in_hand(pos, side) {
            0 => return Err(PositionError::of(PositionErrorKind::Kings, format!("{side} has no king"))),
            1 => {}
            n => return Err(PositionError::of(PositionErrorKind::Kings, format!("{side} has {n} kings"))),
        }
    }
    if pos.variant.tokens().is_empty() {
        check_pawn_ranks(pos)?;
    }
    check_token_counts(pos)
}

/// SP1, SP4: a kind with an exact count has exactly that many tokens (stacks count each).
fn check_token_counts(pos: &Position) -> Result<(), PositionError> {
    for (kind, spec) in pos.variant.tokens().iter().enumerate() {
        if let crate::spec::LayoutRule::Exactly(n) = spec.layout {
            let count: u32 = pos
                .token_squares()
                .filter_map(|sq| pos.tokens_at(sq))
                .filter(|t| t.kind as usize == kind)
                .map(|t| t.count as u32)
                .sum();
            if count != n as u32 {
                return Err(PositionError::of(
                    PositionErrorKind::Tokens,
                    format!("this variant has exactly {n} {}s, the position has {count}", spec.name),
                ));
            }
        }
    }
    Ok(())
}

/// Without tokens a pawn can never stand on its first rank (unless one of its movements is
/// made `from rank 1`), nor unpromoted on its last, unless it may be dropped there.
fn check_pawn_ranks(pos: &Position) -> Result<(), PositionError> {
    let g = pos.geometry();
    for side in Side::BOTH {
        for (sq, p) in pos.pieces_of(side) {
            let spec = pos.variant.piece(p.kind);
            let Some(promo) = &spec.promotion else { continue };
            let rel = g.relative_rank(sq, side);
            // A piece dropped there stands there too (unpromoted).
            let dropped_there = pos.variant.hand_tables.drops && pos.variant.hand_tables.may_drop_on_rank(p.kind, rel);
            let first_rank = rel == 0 && !moves_from_first_rank(spec);
            if !dropped_there && (first_rank || rel >= g.ranks - promo.zone_ranks) {
                return Err(PositionError::of(
                    PositionErrorKind::Placement,
                    format!("a {side} {} cannot stand on {}", spec.name, g.name(sq)),
                ));
            }
        }
    }
    Ok(())
}

/// Whether a movement of the piece is made only from its first rank (`from rank 1`): the
/// variant then means the piece to stand there.
fn moves_from_first_rank(spec: &crate::spec::PieceSpec) -> bool {
    spec.patterns.iter().any(|pattern| pattern.condition == crate::spec::PatternCondition::FromRank(0))
}

fn placement(pos: &Position) -> String {
    let g = pos.geometry();
    let mut boards = Vec::new();
    for b in 0..g.boards() {
        let mut rows = Vec::new();
        for rank in (0..g.ranks).rev() {
            let mut row = String::new();
            let mut empty = 0;
            for file in 0..g.files {
                match pos.piece_at(g.square(b, file, rank)) {
                    None => empty += 1,
                    Some(p) => {
                        if empty > 0 {
                            row.push_str(&empty.to_string());
                            empty = 0;
                        }
                        let sq = g.square(b, file, rank);
                        crate::fen_hand::write_piece(pos, sq, p, &mut row);
                    }
                }
            }
            if empty > 0 {
                row.push_str(&empty.to_string());
            }
            rows.push(row);
        }
        boards.push(rows.join("/"));
    }
    boards.join("|")
}

/// `KQkq` where the rooks stand where those letters find them, file letters otherwise.
fn castling_text(pos: &Position) -> String {
    let g = pos.geometry();
    let mut text = String::new();
    for side in Side::BOTH {
        let Some(king) = pos.castling_king(side) else { continue };
        for (slot, short) in [(0, true), (1, false)] {
            let Some(rook) = pos.castling[side.index()][slot] else { continue };
            let letter = if outermost_rook(pos, side, king, short) == Some(rook) {
                if short {
                    'k'
                } else {
                    'q'
                }
            } else {
                (b'a' + g.file_of(rook)) as char
            };
            text.push(if side == Side::White { letter.to_ascii_uppercase() } else { letter });
        }
    }
    if text.is_empty() {
        text.push('-');
    }
    text
}

fn format_tokens(pos: &Position, layout: &[(TokenId, Square)]) -> String {
    let stack = |sq: Square| {
        let t = pos.tokens[sq.index()];
        (t.count, t.timer)
    };
    format_token_groups(&pos.variant, layout, stack)
}

/// The token field for a layout of single tokens (used for a variant's start position; a
/// square listed twice reads back as a stack).
pub(crate) fn format_token_field(variant: &Variant, layout: &[(TokenId, Square)]) -> String {
    format_token_groups(variant, layout, |_| (1, 0))
}

/// `kind=sq,sq*2,sq(3);kind=...`, with each square's stack count and timer.
fn format_token_groups(variant: &Variant, layout: &[(TokenId, Square)], stack: impl Fn(Square) -> (u8, u16)) -> String {
    let g = variant.geometry();
    let mut groups = Vec::new();
    for (kind, spec) in variant.tokens().iter().enumerate() {
        let items: Vec<String> = layout
            .iter()
            .filter(|(k, _)| *k as usize == kind)
            .map(|&(_, sq)| {
                let (count, timer) = stack(sq);
                let mut item = g.name_on_board(sq);
                if count > 1 {
                    item.push_str(&format!("*{count}"));
                }
                if timer > 0 {
                    item.push_str(&format!("({timer})"));
                }
                item
            })
            .collect();
        if !items.is_empty() {
            groups.push(format!("{}={}", spec.name, items.join(",")));
        }
    }
    groups.join(";")
}
