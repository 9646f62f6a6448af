//! The searcher's evaluation, for any variant: material, piece-square terms that follow
//! the board's size (centralisation, pawn advancement toward the promotion zone, passed
//! pawns), mobility from each piece's reach, threats (a pawn-like piece attacking a piece, a
//! piece attacking a greater one), light king safety (enemy control around the royal piece,
//! pawns next to it), access to enterable tokens, the threats of linked
//! squares between boards (`links`), mop-up terms in a won ending and a tempo bonus. Middlegame
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
/// A pawn-like piece attacking an enemy piece (neither royal nor pawn-like).
const PAWN_THREAT_MG: Score = 60;
const PAWN_THREAT_EG: Score = 40;
/// A piece attacking an enemy piece of greater value.
const PIECE_THREAT_MG: Score = 30;
const PIECE_THREAT_EG: Score = 25;
/// The material lead from which the mop-up terms apply (a rook and more).
const MOP_UP_LEAD: Score = 400;
const MOP_UP_EDGE: Score = 15;
const MOP_UP_NEAR: Score = 6;
/// Files of up to four boards are tracked for passed pawns.
const PAWN_FILES: usize = 64;

/// Terms of one side, middlegame and endgame apart.
#[derive(Default)]
struct Tally {
    mg: Score,
    eg: Score,
    /// Squares next to the enemy royal piece that this side controls.
    king_zone_hits: Score,
    /// Material of the pieces that are not royal.
    material: Score,
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
        if pos.has_hands() {
            let held = hand_material(tables, pos, side);
            tally.add(held, held);
            tally.material += held;
        }
    }
    for side in Side::BOTH {
        let hits = tallies[side.opponent().index()].king_zone_hits;
        tallies[side.index()].mg -= king_danger(hits);
    }
    let phase = phase(tables, pos);
    let blend = |t: &Tally| (t.mg * phase + t.eg * (256 - phase)) / 256;
    let white = blend(&tallies[0]) - blend(&tallies[1]) + mop_up(tables, &royals, &tallies, phase);
    let own = if pos.side_to_move() == Side::White { white } else { -white };
    own + TEMPO
}

/// The value of the pieces `side` holds in hand: each worth what it is worth on the board
/// (a piece in hand can be dropped where it is needed).
fn hand_material(tables: &VariantTables, pos: &Position, side: Side) -> Score {
    pos.hand(side).map(|(kind, count)| tables.values[usize::from(kind)] * Score::from(count)).sum()
}

/// White's mop-up bonus (negative for Black): in an endgame where one side leads by at least
/// `MOP_UP_LEAD`, the leader gains for the losing royal piece near the edge and the two royal
/// pieces near each other on one board, so a won ending makes progress toward mate.
fn mop_up(tables: &VariantTables, royals: &[Option<Square>; 2], tallies: &[Tally; 2], phase: Score) -> Score {
    let lead = tallies[0].material - tallies[1].material;
    if lead.abs() < MOP_UP_LEAD || phase > 128 {
        return 0;
    }
    let (strong, weak) = if lead > 0 { (0, 1) } else { (1, 0) };
    let (Some(winner), Some(loser)) = (royals[strong], royals[weak]) else { return 0 };
    let (a, b) = (tables.coords[winner.index()], tables.coords[loser.index()]);
    if a.board != b.board {
        return 0;
    }
    let edge = tables.max_centrality - tables.centrality[loser.index()];
    let distance = Score::from(a.file.abs_diff(b.file).max(a.rank.abs_diff(b.rank)));
    let bonus = MOP_UP_EDGE * edge + MOP_UP_NEAR * (7 - distance).max(0);
    if strong == 0 {
        bonus
    } else {
        -bonus
    }
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
    if info.role != Role::Royal {
        tally.material += value;
    }
    let centre = tables.centrality[sq.index()];
    match info.role {
        Role::Royal => {
            tally.add(-KING_EDGE_MG * centre, KING_CENTRE_EG * centre);
            let shield = pawn_shield(tables, pos, sq, side);
            tally.add(PAWN_SHIELD * shield, 0);
        }
        Role::Pawn { zone_start } => {
            let threats = pawn_threats(tables, pos, sq, side, kind);
            tally.add(PAWN_THREAT_MG * threats, PAWN_THREAT_EG * threats);
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
            let mut threats = 0;
            walk_reach(tables, pos, sq, side, kind, |to, target| {
                match target {
                    Target::Empty => squares += 1,
                    Target::Enemy(victim) => {
                        squares += 1;
                        let lesser = tables.kinds[victim as usize].role == Role::Piece && tables.value(victim) > value;
                        threats += Score::from(lesser);
                    }
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
            tally.add(PIECE_THREAT_MG * threats, PIECE_THREAT_EG * threats);
        }
    }
}

/// How many enemy pieces (neither royal nor pawn-like) the pawn-like piece on `sq` attacks.
fn pawn_threats(tables: &VariantTables, pos: &Position, sq: Square, side: Side, kind: u8) -> Score {
    let mut threats = 0;
    walk_reach(tables, pos, sq, side, kind, |_, target| {
        if let Target::Enemy(victim) = target {
            threats += Score::from(tables.kinds[victim as usize].role == Role::Piece);
        }
    });
    threats
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
