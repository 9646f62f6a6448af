//! Hook checks before play: each hook's rhai source compiles and defines the hook's
//! function; calls name functions that exist (defined in a hook source, in the hook API or in
//! rhai's standard library) with a number of arguments they take; a function does not use a
//! top-level variable (rhai functions see only their parameters, and hooks call functions
//! without running the top level); a royal piece placed by name where a side has exactly
//! one. Also `remove hook NAME`.

mod api_names;
mod calls;
mod lexer;
mod royal_places;
mod std_names;

use std::collections::{BTreeMap, BTreeSet};

pub use api_names::HOOK_API;

use crate::ast::Span;
use crate::check::{rhai_checker, CheckedHook, HookSource};
use crate::diagnostic::Problem;
use crate::sources::SourceMap;

/// `remove hook NAME`: drops every hook in force that calls function `name` (so a variant
/// can extend another and replace its hook); false when there is none.
pub(crate) fn remove_hook(hooks: &mut Vec<CheckedHook>, name: &str) -> bool {
    let before = hooks.len();
    hooks.retain(|hook| hook.decl.function.node != name);
    hooks.len() != before
}

/// Every problem of the hooks in force, in order; `royal` names the royal pieces of a
/// variant with one per side (empty for any number).
pub(crate) fn problems(hooks: &[CheckedHook], sources: &SourceMap, royal: &[String], problems: &mut Vec<Problem>) {
    compile_problems(hooks, sources, problems);
    if problems.is_empty() {
        usage_problems(hooks, problems);
        royal_problems(hooks, royal, problems);
    }
}

/// `place_piece` of a royal piece by name, where every side has its one royal piece already.
fn royal_problems(hooks: &[CheckedHook], royal: &[String], problems: &mut Vec<Problem>) {
    for source in distinct_sources(hooks) {
        let tokens = lexer::tokens(&source.text);
        for (offset, name) in royal_places::royal_placements(&tokens, &source.text, royal) {
            let start = source.offset + offset;
            problems.push(
                Problem::new(
                    Span::new(source.file, start, start + name.len() + 2),
                    format!(
                        "place_piece of a `{name}`, a royal piece: every side has its one royal piece already, so this call fails whenever it runs"
                    ),
                )
                .expecting("a piece that is not royal, or the rule `any number of royal pieces`"),
            );
        }
    }
}

/// Each distinct hook source once.
fn distinct_sources(hooks: &[CheckedHook]) -> Vec<&HookSource> {
    let mut seen = BTreeSet::new();
    hooks
        .iter()
        .filter_map(|hook| hook.source.as_ref())
        .filter(|source| seen.insert((source.file, source.offset)))
        .collect()
}

/// Unknown functions, wrong numbers of arguments, top-level variables used in functions.
fn usage_problems(hooks: &[CheckedHook], problems: &mut Vec<Problem>) {
    let sources = distinct_sources(hooks);
    let lexed: Vec<_> = sources.iter().map(|source| lexer::tokens(&source.text)).collect();
    let mut defined: BTreeMap<&str, Vec<usize>> = BTreeMap::new();
    for tokens in &lexed {
        for function in calls::definitions(tokens) {
            defined.entry(function.name).or_default().push(function.params.len());
        }
    }
    for (source, tokens) in sources.iter().zip(&lexed) {
        let span =
            |offset: usize, len: usize| Span::new(source.file, source.offset + offset, source.offset + offset + len);
        for call in calls::calls(tokens) {
            if let Some(message) = call_problem(&call, &defined) {
                problems.push(Problem::new(span(call.offset, call.name.len()), message));
            }
        }
        let functions = calls::definitions(tokens);
        let globals = calls::top_level_variables(tokens, &functions);
        for function in &functions {
            let body = &tokens[function.body.clone()];
            let locals = calls::locals(body);
            for (i, token) in body.iter().enumerate() {
                let lexer::Token::Ident(name) = token.token else { continue };
                let property = i > 0 && body[i - 1].token == lexer::Token::Punct(b'.');
                let key = body.get(i + 1).is_some_and(|next| next.token == lexer::Token::Punct(b':'));
                if !globals.contains(&name)
                    || property
                    || key
                    || locals.contains(&name)
                    || function.params.contains(&name)
                {
                    continue;
                }
                problems.push(
                    Problem::new(
                        span(token.offset, name.len()),
                        format!(
                            "function `{}` uses `{name}`, a top-level variable it cannot see (a rhai function sees only its parameters)",
                            function.name
                        ),
                    )
                    .expecting(format!("`{name}` passed as an argument, or a function returning it")),
                );
            }
        }
    }
}

/// Why a call is wrong, if it is.
fn call_problem(call: &calls::Call<'_>, defined: &BTreeMap<&str, Vec<usize>>) -> Option<String> {
    let arities: Option<Vec<usize>> = match (defined.get(call.name), api_names::api_arities(call.name)) {
        (Some(own), Some(api)) => Some(own.iter().chain(api).copied().collect()),
        (Some(own), None) => Some(own.clone()),
        (None, Some(api)) => Some(api.to_vec()),
        (None, None) if std_names::is_std_function(call.name) => None,
        (None, None) => {
            return Some(format!(
                "`{}` is neither defined in the hook sources nor a function of the hook API or of rhai",
                call.name
            ))
        }
    };
    let arities = arities?;
    if arities.contains(&call.args) || std_names::is_std_function(call.name) {
        return None;
    }
    let takes: Vec<String> = arities.iter().map(usize::to_string).collect();
    Some(format!("`{}` is called with {} argument(s) but takes {}", call.name, call.args, takes.join(" or ")))
}

/// Each source compiles and defines its hook's function.
fn compile_problems(hooks: &[CheckedHook], sources: &SourceMap, problems: &mut Vec<Problem>) {
    for hook in hooks {
        let Some(source) = &hook.source else { continue };
        match rhai_checker().compile(&source.text) {
            Ok(ast) => {
                if !ast.iter_functions().any(|f| f.name == hook.decl.function.node) {
                    problems.push(
                        Problem::new(
                            hook.decl.function.span,
                            format!("hook function `{}` is not defined in its rhai source", hook.decl.function.node),
                        )
                        .expecting(format!("`fn {}(...)` in the rhai source", hook.decl.function.node)),
                    );
                }
            }
            Err(error) => problems.push(rhai_problem(sources, source, &error)),
        }
    }
}

/// A rhai syntax error placed in the script or `.rhai` file holding the text.
fn rhai_problem(sources: &SourceMap, source: &HookSource, error: &rhai::ParseError) -> Problem {
    let position = error.position();
    let line = position.line().unwrap_or(1);
    let column = position.position().unwrap_or(1);
    let line_start: usize = source.text.split_inclusive('\n').take(line.saturating_sub(1)).map(str::len).sum();
    let in_text = (line_start + column.saturating_sub(1)).min(source.text.len());
    let start = source.offset + in_text;
    let file_len = sources.get(source.file).map_or(start, |file| file.text.len());
    let start = start.min(file_len);
    Problem::new(Span::new(source.file, start, start + 1), format!("rhai syntax error: {}", error.err_type()))
}
