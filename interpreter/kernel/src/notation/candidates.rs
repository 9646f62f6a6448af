//! The moves a notation can name, generated alone: for a board move, the legal moves to its
//! square (the entry square of a transit) of the pieces its letter or origin allows, with
//! castling, which long algebraic writes as a king move; for castling, castling alone.
//! Replaying a record resolves each ply against these few moves instead of every legal
//! move, and falls back to every legal move only when they do not give exactly one answer
//! (an illegal or ambiguous move is then explained as before). Warped boards and two-board
//! turns find their candidates in [`super::named_first`]; special moves always take every
//! legal move.

use super::resolve::{kernel_square, matches_action};
use super::text::{Action, BoardMove, Notation};
use crate::moves::{Move, MoveList};
use crate::position::Position;

/// What resolving a notation against its candidates gave.
#[derive(Debug)]
pub enum Candidates {
    /// Exactly this legal move matches.
    One(Move),
    /// Not exactly one: `legal` now holds every legal move of the position, for
    /// [`super::resolve()`] and [`super::explain_illegal`].
    Unresolved,
}

/// The legal move `notation` names, decided from its candidates alone when exactly one
/// matches; otherwise every legal move is left in `legal`. Nothing is allocated once
/// `legal` has its room.
pub fn resolve_candidates(pos: &mut Position, notation: &Notation, legal: &mut MoveList) -> Candidates {
    // Files read on the board in play, as the resolution against every legal move reads them.
    let notation = &super::resolve::localised(pos, notation);
    if generate_candidates(pos, notation, legal) {
        let mut found = None;
        for &mv in legal.iter() {
            if matches_action(pos, mv, &notation.action) {
                if found.is_some() {
                    found = None;
                    break;
                }
                found = Some(mv);
            }
        }
        if let Some(mv) = found {
            return Candidates::One(mv);
        }
    }
    pos.generate_legal(legal);
    match unique(pos, legal, notation) {
        Some(mv) => Candidates::One(mv),
        None => Candidates::Unresolved,
    }
}

fn unique(pos: &Position, legal: &MoveList, notation: &Notation) -> Option<Move> {
    let mut matching = legal.iter().filter(|&&mv| matches_action(pos, mv, &notation.action));
    let first = matching.next().copied();
    first.filter(|_| matching.next().is_none())
}

/// Fills `legal` with the candidates of `notation`; false when the position needs every
/// legal move (nothing was generated).
fn generate_candidates(pos: &mut Position, notation: &Notation, legal: &mut MoveList) -> bool {
    legal.clear();
    // A reached goal or an extinction ends the game, and compulsory capture removes moves:
    // every legal move is needed to see which remain.
    let plain =
        pos.variant.special_table().is_none() && !pos.variant.dedup && !pos.variant.spec().rules.limits_legal_moves();
    if !plain {
        return false;
    }
    if pos.is_turn_based() {
        return super::named_first::turn_named(pos, notation, legal);
    }
    if pos.is_warped() {
        return super::named_first::warped_named(pos, notation, legal);
    }
    let board_move = match notation.action {
        Action::Move(board_move) => board_move,
        Action::Castle(_) => {
            if let Some(board) = pos.fast_board_with_tokens() {
                board.generate_to(0, legal);
                return true;
            }
            return false;
        }
        _ => return false,
    };
    let Some(to) = kernel_square(pos, board_move.to) else { return false };
    if let Some(board) = pos.fast_board_with_tokens() {
        if board.tokens.all == 0 {
            board.generate_onto(to.index(), legal);
            return true;
        }
        // With tokens on the board: the moves ending where the text says the piece ends
        // (a transit's exit), found forwards by the fast generator, which plays transits.
        let end = match board_move.exit {
            Some(exit) => match kernel_square(pos, exit) {
                Some(exit) => exit,
                None => return false,
            },
            None => to,
        };
        board.generate_to(1 << end.index(), legal);
        return true;
    }
    let v = std::sync::Arc::clone(&pos.variant);
    let g = v.geometry();
    pos.generate_pseudo_where(|from, kind| may_move(&v, g, from, kind, &board_move), legal);
    pos.retain_legal(legal);
    true
}

/// Whether the piece of `kind` on `from` may be the one `wanted` moves (letter and origin).
pub(super) fn may_move(
    v: &crate::Variant,
    g: &crate::Geometry,
    from: crate::Square,
    kind: u8,
    wanted: &BoardMove,
) -> bool {
    let spec = v.piece(kind);
    let long_algebraic = wanted.piece.is_none() && wanted.from_rank.is_some();
    let letter_ok = match wanted.piece {
        Some(letter) => char::from(letter) == spec.letter || (letter == b'P' && spec.pawn),
        None => spec.pawn || long_algebraic,
    };
    letter_ok
        && wanted.from_file.is_none_or(|file| g.file_of(from) == file)
        && wanted.from_rank.is_none_or(|rank| g.rank_of(from) == rank)
}
