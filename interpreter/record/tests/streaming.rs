//! Reading through a source that hands out a few bytes at a time must give exactly what
//! reading from one slice gives: every refill point inside a game is exercised, over the
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

#[test]
fn byte_by_byte_reading_equals_whole_reading() {
    for file in tricky_files() {
        let bytes = std::fs::read(&file).unwrap();
        // Each refill parses the game again from its start: keep debug runs short.
        let steps: &[usize] = match bytes.len() {
            0..=4_000 => &[1, 7],
            4_001..=30_000 => &[7],
            _ => continue,
        };
        let whole = summary(PgnReader::from_bytes(&bytes));
        for &step in steps {
            let trickled = summary(PgnReader::new(Trickle { bytes: &bytes, step }));
            assert_eq!(trickled, whole, "{} read {step} bytes at a time", file.display());
        }
    }
}

#[test]
fn big_files_in_small_chunks_equal_whole_reading() {
    for file in tricky_files() {
        let bytes = std::fs::read(&file).unwrap();
        let whole = summary(PgnReader::from_bytes(&bytes));
        let trickled = summary(PgnReader::new(Trickle { bytes: &bytes, step: 997 }));
        assert_eq!(trickled, whole, "{}", file.display());
    }
}
