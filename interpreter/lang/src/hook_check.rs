//! Hook checks before play: each hook's rhai source compiles and defines the hook's
//! function.

use crate::ast::Span;
use crate::check::{rhai_checker, CheckedHook, HookSource};
use crate::diagnostic::Problem;
use crate::sources::SourceMap;

/// Every problem of the hooks in force, in order.
pub(crate) fn problems(hooks: &[CheckedHook], sources: &SourceMap, problems: &mut Vec<Problem>) {
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
