//! Warnings for authors: what a variant that loads and plays probably does against its
//! author's intent, found by reading the hooks' sources. `holechess check` prints them and
//! still passes the script.
//!
//! One trap is looked for: an after-move hook that places a token on the square where the
//! piece that just moved stands (`captured_square` after a capture, a move's `.to`), of a
//! kind that `removes the piece where it appears` (as `behaves as pit` does), so the piece
//! that moved is lost at once.

use holechess_kernel::spec::TokenSpec;

use crate::ast::{HookArg, HookEvent};
use crate::{Hook, LoadedVariant};

/// A warning placed in its file.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Warning {
    /// The file as the user named it.
    pub file: String,
    /// 1-based line.
    pub line: usize,
    /// What the script does, in words, and how to avoid it.
    pub message: String,
}

impl Warning {
    /// `warning: FILE:LINE: MESSAGE`.
    #[must_use]
    pub fn render(&self) -> String {
        format!("warning: {}:{}: {}", self.file, self.line, self.message)
    }
}

/// The warnings about a loaded variant, in hook order.
#[must_use]
pub fn warnings(loaded: &LoadedVariant) -> Vec<Warning> {
    let mut found = Vec::new();
    for hook in loaded.hooks.iter().filter(|hook| hook.event == HookEvent::AfterMove) {
        let Some((offset, square)) = placement_where_the_mover_stands(&hook.source) else { continue };
        for token in loaded.spec.tokens.iter().filter(|token| token.removes_occupant && names_kind(hook, token)) {
            found.push(Warning {
                file: hook.source_file.clone(),
                line: hook.source_line + hook.source[..offset].matches('\n').count(),
                message: mover_lost(&hook.function, token, square),
            });
        }
    }
    found
}

/// The first `place_token` call of a source that reads a square where the mover stands:
/// its offset and the expression (`captured_square`, `.to`).
fn placement_where_the_mover_stands(source: &str) -> Option<(usize, &'static str)> {
    let offset = source.find("place_token")?;
    let square = if source.contains("captured_square") {
        "captured_square"
    } else if mentions_field(source, ".to") {
        ".to"
    } else {
        return None;
    };
    Some((offset, square))
}

/// Whether `field` (`.to`) appears as a whole field name, not the start of a longer one.
fn mentions_field(source: &str, field: &str) -> bool {
    source.match_indices(field).any(|(at, _)| {
        source[at + field.len()..].chars().next().is_none_or(|next| !(next.is_alphanumeric() || next == '_'))
    })
}

/// Whether the hook is given the token kind's name (as an argument or a string in its
/// source).
fn names_kind(hook: &Hook, token: &TokenSpec) -> bool {
    let argument = hook.args.iter().any(|arg| matches!(arg, HookArg::Text(text) if *text == token.name));
    argument || hook.source.contains(&format!("\"{}\"", token.name))
}

fn mover_lost(function: &str, token: &TokenSpec, square: &str) -> String {
    let there = match square {
        "captured_square" => "where the capturing piece stands (but after en passant)",
        _ => "where the piece that just moved stands",
    };
    format!(
        "the after-move hook `{function}` places a `{kind}` on `{square}`, {there}, and a `{kind}` removes \
         the piece where it appears (`removes the piece where it appears`, also part of `behaves as pit`): \
         that piece is lost as the token appears. If it should stay, declare the token `impassable` \
         without that clause.",
        kind = token.name
    )
}
