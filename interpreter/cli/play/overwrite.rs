//! Whether `save FILE` may replace FILE without asking: it may when FILE is missing or
//! empty, or holds exactly what this game last wrote there or was loaded from (a record of
//! one game, whose tags, comments and variations a save keeps). Anything else (other games,
//! a record this game did not write, text that is no record) would be lost: the player is
//! asked first, and a session that is not at a terminal refuses (`save!` forces).

use std::collections::hash_map::DefaultHasher;
use std::hash::{Hash, Hasher};
use std::io::Read;
use std::path::{Path, PathBuf};

/// The files whose content is this game's, each with a digest of that content.
#[derive(Clone, Debug, Default)]
pub struct OwnFiles(Vec<(PathBuf, u64)>);

impl OwnFiles {
    /// `path` now holds `content`, which is this game's.
    pub fn remember(&mut self, path: &Path, content: &[u8]) {
        if let Ok(digest) = digest(content) {
            self.remember_digest(path, digest);
        }
    }

    /// `path`, just loaded, holds this game: its content is digested as it is read, never
    /// held whole (a record may be tens of megabytes).
    pub fn remember_file(&mut self, path: &Path) {
        if let Ok(digest) = std::fs::File::open(path).and_then(digest) {
            self.remember_digest(path, digest);
        }
    }

    fn remember_digest(&mut self, path: &Path, digest: u64) {
        let Ok(path) = path.canonicalize() else { return };
        self.0.retain(|(known, _)| *known != path);
        self.0.push((path, digest));
    }

    /// Another game starts: no file holds it yet.
    pub fn forget(&mut self) {
        self.0.clear();
    }

    /// `Ok` when saving over `path` loses nothing; else what the file holds that would be lost.
    pub fn check(&self, path: &Path) -> Result<(), String> {
        // A link, a folder or a device is not written at all: the save itself says why.
        let Ok(metadata) = std::fs::symlink_metadata(path) else { return Ok(()) };
        if !metadata.is_file() || metadata.len() == 0 {
            return Ok(());
        }
        let file = std::fs::File::open(path).and_then(digest);
        let digest = file.map_err(|e| format!("cannot read {}: {e}", path.display()))?;
        let own = path.canonicalize().is_ok_and(|canonical| self.0.contains(&(canonical, digest)));
        if own {
            return Ok(());
        }
        Err(format!("{} already holds {}", path.display(), what_it_holds(path)))
    }
}

/// `2 games`, `a game not saved from this one`, or `text that is not a PGN record`.
fn what_it_holds(path: &Path) -> String {
    let games = holechess_record::PgnReader::open(path).map_or(0, |reader| reader.games().count());
    match games {
        0 => "text that is not a PGN record".to_owned(),
        1 => "a game not saved from this one".to_owned(),
        n => format!("{n} games"),
    }
}

/// The bytes digested at a time: a source is read in whole chunks of this size (the last
/// one shorter), so that a file and the same bytes in memory digest alike.
const CHUNK: usize = 64 * 1024;

/// A digest of everything `source` holds, read a chunk at a time.
fn digest(mut source: impl Read) -> std::io::Result<u64> {
    let mut hasher = DefaultHasher::new();
    let mut chunk = vec![0; CHUNK];
    loop {
        let mut filled = 0;
        while filled < CHUNK {
            match source.read(&mut chunk[filled..]) {
                Ok(0) => break,
                Ok(read) => filled += read,
                Err(error) if error.kind() == std::io::ErrorKind::Interrupted => {}
                Err(error) => return Err(error),
            }
        }
        chunk[..filled].hash(&mut hasher);
        if filled < CHUNK {
            return Ok(hasher.finish());
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_file_digests_as_its_bytes_in_memory_whatever_its_length() {
        let dir = std::env::temp_dir().join(format!("holechess-digest-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        for length in [0, 1, CHUNK - 1, CHUNK, CHUNK + 1, 3 * CHUNK + 5] {
            let content: Vec<u8> = (0..length).map(|i| (i % 251) as u8).collect();
            let path = dir.join(format!("{length}.pgn"));
            std::fs::write(&path, &content).unwrap();
            let mut own = OwnFiles::default();
            own.remember(&path, &content);
            assert!(own.check(&path).is_ok(), "{length} bytes remembered from memory");
            let mut own = OwnFiles::default();
            own.remember_file(&path);
            assert!(own.check(&path).is_ok(), "{length} bytes remembered from the file");
            std::fs::write(&path, b"[Event \"other\"]\n\n1. d4 *\n").unwrap();
            assert!(own.check(&path).is_err(), "another content is not this game's");
        }
    }
}
