//! [`InputBuffer`]: a window of bytes from a [`Read`], refilled on demand. It keeps the
//! unconsumed bytes contiguous and grows only when one game does not fit.

use std::io::{self, Read};

/// The read buffer's size unless asked otherwise.
pub(crate) const INITIAL_CAPACITY: usize = 256 * 1024;

pub(crate) struct InputBuffer<R> {
    source: R,
    data: Vec<u8>,
    start: usize,
    end: usize,
    at_eof: bool,
    consumed_total: u64,
}

impl<R: Read> InputBuffer<R> {
    /// A buffer of `capacity` bytes (at least 1) to start with.
    pub fn with_capacity(source: R, capacity: usize) -> InputBuffer<R> {
        let data = vec![0; capacity.max(1)];
        InputBuffer { source, data, start: 0, end: 0, at_eof: false, consumed_total: 0 }
    }

    /// The unconsumed bytes read so far.
    #[inline]
    pub fn available(&self) -> &[u8] {
        &self.data[self.start..self.end]
    }

    /// The source has no more bytes beyond [`Self::available`].
    pub fn at_eof(&self) -> bool {
        self.at_eof
    }

    pub fn consume(&mut self, count: usize) {
        debug_assert!(count <= self.end - self.start);
        self.start += count;
        self.consumed_total += count as u64;
    }

    /// Bytes consumed since the start of the input.
    pub fn consumed_total(&self) -> u64 {
        self.consumed_total
    }

    /// Reads more bytes after the available ones until the buffer is full or the source
    /// ends, growing the buffer if the available bytes fill it. Filling it whole (a pipe
    /// hands out a few kilobytes per read) means a game that needs more bytes is parsed again
    /// only each time the bytes available double: linear time in the game's length.
    pub fn fill_more(&mut self) -> io::Result<()> {
        if self.at_eof {
            return Ok(());
        }
        self.make_room();
        while self.end < self.data.len() {
            match self.source.read(&mut self.data[self.end..]) {
                Ok(0) => {
                    self.at_eof = true;
                    return Ok(());
                }
                Ok(count) => self.end += count,
                Err(error) if error.kind() == io::ErrorKind::Interrupted => continue,
                Err(error) => return Err(error),
            }
        }
        Ok(())
    }

    fn make_room(&mut self) {
        if self.start > 0 {
            self.data.copy_within(self.start..self.end, 0);
            self.end -= self.start;
            self.start = 0;
        }
        if self.end == self.data.len() {
            let doubled = self.data.len() * 2;
            self.data.resize(doubled, 0);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A source that hands out at most 10 bytes per read, counting the reads.
    struct Dribble<'a> {
        bytes: &'a [u8],
        reads: usize,
    }

    impl Read for Dribble<'_> {
        fn read(&mut self, out: &mut [u8]) -> io::Result<usize> {
            let count = out.len().min(self.bytes.len()).min(10);
            out[..count].copy_from_slice(&self.bytes[..count]);
            self.bytes = &self.bytes[count..];
            self.reads += 1;
            Ok(count)
        }
    }

    #[test]
    fn one_refill_fills_the_whole_buffer_from_a_dribbling_source() {
        let source = vec![b'x'; INITIAL_CAPACITY * 2];
        let mut buffer = InputBuffer::with_capacity(Dribble { bytes: &source, reads: 0 }, INITIAL_CAPACITY);
        buffer.fill_more().unwrap();
        assert_eq!(buffer.available().len(), INITIAL_CAPACITY);
        buffer.fill_more().unwrap();
        assert_eq!(buffer.available().len(), INITIAL_CAPACITY * 2, "grown, then filled");
        assert!(!buffer.at_eof());
        buffer.fill_more().unwrap();
        assert!(buffer.at_eof());
    }

    #[test]
    fn refills_keep_unconsumed_bytes_and_grow_when_full() {
        let source: Vec<u8> = (0..INITIAL_CAPACITY * 3).map(|i| i as u8).collect();
        let mut buffer = InputBuffer::with_capacity(source.as_slice(), INITIAL_CAPACITY);
        while !buffer.at_eof() {
            buffer.fill_more().unwrap();
        }
        assert_eq!(buffer.available(), source.as_slice());
        buffer.consume(10);
        assert_eq!(buffer.available()[0], 10);
        assert_eq!(buffer.consumed_total(), 10);
    }
}
