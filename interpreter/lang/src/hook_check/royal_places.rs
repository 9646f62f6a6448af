//! A hook that places a royal piece named in its text (`place_piece(side, "king", sq)`, as
//! an event's function or a special move's method) in a variant with one royal piece per
//! side: every side has its royal piece already, so the call fails whenever it runs. Found
//! here, before any game, wherever the call stands (also in a branch the start position
//! never takes).

use super::lexer::{Lexed, Token};

/// The function that places pieces, and the index of its piece-name argument.
const PLACE_PIECE: &str = "place_piece";
const PIECE_ARGUMENT: usize = 1;

/// Each string literal of `text` that names one of `royal` as the piece of a `place_piece`
/// call: its offset in `text` and the name.
pub(crate) fn royal_placements<'a>(tokens: &[Lexed<'_>], text: &'a str, royal: &[String]) -> Vec<(usize, &'a str)> {
    let mut found = Vec::new();
    if royal.is_empty() {
        return found;
    }
    for i in 0..tokens.len().saturating_sub(1) {
        if tokens[i].token != Token::Ident(PLACE_PIECE) || tokens[i + 1].token != Token::Punct(b'(') {
            continue;
        }
        let Some(argument) = argument_tokens(&tokens[i + 2..], PIECE_ARGUMENT) else { continue };
        let [only] = argument else { continue };
        if only.token != Token::Literal {
            continue;
        }
        if let Some(name) = quoted(text, only.offset).filter(|name| royal.iter().any(|r| r == name)) {
            found.push((only.offset, name));
        }
    }
    found
}

/// The tokens of argument `index` of a call, from the tokens after its `(`.
fn argument_tokens<'t, 'a>(after_open: &'t [Lexed<'a>], index: usize) -> Option<&'t [Lexed<'a>]> {
    let (mut depth, mut current, mut start) = (0i32, 0usize, 0usize);
    for (i, t) in after_open.iter().enumerate() {
        match t.token {
            Token::Punct(b'(' | b'[' | b'{') => depth += 1,
            Token::Punct(b')' | b']' | b'}') if depth == 0 => {
                return (current == index).then(|| &after_open[start..i]);
            }
            Token::Punct(b')' | b']' | b'}') => depth -= 1,
            Token::Punct(b',') if depth == 0 => {
                if current == index {
                    return Some(&after_open[start..i]);
                }
                current += 1;
                start = i + 1;
            }
            _ => {}
        }
    }
    None
}

/// The text of a `"..."` literal starting at `offset` (without escapes; a piece name has none).
fn quoted(text: &str, offset: usize) -> Option<&str> {
    let rest = text.get(offset..)?.strip_prefix('"')?;
    rest.split_once('"').map(|(inside, _)| inside).filter(|inside| !inside.contains('\\'))
}

#[cfg(test)]
mod tests {
    use super::super::lexer::tokens;
    use super::*;

    fn found(text: &str) -> Vec<&str> {
        royal_placements(&tokens(text), text, &["king".to_string()]).into_iter().map(|(_, name)| name).collect()
    }

    #[test]
    fn a_king_placed_by_an_event_or_a_special_move_is_found() {
        assert_eq!(found(r#"fn f() { if ply() == 3 { place_piece(side_to_move(), "king", "d4"); } }"#), ["king"]);
        assert_eq!(
            found(r#"fn f() { let m = special_move("x@d4"); m.place_piece("white", "king", "d4"); [m] }"#),
            ["king"]
        );
    }

    #[test]
    fn other_pieces_and_names_held_in_variables_are_not() {
        assert!(found(r#"fn f() { place_piece("white", "queen", "d4"); }"#).is_empty());
        assert!(found(r#"fn f(p) { place_piece("white", p, "d4"); }"#).is_empty());
        assert!(found(r#"fn f() { place_piece(piece_name("e1"), "queen", "king"); }"#).is_empty());
    }
}
