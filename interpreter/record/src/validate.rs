//! Validating a PGN source: games read in bounded batches, replayed in parallel on the
//! current rayon pool while the next batch is read, and handed back in input order as
//! [`Verdict`]s. Memory holds two batches at a time, whatever the number of games.

use std::io::Read;
use std::sync::Arc;

use holechess_runtime::{EventTree, PlayableVariant};
use rayon::prelude::*;
use serde::Serialize;

use crate::problem::ReadError;
use crate::reader::{GameRecord, PgnReader};
use crate::replay::{replay_record_in, Failure, Replay};

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

/// Reads every game of `source`, replays it against `rules` on the current rayon pool in
/// batches of `batch` games (the next batch is read while one is replayed), and calls
/// `sink` with each event in input order. Only an I/O error stops the source.
///
/// # Errors
///
/// The I/O error that stopped reading `source` (invalid games are events, not errors).
pub fn validate_source<R: Read + Send>(
    source: R,
    rules: &Arc<PlayableVariant>,
    batch: usize,
    sink: impl FnMut(SourceEvent),
) -> std::io::Result<()> {
    validate_source_in(source, rules, &EventTree::new(rules), batch, sink)
}

/// [`validate_source`] reading dice events from `tree`, which keeps what it learns for the
/// next source.
///
/// # Errors
///
/// As [`validate_source`].
pub fn validate_source_in<R: Read + Send>(
    source: R,
    rules: &Arc<PlayableVariant>,
    tree: &EventTree,
    batch: usize,
    mut sink: impl FnMut(SourceEvent),
) -> std::io::Result<()> {
    let size = batch.max(1);
    let mut reader = PgnReader::new(source);
    let mut current = read_batch(&mut reader, size);
    loop {
        let more = matches!(current.tail, Tail::More);
        let (next, replays) =
            rayon::join(|| more.then(|| read_batch(&mut reader, size)), || replay_batch(&current.items, rules, tree));
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

/// What one batch read gave.
struct Batch {
    items: Vec<GameRecord>,
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

fn read_batch<R: Read>(reader: &mut PgnReader<R>, size: usize) -> Batch {
    let mut items = Vec::with_capacity(size);
    while items.len() < size {
        let tail = match reader.next() {
            Some(Ok(item)) => {
                items.push(item);
                continue;
            }
            None => Tail::End,
            Some(Err(ReadError::NoGames { bytes })) => Tail::NoGames(bytes),
            Some(Err(ReadError::Io(error))) => Tail::Io(error),
        };
        return Batch { items, tail };
    }
    Batch { items, tail: Tail::More }
}

fn replay_batch(items: &[GameRecord], rules: &Arc<PlayableVariant>, tree: &EventTree) -> Vec<Replay> {
    items.par_iter().with_min_len(4).map(|record| replay_record_in(record, rules, tree)).collect()
}

fn emit(items: Vec<GameRecord>, replays: Vec<Replay>, sink: &mut impl FnMut(SourceEvent)) {
    for (record, replay) in items.into_iter().zip(replays) {
        sink(SourceEvent::Verdict(Verdict::of(&record, replay)));
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
