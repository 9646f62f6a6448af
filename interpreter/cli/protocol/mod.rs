//! What the engine protocols (`uci`, `xboard`) share: the game a GUI sets up
//! ([`EngineBoard`]), how moves and dice are written on the wire ([`move_text`]), the
//! search that runs on its own thread so it can be stopped ([`search_job::SearchJob`]), and time
//! allocation from a clock ([`clock`]).

pub mod board;
pub mod clock;
pub mod move_text;
pub mod search_job;

pub use board::EngineBoard;
