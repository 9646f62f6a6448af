//! The tables of the fast path for one variant: what each piece kind attacks from each square
//! (leaps as precomputed sets, lines through the shared magic tables), how its pawn moves and
//! promotes, which kind is royal, and how positions holding tokens are played. Built only by
//! [`super::eligible::fast_rules`] when the back-end choice gives the variant bit boards.

use crate::spec::{CastlingSpec, PieceId};

/// Up to this many piece kinds take the fast path (more: the general path).
pub(crate) const FAST_KINDS: usize = 16;

/// How the pawn kind moves (White's view; Black mirrored by the tables).
#[derive(Clone, Debug)]
pub(crate) struct PawnRules {
    pub kind: PieceId,
    /// The double step: squares it may start from, per side (rank rule), or all squares
    /// where the piece is unmoved (`first_move`).
    pub double: Option<DoubleStep>,
    /// Its diagonal captures may take en passant.
    pub captures_en_passant: bool,
    /// Squares where a pawn of each side ending its move promotes.
    pub promotion_zone: [u64; 2],
    /// The kinds it may promote to, in the declared order (empty: it never promotes).
    pub choices: Vec<PieceId>,
    /// What promotion masks add to the zone (see [`super::promotion_masks`]).
    pub masks: PromotionMasks,
}

/// Promotion beyond one compulsory zone with one list: an optional zone, a list per side,
/// choices limited to lost kinds, and compulsory promotion on the last existing square of a
/// file (found per position from its permanent holes).
#[derive(Clone, Debug, Default)]
pub(crate) struct PromotionMasks {
    /// Squares short of the compulsory zone where a pawn of each side may promote or stay.
    pub optional_zone: [u64; 2],
    /// Each side's choices, in the declared order.
    pub side_choices: [Vec<PieceId>; 2],
    /// A choice is open only while the side has fewer of the kind than the setup gave it.
    pub only_lost: bool,
    /// The last existing square of a file is compulsory.
    pub at_last_existing_square: bool,
    /// `setup_counts[side][kind]`: how many pieces of the kind the setup gives the side
    /// (known once the setup is read: [`FastRules::learn_setup_counts`]).
    pub setup_counts: [[u8; FAST_KINDS]; 2],
}

/// The pawn's two-square step.
#[derive(Clone, Copy, Debug)]
pub(crate) struct DoubleStep {
    /// Starting squares allowed by a rank rule, per side (all squares with `first_move`).
    pub from_mask: [u64; 2],
    /// The step needs an unmoved piece.
    pub first_move: bool,
    /// It leaves an en-passant square (a `DoubleStep` move); otherwise an ordinary move.
    pub sets_en_passant: bool,
}

/// Everything the fast path reads about a variant.
#[derive(Clone, Debug)]
pub(crate) struct FastRules {
    /// `leaps[side][kind][sq]`: the squares a piece of `kind` of `side` leaps to from `sq`.
    pub leaps: [Vec<[u64; 64]>; 2],
    /// `leaps_to[side][kind][sq]`: the squares a piece of `kind` of `side` leaps to `sq` from.
    pub leaps_to: [Vec<[u64; 64]>; 2],
    /// `pawn_captures[side][sq]` and its reverse, `pawn_captured_from[side][sq]`.
    pub pawn_captures: [[u64; 64]; 2],
    pub pawn_captured_from: [[u64; 64]; 2],
    /// Kinds with leaps, sliding orthogonally, sliding diagonally (bit masks of kinds).
    pub leapers: u32,
    pub orth: u32,
    pub diag: u32,
    /// Kinds with hops (a bit mask), and `hop_dirs[side][kind]`: the directions (bits, see
    /// [`super::hoppers::DIRECTIONS`]) along which a piece of `kind` of `side` hops.
    pub hoppers: u32,
    pub hop_dirs: [[u8; FAST_KINDS]; 2],
    /// The files wrap (a cylinder): leaps and pawn captures wrap in their tables, lines are
    /// read from [`super::cylinder::CylinderLines`], and legality tests what the royal
    /// piece's lines could change.
    pub wraps: bool,
    pub pawn: Option<PawnRules>,
    pub royal: PieceId,
    /// A side may have any number of royal pieces of the royal kind, none included
    /// (`royals.rs`); otherwise exactly one.
    pub royals_any_number: bool,
    /// Kinds whose move takes away both castling rights of their side (bit mask).
    pub castle_king: u32,
    pub castling: Option<CastlingSpec>,
    /// The position keeps unmoved squares (some pattern needs a first move).
    pub uses_first_move: bool,
    pub en_passant_rule: bool,
    pub kinds: usize,
    /// How positions holding tokens are played (chosen with the back-end).
    pub token_play: super::backend::TokenPlay,
    /// The variant's token kind, when the bit boards play positions with tokens on the board.
    pub token: Option<super::tokens::TokenRules>,
    /// The variant's token kind, when it makes squares absent and the fast path plays it.
    pub warp: Option<super::warp::WarpRules>,
    /// The links between squares (`links.rs`; none unless the geometry is
    /// [`super::features::Geometry::Square8x8Links`]).
    pub links: super::links::LinkRules,
}

impl FastRules {
    /// Takes the setup's piece counts (read after the tables are built), which promotion to
    /// lost pieces compares with.
    pub(crate) fn learn_setup_counts(&mut self, counts: &[[u8; crate::variant::MAX_PIECES]; 2]) {
        if let Some(pawn) = self.pawn.as_mut() {
            for (side, row) in counts.iter().enumerate() {
                for (kind, &count) in row.iter().enumerate().take(FAST_KINDS) {
                    pawn.masks.setup_counts[side][kind] = count;
                }
            }
        }
    }

    /// The pawn kind, or a kind number no piece has.
    #[inline(always)]
    pub(crate) fn pawn_kind(&self) -> usize {
        self.pawn.as_ref().map_or(FAST_KINDS, |p| p.kind as usize)
    }
}

/// The kinds in a bit mask, lowest first.
#[inline(always)]
pub(crate) fn kinds_of(mut mask: u32) -> impl Iterator<Item = usize> {
    std::iter::from_fn(move || {
        (mask != 0).then(|| {
            let k = mask.trailing_zeros() as usize;
            mask &= mask - 1;
            k
        })
    })
}

pub(crate) use super::word::squares_of;
