//! The bounds a script must stay within, so that no input makes the front end or the kernel
//! crash, hang or use memory out of proportion: file size, files and include depth, names,
//! declarations, boards and squares, and how much of a long line a diagnostic quotes.

use holechess_kernel::{MAX_BOARDS, MAX_SQUARES};

use crate::ast::{Item, Rule, Script, Span};
use crate::check::Scope;
use crate::diagnostic::Problem;

/// The largest script or rhai file read, in bytes.
pub const MAX_FILE_BYTES: u64 = 1 << 20;
/// The most files (scripts and rhai sources) one variant may read.
pub const MAX_FILES: usize = 64;
/// How deep `extends` and `include` may nest.
pub const MAX_INCLUDE_DEPTH: usize = 16;
/// The most declarations one file may hold.
pub const MAX_DECLARATIONS: usize = 4096;
/// The longest name (piece, token, behaviour, board, hook function, variant id), in characters.
pub const MAX_NAME_CHARS: usize = 64;
/// The most characters of a source line a diagnostic quotes; a longer line is cut around
/// the caret and marked with `...`.
pub const QUOTE_CHARS: usize = 120;
/// The largest `N-move rule` (the halfmove clock counts 2N plies in 16 bits).
pub const MAX_MOVE_RULE: u32 = 10_000;
/// The largest `N-fold repetition`.
pub const MAX_FOLD: u32 = 100;
/// The most diagnostics placed and shown for one variant; the rest are counted.
pub const MAX_DIAGNOSTICS: usize = 100;
/// How many characters of context a cut quote keeps before the caret.
const QUOTE_LEAD: usize = 40;
/// The marker of a cut quote.
const ELLIPSIS: &str = "...";

/// The part of `line` a diagnostic quotes, with the caret's 1-based column and width in it.
/// A line of at most [`QUOTE_CHARS`] characters is quoted whole.
#[must_use]
pub fn excerpt(line: &str, column: usize, width: usize) -> (String, usize, usize) {
    let length = line.chars().count();
    if length <= QUOTE_CHARS {
        return (line.to_string(), column, width);
    }
    let first = column.saturating_sub(1).saturating_sub(QUOTE_LEAD).min(length.saturating_sub(QUOTE_CHARS));
    let cut: String = line.chars().skip(first).take(QUOTE_CHARS).collect();
    let lead = if first > 0 { ELLIPSIS } else { "" };
    let tail = if first + QUOTE_CHARS < length { ELLIPSIS } else { "" };
    let column_in_cut = column.saturating_sub(first).max(1);
    let room = (QUOTE_CHARS + 1).saturating_sub(column_in_cut).max(1);
    (format!("{lead}{cut}{tail}"), column_in_cut + lead.len(), width.clamp(1, room))
}

/// A problem when a file holds more declarations than [`MAX_DECLARATIONS`] (the extra
/// ones are dropped, so later stages never see them).
pub fn declarations(script: &mut Script) -> Option<Problem> {
    if script.items.len() <= MAX_DECLARATIONS {
        return None;
    }
    let first_extra: &Item = &script.items[MAX_DECLARATIONS];
    let problem = Problem::new(first_extra.span, format!("{} declarations in one file", script.items.len()))
        .expecting(format!("at most {MAX_DECLARATIONS} declarations per file"));
    script.items.truncate(MAX_DECLARATIONS);
    Some(problem)
}

/// Problems with the merged variant's size: too many boards or squares, too long names.
#[must_use]
pub fn scope_problems(scope: &Scope) -> Vec<Problem> {
    let mut problems = Vec::new();
    if let Some(board) = &scope.board {
        let boards = board.node.names.len().max(1);
        if boards > MAX_BOARDS {
            let at = board.node.names.get(MAX_BOARDS).map_or(board.span, |name| name.span);
            problems.push(
                Problem::new(at, format!("too many boards ({boards})"))
                    .expecting(format!("at most {MAX_BOARDS} boards")),
            );
        } else {
            let squares = boards as u64 * u64::from(board.node.files.node) * u64::from(board.node.ranks.node);
            if squares > MAX_SQUARES as u64 {
                problems.push(
                    Problem::new(board.span, format!("too many squares ({squares} over all boards)"))
                        .expecting(format!("at most {MAX_SQUARES} squares over all boards")),
                );
            }
        }
    }
    problems.extend(names(scope).filter_map(|(text, span)| long_name(text, span)));
    problems.extend(scope.rules.iter().filter_map(|rule| rule_number(&rule.node, rule.span)));
    problems
}

/// A problem when a rule's number is out of range (`40000-move rule`, `1-fold repetition`).
fn rule_number(rule: &Rule, span: Span) -> Option<Problem> {
    let (number, range, what) = match rule {
        Rule::FiftyMove(Some(moves)) => (*moves, 1..=MAX_MOVE_RULE, "-move rule"),
        Rule::Repetition(Some(times)) => (*times, 2..=MAX_FOLD, "-fold repetition"),
        _ => return None,
    };
    (!range.contains(&number)).then(|| {
        Problem::new(span, format!("a {number}{what}")).expecting(format!(
            "N from {} to {} in `N{what}`",
            range.start(),
            range.end()
        ))
    })
}

/// Every declared name with its span.
fn names(scope: &Scope) -> impl Iterator<Item = (&str, Span)> {
    let header = scope.header.iter().filter_map(|h| h.node.id.as_ref()).map(|n| (n.node.as_str(), n.span));
    let boards = scope.board.iter().flat_map(|b| b.node.names.iter()).map(|n| (n.node.as_str(), n.span));
    let pieces = scope.pieces.iter().map(|p| (p.node.name.node.as_str(), p.node.name.span));
    let tokens = scope.tokens.iter().chain(&scope.behaviours).map(|t| (t.node.name.node.as_str(), t.node.name.span));
    let hooks = scope.hooks.iter().map(|h| (h.decl.function.node.as_str(), h.decl.function.span));
    header.chain(boards).chain(pieces).chain(tokens).chain(hooks)
}

fn long_name(text: &str, span: Span) -> Option<Problem> {
    let length = text.chars().count();
    (length > MAX_NAME_CHARS).then(|| {
        Problem::new(span, format!("a name of {length} characters"))
            .expecting(format!("at most {MAX_NAME_CHARS} characters"))
    })
}

/// A problem when a variant would read more than [`MAX_FILES`] files.
#[must_use]
pub fn too_many_files(read: usize, at: Span) -> Option<Problem> {
    (read >= MAX_FILES).then(|| {
        Problem::new(at, format!("more than {MAX_FILES} files"))
            .expecting(format!("at most {MAX_FILES} files per variant"))
    })
}

/// A problem when `extends` / `include` would nest deeper than [`MAX_INCLUDE_DEPTH`].
#[must_use]
pub fn too_deep(depth: usize, at: Span) -> Option<Problem> {
    (depth >= MAX_INCLUDE_DEPTH).then(|| {
        Problem::new(at, format!("`extends` / `include` nested {} deep", depth + 1))
            .expecting(format!("at most {MAX_INCLUDE_DEPTH} levels"))
    })
}
