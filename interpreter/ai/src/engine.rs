//! A player at a [`Level`]: the level-1 minimax or a [`Searcher`] with the level's limits,
//! behind one interface for the game layer and the match runner.

use std::sync::Arc;

use holechess_kernel::Position;

use crate::chance_model::ChanceModel;
use crate::classic::{ClassicPlayer, CLASSIC_TIME};
use crate::level::{Level, LevelPreset};
use crate::limits::{Limits, StopFlag};
use crate::search::{SearchConfig, SearchResult, Searcher};

enum Player {
    Classic(ClassicPlayer),
    Search { searcher: Box<Searcher>, limits: Limits },
}

/// A computer player of one level; keep it for a whole game (its tables learn).
pub struct Engine {
    level: Level,
    player: Player,
}

impl Engine {
    pub fn new(level: Level) -> Engine {
        let level = level.clamped();
        let player = match level.preset() {
            LevelPreset::Classic => Player::Classic(ClassicPlayer::new()),
            LevelPreset::Search { limits, quiescence_plies } => {
                let config = SearchConfig { quiescence_plies, ..SearchConfig::default() };
                Player::Search { searcher: Box::new(Searcher::new(config)), limits }
            }
        };
        Engine { level, player }
    }

    pub fn level(&self) -> Level {
        self.level
    }

    /// Random events after every move; level 1 ignores them (see [`crate::classic`]).
    pub fn set_chance_model(&mut self, model: Option<Arc<dyn ChanceModel>>) {
        if let Player::Search { searcher, .. } = &mut self.player {
            searcher.set_chance_model(model);
        }
    }

    /// Forgets what earlier games taught the tables.
    pub fn new_game(&mut self) {
        if let Player::Search { searcher, .. } = &mut self.player {
            searcher.new_game();
        }
    }

    /// The flag that stops the current search from another thread.
    pub fn stop_flag(&self) -> StopFlag {
        match &self.player {
            Player::Classic(c) => c.stop_flag(),
            Player::Search { searcher, .. } => searcher.stop_flag(),
        }
    }

    /// The level's move in `pos`. `limits` can only tighten the level's own (level 1 has a
    /// fixed depth and takes only their time, within its own [`CLASSIC_TIME`]).
    pub fn choose(&mut self, pos: &Position, limits: Limits) -> SearchResult {
        match &mut self.player {
            Player::Classic(c) => c.choose_within(pos, limits.time.unwrap_or(CLASSIC_TIME)),
            Player::Search { searcher, limits: own } => searcher.search(pos, own.tightest(limits)),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn assert_send<T: Send>() {}

    #[test]
    fn engines_can_search_on_another_thread() {
        assert_send::<Engine>();
        assert_send::<Searcher>();
    }

    #[test]
    fn levels_are_clamped() {
        assert_eq!(Engine::new(Level(0)).level(), Level(1));
        assert_eq!(Engine::new(Level(99)).level(), Level::MAX);
    }
}
