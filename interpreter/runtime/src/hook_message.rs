//! A rhai error of a running hook in the author's words: the innermost error (not the chain
//! of calls around it), with its line in the hook's text, and a call of the hook API with an
//! argument of the wrong kind said as "place_token expects a square, got ()" instead of
//! rhai's list of the types it tried.

use rhai::EvalAltResult;

/// What the hook API expects in one argument.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Param {
    Square,
    Side,
    Piece,
    TokenKind,
    Number,
    Text,
    Notation,
}

impl Param {
    fn phrase(self) -> &'static str {
        match self {
            Param::Square => "a square",
            Param::Side => "a side",
            Param::Piece => "a piece name",
            Param::TokenKind => "a token kind",
            Param::Number => "a number",
            Param::Text => "a text",
            Param::Notation => "a notation",
        }
    }

    fn is_number(self) -> bool {
        self == Param::Number
    }
}

use Param::{Notation, Number, Piece, Side, Square, Text, TokenKind};

/// Every overload of the hook API by its arguments (the methods of a special move take the
/// same arguments after the move itself). `interpreter/runtime/src/api.rs` defines them.
const SIGNATURES: &[(&str, &[Param])] = &[
    ("roll", &[Number]),
    ("square", &[Number, Number]),
    ("has_piece", &[Square]),
    ("is_royal", &[Square]),
    ("piece_side", &[Square]),
    ("piece_name", &[Square]),
    ("royal_square", &[Side]),
    ("neighbours", &[Square]),
    ("token_kind", &[Square]),
    ("token_count", &[Square]),
    ("token_timer", &[Square]),
    ("count_tokens", &[TokenKind]),
    ("token_squares", &[TokenKind]),
    ("note", &[Text]),
    ("place_token", &[TokenKind, Square]),
    ("place_token", &[TokenKind, Square, Number]),
    ("move_token", &[Square, Square]),
    ("remove_token", &[Square]),
    ("set_timer", &[Square, Number]),
    ("remove_piece", &[Square]),
    ("place_piece", &[Side, Piece, Square]),
    ("move_piece", &[Square, Square]),
    ("special_move", &[Notation]),
];

/// The type name rhai gives a special move under construction.
const SPECIAL_MOVE_TYPE: &str = "SpecialMove";

/// The hook's error: the line in the hook text (1-based, when known) and the message.
pub fn describe(error: &EvalAltResult) -> (Option<usize>, String) {
    let inner = error.unwrap_inner();
    let line = inner.position().line().or_else(|| error.position().line());
    (line, message(inner))
}

fn message(error: &EvalAltResult) -> String {
    match error {
        EvalAltResult::ErrorFunctionNotFound(signature, _) => {
            api_argument_message(signature).unwrap_or_else(|| without_position(error))
        }
        EvalAltResult::ErrorTerminated(token, _) => {
            // The meter's token is its message.
            token
                .clone()
                .into_immutable_string()
                .map_or_else(|_| "the hook went over its budget".to_string(), |text| text.to_string())
        }
        // A refusal of the hook API: its own words, without rhai's "Runtime error:".
        EvalAltResult::ErrorRuntime(value, _) if value.is_string() => value.to_string(),
        EvalAltResult::ErrorTooManyOperations(_) => format!(
            "the hook ran more than {} operations in one call (a loop that does not end?)",
            crate::engine::MAX_OPERATIONS
        ),
        _ => without_position(error),
    }
}

/// rhai's message without its "(line 3, position 5)": the caller places the error itself.
fn without_position(error: &EvalAltResult) -> String {
    let text = error.to_string();
    let place = format!(" ({})", error.position());
    match text.strip_suffix(&place) {
        Some(bare) if !error.position().is_none() => bare.to_string(),
        _ => text,
    }
}

/// "place_token expects a square, got ()" for a signature such as
/// `place_token (&str | ImmutableString | String, (), i64)`; `None` when it is not a call of
/// the hook API.
pub fn api_argument_message(signature: &str) -> Option<String> {
    let (name, args) = signature.split_once(" (")?;
    let args = args.strip_suffix(')')?;
    let mut given: Vec<&str> = if args.trim().is_empty() { Vec::new() } else { args.split(", ").collect() };
    if given.first() == Some(&SPECIAL_MOVE_TYPE) {
        given.remove(0);
    }
    let overloads: Vec<&[Param]> =
        SIGNATURES.iter().filter(|(known, _)| *known == name).map(|(_, params)| *params).collect();
    if overloads.is_empty() {
        return None;
    }
    let Some(params) = overloads.iter().find(|params| params.len() == given.len()) else {
        let counts: Vec<String> = overloads.iter().map(|params| params.len().to_string()).collect();
        return Some(format!("{name} takes {} argument(s), got {}", counts.join(" or "), given.len()));
    };
    let (param, got) = params.iter().zip(&given).find(|(param, got)| !fits(**param, got))?;
    Some(format!("{name} expects {}, got {}", param.phrase(), type_phrase(got)))
}

/// Whether rhai's type name `got` is what `param` takes.
fn fits(param: Param, got: &str) -> bool {
    match param.is_number() {
        true => got == "i64",
        false => got.contains("String") || got == "&str",
    }
}

/// A rhai type name in words.
fn type_phrase(got: &str) -> String {
    match got {
        "()" => "()".to_string(),
        "i64" => "a number".to_string(),
        "f64" => "a decimal number".to_string(),
        "bool" => "true or false".to_string(),
        "char" => "a character".to_string(),
        "array" => "an array".to_string(),
        "map" => "a map".to_string(),
        SPECIAL_MOVE_TYPE => "a special move".to_string(),
        text if text.contains("String") => "a text".to_string(),
        other => other.to_string(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_unit_where_a_square_goes_is_said_in_words() {
        let message = api_argument_message("place_token (&str | ImmutableString | String, (), i64)");
        assert_eq!(message.as_deref(), Some("place_token expects a square, got ()"));
    }

    #[test]
    fn a_special_moves_method_skips_the_move_itself() {
        let message = api_argument_message("place_piece (SpecialMove, &str | ImmutableString | String, i64, ())");
        assert_eq!(message.as_deref(), Some("place_piece expects a piece name, got a number"));
    }

    #[test]
    fn a_text_where_a_number_goes_is_said_in_words() {
        let message = api_argument_message("roll (&str | ImmutableString | String)");
        assert_eq!(message.as_deref(), Some("roll expects a number, got a text"));
    }

    #[test]
    fn a_wrong_number_of_arguments_gives_the_numbers_taken() {
        let message = api_argument_message("place_token (&str | ImmutableString | String)");
        assert_eq!(message.as_deref(), Some("place_token takes 2 or 3 argument(s), got 1"));
    }

    #[test]
    fn every_api_function_with_arguments_has_its_signatures_here() {
        for &(name, arities) in holechess_lang::HOOK_API {
            let mut known: Vec<usize> =
                SIGNATURES.iter().filter(|(known, _)| *known == name).map(|(_, params)| params.len()).collect();
            known.sort_unstable();
            let expected: Vec<usize> = arities.iter().copied().filter(|&n| n > 0).collect();
            assert_eq!(known, expected, "{name}");
        }
    }

    #[test]
    fn a_function_outside_the_api_keeps_rhai_s_message() {
        assert_eq!(api_argument_message("my_helper (i64)"), None);
    }
}
