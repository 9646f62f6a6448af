//! Where a move shows on a board: the squares to highlight and the arrows to draw. A
//! transit shows as the step onto its entry and the jump from entry to exit; castling as
//! the king's and the rook's squares, before and after; a special move as the squares its
//! effects touch; a drop as the square it lands on.

use holechess_kernel::{Effect, Geometry, Move, Square, Variant};

/// One arrow of a move.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct MoveArrow {
    pub from: Square,
    pub to: Square,
    pub leg: Leg,
}

/// What an arrow stands for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Leg {
    /// The piece's own move (for a transit: onto the entry).
    Path,
    /// A transit's jump from the entry to the exit.
    Transit,
}

/// The squares and arrows of a move.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct MoveTrace {
    pub squares: Vec<Square>,
    pub arrows: Vec<MoveArrow>,
    /// A special move's or a drop's notation (`dig@e2`, `N@f3`): named as the last move
    /// even when it moves no piece across the board.
    pub special: Option<String>,
}

impl MoveTrace {
    #[must_use]
    pub fn highlights(&self, sq: Square) -> bool {
        self.squares.contains(&sq)
    }
}

/// The trace of `mv` played in `variant` (empty for a move where no piece moves).
pub fn trace(variant: &Variant, mv: Move) -> MoveTrace {
    match mv {
        Move::Normal { from, to, .. }
        | Move::DoubleStep { from, to, .. }
        | Move::EnPassant { from, to }
        | Move::Teleport { from, to } => path(from, to),
        Move::Transit { from, entry, exit, .. } => transit(from, entry, exit),
        Move::Castle { king, rook } => castle(variant, king, rook),
        Move::Intent | Move::Pass => MoveTrace::default(),
        Move::Special { id } => special(variant, id),
        Move::Drop { piece, to } => MoveTrace {
            squares: vec![to],
            arrows: Vec::new(),
            special: Some(format!("{}@{}", variant.piece(piece).letter, variant.geometry().name(to))),
        },
    }
}

/// The squares a special move's effects touch, with an arrow for each piece it moves.
fn special(variant: &Variant, id: u32) -> MoveTrace {
    let mut trace = MoveTrace::default();
    let Some(mv) = variant.special_table().and_then(|table| table.get(id)) else {
        return trace;
    };
    trace.special = Some(mv.notation().to_owned());
    for &effect in mv.effects() {
        let squares = match effect {
            Effect::MovePiece { from, to } | Effect::MoveToken { from, to } => {
                if matches!(effect, Effect::MovePiece { .. }) {
                    trace.arrows.push(MoveArrow { from, to, leg: Leg::Path });
                }
                [Some(from), Some(to)]
            }
            Effect::PlacePiece { square, .. }
            | Effect::RemovePiece { square }
            | Effect::PlaceToken { square, .. }
            | Effect::RemoveToken { square }
            | Effect::SetTimer { square, .. } => [Some(square), None],
        };
        for sq in squares.into_iter().flatten() {
            if !trace.squares.contains(&sq) {
                trace.squares.push(sq);
            }
        }
    }
    trace
}

/// The trace of an optional move.
pub(crate) fn trace_of(variant: &Variant, mv: Option<Move>) -> MoveTrace {
    mv.map(|mv| trace(variant, mv)).unwrap_or_default()
}

fn path(from: Square, to: Square) -> MoveTrace {
    MoveTrace { squares: vec![from, to], arrows: vec![MoveArrow { from, to, leg: Leg::Path }], special: None }
}

fn transit(from: Square, entry: Square, exit: Square) -> MoveTrace {
    MoveTrace {
        squares: vec![from, entry, exit],
        arrows: vec![
            MoveArrow { from, to: entry, leg: Leg::Path },
            MoveArrow { from: entry, to: exit, leg: Leg::Transit },
        ],
        special: None,
    }
}

/// King and rook squares before and after, with an arrow for the king.
fn castle(variant: &Variant, king: Square, rook: Square) -> MoveTrace {
    let mut trace = MoveTrace { squares: vec![king, rook], arrows: Vec::new(), special: None };
    let Some(rules) = variant.spec().rules.castling else {
        return trace;
    };
    let g = variant.geometry();
    let short = g.file_of(rook) > g.file_of(king);
    let (king_file, rook_file) = if short {
        (rules.king_file_short, rules.rook_file_short)
    } else {
        (rules.king_file_long, rules.rook_file_long)
    };
    let king_to = same_rank(g, king, king_file);
    let rook_to = same_rank(g, rook, rook_file);
    for sq in [king_to, rook_to] {
        if !trace.squares.contains(&sq) {
            trace.squares.push(sq);
        }
    }
    if king_to != king {
        trace.arrows.push(MoveArrow { from: king, to: king_to, leg: Leg::Path });
    }
    trace
}

fn same_rank(g: &Geometry, sq: Square, file: u8) -> Square {
    g.square(g.board_of(sq), file, g.rank_of(sq))
}
