//! Checks of the token kinds a transit exits into: `exit through another open NAME` may name
//! the token's own kind (or `one`) or any other declared token kind (paired portals).

use crate::ast::{Name, TokenDecl};
use crate::check::Declared;
use crate::diagnostic::Problem;

/// The problem for an exit into a kind of token that is not declared.
pub(crate) fn unknown_exit_kind(token: &TokenDecl, name: &Name, tokens: &[Declared<TokenDecl>]) -> Problem {
    let own = &token.name.node;
    let kinds: Vec<&str> = tokens.iter().map(|t| t.node.name.node.as_str()).collect();
    Problem::new(name.span, format!("a `{own}` cannot lead to `{}`: no such token kind", name.node))
        .expecting(format!("`{own}`, `one` or a declared token kind ({})", kinds.join(", ")))
}
