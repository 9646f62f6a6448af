//! The rules every position keeps, whoever changed it last: the variant's number of royal
//! pieces per side and each token kind within its declared count. Moves keep them by
//! construction; effects applied from outside the kernel (a game's events) are checked
//! against them once the caller's changes are complete, since a change may break a rule for
//! a moment (a token removed before another is placed).

use crate::position::Position;
use crate::spec::{LayoutRule, RoyalRule};
use crate::Side;

impl Position {
    /// The first rule of the variant this position breaks, in words; `None` when it keeps
    /// them all: with exactly one royal piece per side each side has one, and a token kind
    /// declared with an exact count has that many tokens. The position notation refuses a
    /// position that breaks them.
    ///
    /// ```
    /// use holechess_kernel::{Effect, Position};
    /// # let variant = holechess_testkit::orthodox();
    /// let mut pos = Position::start(&variant);
    /// assert_eq!(pos.broken_rule(), None);
    /// let d4 = pos.geometry().parse_square("d4", 0).unwrap();
    /// let king = pos.piece_at(pos.geometry().parse_square("e1", 0).unwrap()).unwrap();
    /// pos.apply_event_effect(Effect::PlacePiece { square: d4, piece: king }).unwrap();
    /// assert_eq!(pos.broken_rule().as_deref(), Some("white has 2 royal pieces; this variant has exactly one per side"));
    /// ```
    #[must_use]
    pub fn broken_rule(&self) -> Option<String> {
        self.royal_count_broken().or_else(|| self.token_count_broken())
    }

    /// A side with other than one royal piece, where the variant has exactly one per side.
    fn royal_count_broken(&self) -> Option<String> {
        if self.variant().spec().rules.royals != RoyalRule::ExactlyOne {
            return None;
        }
        Side::BOTH.into_iter().find_map(|side| match self.royals(side).count() {
            1 => None,
            0 => Some(format!("{side} has no royal piece; this variant has exactly one per side")),
            n => Some(format!("{side} has {n} royal pieces; this variant has exactly one per side")),
        })
    }

    /// A token kind declared with an exact count that has another number of tokens.
    fn token_count_broken(&self) -> Option<String> {
        self.variant().tokens().iter().enumerate().find_map(|(kind, token)| {
            let LayoutRule::Exactly(wanted) = token.layout else { return None };
            let count: u32 = self
                .token_squares()
                .filter_map(|sq| self.tokens_at(sq))
                .filter(|stack| usize::from(stack.kind) == kind)
                .map(|stack| u32::from(stack.count))
                .sum();
            (count != u32::from(wanted))
                .then(|| format!("the position has {count} {} token(s); this variant has exactly {wanted}", token.name))
        })
    }
}
