//! Parsing one game from buffered bytes: the tag section, then the movetext up to the
//! result token, the next tag line at the start of a line, or the end of the input.
//!
//! PgnGame boundaries: a tag whose name the game already has starts a new game (files of
//! tag sections with no movetext); a blank line inside a tag section does not. Any other
//! text outside a game starts a game without tags, so no text of the input goes without a
//! verdict: text that is not a move, move number, comment, NAG, variation or result makes
//! its game malformed at that ply. After the result only comments may follow on its line.

use crate::comment::{read_comment, read_comment_into, CommentContent};
use crate::cursor::{Cursor, Mark, NeedMore, Step};
use crate::move_text::MoveText;
use crate::pgn_game::{Annotation, GameResult, MoveEntry, PgnGame, TagPair};
use crate::problem::{excerpt, SyntaxError, SyntaxProblem};
use crate::tag_pair::read_tag_pair_into;
use crate::variation::read_variation;
use holechess_kernel::notation::Notation;

/// Room reserved up front, to save regrowing the vectors in most games.
const TYPICAL_TAGS: usize = 16;

/// The most tag pairs one game may have; a game with more is malformed at the first one over.
pub const MAX_TAGS: usize = 1000;

/// Where a game's plies go once each is complete (the next move, or the end of the game,
/// shows that nothing more is written after it): kept in the game, or played at once.
pub(crate) trait PlySink {
    /// `entry` is the next ply of `game` (whose tags, start dice and result so far are read).
    fn ply(&mut self, game: &mut PgnGame, entry: MoveEntry);

    /// Whether the entries and the game need their comments' text, NAGs and variations
    /// (a validator needs only the dice, and is spared building the texts).
    fn keeps_annotations(&self) -> bool {
        true
    }
}

/// Keeps every ply in the game's main line.
pub(crate) struct KeepMoves;

impl PlySink for KeepMoves {
    fn ply(&mut self, game: &mut PgnGame, entry: MoveEntry) {
        game.moves.push(entry);
    }
}

/// Which part of the game the parser is in.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Phase {
    Tags,
    Movetext,
    /// The result has been read: comments may follow on its line, dice may not.
    AfterResult,
}

/// After one step: go on, or the game ended (maybe with a problem).
enum Flow {
    Go,
    End(Option<SyntaxProblem>),
}

type Outcome = Result<(), SyntaxProblem>;

/// Parses one game a step at a time (a tag, a move, a comment, ...), so that the bytes of
/// the steps done can be dropped and a game of any length is read in bounded memory. A
/// step changes nothing until it has all its bytes: one that runs out of them is read again
/// from its start once more bytes are there.
pub(crate) struct GameParser {
    game: PgnGame,
    phase: Phase,
    /// The last move read, waiting for the comments, NAGs and variations after it.
    pending: Option<MoveEntry>,
    /// Moves read so far, the pending one included.
    plies: u32,
    /// The sink wants comments' text, NAGs and variations kept.
    keep_annotations: bool,
    /// Tag pairs of games read before, whose strings the tags read next reuse.
    spare_tags: Vec<TagPair>,
}

impl GameParser {
    /// A parser for a game whose first text is at `line`, reading its tags into the
    /// strings of `spare_tags` (pairs of earlier games) while there are any.
    pub fn new(line: u32, spare_tags: Vec<TagPair>) -> GameParser {
        let game = PgnGame { line, tags: Vec::with_capacity(TYPICAL_TAGS), ..PgnGame::default() };
        GameParser { game, phase: Phase::Tags, pending: None, plies: 0, keep_annotations: true, spare_tags }
    }

    /// Parses steps at the cursor until the game ends (with its first problem, if any; the
    /// cursor then stands at the offending text), handing each complete ply to `sink`. When
    /// the bytes run out inside a step, the cursor is left at that step's start.
    pub fn run(&mut self, cursor: &mut Cursor, sink: &mut impl PlySink) -> Step<Option<SyntaxProblem>> {
        self.keep_annotations = sink.keeps_annotations();
        loop {
            let mark = cursor.mark();
            match self.step(cursor, sink) {
                Ok(Flow::Go) => {}
                Ok(Flow::End(problem)) => {
                    self.flush(sink);
                    return Ok(problem);
                }
                Err(NeedMore) => {
                    cursor.reset(mark);
                    return Err(NeedMore);
                }
            }
        }
    }

    /// The game as read (tags, opening comments and start dice, result, and the moves the
    /// sink kept) and the spare tag pairs left unused.
    pub fn into_game(self) -> (PgnGame, Vec<TagPair>) {
        (self.game, self.spare_tags)
    }

    /// Moves read so far.
    pub fn plies(&self) -> u32 {
        self.plies
    }

    /// The line of the last move read (of the game's start before any).
    pub fn last_move_line(&self) -> u32 {
        self.pending.as_ref().map_or(self.game.line, MoveEntry::line)
    }

    fn step(&mut self, cursor: &mut Cursor, sink: &mut impl PlySink) -> Step<Flow> {
        match self.phase {
            Phase::Tags => self.tag_step(cursor),
            Phase::Movetext => self.movetext_step(cursor, sink),
            Phase::AfterResult => self.after_result_step(cursor),
        }
    }

    /// Hands the pending move to the sink.
    fn flush(&mut self, sink: &mut impl PlySink) {
        if let Some(entry) = self.pending.take() {
            sink.ply(&mut self.game, entry);
        }
    }

    fn next_ply(&self) -> u32 {
        self.plies + 1
    }

    fn problem(&self, line: u32, error: SyntaxError) -> SyntaxProblem {
        SyntaxProblem { line, ply: self.next_ply(), error }
    }

    fn end_with(outcome: Outcome) -> Flow {
        match outcome {
            Ok(()) => Flow::Go,
            Err(problem) => Flow::End(Some(problem)),
        }
    }

    /// One tag pair, or the end of the tag section.
    fn tag_step(&mut self, cursor: &mut Cursor) -> Step<Flow> {
        cursor.skip_whitespace()?;
        let line = cursor.line();
        if cursor.peek()? != Some(b'[') {
            if tag_pair_without_bracket(cursor)? {
                let error = SyntaxError::MalformedTag { reason: "the tag pair does not start with `[`".into() };
                return Ok(Flow::End(Some(self.problem(line, error))));
            }
            self.phase = Phase::Movetext;
            return Ok(Flow::Go);
        }
        let before_tag = cursor.mark();
        let mut tag = self.spare_tags.pop().unwrap_or_default();
        let read = read_tag_pair_into(cursor, &mut tag);
        let read = match read {
            Ok(read) => read,
            Err(need_more) => {
                self.spare_tags.push(tag);
                return Err(need_more);
            }
        };
        if let Err(error) = read {
            self.spare_tags.push(tag);
            return Ok(Flow::End(Some(self.problem(line, error))));
        }
        if self.game.tag(&tag.name).is_some() {
            self.spare_tags.push(tag);
            cursor.reset(before_tag);
            self.phase = Phase::Movetext;
            return Ok(Flow::Go);
        }
        if self.game.tags.len() == MAX_TAGS {
            return Ok(Flow::End(Some(self.problem(line, SyntaxError::TooManyTags { limit: MAX_TAGS }))));
        }
        self.game.tags.push(tag);
        Ok(Flow::Go)
    }

    /// One element of the movetext: a move, a move number, a comment, a NAG, a variation or
    /// the result; or the end of the game.
    fn movetext_step(&mut self, cursor: &mut Cursor, sink: &mut impl PlySink) -> Step<Flow> {
        cursor.skip_whitespace()?;
        let line = cursor.line();
        let Some(byte) = cursor.peek()? else {
            return Ok(Flow::End(None));
        };
        let outcome = match byte {
            b'[' if cursor.at_line_start() => return Ok(Flow::End(None)),
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
                self.phase = Phase::AfterResult;
                Ok(())
            }
            b')' => Err(self.problem(line, SyntaxError::UnmatchedCloseParen)),
            byte if is_token_byte(byte) => self.read_token(cursor, sink)?,
            _ => {
                let text = cursor.take_while(|byte| !byte.is_ascii_whitespace())?;
                Err(self.problem(line, unexpected(text)))
            }
        };
        Ok(Self::end_with(outcome))
    }

    /// A result token, a move number (digits only) or a move.
    fn read_token(&mut self, cursor: &mut Cursor, sink: &mut impl PlySink) -> Step<Outcome> {
        let line = cursor.line();
        let start = cursor.mark();
        let token = cursor.take_while(is_token_byte)?;
        if let Some(result) = GameResult::from_pgn(token) {
            self.game.result = Some(result);
            self.phase = Phase::AfterResult;
            return Ok(Ok(()));
        }
        if token.iter().all(u8::is_ascii_digit) {
            return self.check_move_number(cursor, start, line);
        }
        let parsed = MoveText::from_bytes(token).zip(Notation::parse_bytes(token));
        let Some((text, notation)) = parsed else {
            let error = SyntaxError::NotAMove { text: excerpt(token) };
            return Ok(Err(self.problem(line, error)));
        };
        self.flush(sink);
        self.pending = Some(MoveEntry::read(self.next_ply(), line, text, notation));
        self.plies += 1;
        Ok(Ok(()))
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

    /// After the result, the rest of its line may hold only blanks and comments without
    /// dice: one comment, or the end of the line.
    fn after_result_step(&mut self, cursor: &mut Cursor) -> Step<Flow> {
        cursor.take_while(|byte| matches!(byte, b' ' | b'\t' | b'\r' | b'\x0b' | b'\x0c'))?;
        let line = cursor.line();
        let outcome = match cursor.peek()? {
            None | Some(b'\n') => return Ok(Flow::End(None)),
            Some(b'{') => self.read_brace_comment(cursor)?,
            Some(b';') => self.read_line_comment(cursor)?,
            Some(_) => {
                let text = cursor.take_while(|byte| !byte.is_ascii_whitespace())?;
                Err(self.problem(line, SyntaxError::AfterResult { text: excerpt(text) }))
            }
        };
        Ok(Self::end_with(outcome))
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
        if !self.keep_annotations && !mentions_dice(content) {
            // Nothing the sink needs: no outcome, and no `%dice` command to be wrong.
            return Ok(());
        }
        let after_result = self.phase == Phase::AfterResult;
        if after_result || self.pending.is_none() {
            let CommentContent { dice, text } =
                read_comment(content).map_err(|bad| self.problem(line + bad.lines_before, bad.error))?;
            if after_result && !dice.is_empty() {
                return Err(self.problem(line, SyntaxError::AfterResult { text: "[%dice ...]".into() }));
            }
            match self.pending.as_mut() {
                Some(entry) => {
                    entry.extend_dice(&dice);
                    if let Some(text) = text.filter(|_| self.keep_annotations) {
                        entry.push_annotation(Annotation::Comment(text));
                    }
                }
                None => {
                    // Before the first move: the variant's game-start rolls (K4).
                    self.game.start_dice.extend_from_slice(&dice);
                    self.game.opening_comments.extend(text.filter(|_| self.keep_annotations));
                }
            }
            return Ok(());
        }
        // The common case: a comment after a move, its outcomes appended to the move's.
        let next_ply = self.next_ply();
        let keep_annotations = self.keep_annotations;
        let entry = self.pending.as_mut().expect("a move to attach to");
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
                if let Some(text) = text.filter(|_| keep_annotations) {
                    entry.push_annotation(Annotation::Comment(text));
                }
                Ok(())
            }
            Err(bad) => Err(SyntaxProblem { line: line + bad.lines_before, ply: next_ply, error: bad.error }),
        }
    }

    fn read_variation(&mut self, cursor: &mut Cursor) -> Step<Outcome> {
        let line = cursor.line();
        if self.pending.is_none() {
            let error = SyntaxError::NothingToAttachTo { what: "a variation".into() };
            return Ok(Err(self.problem(line, error)));
        }
        cursor.advance(1);
        let Some(text) = read_variation(cursor)? else {
            let error = SyntaxError::Unterminated { what: "variation".into() };
            return Ok(Err(self.problem(line, error)));
        };
        if let Some(entry) = self.pending.as_mut().filter(|_| self.keep_annotations) {
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
        match self.pending.as_mut() {
            Some(entry) => {
                if self.keep_annotations {
                    entry.push_annotation(Annotation::Nag(nag));
                }
                Ok(())
            }
            None => Err(self.problem(line, SyntaxError::NothingToAttachTo { what: "a NAG".into() })),
        }
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

/// The comment may hold a `%dice` command (any spelling of the word counts, so that every
/// comment that could be a bad command is read as one would be).
fn mentions_dice(content: &[u8]) -> bool {
    content.windows(4).any(|word| word.eq_ignore_ascii_case(b"dice"))
}

fn unexpected(text: &[u8]) -> SyntaxError {
    SyntaxError::UnexpectedText { text: excerpt(text) }
}
