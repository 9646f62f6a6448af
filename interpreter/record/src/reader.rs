//! [`PgnReader`]: a streaming reader that yields the games of a PGN source one at a time.
//!
//! Memory holds one game at a time (plus a read buffer), never the file. A game with a
//! syntax problem is yielded with what was read of it and the problem; the reader then skips
//! to the next line that starts with `[` and goes on. Text that starts no game is yielded as
//! [`StrayText`] and skipped the same way. A source with no game ends with
//! [`ReadError::NoGames`].

use std::fs::File;
use std::io::Read;
use std::path::Path;

use serde::{Deserialize, Serialize};

use crate::buffer::InputBuffer;
use crate::cursor::{count_lines, Cursor, NeedMore};
use crate::game::Game;
use crate::game_parser::{parse_game, Parsed};
use crate::problem::{excerpt, ReadError, SyntaxError, SyntaxProblem};

/// A game larger than this is cut off with [`SyntaxError::GameTooLong`].
pub const MAX_GAME_BYTES: usize = 64 * 1024 * 1024;

const BYTE_ORDER_MARK: &[u8] = b"\xEF\xBB\xBF";

/// One game as read, maybe spoiled by a syntax problem.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct GameRecord {
    /// 1-based number of the game in its file.
    pub number: usize,
    /// What was read of the game: all of it, or everything before the problem.
    pub game: Game,
    /// The first syntax problem; the rest of the game was skipped.
    pub problem: Option<SyntaxProblem>,
}

/// Text outside any game, skipped up to the next line that starts with `[`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct StrayText {
    /// 1-based line where the stray text starts.
    pub line: u32,
    /// The start of that line.
    pub excerpt: String,
}

/// What the reader finds next in the source.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum PgnItem {
    Game(GameRecord),
    Stray(StrayText),
}

/// Reads games from any [`Read`]; an iterator of [`PgnItem`]s.
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
        PgnReader {
            input: InputBuffer::new(source),
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

    /// Only the games: stray text is dropped, errors end the iteration with `Err`.
    pub fn games(self) -> impl Iterator<Item = Result<GameRecord, ReadError>> {
        self.filter_map(|item| match item {
            Ok(PgnItem::Game(record)) => Some(Ok(record)),
            Ok(PgnItem::Stray(_)) => None,
            Err(error) => Some(Err(error)),
        })
    }

    /// The next item, `Ok(None)` at the end of a source that held games.
    pub fn read_item(&mut self) -> Result<Option<PgnItem>, ReadError> {
        if self.input.consumed_total() == 0 {
            self.skip_byte_order_mark()?;
        }
        match std::mem::replace(&mut self.resync, Resync::Nothing) {
            Resync::Nothing => {}
            Resync::ToNextTagLine => self.skip_to_tag_line()?,
            Resync::PastTagSection => {
                self.skip_line()?;
                self.skip_tag_lines()?;
                self.skip_to_tag_line()?;
            }
        }
        self.skip_blank_text()?;
        if self.input.available().is_empty() {
            return match self.games_read {
                0 => Err(ReadError::NoGames { bytes: self.input.consumed_total() }),
                _ => Ok(None),
            };
        }
        self.parse_item().map(Some)
    }

    fn parse_item(&mut self) -> Result<PgnItem, ReadError> {
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
                Ok((Parsed::NotAGame, _)) => return Ok(PgnItem::Stray(self.stray_text()?)),
                Ok((Parsed::Game { game, problem }, end)) => {
                    self.consume_parsed(end);
                    self.resync = Resync::after(problem.as_ref());
                    self.games_read += 1;
                    return Ok(PgnItem::Game(GameRecord { number: self.games_read, game, problem }));
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

    fn stray_text(&mut self) -> Result<StrayText, ReadError> {
        const EXCERPT_BYTES: usize = 160;
        while !self.input.available().contains(&b'\n')
            && self.input.available().len() < EXCERPT_BYTES
            && !self.input.at_eof()
        {
            self.input.fill_more()?;
        }
        let available = self.input.available();
        let first_line = available[..available.len().min(EXCERPT_BYTES)].split(|&byte| byte == b'\n').next();
        self.resync = Resync::ToNextTagLine;
        Ok(StrayText { line: self.line, excerpt: excerpt(first_line.unwrap_or_default().trim_ascii()) })
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

    /// Skips up to the next line that starts with `[`, or the end of the input.
    fn skip_to_tag_line(&mut self) -> Result<(), ReadError> {
        loop {
            self.fill_to(1)?;
            match self.input.available().first() {
                None => return Ok(()),
                Some(b'[') if self.at_line_start => return Ok(()),
                Some(_) => self.skip_line()?,
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

/// Where reading goes on after a syntax problem or stray text.
enum Resync {
    Nothing,
    /// The next line that starts with `[`.
    ToNextTagLine,
    /// The problem is in a tag section: its other tag lines are not a new game.
    PastTagSection,
}

impl Resync {
    fn after(problem: Option<&SyntaxProblem>) -> Resync {
        match problem.map(|problem| &problem.error) {
            None => Resync::Nothing,
            Some(SyntaxError::MalformedTag { .. } | SyntaxError::TextAfterTag { .. }) => Resync::PastTagSection,
            Some(_) => Resync::ToNextTagLine,
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
        Parsed::Game { game, problem: None } => {
            let problem = SyntaxProblem {
                line: game.moves.last().map_or(game.line, |entry| entry.line),
                ply: game.moves.len() as u32 + 1,
                error: SyntaxError::GameTooLong { limit: MAX_GAME_BYTES },
            };
            let game = Parsed::Game { game, problem: Some(problem) };
            (game, end)
        }
        other => (other, end),
    }
}

impl<R: Read> Iterator for PgnReader<R> {
    type Item = Result<PgnItem, ReadError>;

    fn next(&mut self) -> Option<Self::Item> {
        if self.finished {
            return None;
        }
        let item = self.read_item().transpose();
        if !matches!(item, Some(Ok(_))) {
            self.finished = true;
        }
        item
    }
}
