//! PgnGame records for holechess: PGN extended with holes, transits, dice and two-board
//! actions (docs/rules.md, "PgnGame records").
//!
//! This crate owns the syntax layer: [`PgnReader`] streams [`GameRecord`]s out of any
//! [`std::io::Read`] (one game in memory at a time), and [`write_game`] turns a [`PgnGame`]
//! back into PGN. Each [`MoveEntry`] keeps a move token the kernel's notation reader parses
//! ([`MoveEntry::notation`]). [`replay_record`] replays a game against a variant's rules and
//! reports the first failure; [`validate_source`] does it for a whole source, each ply played
//! as it is read (one thread) or games in bounded batches (more), in memory that does not
//! grow with the number or the length of the games.
//!
//! ```
//! use holechess_record::{replay_record, PgnReader};
//! use holechess_runtime::PlayableVariant;
//!
//! let chess = PlayableVariant::load("chess").expect("a bundled variant");
//! let pgn = b"[Variant \"chess\"]\n\n1. e4 e5 2. Nf3 Nc6 *\n\n[Variant \"chess\"]\n\n1. e4 e4 *\n";
//! let verdicts: Vec<_> = PgnReader::from_bytes(pgn)
//!     .games()
//!     .map(|game| replay_record(&game.expect("readable"), &chess))
//!     .collect();
//! assert!(verdicts[0].is_valid());
//! let failure = verdicts[1].failure.as_ref().expect("Black cannot play e4");
//! assert_eq!((failure.ply, failure.text.as_str()), (2, "e4"));
//! ```

#![forbid(unsafe_code)]
// Every public entry point says what it returns is to be used, when it fails and when it panics.
#![warn(clippy::must_use_candidate, clippy::missing_errors_doc, clippy::missing_panics_doc)]

mod buffer;
mod comment;
mod cursor;
mod game_parser;
mod game_skip;
mod line_wrap;
mod move_text;
mod pgn_game;
mod ply_stream;
mod problem;
mod reader;
mod replay;
mod self_play;
mod tag_pair;
mod validate;
mod variation;
mod writer;

pub mod session;
pub use game_parser::MAX_TAGS;
pub use holechess_kernel::notation::text::{Action, BoardMove, CastleSide, CheckMark, Notation, Square, TextError};
pub use move_text::{MoveText, MAX_MOVE_TEXT};
pub use pgn_game::{Annotation, GameResult, MoveEntry, PgnGame, TagPair};
pub use ply_stream::{read_game_without_moves, replay_next_game};
pub use problem::{ReadError, SyntaxError, SyntaxProblem};
pub use reader::{GameRecord, PgnReader, MAX_GAME_BYTES};
pub use replay::{replay_game, replay_record, replay_record_in, start_position, Failure, Reason, Replay};
pub use self_play::random_game;
pub use session::{record_of, result_of};
pub use validate::{
    validate_source, validate_source_in, SourceEvent, Validator, Verdict, BATCH_PLIES, DEFAULT_BATCH, LONG_GAME_PLIES,
};
pub use writer::{tags_in_export_order, write_game, write_games};
