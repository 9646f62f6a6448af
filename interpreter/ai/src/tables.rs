//! Per-variant tables the evaluation reads, computed once from the compiled variant:
//! piece values and roles, the unconditional patterns of every piece as directions of the
//! kernel's rays, square coordinates and centrality. What a token does to a piece's reach is
//! read from the kernel's one effect model, not copied here.

use std::sync::Arc;

use holechess_kernel::spec::{PatternCondition, Schedule};
use holechess_kernel::{Geometry, Position, Side, Square, Variant};

use crate::promotion_zone::progress_by_square;
use crate::score::Score;
use crate::values::{classic_points, empty_board_reach, material_values};
use crate::weights::Weights;

/// One unconditional pattern of a piece: a kernel ray direction walked up to `limit` squares.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Walk {
    pub dir: u8,
    pub limit: usize,
    pub moves: bool,
    pub captures: bool,
    /// A hop (the kernel's `hops`): over empty squares to the first piece, landing right
    /// behind it; `limit` is then unused.
    pub hop: bool,
}

/// What a piece kind is to the evaluation.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Role {
    Royal,
    /// Pawn-like; whether it promotes (how far it has come: `VariantTables::pawn_progress`).
    Pawn {
        promotes: bool,
    },
    Piece,
}

#[derive(Clone, Copy, Debug)]
pub(crate) struct KindInfo {
    pub role: Role,
    /// Which of the weights' mobility classes the piece's reach on the empty board falls
    /// in (`Weights::mobility`).
    pub reach_class: usize,
    /// Every pattern moves one step: centralisation counts more for it.
    pub short_range: bool,
    /// Every move keeps the square's colour (a bishop, a ferz, an alfil): two of them on
    /// both colours make a pair.
    pub colour_bound: bool,
    /// Slides along its file without a limit (a rook): open files help it.
    pub file_slider: bool,
}

/// A square's board and coordinates.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Coord {
    pub board: u8,
    pub file: u8,
    pub rank: u8,
}

/// Everything the evaluation precomputes for one variant.
#[derive(Debug)]
pub struct VariantTables {
    variant: Arc<Variant>,
    pub(crate) values: Vec<Score>,
    pub(crate) points: Vec<Score>,
    pub(crate) kinds: Vec<KindInfo>,
    walks: [Vec<Vec<Walk>>; 2],
    pub(crate) coords: Vec<Coord>,
    pub(crate) centrality: Vec<Score>,
    pub(crate) max_centrality: Score,
    pub(crate) start_phase_material: Score,
    pub(crate) switch_boards: bool,
    /// For each square, the square of another board it is linked to.
    pub(crate) link_target: Vec<Option<Square>>,
    /// Whether any square is linked to another board.
    pub(crate) has_links: bool,
    /// Per piece kind and side, a pawn-like piece's advancement toward its promotion zone
    /// on each square (empty for other kinds).
    progress: Vec<[Vec<Score>; 2]>,
    /// The evaluation's weights.
    pub(crate) weights: Weights,
}

impl VariantTables {
    pub fn new(variant: &Arc<Variant>) -> VariantTables {
        let g = variant.geometry();
        let values = material_values(variant);
        let points = values.iter().map(|&v| classic_points(v)).collect();
        let walks = Side::BOTH
            .map(|side| variant.pieces().iter().map(|p| piece_walks(variant, &p.patterns, side)).collect::<Vec<_>>());
        let kinds = variant.pieces().iter().map(|p| kind_info(p, g)).collect();
        let coords = g
            .squares()
            .map(|sq| Coord { board: g.board_of(sq) as u8, file: g.file_of(sq), rank: g.rank_of(sq) })
            .collect();
        let (centrality, max_centrality) = centrality(g);
        let link_target = crate::links::link_targets(variant);
        let has_links = link_target.iter().any(Option::is_some);
        let progress = variant
            .pieces()
            .iter()
            .map(|p| match p.pawn && !p.royal {
                true => Side::BOTH.map(|side| progress_by_square(p, g, side)),
                false => [Vec::new(), Vec::new()],
            })
            .collect();
        let mut tables = VariantTables {
            variant: Arc::clone(variant),
            values,
            points,
            kinds,
            walks,
            coords,
            centrality,
            max_centrality,
            start_phase_material: 0,
            switch_boards: variant.spec().schedule == Schedule::SwitchBoards,
            link_target,
            has_links,
            progress,
            weights: Weights::DEFAULT,
        };
        tables.start_phase_material = tables.phase_material(&Position::start(variant)).max(1);
        tables
    }

    /// The same tables with the evaluation reading `weights` (a tuner's trial).
    #[must_use]
    pub fn with_weights(mut self, weights: Weights) -> VariantTables {
        self.weights = weights;
        self
    }

    /// The weights the evaluation reads.
    pub fn weights(&self) -> &Weights {
        &self.weights
    }

    /// Whether these tables were built for `variant` (the same compiled variant).
    pub fn is_for(&self, variant: &Arc<Variant>) -> bool {
        Arc::ptr_eq(&self.variant, variant)
    }

    pub fn variant(&self) -> &Arc<Variant> {
        &self.variant
    }

    /// The value of a piece kind in centipawns.
    pub fn value(&self, kind: u8) -> Score {
        self.values[kind as usize]
    }

    /// How far a pawn-like piece of `kind` and `side` on `sq` has come toward its
    /// promotion zone (see `promotion_zone`).
    #[inline]
    pub(crate) fn pawn_progress(&self, kind: u8, side: Side, sq: Square) -> Score {
        self.progress[kind as usize][side.index()].get(sq.index()).copied().unwrap_or(0)
    }

    pub(crate) fn walks(&self, side: Side, kind: u8) -> &[Walk] {
        &self.walks[side.index()][kind as usize]
    }

    #[inline]
    pub(crate) fn ray(&self, dir: u8, sq: Square) -> &[Square] {
        self.variant.ray(dir, sq)
    }

    /// Material of the pieces that are neither royal nor pawn-like, both sides together.
    pub(crate) fn phase_material(&self, pos: &Position) -> Score {
        Side::BOTH
            .iter()
            .flat_map(|&side| pos.pieces_of(side))
            .filter(|(_, p)| self.kinds[p.kind as usize].role == Role::Piece)
            .map(|(_, p)| self.values[p.kind as usize])
            .sum()
    }

    /// Whether `a` and `b` are the same square or neighbours on one board.
    #[inline]
    pub(crate) fn adjacent(&self, a: Square, b: Square) -> bool {
        let (a, b) = (self.coords[a.index()], self.coords[b.index()]);
        a.board == b.board && a.file.abs_diff(b.file) <= 1 && a.rank.abs_diff(b.rank) <= 1
    }

    /// A hash that also tells apart positions the kernel's hash does not: on switching
    /// boards the move number's parity decides who moves where.
    pub(crate) fn key(&self, pos: &Position) -> u64 {
        if self.switch_boards && pos.fullmove_number() % 2 == 0 {
            pos.hash() ^ 0x5DEE_CE66_D1CE_4E5B
        } else {
            pos.hash()
        }
    }
}

fn piece_walks(variant: &Variant, patterns: &[holechess_kernel::spec::Pattern], side: Side) -> Vec<Walk> {
    patterns
        .iter()
        .filter(|p| p.condition == PatternCondition::Always)
        .map(|p| {
            let dy = if side == Side::White { p.dy } else { -p.dy };
            let dir = variant.direction(p.dx, dy).expect("the kernel registers every pattern's direction");
            let limit = if p.range == 0 { usize::MAX } else { p.range as usize };
            Walk { dir, limit, moves: p.mode.moves(), captures: p.mode.captures(), hop: p.hop }
        })
        .collect()
}

fn kind_info(piece: &holechess_kernel::spec::PieceSpec, g: &Geometry) -> KindInfo {
    let role = if piece.royal {
        Role::Royal
    } else if piece.pawn {
        Role::Pawn { promotes: piece.promotion.is_some() }
    } else {
        Role::Piece
    };
    let reach = empty_board_reach(piece, g);
    let reach_class = if reach <= 9.0 {
        0
    } else if reach <= 16.0 {
        1
    } else {
        2
    };
    let short_range = piece.patterns.iter().all(|p| p.range == 1);
    let always = || piece.patterns.iter().filter(|p| p.condition == PatternCondition::Always);
    let colour_bound =
        role == Role::Piece && always().next().is_some() && always().all(|p| (p.dx as i32 + p.dy as i32) % 2 == 0);
    let file_slider =
        role == Role::Piece && always().any(|p| p.dx == 0 && p.dy != 0 && p.range == 0 && !p.hop && p.mode.captures());
    KindInfo { role, reach_class, short_range, colour_bound, file_slider }
}

/// Rings from the edge, counted in whole squares: 0 on the edge of an 8x8 board, 3 on the
/// four centre squares.
fn centrality(g: &Geometry) -> (Vec<Score>, Score) {
    let (files, ranks) = (g.files as i32, g.ranks as i32);
    let max_distance = (files - 1).max(ranks - 1);
    let values: Vec<Score> = g
        .squares()
        .map(|sq| {
            let dx = (2 * g.file_of(sq) as i32 - (files - 1)).abs();
            let dy = (2 * g.rank_of(sq) as i32 - (ranks - 1)).abs();
            (max_distance - dx.max(dy)) / 2
        })
        .collect();
    let max = values.iter().copied().max().unwrap_or(0);
    (values, max)
}
