//! Autosave: an interactive session that ends (or starts another game) with plies not yet
//! saved writes them to `$XDG_STATE_HOME/holechess/autosave/` (else
//! `~/.local/state/holechess/autosave/`) and says where, so no game is lost by accident.

use std::path::PathBuf;

/// The folder autosaved games go to.
pub fn folder() -> Option<PathBuf> {
    if let Some(state) = std::env::var_os("XDG_STATE_HOME").filter(|s| !s.is_empty()) {
        return Some(PathBuf::from(state).join("holechess").join("autosave"));
    }
    let home = std::env::var_os("HOME").filter(|h| !h.is_empty())?;
    Some(PathBuf::from(home).join(".local").join("state").join("holechess").join("autosave"))
}

/// A new file name for a game of `variant`: `porthole-20261123-154401.pgn` (UTC), with a
/// counter when that name is taken.
pub fn file_for(variant: &str) -> Option<PathBuf> {
    let dir = folder()?;
    std::fs::create_dir_all(&dir).ok()?;
    let stamp = super::date::utc_stamp();
    (0..100)
        .map(|n| match n {
            0 => dir.join(format!("{variant}-{stamp}.pgn")),
            n => dir.join(format!("{variant}-{stamp}-{n}.pgn")),
        })
        .find(|path| !path.exists())
}
