//! Text from untrusted input made safe for a terminal: every control character but the line
//! feed and the tab (ESC, carriage return, backspace, the C1 controls, DEL) is shown escaped,
//! as `\x1b` or `\u{9b}`, so that a record, a script or a typed line cannot clear the
//! screen, move the cursor or retitle the window when its text is echoed in a message.
//! Every text report that can quote such input goes through [`escaped`] (JSON output is
//! escaped by its writer).

use std::borrow::Cow;
use std::fmt::Write;

/// `text` with its control characters escaped; borrowed when it has none.
pub fn escaped(text: &str) -> Cow<'_, str> {
    if !text.chars().any(is_unsafe) {
        return Cow::Borrowed(text);
    }
    let mut shown = String::with_capacity(text.len() + 8);
    for c in text.chars() {
        match c {
            c if !is_unsafe(c) => shown.push(c),
            c if (c as u32) < 0x80 => {
                let _ = write!(shown, "\\x{:02x}", c as u32);
            }
            c => {
                let _ = write!(shown, "\\u{{{:x}}}", c as u32);
            }
        }
    }
    Cow::Owned(shown)
}

/// A control character a terminal may act on (line feeds and tabs only lay out text).
fn is_unsafe(c: char) -> bool {
    c.is_control() && c != '\n' && c != '\t'
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn escape_sequences_are_shown_not_sent() {
        assert_eq!(escaped("\x1b[2Jbad"), "\\x1b[2Jbad");
        assert_eq!(escaped("a\rb\x07\x7f\u{9b}c"), "a\\x0db\\x07\\x7f\\u{9b}c");
        assert!(matches!(escaped("plain\ttext\n♘"), Cow::Borrowed("plain\ttext\n♘")));
    }
}
