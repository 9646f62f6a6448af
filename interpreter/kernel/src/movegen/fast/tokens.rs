//! Tokens on the bit boards: what they read of the variant's token kinds (up to
//! [`GATE_KINDS`] of them) that block lines like a piece or are entered by a capture-move or by
//! any move and left through an open token of their exit kind (the same kind or another), the
//! entered token moved to the mover's origin (one kind only) or staying where it is, its
//! stacks dormant or acting as one (which kinds those are is decided once, in `features.rs`
//! and `backend.rs`), the tokens of a position as bit boards with a count per square and two
//! bit planes naming each square's kind, and the transit move played on them. A blocking
//! token with a lifetime moves pieces like one without; only perft, which would have to run
//! its timers, leaves positions holding one to table walking.

use super::board::{Board64, FastMove};
use crate::effects::TokenEffects;
use crate::position::Position;
use crate::spec::{Entry, Exit, Stacking};
use crate::variant::Variant;

/// The most token kinds the bit boards tell apart (two bit planes hold a square's kind).
pub(crate) const GATE_KINDS: usize = 4;

/// What one token kind does, as the fast path reads it.
#[derive(Clone, Copy, Debug)]
pub(crate) struct KindRules {
    /// How a transit through it starts (`Entry::None`: the token only blocks).
    pub entry: Entry,
    /// The kind of the open tokens a transit through it leaves by.
    pub exit_kind: u8,
    /// A stack of two or more still acts as one open token (else it is dormant).
    pub merged: bool,
    /// A pawn ending its move on the token does not promote.
    pub blocks_promotion: bool,
}

impl KindRules {
    /// A kind that changes nothing (the unused slots).
    const INERT: KindRules = KindRules { entry: Entry::None, exit_kind: 0, merged: false, blocks_promotion: false };

    /// What the bit boards read of kind `kind`'s compiled effects.
    fn of(kind: u8, effects: &TokenEffects) -> KindRules {
        let mover = effects.for_mover(false);
        let exit_kind = match mover.exit {
            Exit::OpenOf(other) => other,
            Exit::None | Exit::AnotherOpen | Exit::Tunnel => kind,
        };
        KindRules {
            entry: mover.entry,
            exit_kind,
            merged: effects.stacking == Stacking::Merged,
            blocks_promotion: mover.blocks_promotion,
        }
    }
}

/// What the token kinds of a fast-path variant do, as the fast path reads them.
#[derive(Clone, Copy, Debug)]
pub(crate) struct TokenRules {
    /// How a transit starts through some kind (`Entry::None`: no kind is ever entered).
    pub entry: Entry,
    /// The entered token moves to the mover's origin (one kind only, PH5, SP4); else every
    /// token stays where it is.
    pub relocates: bool,
    /// The declared kinds (at most [`GATE_KINDS`]).
    pub count: usize,
    /// Each kind's rules.
    pub kinds: [KindRules; GATE_KINDS],
    /// The kinds (a bit each) entered by a capture-move, by any move, and blocking promotion.
    pub by_capture: u8,
    pub by_any_move: u8,
    pub promotion_blocking: u8,
}

impl TokenRules {
    /// What the bit boards read of the token kinds of a variant the back-end choice gave
    /// them ([`super::features::TokenShape::Blocking`], [`super::features::TokenShape::Transit`]
    /// or [`super::features::TokenShape::Gates`]).
    pub(crate) fn of(v: &Variant) -> TokenRules {
        let count = v.spec().tokens.len().min(GATE_KINDS);
        let mut kinds = [KindRules::INERT; GATE_KINDS];
        for (kind, rules) in kinds.iter_mut().enumerate().take(count) {
            *rules = KindRules::of(kind as u8, v.effects(kind as u8));
        }
        let entry = kinds[..count].iter().map(|k| k.entry).find(|&e| e != Entry::None).unwrap_or(Entry::None);
        let relocates = (0..count).any(|kind| v.effects(kind as u8).relocate_to_origin);
        let kinds_where = |test: fn(&KindRules) -> bool| {
            kinds[..count].iter().enumerate().filter(|(_, k)| test(k)).fold(0u8, |mask, (i, _)| mask | 1 << i)
        };
        TokenRules {
            entry,
            relocates,
            count,
            kinds,
            by_capture: kinds_where(|k| k.entry == Entry::CaptureMove),
            by_any_move: kinds_where(|k| k.entry == Entry::AnyMove),
            promotion_blocking: kinds_where(|k| k.blocks_promotion),
        }
    }

    /// The rules of the one kind a relocating transit moves.
    #[inline(always)]
    pub(crate) fn relocated(&self) -> &KindRules {
        &self.kinds[0]
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
    /// The kind of the token on each square, as two bit planes (bit 0, bit 1).
    pub planes: [u64; 2],
}

impl Tokens {
    /// No tokens.
    pub(crate) const NONE: Tokens = Tokens { all: 0, dormant: 0, counts: [0; 64], planes: [0; 2] };

    /// The tokens of `pos` (whose variant's kinds are those of [`TokenRules::of`]).
    pub(crate) fn of(pos: &Position, rules: Option<&TokenRules>) -> Tokens {
        let mut t = Tokens::NONE;
        let Some(rules) = rules else { return t };
        for sq in pos.board.token_squares.iter() {
            let stack = pos.board.tokens[sq.index()];
            let kind = usize::from(stack.kind) % GATE_KINDS;
            t.set(sq.index(), stack.count, rules.kinds[kind].merged);
            for (plane, bits) in t.planes.iter_mut().enumerate() {
                if kind >> plane & 1 != 0 {
                    *bits |= 1 << sq.index();
                }
            }
        }
        t
    }

    #[inline(always)]
    fn set(&mut self, sq: usize, count: u8, merged: bool) {
        let bit = 1u64 << sq;
        self.counts[sq] = count;
        self.all = if count > 0 { self.all | bit } else { self.all & !bit };
        let dormant = count > 1 && !merged;
        self.dormant = if dormant { self.dormant | bit } else { self.dormant & !bit };
    }

    /// The entered token goes to the origin (PH5, SP4): a merged stack leaves the rest behind.
    /// Only a variant of one token kind relocates, so the kind planes stay empty.
    #[inline(always)]
    pub(crate) fn relocate(&mut self, entry: usize, origin: usize, rules: &TokenRules) {
        let merged = rules.relocated().merged;
        let remaining = if merged { self.counts[entry] - 1 } else { 0 };
        self.set(entry, remaining, merged);
        self.set(origin, self.counts[origin] + 1, merged);
    }

    /// The squares holding a token of `kind`.
    #[inline(always)]
    pub(crate) fn of_kind(&self, kind: usize) -> u64 {
        let low = if kind & 1 != 0 { self.planes[0] } else { !self.planes[0] };
        let high = if kind & 2 != 0 { self.planes[1] } else { !self.planes[1] };
        self.all & low & high
    }

    /// The squares holding a token of one of `kinds` (a bit each), all of them at once when
    /// `kinds` names every kind of `rules`.
    #[inline(always)]
    pub(crate) fn of_kinds(&self, kinds: u8, rules: &TokenRules) -> u64 {
        if kinds == 0 {
            return 0;
        }
        if u32::from(kinds) == (1u32 << rules.count) - 1 {
            return self.all;
        }
        (0..rules.count).filter(|&k| kinds >> k & 1 != 0).fold(0, |squares, k| squares | self.of_kind(k))
    }

    /// The kind of the token on `sq`.
    #[inline(always)]
    pub(crate) fn kind_at(&self, sq: usize) -> usize {
        (self.planes[0] >> sq & 1 | (self.planes[1] >> sq & 1) << 1) as usize
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

    /// Whether a capture-move may end on `sq` (PH9, SP5): on a square without a token
    /// always, unless it is a linked square whose far ends are all taken; on a token only if its kind lets movers in and another open token of its exit
    /// kind is an exit.
    #[inline(always)]
    pub(crate) fn capturable(&self, sq: usize) -> bool {
        let bit = 1u64 << sq;
        if self.tokens.all & bit == 0 {
            return !self.link_shielded(sq, self.blockers());
        }
        let Some(t) = self.rules.token.as_ref() else { return false };
        if t.count == 1 {
            return t.entry != Entry::None && self.tokens.dormant & bit == 0 && self.open_tokens() & !bit != 0;
        }
        let kind = &t.kinds[self.tokens.kind_at(sq)];
        kind.entry != Entry::None && self.tokens.dormant & bit == 0 && self.exits_of_kind(kind) & !bit != 0
    }

    /// The open tokens a transit through a token of `kind` may leave by.
    #[inline(always)]
    pub(crate) fn exits_of_kind(&self, kind: &KindRules) -> u64 {
        self.open_tokens() & self.tokens.of_kind(usize::from(kind.exit_kind))
    }

    /// The tokens of the kinds entered by a capture-move and by any move.
    #[inline(always)]
    pub(crate) fn entered(&self) -> (u64, u64) {
        let Some(t) = self.rules.token.as_ref() else { return (0, 0) };
        (self.tokens.of_kinds(t.by_capture, t), self.tokens.of_kinds(t.by_any_move, t))
    }

    /// The tokens on which a pawn ending its move does not promote.
    #[inline(always)]
    pub(crate) fn promotion_blocking(&self) -> u64 {
        let Some(t) = self.rules.token.as_ref() else { return 0 };
        self.tokens.of_kinds(t.promotion_blocking, t)
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
    /// entered token moves to its origin when its kind relocates (else it stays).
    pub(crate) fn make_transit(&mut self, mv: FastMove) {
        let (us, from, entry, exit) = (self.us, mv.origin(), mv.to_square(), mv.exit_square());
        self.unmoved &= !(1 << from | 1 << exit);
        if self.take(entry) != 0 {
            self.drop_right_at(entry);
        }
        let kind = self.take(from) as usize - 1;
        self.drop_rights_of_mover(us, kind, from);
        self.put(us, exit, mv.promotion_kind().map_or(kind, usize::from));
        // A move through a link (`links.rs`) moves no token.
        if let Some(rules) = self.rules.token.as_ref().filter(|t| t.relocates) {
            self.tokens.relocate(entry, from, rules);
        }
        (self.ep, self.ep_victim) = (super::board::NONE, super::board::NONE);
        self.us = us ^ 1;
    }
}
