//! The hint for a record of a variant that is not bundled: a record never runs a script by
//! itself, so the player starts the script with `new PATH` first. The path that works is
//! looked for near the record and the current folder: a `.hole` script whose `id` (or file
//! name) is the record's `[Variant]`, named as `new` takes it.

use std::io::Read;
use std::path::{Path, PathBuf};

/// How much of a record is read to find its `[Variant]` tag (the tags come first).
const TAG_BYTES: u64 = 64 * 1024;
/// How much of a script is read to find its `id`.
const SCRIPT_BYTES: u64 = 16 * 1024;
/// The most scripts looked into.
const MAX_SCRIPTS: usize = 200;

/// `message` with a hint to `new TAG` (which fails for a script) replaced by the path of a
/// script with that id, or by how to name one.
pub fn with_script_path(message: String, record: &Path) -> String {
    let Some(tag) = variant_tag(record).filter(|tag| !holechess_lang::sources::looks_like_path(tag)) else {
        return message;
    };
    let wrong = format!("`new {tag}`");
    if !message.contains(&wrong) {
        return message;
    }
    let right = match script_for(&tag, record) {
        Some(path) => format!("`new {}`", path.display()),
        None => format!("`new PATH/TO/{tag}.hole` (its path: only bundled variants are started by name)"),
    };
    message.replace(&wrong, &right)
}

/// The record's `[Variant "..."]`, from its first bytes.
fn variant_tag(record: &Path) -> Option<String> {
    let text = read_start(record, TAG_BYTES)?;
    let at = text.find("[Variant \"")? + "[Variant \"".len();
    let end = text[at..].find('"')?;
    Some(text[at..at + end].trim().to_owned()).filter(|tag| !tag.is_empty())
}

/// A script declaring `id TAG` (or named `TAG.hole`) beside the record, in its parent, in
/// the parent's folders, in the current folder or its folders; the path relative to the
/// current folder when it lies below it.
fn script_for(tag: &str, record: &Path) -> Option<PathBuf> {
    let folder = record.parent().filter(|p| !p.as_os_str().is_empty()).unwrap_or(Path::new(".")).to_path_buf();
    let here = PathBuf::from(".");
    let mut places = vec![folder.clone(), folder.join("..")];
    places.extend(subfolders(&folder.join("..")));
    places.push(here.clone());
    places.extend(subfolders(&here));
    let scripts = places.iter().flat_map(|place| scripts_in(place)).take(MAX_SCRIPTS);
    let found = scripts.into_iter().find(|script| declares_id(script, tag))?;
    Some(tidy(&found))
}

fn subfolders(dir: &Path) -> Vec<PathBuf> {
    let Ok(entries) = std::fs::read_dir(dir) else { return Vec::new() };
    let mut found: Vec<PathBuf> = entries.flatten().map(|e| e.path()).filter(|p| p.is_dir()).collect();
    found.sort();
    found
}

fn scripts_in(dir: &Path) -> Vec<PathBuf> {
    let Ok(entries) = std::fs::read_dir(dir) else { return Vec::new() };
    let mut found: Vec<PathBuf> = entries
        .flatten()
        .map(|e| e.path())
        .filter(|p| p.extension().is_some_and(|e| e == "hole") && p.is_file())
        .collect();
    found.sort();
    found
}

/// Whether a script's header says `id TAG`, or it has no `id` and its file is `TAG.hole`.
fn declares_id(script: &Path, tag: &str) -> bool {
    let Some(text) = read_start(script, SCRIPT_BYTES) else { return false };
    let id = text.lines().find_map(|line| line.trim().strip_prefix("id ").map(|rest| rest.trim().to_owned()));
    match id {
        Some(id) => id.eq_ignore_ascii_case(tag),
        None => script.file_stem().is_some_and(|stem| stem.eq_ignore_ascii_case(tag)),
    }
}

/// The first `limit` bytes of a regular file; a pipe, a device or a folder is not opened
/// (opening a pipe would wait for a writer).
fn read_start(path: &Path, limit: u64) -> Option<String> {
    if !std::fs::metadata(path).ok()?.is_file() {
        return None;
    }
    let file = std::fs::File::open(path).ok()?;
    if !file.metadata().ok()?.is_file() {
        return None;
    }
    let mut bytes = Vec::new();
    file.take(limit).read_to_end(&mut bytes).ok()?;
    Some(String::from_utf8_lossy(&bytes).into_owned())
}

/// `./a/../v/x.hole` as `v/x.hole`: `.` parts dropped, a `dir/..` pair folded.
fn tidy(path: &Path) -> PathBuf {
    let mut parts: Vec<std::path::Component> = Vec::new();
    for part in path.components() {
        match part {
            std::path::Component::CurDir => {}
            std::path::Component::ParentDir if matches!(parts.last(), Some(std::path::Component::Normal(_))) => {
                parts.pop();
            }
            other => parts.push(other),
        }
    }
    parts.iter().collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn paths_are_tidied() {
        assert_eq!(tidy(Path::new("./g/../v/crater.hole")), PathBuf::from("v/crater.hole"));
        assert_eq!(tidy(Path::new("../v/crater.hole")), PathBuf::from("../v/crater.hole"));
    }
}
