//! Parsing one game from buffered bytes: the tag section, then the movetext up to the
//! result token, the next tag line at the start of a line, or the end of the input.
//!
//! PgnGame boundaries: a tag whose name the game already has starts a new game (files of
//! tag sections with no movetext); a blank line inside a tag section does not. Any other
//! text outside a game starts a game without tags, so no text of the input goes without a
//! verdict: text that is not a move, move number, comment, NAG, variation or result makes
//! its game malformed at that ply. After the result only comments may follow on its line.

use crate::comment::{read_comment, read_comment_into, CommentContent};
use crate::cursor::{Cursor, Mark, Step};
use crate::move_text::MoveText;
use crate::pgn_game::{Annotation, GameResult, MoveEntry, PgnGame};
use crate::problem::{excerpt, SyntaxError, SyntaxProblem};
use crate::tag_pair::read_tag_pair;
use crate::variation::read_variation;
use holechess_kernel::notation::Notation;

/// Room reserved up front, to save regrowing the vectors in most games.
const TYPICAL_TAGS: usize = 16;

/// The most tag pairs one game may have; a game with more is malformed at the first one over.
pub const MAX_TAGS: usize = 1000;
const TYPICAL_PLIES: usize = 128;

/// A game as parsed; with a problem, the cursor stands at the offending text.
#[derive(Debug)]
pub(crate) struct Parsed {
    pub game: PgnGame,
    pub problem: Option<SyntaxProblem>,
}

/// Parses one game at the cursor, which stands on non-blank text.
pub(crate) fn parse_game(cursor: &mut Cursor) -> Step<Parsed> {
    let mut parser = GameParser {
        game: PgnGame {
            line: cursor.line(),
            tags: Vec::with_capacity(TYPICAL_TAGS),
            moves: Vec::with_capacity(TYPICAL_PLIES),
            ..PgnGame::default()
        },
        after_result: false,
    };
    if let Err(problem) = parser.read_tags(cursor)? {
        return Ok(parser.with_problem(problem));
    }
    match parser.read_movetext(cursor)? {
        Ok(()) => Ok(parser.finished()),
        Err(problem) => Ok(parser.with_problem(problem)),
    }
}

/// The line at the cursor reads `Name "value"]`: a tag pair that lost its `[`.
fn tag_pair_without_bracket(cursor: &mut Cursor) -> Step<bool> {
    if !cursor.at_line_start() || !cursor.peek()?.is_some_and(|byte| byte.is_ascii_alphabetic()) {
        return Ok(false);
    }
    let mark = cursor.mark();
    cursor.take_while(|byte| byte.is_ascii_alphanumeric() || byte == b'_')?;
    cursor.take_while(|byte| byte == b' ' || byte == b'\t')?;
    let quoted = cursor.peek()? == Some(b'"');
    let closed = cursor.rest_of_line()?.trim_ascii_end().ends_with(b"]");
    cursor.reset(mark);
    Ok(quoted && closed)
}

/// Bytes of move tokens, move numbers and result tokens.
#[inline]
fn is_token_byte(byte: u8) -> bool {
    byte.is_ascii_alphanumeric() || matches!(byte, b'-' | b'+' | b'#' | b'=' | b'@' | b'>' | b'/' | b':' | b'_')
}

type Outcome = Result<(), SyntaxProblem>;

struct GameParser {
    game: PgnGame,
    /// The result has been read: comments may follow on its line, dice may not.
    after_result: bool,
}

impl GameParser {
    fn finished(self) -> Parsed {
        Parsed { game: self.game, problem: None }
    }

    fn with_problem(self, problem: SyntaxProblem) -> Parsed {
        Parsed { game: self.game, problem: Some(problem) }
    }

    fn next_ply(&self) -> u32 {
        self.game.moves.len() as u32 + 1
    }

    fn problem(&self, line: u32, error: SyntaxError) -> SyntaxProblem {
        SyntaxProblem { line, ply: self.next_ply(), error }
    }

    fn read_tags(&mut self, cursor: &mut Cursor) -> Step<Outcome> {
        loop {
            cursor.skip_whitespace()?;
            let line = cursor.line();
            if cursor.peek()? != Some(b'[') {
                if tag_pair_without_bracket(cursor)? {
                    let error = SyntaxError::MalformedTag { reason: "the tag pair does not start with `[`".into() };
                    return Ok(Err(self.problem(line, error)));
                }
                return Ok(Ok(()));
            }
            let before_tag = cursor.mark();
            let tag = match read_tag_pair(cursor)? {
                Ok(tag) => tag,
                Err(error) => return Ok(Err(self.problem(line, error))),
            };
            if self.game.tag(&tag.name).is_some() {
                cursor.reset(before_tag);
                return Ok(Ok(()));
            }
            if self.game.tags.len() == MAX_TAGS {
                return Ok(Err(self.problem(line, SyntaxError::TooManyTags { limit: MAX_TAGS })));
            }
            self.game.tags.push(tag);
        }
    }

    fn read_movetext(&mut self, cursor: &mut Cursor) -> Step<Outcome> {
        loop {
            cursor.skip_whitespace()?;
            let line = cursor.line();
            let Some(byte) = cursor.peek()? else {
                return Ok(Ok(()));
            };
            let outcome = match byte {
                b'[' if cursor.at_line_start() => return Ok(Ok(())),
                b'{' => self.read_brace_comment(cursor)?,
                b';' => self.read_line_comment(cursor)?,
                b'(' => self.read_variation(cursor)?,
                b'$' => self.read_numeric_nag(cursor)?,
                b'!' | b'?' => self.read_suffix_nag(cursor)?,
                b'.' => {
                    cursor.advance(1);
                    Ok(())
                }
                b'*' => {
                    cursor.advance(1);
                    self.game.result = Some(GameResult::Unknown);
                    return self.read_after_result(cursor);
                }
                b')' => Err(self.problem(line, SyntaxError::UnmatchedCloseParen)),
                byte if is_token_byte(byte) => match self.read_token(cursor)? {
                    TokenEnd::Continue(outcome) => outcome,
                    TokenEnd::Result => return self.read_after_result(cursor),
                },
                _ => {
                    let text = cursor.take_while(|byte| !byte.is_ascii_whitespace())?;
                    Err(self.problem(line, unexpected(text)))
                }
            };
            if outcome.is_err() {
                return Ok(outcome);
            }
        }
    }

    /// A result token, a move number (digits only) or a move.
    fn read_token(&mut self, cursor: &mut Cursor) -> Step<TokenEnd> {
        let line = cursor.line();
        let start = cursor.mark();
        let token = cursor.take_while(is_token_byte)?;
        if let Some(result) = GameResult::from_pgn(token) {
            self.game.result = Some(result);
            return Ok(TokenEnd::Result);
        }
        if token.iter().all(u8::is_ascii_digit) {
            return Ok(TokenEnd::Continue(self.check_move_number(cursor, start, line)?));
        }
        let parsed = MoveText::from_bytes(token).zip(Notation::parse_bytes(token));
        let Some((text, notation)) = parsed else {
            let error = SyntaxError::NotAMove { text: excerpt(token) };
            return Ok(TokenEnd::Continue(Err(self.problem(line, error))));
        };
        self.game.moves.push(MoveEntry::read(self.next_ply(), line, text, notation));
        Ok(TokenEnd::Continue(Ok(())))
    }

    /// A move number's digits (just read, from `start`) end with dots, a blank or the end of
    /// the input: `1*` or `12{` are garbled, not a move number and something else.
    fn check_move_number(&self, cursor: &mut Cursor, start: Mark, line: u32) -> Step<Outcome> {
        match cursor.peek()? {
            None | Some(b'.') => Ok(Ok(())),
            Some(byte) if byte.is_ascii_whitespace() => Ok(Ok(())),
            Some(_) => {
                cursor.reset(start);
                let text = cursor.take_while(|byte| !byte.is_ascii_whitespace())?;
                Ok(Err(self.problem(line, SyntaxError::BadMoveNumber { text: excerpt(text) })))
            }
        }
    }

    /// After the result, the rest of its line may hold only blanks and comments without dice.
    fn read_after_result(&mut self, cursor: &mut Cursor) -> Step<Outcome> {
        self.after_result = true;
        loop {
            cursor.take_while(|byte| matches!(byte, b' ' | b'\t' | b'\r' | b'\x0b' | b'\x0c'))?;
            let line = cursor.line();
            let outcome = match cursor.peek()? {
                None | Some(b'\n') => return Ok(Ok(())),
                Some(b'{') => self.read_brace_comment(cursor)?,
                Some(b';') => self.read_line_comment(cursor)?,
                Some(_) => {
                    let text = cursor.take_while(|byte| !byte.is_ascii_whitespace())?;
                    Err(self.problem(line, SyntaxError::AfterResult { text: excerpt(text) }))
                }
            };
            if outcome.is_err() {
                return Ok(outcome);
            }
        }
    }

    fn read_brace_comment(&mut self, cursor: &mut Cursor) -> Step<Outcome> {
        let line = cursor.line();
        cursor.advance(1);
        match cursor.take_through(b'}')? {
            Some(content) => Ok(self.attach_comment(line, content)),
            None => Ok(Err(self.problem(line, SyntaxError::Unterminated { what: "comment".into() }))),
        }
    }

    fn read_line_comment(&mut self, cursor: &mut Cursor) -> Step<Outcome> {
        let line = cursor.line();
        cursor.advance(1);
        let content = cursor.rest_of_line()?;
        Ok(self.attach_comment(line, content))
    }

    fn attach_comment(&mut self, line: u32, content: &[u8]) -> Outcome {
        if self.after_result || self.game.moves.is_empty() {
            let CommentContent { dice, text } =
                read_comment(content).map_err(|bad| self.problem(line + bad.lines_before, bad.error))?;
            if self.after_result && !dice.is_empty() {
                return Err(self.problem(line, SyntaxError::AfterResult { text: "[%dice ...]".into() }));
            }
            match self.game.moves.last_mut() {
                Some(entry) => {
                    entry.extend_dice(&dice);
                    if let Some(text) = text {
                        entry.push_annotation(Annotation::Comment(text));
                    }
                }
                None => {
                    // Before the first move: the variant's game-start rolls (K4).
                    self.game.start_dice.extend_from_slice(&dice);
                    self.game.opening_comments.extend(text);
                }
            }
            return Ok(());
        }
        // The common case: a comment after a move, its outcomes appended to the move's.
        let next_ply = self.next_ply();
        let entry = self.game.moves.last_mut().expect("a move to attach to");
        let read = entry.with_dice(|dice| {
            let before = dice.len();
            let read = read_comment_into(content, dice);
            if read.is_err() {
                dice.truncate(before);
            }
            read
        });
        match read {
            Ok(text) => {
                if let Some(text) = text {
                    entry.push_annotation(Annotation::Comment(text));
                }
                Ok(())
            }
            Err(bad) => Err(SyntaxProblem { line: line + bad.lines_before, ply: next_ply, error: bad.error }),
        }
    }

    fn read_variation(&mut self, cursor: &mut Cursor) -> Step<Outcome> {
        let line = cursor.line();
        if self.game.moves.is_empty() {
            let error = SyntaxError::NothingToAttachTo { what: "a variation".into() };
            return Ok(Err(self.problem(line, error)));
        }
        cursor.advance(1);
        let Some(text) = read_variation(cursor)? else {
            let error = SyntaxError::Unterminated { what: "variation".into() };
            return Ok(Err(self.problem(line, error)));
        };
        if let Some(entry) = self.game.moves.last_mut() {
            entry.push_annotation(Annotation::Variation(text));
        }
        Ok(Ok(()))
    }

    fn read_numeric_nag(&mut self, cursor: &mut Cursor) -> Step<Outcome> {
        let line = cursor.line();
        cursor.advance(1);
        let digits = cursor.take_while(|byte| byte.is_ascii_digit())?;
        let value = std::str::from_utf8(digits).ok().and_then(|digits| digits.parse::<u8>().ok());
        match value {
            Some(nag) => Ok(self.attach_nag(line, nag)),
            None => {
                let text = format!("${}", excerpt(digits));
                Ok(Err(self.problem(line, SyntaxError::BadNag { text })))
            }
        }
    }

    /// `!`, `?`, `!!`, `??`, `!?`, `?!` as NAGs 1 to 6.
    fn read_suffix_nag(&mut self, cursor: &mut Cursor) -> Step<Outcome> {
        let line = cursor.line();
        let suffix = cursor.take_while(|byte| byte == b'!' || byte == b'?')?;
        let nag = match suffix {
            b"!" => 1,
            b"?" => 2,
            b"!!" => 3,
            b"??" => 4,
            b"!?" => 5,
            b"?!" => 6,
            _ => return Ok(Err(self.problem(line, unexpected(suffix)))),
        };
        Ok(self.attach_nag(line, nag))
    }

    fn attach_nag(&mut self, line: u32, nag: u8) -> Outcome {
        match self.game.moves.last_mut() {
            Some(entry) => {
                entry.push_annotation(Annotation::Nag(nag));
                Ok(())
            }
            None => Err(self.problem(line, SyntaxError::NothingToAttachTo { what: "a NAG".into() })),
        }
    }
}

/// After a token: go on (maybe with a problem), or the result token ended the game.
enum TokenEnd {
    Continue(Outcome),
    Result,
}

fn unexpected(text: &[u8]) -> SyntaxError {
    SyntaxError::UnexpectedText { text: excerpt(text) }
}
