//! What `validate` and `load` read as a PGN record: its beginning is checked to be one (not
//! UTF-16 or UTF-32, not binary data, not text of another kind, each said once with the
//! reason instead of a "not a move" per line), and the first line that is not UTF-8 is
//! found, so that it can be named. Such a line is not an error: the PGN standard's own
//! character set is Latin-1 (ISO 8859-1), real collections use it, and the reader reads
//! text that is not UTF-8 as Latin-1; the file's report says where it first happens.

use std::io::{self, Read};
use std::sync::{Arc, OnceLock};

use holechess_kernel::notation::Notation;

/// How much of the beginning is looked at.
const HEAD_BYTES: usize = 4096;

/// Why a file that is not a PGN record is not one.
#[derive(Debug)]
pub struct NotPgn(pub String);

/// The first place where a file is not UTF-8.
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
            "line {} is not UTF-8 text (byte 0x{:02x} at column {}); the file is read as Latin-1 (ISO 8859-1, \
             the PGN standard's character set)",
            self.line, self.byte, self.column
        )
    }
}

/// Where the text read through [`checked`] first stopped being UTF-8, once it has been read.
#[derive(Clone, Debug, Default)]
pub struct Utf8Report(Arc<OnceLock<NotUtf8>>);

impl Utf8Report {
    pub fn first(&self) -> Option<&NotUtf8> {
        self.0.get()
    }
}

/// `source` with its beginning checked: `Err` for a file that is not a PGN record, else a
/// reader of the whole text and the report of its first line that is not UTF-8.
pub fn checked(mut source: impl Read) -> io::Result<Result<(impl Read, Utf8Report), NotPgn>> {
    let mut head = Vec::with_capacity(HEAD_BYTES);
    (&mut source).take(HEAD_BYTES as u64).read_to_end(&mut head)?;
    if let Some(reason) = not_pgn(&head) {
        return Ok(Err(NotPgn(reason)));
    }
    let report = Utf8Report::default();
    Ok(Ok((Utf8Watch::new(io::Cursor::new(head).chain(source), report.clone()), report)))
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

/// A reader that passes the text on unchanged and notes where it first is not UTF-8.
pub struct Utf8Watch<R> {
    inner: R,
    report: Utf8Report,
    /// The first bytes of a character split between two reads.
    carry: Vec<u8>,
    /// Lines ended so far.
    lines: u64,
    /// Bytes since the last line end.
    column: u64,
}

impl<R: Read> Utf8Watch<R> {
    pub fn new(inner: R, report: Utf8Report) -> Utf8Watch<R> {
        Utf8Watch { inner, report, carry: Vec::new(), lines: 0, column: 0 }
    }

    /// Checks one chunk read, counting its lines; the first bad byte is noted.
    fn check(&mut self, chunk: &[u8]) {
        let mut start = 0;
        if !self.carry.is_empty() {
            let width = char_width(self.carry[0]);
            let earlier = self.carry.len() as u64;
            let take = (width - self.carry.len()).min(chunk.len());
            self.carry.extend_from_slice(&chunk[..take]);
            start = take;
            if self.carry.len() < width {
                return;
            }
            if std::str::from_utf8(&self.carry).is_err() {
                return self.note(self.carry[0], earlier);
            }
            self.carry.clear();
        }
        let rest = &chunk[start..];
        match std::str::from_utf8(rest) {
            // The common case, counted with the standard library's byte search.
            Ok(text) => self.count_text(start, text),
            Err(error) => {
                let valid = error.valid_up_to();
                match error.error_len() {
                    Some(_) => {
                        self.count(&chunk[..start + valid]);
                        self.note(rest[valid], 0);
                    }
                    None => {
                        self.carry.extend_from_slice(&rest[valid..]);
                        self.count(chunk);
                    }
                }
            }
        }
    }

    /// [`Utf8Watch::count`] of `skipped` continuation bytes and then `text`.
    fn count_text(&mut self, skipped: usize, text: &str) {
        match text.rfind('\n') {
            Some(last) => {
                self.lines += text.matches('\n').count() as u64;
                self.column = (text.len() - last - 1) as u64;
            }
            None => self.column += (skipped + text.len()) as u64,
        }
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

    /// Notes the byte `back` bytes before the current column as the first that is not UTF-8.
    fn note(&self, byte: u8, back: u64) {
        let place = NotUtf8 { line: self.lines + 1, column: (self.column + 1).saturating_sub(back), byte };
        let _ = self.report.0.set(place);
    }
}

impl<R: Read> Read for Utf8Watch<R> {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        let read = self.inner.read(buf)?;
        if self.report.first().is_some() {
            return Ok(read);
        }
        if read == 0 && !self.carry.is_empty() {
            self.note(self.carry[0], self.carry.len() as u64);
        }
        self.check(&buf[..read]);
        Ok(read)
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

#[cfg(test)]
mod tests {
    use super::*;

    /// Reads `text` through the watch `chunk` bytes at a time: the text and the report.
    fn read_in_chunks(text: &[u8], chunk: usize) -> (Vec<u8>, Option<(u64, u64, u8)>) {
        let report = Utf8Report::default();
        let mut reader = Utf8Watch::new(text, report.clone());
        let mut all = Vec::new();
        let mut buf = vec![0; chunk];
        loop {
            let n = reader.read(&mut buf).unwrap();
            if n == 0 {
                return (all, report.first().map(|p| (p.line, p.column, p.byte)));
            }
            all.extend_from_slice(&buf[..n]);
        }
    }

    #[test]
    fn utf8_split_between_reads_passes_and_a_bad_byte_is_placed() {
        let good = "[White \"Müller\"]\n\n1. e4 {Grünfeld ♘} *\n".as_bytes();
        for chunk in 1..8 {
            assert_eq!(read_in_chunks(good, chunk), (good.to_vec(), None), "chunks of {chunk}");
        }
        let bad = b"[Event \"x\"]\n\n1. e4 \xff e5 *\n";
        for chunk in [1, 3, 64] {
            let (text, place) = read_in_chunks(bad, chunk);
            assert_eq!(text, bad, "the text passes unchanged");
            assert_eq!(place, Some((3, 7, 0xff)), "chunks of {chunk}");
        }
        assert_eq!(read_in_chunks(b"1. e4 \xc3", 4).1, Some((1, 7, 0xc3)), "a file ending inside a character");
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
