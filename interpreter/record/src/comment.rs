//! The inside of a comment: `[%dice ...]` commands taken out as outcomes, the rest kept as
//! text with its whitespace collapsed to single spaces.

use crate::problem::{excerpt, SyntaxError};

const DICE_COMMAND: &[u8] = b"[%dice";

/// What one comment holds.
#[derive(Debug, Default, PartialEq, Eq)]
pub(crate) struct CommentContent {
    /// Outcomes of every `%dice` command, in order.
    pub dice: Vec<u8>,
    /// The remaining text; `None` if only whitespace remains.
    pub text: Option<String>,
}

/// A bad `%dice` command, and how many lines into the comment it starts.
#[derive(Debug, PartialEq, Eq)]
pub(crate) struct CommentError {
    pub lines_before: u32,
    pub error: SyntaxError,
}

pub(crate) fn read_comment(content: &[u8]) -> Result<CommentContent, CommentError> {
    let mut dice = Vec::new();
    let text = read_comment_into(content, &mut dice)?;
    Ok(CommentContent { dice, text })
}

/// [`read_comment`] appending the outcomes to `dice`; the remaining text is returned. Only
/// a comment with text beside its dice allocates (what a record of a dice variant holds on
/// every ply is a comment of dice alone).
pub(crate) fn read_comment_into(content: &[u8], dice: &mut Vec<u8>) -> Result<Option<String>, CommentError> {
    // What a dice variant's record holds on nearly every ply: one command and nothing else.
    if let Some(list) = lone_dice_command(content) {
        let before = dice.len();
        if read_outcomes(list, dice).is_ok() {
            return Ok(None);
        }
        // Explained with its place below.
        dice.truncate(before);
    }
    if find(content, DICE_COMMAND).is_none() {
        // Text alone (a record's own comments): collapsed straight from the comment.
        return Ok(collapse_whitespace(content));
    }
    let mut remaining_text = Vec::new();
    let keep = |text: &[u8], remaining: &mut Vec<u8>| {
        if !text.iter().all(u8::is_ascii_whitespace) {
            remaining.extend_from_slice(text);
            remaining.push(b' ');
        }
    };
    let mut rest = content;
    while let Some(start) = find(rest, DICE_COMMAND) {
        keep(&rest[..start], &mut remaining_text);
        let command = &rest[start + DICE_COMMAND.len()..];
        let lines_before = crate::cursor::count_lines(&content[..content.len() - rest.len() + start]);
        let error = |error| CommentError { lines_before, error };
        let end = command.iter().position(|&byte| byte == b']').ok_or_else(|| {
            error(SyntaxError::MalformedDiceComment {
                text: excerpt(&rest[start..]).trim_end().to_owned(),
                reason: "`[%dice` is not closed by `]` before the comment ends".into(),
            })
        })?;
        read_outcomes(&command[..end], dice).map_err(error)?;
        rest = &command[end + 1..];
    }
    keep(rest, &mut remaining_text);
    Ok(if remaining_text.is_empty() { None } else { collapse_whitespace(&remaining_text) })
}

/// The outcome list of a comment that is a single `[%dice ...]` command (whitespace around
/// it allowed), `None` for any other comment.
fn lone_dice_command(content: &[u8]) -> Option<&[u8]> {
    let list = content.trim_ascii().strip_prefix(DICE_COMMAND)?.strip_suffix(b"]")?;
    (!list.contains(&b']')).then_some(list)
}

fn read_outcomes(list: &[u8], outcomes: &mut Vec<u8>) -> Result<(), SyntaxError> {
    let malformed = |reason: &str| SyntaxError::MalformedDiceComment {
        text: format!("[%dice{}]", excerpt(list)),
        reason: reason.to_owned(),
    };
    if list.first().is_some_and(|byte| !byte.is_ascii_whitespace()) {
        return Err(malformed("a blank must follow `%dice`"));
    }
    for word in list.split(u8::is_ascii_whitespace).filter(|word| !word.is_empty()) {
        if let Some(value) = parse_outcome(word) {
            outcomes.push(value);
            continue;
        }
        let listed = word.split(|&byte| byte == b',').all(|part| parse_outcome(part).is_some());
        if word.contains(&b',') && listed {
            return Err(malformed("outcomes are separated by blanks, not commas (`[%dice 6 5 5]`)"));
        }
        return Err(SyntaxError::BadDiceOutcome { text: excerpt(word) });
    }
    Ok(())
}

/// A die outcome: a decimal number 1..255 without sign or leading zero.
fn parse_outcome(word: &[u8]) -> Option<u8> {
    // An empty part (`,` alone, `6,,5`) is no outcome either.
    if word.is_empty() || word.len() > 3 || word[0] == b'0' || !word.iter().all(u8::is_ascii_digit) {
        return None;
    }
    let value = word.iter().fold(0u32, |value, digit| value * 10 + u32::from(digit - b'0'));
    u8::try_from(value).ok()
}

fn find(haystack: &[u8], needle: &[u8]) -> Option<usize> {
    let (&first, tail) = needle.split_first()?;
    let mut from = 0;
    while let Some(at) = haystack[from..].iter().position(|&byte| byte == first) {
        let start = from + at;
        if haystack[start + 1..].starts_with(tail) {
            return Some(start);
        }
        from = start + 1;
    }
    None
}

/// Words joined by single spaces; `None` if there are none.
pub(crate) fn collapse_whitespace(text: &[u8]) -> Option<String> {
    let mut collapsed = Vec::with_capacity(text.len());
    let mut gap = false;
    for &byte in text {
        if byte.is_ascii_whitespace() {
            gap = !collapsed.is_empty();
        } else {
            if gap {
                collapsed.push(b' ');
                gap = false;
            }
            collapsed.push(byte);
        }
    }
    (!collapsed.is_empty()).then(|| bytes_to_string(collapsed))
}

/// UTF-8 if it is, else Latin-1 (old PGN files).
pub(crate) fn bytes_to_string(bytes: Vec<u8>) -> String {
    String::from_utf8(bytes).unwrap_or_else(|invalid| invalid.as_bytes().iter().map(|&byte| byte as char).collect())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn dice_commands_are_taken_out_in_order() {
        let content = read_comment(b"[%dice 6 5 5] nice\n move [%dice 2][%clk 0:01:00]").unwrap();
        assert_eq!(content.dice, vec![6, 5, 5, 2]);
        assert_eq!(content.text.as_deref(), Some("nice move [%clk 0:01:00]"));
    }

    #[test]
    fn a_comment_of_dice_only_has_no_text() {
        let content = read_comment(b" [%dice 255 1] ").unwrap();
        assert_eq!(content.dice, vec![255, 1]);
        assert_eq!(content.text, None);
    }

    #[test]
    fn a_lone_dice_command_reads_as_one_among_text() {
        for (comment, dice) in
            [(" [%dice 6 5 5]\n", vec![6, 5, 5]), ("[%dice 2]", vec![2]), ("[%dice  1\n 8 ]", vec![1, 8])]
        {
            let mut read = vec![9];
            assert_eq!(read_comment_into(comment.as_bytes(), &mut read), Ok(None), "{comment:?}");
            assert_eq!(read[1..], dice, "{comment:?}");
        }
        let mut read = Vec::new();
        let both = read_comment_into(b"[%dice 1] x [%dice 2]", &mut read);
        assert_eq!((both, read), (Ok(Some("x".into())), vec![1, 2]));
        let mut read = vec![4];
        assert!(read_comment_into(b"[%dice 3 0]", &mut read).is_err());
    }

    #[test]
    fn outcomes_outside_one_to_255_are_errors() {
        for bad in ["0", "256", "-1", "x", "06", "1.5"] {
            let comment = format!("[%dice 3 {bad}]");
            let error = read_comment(comment.as_bytes()).unwrap_err();
            assert_eq!(error.error, SyntaxError::BadDiceOutcome { text: bad.into() }, "{bad}");
        }
        let unclosed = read_comment(b"ok\n[%dice 3").unwrap_err();
        assert_eq!(unclosed.lines_before, 1);
        assert!(read_comment(b"[%dice3]").is_err());
    }

    /// K4: each malformed dice comment is reported as what it is, with its text.
    #[test]
    fn malformed_dice_comments_say_what_is_wrong() {
        let message = |comment: &str| read_comment(comment.as_bytes()).unwrap_err().error.to_string();
        assert!(message("[%dice 0]").contains("`0` is impossible: a die's faces are numbered from 1"));
        for bad in ["-1", "1.5"] {
            let text = message(&format!("[%dice {bad}]"));
            assert!(text.contains(&format!("`{bad}` is not a whole number from 1 to 255")), "{text}");
        }
        assert!(message("[%dice 300]").contains("too large"));
        let commas = message("[%dice 6,5,5]");
        assert!(commas.contains("[%dice 6,5,5]") && commas.contains("blanks, not commas"), "{commas}");
        let unclosed = message("[%dice 1 ");
        assert!(
            unclosed.contains("malformed dice comment `[%dice 1`") && unclosed.contains("not closed"),
            "{unclosed}"
        );
    }
}
