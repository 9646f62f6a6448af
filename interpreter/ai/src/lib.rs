//! Search and evaluation for any variant the holechess kernel runs.
//!
//! Nothing here names a variant: piece values, square tables and mobility come from the
//! compiled [`holechess_kernel::Variant`]. The parts:
//!
//! - [`Searcher`]: iterative-deepening alpha-beta (PVS) with a transposition table, move
//!   ordering, quiescence, limits, a stop flag and expectation nodes for a [`ChanceModel`];
//! - [`evaluate`]: the generic evaluation the searcher uses;
//! - [`Level`] and [`Engine`]: playing strengths, level 1 being the fixed depth-3 opponent
//!   of Standard Portal Chess v1.1 (see [`classic`]);
//! - [`play_match`]: games between two levels with draw adjudication and a score;
//! - [`tuning`]: the evaluation's [`Weights`] tuned from positions and game results.

#![forbid(unsafe_code)]

mod chance_model;
pub mod classic;
mod classic_eval;
mod engine;
mod eval;
mod exchange;
mod expectation;
mod frames;
mod hanging;
mod level;
mod limits;
mod links;
mod match_runner;
mod negamax;
mod ordering;
mod pawn_structure;
mod promotion_zone;
mod pv;
mod quiescence;
mod reach;
mod rng;
mod score;
mod search;
mod standing;
mod tables;
mod threats;
mod tt;
pub mod tuning;
mod values;
mod weights;

pub use chance_model::{sample_outcomes, ChanceModel, NoChance, PlayedEvent};
pub use classic::{ClassicPlayer, CLASSIC_DEPTH, CLASSIC_TIME};
pub use classic_eval::classic_evaluate;
pub use engine::Engine;
pub use eval::evaluate;
pub use level::{Level, LevelPreset};
pub use limits::{Clock, Limits, StopFlag};
pub use match_runner::{
    play_match, play_match_observed, play_match_with, ChanceFactory, DepthTally, GameEnd, GameResult, MatchReport,
    MatchSettings,
};
pub use rng::SplitMix64;
pub use score::{is_mate_score, mate_in_moves, Score, INFINITY, MATE};
pub use search::{SearchConfig, SearchResult, Searcher};
pub use standing::{game_status, GameStatus};
pub use tables::VariantTables;
pub use values::{classic_points, material_values};
pub use weights::{Pair, Weights};
