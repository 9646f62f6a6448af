//! The rules every position keeps, whatever a hook does to it: the variant's number of
//! royal pieces per side and each token kind within its declared count (pieces and tokens
//! only on squares of the board is the hook API's own check: it names squares, and refuses
//! a name that is none). The position notation refuses a position that breaks them, so a hook
//! that would make one fails instead (its effects, or the special move it lists, are
//! refused), and the position a game reaches can always be written and read again.

use holechess_kernel::spec::LayoutRule;
use holechess_kernel::{Effect, Position, Variant};

/// The first rule `position` breaks, in words; `None` when it keeps them all (the kernel's
/// check, [`Position::broken_rule`]).
pub fn violation(position: &Position) -> Option<String> {
    position.broken_rule()
}

/// Whether `effect` could make a position break a rule (most effects cannot: a special
/// move made only of those is not played out to be checked).
pub fn may_break(variant: &Variant, effect: &Effect) -> bool {
    let counted = |kind: u8| {
        variant.tokens().get(usize::from(kind)).is_some_and(|token| matches!(token.layout, LayoutRule::Exactly(_)))
    };
    match *effect {
        Effect::PlacePiece { piece, .. } => variant.is_royal(piece.kind),
        Effect::PlaceToken { kind, .. } => counted(kind),
        Effect::RemoveToken { .. } => {
            variant.tokens().iter().any(|token| matches!(token.layout, LayoutRule::Exactly(_)))
        }
        Effect::MovePiece { .. } | Effect::RemovePiece { .. } | Effect::MoveToken { .. } | Effect::SetTimer { .. } => {
            false
        }
    }
}
