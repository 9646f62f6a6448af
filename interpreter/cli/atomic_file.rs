//! Replacing a file so that its old content is never lost: the new text goes to a temporary
//! file in the same folder, is flushed to the disk, and only then renamed over the target.
//! A write that fails (a full disk, a file-size limit) leaves the old file as it was and
//! removes the temporary file. The target is never opened for writing, so it is never
//! truncated, and a symbolic link is never written through: by default a link is refused
//! (renaming would replace the link itself, which the user may not expect); when asked, the
//! link itself is replaced by the new file and its target is left alone.

use std::fs::{File, OpenOptions};
use std::io::Write;
use std::path::{Path, PathBuf};

/// What to do when the target is a symbolic link.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Links {
    /// Refuse, saying where the link points.
    Refuse,
    /// Replace the link itself with the new file (the file it pointed to is kept).
    Replace,
}

/// A replacement under way: a temporary file next to the target. Dropped without
/// [`Replacement::commit`], it removes the temporary file and the target stays as it was.
pub struct Replacement {
    target: PathBuf,
    temp: PathBuf,
    file: Option<File>,
}

impl Replacement {
    /// Starts replacing `target`: checks what it is now and creates the temporary file.
    pub fn begin(target: &Path, links: Links) -> Result<Replacement, String> {
        check_target(target, links)?;
        let folder = match target.parent() {
            Some(parent) if !parent.as_os_str().is_empty() => parent.to_owned(),
            _ => PathBuf::from("."),
        };
        let name = target.file_name().map_or("record".into(), |name| name.to_string_lossy().into_owned());
        let mut last_error = None;
        for attempt in 0..100 {
            let temp = folder.join(format!(".{name}.{}-{attempt}.tmp", std::process::id()));
            match OpenOptions::new().write(true).create_new(true).open(&temp) {
                Ok(file) => {
                    keep_permissions(target, &file);
                    return Ok(Replacement { target: target.to_owned(), temp, file: Some(file) });
                }
                Err(error) if error.kind() == std::io::ErrorKind::AlreadyExists => last_error = Some(error),
                Err(error) => return Err(cannot_write(target, &error)),
            }
        }
        Err(cannot_write(target, &last_error.unwrap_or_else(|| std::io::Error::other("no free temporary name"))))
    }

    /// Appends `bytes` to the new content.
    pub fn write(&mut self, bytes: &[u8]) -> Result<(), String> {
        let file = self.file.as_mut().ok_or_else(|| cannot_write(&self.target, &std::io::Error::other("closed")))?;
        file.write_all(bytes).map_err(|error| cannot_write(&self.target, &error))
    }

    /// Flushes the new content to the disk and renames it over the target; the open file
    /// is returned, now the target's, for content appended later.
    pub fn commit(mut self) -> Result<File, String> {
        let file = self.file.take().ok_or_else(|| cannot_write(&self.target, &std::io::Error::other("closed")))?;
        file.sync_all().map_err(|error| cannot_write(&self.target, &error))?;
        std::fs::rename(&self.temp, &self.target).map_err(|error| cannot_write(&self.target, &error))?;
        // The rename is what makes the new file the target's: flush the folder too (best
        // effort: not every file system lets a folder be opened and synced).
        if let Some(folder) = self.target.parent().filter(|p| !p.as_os_str().is_empty()) {
            let _ = File::open(folder).and_then(|dir| dir.sync_all());
        }
        self.temp = PathBuf::new();
        Ok(file)
    }
}

impl Drop for Replacement {
    fn drop(&mut self) {
        if !self.temp.as_os_str().is_empty() {
            self.file = None;
            let _ = std::fs::remove_file(&self.temp);
        }
    }
}

/// Replaces `target` with `bytes` (see the module's doc).
pub fn replace(target: &Path, bytes: &[u8], links: Links) -> Result<(), String> {
    let mut replacement = Replacement::begin(target, links)?;
    replacement.write(bytes)?;
    replacement.commit().map(drop)
}

/// A file-size limit (`ulimit -f`) makes the kernel send SIGXFSZ, which would end the
/// program in the middle of a save; ignored, the write fails with an error instead, which a
/// save reports (and the old file is kept).
pub fn report_file_size_limit_as_error() {
    #[cfg(unix)]
    // SAFETY: setting a signal's disposition to "ignore" has no handler code to race with.
    unsafe {
        libc::signal(libc::SIGXFSZ, libc::SIG_IGN);
    }
}

/// The target may be missing or a regular file; a link is refused unless asked for, a
/// folder or a device always.
fn check_target(target: &Path, links: Links) -> Result<(), String> {
    let Ok(metadata) = std::fs::symlink_metadata(target) else { return Ok(()) };
    if metadata.file_type().is_symlink() {
        if links == Links::Replace {
            return Ok(());
        }
        let pointed = std::fs::read_link(target).map_or_else(|_| "?".to_owned(), |p| p.display().to_string());
        return Err(format!(
            "{} is a symbolic link (to {pointed}); nothing was written: saving would replace the link, \
             not write to the file it points to; name {pointed} itself",
            target.display()
        ));
    }
    if !metadata.is_file() {
        return Err(format!("{} is not a regular file; nothing was written", target.display()));
    }
    Ok(())
}

/// The new file gets the old one's permissions (a private record stays private).
fn keep_permissions(target: &Path, file: &File) {
    if let Ok(metadata) = std::fs::metadata(target) {
        let _ = file.set_permissions(metadata.permissions());
    }
}

fn cannot_write(target: &Path, error: &std::io::Error) -> String {
    format!("cannot write {}: {error}; the file is unchanged", target.display())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn folder(name: &str) -> PathBuf {
        let dir = std::env::temp_dir().join(format!("holechess-atomic-{name}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        dir
    }

    #[test]
    fn a_replacement_dropped_before_commit_keeps_the_old_file_and_no_temporary() {
        let dir = folder("drop");
        let target = dir.join("game.pgn");
        std::fs::write(&target, "old").unwrap();
        let mut replacement = Replacement::begin(&target, Links::Refuse).unwrap();
        replacement.write(b"new, half written").unwrap();
        drop(replacement);
        assert_eq!(std::fs::read_to_string(&target).unwrap(), "old");
        assert_eq!(std::fs::read_dir(&dir).unwrap().count(), 1, "the temporary file is removed");
        replace(&target, b"new", Links::Refuse).unwrap();
        assert_eq!(std::fs::read_to_string(&target).unwrap(), "new");
        assert_eq!(std::fs::read_dir(&dir).unwrap().count(), 1);
    }

    #[cfg(unix)]
    #[test]
    fn a_link_is_refused_or_replaced_itself_never_written_through() {
        let dir = folder("link");
        let pointed = dir.join("elsewhere.txt");
        std::fs::write(&pointed, "keep me").unwrap();
        let link = dir.join("game.pgn");
        std::os::unix::fs::symlink(&pointed, &link).unwrap();
        let error = replace(&link, b"new", Links::Refuse).unwrap_err();
        assert!(error.contains("symbolic link") && error.contains("elsewhere.txt"), "{error}");
        replace(&link, b"new", Links::Replace).unwrap();
        assert_eq!(std::fs::read_to_string(&pointed).unwrap(), "keep me");
        assert!(!std::fs::symlink_metadata(&link).unwrap().file_type().is_symlink());
        assert_eq!(std::fs::read_to_string(&link).unwrap(), "new");
    }
}
