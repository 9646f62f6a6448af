//! The searcher's evaluation, for any variant: material, piece-square terms that follow
//! the board's size (centralisation, pawn advancement toward the promotion zone, passed
//! pawns), mobility from each piece's reach, threats (a pawn-like piece attacking a piece, a
//! piece attacking a greater one, pieces left hanging: `hanging`), light king safety (enemy control around the royal piece,
//! pawns next to it), access to enterable tokens, the threats of linked
//! squares between boards (`links`), mop-up terms in a won ending and a tempo bonus. Middlegame
//! and endgame terms are blended by the remaining non-pawn material.

use holechess_kernel::{Position, Side, Square};

use crate::hanging::{hanging_pieces, Cover};
use crate::links::link_terms;
use crate::pawn_structure::{FileState, PawnFiles};
use crate::reach::{walk_reach, Target};
use crate::score::Score;
use crate::tables::{Role, VariantTables};
use crate::weights::Weights;

const TEMPO: Score = 10;
const GATE_ACCESS: Score = 3;
/// Distances of a passed pawn's next square to the royal pieces are capped at this.
const PASSER_DISTANCE_CAP: Score = 5;
/// The material lead from which the mop-up terms apply (a rook and more).
const MOP_UP_LEAD: Score = 400;
const MOP_UP_EDGE: Score = 15;
const MOP_UP_NEAR: Score = 6;

/// Terms of one side, middlegame and endgame apart.
struct Tally {
    mg: Score,
    eg: Score,
    /// Squares next to the enemy royal piece that this side controls.
    king_zone_hits: Score,
    /// Material of the pieces that are not royal.
    material: Score,
    /// Colour-bound pieces on each colour of square.
    colour_bound: [u8; 2],
    /// The occupied squares this side's pieces attack or defend.
    cover: Cover,
}

impl Tally {
    fn new(pos: &Position) -> Tally {
        Tally { mg: 0, eg: 0, king_zone_hits: 0, material: 0, colour_bound: [0; 2], cover: Cover::new(pos) }
    }

    fn add(&mut self, mg: Score, eg: Score) {
        self.mg += mg;
        self.eg += eg;
    }
}

/// The position's value for the side to move, in centipawns.
pub fn evaluate(tables: &VariantTables, pos: &Position) -> Score {
    let w = &tables.weights;
    let pawns = PawnFiles::new(tables, pos);
    let royals = [first_royal(pos, Side::White), first_royal(pos, Side::Black)];
    let mut tallies = [Tally::new(pos), Tally::new(pos)];
    for side in Side::BOTH {
        let enemy_royal = royals[side.opponent().index()];
        let tally = &mut tallies[side.index()];
        for (sq, piece) in pos.pieces_of(side) {
            piece_terms(tables, pos, &pawns, sq, side, piece.kind, &royals, tally);
        }
        if tally.colour_bound[0] > 0 && tally.colour_bound[1] > 0 {
            tally.add(w.pair.0, w.pair.1);
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
        tallies[side.index()].mg -= king_danger(w, hits);
    }
    let hanging =
        Side::BOTH.map(|side| hanging_pieces(tables, pos, &pawns, [&tallies[0].cover, &tallies[1].cover], side));
    for side in Side::BOTH {
        let count = hanging[side.index()];
        tallies[side.index()].add(w.hanging.0 * count, w.hanging.1 * count);
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
fn king_danger(w: &Weights, hits: Score) -> Score {
    let h = hits.min(24);
    (w.king_danger_linear * h + w.king_danger_square * h * h) / 4
}

#[allow(clippy::too_many_arguments)]
fn piece_terms(
    tables: &VariantTables,
    pos: &Position,
    pawns: &PawnFiles,
    sq: Square,
    side: Side,
    kind: u8,
    royals: &[Option<Square>; 2],
    tally: &mut Tally,
) {
    let w = &tables.weights;
    let enemy_royal = royals[side.opponent().index()];
    let info = tables.kinds[kind as usize];
    let value = tables.values[kind as usize];
    match info.role {
        Role::Pawn { .. } => tally.add(value * w.pawn_share.0 / 100, value * w.pawn_share.1 / 100),
        Role::Piece => tally.add(value * w.piece_share.0 / 100, value * w.piece_share.1 / 100),
        Role::Royal => tally.add(value, value),
    }
    if info.role != Role::Royal {
        tally.material += value;
    }
    let centre = tables.centrality[sq.index()];
    match info.role {
        Role::Royal => {
            tally.add(-w.king_edge_mg * centre - king_placement(tables, pos, sq, side), w.king_centre_eg * centre);
            let shield = pawn_shield(tables, pos, sq, side);
            tally.add(w.pawn_shield * shield, 0);
            walk_reach(tables, pos, sq, side, kind, |to, target| {
                if matches!(target, Target::Enemy(_) | Target::Friend) {
                    tally.cover.add(to);
                }
            });
        }
        Role::Pawn { promotes } => {
            let threats = pawn_threats(tables, pos, sq, side, kind);
            tally.add(w.pawn_threat.0 * threats, w.pawn_threat.1 * threats);
            let progress = tables.pawn_progress(kind, side, sq);
            let advance = progress * progress;
            tally.add(w.pawn_advance.0 * advance + w.pawn_centre * centre, w.pawn_advance.1 * advance);
            let (mg, eg) = pawns.weakness(tables, sq, side);
            tally.add(-mg, -eg);
            if promotes && pawns.is_passed(tables, sq, side) {
                tally.add(
                    w.passed_base.0 + w.passed_advance.0 * advance,
                    w.passed_base.1 + w.passed_advance.1 * advance,
                );
                let escort = passer_escort(tables, pos, sq, side, royals);
                tally.add(0, progress * escort);
            }
        }
        Role::Piece => {
            let centre_weight = if info.short_range { w.centre_short } else { w.centre_long };
            tally.add(centre_weight.0 * centre, centre_weight.1 * centre / 2);
            if info.colour_bound {
                let c = tables.coords[sq.index()];
                tally.colour_bound[usize::from((c.file + c.rank) % 2)] += 1;
            }
            if info.file_slider {
                let (mg, eg) = match pawns.file_state(tables, sq, side) {
                    FileState::Open => w.open_file,
                    FileState::HalfOpen => w.half_open_file,
                    FileState::Closed => (0, 0),
                };
                tally.add(mg, eg);
            }
            let mut squares = 0;
            let mut gates = 0;
            let mut zone_hits = 0;
            let mut threats = 0;
            walk_reach(tables, pos, sq, side, kind, |to, target| {
                let safe = !pawns.attacked_by(side.opponent(), to);
                match target {
                    Target::Empty => squares += Score::from(safe),
                    Target::Enemy(victim) => {
                        squares += Score::from(safe);
                        let lesser = tables.kinds[victim as usize].role == Role::Piece && tables.value(victim) > value;
                        threats += Score::from(lesser);
                    }
                    Target::Gate => gates += 1,
                    Target::Friend => {}
                }
                if matches!(target, Target::Enemy(_) | Target::Friend) {
                    tally.cover.add(to);
                }
                if target.controls() && enemy_royal.is_some_and(|k| tables.adjacent(k, to)) {
                    zone_hits += 1;
                }
            });
            let mobility = w.mobility[info.reach_class];
            let gates = GATE_ACCESS * gates;
            tally.add(mobility.0 * squares + gates, mobility.1 * squares + gates);
            tally.king_zone_hits += zone_hits;
            tally.add(w.piece_threat.0 * threats, w.piece_threat.1 * threats);
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

/// How the royal pieces stand to a passed pawn of `side` on `sq`: the enemy's far from the
/// square in front of it is good, its own far from it is bad (one board's distances).
fn passer_escort(
    tables: &VariantTables,
    pos: &Position,
    sq: Square,
    side: Side,
    royals: &[Option<Square>; 2],
) -> Score {
    let forward = if side == Side::White { 1 } else { -1 };
    let Some(next) = pos.geometry().offset(sq, 0, forward) else { return 0 };
    let distance = |royal: Option<Square>| {
        royal
            .map(|k| (tables.coords[k.index()], tables.coords[next.index()]))
            .filter(|(k, n)| k.board == n.board)
            .map_or(PASSER_DISTANCE_CAP, |(k, n)| Score::from(k.file.abs_diff(n.file).max(k.rank.abs_diff(n.rank))))
            .min(PASSER_DISTANCE_CAP)
    };
    let w = &tables.weights;
    w.passer_enemy_king * distance(royals[side.opponent().index()]) - w.passer_own_king * distance(royals[side.index()])
}

/// The middlegame penalty for where the royal piece stands: toward the centre files and
/// away from its first rank it is exposed.
fn king_placement(tables: &VariantTables, pos: &Position, sq: Square, side: Side) -> Score {
    let c = tables.coords[sq.index()];
    let files = pos.geometry().files;
    let from_edge = usize::from(c.file.min(files.saturating_sub(1).saturating_sub(c.file)));
    let w = &tables.weights;
    let file = match w.king_file.get(from_edge) {
        Some(&penalty) => penalty,
        None => w.king_file[2] + w.king_file_step * (from_edge - 2) as Score,
    };
    file + w.king_rank * Score::from(pos.geometry().relative_rank(sq, side))
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

#[cfg(test)]
mod tests {
    use super::*;
    use holechess_testkit::orthodox;

    fn value(fen: &str) -> Score {
        let variant = orthodox();
        let tables = VariantTables::new(&variant);
        evaluate(&tables, &Position::from_fen(&variant, fen).expect("a valid position"))
    }

    #[test]
    fn the_tables_mark_colour_bound_pieces_and_file_sliders_from_their_moves() {
        let variant = orthodox();
        let tables = VariantTables::new(&variant);
        let [pawn, knight, bishop, rook, queen, king] = [0, 1, 2, 3, 4, 5].map(|k| tables.kinds[k]);
        assert!(bishop.colour_bound && !knight.colour_bound && !queen.colour_bound && !pawn.colour_bound);
        assert!(rook.file_slider && queen.file_slider && !bishop.file_slider && !king.file_slider);
    }

    #[test]
    fn a_castled_king_stands_better_than_one_in_the_centre_in_the_middlegame() {
        let castled = value("r2q1rk1/ppp2ppp/8/8/8/8/PPP2PPP/R2Q1RK1 w - - 0 1");
        let central = value("r2q1rk1/ppp2ppp/8/8/8/8/PPP2PPP/R2QKR2 w - - 0 1");
        assert!(castled > central, "{castled} against {central}");
    }

    #[test]
    fn two_bishops_on_both_colours_make_a_pair() {
        // The bishop on f1 and the one on g1 reach as many squares from the same ring.
        let pair = value("4k3/8/8/8/8/8/8/2B1KB2 w - - 0 1");
        let same = value("4k3/8/8/8/8/8/8/2B1K1B1 w - - 0 1");
        assert!(pair - same >= Weights::DEFAULT.pair.0 / 2, "{pair} against {same}");
    }

    #[test]
    fn a_rook_on_an_open_file_is_worth_more_than_behind_its_own_pawn() {
        let open = value("4k3/pp4pp/8/8/8/8/PP4PP/3R2K1 w - - 0 1");
        let closed = value("4k3/pp4pp/8/8/8/8/PP4PP/1R4K1 w - - 0 1");
        assert!(open > closed, "{open} against {closed}");
    }

    #[test]
    fn squares_an_enemy_pawn_attacks_give_a_piece_no_mobility() {
        // The pawn on g7 guards f6, one of the knight's squares; the pawn on b7 stands as
        // far from the centre and as far back, guarding none of them.
        let free = value("4k3/1p6/8/8/4N3/8/8/4K3 w - - 0 1");
        let guarded = value("4k3/6p1/8/8/4N3/8/8/4K3 w - - 0 1");
        assert!(free > guarded, "{free} against {guarded}");
    }

    #[test]
    fn a_pawn_in_a_bare_ending_counts_for_more_than_its_value() {
        // h2: passed, isolated, not yet advanced (no escort term); nothing else differs.
        let with_pawn = value("4k3/8/8/8/8/8/7P/K7 w - - 0 1");
        let without = value("4k3/8/8/8/8/8/8/K7 w - - 0 1");
        let w = Weights::DEFAULT;
        assert_eq!(with_pawn - without, 100 * w.pawn_share.1 / 100 + w.passed_base.1 - w.isolated.1);
    }

    #[test]
    fn a_passed_pawn_gains_with_the_enemy_royal_piece_far_and_its_own_near() {
        let variant = orthodox();
        let tables = VariantTables::new(&variant);
        let pos = Position::from_fen(&variant, "7k/8/8/4P3/8/8/8/K7 w - - 0 1").unwrap();
        let at = |name| pos.geometry().parse_square(name, 0);
        let pawn = at("e5").unwrap();
        let escort = |own, enemy| passer_escort(&tables, &pos, pawn, Side::White, &[at(own), at(enemy)]);
        // The square in front is e6: a king on e7 is next to it, one on a1 five squares away.
        let w = Weights::DEFAULT;
        assert_eq!(escort("e4", "e7"), w.passer_enemy_king - 2 * w.passer_own_king);
        assert_eq!(escort("e4", "a1"), w.passer_enemy_king * PASSER_DISTANCE_CAP - 2 * w.passer_own_king);
        assert!(escort("d6", "a1") > escort("a1", "a1"));
    }
}
