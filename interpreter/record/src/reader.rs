//! [`PgnReader`]: a streaming reader that yields the games of a PGN source one at a time.
//!
//! Memory holds one game at a time (plus a read buffer), never the file. Every text of the
//! source but blanks and `%` escape lines belongs to a game: text outside a tag section starts
//! a game without tags, so nothing is skipped unseen. A game with a syntax problem is yielded
//! with what was read of it and the problem; the reader then skips the rest of that game (up
//! to its result token, or the next line that starts with `[`) and goes on. A source with no
//! text at all ends with [`ReadError::NoGames`].

use std::fs::File;
use std::io::Read;
use std::path::Path;

use serde::{Deserialize, Serialize};

use crate::buffer::{InputBuffer, INITIAL_CAPACITY};
use crate::cursor::{count_lines, Cursor, NeedMore};
use crate::game_parser::{parse_game, Parsed};
use crate::game_skip::GameSkip;
use crate::pgn_game::PgnGame;
use crate::problem::{ReadError, SyntaxError, SyntaxProblem};

/// A game larger than this is cut off with [`SyntaxError::GameTooLong`].
pub const MAX_GAME_BYTES: usize = 64 * 1024 * 1024;

const BYTE_ORDER_MARK: &[u8] = b"\xEF\xBB\xBF";

/// One game as read, maybe spoiled by a syntax problem.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct GameRecord {
    /// 1-based number of the game in its file.
    pub number: usize,
    /// What was read of the game: all of it, or everything before the problem.
    pub game: PgnGame,
    /// The first syntax problem; the rest of the game was skipped.
    pub problem: Option<SyntaxProblem>,
}

/// Reads games from any [`Read`]; an iterator of [`GameRecord`]s.
pub struct PgnReader<R> {
    input: InputBuffer<R>,
    /// Line of the next unconsumed byte.
    line: u32,
    /// The next unconsumed byte begins a line.
    at_line_start: bool,
    /// What to skip before reading on.
    resync: Resync,
    games_read: usize,
    finished: bool,
}

impl PgnReader<File> {
    ///
    /// # Errors
    ///
    /// The I/O error when `path` cannot be opened.
    pub fn open(path: impl AsRef<Path>) -> std::io::Result<PgnReader<File>> {
        Ok(PgnReader::new(File::open(path)?))
    }
}

impl<'a> PgnReader<&'a [u8]> {
    pub fn from_bytes(bytes: &'a [u8]) -> PgnReader<&'a [u8]> {
        PgnReader::new(bytes)
    }
}

impl<R: Read> PgnReader<R> {
    pub fn new(source: R) -> PgnReader<R> {
        PgnReader::with_buffer_capacity(source, INITIAL_CAPACITY)
    }

    /// A reader whose read buffer starts at `bytes` (at least 1) instead of 256 KiB; it
    /// doubles whenever one game does not fit.
    pub fn with_buffer_capacity(source: R, bytes: usize) -> PgnReader<R> {
        PgnReader {
            input: InputBuffer::with_capacity(source, bytes),
            line: 1,
            at_line_start: true,
            resync: Resync::Nothing,
            games_read: 0,
            finished: false,
        }
    }

    /// Games yielded so far.
    pub fn games_read(&self) -> usize {
        self.games_read
    }

    /// Bytes consumed so far.
    pub fn bytes_read(&self) -> u64 {
        self.input.consumed_total()
    }

    /// The games; an error ends the iteration with `Err` (the reader itself is that iterator).
    pub fn games(self) -> impl Iterator<Item = Result<GameRecord, ReadError>> {
        self
    }

    /// The next game, `Ok(None)` at the end of a source that held games.
    ///
    /// # Errors
    ///
    /// A [`ReadError`] when the source cannot be read or a game's text is malformed (with its line).
    pub fn read_game(&mut self) -> Result<Option<GameRecord>, ReadError> {
        if self.input.consumed_total() == 0 {
            self.skip_byte_order_mark()?;
        }
        match std::mem::replace(&mut self.resync, Resync::Nothing) {
            Resync::Nothing => {}
            Resync::PastGame => self.skip_rest_of_game()?,
            Resync::RestOfLine => self.skip_line()?,
            Resync::PastTagSection => {
                self.skip_line()?;
                self.skip_tag_lines()?;
                self.skip_rest_of_game()?;
            }
        }
        self.skip_blank_text()?;
        if self.input.available().is_empty() {
            return match self.games_read {
                0 => Err(ReadError::NoGames { bytes: self.input.consumed_total() }),
                _ => Ok(None),
            };
        }
        self.parse_next().map(Some)
    }

    fn parse_next(&mut self) -> Result<GameRecord, ReadError> {
        loop {
            let complete = self.input.at_eof();
            let parsed = match self.parse_available(complete) {
                Err(NeedMore) if self.input.available().len() >= MAX_GAME_BYTES => {
                    self.parse_available(true).map(cut_off)
                }
                parsed => parsed,
            };
            match parsed {
                Err(NeedMore) => self.input.fill_more()?,
                Ok((Parsed { game, problem }, end)) => {
                    self.consume_parsed(end);
                    self.resync = Resync::after(problem.as_ref());
                    self.games_read += 1;
                    return Ok(GameRecord { number: self.games_read, game, problem });
                }
            }
        }
    }

    /// Parses a game from the available bytes (at most [`MAX_GAME_BYTES`] of them);
    /// `complete` says no more bytes will come. Also gives where the parse ended.
    fn parse_available(&self, complete: bool) -> Result<(Parsed, ParseEnd), NeedMore> {
        let available = self.input.available();
        let bytes = &available[..available.len().min(MAX_GAME_BYTES)];
        let mut cursor = Cursor::new(bytes, self.line, self.at_line_start, complete);
        let parsed = parse_game(&mut cursor)?;
        let end = ParseEnd { consumed: cursor.pos(), line: cursor.line() };
        Ok((parsed, end))
    }

    /// Consumes what a parse used; the parse counted its lines.
    fn consume_parsed(&mut self, end: ParseEnd) {
        if end.consumed > 0 {
            self.at_line_start = self.input.available()[end.consumed - 1] == b'\n';
            self.input.consume(end.consumed);
            self.line = end.line;
        }
    }

    fn consume(&mut self, count: usize) {
        if count == 0 {
            return;
        }
        let consumed = &self.input.available()[..count];
        self.line += count_lines(consumed);
        self.at_line_start = consumed[count - 1] == b'\n';
        self.input.consume(count);
    }

    /// Makes `count` bytes available, or as many as the source still has.
    fn fill_to(&mut self, count: usize) -> Result<(), ReadError> {
        while self.input.available().len() < count && !self.input.at_eof() {
            self.input.fill_more()?;
        }
        Ok(())
    }

    fn skip_byte_order_mark(&mut self) -> Result<(), ReadError> {
        self.fill_to(BYTE_ORDER_MARK.len())?;
        if self.input.available().starts_with(BYTE_ORDER_MARK) {
            self.input.consume(BYTE_ORDER_MARK.len());
        }
        Ok(())
    }

    /// Skips whitespace and `%` escape lines between games.
    fn skip_blank_text(&mut self) -> Result<(), ReadError> {
        loop {
            self.fill_to(1)?;
            let Some(&first) = self.input.available().first() else {
                return Ok(());
            };
            if first == b'%' && self.at_line_start {
                self.skip_line()?;
                continue;
            }
            let blank = self.input.available().iter().take_while(|byte| byte.is_ascii_whitespace()).count();
            if blank == 0 {
                return Ok(());
            }
            self.consume(blank);
        }
    }

    /// Skips the rest of a game: through its result token, or up to the next line that
    /// starts with `[`, or to the end of the input.
    fn skip_rest_of_game(&mut self) -> Result<(), ReadError> {
        let mut skip = GameSkip::default();
        loop {
            self.fill_to(1)?;
            let available = self.input.available();
            if available.is_empty() {
                return Ok(());
            }
            let (used, done) = skip.feed(available, self.at_line_start);
            self.consume(used);
            if done {
                return Ok(());
            }
        }
    }

    /// Skips whole lines that start with `[`.
    fn skip_tag_lines(&mut self) -> Result<(), ReadError> {
        loop {
            self.fill_to(1)?;
            match self.input.available().first() {
                Some(b'[') if self.at_line_start => self.skip_line()?,
                _ => return Ok(()),
            }
        }
    }

    /// Consumes through the next line feed (or everything, at the end of the input).
    fn skip_line(&mut self) -> Result<(), ReadError> {
        loop {
            let available = self.input.available();
            match available.iter().position(|&byte| byte == b'\n') {
                Some(end) => {
                    self.consume(end + 1);
                    return Ok(());
                }
                None => {
                    let length = available.len();
                    self.consume(length);
                    if self.input.at_eof() {
                        return Ok(());
                    }
                    self.input.fill_more()?;
                }
            }
        }
    }
}

/// Where reading goes on after a syntax problem.
enum Resync {
    Nothing,
    /// The problem is in the movetext: skip the rest of the game.
    PastGame,
    /// The problem follows the game's result: only the rest of its line is the game's.
    RestOfLine,
    /// The problem is in a tag section: its other tag lines and its movetext are not a new game.
    PastTagSection,
}

impl Resync {
    fn after(problem: Option<&SyntaxProblem>) -> Resync {
        match problem.map(|problem| &problem.error) {
            None => Resync::Nothing,
            Some(
                SyntaxError::MalformedTag { .. } | SyntaxError::TextAfterTag { .. } | SyntaxError::TooManyTags { .. },
            ) => Resync::PastTagSection,
            Some(SyntaxError::AfterResult { .. }) => Resync::RestOfLine,
            Some(_) => Resync::PastGame,
        }
    }
}

/// Where a parse stopped: bytes used, and the line there.
#[derive(Clone, Copy)]
struct ParseEnd {
    consumed: usize,
    line: u32,
}

/// A game that did not end within [`MAX_GAME_BYTES`] gets a problem saying so.
fn cut_off((parsed, end): (Parsed, ParseEnd)) -> (Parsed, ParseEnd) {
    match parsed {
        Parsed { game, problem: None } => {
            let problem = SyntaxProblem {
                line: game.moves.last().map_or(game.line, |entry| entry.line()),
                ply: game.moves.len() as u32 + 1,
                error: SyntaxError::GameTooLong { limit: MAX_GAME_BYTES },
            };
            (Parsed { game, problem: Some(problem) }, end)
        }
        other => (other, end),
    }
}

impl<R: Read> Iterator for PgnReader<R> {
    type Item = Result<GameRecord, ReadError>;

    fn next(&mut self) -> Option<Self::Item> {
        if self.finished {
            return None;
        }
        let item = self.read_game().transpose();
        if !matches!(item, Some(Ok(_))) {
            self.finished = true;
        }
        item
    }
}
