//! The tables of the wide bit boards for one variant: per piece kind its leaps from and onto
//! each square, which kinds slide along orthogonal and diagonal lines, the pawn's steps,
//! captures and promotion zone, the royal kind and castling, all over one rectangular board
//! of up to 128 squares. Built only when the back-end choice ([`Features::choose`]) gives
//! the variant the wide bit boards; each pattern is read through its [`PatternShape`], and
//! a variant with a piece the tables do not hold has the [`PieceShape::Other`] and is walked.

use super::lines::{Bits, Lines};
use crate::fast::eligible::pawn_shape;
use crate::geometry::Side;
use crate::movegen::fast::backend::{Features, VariantBackend, WideTokens};
use crate::movegen::fast::features::{self, PatternShape, PieceShape};
use crate::movegen::fast::pawn_sets::PawnGeometry;
use crate::spec::{CastleRole, CastlingSpec, Flip, PatternCondition, PieceId, PieceSpec, PromotionSpec};
use crate::variant::Variant;

/// Up to this many piece kinds take the wide bit boards (more: table walking).
pub(crate) const WIDE_KINDS: usize = 16;

/// The pawn's two-square step.
#[derive(Clone, Copy, Debug)]
pub(crate) struct WideDouble {
    /// Starting squares allowed by a rank or square rule, per side (all with `first_move`).
    pub from_mask: [Bits; 2],
    /// The step needs an unmoved piece.
    pub first_move: bool,
    /// It leaves an en-passant square; otherwise it is an ordinary move.
    pub sets_en_passant: bool,
}

/// How the pawn kind moves.
#[derive(Clone, Debug)]
pub(crate) struct WidePawn {
    pub kind: PieceId,
    pub double: Option<WideDouble>,
    pub captures_en_passant: bool,
    /// Squares where a pawn of each side ending its move must promote.
    pub promotion_zone: [Bits; 2],
    /// Squares outside that zone where it may promote or stay a pawn.
    pub optional_zone: [Bits; 2],
    /// The kinds it promotes to, in the declared order (empty: it never promotes).
    pub choices: Vec<PieceId>,
    /// It promotes only to a kind its side has fewer of than the setup gave it (the
    /// variant's setup counts, read through the board).
    pub only_lost: bool,
}

/// Everything the wide bit boards read about a variant.
#[derive(Clone, Debug)]
pub(crate) struct WideRules {
    pub files: usize,
    pub ranks: usize,
    pub lines: Lines,
    /// Where the pawns step and capture, for moving them as whole sets.
    pub pawn_geometry: PawnGeometry<Bits>,
    /// `leaps[side][kind][sq]`: where a piece of `kind` of `side` leaps from `sq`.
    pub leaps: [Vec<[Bits; 128]>; 2],
    /// `leaps_to[side][kind][sq]`: the squares from which such a piece leaps onto `sq`.
    pub leaps_to: [Vec<[Bits; 128]>; 2],
    /// `pawn_captures[side][sq]` and its reverse `pawn_captured_from[side][sq]`.
    pub pawn_captures: [[Bits; 128]; 2],
    pub pawn_captured_from: [[Bits; 128]; 2],
    /// Kinds that leap, slide orthogonally, slide diagonally (bit masks of kinds).
    pub leapers: u32,
    pub orth: u32,
    pub diag: u32,
    pub pawn: Option<WidePawn>,
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
    pub tokens: WideTokens,
    /// The links between squares (`links.rs`; none unless the geometry is
    /// [`crate::movegen::fast::features::Geometry::RectLinks`]).
    pub links: super::links::WideLinks,
}

impl WideRules {
    /// The pawn kind, or a kind number no piece has.
    #[inline(always)]
    pub(crate) fn pawn_kind(&self) -> usize {
        self.pawn.as_ref().map_or(WIDE_KINDS, |p| p.kind as usize)
    }
}

/// The wide tables of `v`, or `None` when the back-end choice does not give it them.
pub(crate) fn wide_rules(v: &Variant) -> Option<WideRules> {
    let spec = v.spec();
    let tables = piece_tables(v);
    let pieces = if tables.is_some() { PieceShape::Lines } else { PieceShape::Other };
    let features = Features {
        geometry: features::geometry(spec),
        play: features::play(spec),
        pieces,
        tokens: features::tokens(v),
        en_passant: features::en_passant(spec),
        promotion: features::promotion(spec),
    };
    match features.choose() {
        VariantBackend::WideBitBoards(tokens) => {
            tables.map(|rules| WideRules { tokens, links: super::links::WideLinks::of(v), ..rules })
        }
        VariantBackend::BitBoards(_) | VariantBackend::TableWalking => None,
    }
}

/// The piece tables, when every kind leaps and/or slides along full orthogonal or diagonal
/// lines, one royal kind leaps, at most one kind has the orthodox pawn's shape, and there
/// are at most [`WIDE_KINDS`] kinds on a board of at most 128 squares.
fn piece_tables(v: &Variant) -> Option<WideRules> {
    let spec = v.spec();
    let (files, ranks) = (usize::from(spec.board.files), usize::from(spec.board.ranks));
    if spec.pieces.len() > WIDE_KINDS || files * ranks > 128 {
        return None;
    }
    let n = spec.pieces.len();
    let mut rules = WideRules {
        files,
        ranks,
        lines: Lines::new(files, ranks),
        pawn_geometry: PawnGeometry::new(files, ranks),
        leaps: [vec![[0; 128]; n], vec![[0; 128]; n]],
        leaps_to: [vec![[0; 128]; n], vec![[0; 128]; n]],
        pawn_captures: [[0; 128]; 2],
        pawn_captured_from: [[0; 128]; 2],
        leapers: 0,
        orth: 0,
        diag: 0,
        pawn: None,
        royal: 0,
        royals_any_number: spec.rules.royals == crate::spec::RoyalRule::AnyNumber,
        castle_king: 0,
        castling: spec.rules.castling,
        uses_first_move: v.uses_first_move,
        en_passant_rule: spec.rules.en_passant,
        kinds: n,
        tokens: WideTokens::Walked,
        links: super::links::WideLinks::default(),
    };
    let royal = crate::fast::eligible::royal_kind(spec, WIDE_KINDS)?;
    rules.royal = royal as u8;
    for (kind, piece) in spec.pieces.iter().enumerate() {
        if pawn_shape(v, kind, piece) {
            if rules.pawn.is_some() || piece.royal || piece.castling != CastleRole::None {
                return None;
            }
            rules.pawn = Some(pawn_rules(v, &rules, kind, piece)?);
        } else {
            piece_lines(&mut rules, kind, piece)?;
        }
        if piece.castling == CastleRole::King {
            rules.castle_king |= 1 << kind;
        }
        let royal_rook = piece.royal && piece.castling == CastleRole::Rook;
        if royal_rook || (piece.castling == CastleRole::King && !piece.royal) {
            return None;
        }
    }
    if (rules.orth | rules.diag) & (1 << royal) != 0 {
        return None;
    }
    fill_pawn_captures(&mut rules);
    Some(rules)
}

/// A non-pawn kind: steps and leaps go in the leap tables; unlimited slides must cover all
/// four orthogonal or all four diagonal directions; anything else is not held.
fn piece_lines(rules: &mut WideRules, kind: usize, piece: &PieceSpec) -> Option<()> {
    if piece.promotion.is_some() {
        return None;
    }
    let (mut orth_dirs, mut diag_dirs) = (0u8, 0u8);
    for shape in features::piece_patterns(piece) {
        match shape {
            PatternShape::Leap { dx, dy } => {
                for side in Side::BOTH {
                    let dy = if side == Side::White { dy } else { -dy };
                    add_leap(rules, side, kind, i32::from(dx), i32::from(dy), 0);
                }
                rules.leapers |= 1 << kind;
            }
            PatternShape::BarredLeap { dx, dy, rank } => {
                let barred = barred_rank_masks(rules, usize::from(rank))?;
                for side in Side::BOTH {
                    let dy = if side == Side::White { dy } else { -dy };
                    add_leap(rules, side, kind, i32::from(dx), i32::from(dy), barred[side.index()]);
                }
                rules.leapers |= 1 << kind;
            }
            PatternShape::Slide { dx, dy } => match (dx, dy) {
                (1, 0) => orth_dirs |= 1,
                (-1, 0) => orth_dirs |= 2,
                (0, 1) => orth_dirs |= 4,
                (0, -1) => orth_dirs |= 8,
                (1, 1) => diag_dirs |= 1,
                (-1, 1) => diag_dirs |= 2,
                (1, -1) => diag_dirs |= 4,
                (-1, -1) => diag_dirs |= 8,
                _ => return None,
            },
            PatternShape::Hop { dx: _, dy: _ }
            | PatternShape::PawnStep
            | PatternShape::PawnDouble { condition: _, sets_en_passant: _ }
            | PatternShape::PawnCapture { dx: _, en_passant: _ }
            | PatternShape::Other => return None,
        }
    }
    if !matches!(orth_dirs, 0 | 15) || !matches!(diag_dirs, 0 | 15) {
        return None;
    }
    if orth_dirs == 15 {
        rules.orth |= 1 << kind;
    }
    if diag_dirs == 15 {
        rules.diag |= 1 << kind;
    }
    Some(())
}

/// The masks (`[white, black]`) of a double step's origin squares, Black's mirrored.
fn origin_masks(rules: &WideRules, squares: &crate::origin_squares::OriginSquares) -> [Bits; 2] {
    let (files, ranks) = (rules.files, rules.ranks);
    let inside = |&(file, rank): &(usize, usize)| file < files && rank < ranks;
    let cells = squares.cells().map(|(f, r)| (usize::from(f), usize::from(r)));
    cells.filter(inside).fold([0, 0], |[white, black], (file, rank)| {
        [white | 1 << (files * rank + file), black | 1 << (files * (ranks - 1 - rank) + file)]
    })
}

/// The squares of the ranks `lo..hi` (`hi` excluded).
fn ranks_mask(rules: &WideRules, lo: usize, hi: usize) -> Bits {
    let rank = Bits::MAX >> (128 - rules.files);
    (lo..hi).fold(0, |m, r| m | rank << (r * rules.files))
}

fn pawn_rules(v: &Variant, rules: &WideRules, kind: usize, piece: &PieceSpec) -> Option<WidePawn> {
    let ranks = rules.ranks;
    let double = features::piece_patterns(piece).find_map(|shape| match shape {
        PatternShape::PawnDouble { condition, sets_en_passant } => {
            let (from_mask, first_move) = match condition {
                PatternCondition::FromRank(r) if usize::from(r) < ranks => {
                    let r = usize::from(r);
                    ([ranks_mask(rules, r, r + 1), ranks_mask(rules, ranks - 1 - r, ranks - r)], false)
                }
                PatternCondition::FromRank(_) => ([0, 0], false),
                PatternCondition::FromSquares(squares) => (origin_masks(rules, &squares), false),
                PatternCondition::FirstMove | PatternCondition::Always => ([Bits::MAX; 2], true),
                // Conditions judged per position never have a pawn shape (`PatternShape::of`).
                PatternCondition::OutOfCheck | PatternCondition::FirstMoveOutOfCheck => return None,
            };
            Some(WideDouble { from_mask, first_move, sets_en_passant })
        }
        _ => None,
    });
    let captures_en_passant = features::piece_patterns(piece)
        .any(|shape| matches!(shape, PatternShape::PawnCapture { dx: _, en_passant: true }));
    let mut pawn = WidePawn {
        kind: kind as u8,
        double,
        captures_en_passant,
        promotion_zone: [0, 0],
        optional_zone: [0, 0],
        choices: Vec::new(),
        only_lost: false,
    };
    if let Some(promo) = &piece.promotion {
        let zones = |n: u8| {
            let n = usize::from(n).min(ranks);
            [ranks_mask(rules, ranks - n, ranks), ranks_mask(rules, 0, n)]
        };
        let (compulsory, optional) = (zones(promo.zone_ranks), zones(promo.optional_ranks));
        pawn.promotion_zone = compulsory;
        pawn.optional_zone = [optional[0] & !compulsory[0], optional[1] & !compulsory[1]];
        pawn.only_lost = zone_promotion(promo)?;
        if promo.choices.is_empty()
            || promo.choices.iter().any(|&c| v.spec().pieces.get(c as usize).is_none_or(|p| p.royal))
        {
            return None;
        }
        pawn.choices.clone_from(&promo.choices);
    }
    Some(pawn)
}

/// Whether a promotion is held by the tables: a compulsory zone of last ranks, an optional
/// zone of last ranks around it and one list for both sides; `Some(only_lost)` then. Per-side
/// lists, zones of named squares, the last existing square, promotion on leaving a zone,
/// flips and limits are not held.
fn zone_promotion(promotion: &PromotionSpec) -> Option<bool> {
    let PromotionSpec {
        zone_ranks: _,
        choices: _,
        side_choices,
        optional_ranks: _,
        only_lost,
        at_last_existing_square,
        on_leaving,
        flips,
        limits,
        zone_squares,
    } = promotion;
    let held = side_choices.iter().all(Option::is_none)
        && !at_last_existing_square
        && !on_leaving
        && *flips == Flip::Never
        && limits.is_empty()
        && zone_squares.iter().all(Vec::is_empty);
    held.then_some(*only_lost)
}

/// The squares of `rank` counted from each side (`[white, black]`): where a leap barred
/// from that rank neither moves nor attacks; `None` off the board.
fn barred_rank_masks(rules: &WideRules, rank: usize) -> Option<[Bits; 2]> {
    let (files, ranks) = (rules.files, rules.ranks);
    let row: Bits = (1 << files) - 1;
    (rank < ranks).then(|| [row << (files * rank), row << (files * (ranks - 1 - rank))])
}

/// Adds the leap `(dx, dy)` of `side`'s pieces of `kind`, never onto a square of `barred`.
fn add_leap(rules: &mut WideRules, side: Side, kind: usize, dx: i32, dy: i32, barred: Bits) {
    for from in 0..rules.files * rules.ranks {
        if let Some(to) = offset(rules, from, dx, dy).filter(|&to| barred & 1 << to == 0) {
            rules.leaps[side.index()][kind][from] |= 1 << to;
            rules.leaps_to[side.index()][kind][to] |= 1 << from;
        }
    }
}

/// The square `(dx, dy)` from `from`, if on the board and not `from` itself.
fn offset(rules: &WideRules, from: usize, dx: i32, dy: i32) -> Option<usize> {
    let (files, ranks) = (rules.files as i32, rules.ranks as i32);
    let (f, r) = ((from as i32 % files) + dx, (from as i32 / files) + dy);
    let inside = (0..files).contains(&f) && (0..ranks).contains(&r) && (dx, dy) != (0, 0);
    inside.then(|| (r * files + f) as usize)
}

fn fill_pawn_captures(rules: &mut WideRules) {
    for side in Side::BOTH {
        let dy = if side == Side::White { 1 } else { -1 };
        for from in 0..rules.files * rules.ranks {
            for dx in [-1, 1] {
                if let Some(to) = offset(rules, from, dx, dy) {
                    rules.pawn_captures[side.index()][from] |= 1 << to;
                    rules.pawn_captured_from[side.index()][to] |= 1 << from;
                }
            }
        }
    }
}
