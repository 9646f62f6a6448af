//! Search scores: centipawns from the side to move's point of view, with mate scores at
//! the top of the range, and their conversion to and from the transposition table (where
//! a mate is stored relative to the node, not the root).

/// A score in centipawns, positive when the side to move is better.
pub type Score = i32;

/// Larger than any score.
pub const INFINITY: Score = 32_000;

/// The score of giving mate at the root; mate in `n` plies scores `MATE - n`.
pub const MATE: Score = 31_000;

/// Scores at least this far from zero are mates.
const MATE_THRESHOLD: Score = MATE - 1_000;

/// A draw.
pub const DRAW: Score = 0;

/// The deepest ply a search reaches (quiescence included).
pub const MAX_PLY: usize = 128;

/// The score of being mated `ply` plies from the root.
pub const fn mated_in(ply: usize) -> Score {
    -MATE + ply as Score
}

/// The score of mating `ply` plies from the root.
pub const fn mating_in(ply: usize) -> Score {
    MATE - ply as Score
}

/// Whether `score` announces a forced mate (for either side).
pub fn is_mate_score(score: Score) -> bool {
    score.abs() >= MATE_THRESHOLD
}

/// Moves to mate: `Some(n)` when the side to move mates in `n` of its moves, `Some(-n)`
/// when it is mated in `n`, `None` for ordinary scores.
pub fn mate_in_moves(score: Score) -> Option<i32> {
    if !is_mate_score(score) {
        return None;
    }
    let plies = MATE - score.abs();
    Some(if score > 0 { (plies + 1) / 2 } else { -(plies / 2) })
}

/// A score as stored in the table: mates counted from the node at `ply`.
pub fn to_table(score: Score, ply: usize) -> Score {
    if score >= MATE_THRESHOLD {
        score + ply as Score
    } else if score <= -MATE_THRESHOLD {
        score - ply as Score
    } else {
        score
    }
}

/// A stored score read back at `ply`: mates counted from the root again.
pub fn from_table(score: Score, ply: usize) -> Score {
    if score >= MATE_THRESHOLD {
        score - ply as Score
    } else if score <= -MATE_THRESHOLD {
        score + ply as Score
    } else {
        score
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn mate_distances_in_moves() {
        assert_eq!(mate_in_moves(mating_in(1)), Some(1));
        assert_eq!(mate_in_moves(mating_in(3)), Some(2));
        assert_eq!(mate_in_moves(mated_in(2)), Some(-1));
        assert_eq!(mate_in_moves(150), None);
    }

    #[test]
    fn table_round_trip_keeps_mates() {
        let s = mating_in(7);
        assert_eq!(from_table(to_table(s, 4), 4), s);
        assert_eq!(from_table(to_table(-s, 4), 4), -s);
        assert_eq!(from_table(to_table(35, 4), 4), 35);
    }
}
