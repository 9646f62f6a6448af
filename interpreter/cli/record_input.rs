//! What `validate` and `load` read as a PGN record: its beginning is checked to be one (not
//! UTF-16 or UTF-32, not binary data, not text of another kind, each said once with the
//! reason instead of a "not a move" per line), and every line to be UTF-8 text (a line that
//! is not is an error naming the line and column, not a garbled move).

use std::io::{self, Read};

use holechess_kernel::notation::Notation;

/// How much of the beginning is looked at.
const HEAD_BYTES: usize = 4096;

/// Why a file that is not a PGN record is not one.
#[derive(Debug)]
pub struct NotPgn(pub String);

/// A line that is not UTF-8.
#[derive(Debug)]
pub struct NotUtf8 {
    pub line: u64,
    pub column: u64,
    pub byte: u8,
}

impl std::fmt::Display for NotUtf8 {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "line {} is not UTF-8 text (byte 0x{:02x} at column {}); records are read as UTF-8: convert the file \
             (e.g. `iconv -f latin1 -t utf-8`)",
            self.line, self.byte, self.column
        )
    }
}

impl std::error::Error for NotUtf8 {}

/// `source` with its beginning checked: `Err` for a file that is not a PGN record, else a
/// reader of the whole text that fails with [`NotUtf8`] (an `InvalidData` error) at the first
/// line that is not UTF-8.
pub fn checked(mut source: impl Read) -> io::Result<Result<impl Read, NotPgn>> {
    let mut head = Vec::with_capacity(HEAD_BYTES);
    (&mut source).take(HEAD_BYTES as u64).read_to_end(&mut head)?;
    if let Some(reason) = not_pgn(&head) {
        return Ok(Err(NotPgn(reason)));
    }
    Ok(Ok(Utf8Lines::new(io::Cursor::new(head).chain(source))))
}

/// Why `head`, a file's beginning, is no PGN record; `None` when it may be one.
pub fn not_pgn(head: &[u8]) -> Option<String> {
    if head.starts_with(b"\xFF\xFE\0\0") || head.starts_with(b"\0\0\xFE\xFF") {
        return Some("the file is UTF-32; save it as UTF-8".to_owned());
    }
    if head.starts_with(b"\xFF\xFE") || head.starts_with(b"\xFE\xFF") {
        return Some("the file is UTF-16; save it as UTF-8".to_owned());
    }
    if let Some(at) = head.iter().position(|&byte| byte == 0) {
        let odd_zeros = head.iter().skip(1).step_by(2).take(64).all(|&byte| byte == 0);
        if odd_zeros && head.len() >= 4 {
            return Some("the file looks like UTF-16 text; save it as UTF-8".to_owned());
        }
        return Some(format!("it holds binary data (a NUL byte at offset {at}), not text"));
    }
    let text = String::from_utf8_lossy(head.strip_prefix(b"\xEF\xBB\xBF").unwrap_or(head));
    let first = text.split_ascii_whitespace().next()?;
    let starts_pgn = first.starts_with(['[', '{', ';', '%', '*'])
        || first.starts_with(|c: char| c.is_ascii_digit())
        || Notation::parse(first.trim_end_matches(['+', '#', '!', '?'])).is_ok();
    if starts_pgn {
        return None;
    }
    let shown: String = first.chars().take(40).collect();
    Some(format!("it begins with `{shown}`, which is neither a tag pair, a comment, a move number nor a move"))
}

/// A reader that passes the text on and fails at the first byte that is not UTF-8 (the text
/// before it is passed on first, so the games before it are read).
pub struct Utf8Lines<R> {
    inner: R,
    /// The error found, for the read after the text before it.
    failed: Option<io::Error>,
    /// The first bytes of a character split between two reads.
    carry: Vec<u8>,
    /// Lines ended so far.
    lines: u64,
    /// Bytes since the last line end.
    column: u64,
}

impl<R: Read> Utf8Lines<R> {
    pub fn new(inner: R) -> Utf8Lines<R> {
        Utf8Lines { inner, failed: None, carry: Vec::new(), lines: 0, column: 0 }
    }

    /// Checks one chunk read, counting its lines; on an error, the bytes before it are good.
    fn check(&mut self, chunk: &[u8]) -> Result<(), (usize, io::Error)> {
        let mut start = 0;
        if !self.carry.is_empty() {
            let width = char_width(self.carry[0]);
            let earlier = self.carry.len() as u64;
            let take = (width - self.carry.len()).min(chunk.len());
            self.carry.extend_from_slice(&chunk[..take]);
            start = take;
            if self.carry.len() < width {
                return Ok(());
            }
            if std::str::from_utf8(&self.carry).is_err() {
                return Err((0, self.error(self.carry[0], earlier)));
            }
            self.carry.clear();
        }
        let rest = &chunk[start..];
        if let Err(error) = std::str::from_utf8(rest) {
            let valid = error.valid_up_to();
            match error.error_len() {
                Some(_) => {
                    self.count(&chunk[..start + valid]);
                    return Err((start + valid, self.error(rest[valid], 0)));
                }
                None => self.carry.extend_from_slice(&rest[valid..]),
            }
        }
        self.count(chunk);
        Ok(())
    }

    fn count(&mut self, bytes: &[u8]) {
        match bytes.iter().rposition(|&byte| byte == b'\n') {
            Some(last) => {
                self.lines += bytes.iter().filter(|&&byte| byte == b'\n').count() as u64;
                self.column = (bytes.len() - last - 1) as u64;
            }
            None => self.column += bytes.len() as u64,
        }
    }

    /// The error at the byte `back` bytes before the current column.
    fn error(&self, byte: u8, back: u64) -> io::Error {
        let place = NotUtf8 { line: self.lines + 1, column: (self.column + 1).saturating_sub(back), byte };
        io::Error::new(io::ErrorKind::InvalidData, place)
    }
}

impl<R: Read> Read for Utf8Lines<R> {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        if let Some(error) = self.failed.take() {
            return Err(error);
        }
        let read = self.inner.read(buf)?;
        if read == 0 && !self.carry.is_empty() {
            return Err(self.error(self.carry[0], self.carry.len() as u64));
        }
        match self.check(&buf[..read]) {
            Ok(()) => Ok(read),
            Err((0, error)) => Err(error),
            Err((good, error)) => {
                self.failed = Some(error);
                Ok(good)
            }
        }
    }
}

/// The bytes of a UTF-8 character that starts with `first` (1 for a byte that starts none).
fn char_width(first: u8) -> usize {
    match first {
        0xC0..=0xDF => 2,
        0xE0..=0xEF => 3,
        0xF0..=0xF7 => 4,
        _ => 1,
    }
}

/// The line that is not UTF-8, when `error` is that.
pub fn not_utf8(error: &io::Error) -> Option<&NotUtf8> {
    error.get_ref()?.downcast_ref::<NotUtf8>()
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Reads `text` through the checker `chunk` bytes at a time.
    fn read_in_chunks(text: &[u8], chunk: usize) -> io::Result<Vec<u8>> {
        let mut reader = Utf8Lines::new(text);
        let mut all = Vec::new();
        let mut buf = vec![0; chunk];
        loop {
            let n = reader.read(&mut buf)?;
            if n == 0 {
                return Ok(all);
            }
            all.extend_from_slice(&buf[..n]);
        }
    }

    #[test]
    fn utf8_split_between_reads_passes_and_a_bad_byte_is_placed() {
        let good = "[White \"Müller\"]\n\n1. e4 {Grünfeld ♘} *\n".as_bytes();
        for chunk in 1..8 {
            assert_eq!(read_in_chunks(good, chunk).unwrap(), good, "chunks of {chunk}");
        }
        let bad = b"[Event \"x\"]\n\n1. e4 \xff e5 *\n";
        for chunk in [1, 3, 64] {
            let error = read_in_chunks(bad, chunk).unwrap_err();
            let place = not_utf8(&error).expect("a NotUtf8");
            assert_eq!((place.line, place.column, place.byte), (3, 7, 0xff), "chunks of {chunk}");
        }
        assert!(read_in_chunks(b"1. e4 \xc3", 4).is_err(), "a file ending inside a character");
    }

    #[test]
    fn what_is_not_a_record_is_said_once() {
        let utf16: Vec<u8> = [0xFF, 0xFE].into_iter().chain("[Event \"x\"]".bytes().flat_map(|b| [b, 0])).collect();
        assert_eq!(not_pgn(&utf16).as_deref(), Some("the file is UTF-16; save it as UTF-8"));
        assert!(not_pgn(b"SHELL=/bin/sh\0HOME=/root\0").unwrap().contains("binary data"));
        assert!(not_pgn(b"SHELL=/bin/sh\nHOME=/root\n").unwrap().contains("begins with `SHELL=/bin/sh`"));
        for record in ["[Event \"x\"]", "1. e4 e5 *", "e4 e5", "{intro} 1. d4", "\u{feff}[Event \"x\"]", "  \n"] {
            assert_eq!(not_pgn(record.as_bytes()), None, "{record}");
        }
    }
}
