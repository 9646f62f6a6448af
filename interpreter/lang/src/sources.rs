//! Where script text comes from: the files embedded in the binary (bundled variants, the
//! stdlib and their `.rhai` files), files on disk, and the map from spans to file:line:col.
//! Also resolves `extends` / `include` / `rhai` references to files.

use std::path::{Component, Path, PathBuf};

use crate::ast::{FileId, Span};

/// Every file embedded in the binary, by its path in the repository.
const BUNDLED_FILES: &[(&str, &str)] = &[
    ("variants/chess.hole", include_str!("../bundle/variants/chess.hole")),
    ("stdlib/orthodox-pieces.hole", include_str!("../bundle/stdlib/orthodox-pieces.hole")),
    ("stdlib/orthodox-rules.hole", include_str!("../bundle/stdlib/orthodox-rules.hole")),
    ("stdlib/hole-mechanics.hole", include_str!("../bundle/stdlib/hole-mechanics.hole")),
    ("variants/porthole.hole", include_str!("../bundle/variants/porthole.hole")),
    ("variants/standard-portal.hole", include_str!("../bundle/variants/standard-portal.hole")),
    ("variants/portal.hole", include_str!("../bundle/variants/portal.hole")),
    ("variants/portal-one-set.hole", include_str!("../bundle/variants/portal-one-set.hole")),
    ("variants/pothole.hole", include_str!("../bundle/variants/pothole.hole")),
    ("variants/wormhole.hole", include_str!("../bundle/variants/wormhole.hole")),
    ("stdlib/dice-events.rhai", include_str!("../bundle/stdlib/dice-events.rhai")),
];

/// Folder of the bundled variants (`extends NAME`, `holechess play NAME`).
const VARIANTS_DIR: &str = "variants";
/// Folder of the stdlib modules (`include NAME`).
const STDLIB_DIR: &str = "stdlib";
/// Extension of rule-language scripts.
pub const SCRIPT_EXTENSION: &str = "hole";

/// Where a source file lives.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum Origin {
    /// Embedded in the binary, by repository path (`stdlib/orthodox-pieces.hole`).
    Bundled(&'static str),
    /// On disk.
    Disk(PathBuf),
    /// Given as text by the caller, labelled with a path that relative references use.
    Memory(PathBuf),
}

impl Origin {
    /// The file's name in messages.
    #[must_use]
    pub fn label(&self) -> String {
        match self {
            Origin::Bundled(path) => format!("<bundled>/{path}"),
            Origin::Disk(path) | Origin::Memory(path) => path.display().to_string(),
        }
    }
}

/// One loaded source file.
#[derive(Clone, Debug)]
pub struct SourceFile {
    /// Where it was read from.
    pub origin: Origin,
    /// Its whole text.
    pub text: String,
    /// Byte offset of the start of every line, so placing a span costs a binary search,
    /// not a scan of the file (a file with many errors is checked in linear time).
    line_starts: Vec<usize>,
}

impl SourceFile {
    fn new(origin: Origin, text: String) -> SourceFile {
        let line_starts = std::iter::once(0).chain(text.match_indices('\n').map(|(i, _)| i + 1)).collect();
        SourceFile { origin, text, line_starts }
    }

    /// The 0-based line holding byte `offset` and the byte where that line starts.
    fn line_of(&self, offset: usize) -> (usize, usize) {
        let line = self.line_starts.partition_point(|&start| start <= offset).saturating_sub(1);
        (line, self.line_starts.get(line).copied().unwrap_or(0))
    }
}

/// A span placed in its file, for a diagnostic.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Location {
    /// The file's name in messages.
    pub file: String,
    /// 1-based line.
    pub line: usize,
    /// 1-based column, in characters, within `source_line`.
    pub column: usize,
    /// How many characters the caret underlines.
    pub width: usize,
    /// The line quoted (a bounded excerpt of a long one).
    pub source_line: String,
}

/// All source files read while loading one variant; [`FileId`]s index it.
#[derive(Clone, Debug, Default)]
pub struct SourceMap {
    files: Vec<SourceFile>,
}

impl SourceMap {
    /// Adds a file's text; its id is returned.
    pub fn add(&mut self, origin: Origin, text: String) -> FileId {
        self.files.push(SourceFile::new(origin, text));
        self.files.len() - 1
    }

    /// The file with this id.
    #[must_use]
    pub fn get(&self, file: FileId) -> Option<&SourceFile> {
        self.files.get(file)
    }

    /// The id of the file read from `origin`, if it was read.
    #[must_use]
    pub fn find(&self, origin: &Origin) -> Option<FileId> {
        self.files.iter().position(|file| &file.origin == origin)
    }

    /// Every file read, in order.
    #[must_use]
    pub fn files(&self) -> &[SourceFile] {
        &self.files
    }

    /// The file, line, column and source line of a span's start; the width covers the span
    /// up to the end of that line.
    #[must_use]
    pub fn locate(&self, span: Span) -> Location {
        let Some(file) = self.files.get(span.file) else {
            return Location { file: "<unknown>".into(), line: 1, column: 1, width: 1, source_line: String::new() };
        };
        let text = &file.text;
        let start = floor_char_boundary(text, span.start.min(text.len()));
        let (line, line_start) = file.line_of(start);
        let line_end = text[start..].find('\n').map_or(text.len(), |i| start + i);
        let end = floor_char_boundary(text, span.end.clamp(start, line_end));
        let column = text[line_start..start].chars().count() + 1;
        let width = text[start..end].chars().count().max(1);
        let whole_line = text[line_start..line_end].trim_end_matches('\r');
        let (source_line, column, width) = crate::limits::excerpt(whole_line, column, width);
        Location { file: file.origin.label(), line: line + 1, column, width, source_line }
    }
}

/// The largest char boundary at or before `index`.
fn floor_char_boundary(text: &str, mut index: usize) -> usize {
    while index > 0 && !text.is_char_boundary(index) {
        index -= 1;
    }
    index
}

/// The text of a bundled file.
#[must_use]
pub fn bundled_text(path: &str) -> Option<(&'static str, &'static str)> {
    BUNDLED_FILES.iter().find(|(name, _)| *name == path).copied()
}

/// The bundled variant names, in order (`chess`).
#[must_use]
pub fn bundled_variant_names() -> Vec<&'static str> {
    names_in(VARIANTS_DIR)
}

/// The stdlib module names (`orthodox-pieces`).
#[must_use]
pub fn stdlib_module_names() -> Vec<&'static str> {
    names_in(STDLIB_DIR)
}

fn names_in(dir: &str) -> Vec<&'static str> {
    BUNDLED_FILES
        .iter()
        .filter_map(|(path, _)| path.strip_prefix(dir)?.strip_prefix('/'))
        .filter_map(|file| file.strip_suffix(".hole"))
        .collect()
}

/// The behaviours the stdlib modules declare, each with its module: `("pit",
/// "hole-mechanics")`, in the modules' order.
#[must_use]
pub fn stdlib_behaviours() -> Vec<(&'static str, &'static str)> {
    let mut found = Vec::new();
    for module in stdlib_module_names() {
        let Some((_, text)) = bundled_text(&format!("{STDLIB_DIR}/{module}.{SCRIPT_EXTENSION}")) else { continue };
        for line in text.lines() {
            if let Some(name) = line.strip_prefix("behaviour ").and_then(|rest| rest.split_whitespace().next()) {
                found.push((name, module));
            }
        }
    }
    found
}

/// What stands at a path that cannot be read as a script, in words (`is a directory`, `is
/// not a regular file`); `None` when nothing does.
#[must_use]
pub fn what_is_at(from: &Origin, relative: &str) -> Option<&'static str> {
    let (Origin::Disk(path) | Origin::Memory(path)) = from else { return None };
    let candidate = path.parent().unwrap_or(Path::new("")).join(relative);
    let metadata = std::fs::metadata(candidate).ok()?;
    Some(match () {
        _ if metadata.is_dir() => "is a directory",
        _ if !metadata.is_file() => "is not a regular file",
        _ => return None,
    })
}

/// Whether a command-line argument is a path rather than a bundled name.
#[must_use]
pub fn looks_like_path(text: &str) -> bool {
    text.contains('/') || text.contains('\\') || text.ends_with(&format!(".{SCRIPT_EXTENSION}"))
}

/// The origin of a bundled variant by name.
#[must_use]
pub fn bundled_variant(name: &str) -> Option<Origin> {
    bundled_text(&format!("{VARIANTS_DIR}/{name}.{SCRIPT_EXTENSION}")).map(|(path, _)| Origin::Bundled(path))
}

/// The origin of a stdlib module by name.
#[must_use]
pub fn stdlib_module(name: &str) -> Option<Origin> {
    bundled_text(&format!("{STDLIB_DIR}/{name}.{SCRIPT_EXTENSION}")).map(|(path, _)| Origin::Bundled(path))
}

/// Resolves a bare name: a bundled variant, then a stdlib module, then `NAME.hole` beside the
/// including file.
#[must_use]
pub fn resolve_name(from: &Origin, name: &str) -> Option<Origin> {
    bundled_variant(name)
        .or_else(|| stdlib_module(name))
        .or_else(|| resolve_path(from, &format!("{name}.{SCRIPT_EXTENSION}")))
}

/// Resolves a path relative to the including file: inside the bundle for bundled files, on
/// disk otherwise. `None` when there is no such file.
#[must_use]
pub fn resolve_path(from: &Origin, relative: &str) -> Option<Origin> {
    match from {
        Origin::Bundled(path) => {
            let joined = join_bundled(path, relative)?;
            bundled_text(&joined).map(|(path, _)| Origin::Bundled(path))
        }
        Origin::Disk(path) | Origin::Memory(path) => {
            let candidate = path.parent().unwrap_or(Path::new("")).join(relative);
            candidate.is_file().then_some(Origin::Disk(candidate))
        }
    }
}

/// `stdlib/a.hole` + `../variants/b.hole` = `variants/b.hole`.
fn join_bundled(from: &str, relative: &str) -> Option<String> {
    let mut parts: Vec<&str> = from.split('/').collect();
    parts.pop();
    for component in Path::new(relative).components() {
        match component {
            Component::Normal(part) => parts.push(part.to_str()?),
            Component::ParentDir => {
                parts.pop()?;
            }
            Component::CurDir => {}
            Component::RootDir | Component::Prefix(_) => return None,
        }
    }
    Some(parts.join("/"))
}

/// Reads the text of a file.
///
/// # Errors
///
/// Why the file cannot be read (see [`crate::policy::read_file`]), or the bundle has no such file.
pub fn read(origin: &Origin) -> Result<String, String> {
    match origin {
        Origin::Bundled(path) => {
            bundled_text(path).map(|(_, text)| text.to_string()).ok_or_else(|| format!("no bundled file `{path}`"))
        }
        Origin::Disk(path) | Origin::Memory(path) => crate::policy::read_file(path),
    }
}
