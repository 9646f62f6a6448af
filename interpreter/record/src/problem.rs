//! What can go wrong while reading PGN: a [`SyntaxProblem`] spoils one game (the reader
//! goes on with the next), a [`ReadError`] stops the file.

use serde::{Deserialize, Serialize};
use thiserror::Error;

/// Why a game's text is not valid holechess PGN.
#[derive(Clone, Debug, PartialEq, Eq, Error, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
#[non_exhaustive]
pub enum SyntaxError {
    #[error("`{text}` is not a move in holechess notation")]
    NotAMove { text: String },
    #[error("unexpected `{text}` in movetext")]
    UnexpectedText { text: String },
    #[error("malformed tag pair: {reason}")]
    MalformedTag { reason: String },
    #[error("unexpected `{text}` after a tag pair on the same line")]
    TextAfterTag { text: String },
    #[error("{}", dice_outcome_message(text))]
    BadDiceOutcome { text: String },
    /// A `[%dice ...]` command that cannot be read: not closed, or its outcomes not
    /// separated by blanks.
    #[error("malformed dice comment `{text}`: {reason}")]
    MalformedDiceComment { text: String, reason: String },
    #[error("{what} before the first move")]
    NothingToAttachTo { what: String },
    #[error("`)` without a matching `(`")]
    UnmatchedCloseParen,
    #[error("{what} not closed before the end of the file")]
    Unterminated { what: String },
    #[error("NAG `{text}` is not a number 0..255")]
    BadNag { text: String },
    #[error("game longer than {limit} bytes; the rest is skipped")]
    GameTooLong { limit: usize },
    #[error("`{text}` is not a move number (digits, then dots or a blank)")]
    BadMoveNumber { text: String },
    #[error("`{text}` after the result (only comments may follow it on its line)")]
    AfterResult { text: String },
    #[error("more than {limit} tag pairs in one game")]
    TooManyTags { limit: usize },
}

/// Why a dice outcome cannot be read: a face 0 does not exist; anything else is not a whole
/// number from 1 to 255.
fn dice_outcome_message(text: &str) -> String {
    if !text.is_empty() && text.bytes().all(|byte| byte == b'0') {
        return format!("dice outcome `{text}` is impossible: a die's faces are numbered from 1 (K4)");
    }
    if text.bytes().all(|byte| byte.is_ascii_digit()) && !text.is_empty() && !text.starts_with('0') {
        return format!("dice outcome `{text}` is too large: a die shows at most 255");
    }
    format!("dice outcome `{text}` is not a whole number from 1 to 255")
}

/// A syntax error located in the file, and the ply it stopped the game at.
#[derive(Clone, Debug, PartialEq, Eq, Error, Serialize, Deserialize)]
#[error("line {line}, ply {ply}: {error}")]
pub struct SyntaxProblem {
    /// 1-based line of the offending text.
    pub line: u32,
    /// The ply the offending text would have been (moves read so far + 1).
    pub ply: u32,
    pub error: SyntaxError,
}

/// A failure that ends reading a whole file.
#[derive(Debug, Error)]
#[non_exhaustive]
pub enum ReadError {
    #[error("cannot read the file: {0}")]
    Io(#[from] std::io::Error),
    #[error("no PGN games found ({bytes} bytes read)")]
    NoGames { bytes: u64 },
}

/// Shortens offending text for a report: at most `MAX` characters, lossy UTF-8.
pub(crate) fn excerpt(bytes: &[u8]) -> String {
    const MAX: usize = 40;
    let text = String::from_utf8_lossy(&bytes[..bytes.len().min(MAX * 4)]);
    let mut shortened: String = text.chars().take(MAX).collect();
    if shortened.len() < text.len() {
        shortened.push('…');
    }
    shortened
}
