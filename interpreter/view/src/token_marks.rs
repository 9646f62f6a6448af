//! What a picture must show about the tokens on one square: the kind, how many, the plies
//! left, and whether a piece stands on them (which may make them dormant).

use holechess_kernel::spec::{Entry, Stacking, TokenId, TokenSpec};
use holechess_kernel::{Position, Square};

/// The tokens on one square, as a picture shows them.
#[derive(Clone, Debug)]
pub(crate) struct TokenMark<'a> {
    pub square: Square,
    pub kind: TokenId,
    pub spec: &'a TokenSpec,
    pub count: u8,
    /// Plies left before the tokens disappear (0 = no timer).
    pub timer: u16,
    pub under_piece: bool,
}

impl TokenMark<'_> {
    pub fn is_stack(&self) -> bool {
        self.count >= 2
    }

    /// A stack of a kind whose stacks block and are never used.
    pub fn is_dormant_stack(&self) -> bool {
        self.is_stack() && self.spec.stacking == Stacking::Dormant
    }

    /// Tokens that have no effect while the piece stands on them.
    pub fn is_dormant_under_piece(&self) -> bool {
        self.under_piece && self.spec.inactive_while_occupied
    }

    /// Tokens that do nothing at the moment (a dormant stack or under a piece).
    pub fn is_dormant(&self) -> bool {
        self.is_dormant_stack() || self.is_dormant_under_piece()
    }

    /// The count and timer as a short suffix: `2` for a stack of two, `:3` for three plies
    /// left, `2:3` for both, empty for a single untimed token.
    pub fn details(&self) -> String {
        let mut text = String::new();
        if self.is_stack() {
            text.push_str(&self.count.to_string());
        }
        if self.timer > 0 {
            text.push(':');
            text.push_str(&self.timer.to_string());
        }
        text
    }

    /// The symbol followed by [`TokenMark::details`], as the board shows it.
    pub fn marker(&self) -> String {
        format!("{}{}", self.spec.symbol, self.details())
    }

    /// What these tokens are, in words: `porthole (dormant stack of 2)`.
    pub fn description(&self) -> String {
        let qualities = self.qualities();
        if qualities.is_empty() {
            self.spec.name.clone()
        } else {
            format!("{} ({})", self.spec.name, qualities.join(", "))
        }
    }

    fn qualities(&self) -> Vec<String> {
        let mut qualities = Vec::new();
        if let Some(state) = self.state() {
            qualities.push(state);
        }
        if self.under_piece {
            qualities.push("under a piece".to_owned());
        }
        if self.timer > 0 {
            let plies = if self.timer == 1 { "ply" } else { "plies" };
            qualities.push(format!("closes in {} {plies}", self.timer));
        }
        qualities
    }

    /// The state the spec gives a name to: open, active, dormant, a stack.
    fn state(&self) -> Option<String> {
        let spec = self.spec;
        if self.is_stack() {
            return Some(match spec.stacking {
                Stacking::Dormant => format!("dormant stack of {}", self.count),
                Stacking::Merged => format!("stack of {}, acts as one", self.count),
            });
        }
        if self.is_dormant_under_piece() {
            return Some("dormant".to_owned());
        }
        if spec.inactive_while_occupied {
            return Some("active".to_owned());
        }
        let can_go_dormant = spec.stacking == Stacking::Dormant && spec.entry != Entry::None;
        (can_go_dormant && !self.under_piece).then(|| "open".to_owned())
    }
}

/// The tokens on `sq`, if any.
pub(crate) fn token_mark_at(pos: &Position, sq: Square) -> Option<TokenMark<'_>> {
    let stack = pos.tokens_at(sq)?;
    Some(TokenMark {
        square: sq,
        kind: stack.kind,
        spec: &pos.variant().tokens()[stack.kind as usize],
        count: stack.count,
        timer: stack.timer,
        under_piece: pos.piece_at(sq).is_some(),
    })
}

/// Every square's tokens, in square order.
pub(crate) fn token_marks(pos: &Position) -> Vec<TokenMark<'_>> {
    pos.token_squares().filter_map(|sq| token_mark_at(pos, sq)).collect()
}
