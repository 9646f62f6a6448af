//! Evaluation terms of linked squares between boards (two-board variants whose players
//! teleport through links and give check across them): the teleport threat of a piece on a
//! linked square toward the board of the enemy royal piece, a capture waiting on the linked
//! square, and the danger of a royal piece standing on a linked square (an enemy piece on
//! its link gives check there).

use holechess_kernel::{Position, Side, Square, Variant};

use crate::score::Score;
use crate::tables::{Coord, Role, VariantTables};

/// A piece on a linked square whose link is on the enemy royal piece's board.
const THREAT_BASE: Score = 12;
/// ... plus this much per step the linked square is closer to that royal piece (from 7).
const THREAT_NEAR: Score = 5;
/// A piece on a linked square whose link holds an enemy piece: this share of its value.
const CAPTURE_SHARE: Score = 12;
/// A royal piece on a linked square.
const ROYAL_ON_LINK: Score = 25;

/// For each square, the square of another board it is linked to (teleport or check).
pub(crate) fn link_targets(variant: &Variant) -> Vec<Option<Square>> {
    let g = variant.geometry();
    g.squares().map(|sq| variant.links_of(sq).find(|&to| g.board_of(to) != g.board_of(sq))).collect()
}

/// The link terms of `side` in centipawns (middlegame and endgame alike).
pub(crate) fn link_terms(tables: &VariantTables, pos: &Position, side: Side, enemy_royal: Option<Square>) -> Score {
    let mut total = 0;
    for (sq, piece) in pos.pieces_of(side) {
        let Some(to) = tables.link_target[sq.index()] else { continue };
        if tables.kinds[piece.kind as usize].role == Role::Royal {
            total -= ROYAL_ON_LINK;
            continue;
        }
        if let Some(king) = enemy_royal {
            let (a, b) = (tables.coords[to.index()], tables.coords[king.index()]);
            if a.board == b.board {
                total += THREAT_BASE + THREAT_NEAR * (7 - distance(a, b)).max(0);
            }
        }
        if let Some(victim) = pos.piece_at(to).filter(|p| p.side != side) {
            if tables.kinds[victim.kind as usize].role != Role::Royal {
                total += tables.values[victim.kind as usize] * CAPTURE_SHARE / 100;
            }
        }
    }
    total
}

fn distance(a: Coord, b: Coord) -> Score {
    Score::from(a.file.abs_diff(b.file).max(a.rank.abs_diff(b.rank)))
}
