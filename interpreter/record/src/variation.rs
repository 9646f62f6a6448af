//! Capturing a side variation `( ... )` as text, nested variations and comments included,
//! so that a rewrite can put it back. Variations are not played.
//!
//! Whitespace runs become single spaces; a `;` comment inside becomes a `{ }` comment (any
//! `}` in it is dropped), since the line end that closed it is gone; `%` lines are dropped.

use crate::comment::bytes_to_string;
use crate::cursor::{Cursor, Step};

/// Reads from just after `(` through the matching `)`. `None` if the input ends first.
pub(crate) fn read_variation(cursor: &mut Cursor) -> Step<Option<String>> {
    let mut text = Vec::new();
    let mut depth = 1u32;
    loop {
        let Some(byte) = cursor.peek()? else {
            return Ok(None);
        };
        match byte {
            b'(' => depth += 1,
            b')' => {
                depth -= 1;
                if depth == 0 {
                    cursor.advance(1);
                    return Ok(Some(finish(text)));
                }
            }
            b'{' => {
                cursor.advance(1);
                let Some(comment) = cursor.take_through(b'}')? else {
                    return Ok(None);
                };
                push_comment(&mut text, comment);
                continue;
            }
            b';' => {
                cursor.advance(1);
                let comment = cursor.rest_of_line()?;
                let kept: Vec<u8> = comment.iter().copied().filter(|&b| b != b'}').collect();
                push_comment(&mut text, &kept);
                continue;
            }
            b'%' if cursor.at_line_start() => {
                cursor.rest_of_line()?;
                continue;
            }
            _ => {}
        }
        if byte.is_ascii_whitespace() {
            cursor.skip_whitespace()?;
            push_space(&mut text);
            continue;
        }
        text.push(byte);
        cursor.advance(1);
    }
}

fn push_comment(text: &mut Vec<u8>, comment: &[u8]) {
    text.push(b'{');
    for word in comment.split(u8::is_ascii_whitespace).filter(|word| !word.is_empty()) {
        if text.last() != Some(&b'{') {
            text.push(b' ');
        }
        text.extend_from_slice(word);
    }
    text.push(b'}');
}

fn push_space(text: &mut Vec<u8>) {
    if text.last().is_some_and(|&last| last != b' ') {
        text.push(b' ');
    }
}

fn finish(mut text: Vec<u8>) -> String {
    if text.last() == Some(&b' ') {
        text.pop();
    }
    bytes_to_string(text)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn capture(source: &str) -> Option<String> {
        let mut cursor = Cursor::new(source.as_bytes(), 1, false, true);
        read_variation(&mut cursor).unwrap()
    }

    #[test]
    fn nested_variations_and_comments_are_kept() {
        assert_eq!(
            capture(" 1... e5 (1... c5 {a ) in\n a comment} 2. Nf3) 2. d4 ) 2. Nf3").as_deref(),
            Some("1... e5 (1... c5 {a ) in a comment} 2. Nf3) 2. d4")
        );
    }

    #[test]
    fn a_line_comment_becomes_a_brace_comment() {
        assert_eq!(capture("e5 ; see }below\n Nf3)").as_deref(), Some("e5 {see below} Nf3"));
    }

    #[test]
    fn an_unclosed_variation_is_none() {
        assert_eq!(capture("e5 (c5) d5"), None);
    }
}
