//! The position notation: FEN (X-FEN and Shredder castling letters accepted), extended
//! with one placement per board joined by `|` and a seventh field listing tokens:
//!
//! ```text
//! rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 porthole=c3,f3*2,a4
//! ```
//!
//! Each token group is `kind=square,square,...`, groups joined by `;`. `f3*2` is a stack of
//! two, `e5(2)` a token with two plies left, `B:a4` a square of board `B`. Reading gives a
//! [`Setup`], which [`Position::from_setup`] checks; printing gives back text that reads to
//! the same position.

use std::sync::Arc;

use crate::error::{PositionError, PositionErrorKind};
use crate::geometry::{Geometry, Side, Square};
use crate::position::{Piece, Position, TokenStack};
use crate::setup::Setup;
use crate::spec::{CastleRole, TokenId};
use crate::variant::Variant;

impl Position {
    /// Reads a position of `variant`, checking that it can occur: [`Setup::from_fen`], then
    /// [`Position::from_setup`]. Without a token field the variant's default tokens are laid
    /// out (K8); castling rights the variant does not have are ignored (see
    /// [`Position::from_fen_with_warnings`] for the warning).
    ///
    /// # Errors
    ///
    /// A [`PositionError`] naming the field and the reason when `text` is not a position of `variant` or one
    /// that cannot occur (no royal piece, a pawn on its last rank, a token kind the variant lacks, bad clocks).
    ///
    /// ```
    /// use holechess_kernel::Position;
    /// # let variant = holechess_testkit::orthodox();
    /// let position = Position::from_fen(&variant, "4k3/8/8/8/8/8/8/4K3 b - - 0 1").unwrap();
    /// assert_eq!(position.fen(), "4k3/8/8/8/8/8/8/4K3 b - - 0 1");
    /// let error = Position::from_fen(&variant, "8/8/8/8/8/8/8/4K3 w - - 0 1").unwrap_err();
    /// assert_eq!(error.to_string(), "black has no king");
    /// ```
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
        let (setup, warnings) = Setup::from_fen_with_warnings(variant, text)?;
        Ok((Position::from_setup(variant, setup)?, warnings))
    }

    /// The position in the kernel's notation (tokens in a seventh field when there are any).
    ///
    /// ```
    /// use holechess_kernel::Position;
    /// # let chess = holechess_testkit::orthodox();
    /// let fen = "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1";
    /// assert_eq!(Position::from_fen(&chess, fen).unwrap().fen(), fen);
    /// ```
    #[must_use]
    pub fn fen(&self) -> String {
        let mut fields = vec![
            placement(self) + &crate::fen_hand::hands_text(self),
            self.state.side.letter().to_string(),
            crate::first_move_field::first_moves_text(self).unwrap_or_else(|| castling_text(self)),
            en_passant_text(self),
        ];
        fields.extend(self.checks_field());
        fields.extend([self.state.halfmove.to_string(), self.state.fullmove.to_string()]);
        let layout: Vec<(TokenId, Square)> = self
            .token_squares()
            .flat_map(|sq| {
                let t = self.board.tokens[sq.index()];
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

impl Setup {
    /// Reads the fields of a position text of `variant`, without checking that the
    /// position can occur ([`Position::from_setup`] does). Without a token field the
    /// variant's default tokens are laid out (K8); a castling field in a variant without
    /// castling is ignored.
    ///
    /// # Errors
    ///
    /// A [`PositionError`] naming the field and the reason when `text` cannot be read: fields
    /// missing or too many, an unknown piece letter or token kind, a rank of the wrong
    /// length, a square off the boards, a castling letter with no rook, a counter out of range.
    ///
    /// ```
    /// use holechess_kernel::{Setup, Side};
    /// # let variant = holechess_testkit::orthodox();
    /// let setup = Setup::from_fen(&variant, "8/8/8/8/8/8/8/4K3 b - - 0 7").unwrap();
    /// assert_eq!((setup.pieces.len(), setup.side_to_move, setup.fullmove_number), (1, Side::Black, 7));
    /// ```
    pub fn from_fen(variant: &Arc<Variant>, text: &str) -> Result<Setup, PositionError> {
        Setup::from_fen_with_warnings(variant, text).map(|(setup, _)| setup)
    }

    /// [`Setup::from_fen`], with what was ignored in words (K8).
    ///
    /// # Errors
    ///
    /// As [`Setup::from_fen`].
    pub fn from_fen_with_warnings(variant: &Arc<Variant>, text: &str) -> Result<(Setup, Vec<String>), PositionError> {
        let mut warnings = Vec::new();
        let fields: Vec<&str> = text.split_whitespace().collect();
        let (fields, checks_given) = crate::check_count::split_check_field(variant, fields)?;
        if fields.is_empty() {
            return Err(PositionError::of(PositionErrorKind::Fields, "the position is empty"));
        }
        if fields.len() > 8 {
            return Err(PositionError::of(
                PositionErrorKind::Fields,
                format!("a position has at most 8 fields, this one has {}", fields.len()),
            ));
        }
        // The board the letters of the other fields are read against (castling letters name
        // rooks on it); nothing about it is checked here.
        let mut board = Position::empty(variant);
        let (placement_text, hands) = crate::fen_hand::split_hands(&board, fields[0])?;
        read_placement(&mut board, placement_text)?;
        crate::fen_hand::read_hands(&mut board, hands.unwrap_or_default())?;
        let side_to_move = match fields.get(1).copied().unwrap_or("w") {
            "w" => Side::White,
            "b" => Side::Black,
            other => {
                return Err(PositionError::of(
                    PositionErrorKind::Fields,
                    format!("side to move must be 'w' or 'b', not '{other}'"),
                ))
            }
        };
        let castling_field = fields.get(2).copied().unwrap_or("-");
        let mut castling = [[None; 2]; 2];
        let first_moves = crate::first_move_field::read_first_moves(&board, castling_field)?;
        if first_moves.is_some() {
            // The field names pieces that have not moved yet, not castling rights.
        } else if castling_field != "-" && variant.spec().rules.castling.is_none() {
            warnings.push(format!(
                "the castling field '{castling_field}' is ignored: {} has no castling",
                variant.spec().title
            ));
        } else {
            castling = read_castling(&board, castling_field)?;
        }
        match fields.get(6) {
            Some(tokens) => read_tokens(&mut board, tokens)?,
            None => read_default_tokens(&mut board)?,
        }
        let halfmove_clock = read_counter(fields.get(4).copied().unwrap_or("0"), "halfmove clock", 0, u16::MAX)?;
        let fullmove_number =
            read_counter(fields.get(5).copied().unwrap_or("1"), "fullmove number", 0, MAX_FULLMOVE)?.max(1);
        let en_passant = read_en_passant_squares(&board, fields.get(3).copied().unwrap_or("-"))?;
        let (obliged, pending_action) = match fields.get(7) {
            Some(state) => read_turn_state(&board, state)?,
            None => ([false; 2], None),
        };
        let mut pieces: Vec<(Square, Piece)> = board.pieces_of(Side::White).collect();
        pieces.extend(board.pieces_of(Side::Black));
        let tokens = board.token_squares().filter_map(|sq| board.tokens_at(sq).map(|stack| (sq, stack))).collect();
        let setup = Setup {
            hands: board.hands_list(),
            promoted: board.promoted_list(),
            pieces,
            tokens,
            side_to_move,
            castling,
            en_passant,
            halfmove_clock,
            fullmove_number,
            obliged,
            pending_action,
            checks_given,
            first_moves,
        };
        Ok((setup, warnings))
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
            PositionErrorKind::Counters,
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
    if let Some((short_file, long_file)) = pos.variant.spec().rules.castling_rook_files {
        // The rook nearest the declared file, on it or towards the king.
        return if short {
            rooks.filter(|&r| g.file_of(r) <= short_file).max_by_key(|&r| g.file_of(r))
        } else {
            rooks.filter(|&r| g.file_of(r) >= long_file).min_by_key(|&r| g.file_of(r))
        };
    }
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

/// The en-passant field: `-`, a square, or on two boards up to one square per board
/// (`A:e3,B:d6`). Squares only: whether a pawn can just have passed them is the setup's
/// check. A variant without en passant ignores the field (other tools may still write one).
fn read_en_passant_squares(pos: &Position, text: &str) -> Result<Vec<Square>, PositionError> {
    if text == "-" {
        return Ok(Vec::new());
    }
    let items: Vec<&str> = if pos.is_turn_based() { text.split(',').collect() } else { vec![text] };
    let boards = if pos.is_turn_based() { "boards" } else { "board" };
    let mut squares = Vec::new();
    for item in items {
        let square = pos.geometry().parse_square_anywhere(item).ok_or_else(|| {
            PositionError::of(
                PositionErrorKind::EnPassant,
                format!("en-passant square '{item}' is not a square of the {boards}"),
            )
        })?;
        squares.push(square);
    }
    if !pos.variant.spec().rules.en_passant {
        squares.clear();
    }
    Ok(squares)
}

/// The eighth field of two-board turns: `w@` / `b@`, that player must teleport this turn;
/// `w:e2e4`, White's pending action.
fn read_turn_state(pos: &Position, text: &str) -> Result<([bool; 2], Option<String>), PositionError> {
    let mut obliged = [false; 2];
    let mut pending = None;
    if text == "-" {
        return Ok((obliged, pending));
    }
    if !pos.is_turn_based() {
        return Err(PositionError::of(PositionErrorKind::TurnState, "only two-board turns have an eighth field"));
    }
    for item in text.split(',') {
        match item {
            "w@" => obliged[0] = true,
            "b@" => obliged[1] = true,
            _ => {
                let action = item.strip_prefix("w:").ok_or_else(|| {
                    PositionError::of(
                        PositionErrorKind::TurnState,
                        format!("'{item}' is not turn state (w@, b@, w:ACTION)"),
                    )
                })?;
                pending = Some(action.to_owned());
            }
        }
    }
    Ok((obliged, pending))
}

fn en_passant_text(pos: &Position) -> String {
    let g = pos.geometry();
    if pos.is_turn_based() {
        let squares: Vec<String> = pos.state.ep_boards.iter().flatten().map(|ep| g.name_on_board(ep.square)).collect();
        return if squares.is_empty() { "-".to_string() } else { squares.join(",") };
    }
    pos.state.ep.map_or("-".to_string(), |ep| g.name(ep.square))
}

fn turn_state_text(pos: &Position) -> String {
    let mut items = Vec::new();
    for (side, tag) in [(Side::White, "w@"), (Side::Black, "b@")] {
        if pos.state.obliged[side.index()] {
            items.push(tag.to_string());
        }
    }
    if let Some(mv) = pos.state.pending {
        let mut white = pos.clone();
        white.state.side = Side::White;
        white.state.pending = None;
        items.push(format!("w:{}", crate::notation::lan(&white, mv)));
    }
    items.join(",")
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
            let current = pos.board.tokens[sq.index()];
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
            let Some(rook) = pos.state.castling[side.index()][slot] else { continue };
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
        let t = pos.board.tokens[sq.index()];
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
