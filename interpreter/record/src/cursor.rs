//! [`Cursor`]: a position in the buffered bytes of one game, counting lines.
//!
//! The buffer may end in the middle of a game. Any step that would need a byte past the end
//! fails with [`NeedMore`] unless the buffer is known to be complete (end of file); the
//! reader then refills and parses the game again from its start.

/// The bytes end before the step could decide; refill and retry.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct NeedMore;

/// A lexing step that may need more input.
pub(crate) type Step<T> = Result<T, NeedMore>;

/// A saved position, to go back to.
#[derive(Clone, Copy)]
pub(crate) struct Mark {
    pos: usize,
    line: u32,
}

pub(crate) struct Cursor<'a> {
    bytes: &'a [u8],
    pos: usize,
    line: u32,
    /// The bytes run to the end of the input: no more will come.
    complete: bool,
    /// The first byte of `bytes` begins a line.
    starts_line: bool,
}

impl<'a> Cursor<'a> {
    pub fn new(bytes: &'a [u8], line: u32, starts_line: bool, complete: bool) -> Cursor<'a> {
        Cursor { bytes, pos: 0, line, complete, starts_line }
    }

    pub fn pos(&self) -> usize {
        self.pos
    }

    pub fn line(&self) -> u32 {
        self.line
    }

    pub fn mark(&self) -> Mark {
        Mark { pos: self.pos, line: self.line }
    }

    pub fn reset(&mut self, mark: Mark) {
        self.pos = mark.pos;
        self.line = mark.line;
    }

    /// The byte at the cursor; `None` at the end of the input.
    #[inline]
    pub fn peek(&self) -> Step<Option<u8>> {
        self.peek_at(0)
    }

    #[inline]
    pub fn peek_at(&self, offset: usize) -> Step<Option<u8>> {
        match self.bytes.get(self.pos + offset) {
            Some(&byte) => Ok(Some(byte)),
            None if self.complete => Ok(None),
            None => Err(NeedMore),
        }
    }

    /// Moves over `count` bytes that hold no line feed.
    #[inline]
    pub fn advance(&mut self, count: usize) {
        self.pos += count;
    }

    /// The cursor stands at the start of a line.
    pub fn at_line_start(&self) -> bool {
        match self.pos {
            0 => self.starts_line,
            pos => self.bytes[pos - 1] == b'\n',
        }
    }

    /// Takes the bytes while `keep` holds; `keep` must reject `\n`.
    #[inline]
    pub fn take_while(&mut self, keep: impl Fn(u8) -> bool) -> Step<&'a [u8]> {
        let start = self.pos;
        let taken = self.bytes[start..].iter().position(|&byte| !keep(byte));
        match taken {
            Some(length) => {
                self.pos += length;
                Ok(&self.bytes[start..self.pos])
            }
            None if self.complete => {
                self.pos = self.bytes.len();
                Ok(&self.bytes[start..])
            }
            None => Err(NeedMore),
        }
    }

    /// Takes the bytes before the next `end` and moves past `end`, counting lines.
    /// `None` if the input ends first (everything is taken).
    pub fn take_through(&mut self, end: u8) -> Step<Option<&'a [u8]>> {
        let start = self.pos;
        match self.bytes[start..].iter().position(|&byte| byte == end) {
            Some(length) => {
                let content = &self.bytes[start..start + length];
                self.line += count_lines(content) + u32::from(end == b'\n');
                self.pos += length + 1;
                Ok(Some(content))
            }
            None if self.complete => {
                let content = &self.bytes[start..];
                self.line += count_lines(content);
                self.pos = self.bytes.len();
                Ok(None)
            }
            None => Err(NeedMore),
        }
    }

    /// The rest of the current line without its line end; the `\n` stays.
    pub fn rest_of_line(&mut self) -> Step<&'a [u8]> {
        let text = self.take_while(|byte| byte != b'\n')?;
        Ok(text.strip_suffix(b"\r").unwrap_or(text))
    }

    /// Skips whitespace and `%` escape lines.
    #[inline]
    pub fn skip_whitespace(&mut self) -> Step<()> {
        loop {
            match self.peek()? {
                Some(b'\n') => {
                    self.pos += 1;
                    self.line += 1;
                }
                Some(b' ' | b'\t' | b'\r' | b'\x0c' | b'\x0b') => self.pos += 1,
                Some(b'%') if self.at_line_start() => {
                    self.rest_of_line()?;
                }
                _ => return Ok(()),
            }
        }
    }
}

pub(crate) fn count_lines(bytes: &[u8]) -> u32 {
    bytes.iter().filter(|&&byte| byte == b'\n').count() as u32
}
