//! Reading one `[Name "value"]` tag pair, with `\"` and `\\` escapes in the value, into
//! the strings of a pair read before (a validator reads millions of tags; reusing their
//! room spares two allocations a tag).

use crate::cursor::{Cursor, Step};
use crate::pgn_game::TagPair;
use crate::problem::{excerpt, SyntaxError};

/// Reads a tag pair at `[` into `pair` (its strings are overwritten, their room reused).
/// After it, the line may hold only spaces or further tag pairs.
pub(crate) fn read_tag_pair_into(cursor: &mut Cursor, pair: &mut TagPair) -> Step<Result<(), SyntaxError>> {
    cursor.advance(1);
    skip_blanks(cursor)?;
    let name = cursor.take_while(is_tag_name_byte)?;
    if name.is_empty() {
        return Ok(Err(malformed("no tag name after `[`")));
    }
    pair.name.clear();
    // Tag name bytes are ASCII.
    pair.name.extend(name.iter().map(|&byte| char::from(byte)));
    skip_blanks(cursor)?;
    if cursor.peek()? != Some(b'"') {
        return Ok(Err(malformed("the value is not in double quotes")));
    }
    cursor.advance(1);
    if !read_quoted_value(cursor, &mut pair.value)? {
        return Ok(Err(malformed("the value's closing `\"]` is missing")));
    }
    skip_blanks(cursor)?;
    if cursor.peek()? != Some(b']') {
        return Ok(Err(malformed("the closing `]` is missing")));
    }
    cursor.advance(1);
    check_rest_of_line(cursor)
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

/// The value up to the closing quote (consumed) into `value`; false if the line ends first.
/// A `"` not followed by `]` is kept in the value: `[Event "Tour "C""]` is `Tour "C"`.
fn read_quoted_value(cursor: &mut Cursor, value: &mut String) -> Step<bool> {
    let plain = cursor.take_while(|byte| !matches!(byte, b'"' | b'\\' | b'\n'))?;
    if cursor.peek()? == Some(b'"') && closes_tag(cursor, 1)? {
        // The common value: no escape, no quote inside.
        cursor.advance(1);
        value.clear();
        decode_into(plain, value);
        return Ok(true);
    }
    let mut bytes = plain.to_vec();
    loop {
        match cursor.peek()? {
            Some(b'"') => {
                cursor.advance(1);
                if closes_tag(cursor, 0)? {
                    value.clear();
                    decode_into(&bytes, value);
                    return Ok(true);
                }
                bytes.push(b'"');
            }
            Some(b'\\') => match cursor.peek_at(1)? {
                Some(escaped @ (b'"' | b'\\')) => {
                    bytes.push(escaped);
                    cursor.advance(2);
                }
                _ => {
                    bytes.push(b'\\');
                    cursor.advance(1);
                }
            },
            _ => return Ok(false),
        }
        let plain = cursor.take_while(|byte| !matches!(byte, b'"' | b'\\' | b'\n'))?;
        bytes.extend_from_slice(plain);
    }
}

/// Only blanks stand between the byte `offset` bytes past the cursor and a `]`.
fn closes_tag(cursor: &Cursor, mut offset: usize) -> Step<bool> {
    loop {
        match cursor.peek_at(offset)? {
            Some(b' ' | b'\t') => offset += 1,
            Some(b']') => return Ok(true),
            _ => return Ok(false),
        }
    }
}

/// Appends `bytes` to `value`: as UTF-8, or, when they are not UTF-8, as Latin-1 (old PGN
/// files often are).
fn decode_into(bytes: &[u8], value: &mut String) {
    match std::str::from_utf8(bytes) {
        Ok(text) => value.push_str(text),
        Err(_) => value.extend(bytes.iter().map(|&byte| char::from(byte))),
    }
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
