//! A compiled variant: the one place that checks a [`VariantSpec`]'s consistency, and the
//! tables move generation and attack detection read (rays per direction and square,
//! patterns per side and piece, attack masks, hash keys).

use std::sync::Arc;

use crate::effects::TokenEffects;
use crate::error::{SpecError, SpecErrorKind, SpecSubject};
use crate::geometry::{Geometry, Side, Square, MAX_SIDE};
use crate::position::Position;
use crate::spec::*;
use crate::zobrist::Zobrist;

/// The most piece kinds a variant may declare.
pub const MAX_PIECES: usize = 31;
/// The most boards a variant may have: tables grow with the square count, and a script
/// must not be able to ask for gigabytes of them.
pub const MAX_BOARDS: usize = 16;
/// The most squares, over all boards, a variant may have (16 boards of 16x16). Squares are
/// 16-bit indices with one value reserved for "no square", so this is far below that bound.
pub const MAX_SQUARES: usize = MAX_BOARDS * MAX_SIDE as usize * MAX_SIDE as usize;
/// The farthest distance attack masks track.
pub(crate) const MAX_REACH: usize = MAX_SIDE as usize;

/// A pattern bound to one side: a direction index into the variant's direction table.
#[derive(Clone, Copy, Debug)]
pub(crate) struct CompiledPattern {
    pub dir: u8,
    /// Leading squares an earlier unconditional pattern of the piece already covers (K6:
    /// the same move twice is one move); moves there are not generated again.
    pub skip: u8,
    pub range: u8,
    pub mode: PatternMode,
    pub condition: PatternCondition,
    pub en_passant: EpRole,
    /// What the plain walk along the ray does not do, packed in one byte so the pattern
    /// stays small: `HOP_BIT` for a hop (see [`Pattern::hop`]), and in the low bits the rank
    /// (from the mover's side) the pattern never ends a move on, plus one (0: none).
    pub extra: u8,
}

/// The `extra` bit of a hop.
const HOP_BIT: u8 = 0x80;
/// The `extra` bit of a hop that lands at any distance behind its hurdle (a cannon).
const FAR_BIT: u8 = 0x40;
/// The `extra` bit of a leap that may be blocked (a lame leaper).
const LAME_BIT: u8 = 0x20;
/// The `extra` bits holding the barred rank plus one.
const RANK_BITS: u8 = 0x1F;

/// No barred rank.
pub(crate) const NO_RANK: u8 = u8::MAX;

impl CompiledPattern {
    /// Whether the pattern needs more than the plain walk along its ray (a hop, a barred
    /// rank).
    #[inline]
    pub(crate) fn is_special(&self) -> bool {
        self.extra != 0
    }

    /// Whether the pattern is a hop.
    #[inline]
    pub(crate) fn hop(&self) -> bool {
        self.extra & HOP_BIT != 0
    }

    /// Whether the pattern is a hop landing at any distance behind its hurdle.
    #[inline]
    pub(crate) fn far_hop(&self) -> bool {
        self.extra & FAR_BIT != 0
    }

    /// Whether the pattern is a leap that pieces on its path block.
    #[inline]
    pub(crate) fn lame(&self) -> bool {
        self.extra & LAME_BIT != 0
    }

    /// The rank the pattern never ends a move on, or `NO_RANK`.
    #[inline]
    pub(crate) fn barred(&self) -> u8 {
        match self.extra & RANK_BITS {
            0 => NO_RANK,
            r => r - 1,
        }
    }
}

/// Hoppers of one side that capture onto a square: those of `kinds` whose hop runs along
/// direction `dir` (a hurdle right before the square, the hopper further back), unless the
/// square lies on their barred rank.
#[derive(Clone, Copy, Debug)]
pub(crate) struct HopAttack {
    pub dir: u8,
    pub kinds: u32,
    pub barred: u8,
    /// The hop lands at any distance behind its hurdle (a cannon): empty squares may lie
    /// between the hurdle and the square.
    pub far: bool,
}

/// A variant compiled into tables. Build it with [`Variant::compile`].
#[derive(Debug)]
pub struct Variant {
    spec: VariantSpec,
    geometry: Geometry,
    pub(crate) dirs: Vec<(i8, i8)>,
    /// `ray_index[dir * squares + sq]` = (start, len) into `rays`.
    pub(crate) ray_index: Vec<(u32, u8)>,
    pub(crate) rays: Vec<Square>,
    /// `patterns[side][piece]`.
    pub(crate) patterns: [Vec<Vec<CompiledPattern>>; 2],
    /// `patterns`, left empty for the kinds in `special_kinds` (plain generation walks these;
    /// the special kinds are walked apart).
    pub(crate) plain_patterns: [Vec<Vec<CompiledPattern>>; 2],
    /// Attack masks: `attack_masks[((side * dirs) + dir) * (MAX_REACH + 1) + k]` holds the
    /// piece kinds of `side` that capture onto a square from `k` squares along `dir`.
    pub(crate) attack_masks: Vec<u32>,
    /// Per attacking side: the directions worth walking, with the farthest reach.
    pub(crate) attack_dirs: [Vec<(u8, u8)>; 2],
    pub(crate) slider_dirs: [Vec<(u8, u8)>; 2],
    /// `line_masks[side]`: for each square, the squares an enemy slider of `side` could
    /// attack it through (its slider rays, blockers ignored), as bit words per square.
    pub(crate) line_masks: [Vec<u64>; 2],
    pub(crate) royal_mask: u32,
    /// The piece kinds that castle as the king.
    pub(crate) castle_king_mask: u32,
    /// The piece kinds with a hop or a barred rank among their patterns.
    pub(crate) special_kinds: u32,
    /// The piece kinds whose promotion has an optional zone or promotes at the end of a file.
    pub(crate) promotion_extras: u32,
    /// Per relative rank of the target (from the attacker's side), attack masks laid out as
    /// `attack_masks`, without the patterns barred from that rank; empty unless some pattern
    /// has a barred rank.
    pub(crate) rank_masks: Vec<u32>,
    /// Per side, the hoppers that capture (empty unless some piece hops).
    pub(crate) hop_attacks: [Vec<HopAttack>; 2],
    /// Some piece hops: every move is judged by the full legality test (any move may add or
    /// remove a hurdle in front of a royal piece).
    pub(crate) hops: bool,
    /// Per side, the lame leapers that capture (empty unless some leap may be blocked).
    pub(crate) lame_attacks: [Vec<crate::lame::LameAttack>; 2],
    /// The squares each kind may stand on, for pieces that stay within a region.
    pub(crate) regions: crate::regions::RegionMasks,
    /// Every move is judged by the full legality test: a lame leap (a move off its path
    /// opens an attack no pin shows) or the rule that royal pieces may not face each other.
    pub(crate) tested_legality: bool,
    /// Two patterns of one piece may reach one square with the same move (a cylinder board,
    /// a hop beside other movement): generation drops the repeats (K6).
    pub(crate) dedup: bool,
    /// The kinds with a capture pattern that holds only at times (on the first move, from one
    /// rank): attack detection asks them directly (`conditional_attacks.rs`).
    pub(crate) conditional_capturers: u32,
    /// `setup_counts[side][piece]`: how many pieces of the kind the setup gives the side.
    pub(crate) setup_counts: [[u8; MAX_PIECES]; 2],
    /// What each token kind does (the one model of square effects), by kind.
    pub(crate) effects: Vec<TokenEffects>,
    /// True when some token changes geometry (absent squares, tunnels, wrapping): the
    /// generator then walks paths step by step instead of reading rays.
    pub(crate) warped: bool,
    /// Step tables for warped movement (empty unless `warped`), indexed `dir * squares + sq`:
    /// the next square of a line on the board, or `NO_SQUARE`.
    pub(crate) warp_next: Vec<Square>,
    /// Where a line goes on from an edge square whose next step leaves the board sideways,
    /// files taken modulo the width (used only when an absent wrapping token lies there).
    pub(crate) warp_wrap: Vec<Square>,
    /// The edge square whose wrapped step (`warp_wrap`) reaches this square, or `NO_SQUARE`.
    pub(crate) warp_wrap_back: Vec<Square>,
    /// `dir_reverse[dir]` = the index of the opposite direction.
    pub(crate) dir_reverse: Vec<u8>,
    pub(crate) uses_first_move: bool,
    /// The piece kinds with a first-move pattern (one bit a kind).
    pub(crate) first_move_kinds: u32,
    /// The piece kinds that may promote on a move starting in their zone (`on_leaving`).
    pub(crate) leaving_promoters: u32,
    /// Linked square pairs, compiled.
    pub(crate) links: Vec<(Square, Square)>,
    /// Links within one board, by square (see `links.rs`).
    pub(crate) square_links: crate::links::SquareLinks,
    pub(crate) zobrist: Zobrist,
    start_fen: String,
    /// Special moves supplied from outside the kernel, installed once (see [`crate::special`]).
    special: std::sync::OnceLock<crate::special::SpecialTable>,
    /// The fast path's tables, when the variant qualifies for it (see [`crate::fast`]).
    pub(crate) fast: Option<Box<crate::fast::FastRules>>,
    /// The wide bit boards' tables, when the variant qualifies for them (see `movegen/wide`).
    pub(crate) wide: Option<Box<crate::movegen::wide::WideRules>>,
    /// Hands and drops, compiled (see `hand.rs`).
    pub(crate) hand_tables: crate::hand::HandTables,
}

impl Variant {
    /// Checks `spec` and compiles it; every inconsistency found is reported.
    ///
    /// # Errors
    ///
    /// Every [`SpecError`] found in `spec`: geometry, pieces, tokens, setup and the start position.
    ///
    /// # Panics
    ///
    /// Never: no position made while checking outlives the check.
    ///
    /// ```
    /// use holechess_kernel::{SpecErrorKind, Variant};
    /// let mut spec = holechess_testkit::orthodox_spec();
    /// assert!(Variant::compile(spec.clone()).is_ok());
    /// spec.board.files = 40;
    /// let errors = Variant::compile(spec).unwrap_err();
    /// assert_eq!(errors[0].kind, SpecErrorKind::OutOfRange);
    /// assert_eq!(errors[0].to_string(), "a board must be 1x1 to 16x16, not 40x8");
    /// ```
    pub fn compile(spec: VariantSpec) -> Result<Variant, Vec<SpecError>> {
        let mut errors = check_spec(&spec);
        if !errors.is_empty() {
            return Err(errors);
        }
        let variant = Variant::build(spec);
        let fen = variant.start_fen_with_tokens();
        let shared = Arc::new(variant);
        // A setup is authored: what a given position may leave out with a warning (K8) is
        // an error here.
        let mut setup_counts = [[0u8; MAX_PIECES]; 2];
        let problem = match Position::from_fen_with_warnings(&shared, &fen) {
            Err(e) => Some(e.to_string()),
            Ok((_, warnings)) if !warnings.is_empty() => Some(warnings.join("; ")),
            Ok((start, _)) => {
                for side in Side::BOTH {
                    for (_, piece) in start.pieces_of(side) {
                        let count = &mut setup_counts[side.index()][piece.kind as usize];
                        *count = count.saturating_add(1);
                    }
                }
                None
            }
        };
        if let Some(problem) = problem {
            errors.push(SpecError::of(
                SpecErrorKind::InvalidSetup,
                SpecSubject::Setup,
                format!("the setup position is not valid: {problem}"),
            ));
            return Err(errors);
        }
        let mut variant = Arc::try_unwrap(shared).expect("no position outlives the check");
        variant.setup_counts = setup_counts;
        if let Some(fast) = variant.fast.as_mut() {
            fast.learn_setup_counts(&setup_counts);
        }
        variant.start_fen = variant.start_fen_with_tokens();
        Ok(variant)
    }

    fn build(spec: VariantSpec) -> Variant {
        let geometry = Geometry {
            files: spec.board.files,
            ranks: spec.board.ranks,
            board_names: spec.board.names.clone(),
            files_wrap: spec.board.files_wrap,
            first_files: spec.board.first_files.clone(),
        };
        let mut dirs: Vec<(i8, i8)> = Vec::new();
        let dir_of = |dx: i8, dy: i8, dirs: &mut Vec<(i8, i8)>| -> u8 {
            match dirs.iter().position(|&d| d == (dx, dy)) {
                Some(i) => i as u8,
                None => {
                    dirs.push((dx, dy));
                    (dirs.len() - 1) as u8
                }
            }
        };
        let mut patterns: [Vec<Vec<CompiledPattern>>; 2] = [Vec::new(), Vec::new()];
        for side in Side::BOTH {
            for piece in &spec.pieces {
                let turned = side == Side::Black && !mirror_symmetric(&piece.patterns);
                let compiled = piece
                    .patterns
                    .iter()
                    .map(|p| {
                        let dy = if side == Side::White { p.dy } else { -p.dy };
                        let dx = if turned { -p.dx } else { p.dx };
                        let dir = dir_of(dx, dy, &mut dirs);
                        dir_of(-dx, -dy, &mut dirs);
                        CompiledPattern {
                            dir,
                            skip: 0,
                            range: if p.hop { 0 } else { p.range },
                            mode: p.mode,
                            condition: p.condition,
                            en_passant: p.en_passant,
                            extra: extra_bits(p),
                        }
                    })
                    .collect();
                patterns[side.index()].push(with_overlaps_skipped(compiled));
            }
        }
        let (ray_index, rays) = build_rays(&geometry, &dirs);
        let royal_mask = spec.pieces.iter().enumerate().filter(|(_, p)| p.royal).fold(0u32, |m, (i, _)| m | 1 << i);
        let castle_king_mask = spec
            .pieces
            .iter()
            .enumerate()
            .filter(|(_, p)| p.castling == CastleRole::King)
            .fold(0u32, |m, (i, _)| m | 1 << i);
        let special_kinds = kinds_where(&spec.pieces, |p| {
            p.region.is_some() || p.patterns.iter().any(|q| q.hop || q.lame || q.barred_rank.is_some())
        });
        let promotion_extras = kinds_where(&spec.pieces, |p| {
            p.promotion.as_ref().is_some_and(|q| {
                q.optional_ranks > 0 || q.at_last_existing_square || q.flips != Flip::Never || q.has_zone_squares()
            })
        });
        let effects: Vec<TokenEffects> = spec.tokens.iter().map(TokenEffects::compile).collect();
        let warped = effects.iter().any(TokenEffects::is_absent);
        let first_move_kinds = spec
            .pieces
            .iter()
            .enumerate()
            .filter(|(_, p)| {
                p.patterns
                    .iter()
                    .any(|p| matches!(p.condition, PatternCondition::FirstMove | PatternCondition::FirstMoveOutOfCheck))
            })
            .fold(0u32, |kinds, (kind, _)| kinds | 1 << kind);
        let uses_first_move = first_move_kinds != 0;
        let hops = spec.pieces.iter().flat_map(|p| &p.patterns).any(|p| p.hop);
        let lame = spec.pieces.iter().flat_map(|p| &p.patterns).any(|p| p.lame);
        let spec_facing = spec.rules.royals_may_not_face;
        let dedup = geometry.files_wrap
            || spec.pieces.iter().any(|p| p.patterns.iter().any(|q| q.hop) && p.patterns.len() > 1)
            || patterns_may_coincide(&spec.pieces, &patterns[Side::White.index()]);
        let conditional_capturers = kinds_where(&spec.pieces, |p| {
            p.patterns.iter().any(|q| q.mode.captures() && q.condition != PatternCondition::Always)
        });
        let links = spec
            .links
            .pairs
            .iter()
            .filter(|(a, b)| a.board != b.board)
            .filter_map(|&(a, b)| Some((geometry.square_of(a)?, geometry.square_of(b)?)))
            .collect();
        let square_links = crate::links::SquareLinks::compile(&spec.links, &geometry);
        let zobrist = Zobrist::new(geometry.square_count(), spec.pieces.len(), spec.tokens.len());
        let hand_tables = crate::hand::HandTables::compile(&spec.hands, &spec.pieces);
        let leaving_promoters = kinds_where(&spec.pieces, |p| p.promotion.as_ref().is_some_and(|q| q.on_leaving));
        let mut variant = Variant {
            spec,
            geometry,
            dirs,
            ray_index,
            rays,
            plain_patterns: patterns.clone().map(|side| {
                side.into_iter()
                    .enumerate()
                    .map(|(kind, list)| if special_kinds & (1 << kind) != 0 { Vec::new() } else { list })
                    .collect()
            }),
            patterns,
            attack_masks: Vec::new(),
            attack_dirs: [Vec::new(), Vec::new()],
            line_masks: [Vec::new(), Vec::new()],
            slider_dirs: [Vec::new(), Vec::new()],
            royal_mask,
            castle_king_mask,
            special_kinds,
            promotion_extras,
            rank_masks: Vec::new(),
            hop_attacks: [Vec::new(), Vec::new()],
            hops,
            lame_attacks: [Vec::new(), Vec::new()],
            regions: crate::regions::RegionMasks::default(),
            tested_legality: lame || spec_facing,
            dedup,
            conditional_capturers,
            setup_counts: [[0; MAX_PIECES]; 2],
            effects,
            warped,
            warp_next: Vec::new(),
            warp_wrap: Vec::new(),
            warp_wrap_back: Vec::new(),
            dir_reverse: Vec::new(),
            uses_first_move,
            first_move_kinds,
            leaving_promoters,
            links,
            square_links,
            zobrist,
            start_fen: String::new(),
            special: std::sync::OnceLock::new(),
            fast: None,
            wide: None,
            hand_tables,
        };
        variant.build_attack_tables();
        variant.build_rank_masks();
        variant.build_hop_attacks();
        variant.build_lame_attacks();
        variant.regions = crate::regions::RegionMasks::compile(&variant.spec, &variant.geometry);
        variant.build_line_masks();
        variant.build_warp_tables();
        variant.fast = crate::fast::eligible::fast_rules(&variant).map(Box::new);
        variant.wide = crate::movegen::wide::rules::wide_rules(&variant).map(Box::new);
        variant
    }

    /// Fills the step tables warped movement reads instead of computing coordinates.
    fn build_warp_tables(&mut self) {
        let g = &self.geometry;
        self.dir_reverse = self
            .dirs
            .iter()
            .map(|&(dx, dy)| {
                self.dirs.iter().position(|&d| d == (-dx, -dy)).expect("reverse directions are registered") as u8
            })
            .collect();
        if !self.warped {
            return;
        }
        let n = g.square_count();
        let none = Square(u16::MAX);
        let mut next = vec![none; self.dirs.len() * n];
        let mut wrap = vec![none; self.dirs.len() * n];
        let mut wrap_back = vec![none; self.dirs.len() * n];
        for (d, &(dx, dy)) in self.dirs.iter().enumerate() {
            let (dx, dy) = (dx as i32, dy as i32);
            for sq in g.squares() {
                let i = d * n + sq.index();
                if let Some(to) = g.offset(sq, dx, dy) {
                    next[i] = to;
                    continue;
                }
                let file = g.file_of(sq);
                let on_edge = file == 0 || file == g.files - 1;
                let sideways = (0..g.ranks as i32).contains(&(g.rank_of(sq) as i32 + dy));
                if on_edge && sideways {
                    if let Some(to) = g.offset_wrapping(sq, dx, dy) {
                        wrap[i] = to;
                        wrap_back[d * n + to.index()] = sq;
                    }
                }
            }
        }
        self.warp_next = next;
        self.warp_wrap = wrap;
        self.warp_wrap_back = wrap_back;
    }

    /// Fills the masks that let attack detection walk outward from the attacked square.
    fn build_attack_tables(&mut self) {
        let ndirs = self.dirs.len();
        let stride = MAX_REACH + 1;
        self.attack_masks = vec![0; 2 * ndirs * stride];
        for side in Side::BOTH {
            for (piece, patterns) in self.patterns[side.index()].iter().enumerate() {
                for p in patterns
                    .iter()
                    .filter(|p| p.mode.captures() && p.condition == PatternCondition::Always && !p.hop() && !p.lame())
                {
                    let (dx, dy) = self.dirs[p.dir as usize];
                    let back =
                        self.dirs.iter().position(|&d| d == (-dx, -dy)).expect("reverse directions are registered");
                    let reach = if p.range == 0 { MAX_REACH } else { (p.range as usize).min(MAX_REACH) };
                    for k in 1..=reach {
                        self.attack_masks[(side.index() * ndirs + back) * stride + k] |= 1 << piece;
                    }
                }
            }
            let mut walk = Vec::new();
            let mut sliders = Vec::new();
            for dir in 0..ndirs {
                let base = (side.index() * ndirs + dir) * stride;
                let reach = (1..=MAX_REACH).rev().find(|&k| self.attack_masks[base + k] != 0).unwrap_or(0);
                if reach > 0 {
                    walk.push((dir as u8, reach as u8));
                }
                if reach > 1 {
                    sliders.push((dir as u8, reach as u8));
                }
            }
            self.attack_dirs[side.index()] = walk;
            self.slider_dirs[side.index()] = sliders;
        }
    }

    /// Attack masks per relative rank of the target, without the patterns barred from it.
    fn build_rank_masks(&mut self) {
        let barred = self.patterns.iter().flatten().flatten().any(|p| p.barred() != NO_RANK);
        if !barred {
            return;
        }
        let ndirs = self.dirs.len();
        let stride = MAX_REACH + 1;
        let table = 2 * ndirs * stride;
        let ranks = usize::from(self.geometry.ranks);
        let mut masks = vec![0u32; ranks * table];
        for side in Side::BOTH {
            for (piece, patterns) in self.patterns[side.index()].iter().enumerate() {
                let capturing =
                    patterns.iter().filter(|p| p.mode.captures() && p.condition == PatternCondition::Always);
                for p in capturing.filter(|p| !p.hop() && !p.lame()) {
                    let back = self.dir_index_reverse(p.dir);
                    let reach = if p.range == 0 { MAX_REACH } else { (p.range as usize).min(MAX_REACH) };
                    for rank in (0..ranks).filter(|&r| r != usize::from(p.barred())) {
                        for k in 1..=reach {
                            masks[rank * table + (side.index() * ndirs + back) * stride + k] |= 1 << piece;
                        }
                    }
                }
            }
        }
        self.rank_masks = masks;
    }

    /// The hoppers of each side, grouped by direction and barred rank.
    fn build_hop_attacks(&mut self) {
        for side in Side::BOTH {
            let mut list: Vec<HopAttack> = Vec::new();
            for (piece, patterns) in self.patterns[side.index()].iter().enumerate() {
                let hops =
                    patterns.iter().filter(|p| p.hop() && p.mode.captures() && p.condition == PatternCondition::Always);
                for p in hops {
                    let far = p.far_hop();
                    match list.iter_mut().find(|h| h.dir == p.dir && h.barred == p.barred() && h.far == far) {
                        Some(h) => h.kinds |= 1 << piece,
                        None => list.push(HopAttack { dir: p.dir, kinds: 1 << piece, barred: p.barred(), far }),
                    }
                }
            }
            self.hop_attacks[side.index()] = list;
        }
    }

    fn dir_index_reverse(&self, dir: u8) -> usize {
        let (dx, dy) = self.dirs[dir as usize];
        self.dirs.iter().position(|&d| d == (-dx, -dy)).expect("reverse directions are registered")
    }

    /// The attack masks that apply to a target on `target` attacked by `by`: the plain table,
    /// or the one of the target's rank when some pattern has a barred rank.
    #[inline]
    pub(crate) fn attack_masks_at(&self, by: Side, target: Square) -> &[u32] {
        if self.rank_masks.is_empty() {
            return &self.attack_masks;
        }
        let table = self.attack_masks.len();
        let rank = usize::from(self.geometry.relative_rank(target, by));
        &self.rank_masks[rank * table..(rank + 1) * table]
    }

    /// How many pieces of `kind` the setup gives `side`.
    #[inline]
    pub(crate) fn setup_count(&self, side: Side, kind: u8) -> u8 {
        self.setup_counts[side.index()][kind as usize]
    }

    /// The squares on a slider line through each square, per attacking side.
    fn build_line_masks(&mut self) {
        let squares = self.geometry.square_count();
        let words = squares.div_ceil(64);
        for side in Side::BOTH {
            let mut masks = vec![0u64; squares * words];
            for sq in self.geometry.squares() {
                for &(dir, reach) in &self.slider_dirs[side.index()] {
                    for &on_line in self.ray(dir, sq).iter().take(reach as usize) {
                        masks[sq.index() * words + on_line.index() / 64] |= 1 << (on_line.0 % 64);
                    }
                }
            }
            self.line_masks[side.index()] = masks;
        }
    }

    /// Whether `sq` lies on a line along which a slider of `by` could attack `target`.
    #[inline]
    pub(crate) fn on_slider_line(&self, by: Side, target: Square, sq: Square) -> bool {
        let words = self.geometry.square_count().div_ceil(64);
        self.line_masks[by.index()][target.index() * words + sq.index() / 64] & (1 << (sq.0 % 64)) != 0
    }

    fn start_fen_with_tokens(&self) -> String {
        let shared_fen = &self.spec.setup.fen;
        let mut fields: Vec<String> = shared_fen.split_whitespace().map(str::to_owned).collect();
        let tokens = crate::fen::format_token_field(self, &self.default_token_layout());
        if !tokens.is_empty() {
            while fields.len() < 6 {
                fields.push(["w", "-", "-", "0", "1"][fields.len() - 1].to_owned());
            }
            fields.push(tokens);
        }
        fields.join(" ")
    }

    /// The default token squares of every kind, as (kind, square) pairs.
    pub fn default_token_layout(&self) -> Vec<(TokenId, Square)> {
        let mut layout = Vec::new();
        for (kind, token) in self.spec.tokens.iter().enumerate() {
            for r in &token.default_squares {
                if let Some(sq) = self.geometry.square_of(*r) {
                    layout.push((kind as TokenId, sq));
                }
            }
        }
        layout
    }

    /// The spec it was compiled from.
    pub fn spec(&self) -> &VariantSpec {
        &self.spec
    }

    /// Gives the variant its special moves (once; a second source is refused). Generation
    /// then asks `source` once per position; without one it never leaves the tables.
    ///
    /// # Errors
    ///
    /// A [`SpecError`] when the variant already has a special-move source.
    pub fn install_special_source(&self, source: Box<dyn crate::special::SpecialSource>) -> Result<(), SpecError> {
        self.special
            .set(crate::special::SpecialTable::new(source))
            .map_err(|_| SpecError::new(SpecSubject::Variant, "this variant already has a source of special moves"))
    }

    /// The special moves installed, if any.
    #[inline]
    pub fn special_table(&self) -> Option<&crate::special::SpecialTable> {
        self.special.get()
    }

    /// The variant's id (`porthole`).
    pub fn id(&self) -> &str {
        &self.spec.id
    }

    /// Its boards.
    pub fn geometry(&self) -> &Geometry {
        &self.geometry
    }

    /// Its kinds of piece, indexed by [`PieceId`].
    pub fn pieces(&self) -> &[PieceSpec] {
        &self.spec.pieces
    }

    /// One kind of piece (`id` must be one of [`Variant::pieces`]).
    pub fn piece(&self, id: PieceId) -> &PieceSpec {
        &self.spec.pieces[id as usize]
    }

    /// Its kinds of token, indexed by [`TokenId`].
    pub fn tokens(&self) -> &[TokenSpec] {
        &self.spec.tokens
    }

    /// What the token kind `kind` does: the one model every part of the engine reads.
    #[inline]
    pub fn effects(&self, kind: TokenId) -> &TokenEffects {
        &self.effects[kind as usize]
    }

    /// The kind of token named `name`.
    pub fn token_by_name(&self, name: &str) -> Option<TokenId> {
        self.spec.tokens.iter().position(|t| t.name.eq_ignore_ascii_case(name)).map(|i| i as TokenId)
    }

    /// The kind of piece written `letter` (either case).
    pub fn piece_by_letter(&self, letter: char) -> Option<PieceId> {
        let upper = letter.to_ascii_uppercase();
        self.spec.pieces.iter().position(|p| p.letter == upper).map(|i| i as PieceId)
    }

    /// The kind of piece named `name`.
    pub fn piece_by_name(&self, name: &str) -> Option<PieceId> {
        self.spec.pieces.iter().position(|p| p.name.eq_ignore_ascii_case(name)).map(|i| i as PieceId)
    }

    /// Whether that kind of piece is royal (must not be left in check).
    pub fn is_royal(&self, piece: PieceId) -> bool {
        self.royal_mask & (1 << piece) != 0
    }

    /// The start position in the kernel's position notation, tokens included.
    pub fn start_fen(&self) -> &str {
        &self.start_fen
    }

    /// The far ends of the links within one board that leave `sq` (`a3 = h6`: h6 from a3 and
    /// a3 from h6; `a3 -> h6`: h6 from a3 only). Links between boards are [`Variant::links_of`].
    pub fn square_links_of(&self, sq: Square) -> &[Square] {
        self.square_links.ends(sq)
    }

    /// The squares linked to `sq` across boards (Howe's teleports).
    pub fn links_of(&self, sq: Square) -> impl Iterator<Item = Square> + '_ {
        self.links.iter().filter_map(move |&(a, b)| {
            if a == sq {
                Some(b)
            } else if b == sq {
                Some(a)
            } else {
                None
            }
        })
    }

    /// The index of the direction `(dx, dy)` (White's point of view already applied), if some
    /// pattern of the variant moves along it or against it.
    pub fn direction(&self, dx: i8, dy: i8) -> Option<u8> {
        self.dirs.iter().position(|&d| d == (dx, dy)).map(|i| i as u8)
    }

    /// The squares from `sq` along direction `dir`, nearest first, to the board's edge: the
    /// rays every walk of the engine reads (moves, attacks, pins, the computer's reach).
    #[inline]
    pub fn ray(&self, dir: u8, sq: Square) -> &[Square] {
        let (start, len) = self.ray_index[dir as usize * self.geometry.square_count() + sq.index()];
        &self.rays[start as usize..start as usize + len as usize]
    }

    #[inline]
    pub(crate) fn attack_mask(&self, side: Side, dir: u8, distance: usize) -> u32 {
        self.attack_masks[(side.index() * self.dirs.len() + dir as usize) * (MAX_REACH + 1) + distance]
    }
}

/// The `extra` byte of a compiled pattern: hop, far hop and lame bits, the barred rank.
fn extra_bits(p: &Pattern) -> u8 {
    let bit = |on: bool, bit: u8| if on { bit } else { 0 };
    bit(p.hop, HOP_BIT)
        | bit(p.hop && p.hop_any_distance, FAR_BIT)
        | bit(p.lame, LAME_BIT)
        | p.barred_rank.map_or(0, |r| (r & RANK_BITS) + 1)
}

/// The mask of the piece kinds for which `pred` holds.
fn kinds_where(pieces: &[PieceSpec], pred: impl Fn(&PieceSpec) -> bool) -> u32 {
    pieces.iter().enumerate().filter(|(_, p)| pred(p)).fold(0u32, |m, (i, _)| m | 1 << i)
}

/// Marks the leading squares of each pattern that another pattern of the piece already
/// covers (K6: two patterns reaching the same square with the same effect are one move), in
/// whatever order they are declared: a pattern is skipped where an unconditional pattern of
/// the same direction generates every move it would, and of two such patterns covering each
/// other the later one is skipped.
fn with_overlaps_skipped(mut patterns: Vec<CompiledPattern>) -> Vec<CompiledPattern> {
    let skips: Vec<u8> = (0..patterns.len())
        .map(|j| {
            (0..patterns.len())
                .filter(|&i| i != j && dominates(&patterns[i], &patterns[j]))
                .filter(|&i| i < j || !dominates(&patterns[j], &patterns[i]))
                .map(|i| if patterns[i].range == 0 { u8::MAX } else { patterns[i].range })
                .max()
                .unwrap_or(0)
        })
        .collect();
    for (pattern, skip) in patterns.iter_mut().zip(skips) {
        pattern.skip = skip;
    }
    patterns
}

/// Whether `cover` generates every move `other` would on the squares of `cover`'s range: the
/// same direction, `cover` unconditional and plain, its mode and en-passant part covering.
fn dominates(cover: &CompiledPattern, other: &CompiledPattern) -> bool {
    !cover.is_special()
        && !other.hop()
        && cover.dir == other.dir
        && cover.condition == PatternCondition::Always
        && covers(cover.mode, other.mode)
        && (cover.en_passant == EpRole::None || cover.en_passant == other.en_passant)
}

/// Whether some piece has two patterns along one line (the same direction or one a multiple
/// of the other: a `(3,0)` leap and an orthogonal slide) whose moves the skipped squares do
/// not already keep apart: those moves are deduplicated after generation (K6).
fn patterns_may_coincide(pieces: &[PieceSpec], compiled: &[Vec<CompiledPattern>]) -> bool {
    pieces.iter().zip(compiled).any(|(piece, patterns)| {
        let n = piece.patterns.len();
        (0..n).any(|i| {
            (i + 1..n).any(|j| {
                let (a, b) = (&piece.patterns[i], &piece.patterns[j]);
                let resolved = (a.dx, a.dy) == (b.dx, b.dy)
                    && (dominates(&patterns[i], &patterns[j]) || dominates(&patterns[j], &patterns[i]));
                same_line(a, b) && !resolved
            })
        })
    })
}

/// Whether two patterns move along the same line in the same sense.
fn same_line(a: &Pattern, b: &Pattern) -> bool {
    let primitive = |p: &Pattern| {
        let g = gcd(p.dx.unsigned_abs(), p.dy.unsigned_abs()).max(1) as i8;
        (p.dx / g, p.dy / g)
    };
    primitive(a) == primitive(b)
}

fn gcd(a: u8, b: u8) -> u8 {
    if b == 0 {
        a
    } else {
        gcd(b, a % b)
    }
}

fn covers(earlier: PatternMode, later: PatternMode) -> bool {
    (earlier.moves() || !later.moves()) && (earlier.captures() || !later.captures())
}

fn build_rays(geometry: &Geometry, dirs: &[(i8, i8)]) -> (Vec<(u32, u8)>, Vec<Square>) {
    let mut index = Vec::with_capacity(dirs.len() * geometry.square_count());
    let mut rays = Vec::new();
    for &(dx, dy) in dirs {
        for sq in geometry.squares() {
            let start = rays.len() as u32;
            let mut at = sq;
            // On a cylinder a line ends before it comes back to its start.
            while let Some(next) = geometry.offset(at, dx as i32, dy as i32).filter(|&next| next != sq) {
                rays.push(next);
                at = next;
            }
            index.push((start, (rays.len() as u32 - start) as u8));
        }
    }
    (index, rays)
}

/// The limits on boards and squares, checked before any table is sized from them.
fn check_size(board: &BoardSpec, errors: &mut Vec<SpecError>) {
    let boards = board.names.len();
    let squares = boards * usize::from(board.files) * usize::from(board.ranks);
    if boards > MAX_BOARDS {
        errors.push(SpecError::of(
            SpecErrorKind::TooLarge,
            SpecSubject::Board,
            format!("{boards} boards are too many: a variant has at most {MAX_BOARDS} boards"),
        ));
    } else if squares > MAX_SQUARES {
        errors.push(SpecError::of(
            SpecErrorKind::TooLarge,
            SpecSubject::Board,
            format!("{squares} squares are too many: a variant has at most {MAX_SQUARES} squares"),
        ));
    }
}

/// Each board's file letters stay within `a..p`, and only boards that exist have them.
fn check_file_labels(board: &BoardSpec, errors: &mut Vec<SpecError>) {
    if board.first_files.len() > board.names.len() {
        errors.push(SpecError::of(
            SpecErrorKind::Inconsistent,
            SpecSubject::Board,
            format!(
                "file letters are given for {} boards, but there are {}",
                board.first_files.len(),
                board.names.len()
            ),
        ));
    }
    for (name, &first) in board.names.iter().zip(&board.first_files) {
        if usize::from(first) + usize::from(board.files) > usize::from(MAX_SIDE) {
            let last = char::from(b'a' + first.saturating_add(board.files).saturating_sub(1).min(25));
            errors.push(SpecError::of(
                SpecErrorKind::OutOfRange,
                SpecSubject::Board,
                format!("board {name}'s files would run past `p` (to `{last}`): file letters are a to p"),
            ));
        }
    }
}

/// Every consistency rule of a spec, in one place.
fn check_spec(spec: &VariantSpec) -> Vec<SpecError> {
    let mut errors = Vec::new();
    let board = &spec.board;
    if !(1..=MAX_SIDE).contains(&board.files) || !(1..=MAX_SIDE).contains(&board.ranks) {
        errors.push(SpecError::of(
            SpecErrorKind::OutOfRange,
            SpecSubject::Board,
            format!("a board must be 1x1 to {MAX_SIDE}x{MAX_SIDE}, not {}x{}", board.files, board.ranks),
        ));
    }
    if board.names.is_empty() {
        errors.push(SpecError::of(SpecErrorKind::Missing, SpecSubject::Board, "a variant needs at least one board"));
    }
    check_size(board, &mut errors);
    check_file_labels(board, &mut errors);
    if spec.schedule == Schedule::SwitchBoards && board.names.len() != 2 {
        errors.push(SpecError::of(
            SpecErrorKind::Inconsistent,
            SpecSubject::Board,
            "switching boards needs exactly two boards",
        ));
    }
    if spec.pieces.is_empty() {
        errors.push(SpecError::of(SpecErrorKind::Missing, SpecSubject::Variant, "a variant needs at least one piece"));
    }
    if spec.pieces.len() > MAX_PIECES {
        errors.push(SpecError::of(
            SpecErrorKind::TooLarge,
            SpecSubject::Variant,
            format!("at most {MAX_PIECES} kinds of piece are supported"),
        ));
    }
    if spec.tokens.len() > 15 {
        errors.push(SpecError::of(
            SpecErrorKind::TooLarge,
            SpecSubject::Variant,
            "at most 15 kinds of token are supported",
        ));
    }
    if spec.rules.royals == RoyalRule::ExactlyOne && !spec.pieces.iter().any(|p| p.royal) {
        errors.push(SpecError::of(
            SpecErrorKind::Missing,
            SpecSubject::Variant,
            "no piece is royal: declare which piece is the king",
        ));
    }
    for (i, piece) in spec.pieces.iter().enumerate() {
        check_piece(spec, i, piece, &mut errors);
    }
    for (i, token) in spec.tokens.iter().enumerate() {
        check_token(spec, i, token, &mut errors);
    }
    for (i, reason) in crate::effects::unsupported(&spec.tokens) {
        errors.push(SpecError::new(SpecSubject::Token(i as u8), reason));
    }
    check_rules(spec, &mut errors);
    crate::drops::check_hands(spec, &mut errors);
    errors
}

fn check_piece(spec: &VariantSpec, index: usize, piece: &PieceSpec, errors: &mut Vec<SpecError>) {
    let subject = SpecSubject::Piece(index as u8);
    if !piece.letter.is_ascii_uppercase() {
        errors.push(SpecError::of(
            SpecErrorKind::Inconsistent,
            subject.clone(),
            format!("piece letter '{}' must be an upper-case letter", piece.letter),
        ));
    }
    if spec.pieces[..index].iter().any(|p| p.letter == piece.letter) {
        errors.push(SpecError::of(
            SpecErrorKind::Duplicate,
            subject.clone(),
            format!("two pieces use the letter '{}'", piece.letter),
        ));
    }
    if piece.patterns.is_empty() && !spec.hands.drops {
        // A piece that never moves is played by dropping it (Reversi's stones).
        errors.push(SpecError::of(
            SpecErrorKind::Missing,
            subject.clone(),
            format!("the {} has no way to move, and no piece is dropped", piece.name),
        ));
    }
    crate::regions::check_confinement(spec, index, piece, errors);
    crate::lame::check_lame(spec, index, piece, errors);
    for p in &piece.patterns {
        if p.dx == 0 && p.dy == 0 {
            errors.push(SpecError::of(
                SpecErrorKind::Inconsistent,
                subject.clone(),
                format!("the {} has a pattern that does not move", piece.name),
            ));
        }
        if p.hop && p.en_passant != EpRole::None {
            errors.push(SpecError::of(
                SpecErrorKind::Inconsistent,
                subject.clone(),
                format!("the {} hops, and a hop takes no part in en passant", piece.name),
            ));
        }
        if (p.hop || p.barred_rank.is_some()) && spec.tokens.iter().any(|t| t.movement == TokenMovement::Absent) {
            let what = if p.hop { "hops" } else { "has a barred rank (`not onto rank N`)" };
            errors.push(SpecError::of(
                SpecErrorKind::Inconsistent,
                subject.clone(),
                format!(
                    "the {} {what}, which the engine does not combine with absent tokens (skipped squares)",
                    piece.name
                ),
            ));
        }
        if p.barred_rank.is_some_and(|r| r >= spec.board.ranks) {
            errors.push(SpecError::of(
                SpecErrorKind::OutOfRange,
                subject.clone(),
                format!("the {} is barred from a rank off the board", piece.name),
            ));
        }
        if p.dx.unsigned_abs() >= MAX_SIDE || p.dy.unsigned_abs() >= MAX_SIDE {
            errors.push(SpecError::of(
                SpecErrorKind::OutOfRange,
                subject.clone(),
                format!("the {} has a vector longer than any board", piece.name),
            ));
        }
    }
    if let Some(promo) = &piece.promotion {
        check_promotion(spec, piece, promo, subject, errors);
    }
}

fn check_promotion(
    spec: &VariantSpec,
    piece: &PieceSpec,
    promo: &PromotionSpec,
    subject: SpecSubject,
    errors: &mut Vec<SpecError>,
) {
    if promo.flips != Flip::Never && !spec.tokens.is_empty() {
        errors.push(SpecError::of(
            SpecErrorKind::Inconsistent,
            subject.clone(),
            format!(
                "the {} turns over by its moves, which the engine does not combine with tokens \
                 (a token's promotion and transit rules say nothing of turning back)",
                piece.name
            ),
        ));
    }
    for side in Side::BOTH {
        let choices = promo.choices_for(side.index());
        if choices.is_empty() {
            errors.push(SpecError::of(
                SpecErrorKind::Missing,
                subject.clone(),
                format!("the {} promotes but lists no piece for {side}", piece.name),
            ));
        }
        for &c in choices {
            match spec.pieces.get(c as usize) {
                None => errors.push(SpecError::of(
                    SpecErrorKind::Missing,
                    subject.clone(),
                    format!("the {} promotes to an unknown piece", piece.name),
                )),
                Some(p) if p.royal && spec.rules.royals == RoyalRule::ExactlyOne => errors.push(SpecError::of(
                    SpecErrorKind::Inconsistent,
                    subject.clone(),
                    format!(
                        "the {} may not promote to a royal piece (a side has exactly one; \
                         `any number of royal pieces` allows it)",
                        piece.name
                    ),
                )),
                _ => {}
            }
        }
    }
    let optional_only =
        promo.zone_ranks == 0 && (promo.optional_ranks > 0 || promo.flips != Flip::Never || promo.has_zone_squares());
    if (promo.zone_ranks == 0 && !optional_only) || promo.zone_ranks >= spec.board.ranks {
        errors.push(SpecError::of(
            SpecErrorKind::OutOfRange,
            subject.clone(),
            "a promotion zone must be at least one rank and less than the board",
        ));
    }
    if promo.optional_ranks != 0
        && (promo.optional_ranks <= promo.zone_ranks || promo.optional_ranks >= spec.board.ranks)
    {
        errors.push(SpecError::of(
            SpecErrorKind::OutOfRange,
            subject,
            format!(
                "an optional promotion zone must be deeper than the compulsory one ({} ranks) and less than the board",
                promo.zone_ranks
            ),
        ));
    }
}

fn check_token(spec: &VariantSpec, index: usize, token: &TokenSpec, errors: &mut Vec<SpecError>) {
    let subject = SpecSubject::Token(index as u8);
    let name_ok = !token.name.is_empty() && !token.name.chars().any(|c| c.is_whitespace() || "=;,:()*".contains(c));
    if !name_ok {
        errors.push(SpecError::of(
            SpecErrorKind::Inconsistent,
            subject.clone(),
            format!("token name '{}' must be one word without = ; , : ( ) *", token.name),
        ));
    }
    if spec.tokens[..index].iter().any(|t| t.symbol == token.symbol) {
        errors.push(SpecError::of(
            SpecErrorKind::Duplicate,
            subject.clone(),
            format!("two tokens use the symbol '{}'", token.symbol),
        ));
    }
    if token.symbol.is_ascii_alphanumeric() || token.symbol.is_whitespace() || "/|:,".contains(token.symbol) {
        errors.push(SpecError::of(
            SpecErrorKind::Inconsistent,
            subject.clone(),
            format!("token symbol '{}' clashes with the position notation", token.symbol),
        ));
    }
    if token.exit != Exit::None && token.entry == Entry::None && token.exit != Exit::Tunnel {
        errors.push(SpecError::of(
            SpecErrorKind::Inconsistent,
            subject.clone(),
            format!("the {} has an exit but no way in", token.name),
        ));
    }
    if let LayoutRule::Exactly(n) = token.layout {
        if token.default_squares.len() != n as usize {
            errors.push(SpecError::of(
                SpecErrorKind::Inconsistent,
                subject.clone(),
                format!(
                    "the {} layout needs exactly {n} squares, the default has {}",
                    token.name,
                    token.default_squares.len()
                ),
            ));
        }
    }
    for r in &token.default_squares {
        let inside =
            (r.board as usize) < spec.board.names.len() && r.file < spec.board.files && r.rank < spec.board.ranks;
        if !inside {
            errors.push(SpecError::of(
                SpecErrorKind::OffBoard,
                subject.clone(),
                format!("a {} square lies off the board", token.name),
            ));
        }
    }
}

fn check_rules(spec: &VariantSpec, errors: &mut Vec<SpecError>) {
    if let Some(c) = spec.rules.castling {
        let files = [c.king_file_short, c.rook_file_short, c.king_file_long, c.rook_file_long];
        if files.iter().any(|&f| f >= spec.board.files) {
            errors.push(SpecError::of(
                SpecErrorKind::OffBoard,
                SpecSubject::Rules,
                "a castling destination file lies off the board",
            ));
        }
        let has = |role| spec.pieces.iter().any(|p| p.castling == role);
        if !has(CastleRole::King) || !has(CastleRole::Rook) {
            errors.push(SpecError::of(
                SpecErrorKind::Inconsistent,
                SpecSubject::Rules,
                "castling needs a piece with the king role and one with the rook role",
            ));
        }
    }
    check_square_links(spec, errors);
    for (a, b) in spec.links.pairs.iter().chain(&spec.links.one_way) {
        for r in [a, b] {
            let inside =
                (r.board as usize) < spec.board.names.len() && r.file < spec.board.files && r.rank < spec.board.ranks;
            if !inside {
                errors.push(SpecError::of(
                    SpecErrorKind::OffBoard,
                    SpecSubject::Links,
                    "a linked square lies off the board",
                ));
            }
        }
    }
}

/// Links within one board (`links.rs`): only on a variant of one board, a one-way link never
/// between boards, no square linked to itself, and no `check across links` or `teleport across
/// links` (Howe's rules between boards) beside them.
fn check_square_links(spec: &VariantSpec, errors: &mut Vec<SpecError>) {
    let links = &spec.links;
    let mut refuse =
        |message: &str| errors.push(SpecError::of(SpecErrorKind::Inconsistent, SpecSubject::Links, message));
    let within = links.pairs.iter().filter(|(a, b)| a.board == b.board).count() + links.one_way.len();
    if links.pairs.iter().chain(&links.one_way).any(|(a, b)| a == b) {
        refuse("a square is linked to itself");
    }
    if links.one_way.iter().any(|(a, b)| a.board != b.board) {
        refuse("a one-way link (`->`) joins two squares of one board; links between boards are written with `=`");
    }
    if within == 0 {
        return;
    }
    if spec.board.names.len() > 1 {
        refuse("links within one board are supported only in a variant of one board; here links join boards");
    } else if links.link_check || links.teleport {
        refuse(
            "`check across links` and `teleport across links` act on links between two boards; \
             this variant's links lie within one board",
        );
    }
}

/// Whether a piece moves alike to its left and right (every pattern has its mirror image
/// across the file): Black then mirrors White's ranks only. A piece that differs is turned
/// around for Black instead (ranks and files), so that its left is the player's left.
pub(crate) fn mirror_symmetric(patterns: &[Pattern]) -> bool {
    patterns.iter().all(|p| patterns.iter().any(|q| *q == Pattern { dx: -p.dx, ..*p }))
}
