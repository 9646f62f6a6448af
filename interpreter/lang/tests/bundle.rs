//! The files the crate embeds (`bundle/`, which packaging fills with copies) are the
//! repository's top-level grammar, stdlib and bundled variants, byte for byte, and none of
//! those is missing from the bundle.

use std::path::{Path, PathBuf};

fn repository_files(root: &Path) -> Vec<PathBuf> {
    let mut files = Vec::new();
    for folder in ["grammar", "stdlib", "variants"] {
        let Ok(entries) = std::fs::read_dir(root.join(folder)) else { continue };
        for entry in entries.flatten() {
            let path = entry.path();
            let bundled_kind = matches!(path.extension().and_then(|e| e.to_str()), Some("pest" | "hole" | "rhai"));
            if path.is_file() && bundled_kind {
                files.push(path.strip_prefix(root).unwrap().to_path_buf());
            }
        }
    }
    files
}

#[test]
fn the_bundle_holds_every_top_level_grammar_stdlib_and_variant_file_unchanged() {
    let crate_dir = Path::new(env!("CARGO_MANIFEST_DIR"));
    let root = crate_dir.join("../..");
    if !root.join("grammar").is_dir() {
        return; // Built from a package: the bundle is all there is.
    }
    let files = repository_files(&root);
    assert!(files.len() >= 10, "{files:?}");
    for file in files {
        let bundled = std::fs::read(crate_dir.join("bundle").join(&file))
            .unwrap_or_else(|e| panic!("bundle/{} is missing: {e}", file.display()));
        assert_eq!(bundled, std::fs::read(root.join(&file)).unwrap(), "bundle/{} differs", file.display());
    }
}
