//! Which files a script may read. A script reaches only files inside its own folder tree
//! (the folder of the root script and below), the bundled library, and folders the user
//! allowed (`--allow-path DIR`); `extends` and `include` read only `.hole` scripts and `rhai`
//! only `.rhai` sources, so a diagnostic never quotes another kind of file. Only regular
//! files of bounded size are read, never devices, pipes or `/proc` streams.

use std::io::Read;
use std::path::{Path, PathBuf};
use std::sync::RwLock;

use crate::limits::MAX_FILE_BYTES;
use crate::sources::{self, Origin, SCRIPT_EXTENSION};

/// Folders the user allowed besides a script's own tree, canonical.
static ALLOWED: RwLock<Vec<PathBuf>> = RwLock::new(Vec::new());

/// The extension of rhai sources.
pub const RHAI_EXTENSION: &str = "rhai";

/// Lets every script loaded from now on read files under `dir` (the `--allow-path` flag).
///
/// # Errors
///
/// Why `dir` cannot be allowed: it does not exist or is not a folder.
pub fn allow_path(dir: &Path) -> Result<(), String> {
    let canonical = dir.canonicalize().map_err(|error| format!("--allow-path {}: {error}", dir.display()))?;
    if !canonical.is_dir() {
        return Err(format!("--allow-path {}: not a folder", dir.display()));
    }
    if let Ok(mut allowed) = ALLOWED.write() {
        allowed.push(canonical);
    }
    Ok(())
}

/// What a reference asks for: a script (`extends`, `include`) or a rhai source.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum FileKind {
    /// A `.hole` script.
    Script,
    /// A `.rhai` source.
    Rhai,
}

impl FileKind {
    fn extension(self) -> &'static str {
        match self {
            FileKind::Script => SCRIPT_EXTENSION,
            FileKind::Rhai => RHAI_EXTENSION,
        }
    }
}

/// The folders one variant's files may come from.
#[derive(Clone, Debug, Default)]
pub struct FilePolicy {
    roots: Vec<PathBuf>,
}

impl FilePolicy {
    /// The policy for a variant whose root script is `root`: its folder tree and the
    /// allowed folders.
    pub fn for_root(root: &Origin) -> FilePolicy {
        let mut roots = ALLOWED.read().map(|allowed| allowed.clone()).unwrap_or_default();
        if let Origin::Disk(path) | Origin::Memory(path) = root {
            let folder = path.parent().filter(|parent| !parent.as_os_str().is_empty()).unwrap_or(Path::new("."));
            roots.extend(folder.canonicalize().ok());
        }
        FilePolicy { roots }
    }

    /// The file a script may read for a reference that resolved to `origin`, or why not.
    /// A library file named from outside the tree (`../stdlib/dice-events.rhai`) is the
    /// bundled copy.
    ///
    /// # Errors
    ///
    /// Why the script may not read the file: outside the allowed directories, or of a kind not read from
    /// there.
    pub fn admit(&self, origin: Origin, kind: FileKind) -> Result<Origin, String> {
        let Origin::Disk(path) = &origin else {
            return Ok(origin);
        };
        if path.extension().and_then(|e| e.to_str()) != Some(kind.extension()) {
            return Err(format!("`{}` is not a .{} file", path.display(), kind.extension()));
        }
        let canonical = path.canonicalize().map_err(|error| format!("cannot read `{}`: {error}", path.display()))?;
        if self.roots.iter().any(|root| canonical.starts_with(root)) {
            return Ok(origin);
        }
        if let Some(bundled) = bundled_library(&canonical) {
            return Ok(bundled);
        }
        Err(format!(
            "`{}` lies outside the script's folder: a script reads only files in its own folder tree and \
             the bundled library (`--allow-path DIR` allows another folder)",
            path.display()
        ))
    }
}

/// The bundled library file a reference names (`../stdlib/dice-events.rhai`) when no such
/// file exists on disk: a script copied out of the repository keeps working.
#[must_use]
pub fn library_file(reference: &str) -> Option<Origin> {
    bundled_library(Path::new(reference))
}

/// The bundled library file a path names by its last two parts (`stdlib/NAME`).
fn bundled_library(path: &Path) -> Option<Origin> {
    let name = path.file_name()?.to_str()?;
    let folder = path.parent()?.file_name()?.to_str()?;
    sources::bundled_text(&format!("{folder}/{name}"))
        .filter(|(bundled, _)| bundled.starts_with("stdlib/"))
        .map(|(bundled, _)| Origin::Bundled(bundled))
}

/// Reads a file on disk: a regular file of at most [`MAX_FILE_BYTES`] bytes of UTF-8 text.
///
/// # Errors
///
/// Why the file cannot be read: missing, not a regular file, longer than [`MAX_FILE_BYTES`] or not UTF-8.
pub fn read_file(path: &Path) -> Result<String, String> {
    let shown = path.display();
    let metadata = std::fs::metadata(path).map_err(|error| format!("cannot read `{shown}`: {error}"))?;
    if !metadata.is_file() {
        return Err(format!("cannot read `{shown}`: not a regular file"));
    }
    let file = std::fs::File::open(path).map_err(|error| format!("cannot read `{shown}`: {error}"))?;
    let mut bytes = Vec::new();
    file.take(MAX_FILE_BYTES + 1).read_to_end(&mut bytes).map_err(|error| format!("cannot read `{shown}`: {error}"))?;
    if bytes.len() as u64 > MAX_FILE_BYTES {
        return Err(format!("`{shown}` is larger than {} KiB, the limit for a script", MAX_FILE_BYTES / 1024));
    }
    if bytes.starts_with(b"\xFF\xFE") || bytes.starts_with(b"\xFE\xFF") {
        return Err(format!("`{shown}` is UTF-16 text; save it as UTF-8"));
    }
    String::from_utf8(bytes).map_err(|error| not_utf8(&shown.to_string(), error.as_bytes(), error.utf8_error()))
}

/// Where a script stops being UTF-8: its line and column, and the byte.
fn not_utf8(shown: &str, bytes: &[u8], error: std::str::Utf8Error) -> String {
    let at = error.valid_up_to();
    let line = bytes[..at].iter().filter(|&&byte| byte == b'\n').count() + 1;
    let column = at - bytes[..at].iter().rposition(|&byte| byte == b'\n').map_or(0, |newline| newline + 1) + 1;
    format!("`{shown}` is not UTF-8 text: line {line}, column {column} holds the byte 0x{:02x}", bytes[at])
}
