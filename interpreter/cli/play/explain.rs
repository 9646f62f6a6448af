//! Why a move text is not a legal move here, in a few words: the record crate's replay
//! explains an illegal move (no piece there, not your piece, the piece cannot go there, a
//! token on the square, in check), so the position and the move are replayed as a
//! one-move record.

use std::sync::Arc;

use holechess_game::Rules;
use holechess_kernel::Position;
use holechess_record::{replay_game, Game, MoveEntry, Reason};

/// The reason `text` cannot be played in `pos`, if the record replay finds one.
pub fn why_illegal(rules: &Arc<Rules>, pos: &Position, text: &str) -> Option<String> {
    let entry = MoveEntry::new(1, text)?;
    let mut record = Game::default();
    record.set_tag("FEN", &pos.fen());
    record.moves.push(entry);
    let failure = replay_game(&record, None, rules).failure?;
    match failure.reason {
        Reason::Illegal { detail } => Some(detail),
        Reason::Ambiguous { candidates } => Some(format!("it could be {}", candidates.join(" or "))),
        Reason::GameOver { status } => Some(format!("the game is over ({status})")),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reasons_name_the_problem() {
        let rules = Rules::load("chess").unwrap();
        let pos = rules.start_position();
        let why = |text| why_illegal(&rules, &pos, text).unwrap_or_default();
        assert!(why("e3e4").contains("no piece on e3"), "{}", why("e3e4"));
        assert!(why("e7e5").contains("black pawn"), "{}", why("e7e5"));
        assert!(why("Ng3").contains("g3"), "{}", why("Ng3"));
    }
}
