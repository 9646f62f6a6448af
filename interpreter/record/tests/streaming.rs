//! Reading through a small read buffer, or from a source that hands out a few bytes at a
//! time, must give exactly what reading from one slice gives: refills fall inside games, over the
//! tricky PGN fixtures (`tests/fixtures/pgn/tricky/` at the workspace root).

use std::io::Read;

use holechess_record::{GameRecord, PgnReader, ReadError};

/// A [`Read`] that returns at most `step` bytes per call.
struct Trickle<'a> {
    bytes: &'a [u8],
    step: usize,
}

impl Read for Trickle<'_> {
    fn read(&mut self, out: &mut [u8]) -> std::io::Result<usize> {
        let count = self.step.min(out.len()).min(self.bytes.len());
        out[..count].copy_from_slice(&self.bytes[..count]);
        self.bytes = &self.bytes[count..];
        Ok(count)
    }
}

fn summary(items: impl Iterator<Item = Result<GameRecord, ReadError>>) -> Vec<String> {
    items
        .map(|item| match item {
            Ok(item) => format!("{item:?}"),
            Err(error) => format!("error: {error}"),
        })
        .collect()
}

fn tricky_files() -> Vec<std::path::PathBuf> {
    let mut files = Vec::new();
    for dir in ["pgn-read", "python-chess", "sunfish"] {
        let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../tests/fixtures/pgn/tricky").join(dir);
        for entry in std::fs::read_dir(dir).expect("tricky dir") {
            files.push(entry.unwrap().path());
        }
    }
    files.sort();
    files
}

/// Read buffers that start small, so that games straddle refills at many points (a buffer
/// doubles when one game does not fit, and is refilled whole).
const BUFFER_CAPACITIES: [usize; 5] = [1, 7, 64, 997, 4096];

#[test]
fn reading_through_small_buffers_equals_whole_reading() {
    for file in tricky_files() {
        let bytes = std::fs::read(&file).unwrap();
        let whole = summary(PgnReader::from_bytes(&bytes));
        for capacity in BUFFER_CAPACITIES {
            let reader = PgnReader::with_buffer_capacity(bytes.as_slice(), capacity);
            assert_eq!(summary(reader), whole, "{} through a {capacity}-byte buffer", file.display());
        }
    }
}

#[test]
fn a_trickling_source_equals_whole_reading() {
    for file in tricky_files() {
        let bytes = std::fs::read(&file).unwrap();
        let whole = summary(PgnReader::from_bytes(&bytes));
        for (step, capacity) in [(1, 64), (7, 1), (997, 4096)] {
            let reader = PgnReader::with_buffer_capacity(Trickle { bytes: &bytes, step }, capacity);
            assert_eq!(summary(reader), whole, "{} read {step} bytes at a time", file.display());
        }
    }
}
