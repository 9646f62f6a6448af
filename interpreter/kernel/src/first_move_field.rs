//! First-move rights in the position notation: where a variant says `first-move rights are in
//! the castling field`, the castling field names, by file letter, the pieces on each side's
//! first rank that have not moved yet and have a movement of their first move (Cambodian
//! chess's king and met: `DEde`, White's upper case, Black's lower case, as Fairy-Stockfish
//! writes them); `-` when none has. Such pieces named nowhere have moved.

use crate::error::{PositionError, PositionErrorKind};
use crate::geometry::{Side, Square};
use crate::position::{code_kind, Position, PIECE_BITS};
use crate::spec::PatternCondition;

impl Position {
    /// Whether the piece on `sq` has a movement only for its first move (a pawn's excepted:
    /// K8 reads its rank).
    fn has_first_move(&self, sq: Square) -> bool {
        self.piece_at(sq).is_some_and(|piece| {
            let spec = self.variant.piece(piece.kind);
            !spec.pawn
                && spec
                    .patterns
                    .iter()
                    .any(|p| matches!(p.condition, PatternCondition::FirstMove | PatternCondition::FirstMoveOutOfCheck))
        })
    }

    /// The squares of the unmoved pieces the castling field names, in the variants where it
    /// names them; `None` elsewhere.
    pub(crate) fn first_move_squares(&self) -> Option<Vec<Square>> {
        if !self.variant.spec().rules.first_moves.in_castling_field {
            return None;
        }
        let named =
            |sq: &Square| self.board.unmoved.contains(*sq) && self.has_first_move(*sq) && self.on_first_rank(*sq);
        let mut squares: Vec<Square> =
            Side::BOTH.into_iter().flat_map(|side| self.pieces_of(side)).map(|(sq, _)| sq).collect();
        squares.retain(named);
        Some(squares)
    }

    fn on_first_rank(&self, sq: Square) -> bool {
        self.piece_at(sq).is_some_and(|piece| self.geometry().relative_rank(sq, piece.side) == 0)
    }

    /// After K8 has marked every piece unmoved: the pieces with a first-move movement keep it
    /// only where `named` lists them. Each named square must hold such a piece.
    pub(crate) fn keep_first_moves(&mut self, named: Option<&[Square]>) -> Result<(), PositionError> {
        let Some(named) = named else { return Ok(()) };
        if let Some(&stray) = named.iter().find(|&&sq| !self.has_first_move(sq)) {
            let name = self.geometry().name(stray);
            return Err(PositionError::of(
                PositionErrorKind::Castling,
                format!("the castling field names {name}, where no piece has a movement for its first move"),
            ));
        }
        let squares: Vec<Square> =
            Side::BOTH.into_iter().flat_map(|side| self.pieces_of(side)).map(|(sq, _)| sq).collect();
        for sq in squares {
            if self.has_first_move(sq) && !named.contains(&sq) {
                self.board.unmoved.remove(sq);
            }
        }
        Ok(())
    }
}

/// The castling field's first-move rights, where the variant writes them there: each letter
/// a file of the first board, upper case on White's first rank, lower case on Black's.
pub(crate) fn read_first_moves(board: &Position, field: &str) -> Result<Option<Vec<Square>>, PositionError> {
    if !board.variant.spec().rules.first_moves.in_castling_field {
        return Ok(None);
    }
    if field == "-" {
        return Ok(Some(Vec::new()));
    }
    let g = board.geometry();
    let mut squares = Vec::new();
    for letter in field.chars() {
        let file = u8::try_from(letter.to_ascii_lowercase()).ok().and_then(|b| b.checked_sub(b'a'));
        let Some(file) = file.filter(|&f| f < g.files && letter.is_ascii_alphabetic()) else {
            return Err(PositionError::of(
                PositionErrorKind::Castling,
                format!("'{letter}' in the castling field is not a file of the board"),
            ));
        };
        let rank = if letter.is_ascii_uppercase() { 0 } else { g.ranks - 1 };
        squares.push(g.square(0, file, rank));
    }
    Ok(Some(squares))
}

/// The castling field of a variant that writes first-move rights there: White's files in
/// upper case, then Black's, `-` when there are none.
pub(crate) fn first_moves_text(pos: &Position) -> Option<String> {
    let squares = pos.first_move_squares()?;
    let g = pos.geometry();
    let mut text = String::new();
    for side in Side::BOTH {
        let mut files: Vec<u8> = squares
            .iter()
            .filter(|&&sq| pos.piece_at(sq).is_some_and(|p| p.side == side))
            .map(|&sq| g.file_of(sq))
            .collect();
        files.sort_unstable();
        for file in files {
            let letter = char::from(b'a' + file);
            text.push(if side == Side::White { letter.to_ascii_uppercase() } else { letter });
        }
    }
    if text.is_empty() {
        text.push('-');
    }
    Some(text)
}

impl Position {
    /// After a ply: a move by a piece of a kind that takes first moves, ending on the file or
    /// rank of an unmoved enemy piece of the kind it takes them from, takes that piece's first
    /// move (logged for unmake).
    pub(crate) fn take_first_moves(&mut self, mv: crate::moves::Move) {
        let rules = &self.variant.spec().rules.first_moves;
        if rules.lost_to.is_empty() || matches!(mv, crate::moves::Move::Castle { .. }) {
            return;
        }
        let Some(to) = mv.to() else { return };
        let Some(mover) = self.piece_at(to) else { return };
        let g = self.geometry();
        let in_line = |sq: Square| {
            sq != to
                && g.board_of(sq) == g.board_of(to)
                && (g.file_of(sq) == g.file_of(to) || g.rank_of(sq) == g.rank_of(to))
        };
        let victims: Vec<Square> = self
            .pieces_of(mover.side.opponent())
            .filter(|&(sq, piece)| {
                self.board.unmoved.contains(sq) && in_line(sq) && rules.lost_to.contains(&(piece.kind, mover.kind))
            })
            .map(|(sq, _)| sq)
            .collect();
        for sq in victims {
            self.board.unmoved.remove(sq);
            self.history.push_first_move(sq);
        }
    }

    /// The hash of the first-move rights: one key for each square whose piece has not moved
    /// and has a first-move pattern.
    pub(crate) fn first_move_key(&self) -> u64 {
        let kinds = self.variant.first_move_kinds;
        let zobrist = &self.variant.zobrist;
        self.board
            .unmoved
            .iter()
            .filter(|sq| {
                let code = self.board.cells[sq.index()] & PIECE_BITS;
                code != 0 && kinds & 1 << code_kind(code) != 0
            })
            .fold(0, |key, sq| key ^ zobrist.first_move(sq.index()))
    }

    /// Gives back the first moves taken since the log had `mark` entries.
    pub(crate) fn restore_first_moves(&mut self, mark: usize) {
        while let Some(sq) = self.history.pop_first_move_above(mark) {
            self.board.unmoved.insert(sq);
        }
    }
}
