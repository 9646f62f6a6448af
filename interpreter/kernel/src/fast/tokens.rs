//! Tokens on the fast path: which token effects the bit boards reproduce (one kind that
//! blocks lines like a piece, entered by a capture-move or by any move, left through another
//! open token, moved to the mover's origin, its stacks dormant or acting as one), the
//! tokens of a position as bit boards with a count per square, and the transit move played
//! on them. The effects are read from the one model in `effects.rs`; anything else it can
//! say (absent squares, tunnels, wrapping, royal exemptions, several kinds) keeps the general
//! path. A blocking token with a lifetime moves pieces like one without; only perft, which
//! would have to run its timers, leaves positions holding one to the general path.

use super::board::{Board64, FastMove};
use crate::effects::{SquareEffect, TokenEffects};
use crate::position::Position;
use crate::spec::{Entry, Exit, Stacking, TokenMovement};
use crate::variant::Variant;

/// What the one token kind of a fast-path variant does, as the fast path reads it.
#[derive(Clone, Copy, Debug)]
pub(crate) struct TokenRules {
    /// How a transit starts (`Entry::None`: the token only blocks).
    pub entry: Entry,
    /// A stack of two or more still acts as one open token (else it is dormant).
    pub merged: bool,
    /// A pawn ending its move on the token does not promote.
    pub blocks_promotion: bool,
    /// The tokens expire after a number of plies: moves are generated on the bit boards,
    /// but the fast path's `make` keeps no timers, so perft leaves them to the general path.
    pub timed: bool,
}

impl TokenRules {
    /// The rules of `v`'s tokens, when it declares exactly one kind whose effects are on the
    /// whitelist; `None` keeps positions with tokens on the general path.
    pub(crate) fn of(v: &Variant) -> Option<TokenRules> {
        if v.spec().tokens.len() != 1 {
            return None;
        }
        // Every field of the effect model is read here, so that a new one does not compile
        // until the fast path decides what it means; `removes_occupant` acts only where a
        // hook places a token, never in move generation.
        let TokenEffects {
            movers: [mover, royal],
            relocate_to_origin,
            stacking,
            dormant_while_occupied,
            wraps,
            lifetime,
            removes_occupant: _,
            removed_by_royal,
        } = *v.effects(0);
        let SquareEffect { passage, entry, exit, blocks_promotion } = mover;
        let static_token = !wraps && !dormant_while_occupied && !removed_by_royal;
        if mover != royal || !static_token {
            return None;
        }
        let transit = match (passage, entry) {
            (TokenMovement::Blocks | TokenMovement::Impassable, Entry::None) => false,
            (TokenMovement::Blocks, Entry::CaptureMove | Entry::AnyMove) => true,
            _ => return None,
        };
        // En passant beside tokens that are entered, and timers on them, are not modelled on
        // the bit boards; a token that only blocks reads the same with both.
        if transit && (v.spec().rules.en_passant || lifetime.is_some()) {
            return None;
        }
        let exits_alike = matches!(exit, Exit::AnotherOpen | Exit::OpenOf(0));
        if transit && !(exits_alike && relocate_to_origin) {
            return None;
        }
        Some(TokenRules { entry, merged: stacking == Stacking::Merged, blocks_promotion, timed: lifetime.is_some() })
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
