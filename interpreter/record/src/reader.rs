//! [`PgnReader`]: a streaming reader that yields the games of a PGN source one at a time.
//!
//! Memory holds one game at a time (plus a read buffer), never the file; read with a sink
//! ([`PgnReader::read_game_into`]), not even one game: each ply goes to the sink as it is
//! read, and the read buffer holds one step of the game (a move, a comment). Every text of the
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
use crate::game_parser::{GameParser, KeepMoves, PlySink};
use crate::game_skip::GameSkip;
use crate::pgn_game::{PgnGame, TagPair};
use crate::problem::{ReadError, SyntaxError, SyntaxProblem};

/// A game larger than this is cut off with [`SyntaxError::GameTooLong`].
pub const MAX_GAME_BYTES: usize = 64 * 1024 * 1024;

const BYTE_ORDER_MARK: &[u8] = b"\xEF\xBB\xBF";

/// Tag pairs kept for reuse by [`PgnReader::recycle`]: more than a game usually has.
const SPARE_TAGS: usize = 32;

/// A recycled tag pair longer than this (name and value) is dropped, not kept: the spare
/// pairs stay small whatever the tags read.
const SPARE_TAG_BYTES: usize = 256;

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
    /// Tag pairs of games done with, whose strings the next games' tags reuse.
    spare_tags: Vec<TagPair>,
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
    #[must_use]
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
            spare_tags: Vec::new(),
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
        self.read_game_into(&mut KeepMoves)
    }

    /// The next game with its plies handed to `sink` as each is read instead of kept (the
    /// record's `moves` hold what the sink keeps), `Ok(None)` at the end of a source that
    /// held games. Memory holds one step of the game at a time, whatever its length.
    pub(crate) fn read_game_into(&mut self, sink: &mut impl PlySink) -> Result<Option<GameRecord>, ReadError> {
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
        self.parse_next(sink).map(Some)
    }

    /// Parses the game at hand, consuming the bytes of each finished step, and refilling when
    /// a step needs more. A game that has not ended within [`MAX_GAME_BYTES`] is cut off there.
    fn parse_next(&mut self, sink: &mut impl PlySink) -> Result<GameRecord, ReadError> {
        let mut parser = GameParser::new(self.line, std::mem::take(&mut self.spare_tags));
        let mut game_bytes = 0usize;
        let problem = loop {
            let room = MAX_GAME_BYTES - game_bytes;
            let complete = self.input.at_eof();
            match self.parse_available(&mut parser, sink, room, complete, &mut game_bytes) {
                Ok(problem) => break problem,
                Err(NeedMore) if self.input.available().len() >= room => {
                    let cut = self.parse_available(&mut parser, sink, room, true, &mut game_bytes);
                    break cut_off(cut.unwrap_or(None), &parser);
                }
                Err(NeedMore) => self.input.fill_more()?,
            }
        };
        self.resync = Resync::after(problem.as_ref());
        self.games_read += 1;
        let (game, spare_tags) = parser.into_game();
        self.spare_tags = spare_tags;
        Ok(GameRecord { number: self.games_read, game, problem })
    }

    /// Hands back a game read from this reader and done with: the next games' tags are read
    /// into its tags' strings instead of new ones.
    pub(crate) fn recycle(&mut self, game: PgnGame) {
        let room = SPARE_TAGS.saturating_sub(self.spare_tags.len());
        let small = |pair: &TagPair| pair.name.capacity() + pair.value.capacity() <= SPARE_TAG_BYTES;
        self.spare_tags.extend(game.tags.into_iter().filter(small).take(room));
    }

    /// Runs the parser over the available bytes (at most `room` of them); `complete` says no
    /// more bytes will come. Consumes what its finished steps used.
    fn parse_available(
        &mut self,
        parser: &mut GameParser,
        sink: &mut impl PlySink,
        room: usize,
        complete: bool,
        game_bytes: &mut usize,
    ) -> Result<Option<SyntaxProblem>, NeedMore> {
        let available = self.input.available();
        let bytes = &available[..available.len().min(room)];
        let mut cursor = Cursor::new(bytes, self.line, self.at_line_start, complete);
        let parsed = parser.run(&mut cursor, sink);
        let (consumed, line) = (cursor.pos(), cursor.line());
        if consumed > 0 {
            self.at_line_start = bytes[consumed - 1] == b'\n';
            self.input.consume(consumed);
            self.line = line;
            *game_bytes += consumed;
        }
        parsed
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

/// A game that did not end within [`MAX_GAME_BYTES`] gets a problem saying so.
fn cut_off(problem: Option<SyntaxProblem>, parser: &GameParser) -> Option<SyntaxProblem> {
    problem.or(Some(SyntaxProblem {
        line: parser.last_move_line(),
        ply: parser.plies() + 1,
        error: SyntaxError::GameTooLong { limit: MAX_GAME_BYTES },
    }))
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

#[cfg(test)]
mod tests {
    use super::*;

    fn tags(game: &PgnGame) -> Vec<(&str, &str)> {
        game.tags.iter().map(|pair| (pair.name.as_str(), pair.value.as_str())).collect()
    }

    /// Tags read into the strings of a recycled game's tags are the new game's alone: no
    /// byte of the longer names and values before them is left.
    #[test]
    fn tags_read_into_recycled_pairs_are_the_new_games() {
        let text = b"[Event \"A long event name\"]\n[White \"Somebody, Long\"]\n[Result \"*\"]\n\n1. e4 *\n\n\
                    [Site \"X\"]\n[Event \"B \\\"quoted\\\" \xE9\"]\n\n1. d4 *\n";
        let mut reader = PgnReader::from_bytes(text);
        let first = reader.read_game().unwrap().unwrap().game;
        assert_eq!(tags(&first), [("Event", "A long event name"), ("White", "Somebody, Long"), ("Result", "*")]);
        reader.recycle(first);
        let second = reader.read_game().unwrap().unwrap().game;
        assert_eq!(tags(&second), [("Site", "X"), ("Event", "B \"quoted\" é")]);
        assert_eq!(reader.spare_tags.len(), 1);
    }
}
