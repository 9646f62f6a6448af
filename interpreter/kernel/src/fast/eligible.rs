//! The one eligibility test of the fast path: a whitelist of features whose meaning the fast
//! tables reproduce exactly. A variant qualifies when it is one 8x8 board with alternating
//! turns, no links and no wrapping, one royal kind that leaps, at most one pawn kind of the
//! orthodox shape, and every other kind a leaper and/or a full orthogonal or diagonal slider
//! that moves and captures alike, and/or hops along queen lines. Anything else (riders,
//! limited slides, move-only or capture-only patterns outside the pawn, promotions of other
//! kinds, several boards, barred ranks, per-side, optional or lost-piece promotion, hoppers
//! beside tokens that are entered or make squares absent, ...) is not on the list and keeps
//! the general path. Positions are checked again when used: tokens
//! on the board (unless their kind is on the token whitelists of `tokens.rs` and `warp.rs`),
//! installed special moves or other than one royal piece also mean the general path (see
//! [`crate::Position::fast_rules`]).

use super::hoppers::direction_bit;
use super::rules::{DoubleStep, FastRules, PawnRules, FAST_KINDS};
use crate::geometry::Side;
use crate::spec::{
    BoardSpec, CastleRole, EpRole, LinkSpec, Pattern, PatternCondition, PatternMode, PieceSpec, PromotionSpec,
    RulesSpec, Schedule, VariantSpec,
};
use crate::variant::Variant;

/// The fast tables of `v`, or `None` when some feature of it is not on the whitelist.
pub(crate) fn fast_rules(v: &Variant) -> Option<FastRules> {
    let spec = v.spec();
    if !variant_fits(spec) || spec.pieces.len() > FAST_KINDS || !spec.pieces.iter().all(piece_fits) {
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
        castle_king: 0,
        castling: spec.rules.castling,
        uses_first_move: v.uses_first_move,
        en_passant_rule: spec.rules.en_passant,
        kinds: spec.pieces.len(),
        token: super::tokens::TokenRules::of(v),
        warp: None,
    };
    let royals: Vec<usize> = (0..spec.pieces.len()).filter(|&k| spec.pieces[k].royal).collect();
    let [royal] = royals[..] else { return None };
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
    if rules.hoppers != 0 && rules.wraps {
        return None;
    }
    if rules.hoppers != 0 || rules.wraps {
        // A hop lands on the square behind its hurdle and a cylinder's lines go round, which
        // a transit or a warped line would read otherwise: only tokens that stop lines.
        rules.token = rules.token.filter(|t| t.entry == crate::spec::Entry::None);
        return Some(rules);
    }
    rules.warp = super::warp::WarpRules::of(v, &rules);
    Some(rules)
}

// The whitelist reads every field of the spec by destructuring it, so that a field added to
// the rule language does not compile here until someone decides what the fast path does
// with it.

/// One 8x8 board (its files may wrap), alternating turns, no links, no goal squares (a goal reached ends the game,
/// which the fast tables do not model); what the other fields say is modelled by the fast
/// tables (castling, en passant, the royal rule through the per-position check of one royal
/// piece to move) or plays no part in move generation (names, setup, draws).
fn variant_fits(spec: &VariantSpec) -> bool {
    let VariantSpec { id: _, title: _, summary: _, board, pieces: _, setup: _, rules, tokens: _, links, schedule } =
        spec;
    let BoardSpec { files, ranks, names, files_wrap: _, first_files: _ } = board;
    let LinkSpec { pairs, one_way, entry: _, link_check, teleport } = links;
    let RulesSpec { castling: _, en_passant: _, stalemate: _, fifty_move: _, repetition: _, royals: _, goal } = rules;
    let plain_board = *files == 8 && *ranks == 8 && names.len() == 1;
    let plain_links = pairs.is_empty() && one_way.is_empty() && !link_check && !teleport;
    plain_board && plain_links && goal.is_none() && *schedule == Schedule::Alternate
}

/// Hops, barred ranks and the promotion clauses beyond one compulsory list (per-side lists,
/// an optional zone, lost pieces only, the last existing square) are not on the whitelist;
/// the other fields are read by [`pawn_shape`], [`pawn_rules`] and [`piece_lines`].
fn piece_fits(piece: &PieceSpec) -> bool {
    let PieceSpec { name: _, letter: _, royal: _, pawn: _, patterns, promotion, castling: _, value: _ } = piece;
    patterns.iter().all(pattern_fits) && promotion.as_ref().is_none_or(promotion_fits)
}

/// A pattern with no barred rank (direction, range, mode, condition, en passant and hop are
/// read by the kind's shape).
fn pattern_fits(pattern: &Pattern) -> bool {
    let Pattern { dx: _, dy: _, range: _, mode: _, condition: _, en_passant: _, hop: _, barred_rank } = *pattern;
    barred_rank.is_none()
}

/// One compulsory zone and one list for both sides.
fn promotion_fits(promotion: &PromotionSpec) -> bool {
    let PromotionSpec { zone_ranks: _, choices: _, side_choices, optional_ranks, only_lost, at_last_existing_square } =
        promotion;
    side_choices.iter().all(Option::is_none) && *optional_ranks == 0 && !only_lost && !at_last_existing_square
}

/// A non-pawn kind: every pattern moves and captures alike, always; steps and leaps go in
/// the leap tables, unlimited slides must cover all four orthogonal or diagonal directions,
/// hops go along any of the eight queen directions.
fn piece_lines(rules: &mut FastRules, kind: usize, piece: &PieceSpec) -> Option<()> {
    if piece.promotion.is_some() {
        return None;
    }
    let (mut orth_dirs, mut diag_dirs) = (0u8, 0u8);
    for p in &piece.patterns {
        let plain = p.mode == PatternMode::MoveOrCapture
            && p.condition == PatternCondition::Always
            && p.en_passant == EpRole::None;
        if !plain {
            return None;
        }
        if p.hop {
            add_hop(rules, kind, p.dx, p.dy)?;
            continue;
        }
        match p.range {
            1 => {
                for side in Side::BOTH {
                    let dy = if side == Side::White { p.dy } else { -p.dy };
                    add_leap(rules, side, kind, p.dx, dy);
                }
                rules.leapers |= 1 << kind;
            }
            0 => match (p.dx, p.dy) {
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
            _ => return None,
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
/// optional two-square step from a rank or on the first move, and diagonal forward captures.
fn pawn_shape(v: &Variant, kind: usize, piece: &PieceSpec) -> bool {
    let compiled = &v.patterns[Side::White.index()][kind];
    let mut seen = [0u8; 4];
    for (p, c) in piece.patterns.iter().zip(compiled) {
        let always = p.condition == PatternCondition::Always;
        let slot = match (p.dx, p.dy, p.range, p.mode) {
            (0, 1, 1, PatternMode::MoveOnly) if always && p.en_passant == EpRole::None && c.skip == 0 => 0,
            (0, 1, 2, PatternMode::MoveOnly) if !always && p.en_passant != EpRole::Captures && c.skip == 1 => 1,
            (1, 1, 1, PatternMode::CaptureOnly) if always && p.en_passant != EpRole::Sets && c.skip == 0 => 2,
            (-1, 1, 1, PatternMode::CaptureOnly) if always && p.en_passant != EpRole::Sets && c.skip == 0 => 3,
            _ => return false,
        };
        seen[slot] += 1;
    }
    let captures_agree = {
        let ep = |dx: i8| {
            piece.patterns.iter().find(|p| p.dx == dx && p.mode == PatternMode::CaptureOnly).map(|p| p.en_passant)
        };
        ep(1) == ep(-1)
    };
    seen[0] == 1 && seen[1] <= 1 && seen[2] == 1 && seen[3] == 1 && captures_agree
}

fn pawn_rules(v: &Variant, kind: usize, piece: &PieceSpec) -> Option<PawnRules> {
    let double = piece.patterns.iter().find(|p| p.range == 2).map(|p| {
        let (from_mask, first_move) = match p.condition {
            PatternCondition::FromRank(r) if r < 8 => ([0xFFu64 << (8 * r), 0xFFu64 << (8 * (7 - r))], false),
            PatternCondition::FromRank(_) => ([0, 0], false),
            _ => ([u64::MAX; 2], true),
        };
        DoubleStep { from_mask, first_move, sets_en_passant: p.en_passant == EpRole::Sets }
    });
    let captures_en_passant = piece.patterns.iter().any(|p| p.en_passant == EpRole::Captures);
    let (promotion_zone, choices) = match &piece.promotion {
        None => ([0, 0], Vec::new()),
        Some(promo) => {
            let zone = promo.zone_ranks.min(8);
            let white = if zone == 0 { 0 } else { u64::MAX << (8 * (8 - zone)) };
            let black = if zone == 0 { 0 } else { u64::MAX >> (8 * (8 - zone)) };
            if promo.choices.iter().any(|&c| v.spec().pieces.get(c as usize).is_none_or(|p| p.royal)) {
                return None;
            }
            ([white, black], promo.choices.clone())
        }
    };
    if choices.is_empty() && piece.promotion.is_some() {
        return None;
    }
    Some(PawnRules { kind: kind as u8, double, captures_en_passant, promotion_zone, choices })
}

/// A hop along one of the eight queen directions (Black's mirrored), or `None` for a hop
/// along another line.
fn add_hop(rules: &mut FastRules, kind: usize, dx: i8, dy: i8) -> Option<()> {
    rules.hop_dirs[Side::White.index()][kind] |= direction_bit(dx, dy)?;
    rules.hop_dirs[Side::Black.index()][kind] |= direction_bit(dx, -dy)?;
    rules.hoppers |= 1 << kind;
    Some(())
}

fn add_leap(rules: &mut FastRules, side: Side, kind: usize, dx: i8, dy: i8) {
    for from in 0..64 {
        if let Some(to) = offset(rules.wraps, from, i32::from(dx), i32::from(dy)) {
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
