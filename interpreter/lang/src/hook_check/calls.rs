//! What the rhai source of a hook does, read from its tokens: the functions it defines (with
//! their parameters and bodies), the calls it makes (with their numbers of arguments) and the
//! variables declared at top level.

use super::lexer::{Lexed, Token};

/// A function the source defines.
#[derive(Debug)]
pub(crate) struct Defined<'a> {
    pub name: &'a str,
    pub params: Vec<&'a str>,
    /// Token range of the body, braces excluded.
    pub body: std::ops::Range<usize>,
}

/// A call without a receiver: `name(args)`.
#[derive(Debug)]
pub(crate) struct Call<'a> {
    pub name: &'a str,
    pub args: usize,
    pub offset: usize,
}

/// Words that are followed by `(` without being calls.
const KEYWORDS: &[&str] = &[
    "if", "else", "while", "loop", "for", "in", "do", "until", "switch", "return", "throw", "try", "catch", "let",
    "const", "fn", "private", "break", "continue", "import", "export", "as", "global", "this", "true", "false",
];

/// The functions `tokens` defines.
pub(crate) fn definitions<'a>(tokens: &[Lexed<'a>]) -> Vec<Defined<'a>> {
    let mut found = Vec::new();
    let mut i = 0;
    while i + 2 < tokens.len() {
        if let (Token::Ident("fn"), Token::Ident(name), Token::Punct(b'(')) =
            (tokens[i].token, tokens[i + 1].token, tokens[i + 2].token)
        {
            let close = matching(tokens, i + 2);
            let params = idents_in(&tokens[i + 3..close]);
            if let Some(open) = (close + 1 < tokens.len()).then_some(close + 1) {
                if tokens[open].token == Token::Punct(b'{') {
                    let end = matching(tokens, open);
                    found.push(Defined { name, params, body: open + 1..end });
                    i = end;
                    continue;
                }
            }
        }
        i += 1;
    }
    found
}

/// Every call `name(...)` that is not a method call, a definition or a keyword.
pub(crate) fn calls<'a>(tokens: &[Lexed<'a>]) -> Vec<Call<'a>> {
    let mut found = Vec::new();
    for i in 0..tokens.len().saturating_sub(1) {
        let Token::Ident(name) = tokens[i].token else { continue };
        if tokens[i + 1].token != Token::Punct(b'(') || KEYWORDS.contains(&name) {
            continue;
        }
        let previous = i.checked_sub(1).map(|p| tokens[p].token);
        if matches!(previous, Some(Token::Punct(b'.')) | Some(Token::Ident("fn")) | Some(Token::Punct(b':'))) {
            continue;
        }
        let close = matching(tokens, i + 1);
        found.push(Call { name, args: count_args(&tokens[i + 2..close]), offset: tokens[i].offset });
    }
    found
}

/// Names declared by `let` / `const` outside every function body.
pub(crate) fn top_level_variables<'a>(tokens: &[Lexed<'a>], defined: &[Defined<'a>]) -> Vec<&'a str> {
    let inside = |i: usize| defined.iter().any(|d| d.body.start <= i && i < d.body.end + 1);
    let mut depth = 0usize;
    let mut names = Vec::new();
    for i in 0..tokens.len() {
        match tokens[i].token {
            Token::Punct(b'{') => depth += 1,
            Token::Punct(b'}') => depth = depth.saturating_sub(1),
            Token::Ident("let" | "const") if depth == 0 && !inside(i) => {
                if let Some(Token::Ident(name)) = tokens.get(i + 1).map(|t| t.token) {
                    names.push(name);
                }
            }
            _ => {}
        }
    }
    names
}

/// Names a function body declares for itself: `let`, `const`, `for` variables and closure
/// parameters.
pub(crate) fn locals<'a>(body: &[Lexed<'a>]) -> Vec<&'a str> {
    let mut names = Vec::new();
    for i in 0..body.len() {
        match body[i].token {
            Token::Ident("let" | "const") => {
                if let Some(Token::Ident(name)) = body.get(i + 1).map(|t| t.token) {
                    names.push(name);
                }
            }
            Token::Ident("for") => {
                let end = body[i..].iter().position(|t| t.token == Token::Ident("in")).map_or(i, |p| i + p);
                names.extend(idents_in(&body[i + 1..end]));
            }
            Token::Punct(b'|') => {
                if let Some(p) = body[i + 1..].iter().position(|t| t.token == Token::Punct(b'|')) {
                    let inner = &body[i + 1..i + 1 + p];
                    if inner.iter().all(|t| matches!(t.token, Token::Ident(_) | Token::Punct(b','))) {
                        names.extend(idents_in(inner));
                    }
                }
            }
            _ => {}
        }
    }
    names
}

fn idents_in<'a>(tokens: &[Lexed<'a>]) -> Vec<&'a str> {
    tokens
        .iter()
        .filter_map(|t| match t.token {
            Token::Ident(name) => Some(name),
            _ => None,
        })
        .collect()
}

/// The index of the bracket closing the one at `open` (or the last token when unclosed).
fn matching(tokens: &[Lexed<'_>], open: usize) -> usize {
    let mut depth = 0i32;
    for (i, t) in tokens.iter().enumerate().skip(open) {
        match t.token {
            Token::Punct(b'(' | b'[' | b'{') => depth += 1,
            Token::Punct(b')' | b']' | b'}') => {
                depth -= 1;
                if depth == 0 {
                    return i;
                }
            }
            _ => {}
        }
    }
    tokens.len().saturating_sub(1)
}

/// Top-level commas + 1, or 0 for `()`.
fn count_args(inside: &[Lexed<'_>]) -> usize {
    if inside.is_empty() {
        return 0;
    }
    let mut depth = 0i32;
    let mut args = 1;
    for t in inside {
        match t.token {
            Token::Punct(b'(' | b'[' | b'{') => depth += 1,
            Token::Punct(b')' | b']' | b'}') => depth -= 1,
            Token::Punct(b',') if depth == 0 => args += 1,
            _ => {}
        }
    }
    args
}
