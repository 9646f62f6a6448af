//! Hands: the pieces a side holds off the board, ready to drop. Owns the tables the
//! declaration ([`HandSpec`], in `hand_spec.rs`) compiles to (`HandTables`: where each kind
//! may be dropped, what a captured piece becomes in the hand), the hand counts of a position with
//! their hash keys, and the marks of promoted pieces (a promoted piece returns to the hand as
//! the kind it promoted from, where the variant says so).

use crate::geometry::{Side, Square};
use crate::position::Position;
use crate::spec::{PieceId, PieceSpec};
use crate::variant::MAX_PIECES;

pub use crate::hand_spec::{EnclosingSpec, HandSpec};

/// The hand declaration compiled into tables move generation and make read.
#[derive(Clone, Debug)]
pub(crate) struct HandTables {
    /// Pieces may be dropped.
    pub drops: bool,
    /// Captured pieces go to the capturer's hand.
    pub captures_to_hand: bool,
    /// Promoted pieces are marked, so that they return to the hand demoted.
    pub marks_promoted: bool,
    /// `drop_ranks[kind]`: the ranks (from the dropping side) the kind may be dropped on.
    pub drop_ranks: [u32; MAX_PIECES],
    /// `promoted_from[kind]`: the kind that promotes to it, plus one (0: none).
    pub promoted_from: [u8; MAX_PIECES],
    /// The kinds never dropped on a file holding one of the dropping side's own of the kind.
    pub one_per_file: u32,
    /// The kinds that must be dropped first, as a mask.
    pub must_drop: u32,
    /// The kinds kept on squares of both colours.
    pub opposite_colours: u32,
    /// Dropped kings and rooks gain castling rights.
    pub castling_drops: bool,
    /// `file_limits[kind]`: how many of the side's pieces of the kind on a file refuse a
    /// drop there (0: no limit).
    pub file_limits: [u8; MAX_PIECES],
    /// Pieces whose promotion flips may be dropped promoted.
    pub drop_promoted: bool,
}

impl HandTables {
    /// Compiles the hand declaration of a variant with these pieces.
    pub(crate) fn compile(spec: &HandSpec, pieces: &[PieceSpec]) -> HandTables {
        let mut drop_ranks = [u32::MAX; MAX_PIECES];
        for &(kind, ranks) in &spec.drop_ranks {
            if let Some(slot) = drop_ranks.get_mut(usize::from(kind)) {
                *slot &= ranks;
            }
        }
        let mut promoted_from = [0u8; MAX_PIECES];
        for (from, piece) in pieces.iter().enumerate().take(MAX_PIECES) {
            let Some(promotion) = &piece.promotion else { continue };
            let targets = promotion.choices.iter().chain(promotion.side_choices.iter().flatten().flatten());
            for &to in targets {
                let slot = &mut promoted_from[usize::from(to).min(MAX_PIECES - 1)];
                if *slot == 0 {
                    *slot = u8::try_from(from + 1).unwrap_or(0);
                }
            }
        }
        let mut file_limits = [0u8; MAX_PIECES];
        for &(kind, count) in &spec.file_limits {
            if let Some(slot) = file_limits.get_mut(usize::from(kind)) {
                *slot = count;
            }
        }
        HandTables {
            file_limits,
            drop_promoted: spec.drop_promoted,
            drops: spec.drops,
            captures_to_hand: spec.captures_to_hand,
            marks_promoted: spec.captures_to_hand && spec.demote_promoted,
            drop_ranks,
            promoted_from,
            one_per_file: kind_mask(&spec.one_per_file),
            must_drop: kind_mask(&spec.must_drop),
            opposite_colours: kind_mask(&spec.opposite_colours),
            castling_drops: spec.castling_drops,
        }
    }

    /// Whether `kind` may be dropped on the rank `relative_rank` (from the dropping side).
    #[inline]
    pub(crate) fn may_drop_on_rank(&self, kind: PieceId, relative_rank: u8) -> bool {
        self.drop_ranks[usize::from(kind)] & (1 << relative_rank) != 0
    }

    /// The kind that promotes to `kind` (the first declared), if any: what a piece written
    /// as promoted in the position notation promoted from.
    pub(crate) fn promotes_from(&self, kind: PieceId) -> Option<PieceId> {
        self.promoted_from[usize::from(kind)].checked_sub(1)
    }
}

/// The kinds listed, as a mask.
fn kind_mask(kinds: &[PieceId]) -> u32 {
    kinds.iter().fold(0, |mask, &kind| mask | 1u32.checked_shl(u32::from(kind)).unwrap_or(0))
}

/// The hand counts of both sides, `[side][kind]`.
pub(crate) type Hands = [[u8; MAX_PIECES]; 2];

impl Position {
    /// How many pieces of `kind` `side` holds in hand.
    #[must_use]
    pub fn hand_count(&self, side: Side, kind: PieceId) -> u8 {
        self.board.hands[side.index()].get(usize::from(kind)).copied().unwrap_or(0)
    }

    /// The kinds `side` holds in hand, with their counts, in declaration order.
    pub fn hand(&self, side: Side) -> impl Iterator<Item = (PieceId, u8)> + '_ {
        let kinds = self.variant.pieces().len();
        self.board.hands[side.index()][..kinds]
            .iter()
            .enumerate()
            .filter(|(_, &n)| n > 0)
            .map(|(k, &n)| (k as PieceId, n))
    }

    /// Whether the variant's positions have hands (written in the position notation).
    #[must_use]
    pub fn has_hands(&self) -> bool {
        self.variant.hand_tables.drops || self.variant.hand_tables.captures_to_hand
    }

    /// Whether the piece on `sq` is marked as promoted (it returns to the hand demoted).
    ///
    /// # Panics
    ///
    /// When `sq` is not a square of the variant's geometry.
    #[must_use]
    pub fn is_promoted(&self, sq: Square) -> bool {
        self.board.promoted[sq.index()] != 0
    }

    /// The kind the piece on `sq` promoted from, when it is marked as promoted.
    ///
    /// # Panics
    ///
    /// When `sq` is not a square of the variant's geometry.
    #[must_use]
    pub fn promoted_from(&self, sq: Square) -> Option<PieceId> {
        self.board.promoted[sq.index()].checked_sub(1)
    }

    /// Sets how many pieces of `kind` `side` holds, keeping the hash in step.
    pub(crate) fn set_hand_count(&mut self, side: Side, kind: PieceId, count: u8) {
        let slot = &mut self.board.hands[side.index()][usize::from(kind)];
        let z = &self.variant.zobrist;
        self.state.hash ^= z.hand(side, kind, *slot) ^ z.hand(side, kind, count);
        *slot = count;
    }

    /// The hash of both hands (for recomputing a position's hash).
    pub(crate) fn hands_hash(&self) -> u64 {
        let z = &self.variant.zobrist;
        let mut h = 0;
        for side in Side::BOTH {
            for (kind, &count) in self.board.hands[side.index()].iter().enumerate() {
                h ^= z.hand(side, kind as PieceId, count);
            }
        }
        h
    }

    /// A capture by `capturer` of the piece `kind` (`origin`: the kind it promoted from, plus
    /// one, or 0): it goes to the capturer's hand when the variant says so. Returns the kind
    /// gained plus one (0: nothing), for unmake.
    pub(crate) fn capture_to_hand(&mut self, capturer: Side, kind: PieceId, origin: u8) -> u8 {
        let tables = &self.variant.hand_tables;
        if !tables.captures_to_hand || self.variant.is_royal(kind) {
            return 0;
        }
        let gained = if tables.marks_promoted && origin != 0 { origin - 1 } else { kind };
        let count = self.hand_count(capturer, gained).saturating_add(1);
        self.set_hand_count(capturer, gained, count);
        gained + 1
    }
}
