//! Running a test file's steps against its variant: each check passes or fails with the
//! position, what was expected and what the variant does. Moves are played as `perft` and
//! `moves` play them: no die is rolled (K6).

use std::collections::{BTreeMap, BTreeSet};
use std::sync::Arc;

use holechess_kernel::notation::{explain_move, lan, parse_move, strip_board_names};
use holechess_kernel::perft::{perft, perft_divide};
use holechess_kernel::Position;
use holechess_runtime::PlayableVariant;

use super::syntax::{Numbered, Step};

/// A check that did not hold.
#[derive(Debug)]
pub struct Failure {
    pub line: usize,
    /// What was checked, as written (`perft 3`, `moves include`).
    pub check: String,
    /// The position it was checked in.
    pub fen: String,
    pub expected: String,
    pub actual: String,
    /// More lines that say where the difference lies (perft's divide).
    pub details: Vec<String>,
}

/// What running one file gave.
#[derive(Debug, Default)]
pub struct FileResult {
    pub passed: usize,
    pub failures: Vec<Failure>,
    /// Checks not run because a `play` before them failed.
    pub skipped: usize,
    /// The line that showed the test file itself broken (the steps after it were not run).
    pub broken: Option<Broken>,
}

/// An error that means the test file itself is broken (exit 2): `LINE: reason`.
pub type Broken = (usize, String);

/// Runs every step of a test file in order, up to the first line that shows the file broken.
pub fn run(rules: &Arc<PlayableVariant>, steps: &[Numbered]) -> FileResult {
    let mut result = FileResult::default();
    if let Err(broken) = run_steps(rules, steps, &mut result) {
        result.broken = Some(broken);
    }
    result
}

fn run_steps(rules: &Arc<PlayableVariant>, steps: &[Numbered], result: &mut FileResult) -> Result<(), Broken> {
    let mut pos = Some(rules.start_position());
    for Numbered { line, step } in steps {
        let line = *line;
        match step {
            Step::Start => pos = Some(rules.start_position()),
            Step::Fen(fen) => pos = Some(position_from(rules, fen).map_err(|e| (line, e))?),
            Step::Play(moves) => {
                let Some(current) = pos.as_mut() else {
                    result.skipped += 1;
                    continue;
                };
                if let Some(failure) = play(current, moves, line) {
                    result.failures.push(failure);
                    pos = None;
                }
            }
            check => {
                let Some(current) = pos.as_mut() else {
                    result.skipped += 1;
                    continue;
                };
                match run_check(rules, current, check, line)? {
                    None => result.passed += 1,
                    Some(failure) => result.failures.push(failure),
                }
            }
        }
        if let Some(error) = rules.hooks.take_special_error() {
            return Err((line, format!("the special-moves hook failed: {error}")));
        }
    }
    Ok(())
}

fn position_from(rules: &PlayableVariant, fen: &str) -> Result<Position, String> {
    Position::from_fen(rules.variant(), fen).map_err(|e| format!("invalid position `{fen}`: {e}"))
}

/// Plays `moves` in order; the first that is not legal fails the step (`Some`).
fn play(pos: &mut Position, moves: &[String], line: usize) -> Option<Failure> {
    for (index, text) in moves.iter().enumerate() {
        let fen = pos.fen();
        if let Err(why) = play_one(pos, text) {
            return Some(Failure {
                line,
                check: format!("play (move {} of {})", index + 1, moves.len()),
                fen,
                expected: format!("{text} to be legal"),
                actual: format!("refused: {why}"),
                details: Vec::new(),
            });
        }
    }
    None
}

/// Plays one move written as a player writes it (board prefixes included), or says why not.
fn play_one(pos: &mut Position, text: &str) -> Result<(), String> {
    let plain = strip_board_names(pos, text)?;
    let mv = parse_move(pos, &plain).map_err(|e| explain_move(pos, &plain).unwrap_or_else(|| e.to_string()))?;
    pos.play(mv).map_err(|e| e.to_string())
}

/// What a check found instead of what it expected.
pub(super) struct Mismatch {
    check: String,
    expected: String,
    actual: String,
    details: Vec<String>,
}

impl Mismatch {
    pub(super) fn new(check: impl Into<String>, expected: String, actual: String) -> Mismatch {
        Mismatch { check: check.into(), expected, actual, details: Vec::new() }
    }

    fn with(mut self, details: Vec<String>) -> Mismatch {
        self.details = details;
        self
    }

    pub(super) fn at(self, line: usize, fen: String) -> Failure {
        Failure { line, check: self.check, fen, expected: self.expected, actual: self.actual, details: self.details }
    }
}

/// One check in the current position: `None` when it holds.
fn run_check(
    rules: &Arc<PlayableVariant>,
    pos: &mut Position,
    step: &Step,
    line: usize,
) -> Result<Option<Failure>, Broken> {
    let fen = pos.fen();
    let mismatch = match step {
        Step::Perft { depth, count, divide } => perft_mismatch(pos, *depth, *count, divide),
        Step::MovesExactly(expected) => moves_exactly_mismatch(pos, expected),
        Step::MovesInclude(expected) => moves_include_mismatch(pos, expected),
        Step::MovesExclude(excluded) => moves_exclude_mismatch(pos, excluded),
        Step::MovesCount(count) => moves_count_mismatch(pos, *count),
        Step::Position(expected) => position_mismatch(rules, &fen, expected).map_err(|e| (line, e))?,
        Step::Refuse { text, reason } => refusal_mismatch(pos, text, reason),
        Step::Record { file, verdict } => {
            return super::records::record_failure(rules, file, verdict, line).map_err(|e| (line, e))
        }
        Step::Start | Step::Fen(_) | Step::Play(_) => None,
    };
    Ok(mismatch.map(|m| m.at(line, fen)))
}

fn perft_mismatch(pos: &mut Position, depth: u32, count: u64, divide: &[(String, u64)]) -> Option<Mismatch> {
    let actual = perft(pos, depth);
    (actual != count).then(|| {
        let details = divide_difference(&perft_divide(pos, depth), divide);
        Mismatch::new(format!("perft {depth}"), count.to_string(), actual.to_string()).with(details)
    })
}

fn moves_exactly_mismatch(pos: &Position, expected: &[String]) -> Option<Mismatch> {
    let (legal, expected) = (legal_moves(pos), expected.iter().cloned().collect::<BTreeSet<_>>());
    (legal != expected).then(|| {
        let missing: Vec<_> = expected.difference(&legal).cloned().collect();
        let extra: Vec<_> = legal.difference(&expected).cloned().collect();
        let details = vec![format!("missing: {}", list(&missing)), format!("not expected: {}", list(&extra))];
        Mismatch::new("moves =", list_set(&expected), list_set(&legal)).with(details)
    })
}

fn moves_include_mismatch(pos: &Position, expected: &[String]) -> Option<Mismatch> {
    let legal = legal_moves(pos);
    let missing: Vec<String> = expected.iter().filter(|m| !legal.contains(*m)).cloned().collect();
    (!missing.is_empty()).then(|| {
        Mismatch::new("moves include", list(expected), format!("{} not legal", list(&missing))).with(legal_line(&legal))
    })
}

fn moves_exclude_mismatch(pos: &Position, excluded: &[String]) -> Option<Mismatch> {
    let legal = legal_moves(pos);
    let present: Vec<String> = excluded.iter().filter(|m| legal.contains(*m)).cloned().collect();
    (!present.is_empty()).then(|| {
        Mismatch::new("moves exclude", format!("none of {}", list(excluded)), format!("{} legal", list(&present)))
    })
}

fn moves_count_mismatch(pos: &Position, count: usize) -> Option<Mismatch> {
    let legal = legal_moves(pos);
    (legal.len() != count)
        .then(|| Mismatch::new("moves count", count.to_string(), legal.len().to_string()).with(legal_line(&legal)))
}

/// The expected position is read first, so any spelling the reader accepts compares equal.
fn position_mismatch(rules: &PlayableVariant, fen: &str, expected: &str) -> Result<Option<Mismatch>, String> {
    let wanted = position_from(rules, expected)?.fen();
    Ok((wanted != fen).then(|| Mismatch::new("position", wanted, fen.to_owned())))
}

fn refusal_mismatch(pos: &Position, text: &str, reason: &str) -> Option<Mismatch> {
    refusal(pos, text, reason)
        .map(|actual| Mismatch::new(format!("refuse {text}"), format!("refused: ...{reason}..."), actual))
}

/// The legal moves in long algebraic notation, as `holechess moves` prints them.
fn legal_moves(pos: &Position) -> BTreeSet<String> {
    pos.legal_moves().iter().map(|&mv| lan(pos, mv)).collect()
}

fn list(moves: &[String]) -> String {
    if moves.is_empty() {
        "(none)".to_owned()
    } else {
        moves.join(" ")
    }
}

fn list_set(moves: &BTreeSet<String>) -> String {
    list(&moves.iter().cloned().collect::<Vec<_>>())
}

fn legal_line(legal: &BTreeSet<String>) -> Vec<String> {
    vec![format!("legal moves: {}", list_set(legal))]
}

/// The root moves whose counts differ from the author's divide; the moves the author did
/// not list go on one line. Without a divide, every root move's count (to compare with
/// another program's divide).
fn divide_difference(actual: &[(String, u64)], expected: &[(String, u64)]) -> Vec<String> {
    let rows = |moves: &[(String, u64)]| moves.iter().map(|(mv, n)| format!("{mv} {n}")).collect::<Vec<_>>().join(", ");
    if expected.is_empty() {
        return vec![format!("divide: {}", rows(actual))];
    }
    let counts: BTreeMap<&str, u64> = actual.iter().map(|(mv, n)| (mv.as_str(), *n)).collect();
    let mut lines = Vec::new();
    for (mv, e) in expected {
        match counts.get(mv.as_str()) {
            Some(a) if a != e => lines.push(format!("divide {mv}: expected {e}, got {a}")),
            Some(_) => {}
            None => lines.push(format!("divide {mv}: expected {e}, but the move is not legal")),
        }
    }
    let listed: BTreeSet<&str> = expected.iter().map(|(mv, _)| mv.as_str()).collect();
    let unlisted: Vec<(String, u64)> = actual.iter().filter(|(mv, _)| !listed.contains(mv.as_str())).cloned().collect();
    if !unlisted.is_empty() {
        lines.push(format!("divide of the moves not listed: {}", rows(&unlisted)));
    }
    lines
}

/// `None` when `text` is refused for a reason containing `reason` (case ignored); else
/// what happened instead.
fn refusal(pos: &Position, text: &str, reason: &str) -> Option<String> {
    let given = match strip_board_names(pos, text) {
        Err(why) => why,
        Ok(plain) => match parse_move(pos, &plain) {
            Ok(mv) => return Some(format!("{} is legal", lan(pos, mv))),
            Err(error) => explain_move(pos, &plain).unwrap_or_else(|| error.to_string()),
        },
    };
    (!given.to_lowercase().contains(&reason.to_lowercase())).then(|| format!("refused: {given}"))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_divide_difference_names_only_the_moves_that_differ() {
        let actual = [("e2e4".to_owned(), 20), ("d2d4".to_owned(), 21), ("a2a3".to_owned(), 19)];
        let expected = [("e2e4".to_owned(), 20), ("d2d4".to_owned(), 20), ("h2h4".to_owned(), 20)];
        let rows = divide_difference(&actual, &expected);
        assert_eq!(
            rows,
            [
                "divide d2d4: expected 20, got 21",
                "divide h2h4: expected 20, but the move is not legal",
                "divide of the moves not listed: a2a3 19"
            ]
        );
    }
}
