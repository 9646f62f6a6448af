//! The level-1 evaluation (the Standard Portal Chess v1.1 opponent's "piece value, centre
//! control and mobility, captures and checks"), exactly:
//!
//! ```text
//! E = 100 x (points(S) - points(O))
//!   +  10 x (centre pieces(S) - centre pieces(O))
//!   +   5 x (centre control(S) - centre control(O))
//!   +   1 x (mobility(S) - mobility(O))
//!   +  50 x (O in check) - 50 x (S in check)
//! ```
//!
//! for the side to move `S` and its opponent `O`, where
//! - `points` sums [`crate::classic_points`] of every piece: the variant's value rounded to
//!   whole pawns (100 -> 1, 320/330 -> 3, 500 -> 5, 900 -> 9; royal pieces 0);
//! - the centre is the squares of greatest centrality (d4 e4 d5 e5 on 8x8), and `centre
//!   pieces` counts a side's pieces standing there;
//! - `centre control` counts, over all the side's pieces, the centre squares each reaches
//!   (empty, enemy or own piece: see the reach rules below);
//! - `mobility` counts, over all the side's pieces, the empty or enemy-held squares each
//!   reaches;
//! - a piece's reach follows its unconditional patterns along the board: lines stop at the
//!   first piece and at blocking tokens, absent squares are skipped, move-only patterns
//!   reach empty squares only and capture-only patterns occupied squares only.

use holechess_kernel::{Position, Side};

use crate::reach::{walk_reach, Target};
use crate::score::Score;
use crate::tables::VariantTables;

const POINT: Score = 100;
const CENTRE_PIECE: Score = 10;
const CENTRE_CONTROL: Score = 5;
const MOBILITY: Score = 1;
const CHECK: Score = 50;

/// The level-1 value of `pos` for the side to move, in centipawns.
pub fn classic_evaluate(tables: &VariantTables, pos: &Position) -> Score {
    let us = pos.side_to_move();
    let them = us.opponent();
    let mut score = side_terms(tables, pos, us) - side_terms(tables, pos, them);
    if pos.royal_attacked(them) {
        score += CHECK;
    }
    if pos.royal_attacked(us) {
        score -= CHECK;
    }
    score
}

fn side_terms(tables: &VariantTables, pos: &Position, side: Side) -> Score {
    let mut score = 0;
    for (sq, piece) in pos.pieces_of(side) {
        score += POINT * tables.points[piece.kind as usize];
        if is_centre(tables, sq.index()) {
            score += CENTRE_PIECE;
        }
        walk_reach(tables, pos, sq, side, piece.kind, |to, target| {
            if matches!(target, Target::Empty | Target::Enemy(_)) {
                score += MOBILITY;
            }
            if target.controls() && is_centre(tables, to.index()) {
                score += CENTRE_CONTROL;
            }
        });
    }
    score
}

fn is_centre(tables: &VariantTables, index: usize) -> bool {
    tables.centrality[index] == tables.max_centrality
}
