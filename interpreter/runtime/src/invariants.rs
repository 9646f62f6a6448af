//! The rules every position keeps, whatever a hook does to it: the variant's number of
//! royal pieces per side and each token kind within its declared count (pieces and tokens
//! only on squares of the board is the hook API's own check: it names squares, and refuses
//! a name that is none). The position notation refuses a position that breaks them, so a hook
//! that would make one fails instead (its effects, or the special move it lists, are
//! refused), and the position a game reaches can always be written and read again.

use holechess_kernel::spec::{LayoutRule, RoyalRule};
use holechess_kernel::{Effect, Position, Side, Variant};

/// The first rule `position` breaks, in words; `None` when it keeps them all.
pub fn violation(position: &Position) -> Option<String> {
    royal_violation(position).or_else(|| token_violation(position))
}

/// A side with other than one royal piece, where the variant has exactly one per side.
pub fn royal_violation(position: &Position) -> Option<String> {
    if position.variant().spec().rules.royals != RoyalRule::ExactlyOne {
        return None;
    }
    Side::BOTH.into_iter().find_map(|side| match position.royals(side).count() {
        1 => None,
        0 => Some(format!("{side} has no royal piece; this variant has exactly one per side")),
        n => Some(format!("{side} has {n} royal pieces; this variant has exactly one per side")),
    })
}

/// A token kind declared with an exact count that has another number of tokens.
fn token_violation(position: &Position) -> Option<String> {
    let variant = position.variant();
    variant.tokens().iter().enumerate().find_map(|(kind, token)| {
        let LayoutRule::Exactly(wanted) = token.layout else { return None };
        let count: u32 = position
            .token_squares()
            .filter_map(|sq| position.tokens_at(sq))
            .filter(|stack| usize::from(stack.kind) == kind)
            .map(|stack| u32::from(stack.count))
            .sum();
        (count != u32::from(wanted))
            .then(|| format!("the position has {count} {} token(s); this variant has exactly {wanted}", token.name))
    })
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
