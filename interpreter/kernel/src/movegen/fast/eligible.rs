//! The bit-board tables of a variant: the piece kinds' leaps, lines, hops and pawn moves on
//! one 64-square board, built from each pattern's [`PatternShape`], and the token play the
//! back-end choice ([`Features::choose`]) gives them. A variant whose pieces the tables do
//! not hold (riders, limited slides, move-only or capture-only patterns outside the pawn,
//! promotions of other kinds, several royal kinds, ...) has the [`PieceShape::Other`] and is
//! walked. Positions are checked again when used ([`crate::Position::backend`]; one royal
//! piece a side in [`super::Board64::from_position`]).

use super::backend::{Features, TokenPlay, VariantBackend};
use super::features::{self, PatternShape, PieceShape, PromotionShape};
use super::hoppers::direction_bit;
use super::rules::{DoubleStep, FastRules, PawnRules, PromotionMasks, FAST_KINDS};
use crate::geometry::Side;
use crate::spec::{CastleRole, PatternCondition, PieceId, PieceSpec, PromotionSpec};
use crate::variant::Variant;

/// The bit-board tables of `v`, or `None` when its positions are walked.
pub(crate) fn fast_rules(v: &Variant) -> Option<FastRules> {
    let spec = v.spec();
    let tables = piece_tables(v);
    let pieces = match &tables {
        None => PieceShape::Other,
        Some(rules) if rules.hoppers != 0 => PieceShape::LinesAndHops,
        Some(_) => PieceShape::Lines,
    };
    let features = Features {
        geometry: features::geometry(spec),
        play: features::play(spec),
        pieces,
        tokens: features::tokens(v),
        en_passant: features::en_passant(spec),
        promotion: features::promotion(spec),
    };
    let VariantBackend::BitBoards(token_play) = features.choose() else { return None };
    let mut rules = tables?;
    install_token_play(&mut rules, v, token_play);
    rules.links = super::links::LinkRules::of(v);
    Some(rules)
}

/// Gives the tables the token play chosen for the variant (the warped tables have capacity
/// limits: beyond them positions with tokens are walked).
fn install_token_play(rules: &mut FastRules, v: &Variant, token_play: TokenPlay) {
    rules.token_play = token_play;
    match token_play {
        TokenPlay::Walked => {}
        TokenPlay::Blocking { timed: _ } | TokenPlay::Transit => {
            rules.token = Some(super::tokens::TokenRules::of(v));
        }
        TokenPlay::Warp => {
            rules.warp = super::warp::WarpRules::of(v, rules);
            if rules.warp.is_none() {
                rules.token_play = TokenPlay::Walked;
            }
        }
    }
}

/// The piece tables, when every kind is a leaper and/or full orthogonal or diagonal slider
/// and/or queen-line hopper, one royal kind that leaps, at most one kind of the orthodox
/// pawn's shape, and at most [`FAST_KINDS`] kinds.
fn piece_tables(v: &Variant) -> Option<FastRules> {
    let spec = v.spec();
    if spec.pieces.len() > FAST_KINDS {
        return None;
    }
    let mut rules = FastRules {
        leaps: [vec![[0; 64]; spec.pieces.len()], vec![[0; 64]; spec.pieces.len()]],
        leaps_to: [vec![[0; 64]; spec.pieces.len()], vec![[0; 64]; spec.pieces.len()]],
        pawn_captures: [[0; 64]; 2],
        pawn_captured_from: [[0; 64]; 2],
        leapers: 0,
        orth: 0,
        diag: 0,
        hoppers: 0,
        hop_dirs: [[0; FAST_KINDS]; 2],
        wraps: spec.board.files_wrap,
        pawn: None,
        royal: 0,
        royals_any_number: spec.rules.royals == crate::spec::RoyalRule::AnyNumber,
        castle_king: 0,
        castling: spec.rules.castling,
        uses_first_move: v.uses_first_move,
        en_passant_rule: spec.rules.en_passant,
        kinds: spec.pieces.len(),
        token_play: TokenPlay::Walked,
        token: None,
        warp: None,
        links: super::links::LinkRules::default(),
    };
    let royal = royal_kind(spec, FAST_KINDS)?;
    rules.royal = royal as u8;
    for (kind, piece) in spec.pieces.iter().enumerate() {
        if pawn_shape(v, kind, piece) {
            if rules.pawn.is_some() || piece.royal || piece.castling != CastleRole::None {
                return None;
            }
            rules.pawn = Some(pawn_rules(v, kind, piece)?);
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
    if (rules.orth | rules.diag | rules.hoppers) & (1 << royal) != 0 {
        return None;
    }
    fill_pawn_captures(&mut rules);
    Some(rules)
}

/// The royal kind of `spec`: its one royal kind, or, with `any number of royal pieces` and
/// no royal kind, a kind number below `kinds` that no piece has (so no side ever has a royal
/// piece); `None` with several royal kinds.
pub(crate) fn royal_kind(spec: &crate::spec::VariantSpec, kinds: usize) -> Option<usize> {
    let royals: Vec<usize> = (0..spec.pieces.len()).filter(|&k| spec.pieces[k].royal).collect();
    let any_number = spec.rules.royals == crate::spec::RoyalRule::AnyNumber;
    match royals[..] {
        [royal] => Some(royal),
        [] if any_number && spec.pieces.len() < kinds => Some(spec.pieces.len()),
        _ => None,
    }
}

/// A non-pawn kind: every pattern moves and captures alike, always; steps and leaps go in
/// the leap tables, unlimited slides must cover all four orthogonal or diagonal directions,
/// hops go along any of the eight queen directions.
fn piece_lines(rules: &mut FastRules, kind: usize, piece: &PieceSpec) -> Option<()> {
    if piece.promotion.is_some() {
        return None;
    }
    let (mut orth_dirs, mut diag_dirs) = (0u8, 0u8);
    for shape in features::piece_patterns(piece) {
        match shape {
            PatternShape::Hop { dx, dy } => add_hop(rules, kind, dx, dy)?,
            PatternShape::Leap { dx, dy } => {
                for side in Side::BOTH {
                    let dy = if side == Side::White { dy } else { -dy };
                    add_leap(rules, side, kind, dx, dy, 0);
                }
                rules.leapers |= 1 << kind;
            }
            PatternShape::BarredLeap { dx, dy, rank } => {
                let barred = barred_rank_masks(rank)?;
                for side in Side::BOTH {
                    let dy = if side == Side::White { dy } else { -dy };
                    add_leap(rules, side, kind, dx, dy, barred[side.index()]);
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
            PatternShape::PawnStep
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

/// Whether a kind's patterns are the orthodox pawn's: one step forward without capturing, an
/// optional two-square step from a rank or on the first move, and diagonal forward captures
/// that agree on en passant.
pub(crate) fn pawn_shape(v: &Variant, kind: usize, piece: &PieceSpec) -> bool {
    let compiled = &v.patterns[Side::White.index()][kind];
    let mut seen = [0u8; 4];
    let mut capture_ep = [false; 2];
    for (shape, c) in features::piece_patterns(piece).zip(compiled) {
        let slot = match (shape, c.skip) {
            (PatternShape::PawnStep, 0) => 0,
            (PatternShape::PawnDouble { condition: _, sets_en_passant: _ }, 1) => 1,
            (PatternShape::PawnCapture { dx, en_passant }, 0) => {
                capture_ep[usize::from(dx > 0)] = en_passant;
                if dx > 0 {
                    2
                } else {
                    3
                }
            }
            _ => return false,
        };
        seen[slot] += 1;
    }
    seen[0] == 1 && seen[1] <= 1 && seen[2] == 1 && seen[3] == 1 && capture_ep[0] == capture_ep[1]
}

/// The 8x8 masks (`[white, black]`) of a double step's origin squares, Black's mirrored.
fn origin_masks(squares: &crate::origin_squares::OriginSquares) -> [u64; 2] {
    squares.cells().filter(|&(file, rank)| file < 8 && rank < 8).fold([0, 0], |[white, black], (file, rank)| {
        [white | 1 << (8 * rank + file), black | 1 << (8 * (7 - rank) + file)]
    })
}

fn pawn_rules(v: &Variant, kind: usize, piece: &PieceSpec) -> Option<PawnRules> {
    let double = features::piece_patterns(piece).find_map(|shape| match shape {
        PatternShape::PawnDouble { condition, sets_en_passant } => {
            let (from_mask, first_move) = match condition {
                PatternCondition::FromRank(r) if r < 8 => ([0xFFu64 << (8 * r), 0xFFu64 << (8 * (7 - r))], false),
                PatternCondition::FromRank(_) => ([0, 0], false),
                PatternCondition::FromSquares(squares) => (origin_masks(&squares), false),
                PatternCondition::FirstMove | PatternCondition::Always => ([u64::MAX; 2], true),
                // Conditions judged per position never have a pawn shape (`PatternShape::of`).
                PatternCondition::OutOfCheck | PatternCondition::FirstMoveOutOfCheck => return None,
            };
            Some(DoubleStep { from_mask, first_move, sets_en_passant })
        }
        _ => None,
    });
    let captures_en_passant = features::piece_patterns(piece)
        .any(|shape| matches!(shape, PatternShape::PawnCapture { dx: _, en_passant: true }));
    let mut rules = PawnRules {
        kind: kind as u8,
        double,
        captures_en_passant,
        promotion_zone: [0, 0],
        choices: Vec::new(),
        masks: PromotionMasks::default(),
    };
    if let Some(promo) = &piece.promotion {
        install_promotion(v, &mut rules, promo)?;
    }
    Some(rules)
}

/// The promotion zones and choices of the pawn kind: `None` when the promotion is beyond the
/// masks or a choice is royal or unknown.
fn install_promotion(v: &Variant, pawn: &mut PawnRules, promo: &PromotionSpec) -> Option<()> {
    match features::promotion_shape(promo) {
        PromotionShape::Zone | PromotionShape::Masks => {}
        PromotionShape::Other => return None,
    }
    let lists = [promo.choices_for(0), promo.choices_for(1)];
    let known = |c: &PieceId| v.spec().pieces.get(usize::from(*c)).is_some_and(|p| !p.royal);
    if promo.choices.is_empty() || !lists.iter().all(|list| list.iter().all(known)) {
        return None;
    }
    let compulsory = last_ranks(promo.zone_ranks);
    let optional = last_ranks(promo.optional_ranks);
    pawn.promotion_zone = compulsory;
    pawn.choices.clone_from(&promo.choices);
    let masks = &mut pawn.masks;
    masks.optional_zone = [optional[0] & !compulsory[0], optional[1] & !compulsory[1]];
    masks.side_choices = lists.map(<[PieceId]>::to_vec);
    masks.only_lost = promo.only_lost;
    masks.at_last_existing_square = promo.at_last_existing_square;
    Some(())
}

/// The last `n` ranks of each side (`[white, black]`) on the 8x8 board.
fn last_ranks(n: u8) -> [u64; 2] {
    match n.min(8) {
        0 => [0, 0],
        n => [u64::MAX << (8 * (8 - n)), u64::MAX >> (8 * (8 - n))],
    }
}

/// A hop along one of the eight queen directions (Black's mirrored), or `None` for a hop
/// along another line.
fn add_hop(rules: &mut FastRules, kind: usize, dx: i8, dy: i8) -> Option<()> {
    rules.hop_dirs[Side::White.index()][kind] |= direction_bit(dx, dy)?;
    rules.hop_dirs[Side::Black.index()][kind] |= direction_bit(dx, -dy)?;
    rules.hoppers |= 1 << kind;
    Some(())
}

/// The squares of `rank` counted from each side (`[white, black]`) on the 8x8 board: where
/// a leap barred from that rank neither moves nor attacks; `None` off the board.
fn barred_rank_masks(rank: u8) -> Option<[u64; 2]> {
    (rank < 8).then(|| [0xFFu64 << (8 * rank), 0xFFu64 << (8 * (7 - rank))])
}

/// Adds the leap `(dx, dy)` of `side`'s pieces of `kind`, never onto a square of `barred`.
fn add_leap(rules: &mut FastRules, side: Side, kind: usize, dx: i8, dy: i8, barred: u64) {
    for from in 0..64 {
        let to = offset(rules.wraps, from, i32::from(dx), i32::from(dy)).filter(|&to| barred & 1 << to == 0);
        if let Some(to) = to {
            rules.leaps[side.index()][kind][from] |= 1 << to;
            rules.leaps_to[side.index()][kind][to] |= 1 << from;
        }
    }
}

/// The square `(dx, dy)` from `from` on the 8x8 board, files taken round when they `wrap`;
/// never `from` itself (a line ends before it comes back to its square).
fn offset(wrap: bool, from: usize, dx: i32, dy: i32) -> Option<usize> {
    let (mut f, r) = ((from % 8) as i32 + dx, (from / 8) as i32 + dy);
    if wrap {
        f = f.rem_euclid(8);
    }
    let to = (r * 8 + f) as usize;
    ((0..8).contains(&f) && (0..8).contains(&r) && to != from).then_some(to)
}

fn fill_pawn_captures(rules: &mut FastRules) {
    for side in Side::BOTH {
        let dy = if side == Side::White { 1 } else { -1 };
        for from in 0..64 {
            for dx in [-1, 1] {
                if let Some(to) = offset(rules.wraps, from, dx, dy) {
                    rules.pawn_captures[side.index()][from] |= 1 << to;
                    rules.pawn_captured_from[side.index()][to] |= 1 << from;
                }
            }
        }
    }
}
