//! The evaluation's weights: every number the generic terms multiply, in one place, so that
//! a tuner can set them from data (`examples/tune.rs`, docs/ai.md) and the evaluation reads
//! them from the variant's tables. Each term reads the variant (piece values, reach, board
//! size); a weight says how much a term counts, never which piece or square it is about.
//! Pairs are (middlegame, endgame) centipawns unless said otherwise.

use crate::score::Score;

/// A middlegame and an endgame weight.
pub type Pair = (Score, Score);

/// The weights of the evaluation's terms.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Weights {
    /// A pawn-like piece's share of its value, in percent.
    pub pawn_share: Pair,
    /// Any other piece's share of its value, in percent.
    pub piece_share: Pair,
    /// Per square of mobility, for pieces reaching at most 9 squares of the empty board,
    /// at most 16, and more.
    pub mobility: [Pair; 3],
    /// Per ring of centrality, for pieces moving one step at a time and for the others; the
    /// endgame weight in half centipawns (the sum over a piece's rings is halved).
    pub centre_short: Pair,
    pub centre_long: Pair,
    /// A pawn-like piece's advancement: per square of its progress (ranks or steps toward
    /// its promotion zone), squared.
    pub pawn_advance: Pair,
    /// A pawn-like piece per ring of centrality (middlegame).
    pub pawn_centre: Score,
    /// A passed pawn: a base, and per square of its progress, squared.
    pub passed_base: Pair,
    pub passed_advance: Pair,
    /// Per square of progress of a passed pawn in the endgame: per square of distance from
    /// its next square to the enemy royal piece (a bonus) and to its own (a cost).
    pub passer_enemy_king: Score,
    pub passer_own_king: Score,
    /// Each pawn after the first on a file, and a pawn with no own pawn beside its file.
    pub doubled: Pair,
    pub isolated: Pair,
    /// Two colour-bound pieces on squares of both colours.
    pub pair: Pair,
    /// A piece sliding along its file on an open and on a half-open file.
    pub open_file: Pair,
    pub half_open_file: Pair,
    /// A pawn-like piece attacking an enemy piece; a piece attacking a greater one.
    pub pawn_threat: Pair,
    pub piece_threat: Pair,
    /// Each enemy-attacked piece (not royal) that no piece of its side defends.
    pub hanging: Pair,
    /// Own pawn-like pieces next to the royal piece, on its rank or in front (middlegame).
    pub pawn_shield: Score,
    /// The royal piece per ring of centrality: a cost in the middlegame, a bonus in the
    /// endgame.
    pub king_edge_mg: Score,
    pub king_centre_eg: Score,
    /// The royal piece's file in the middlegame by its distance from the nearer edge (the
    /// edge file, the next, the third), and per file further in.
    pub king_file: [Score; 3],
    pub king_file_step: Score,
    /// Each rank the royal piece stands above its first (middlegame).
    pub king_rank: Score,
    /// Enemy control of the squares next to the royal piece (`h` controls, at most 24):
    /// `(linear * h + square * h * h) / 4` centipawns in the middlegame.
    pub king_danger_linear: Score,
    pub king_danger_square: Score,
}

impl Weights {
    /// The weights the searcher plays with.
    pub const DEFAULT: Weights = Weights {
        pawn_share: (85, 110),
        piece_share: (100, 100),
        mobility: [(4, 4), (3, 3), (2, 2)],
        centre_short: (5, 5),
        centre_long: (2, 2),
        pawn_advance: (1, 4),
        pawn_centre: 4,
        passed_base: (10, 20),
        passed_advance: (1, 3),
        passer_enemy_king: 4,
        passer_own_king: 2,
        doubled: (12, 24),
        isolated: (10, 16),
        pair: (30, 50),
        open_file: (25, 10),
        half_open_file: (12, 6),
        pawn_threat: (60, 40),
        piece_threat: (30, 25),
        hanging: (50, 25),
        pawn_shield: 10,
        king_edge_mg: 6,
        king_centre_eg: 8,
        king_file: [8, 0, 14],
        king_file_step: 14,
        king_rank: 18,
        king_danger_linear: 16,
        king_danger_square: 4,
    };

    /// Every weight by name, to read or set one at a time (a tuner's view).
    pub fn named_mut(&mut self) -> Vec<(String, &mut Score)> {
        let mut named = Vec::new();
        self.collect_named(&mut named);
        named
    }

    fn collect_named<'a>(&'a mut self, out: &mut Vec<(String, &'a mut Score)>) {
        let Weights {
            pawn_share,
            piece_share,
            mobility,
            centre_short,
            centre_long,
            pawn_advance,
            pawn_centre,
            passed_base,
            passed_advance,
            passer_enemy_king,
            passer_own_king,
            doubled,
            isolated,
            pair,
            open_file,
            half_open_file,
            pawn_threat,
            piece_threat,
            hanging,
            pawn_shield,
            king_edge_mg,
            king_centre_eg,
            king_file,
            king_file_step,
            king_rank,
            king_danger_linear,
            king_danger_square,
        } = self;
        let mut push_pair = |name: &str, p: &'a mut Pair| {
            out.push((format!("{name}.mg"), &mut p.0));
            out.push((format!("{name}.eg"), &mut p.1));
        };
        push_pair("pawn_share", pawn_share);
        push_pair("piece_share", piece_share);
        for (i, m) in mobility.iter_mut().enumerate() {
            push_pair(&format!("mobility[{i}]"), m);
        }
        push_pair("centre_short", centre_short);
        push_pair("centre_long", centre_long);
        push_pair("pawn_advance", pawn_advance);
        push_pair("passed_base", passed_base);
        push_pair("passed_advance", passed_advance);
        push_pair("doubled", doubled);
        push_pair("isolated", isolated);
        push_pair("pair", pair);
        push_pair("open_file", open_file);
        push_pair("half_open_file", half_open_file);
        push_pair("pawn_threat", pawn_threat);
        push_pair("piece_threat", piece_threat);
        push_pair("hanging", hanging);
        for (i, k) in king_file.iter_mut().enumerate() {
            out.push((format!("king_file[{i}]"), k));
        }
        out.push(("pawn_centre".into(), pawn_centre));
        out.push(("passer_enemy_king".into(), passer_enemy_king));
        out.push(("passer_own_king".into(), passer_own_king));
        out.push(("pawn_shield".into(), pawn_shield));
        out.push(("king_edge_mg".into(), king_edge_mg));
        out.push(("king_centre_eg".into(), king_centre_eg));
        out.push(("king_file_step".into(), king_file_step));
        out.push(("king_rank".into(), king_rank));
        out.push(("king_danger_linear".into(), king_danger_linear));
        out.push(("king_danger_square".into(), king_danger_square));
    }
}

impl Default for Weights {
    fn default() -> Weights {
        Weights::DEFAULT
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_weight_is_named_once() {
        let mut weights = Weights::DEFAULT;
        let named = weights.named_mut();
        let mut names: Vec<&str> = named.iter().map(|(n, _)| n.as_str()).collect();
        let count = names.len();
        names.sort_unstable();
        names.dedup();
        assert_eq!(names.len(), count);
        // Every field: 15 pairs, 3 mobility pairs, 3 king files and 10 single weights.
        assert_eq!(count, 2 * 15 + 2 * 3 + 3 + 10);
    }

    #[test]
    fn a_named_weight_sets_the_field() {
        let mut weights = Weights::DEFAULT;
        for (name, value) in weights.named_mut() {
            if name == "hanging.eg" {
                *value = 7;
            }
        }
        assert_eq!(weights.hanging, (Weights::DEFAULT.hanging.0, 7));
    }
}
