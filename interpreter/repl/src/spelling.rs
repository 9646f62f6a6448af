//! Did-you-mean for names a user types: a variant name that is neither bundled nor a file
//! is refused with the nearest bundled names (`play porthol` -> `porthole`), and the REPL's
//! commands use the same edit distance.

use std::path::Path;

/// `Ok` when `name` is a bundled variant or names an existing path; else the error a user
/// sees, with the bundled names it is closest to.
pub fn check_variant_name(name: &str) -> Result<(), String> {
    // The names only: loading every bundled variant to learn them cost 2.5 ms per command.
    let ids = holechess_lang::sources::bundled_variant_names();
    if ids.contains(&name) || Path::new(name).exists() {
        return Ok(());
    }
    let near = nearest(name, ids.iter().copied());
    let hint = match near.as_slice() {
        [] => String::new(),
        some => format!("; did you mean {}?", some.iter().map(|n| format!("`{n}`")).collect::<Vec<_>>().join(" or ")),
    };
    Err(format!("`{name}` is neither a bundled variant nor a file{hint} (`holechess list` shows the bundled variants)"))
}

/// The names a mistyped `word` may have meant: those it is a prefix of (2 letters or
/// more), else the nearest within a third of its length in edits (at least 1; a swap of
/// two neighbouring letters is one edit, so `hlep` is near `help`).
pub fn nearest<'a>(word: &str, names: impl Iterator<Item = &'a str>) -> Vec<&'a str> {
    let word = word.to_ascii_lowercase();
    let names: Vec<&str> = names.collect();
    let prefixed: Vec<&str> = names.iter().copied().filter(|name| word.len() >= 2 && name.starts_with(&word)).collect();
    if !prefixed.is_empty() {
        return prefixed;
    }
    holechess_lang::nearest::nearest(&word, names)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_misspelt_variant_gets_the_nearest_names() {
        let error = check_variant_name("porthol").unwrap_err();
        assert!(error.contains("did you mean `porthole`?"), "{error}");
        assert!(check_variant_name("wormhole").is_ok());
        assert!(!check_variant_name("zzzzzzzz").unwrap_err().contains("did you mean"));
    }

    #[test]
    fn swapped_letters_find_the_command() {
        let commands = ["help", "undo", "board", "save"];
        assert_eq!(nearest("hlep", commands.into_iter()), vec!["help"]);
        assert_eq!(nearest("udno", commands.into_iter()), vec!["undo"]);
        assert_eq!(nearest("sav", commands.into_iter()), vec!["save"]);
    }
}
