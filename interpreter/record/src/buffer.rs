//! [`InputBuffer`]: a window of bytes from a [`Read`], refilled on demand. It keeps the
//! unconsumed bytes contiguous and grows only when one game does not fit.

use std::io::{self, Read};

const INITIAL_CAPACITY: usize = 256 * 1024;

pub(crate) struct InputBuffer<R> {
    source: R,
    data: Vec<u8>,
    start: usize,
    end: usize,
    at_eof: bool,
    consumed_total: u64,
}

impl<R: Read> InputBuffer<R> {
    pub fn new(source: R) -> InputBuffer<R> {
        InputBuffer { source, data: vec![0; INITIAL_CAPACITY], start: 0, end: 0, at_eof: false, consumed_total: 0 }
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

    /// Reads more bytes after the available ones (none at end of file), growing the
    /// buffer if the available bytes fill it.
    pub fn fill_more(&mut self) -> io::Result<()> {
        if self.at_eof {
            return Ok(());
        }
        self.make_room();
        loop {
            match self.source.read(&mut self.data[self.end..]) {
                Ok(0) => {
                    self.at_eof = true;
                    return Ok(());
                }
                Ok(count) => {
                    self.end += count;
                    return Ok(());
                }
                Err(error) if error.kind() == io::ErrorKind::Interrupted => continue,
                Err(error) => return Err(error),
            }
        }
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

    #[test]
    fn refills_keep_unconsumed_bytes_and_grow_when_full() {
        let source: Vec<u8> = (0..INITIAL_CAPACITY * 3).map(|i| i as u8).collect();
        let mut buffer = InputBuffer::new(source.as_slice());
        while !buffer.at_eof() {
            buffer.fill_more().unwrap();
        }
        assert_eq!(buffer.available(), source.as_slice());
        buffer.consume(10);
        assert_eq!(buffer.available()[0], 10);
        assert_eq!(buffer.consumed_total(), 10);
    }
}
