//! The holechess rule language: `.hole` scripts that declare a chess variant with holes in
//! the board, and the front end that turns them into the kernel's compiled [`Variant`].
//!
//! The stages, each in its own module: [`syntax`] (pest grammar → [`ast`]), [`check`]
//! (files, inheritance, names, consistency), [`lower`] (→ [`VariantSpec`]), then the kernel's
//! [`Variant::compile`]. Every problem on the way becomes a [`Diagnostic`] that names
//! file:line:col and shows the source line with a caret.
//!
//! Bundled variants and the stdlib are embedded in the binary, so `load("chess")` works from
//! any folder; a path works everywhere a name does.
//!
//! ```
//! use holechess_kernel::notation::{parse_move, san};
//! use holechess_kernel::Position;
//!
//! let loaded = holechess_lang::load("porthole").expect("a bundled variant");
//! let mut pos = Position::start(&loaded.variant);
//! let mv = parse_move(&pos, "e4").expect("a legal move");
//! assert_eq!(san(&pos, mv), "e4");
//! pos.play(mv).expect("legal");
//! assert!(pos.fen().starts_with("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b"));
//!
//! let refused = holechess_lang::load_str("mine.hole", "variant \"Mine\"\nboards A and B\n");
//! assert!(refused.unwrap_err().render().contains("mine.hole:2:"));
//! ```

#![forbid(unsafe_code)]
// Every public entry point says what it returns is to be used, when it fails and when it panics.
#![warn(clippy::must_use_candidate, clippy::missing_errors_doc, clippy::missing_panics_doc)]
#![warn(missing_docs)]

#[allow(missing_docs, reason = "AST nodes are named for the grammar rules they come from; documented per type")]
pub mod ast;
pub mod check;
mod check_exits;
mod check_rules;
pub mod diagnostic;
pub mod hands;
mod hook_check;
pub mod limits;
pub mod lower;
pub mod nearest;
pub mod policy;
pub mod sources;
#[allow(missing_docs, reason = "pest derives an undocumented `Rule` enum")]
pub mod syntax;
pub mod warnings;

use std::path::{Path, PathBuf};
use std::sync::Arc;

use holechess_kernel::spec::VariantSpec;
use holechess_kernel::{SpecError, Variant};

pub use ast::{HookArg, HookEvent};
pub use diagnostic::{Diagnostic, Diagnostics, Problem};
pub use hook_check::HOOK_API;
pub use policy::allow_path;
use sources::{Origin, SourceMap};

/// A variant loaded from a script: its spec, the compiled kernel variant, its hooks.
#[derive(Clone, Debug)]
pub struct LoadedVariant {
    /// The variant as the scripts declare it, before compiling.
    pub spec: VariantSpec,
    /// The compiled variant move generation reads.
    pub variant: Arc<Variant>,
    /// Hook declarations in the order read (parsed and kept; not run here).
    pub hooks: Vec<Hook>,
    /// Every file read, root first (`<bundled>/...` for embedded files).
    pub sources: Vec<String>,
}

/// A rhai hook: when it runs, which function, with which literal arguments, and its source.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Hook {
    /// When it runs (`after each move`).
    pub event: HookEvent,
    /// The rhai function it calls.
    pub function: String,
    /// The literal arguments of the call.
    pub args: Vec<HookArg>,
    /// The rhai source text that defines the function.
    pub source: String,
    /// The file holding that text (the script itself for an inline block).
    pub source_file: String,
    /// The line of that file where the text starts (1 for a `.rhai` file).
    pub source_line: usize,
}

/// A bundled variant, for `holechess list`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BundledInfo {
    /// The name it is loaded by (`porthole`).
    pub id: String,
    /// Its title (`Porthole Chess`).
    pub title: String,
    /// One sentence on what it is.
    pub summary: String,
}

/// Loads a variant by bundled name (`chess`) or by path to a `.hole` file.
///
/// # Errors
///
/// [`Diagnostics`] with file, line, column and reason when the name is neither a bundled variant nor a
/// readable script, or the script does not check or compile.
///
/// ```
/// let porthole = holechess_lang::load("porthole").expect("a bundled variant");
/// assert_eq!(porthole.variant.id(), "porthole");
/// ```
pub fn load(name_or_path: &str) -> Result<LoadedVariant, Diagnostics> {
    let origin = match sources::bundled_variant(name_or_path) {
        Some(origin) if !sources::looks_like_path(name_or_path) => origin,
        _ => Origin::Disk(PathBuf::from(name_or_path)),
    };
    load_origin(origin, None)
}

/// Loads a variant from script text; `path` labels it in messages and anchors relative
/// references (`include "lib.hole"` is looked up beside it).
///
/// # Errors
///
/// As [`load`].
///
/// ```
/// let text = "variant \"Small Holes\"\n  id small-holes\nextends porthole\n";
/// let loaded = holechess_lang::load_str("small-holes.hole", text).expect("a valid script");
/// assert_eq!(loaded.variant.id(), "small-holes");
///
/// let refused = holechess_lang::load_str("mine.hole", "variant \"Mine\"\nboards A and B\n");
/// assert!(refused.unwrap_err().render().contains("mine.hole:2:"));
/// ```
pub fn load_str(path: impl AsRef<Path>, text: &str) -> Result<LoadedVariant, Diagnostics> {
    load_origin(Origin::Memory(path.as_ref().to_path_buf()), Some(text.to_string()))
}

/// The bundled variants with their titles and summaries.
///
/// ```
/// let ids: Vec<String> = holechess_lang::bundled().into_iter().map(|info| info.id).collect();
/// assert!(ids.contains(&"porthole".to_string()) && ids.contains(&"chess".to_string()));
/// ```
#[must_use]
pub fn bundled() -> Vec<BundledInfo> {
    sources::bundled_variant_names()
        .into_iter()
        .filter_map(|name| load(name).ok())
        .map(|loaded| BundledInfo { id: loaded.spec.id, title: loaded.spec.title, summary: loaded.spec.summary })
        .collect()
}

/// Checks script files (for `holechess check FILE...`): every diagnostic of every file, in
/// order; empty when all are clean.
///
/// ```
/// let dir = std::env::temp_dir().join(format!("holechess-doc-{}", std::process::id()));
/// std::fs::create_dir_all(&dir).unwrap();
/// let script = dir.join("typo.hole");
/// std::fs::write(&script, "variant \"Typo\"\nextends chess\nrules\n  no castlin\n").unwrap();
/// let diagnostics = holechess_lang::check_files(&[script]);
/// assert!(diagnostics[0].render().contains("typo.hole:4:"), "{}", diagnostics[0].render());
/// # std::fs::remove_dir_all(&dir).unwrap();
/// ```
#[must_use]
pub fn check_files(paths: &[PathBuf]) -> Vec<Diagnostic> {
    paths
        .iter()
        .flat_map(|path| match load_origin(Origin::Disk(path.clone()), None) {
            Ok(_) => Vec::new(),
            Err(diagnostics) => diagnostics.0,
        })
        .collect()
}

/// Reads, checks, lowers and compiles.
fn load_origin(origin: Origin, text: Option<String>) -> Result<LoadedVariant, Diagnostics> {
    let fallback_id = fallback_id(&origin);
    let label = origin.label();
    if let Origin::Disk(path) = &origin {
        if path.extension().and_then(|e| e.to_str()) != Some(sources::SCRIPT_EXTENSION) {
            return Err(unreadable(&label, format!("`{label}` is not a .{} script", sources::SCRIPT_EXTENSION)));
        }
    }
    let checked = check::check(origin, text).map_err(|message| unreadable(&label, message))?;
    if !checked.problems.is_empty() {
        return Err(place_all(&checked.sources, &checked.problems));
    }
    let (spec, index) = lower::lower(&checked.scope, &fallback_id);
    let variant = Variant::compile(spec.clone()).map_err(|errors| {
        let problems: Vec<Problem> = errors.iter().map(|error| spec_problem(&index, error)).collect();
        place_all(&checked.sources, &problems)
    })?;
    Ok(LoadedVariant {
        spec,
        variant: Arc::new(variant),
        hooks: hooks(&checked),
        sources: checked.sources.files().iter().map(|file| file.origin.label()).collect(),
    })
}

/// The id of a variant without an `id` clause: its file name without extension.
fn fallback_id(origin: &Origin) -> String {
    let path = match origin {
        Origin::Bundled(path) => Path::new(path),
        Origin::Disk(path) | Origin::Memory(path) => path.as_path(),
    };
    path.file_stem().and_then(|stem| stem.to_str()).unwrap_or("variant").to_string()
}

/// A diagnostic for a root file that cannot be read at all.
fn unreadable(label: &str, message: String) -> Diagnostics {
    let known = sources::bundled_variant_names().join(", ");
    Diagnostics(vec![Diagnostic {
        file: label.to_string(),
        line: 1,
        column: 1,
        width: 1,
        source_line: String::new(),
        message,
        expected: Some(format!("a bundled variant ({known}) or a path to a .hole file")),
        not_shown: 0,
    }])
}

/// Places the problems in their files: the first [`limits::MAX_DIAGNOSTICS`], then one that
/// counts the rest (placing costs a scan of the line, so a flood of errors on one long line
/// must not cost its square).
fn place_all(sources: &SourceMap, problems: &[Problem]) -> Diagnostics {
    let shown = problems.iter().take(limits::MAX_DIAGNOSTICS).map(|problem| Diagnostic::place(sources, problem));
    let rest = problems.get(limits::MAX_DIAGNOSTICS).map(|next| {
        let more = problems.len() - limits::MAX_DIAGNOSTICS;
        let summary = Problem::new(
            next.span,
            format!(
                "{more} more {} not shown; the next one: {}",
                if more == 1 { "error" } else { "errors" },
                next.message
            ),
        );
        Diagnostic { not_shown: more, ..Diagnostic::place(sources, &summary) }
    });
    Diagnostics(shown.chain(rest).collect())
}

/// A kernel error pointed at the declaration it is about.
fn spec_problem(index: &lower::SpanIndex, error: &SpecError) -> Problem {
    Problem::new(index.span_of(&error.subject), error.message.clone())
}

fn hooks(checked: &check::Checked) -> Vec<Hook> {
    checked
        .scope
        .hooks
        .iter()
        .map(|hook| {
            let (source, source_file, source_line) = match &hook.source {
                Some(source) => {
                    let file = checked.sources.get(source.file);
                    let before = file.map_or("", |file| &file.text[..source.offset.min(file.text.len())]);
                    let line = before.matches('\n').count() + 1;
                    (source.text.clone(), file.map(|file| file.origin.label()).unwrap_or_default(), line)
                }
                None => (String::new(), String::new(), 1),
            };
            Hook {
                event: hook.decl.event.node,
                function: hook.decl.function.node.clone(),
                args: hook.decl.args.iter().map(|arg| arg.node.clone()).collect(),
                source,
                source_file,
                source_line,
            }
        })
        .collect()
}
