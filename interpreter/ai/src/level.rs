//! Playing strengths. Level 1 is the fixed depth-3 opponent of Standard Portal Chess v1.1
//! ([`crate::classic`]); levels 2 to 6 use the full [`crate::Searcher`] with more depth or
//! time each; [`Level::DEFAULT`] is 3.

use std::fmt;
use std::time::Duration;

use crate::limits::Limits;

/// A playing strength, 1 (weakest) to [`Level::MAX`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Level(pub u8);

/// What a level does.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum LevelPreset {
    /// The level-1 minimax ([`crate::classic`]).
    Classic,
    /// The full search within these limits (a caller's limits can only tighten them),
    /// with this many plies of quiescence.
    Search { limits: Limits, quiescence_plies: u32 },
}

impl Level {
    pub const MIN: Level = Level(1);
    pub const MAX: Level = Level(6);
    /// The level a player gets unless it asks for another.
    pub const DEFAULT: Level = Level(3);

    /// The level clamped to `MIN..=MAX`.
    pub fn clamped(self) -> Level {
        Level(self.0.clamp(Level::MIN.0, Level::MAX.0))
    }

    /// Levels: 1 classic depth 3; 2 depth 3 (at most 0.2 s); 3 0.5 s; 4 1 s; 5 3 s;
    /// 6 10 s. Every search level stops at depth 64 at the latest.
    pub fn preset(self) -> LevelPreset {
        let ms = Duration::from_millis;
        let search = |depth: Option<u32>, time: Duration, quiescence_plies| LevelPreset::Search {
            limits: Limits { depth, time: Some(time), nodes: None },
            quiescence_plies,
        };
        match self.clamped().0 {
            1 => LevelPreset::Classic,
            2 => search(Some(3), ms(200), 4),
            3 => search(None, ms(500), 8),
            4 => search(None, ms(1_000), 8),
            5 => search(None, ms(3_000), 8),
            _ => search(None, ms(10_000), 8),
        }
    }
}

impl Default for Level {
    fn default() -> Level {
        Level::DEFAULT
    }
}

impl fmt::Display for Level {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "level {}", self.0)
    }
}
