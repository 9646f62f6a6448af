//! Resolving a SAN piece move (`Nf3`, `Rxe1`, `Qh4+`, `Nbd2`) from the attack sets of the
//! kinds its letter names onto its square, and a SAN pawn move (`e4`, `exd5`) from the
//! squares behind its square, for replaying records quickly. It answers only when exactly
//! one legal move matches, and only where that is sure: no origin square written in full
//! (long algebraic may name castling), no promotion or transit, a variant with one pawn
//! kind, and a position the fast path plays. Otherwise it says nothing and
//! the caller resolves as before ([`super::resolve_candidates`]), which also explains an
//! illegal or ambiguous move.

use super::resolve::kernel_square;
use super::text::{Action, Notation};
use crate::geometry::Square;
use crate::moves::Move;
use crate::position::Position;

/// The one legal move `notation` names, when it is a piece move this path decides.
#[must_use]
pub fn resolve_piece_move(pos: &Position, notation: &Notation) -> Option<Move> {
    let Action::Move(board_move) = notation.action else {
        return None;
    };
    let long_algebraic = board_move.from_file.is_some() && board_move.from_rank.is_some();
    if long_algebraic || board_move.exit.is_some() || board_move.promotion.is_some() {
        return None;
    }
    if pos.fast_rules().is_none() || pos.is_turn_based() || pos.is_warped() || pos.variant.dedup {
        return None;
    }
    let Some(letter) = board_move.piece else {
        return resolve_pawn_move(pos, notation);
    };
    let kinds = kinds_lettered(pos, letter)?;
    let to = kernel_square(pos, board_move.to)?;
    let origins = pos.fast_origins_to(kinds, to.index())?;
    // The origins hold pieces of the kinds lettered, moving legally onto the square named
    // (no promotion, no exit): all the text still asks is the origin file or rank written.
    let written = written_origins(pos, origins, board_move.from_file, board_move.from_rank);
    (written.count_ones() == 1).then(|| Move::Normal {
        from: Square(written.trailing_zeros() as u16),
        to,
        promotion: None,
    })
}

/// The squares of `origins` on the file and rank written (each only when written).
fn written_origins(pos: &Position, origins: u64, file: Option<u8>, rank: Option<u8>) -> u64 {
    if file.is_none() && rank.is_none() {
        return origins;
    }
    let g = pos.geometry();
    let mut kept = 0;
    let mut rest = origins;
    while rest != 0 {
        let from = Square(rest.trailing_zeros() as u16);
        rest &= rest - 1;
        if file.is_none_or(|file| g.file_of(from) == file) && rank.is_none_or(|rank| g.rank_of(from) == rank) {
            kept |= 1 << from.index();
        }
    }
    kept
}

/// A SAN pawn move (no letter, no origin rank) in a variant with one pawn kind.
fn resolve_pawn_move(pos: &Position, notation: &Notation) -> Option<Move> {
    let Action::Move(board_move) = notation.action else {
        return None;
    };
    if board_move.from_rank.is_some() || pos.variant().pieces().iter().filter(|spec| spec.pawn).count() != 1 {
        return None;
    }
    let to = kernel_square(pos, board_move.to)?;
    // The move found is a pawn's from the file written (the target's when none), onto the
    // square named, without promotion: everything the text asks.
    pos.fast_pawn_move_to(board_move.from_file.map(usize::from), to.index())
}

/// The kinds (a bit mask) whose letter is `letter`; `None` when it names a pawn kind or a
/// kind beyond a mask's reach.
fn kinds_lettered(pos: &Position, letter: u8) -> Option<u32> {
    let mut kinds = 0u32;
    for (kind, spec) in pos.variant().pieces().iter().enumerate() {
        if spec.letter == char::from(letter) || (letter == b'P' && spec.pawn) {
            if spec.pawn || kind >= 32 {
                return None;
            }
            kinds |= 1 << kind;
        }
    }
    Some(kinds)
}
