//! Where a stalemated side passes its turn, a node where neither side can move is the game's
//! end: the search scores it as a draw instead of passing on to its depth limit.

mod support;

use holechess_ai::{ClassicPlayer, Limits, Searcher};
use holechess_kernel::spec::{RoyalRule, StalemateRule};
use holechess_kernel::Position;

/// Orthodox chess with any number of kings (none included), and a stalemated
/// side passing its turn.
fn passing_variant() -> std::sync::Arc<holechess_kernel::Variant> {
    support::orthodox_with(Vec::new(), |spec| {
        spec.rules.stalemate = StalemateRule::Pass;
        spec.rules.royals = RoyalRule::AnyNumber;
    })
}

/// White's king and queen against no black piece: after any White move Black has nothing to
/// pass with, so neither side can move and the game ends drawn, whatever the material.
const NOTHING_TO_PASS_WITH: &str = "8/8/8/8/8/8/8/K6Q w - - 0 1";

#[test]
fn a_side_with_no_piece_to_pass_with_ends_the_game_drawn() {
    let pos = Position::from_fen(&passing_variant(), NOTHING_TO_PASS_WITH).unwrap();
    let result = Searcher::default().search(&pos, Limits::depth(4));
    assert!(result.best_move.is_some());
    assert_eq!(result.score, 0, "no move for either side is a draw, not the queen's worth");
}

#[test]
fn the_classic_player_scores_the_same_end_as_a_draw() {
    let pos = Position::from_fen(&passing_variant(), NOTHING_TO_PASS_WITH).unwrap();
    let result = ClassicPlayer::default().choose(&pos);
    assert_eq!(result.score, 0);
}
