//! Whether `save FILE` may replace FILE without asking: it may when FILE is missing or
//! empty, or holds exactly what this game last wrote there or was loaded from (a record of
//! one game, whose tags, comments and variations a save keeps). Anything else (other games,
//! a record this game did not write, text that is no record) would be lost: the player is
//! asked first, and a session that is not at a terminal refuses (`save!` forces).

use std::collections::hash_map::DefaultHasher;
use std::hash::{Hash, Hasher};
use std::path::{Path, PathBuf};

/// The files whose content is this game's, each with a digest of that content.
#[derive(Clone, Debug, Default)]
pub struct OwnFiles(Vec<(PathBuf, u64)>);

impl OwnFiles {
    /// `path` now holds `content`, which is this game's.
    pub fn remember(&mut self, path: &Path, content: &[u8]) {
        let Ok(path) = path.canonicalize() else { return };
        self.0.retain(|(known, _)| *known != path);
        self.0.push((path, digest(content)));
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
        let content = std::fs::read(path).map_err(|e| format!("cannot read {}: {e}", path.display()))?;
        let own = path.canonicalize().is_ok_and(|canonical| self.0.contains(&(canonical, digest(&content))));
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

fn digest(content: &[u8]) -> u64 {
    let mut hasher = DefaultHasher::new();
    content.hash(&mut hasher);
    hasher.finish()
}
