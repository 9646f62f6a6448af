//! The hands in the position notation, as Fairy-Stockfish writes them: after the placement in
//! brackets (`.../RNBQKBNR[Qn]`, `[]` for empty hands), or as one more rank after a slash
//! (`.../RNBQKBNR/Qn`); White's pieces in upper case, Black's in lower case. Written in the
//! bracket form, strongest kind first (the reverse of the declaration order). Also the marks
//! of promoted pieces in the placement: `Q~` (Crazyhouse) and `+P` (shogi).

use crate::error::{PositionError, PositionErrorKind};
use crate::geometry::{Side, Square};
use crate::position::Position;
use crate::spec::PieceId;

/// Splits the hands off a placement field: the board part and the hand text, if any.
pub(crate) fn split_hands<'a>(pos: &Position, placement: &'a str) -> Result<(&'a str, Option<&'a str>), PositionError> {
    if let Some(open) = placement.find('[') {
        let Some(inner) = placement[open + 1..].strip_suffix(']') else {
            return Err(hand_error("a hand opened with '[' must close with ']' at the end of the placement"));
        };
        return Ok((&placement[..open], Some(inner)));
    }
    let ranks = usize::from(pos.geometry().ranks);
    if pos.has_hands() && pos.geometry().boards() == 1 && placement.split('/').count() == ranks + 1 {
        let slash = placement.rfind('/').expect("more than one rank");
        return Ok((&placement[..slash], Some(&placement[slash + 1..])));
    }
    Ok((placement, None))
}

/// Reads the hand text (`Qn`, `QRBNPqrbnp`, empty) into the position's hands.
pub(crate) fn read_hands(pos: &mut Position, text: &str) -> Result<(), PositionError> {
    if !pos.has_hands() {
        if text.is_empty() {
            return Ok(());
        }
        return Err(hand_error(format!("this variant has no hands, the position gives '{text}'")));
    }
    for letter in text.chars() {
        let kind = pos
            .variant
            .piece_by_letter(letter)
            .ok_or_else(|| hand_error(format!("'{letter}' in the hand is not a piece of this variant")))?;
        if pos.variant.is_royal(kind) && !pos.variant.hand_tables.drops {
            return Err(hand_error(format!("'{letter}' in the hand is royal")));
        }
        let side = if letter.is_ascii_uppercase() { Side::White } else { Side::Black };
        let count = pos.hand_count(side, kind);
        if count == u8::MAX {
            return Err(hand_error(format!("more than {} '{letter}' in the hand", u8::MAX)));
        }
        pos.set_hand_count(side, kind, count + 1);
    }
    Ok(())
}

/// The hands in brackets (`[Qn]`, `[]`), or nothing when the variant has no hands.
pub(crate) fn hands_text(pos: &Position) -> String {
    if !pos.has_hands() {
        return String::new();
    }
    let mut text = String::from("[");
    for side in Side::BOTH {
        for kind in (0..pos.variant.pieces().len()).rev() {
            let letter = pos.variant.pieces()[kind].letter;
            let letter = if side == Side::White { letter } else { letter.to_ascii_lowercase() };
            for _ in 0..pos.hand_count(side, kind as u8) {
                text.push(letter);
            }
        }
    }
    text.push(']');
    text
}

fn hand_error(message: impl Into<String>) -> PositionError {
    PositionError::of(PositionErrorKind::Placement, message)
}

/// A `~` after a piece: it is promoted, from the kind that promotes to it (marked only where
/// the variant returns promoted pieces to the hand demoted; elsewhere `~` carries nothing).
pub(crate) fn mark_promoted(pos: &mut Position, sq: Square) {
    let tables = &pos.variant.hand_tables;
    if !tables.marks_promoted {
        return;
    }
    if let Some(origin) = pos.piece_at(sq).and_then(|piece| tables.promotes_from(piece.kind)) {
        pos.board.promoted[sq.index()] = origin + 1;
    }
}

/// How many royal pieces `side` holds in hand.
pub(crate) fn royals_in_hand(pos: &Position, side: Side) -> usize {
    pos.hand(side).filter(|&(kind, _)| pos.variant.is_royal(kind)).map(|(_, count)| usize::from(count)).sum()
}

/// The one kind `origin` promotes to, for `+X` (an error when it promotes to none or to
/// several).
pub(crate) fn promoted_kind(pos: &Position, origin: PieceId, rank_name: u8) -> Result<PieceId, PositionError> {
    let spec = pos.variant.piece(origin);
    match spec.promotion.as_ref().map(|promotion| promotion.choices.as_slice()) {
        Some(&[kind]) => Ok(kind),
        _ => Err(PositionError::of(
            PositionErrorKind::Placement,
            format!("'+{}' on rank {rank_name}: a {} does not promote to one kind", spec.letter, spec.name),
        )),
    }
}

/// Marks the piece on `sq` as promoted from `origin` (where the variant keeps the marks).
pub(crate) fn set_promoted_from(pos: &mut Position, sq: Square, origin: PieceId) {
    if pos.variant.hand_tables.marks_promoted {
        pos.board.promoted[sq.index()] = origin + 1;
    }
}

/// Writes the piece on `sq`: its letter (lower case for Black); a piece marked as promoted
/// from a kind with one promotion as `+` and that kind's letter (`+P`, shogi's notation),
/// any other marked piece with `~` after its letter (`Q~`, Crazyhouse's).
pub(crate) fn write_piece(pos: &Position, sq: Square, piece: crate::position::Piece, row: &mut String) {
    let case = |letter: char| if piece.side == Side::White { letter } else { letter.to_ascii_lowercase() };
    let origin = pos.promoted_from(sq);
    let single = origin.filter(|&origin| {
        pos.variant.piece(origin).promotion.as_ref().is_some_and(|promotion| promotion.choices == [piece.kind])
    });
    if let Some(origin) = single {
        row.push('+');
        row.push(case(pos.variant.piece(origin).letter));
        return;
    }
    row.push(case(pos.variant.piece(piece.kind).letter));
    if origin.is_some() {
        row.push('~');
    }
}
