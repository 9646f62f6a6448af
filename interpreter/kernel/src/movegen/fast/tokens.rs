//! Tokens on the bit boards: what they read of a token kind that blocks lines like a piece
//! or is entered by a capture-move or by any move, left through another open token and moved
//! to the mover's origin, its stacks dormant or acting as one (which kinds those are is
//! decided once, in `features.rs` and `backend.rs`), the tokens of a position as bit boards
//! with a count per square, and the transit move played on them. A blocking token with a
//! lifetime moves pieces like one without; only perft, which would have to run its timers,
//! leaves positions holding one to table walking.

use super::board::{Board64, FastMove};
use crate::effects::TokenEffects;
use crate::position::Position;
use crate::spec::{Entry, Stacking};

/// What the one token kind of a fast-path variant does, as the fast path reads it.
#[derive(Clone, Copy, Debug)]
pub(crate) struct TokenRules {
    /// How a transit starts (`Entry::None`: the token only blocks).
    pub entry: Entry,
    /// A stack of two or more still acts as one open token (else it is dormant).
    pub merged: bool,
    /// A pawn ending its move on the token does not promote.
    pub blocks_promotion: bool,
}

impl TokenRules {
    /// What the bit boards read of a token kind the back-end choice gave them
    /// ([`super::features::TokenShape::Blocking`] or [`super::features::TokenShape::Transit`]).
    pub(crate) fn of(effects: &TokenEffects) -> TokenRules {
        let mover = effects.for_mover(false);
        TokenRules {
            entry: mover.entry,
            merged: effects.stacking == Stacking::Merged,
            blocks_promotion: mover.blocks_promotion,
        }
    }
}

/// The tokens of a fast-path position.
#[derive(Clone, Copy)]
pub(crate) struct Tokens {
    /// Squares holding at least one token.
    pub all: u64,
    /// Squares holding a dormant stack (never entered, never an exit).
    pub dormant: u64,
    /// Tokens on each square.
    pub counts: [u8; 64],
}

impl Tokens {
    /// No tokens.
    pub(crate) const NONE: Tokens = Tokens { all: 0, dormant: 0, counts: [0; 64] };

    /// The tokens of `pos` (whose variant has exactly one kind, see [`TokenRules::of`]).
    pub(crate) fn of(pos: &Position, rules: Option<&TokenRules>) -> Tokens {
        let mut t = Tokens::NONE;
        let Some(rules) = rules else { return t };
        for sq in pos.token_squares.iter() {
            t.set(sq.index(), pos.tokens[sq.index()].count, rules);
        }
        t
    }

    #[inline(always)]
    fn set(&mut self, sq: usize, count: u8, rules: &TokenRules) {
        let bit = 1u64 << sq;
        self.counts[sq] = count;
        self.all = if count > 0 { self.all | bit } else { self.all & !bit };
        let dormant = count > 1 && !rules.merged;
        self.dormant = if dormant { self.dormant | bit } else { self.dormant & !bit };
    }

    /// The entered token goes to the origin (PH5, SP4): a merged stack leaves the rest behind.
    #[inline(always)]
    pub(crate) fn relocate(&mut self, entry: usize, origin: usize, rules: &TokenRules) {
        let remaining = if rules.merged { self.counts[entry] - 1 } else { 0 };
        self.set(entry, remaining, rules);
        self.set(origin, self.counts[origin] + 1, rules);
    }
}

impl Board64<'_> {
    /// Squares that stop lines: pieces and tokens.
    #[inline(always)]
    pub(crate) fn blockers(&self) -> u64 {
        self.occupied() | self.tokens.all
    }

    /// Open tokens: no piece on them and not a dormant stack (the exits of a transit).
    #[inline(always)]
    pub(crate) fn open_tokens(&self) -> u64 {
        self.tokens.all & !self.occupied() & !self.tokens.dormant
    }

    /// Whether a capture-move may end on `sq` (PH9, SP5): always on a square without a
    /// token; on a token only if it lets movers in and another open token is an exit.
    #[inline(always)]
    pub(crate) fn capturable(&self, sq: usize) -> bool {
        let bit = 1u64 << sq;
        if self.tokens.all & bit == 0 {
            return true;
        }
        let enterable = self.rules.token.is_some_and(|t| t.entry != Entry::None);
        enterable && self.tokens.dormant & bit == 0 && self.open_tokens() & !bit != 0
    }

    /// Whether `side`'s royal piece is attacked (K1), tokens read as in `attacks.rs`.
    #[inline]
    pub(crate) fn royal_attacked(&self, side: usize) -> bool {
        let king = self.royals(side).trailing_zeros() as usize;
        let by = side ^ 1;
        king < 64
            && self.capturable(king)
            && self.attackers(king, by, self.sides[by], self.blockers(), self.line_pieces(by)) != 0
    }

    /// Plays a transit: the entry's occupant is captured, the mover ends on the exit and the
    /// entered token moves to its origin.
    pub(crate) fn make_transit(&mut self, mv: FastMove) {
        let (us, from, entry, exit) = (self.us, mv.origin(), mv.to_square(), mv.exit_square());
        self.unmoved &= !(1 << from | 1 << exit);
        if self.take(entry) != 0 {
            self.drop_right_at(entry);
        }
        let kind = self.take(from) as usize - 1;
        self.drop_rights_of_mover(us, kind, from);
        self.put(us, exit, mv.promotion_kind().map_or(kind, usize::from));
        let rules = self.rules.token.as_ref().expect("transits exist only with token rules");
        self.tokens.relocate(entry, from, rules);
        (self.ep, self.ep_victim) = (super::board::NONE, super::board::NONE);
        self.us = us ^ 1;
    }
}
