//! Tab completion at the REPL: command names, the legal moves of the current position in
//! SAN and long algebraic notation, variant names after `new`, sides after `ai`, file
//! names after `save`, `load` and `svg`.

use rustyline::completion::{Completer, FilenameCompleter, Pair};
use rustyline::highlight::Highlighter;
use rustyline::hint::Hinter;
use rustyline::validate::Validator;
use rustyline::{Context, Helper};

use super::command::COMMANDS;

/// The editor's helper; the session refreshes its move list before every prompt.
pub struct PlayHelper {
    moves: Vec<String>,
    variants: Vec<String>,
    files: FilenameCompleter,
}

impl PlayHelper {
    pub fn new() -> PlayHelper {
        let variants = holechess_lang::bundled().iter().map(|v| v.id.to_string()).collect();
        PlayHelper { moves: Vec::new(), variants, files: FilenameCompleter::new() }
    }

    pub fn set_moves(&mut self, moves: Vec<String>) {
        self.moves = moves;
    }

    /// The words that may stand where the cursor is, after `before` (the line up to the
    /// word's start).
    fn candidates(&self, before: &str) -> Vec<String> {
        let words: Vec<&str> = before.split_whitespace().collect();
        match words.as_slice() {
            [] => COMMANDS.iter().map(|(name, _, _)| (*name).to_owned()).chain(self.moves.iter().cloned()).collect(),
            ["new"] => self.variants.clone(),
            ["ai"] => ["white", "black", "both", "none"].map(str::to_owned).to_vec(),
            ["level"] => (1..=6).map(|n| n.to_string()).collect(),
            _ => Vec::new(),
        }
    }
}

impl Completer for PlayHelper {
    type Candidate = Pair;

    fn complete(&self, line: &str, pos: usize, ctx: &Context<'_>) -> rustyline::Result<(usize, Vec<Pair>)> {
        let head = &line[..pos];
        let first = head.split_whitespace().next().unwrap_or("");
        if matches!(first, "save" | "save!" | "load" | "svg") && head.contains(' ') {
            return self.files.complete(line, pos, ctx);
        }
        let start = head.trim_end_matches(|c: char| !c.is_whitespace()).len();
        let word = &head[start..];
        let mut found: Vec<String> =
            self.candidates(&head[..start]).into_iter().filter(|c| c.starts_with(word)).collect();
        found.sort();
        found.dedup();
        let pairs = found.into_iter().map(|c| Pair { display: c.clone(), replacement: c }).collect();
        Ok((start, pairs))
    }
}

impl Hinter for PlayHelper {
    type Hint = String;
}

impl Highlighter for PlayHelper {}

impl Validator for PlayHelper {}

impl Helper for PlayHelper {}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn commands_moves_and_arguments_complete() {
        let mut helper = PlayHelper::new();
        helper.set_moves(vec!["e4".into(), "e2e4".into(), "Nf3".into()]);
        assert!(helper.candidates("").contains(&"help".to_owned()));
        assert!(helper.candidates("").contains(&"e2e4".to_owned()));
        assert!(helper.candidates("new ").contains(&"porthole".to_owned()));
        assert!(helper.candidates("ai ").contains(&"both".to_owned()));
    }

    #[test]
    fn a_word_after_a_multibyte_space_completes() {
        let mut helper = PlayHelper::new();
        helper.set_moves(vec!["e4".into(), "Nf3".into()]);
        let history = rustyline::history::DefaultHistory::new();
        let ctx = Context::new(&history);
        for line in ["\u{3000}N", "\u{a0}N"] {
            let (start, found) = helper.complete(line, line.len(), &ctx).unwrap();
            assert_eq!(&line[start..], "N", "{line:?}");
            assert_eq!(found.iter().map(|p| p.replacement.as_str()).collect::<Vec<_>>(), ["Nf3"]);
        }
    }
}
