//! Reading a variant's test file (`NAME.tests`, docs/authoring.md "Testing a variant"): one
//! step per line, each kept with its line number. A line the format does not know is an
//! error naming the file and line, never skipped.

use std::path::{Path, PathBuf};

/// A test file, read.
#[derive(Debug)]
pub struct TestFile {
    /// The variant under test: a bundled name, or a script path resolved against the test
    /// file's folder (default: the `.hole` file of the same name beside it).
    pub variant: String,
    pub steps: Vec<Numbered>,
}

/// A step with the line it was read from.
#[derive(Debug)]
pub struct Numbered {
    pub line: usize,
    pub step: Step,
}

/// One line of a test file: a position to start from, moves to play, or a check.
#[derive(Debug)]
pub enum Step {
    /// Back to the variant's start position.
    Start,
    /// Start from this position.
    Fen(String),
    /// Play these moves from the current position.
    Play(Vec<String>),
    /// The perft count at this depth, with the per-move counts the author gave, if any.
    Perft { depth: u32, count: u64, divide: Vec<(String, u64)> },
    /// The legal moves, in long algebraic notation, are exactly these.
    MovesExactly(Vec<String>),
    /// These moves are among the legal moves.
    MovesInclude(Vec<String>),
    /// None of these moves is legal.
    MovesExclude(Vec<String>),
    /// The number of legal moves.
    MovesCount(usize),
    /// The current position is this one.
    Position(String),
    /// The move is refused, and the reason given contains the text.
    Refuse { text: String, reason: String },
    /// The verdict of `validate` on a record file.
    Record { file: PathBuf, verdict: ExpectedVerdict },
}

/// The verdict a record file should get.
#[derive(Debug)]
pub enum ExpectedVerdict {
    /// Every game of the file is valid.
    Valid,
    /// The first invalid game fails at this ply, for a reason containing the text (if given).
    Invalid { ply: u32, reason: Option<String> },
}

/// The most bytes a test file may hold (a test file is written by hand).
const MAX_BYTES: u64 = 4 << 20;

/// Reads and parses one test file; an error is `FILE:LINE: reason`.
pub fn read(path: &Path) -> Result<TestFile, String> {
    let meta = std::fs::metadata(path).map_err(|e| format!("{}: cannot read: {e}", path.display()))?;
    if !meta.is_file() {
        return Err(format!("{}: not a regular file", path.display()));
    }
    if meta.len() > MAX_BYTES {
        return Err(format!("{}: larger than {} bytes; a test file is written by hand", path.display(), MAX_BYTES));
    }
    let bytes = std::fs::read(path).map_err(|e| format!("{}: cannot read: {e}", path.display()))?;
    let text = String::from_utf8(bytes).map_err(|e| {
        let line = 1 + e.as_bytes()[..e.utf8_error().valid_up_to()].iter().filter(|&&b| b == b'\n').count();
        format!("{}:{line}: not UTF-8 text", path.display())
    })?;
    parse(path, &text)
}

/// Parses the text of a test file read from `path`.
pub fn parse(path: &Path, text: &str) -> Result<TestFile, String> {
    let folder = path.parent().unwrap_or(Path::new("")).to_path_buf();
    let mut variant = None;
    let mut steps: Vec<Numbered> = Vec::new();
    for (index, raw) in text.lines().enumerate() {
        let line = index + 1;
        let at = |reason: String| format!("{}:{line}: {reason}", path.display());
        let content = strip_comment(raw);
        if content.trim().is_empty() {
            continue;
        }
        if raw.starts_with([' ', '\t']) {
            let row = divide_row(content.trim()).map_err(at)?;
            match steps.last_mut() {
                Some(Numbered { step: Step::Perft { divide, .. }, .. }) => divide.push(row),
                _ => return Err(at("an indented `MOVE COUNT` line belongs under a `perft` line".to_owned())),
            }
            continue;
        }
        let (word, rest) = split_word(content.trim());
        if word == "variant" {
            if variant.is_some() || !steps.is_empty() {
                return Err(at("`variant` comes once, before every other line".to_owned()));
            }
            variant = Some(variant_of(&folder, rest).map_err(at)?);
            continue;
        }
        let step = step(word, rest, &folder).map_err(at)?;
        steps.push(Numbered { line, step });
    }
    let variant = match variant {
        Some(variant) => variant,
        None => default_variant(path)?,
    };
    Ok(TestFile { variant, steps })
}

/// The line without its `#` comment (a `#` inside a FEN is never preceded by a blank).
fn strip_comment(raw: &str) -> &str {
    match raw.find(" #").or_else(|| raw.find("\t#")) {
        Some(at) => &raw[..at],
        None if raw.trim_start().starts_with('#') => "",
        None => raw,
    }
}

fn split_word(text: &str) -> (&str, &str) {
    match text.split_once(char::is_whitespace) {
        Some((word, rest)) => (word, rest.trim()),
        None => (text, ""),
    }
}

/// `variant NAME|PATH`: a path (it holds `/` or ends in `.hole`) is taken from the test
/// file's folder; anything else is a bundled variant's name.
fn variant_of(folder: &Path, rest: &str) -> Result<String, String> {
    if rest.is_empty() {
        return Err("`variant` needs a bundled variant's name or a script's path".to_owned());
    }
    if rest.contains('/') || rest.ends_with(".hole") {
        Ok(folder.join(rest).to_string_lossy().into_owned())
    } else {
        Ok(rest.to_owned())
    }
}

/// `NAME.hole` beside `NAME.tests`.
fn default_variant(path: &Path) -> Result<String, String> {
    let script = path.with_extension("hole");
    if script.is_file() {
        Ok(script.to_string_lossy().into_owned())
    } else {
        Err(format!(
            "{}: no `variant` line and no {} beside it: say which variant the tests are for",
            path.display(),
            script.display()
        ))
    }
}

fn step(word: &str, rest: &str, folder: &Path) -> Result<Step, String> {
    let no_argument =
        |step: Step| if rest.is_empty() { Ok(step) } else { Err(format!("`{word}` takes nothing after it")) };
    match word {
        "start" => no_argument(Step::Start),
        "fen" => non_empty(word, rest).map(|fen| Step::Fen(fen.to_owned())),
        "play" => non_empty(word, rest).map(|moves| Step::Play(words(moves))),
        "perft" => perft(rest),
        "moves" => moves(rest),
        "position" => expected(word, rest).map(|fen| Step::Position(fen.to_owned())),
        "refuse" => refuse(rest),
        "record" => record(rest, folder),
        _ => Err(format!(
            "unknown line `{word}`: a test file has `variant`, `start`, `fen`, `play`, `perft`, `moves`, \
             `position`, `refuse` and `record` lines"
        )),
    }
}

fn non_empty<'a>(word: &str, rest: &'a str) -> Result<&'a str, String> {
    if rest.is_empty() {
        Err(format!("`{word}` needs something after it"))
    } else {
        Ok(rest)
    }
}

fn words(text: &str) -> Vec<String> {
    text.split_whitespace().map(str::to_owned).collect()
}

/// `= VALUE` after a step's word.
fn expected<'a>(word: &str, rest: &'a str) -> Result<&'a str, String> {
    match rest.strip_prefix('=') {
        Some(value) if !value.trim().is_empty() => Ok(value.trim()),
        _ => Err(format!("`{word}` is followed by `= ` and the expected value")),
    }
}

/// `perft DEPTH = COUNT`.
fn perft(rest: &str) -> Result<Step, String> {
    let usage = || "expected `perft DEPTH = COUNT`, e.g. `perft 2 = 400`".to_owned();
    let (depth, count) = rest.split_once('=').ok_or_else(usage)?;
    let depth: u32 = depth.trim().parse().map_err(|_| usage())?;
    if depth > MAX_DEPTH {
        return Err(format!("perft depth {depth} is deeper than {MAX_DEPTH}"));
    }
    let count = number(count.trim()).ok_or_else(usage)?;
    Ok(Step::Perft { depth, count, divide: Vec::new() })
}

/// The deepest perft a test may ask for (as `holechess perft`).
const MAX_DEPTH: u32 = 20;

/// A count, with `_` or `,` allowed between digits (`8_902`, `8,902`).
fn number(text: &str) -> Option<u64> {
    let digits: String = text.chars().filter(|c| !matches!(c, '_' | ',')).collect();
    digits.parse().ok()
}

/// An indented `MOVE COUNT` line of a perft's divide.
fn divide_row(text: &str) -> Result<(String, u64), String> {
    let usage = || format!("expected `MOVE COUNT` (a root move and its perft count), not `{text}`");
    let (mv, count) = text.split_once(char::is_whitespace).ok_or_else(usage)?;
    Ok((mv.to_owned(), number(count.trim()).ok_or_else(usage)?))
}

/// `moves = ...`, `moves include ...`, `moves exclude ...`, `moves count = N`.
fn moves(rest: &str) -> Result<Step, String> {
    if let Some(list) = rest.strip_prefix('=') {
        return Ok(Step::MovesExactly(words(list)));
    }
    let (how, list) = split_word(rest);
    match how {
        "include" => non_empty("moves include", list).map(|l| Step::MovesInclude(words(l))),
        "exclude" => non_empty("moves exclude", list).map(|l| Step::MovesExclude(words(l))),
        "count" => {
            let value = expected("moves count", list)?;
            let count = number(value).ok_or_else(|| format!("`{value}` is not a number of moves"))?;
            Ok(Step::MovesCount(count as usize))
        }
        _ => Err("expected `moves = M...`, `moves include M...`, `moves exclude M...` or `moves count = N`".to_owned()),
    }
}

/// `refuse MOVE: REASON` (the first `: ` ends the move, so `A:e2e4` keeps its board).
fn refuse(rest: &str) -> Result<Step, String> {
    let usage = || "expected `refuse MOVE: REASON` (words of the reason the move is refused for)".to_owned();
    let (text, reason) = rest.split_once(": ").ok_or_else(usage)?;
    let (text, reason) = (text.trim(), reason.trim());
    if text.is_empty() || text.contains(char::is_whitespace) || reason.is_empty() {
        return Err(usage());
    }
    Ok(Step::Refuse { text: text.to_owned(), reason: reason.to_owned() })
}

/// `record FILE valid` or `record FILE invalid at ply N[: REASON]`.
fn record(rest: &str, folder: &Path) -> Result<Step, String> {
    let usage = || "expected `record FILE valid` or `record FILE invalid at ply N[: REASON]`".to_owned();
    let (file, verdict) = split_word(rest);
    if file.is_empty() {
        return Err(usage());
    }
    let (verdict, reason) = match verdict.split_once(':') {
        Some((verdict, reason)) => (verdict.trim(), Some(reason.trim().to_owned()).filter(|r| !r.is_empty())),
        None => (verdict, None),
    };
    let verdict = match verdict.split_whitespace().collect::<Vec<_>>().as_slice() {
        ["valid"] if reason.is_none() => ExpectedVerdict::Valid,
        ["invalid", "at", "ply", ply] => ExpectedVerdict::Invalid { ply: ply.parse().map_err(|_| usage())?, reason },
        _ => return Err(usage()),
    };
    Ok(Step::Record { file: folder.join(file), verdict })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn parsed(text: &str) -> Result<TestFile, String> {
        parse(Path::new("t/mine.tests"), &format!("variant chess\n{text}"))
    }

    #[test]
    fn every_kind_of_line_is_read() {
        let file = parsed(
            "start # the start\nperft 2 = 400\n  e2e4 20\nmoves count = 20\nmoves include e2e4 g1f3\n\
             play e4 e5\nposition = FEN HERE\nrefuse Ke3: blocked\nrecord g.pgn invalid at ply 3: illegal\n",
        )
        .unwrap();
        assert_eq!(file.variant, "chess");
        assert_eq!(file.steps.len(), 8);
        assert!(matches!(&file.steps[1].step, Step::Perft { depth: 2, count: 400, divide } if divide.len() == 1));
        assert!(matches!(&file.steps[7].step, Step::Record { file, verdict: ExpectedVerdict::Invalid { ply: 3, .. } }
            if file == Path::new("t/g.pgn")));
    }

    #[test]
    fn a_broken_line_names_its_file_and_line() {
        let error = parsed("start\nperft two = 400\n").unwrap_err();
        assert!(error.starts_with("t/mine.tests:3: "), "{error}");
        let error = parsed("frobnicate\n").unwrap_err();
        assert!(error.contains(":2: unknown line `frobnicate`"), "{error}");
        let error = parsed("  e2e4 20\n").unwrap_err();
        assert!(error.contains("belongs under a `perft` line"), "{error}");
    }

    #[test]
    fn a_refused_move_may_name_its_board() {
        let file = parsed("refuse A:e2e5: cannot go\n").unwrap();
        assert!(
            matches!(&file.steps[0].step, Step::Refuse { text, reason } if text == "A:e2e5" && reason == "cannot go")
        );
    }

    #[test]
    fn a_path_variant_is_read_from_the_test_files_folder() {
        let file = parse(Path::new("t/x.tests"), "variant ../variants/chess.hole\n").unwrap();
        assert_eq!(file.variant, "t/../variants/chess.hole");
    }
}
