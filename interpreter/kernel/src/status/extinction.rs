//! Game ends by extinction: a side left with fewer pieces of a kind than a rule names (no
//! king left, fewer than three kings, no piece at all) wins or loses at once, and the position
//! then has no legal move. The side that just moved is judged first, as Fairy-Stockfish does.

use crate::geometry::Side;
use crate::position::Position;
use crate::spec::{ExtinctionSpec, PieceId, SideOutcome};

/// An extinction that has ended the game.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Extinct {
    /// The side left without enough pieces.
    pub side: Side,
    /// The kind it ran short of; `None` for its pieces counted together.
    pub kind: Option<PieceId>,
    /// The count it fell below (1: it has none left).
    pub below: u8,
    /// The side that wins; `None` for a draw.
    pub winner: Option<Side>,
}

/// The extinction that ends the game in `pos`, if one does.
#[must_use]
pub fn extinction(pos: &Position) -> Option<Extinct> {
    let rules = &pos.variant.spec().rules.ends.extinctions;
    if rules.is_empty() {
        return None;
    }
    let just_moved = pos.state.side.opponent();
    [just_moved, pos.state.side].into_iter().find_map(|side| rules.iter().find_map(|rule| extinct(pos, side, rule)))
}

/// Whether `side` falls under `rule`, and how the game then ends.
fn extinct(pos: &Position, side: Side, rule: &ExtinctionSpec) -> Option<Extinct> {
    let opponent_needs = usize::from(rule.opponent_at_least) + usize::from(rule.reply && side == pos.state.side);
    if pos.pieces_of(side.opponent()).count() < opponent_needs {
        return None;
    }
    let winner = match rule.outcome {
        SideOutcome::Win => Some(side),
        SideOutcome::Loss => Some(side.opponent()),
        SideOutcome::Draw => None,
    };
    let end = |kind| Extinct { side, kind, below: rule.below, winner };
    if rule.kinds.is_empty() {
        let count = pos.pieces_of(side).count();
        return (count < usize::from(rule.below)).then(|| end(None));
    }
    rule.kinds.iter().find(|&&kind| count_of(pos, side, kind) < usize::from(rule.below)).map(|&kind| end(Some(kind)))
}

/// How many pieces of `kind` `side` has on the boards.
fn count_of(pos: &Position, side: Side, kind: PieceId) -> usize {
    pos.pieces_of(side).filter(|(_, piece)| piece.kind == kind).count()
}

/// An extinction in words: `White has no pawn left`, `Black has fewer than 3 kings left`,
/// `White has no pieces left`.
#[must_use]
pub fn describe_extinction(pos: &Position, side: Side, kind: Option<PieceId>, below: u8) -> String {
    let spec = pos.variant.spec();
    let name = kind.and_then(|k| spec.pieces.get(usize::from(k))).map(|piece| piece.name.as_str());
    let count = match (below, name) {
        (1, Some(name)) => format!("no {name}"),
        (1, None) => "no pieces".to_string(),
        (n, Some(name)) => format!("fewer than {n} {name}s"),
        (n, None) => format!("fewer than {n} pieces"),
    };
    format!("{} has {count} left", side.title())
}
