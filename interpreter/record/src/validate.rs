//! Validating a PGN source, handing back a [`Verdict`] per game in input order, in memory
//! that does not grow with the number or the length of the games.
//!
//! On one thread each ply is played as the reader reads it: nothing of a game is held but
//! its tags and its position. On more threads games are read in batches and replayed in
//! parallel while the next batch is read; a batch holds at most [`BATCH_PLIES`] plies, and a
//! game longer than [`LONG_GAME_PLIES`] is played as it is read, on the reading thread.

use std::io::Read;
use std::sync::Arc;

use holechess_runtime::{EventTree, PlayableVariant};
use rayon::prelude::*;
use serde::Serialize;

use crate::game_parser::PlySink;
use crate::pgn_game::{MoveEntry, PgnGame};
use crate::problem::ReadError;
use crate::reader::{GameRecord, PgnReader};
use crate::replay::{replay_record_in, Failure, GameReplay, Replay};

/// Games read and replayed together.
pub const DEFAULT_BATCH: usize = 256;

/// The verdict on one game (or on a source that holds no game at all).
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Verdict {
    /// 1-based number of the game in its source; 0 when the source holds no game.
    pub game: usize,
    /// 1-based line where the game starts.
    pub line: u32,
    /// Plies played successfully.
    pub plies: u32,
    pub failure: Option<Failure>,
}

impl Verdict {
    #[must_use]
    pub fn is_valid(&self) -> bool {
        self.failure.is_none()
    }

    fn of(record: &GameRecord, replay: Replay) -> Verdict {
        Verdict { game: record.number, line: record.game.line, plies: replay.plies, failure: replay.failure }
    }
}

/// What a source gave: a verdict on each game (every text but blanks belongs to one).
#[derive(Debug)]
pub enum SourceEvent {
    Verdict(Verdict),
    /// The source holds no text at all.
    NoGames {
        bytes: u64,
    },
}

/// Plies a batch holds at most (with the one game that goes over).
pub const BATCH_PLIES: usize = 16 * 1024;

/// A game with more plies is played as it is read instead of being held for a worker.
pub const LONG_GAME_PLIES: usize = 4096;

/// Reads every game of `source`, replays it against `rules` on the current rayon pool in
/// batches of `batch` games (the next batch is read while one is replayed), and calls
/// `sink` with each event in input order. Only an I/O error stops the source.
///
/// # Errors
///
/// The I/O error that stopped reading `source` (invalid games are events, not errors).
///
/// ```
/// use std::sync::Arc;
/// use holechess_record::{validate_source, SourceEvent, DEFAULT_BATCH};
/// use holechess_runtime::PlayableVariant;
///
/// let pothole = Arc::new(PlayableVariant::load("pothole").expect("a bundled variant"));
/// let pgn = "[Variant \"pothole\"]\n\n1. e4 {[%dice 6 5 5]} d6 {[%dice 5]} *\n\n[Variant \"pothole\"]\n\n1. e4 d6 *\n";
/// let mut verdicts = Vec::new();
/// validate_source(pgn.as_bytes(), &pothole, DEFAULT_BATCH, |event| {
///     if let SourceEvent::Verdict(verdict) = event {
///         verdicts.push(verdict);
///     }
/// })
/// .expect("read from memory");
/// assert!(verdicts[0].is_valid());
/// // Every ply of a dice variant carries its outcomes (K4).
/// assert_eq!(verdicts[1].failure.as_ref().map(|failure| failure.ply), Some(1));
/// ```
pub fn validate_source<R: Read + Send>(
    source: R,
    rules: &Arc<PlayableVariant>,
    batch: usize,
    sink: impl FnMut(SourceEvent),
) -> std::io::Result<()> {
    validate_source_in(source, rules, &EventTree::new(rules), batch, sink)
}

/// [`validate_source`] reading dice events from `tree`, which keeps what it learns for the
/// next source. A pool of one thread plays every ply as it is read.
///
/// # Errors
///
/// As [`validate_source`].
pub fn validate_source_in<R: Read + Send>(
    source: R,
    rules: &Arc<PlayableVariant>,
    tree: &EventTree,
    batch: usize,
    sink: impl FnMut(SourceEvent),
) -> std::io::Result<()> {
    match rayon::current_num_threads() {
        1 => validate_streaming(source, rules, tree, sink),
        _ => validate_batches(source, rules, tree, batch, sink),
    }
}

/// Every game played ply by ply as it is read, on this thread.
fn validate_streaming<R: Read>(
    source: R,
    rules: &Arc<PlayableVariant>,
    tree: &EventTree,
    mut sink: impl FnMut(SourceEvent),
) -> std::io::Result<()> {
    let mut reader = PgnReader::new(source);
    loop {
        let mut replay = GameReplay::new(rules, Some(tree));
        match reader.read_game_into(&mut replay) {
            Ok(Some(record)) => {
                let verdict = replay.finish(&record.game, record.problem.as_ref());
                sink(SourceEvent::Verdict(Verdict::of(&record, verdict)));
                reader.recycle(record.game);
            }
            Ok(None) => return Ok(()),
            Err(ReadError::NoGames { bytes }) => {
                sink(SourceEvent::NoGames { bytes });
                return Ok(());
            }
            Err(ReadError::Io(error)) => return Err(error),
        }
    }
}

fn validate_batches<R: Read + Send>(
    source: R,
    rules: &Arc<PlayableVariant>,
    tree: &EventTree,
    batch: usize,
    mut sink: impl FnMut(SourceEvent),
) -> std::io::Result<()> {
    let size = batch.max(1);
    let mut reader = PgnReader::new(source);
    let mut current = read_batch(&mut reader, size, rules, tree);
    loop {
        let more = matches!(current.tail, Tail::More);
        let (next, replays) = rayon::join(
            || more.then(|| read_batch(&mut reader, size, rules, tree)),
            || replay_batch(&current.items, rules, tree),
        );
        emit(current.items, replays, &mut sink);
        match current.tail {
            Tail::More => {}
            Tail::End => return Ok(()),
            Tail::NoGames(bytes) => {
                sink(SourceEvent::NoGames { bytes });
                return Ok(());
            }
            Tail::Io(error) => return Err(error),
        }
        current = next.expect("read while more was expected");
    }
}

/// One game of a batch: read whole, for a worker to replay, or already played as it was
/// read (a long game).
enum Item {
    Held(GameRecord),
    Played(Verdict),
}

/// What one batch read gave.
struct Batch {
    items: Vec<Item>,
    tail: Tail,
}

/// How a batch read ended.
enum Tail {
    /// The batch is full; more may follow.
    More,
    End,
    /// The source held no game at all.
    NoGames(u64),
    Io(std::io::Error),
}

/// Keeps a game's plies for a worker until there are [`LONG_GAME_PLIES`] of them; then plays
/// them and every later ply at once.
struct HoldOrPlay<'r> {
    rules: &'r Arc<PlayableVariant>,
    tree: &'r EventTree,
    replay: Option<GameReplay<'r>>,
}

impl PlySink for HoldOrPlay<'_> {
    fn ply(&mut self, game: &mut PgnGame, entry: MoveEntry) {
        if self.replay.is_none() && game.moves.len() < LONG_GAME_PLIES {
            game.moves.push(entry);
            return;
        }
        let replay = self.replay.get_or_insert_with(|| GameReplay::new(self.rules, Some(self.tree)));
        for held in std::mem::take(&mut game.moves) {
            replay.play(game, &held);
        }
        replay.play(game, &entry);
    }

    fn keeps_annotations(&self) -> bool {
        false
    }
}

fn read_batch<R: Read>(
    reader: &mut PgnReader<R>,
    size: usize,
    rules: &Arc<PlayableVariant>,
    tree: &EventTree,
) -> Batch {
    let mut items = Vec::with_capacity(size);
    let mut plies = 0;
    while items.len() < size && plies < BATCH_PLIES {
        let mut hold = HoldOrPlay { rules, tree, replay: None };
        let tail = match reader.read_game_into(&mut hold) {
            Ok(Some(record)) => {
                plies += record.game.moves.len();
                items.push(match hold.replay {
                    Some(replay) => {
                        let verdict = replay.finish(&record.game, record.problem.as_ref());
                        Item::Played(Verdict::of(&record, verdict))
                    }
                    None => Item::Held(record),
                });
                continue;
            }
            Ok(None) => Tail::End,
            Err(ReadError::NoGames { bytes }) => Tail::NoGames(bytes),
            Err(ReadError::Io(error)) => Tail::Io(error),
        };
        return Batch { items, tail };
    }
    Batch { items, tail: Tail::More }
}

fn replay_batch(items: &[Item], rules: &Arc<PlayableVariant>, tree: &EventTree) -> Vec<Option<Replay>> {
    let replay = |item: &Item| match item {
        Item::Held(record) => Some(replay_record_in(record, rules, tree)),
        Item::Played(_) => None,
    };
    items.par_iter().with_min_len(4).map(replay).collect()
}

fn emit(items: Vec<Item>, replays: Vec<Option<Replay>>, sink: &mut impl FnMut(SourceEvent)) {
    for (item, replay) in items.into_iter().zip(replays) {
        let verdict = match item {
            Item::Held(record) => Verdict::of(&record, replay.expect("a held game is replayed")),
            Item::Played(verdict) => verdict,
        };
        sink(SourceEvent::Verdict(verdict));
    }
}

/// A variant's rules with the thread pool that replays its games and the decision tree of
/// its dice events, shared by every source it validates.
pub struct Validator {
    rules: Arc<PlayableVariant>,
    pool: rayon::ThreadPool,
    batch: usize,
    tree: EventTree,
}

impl Validator {
    /// `jobs` worker threads (`None` or 0: one per core), [`DEFAULT_BATCH`] games a batch.
    ///
    /// # Errors
    ///
    /// Why the worker pool cannot be built.
    pub fn new(rules: Arc<PlayableVariant>, jobs: Option<usize>) -> Result<Validator, String> {
        let pool = rayon::ThreadPoolBuilder::new()
            .num_threads(jobs.unwrap_or(0))
            .build()
            .map_err(|error| format!("cannot start worker threads: {error}"))?;
        let tree = EventTree::new(&rules);
        Ok(Validator { rules, pool, batch: DEFAULT_BATCH, tree })
    }

    /// Games replayed together (at least 1).
    pub fn with_batch(mut self, batch: usize) -> Validator {
        self.batch = batch.max(1);
        self
    }

    pub fn rules(&self) -> &Arc<PlayableVariant> {
        &self.rules
    }

    /// Worker threads in the pool.
    pub fn jobs(&self) -> usize {
        self.pool.current_num_threads()
    }

    /// [`validate_source`] on this validator's pool.
    ///
    /// # Errors
    ///
    /// The I/O error that stopped reading `source`.
    pub fn run<R: Read + Send>(&self, source: R, sink: impl FnMut(SourceEvent) + Send) -> std::io::Result<()> {
        self.pool.install(|| validate_source_in(source, &self.rules, &self.tree, self.batch, sink))
    }
}
