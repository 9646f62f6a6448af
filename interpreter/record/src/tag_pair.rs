//! Reading one `[Name "value"]` tag pair, with `\"` and `\\` escapes in the value.

use crate::cursor::{Cursor, Step};
use crate::pgn_game::TagPair;
use crate::problem::{excerpt, SyntaxError};

/// Reads a tag pair at `[`. After it, the line may hold only spaces or further tag pairs.
pub(crate) fn read_tag_pair(cursor: &mut Cursor) -> Step<Result<TagPair, SyntaxError>> {
    cursor.advance(1);
    skip_blanks(cursor)?;
    let name = cursor.take_while(is_tag_name_byte)?;
    if name.is_empty() {
        return Ok(Err(malformed("no tag name after `[`")));
    }
    // Tag name bytes are ASCII.
    let name = String::from_utf8_lossy(name).into_owned();
    skip_blanks(cursor)?;
    if cursor.peek()? != Some(b'"') {
        return Ok(Err(malformed("the value is not in double quotes")));
    }
    cursor.advance(1);
    let value = match read_quoted_value(cursor)? {
        Some(value) => value,
        None => return Ok(Err(malformed("the value's closing `\"]` is missing"))),
    };
    skip_blanks(cursor)?;
    if cursor.peek()? != Some(b']') {
        return Ok(Err(malformed("the closing `]` is missing")));
    }
    cursor.advance(1);
    Ok(check_rest_of_line(cursor)?.map(|()| TagPair { name, value }))
}

fn malformed(reason: &str) -> SyntaxError {
    SyntaxError::MalformedTag { reason: reason.into() }
}

fn is_tag_name_byte(byte: u8) -> bool {
    byte.is_ascii_alphanumeric() || byte == b'_'
}

fn skip_blanks(cursor: &mut Cursor) -> Step<()> {
    cursor.take_while(|byte| byte == b' ' || byte == b'\t')?;
    Ok(())
}

/// The value up to the closing quote (consumed); `None` if the line ends first.
/// A `"` not followed by `]` is kept in the value: `[Event "Tour "C""]` is `Tour "C"`.
fn read_quoted_value(cursor: &mut Cursor) -> Step<Option<String>> {
    let mut value = Vec::new();
    loop {
        let plain = cursor.take_while(|byte| !matches!(byte, b'"' | b'\\' | b'\n'))?;
        value.extend_from_slice(plain);
        match cursor.peek()? {
            Some(b'"') => {
                cursor.advance(1);
                if closes_tag(cursor)? {
                    return Ok(Some(decode(value)));
                }
                value.push(b'"');
            }
            Some(b'\\') => match cursor.peek_at(1)? {
                Some(escaped @ (b'"' | b'\\')) => {
                    value.push(escaped);
                    cursor.advance(2);
                }
                _ => {
                    value.push(b'\\');
                    cursor.advance(1);
                }
            },
            _ => return Ok(None),
        }
    }
}

/// Only blanks stand between the cursor and a `]`.
fn closes_tag(cursor: &Cursor) -> Step<bool> {
    let mut offset = 0;
    loop {
        match cursor.peek_at(offset)? {
            Some(b' ' | b'\t') => offset += 1,
            Some(b']') => return Ok(true),
            _ => return Ok(false),
        }
    }
}

fn decode(value: Vec<u8>) -> String {
    String::from_utf8(value).unwrap_or_else(|invalid| latin1_to_string(invalid.as_bytes()))
}

/// Old PGN files are often Latin-1; a value that is not UTF-8 is read as Latin-1.
fn latin1_to_string(bytes: &[u8]) -> String {
    bytes.iter().map(|&byte| byte as char).collect()
}

/// Only blanks or another tag pair may follow a tag pair on its line.
fn check_rest_of_line(cursor: &mut Cursor) -> Step<Result<(), SyntaxError>> {
    skip_blanks(cursor)?;
    match cursor.peek()? {
        None | Some(b'\r' | b'\n' | b'[') => Ok(Ok(())),
        Some(_) => {
            let rest = cursor.rest_of_line()?;
            Ok(Err(SyntaxError::TextAfterTag { text: excerpt(rest) }))
        }
    }
}
