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

/// What the player is told once an unsaved game of `plies` (`1 ply`, `18 plies`) was
/// autosaved to `path` (escaped for the terminal): one line that fits 80 columns, and the
/// path whole on a line of its own, so that it can be copied however long it is.
pub fn saved_message(plies: &str, path: &str) -> String {
    format!("The unsaved game ({plies}) was autosaved; `load` this file to continue it:\n  {path}")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_autosave_message_fits_80_columns_and_keeps_the_path_whole() {
        let path = format!("/home/player/{}/holechess/autosave/porthole-20261126-083000.pgn", "deep/".repeat(20));
        let message = saved_message("123456 plies", &path);
        let lines: Vec<&str> = message.lines().collect();
        assert_eq!(lines.len(), 2, "{message}");
        assert!(lines[0].chars().count() <= 80, "{} columns: {}", lines[0].chars().count(), lines[0]);
        assert_eq!(lines[1].trim(), path, "the path is not broken");
        assert!(!message.contains("saved 123456"), "said once: {message}");
    }
}
