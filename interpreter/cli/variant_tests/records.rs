//! The `record` checks of a test file: what `validate` says of a record file (its first
//! invalid game, with the ply, the reason and the position before it), compared with the
//! verdict the author expects.

use std::path::Path;
use std::sync::Arc;

use holechess_record::{replay_record, PgnReader, ReadError};
use holechess_runtime::PlayableVariant;

use super::checks::{Failure, Mismatch};
use super::syntax::ExpectedVerdict;

/// A record's verdict, shown in the position where its first invalid game failed.
pub(super) fn record_failure(
    rules: &Arc<PlayableVariant>,
    file: &Path,
    verdict: &ExpectedVerdict,
    line: usize,
) -> Result<Option<Failure>, String> {
    let actual = record_verdict(rules, file)?;
    let Some(expected) = verdict_difference(verdict, &actual) else {
        return Ok(None);
    };
    let fen = actual.fen.clone().unwrap_or_else(|| "(the record's start)".to_owned());
    Ok(Some(Mismatch::new(format!("record {}", file.display()), expected, actual.describe()).at(line, fen)))
}

/// What `validate` says of a record file: its first invalid game, if any.
#[derive(Debug)]
struct RecordVerdict {
    games: usize,
    /// The first invalid game: its number, ply and reason.
    first_invalid: Option<(usize, u32, String)>,
    /// The position before that game's faulty ply.
    fen: Option<String>,
}

impl RecordVerdict {
    fn describe(&self) -> String {
        match &self.first_invalid {
            None => format!("valid ({} game(s))", self.games),
            Some((game, ply, reason)) => format!("game {game} invalid at ply {ply}: {reason}"),
        }
    }
}

fn record_verdict(rules: &Arc<PlayableVariant>, file: &Path) -> Result<RecordVerdict, String> {
    let cannot_read = |e: std::io::Error| format!("cannot read {}: {e}", file.display());
    if !std::fs::metadata(file).map_err(cannot_read)?.is_file() {
        return Err(format!("{} is not a regular file", file.display()));
    }
    let file_source = std::fs::File::open(file).map_err(cannot_read)?;
    // The same check as `validate`: a file that is no PGN record is said to be one once,
    // not read line by line as moves.
    let (source, _) = crate::record_input::checked(file_source)
        .map_err(cannot_read)?
        .map_err(|not_pgn| format!("{} is not a PGN record: {}", file.display(), not_pgn.0))?;
    let mut verdict = RecordVerdict { games: 0, first_invalid: None, fen: None };
    for item in PgnReader::new(source) {
        let record = match item {
            Ok(record) => record,
            Err(ReadError::NoGames { .. }) => return Err(format!("{} holds no game", file.display())),
            Err(ReadError::Io(e)) => return Err(format!("cannot read {}: {e}", file.display())),
            Err(other) => return Err(format!("{}: {other}", file.display())),
        };
        verdict.games += 1;
        let replay = replay_record(&record, rules);
        if let (Some(failure), None) = (replay.failure, &verdict.first_invalid) {
            verdict.first_invalid = Some((record.number, failure.ply, failure.reason.to_string()));
            verdict.fen = failure.fen;
        }
    }
    Ok(verdict)
}

/// `None` when the verdict is the one expected; else the expectation in words.
fn verdict_difference(expected: &ExpectedVerdict, actual: &RecordVerdict) -> Option<String> {
    match (expected, &actual.first_invalid) {
        (ExpectedVerdict::Valid, None) => None,
        (ExpectedVerdict::Valid, Some(_)) => Some("every game valid".to_owned()),
        (ExpectedVerdict::Invalid { ply, reason }, Some((_, got_ply, got_reason)))
            if ply == got_ply
                && reason.as_ref().is_none_or(|r| got_reason.to_lowercase().contains(&r.to_lowercase())) =>
        {
            None
        }
        (ExpectedVerdict::Invalid { ply, reason }, _) => Some(match reason {
            Some(reason) => format!("invalid at ply {ply}: ...{reason}..."),
            None => format!("invalid at ply {ply}"),
        }),
    }
}
