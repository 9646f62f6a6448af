//! Error reports for script authors: a [`Problem`] is what a stage found (a span and words),
//! a [`Diagnostic`] is the same problem placed in its file (file:line:col, the source line)
//! and rendered with a caret under the offending text.

use crate::ast::Span;
use crate::sources::SourceMap;

/// What a stage of the front end found wrong, before it is placed in its file.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Problem {
    /// The text it is about.
    pub span: Span,
    /// What is wrong, in words.
    pub message: String,
    /// What would have been right, in words (`expected a number`).
    pub expected: Option<String>,
}

impl Problem {
    /// A problem with `span` and no expectation.
    pub fn new(span: Span, message: impl Into<String>) -> Problem {
        Problem { span, message: message.into(), expected: None }
    }

    /// The same problem, saying what would have been right.
    pub fn expecting(mut self, expected: impl Into<String>) -> Problem {
        self.expected = Some(expected.into());
        self
    }
}

/// One error, placed in its source file and ready to print.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{}", self.render())]
pub struct Diagnostic {
    /// The file as the user named it (a path, or `<bundled>/stdlib/...` for embedded files).
    pub file: String,
    /// 1-based line.
    pub line: usize,
    /// 1-based column, in characters.
    pub column: usize,
    /// How many characters the caret underlines (at least 1).
    pub width: usize,
    /// The whole source line, without its line break.
    pub source_line: String,
    /// What is wrong, in words.
    pub message: String,
    /// What would have been right, in words.
    pub expected: Option<String>,
    /// For the last diagnostic of a long list: how many problems it stands for that are not
    /// shown (it says so, and quotes the first of them); 0 for an ordinary diagnostic.
    pub not_shown: usize,
}

impl Diagnostic {
    /// Places a problem in its file.
    #[must_use]
    pub fn place(sources: &SourceMap, problem: &Problem) -> Diagnostic {
        let location = sources.locate(problem.span);
        Diagnostic {
            file: location.file,
            line: location.line,
            column: location.column,
            width: location.width,
            source_line: location.source_line,
            message: problem.message.clone(),
            expected: problem.expected.clone(),
            not_shown: 0,
        }
    }

    /// The caret form:
    ///
    /// ```text
    /// error: unknown piece `quen`
    ///   --> my.hole:7:29
    ///    |
    ///  7 |   promotes on the last rank to quen
    ///    |                                ^^^^ expected one of: queen, rook
    /// ```
    #[must_use]
    pub fn render(&self) -> String {
        let number = self.line.to_string();
        let gutter = " ".repeat(number.len());
        let caret_line = self.caret_line();
        let mut out = format!("error: {}\n", self.message);
        out.push_str(&format!("{gutter}--> {}:{}:{}\n", self.file, self.line, self.column));
        out.push_str(&format!("{gutter} |\n"));
        out.push_str(&format!("{number} | {}\n", self.source_line));
        out.push_str(&format!("{gutter} | {caret_line}"));
        if let Some(expected) = &self.expected {
            out.push_str(&format!(" expected {expected}"));
        }
        out
    }

    /// Spaces (tabs kept, so the caret lines up) up to the column, then the carets.
    fn caret_line(&self) -> String {
        let padding: String = self
            .source_line
            .chars()
            .take(self.column.saturating_sub(1))
            .map(|c| if c == '\t' { '\t' } else { ' ' })
            .collect();
        format!("{padding}{}", "^".repeat(self.width.max(1)))
    }
}

/// All the errors found in a file and the files it includes, in the order found.
#[derive(Clone, Debug, PartialEq, Eq, Default, thiserror::Error)]
#[error("{}", self.render())]
pub struct Diagnostics(pub Vec<Diagnostic>);

impl Diagnostics {
    /// Whether there is no error.
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }

    /// How many errors there are.
    #[must_use]
    pub fn len(&self) -> usize {
        self.0.len()
    }

    /// The errors, in the order found.
    pub fn iter(&self) -> std::slice::Iter<'_, Diagnostic> {
        self.0.iter()
    }

    /// Every diagnostic in caret form, separated by blank lines, with a count at the end.
    pub fn render(&self) -> String {
        let mut parts: Vec<String> = self.0.iter().map(Diagnostic::render).collect();
        parts.push(count_line(&self.0, "error"));
        parts.join("\n\n")
    }
}

/// How many problems `diagnostics` report, those a summary stands for included.
#[must_use]
pub fn problem_count(diagnostics: &[Diagnostic]) -> usize {
    diagnostics.iter().map(|d| if d.not_shown > 0 { d.not_shown } else { 1 }).sum()
}

/// `1 error`, `3 errors`, `10000 errors, 100 shown` (with `noun` for `error`).
#[must_use]
pub fn count_line(diagnostics: &[Diagnostic], noun: &str) -> String {
    let total = problem_count(diagnostics);
    let shown = diagnostics.iter().filter(|d| d.not_shown == 0).count();
    let counted = plural(total, noun);
    if shown < total {
        format!("{counted} found, {shown} shown")
    } else {
        format!("{counted} found")
    }
}

/// `1 error`, `2 errors`.
#[must_use]
pub fn plural(count: usize, noun: &str) -> String {
    format!("{count} {noun}{}", if count == 1 { "" } else { "s" })
}

impl IntoIterator for Diagnostics {
    type Item = Diagnostic;
    type IntoIter = std::vec::IntoIter<Diagnostic>;
    fn into_iter(self) -> Self::IntoIter {
        self.0.into_iter()
    }
}
