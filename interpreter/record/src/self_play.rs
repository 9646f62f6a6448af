//! Seeded random self-play: games of uniformly random legal moves, the records the bench
//! validates and the tests replay.

use std::sync::Arc;

use holechess_runtime::{Game, GameError, PlayableVariant};

/// A game of `rules` with its dice seeded by `seed`, of random legal moves (at most
/// `max_plies`, fewer when the game ends), each chosen by a xorshift step of `state`; a
/// caller keeps `state` across games so that each game differs.
///
/// # Errors
///
/// A [`GameError`] when a hook fails while a move is played.
///
/// ```
/// # use std::sync::Arc;
/// use holechess_record::random_game;
/// use holechess_runtime::PlayableVariant;
/// let rules = PlayableVariant::load("chess").unwrap();
/// let mut state = 0x2545_F491_4F6C_DD1D;
/// let game = random_game(&rules, 1, 10, &mut state).unwrap();
/// assert_eq!(game.plies().len(), 10);
/// ```
pub fn random_game(
    rules: &Arc<PlayableVariant>,
    seed: u64,
    max_plies: usize,
    state: &mut u64,
) -> Result<Game, GameError> {
    let mut game = Game::seeded(Arc::clone(rules), seed);
    for _ in 0..max_plies {
        let legal = game.position().legal_moves();
        if legal.is_empty() || game.position().status().is_over() {
            break;
        }
        *state ^= *state << 13;
        *state ^= *state >> 7;
        *state ^= *state << 17;
        game.play(legal.as_slice()[(*state % legal.len() as u64) as usize])?;
    }
    Ok(game)
}
