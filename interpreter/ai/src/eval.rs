//! The searcher's evaluation, for any variant: material, piece-square terms that follow
//! the board's size (centralisation, pawn advancement toward the promotion zone, passed
//! pawns), mobility from each piece's reach, light king safety (enemy control around the
//! royal piece, pawns next to it), access to enterable tokens, the threats of linked
//! squares between boards (`links`) and a tempo bonus. Middlegame
//! and endgame terms are blended by the remaining non-pawn material.

use holechess_kernel::{Position, Side, Square};

use crate::links::link_terms;
use crate::reach::{walk_reach, Target};
use crate::score::Score;
use crate::tables::{Role, VariantTables};

const TEMPO: Score = 10;
const GATE_ACCESS: Score = 3;
const PAWN_SHIELD: Score = 10;
const KING_EDGE_MG: Score = 6;
const KING_CENTRE_EG: Score = 8;
const PASSED_BASE: Score = 10;
/// Files of up to four boards are tracked for passed pawns.
const PAWN_FILES: usize = 64;

/// Terms of one side, middlegame and endgame apart.
#[derive(Default)]
struct Tally {
    mg: Score,
    eg: Score,
    /// Squares next to the enemy royal piece that this side controls.
    king_zone_hits: Score,
}

impl Tally {
    fn add(&mut self, mg: Score, eg: Score) {
        self.mg += mg;
        self.eg += eg;
    }
}

/// The most advanced rank of each side's pawns on each file (for passed pawns).
struct PawnFiles {
    /// Per side: the lowest (White) or highest (Black) absolute rank of a pawn per file;
    /// i8::MAX / -1 when the file has none.
    rear: [[i8; PAWN_FILES]; 2],
    files: usize,
    tracked: bool,
}

impl PawnFiles {
    fn new(tables: &VariantTables, pos: &Position) -> PawnFiles {
        let files = pos.geometry().files as usize;
        let tracked = files * pos.geometry().boards() <= PAWN_FILES;
        let mut rear = [[i8::MAX; PAWN_FILES], [-1; PAWN_FILES]];
        if tracked {
            for side in Side::BOTH {
                for (sq, piece) in pos.pieces_of(side) {
                    if matches!(tables.kinds[piece.kind as usize].role, Role::Pawn { .. }) {
                        let c = tables.coords[sq.index()];
                        let slot = &mut rear[side.index()][c.board as usize * files + c.file as usize];
                        let rank = c.rank as i8;
                        *slot = if side == Side::White { (*slot).min(rank) } else { (*slot).max(rank) };
                    }
                }
            }
        }
        PawnFiles { rear, files, tracked }
    }

    /// No enemy pawn ahead on the pawn's file or the files beside it.
    fn is_passed(&self, tables: &VariantTables, sq: Square, side: Side) -> bool {
        if !self.tracked {
            return false;
        }
        let c = tables.coords[sq.index()];
        let (board, file, rank) = (c.board as usize, c.file as usize, c.rank as i8);
        let first = file.saturating_sub(1);
        let last = (file + 1).min(self.files - 1);
        (first..=last).all(|f| {
            let enemy = self.rear[side.opponent().index()][board * self.files + f];
            if side == Side::White {
                enemy <= rank
            } else {
                enemy >= rank
            }
        })
    }
}

/// The position's value for the side to move, in centipawns.
pub fn evaluate(tables: &VariantTables, pos: &Position) -> Score {
    let pawns = PawnFiles::new(tables, pos);
    let royals = [first_royal(pos, Side::White), first_royal(pos, Side::Black)];
    let mut tallies = [Tally::default(), Tally::default()];
    for side in Side::BOTH {
        let enemy_royal = royals[side.opponent().index()];
        let tally = &mut tallies[side.index()];
        for (sq, piece) in pos.pieces_of(side) {
            piece_terms(tables, pos, &pawns, sq, side, piece.kind, enemy_royal, tally);
        }
        if tables.has_links {
            let links = link_terms(tables, pos, side, enemy_royal);
            tally.add(links, links);
        }
    }
    for side in Side::BOTH {
        let hits = tallies[side.opponent().index()].king_zone_hits;
        tallies[side.index()].mg -= king_danger(hits);
    }
    let phase = phase(tables, pos);
    let blend = |t: &Tally| (t.mg * phase + t.eg * (256 - phase)) / 256;
    let white = blend(&tallies[0]) - blend(&tallies[1]);
    let own = if pos.side_to_move() == Side::White { white } else { -white };
    own + TEMPO
}

/// 0 when only pawns and royal pieces are left, 256 with the starting non-pawn material.
fn phase(tables: &VariantTables, pos: &Position) -> Score {
    (tables.phase_material(pos) * 256 / tables.start_phase_material).min(256)
}

fn first_royal(pos: &Position, side: Side) -> Option<Square> {
    pos.royals(side).next()
}

/// Penalty for enemy control of the squares around the royal piece: grows with the square.
fn king_danger(hits: Score) -> Score {
    let h = hits.min(24);
    4 * h + h * h
}

#[allow(clippy::too_many_arguments)]
fn piece_terms(
    tables: &VariantTables,
    pos: &Position,
    pawns: &PawnFiles,
    sq: Square,
    side: Side,
    kind: u8,
    enemy_royal: Option<Square>,
    tally: &mut Tally,
) {
    let info = tables.kinds[kind as usize];
    let value = tables.values[kind as usize];
    tally.add(value, value);
    let centre = tables.centrality[sq.index()];
    match info.role {
        Role::Royal => {
            tally.add(-KING_EDGE_MG * centre, KING_CENTRE_EG * centre);
            let shield = pawn_shield(tables, pos, sq, side);
            tally.add(PAWN_SHIELD * shield, 0);
        }
        Role::Pawn { zone_start } => {
            let progress = pawn_progress(pos, sq, side, zone_start);
            tally.add(2 * progress * progress + centre * 2, 4 * progress * progress);
            if zone_start.is_some() && pawns.is_passed(tables, sq, side) {
                tally.add(PASSED_BASE + progress * progress, 2 * PASSED_BASE + 3 * progress * progress);
            }
        }
        Role::Piece => {
            tally.add(info.centre_weight * centre, info.centre_weight * centre / 2);
            let mut squares = 0;
            let mut gates = 0;
            let mut zone_hits = 0;
            walk_reach(tables, pos, sq, side, kind, |to, target| {
                match target {
                    Target::Empty | Target::Enemy(_) => squares += 1,
                    Target::Gate => gates += 1,
                    Target::Friend => {}
                }
                if target.controls() && enemy_royal.is_some_and(|k| tables.adjacent(k, to)) {
                    zone_hits += 1;
                }
            });
            let mobility = info.mobility_weight * squares;
            tally.add(mobility + GATE_ACCESS * gates, mobility + GATE_ACCESS * gates);
            tally.king_zone_hits += zone_hits;
        }
    }
}

/// How many ranks a pawn has advanced from its second rank (0 on its first two ranks),
/// capped at the step before the promotion zone.
fn pawn_progress(pos: &Position, sq: Square, side: Side, zone_start: Option<u8>) -> Score {
    let rank = pos.geometry().relative_rank(sq, side) as Score;
    let cap = zone_start.map_or(pos.geometry().ranks as Score, |z| z as Score - 1);
    (rank - 1).clamp(0, cap.max(0))
}

/// Own pawn-like pieces next to the royal piece, on its rank or in front of it.
fn pawn_shield(tables: &VariantTables, pos: &Position, royal: Square, side: Side) -> Score {
    let g = pos.geometry();
    let forward = if side == Side::White { 1 } else { -1 };
    let mut count = 0;
    for dx in -1..=1 {
        if let Some(to) = g.offset(royal, dx, forward) {
            if pos
                .piece_at(to)
                .is_some_and(|p| p.side == side && matches!(tables.kinds[p.kind as usize].role, Role::Pawn { .. }))
            {
                count += 1;
            }
        }
    }
    count
}
