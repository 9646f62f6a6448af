//! A small lexer for rhai sources, enough for the hook checks: identifiers, literals and
//! punctuation with their byte offsets; comments are skipped, and the code inside a
//! backquoted string's `${...}` is lexed like any other code (it may call functions too).

/// One token of a rhai source.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Token<'a> {
    Ident(&'a str),
    Punct(u8),
    /// A string, character or number.
    Literal,
}

/// A token and where it starts in the source.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Lexed<'a> {
    pub token: Token<'a>,
    pub offset: usize,
}

/// The identifiers and punctuation of `text`, in order.
pub(crate) fn tokens(text: &str) -> Vec<Lexed<'_>> {
    let mut out = Vec::new();
    lex_code(text, 0, false, &mut out);
    out
}

/// Lexes code from `i` to the end of `text`, or, when `interpolation`, to the `}` closing a
/// `${` (returning the index after it).
fn lex_code<'a>(text: &'a str, mut i: usize, interpolation: bool, out: &mut Vec<Lexed<'a>>) -> usize {
    let bytes = text.as_bytes();
    let mut depth = 0usize;
    while i < bytes.len() {
        let b = bytes[i];
        match b {
            b if b.is_ascii_whitespace() => i += 1,
            b'/' if bytes.get(i + 1) == Some(&b'/') => i = skip_line(bytes, i),
            b'/' if bytes.get(i + 1) == Some(&b'*') => i = skip_block_comment(bytes, i),
            b'`' => {
                out.push(Lexed { token: Token::Literal, offset: i });
                i = lex_template(text, i, out);
            }
            b'"' | b'\'' => {
                out.push(Lexed { token: Token::Literal, offset: i });
                i = skip_quoted(bytes, i, b);
            }
            b if b.is_ascii_digit() => {
                out.push(Lexed { token: Token::Literal, offset: i });
                i = skip_number(bytes, i);
            }
            b if b.is_ascii_alphabetic() || b == b'_' => {
                let start = i;
                while i < bytes.len() && (bytes[i].is_ascii_alphanumeric() || bytes[i] == b'_') {
                    i += 1;
                }
                out.push(Lexed { token: Token::Ident(&text[start..i]), offset: start });
            }
            b'}' if interpolation && depth == 0 => return i + 1,
            _ => {
                match b {
                    b'{' => depth += 1,
                    b'}' => depth = depth.saturating_sub(1),
                    _ => {}
                }
                out.push(Lexed { token: Token::Punct(b), offset: i });
                i += 1;
            }
        }
    }
    i
}

/// A backquoted string from its opening quote at `i`: the text is skipped, the code of each
/// `${...}` is lexed. Returns the index after the closing quote.
fn lex_template<'a>(text: &'a str, mut i: usize, out: &mut Vec<Lexed<'a>>) -> usize {
    let bytes = text.as_bytes();
    i += 1;
    while i < bytes.len() {
        match bytes[i] {
            b'\\' => i += 2,
            b'`' => return i + 1,
            b'$' if bytes.get(i + 1) == Some(&b'{') => i = lex_code(text, i + 2, true, out),
            _ => i += 1,
        }
    }
    i
}

fn skip_line(bytes: &[u8], mut i: usize) -> usize {
    while i < bytes.len() && bytes[i] != b'\n' {
        i += 1;
    }
    i
}

/// Block comments nest in rhai.
fn skip_block_comment(bytes: &[u8], mut i: usize) -> usize {
    let mut depth = 0;
    while i < bytes.len() {
        if bytes[i..].starts_with(b"/*") {
            depth += 1;
            i += 2;
        } else if bytes[i..].starts_with(b"*/") {
            depth -= 1;
            i += 2;
            if depth == 0 {
                return i;
            }
        } else {
            i += 1;
        }
    }
    i
}

fn skip_quoted(bytes: &[u8], mut i: usize, quote: u8) -> usize {
    i += 1;
    while i < bytes.len() {
        match bytes[i] {
            b'\\' => i += 2,
            b if b == quote => return i + 1,
            _ => i += 1,
        }
    }
    i
}

/// Digits, letters and `_` (hex, exponents); a `.` only when a digit follows (`0..n` is a range).
fn skip_number(bytes: &[u8], mut i: usize) -> usize {
    while i < bytes.len() {
        let b = bytes[i];
        let fraction = b == b'.' && bytes.get(i + 1).is_some_and(u8::is_ascii_digit);
        if b.is_ascii_alphanumeric() || b == b'_' || fraction {
            i += 1;
        } else {
            break;
        }
    }
    i
}

#[cfg(test)]
mod tests {
    use super::*;

    fn idents(text: &str) -> Vec<&str> {
        tokens(text)
            .into_iter()
            .filter_map(|t| match t.token {
                Token::Ident(name) => Some(name),
                _ => None,
            })
            .collect()
    }

    #[test]
    fn strings_comments_and_numbers_are_skipped() {
        let text = "let a = \"roll(6)\"; // f(1)\n/* g( /* nested */ ) */ for i in 0..count { h(1.5e3, 'x') }";
        assert_eq!(idents(text), ["let", "a", "for", "i", "in", "count", "h"]);
    }

    #[test]
    fn code_inside_a_backquoted_interpolation_is_lexed() {
        let text = "let s = `rolled ${roll(6) + #{a: 1}.a} and ${`inner ${f(x)}`} done`; g(s)";
        assert_eq!(idents(text), ["let", "s", "roll", "a", "a", "f", "x", "g", "s"]);
    }
}
