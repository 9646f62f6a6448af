//! [`GameSkip`]: finds where a game that went wrong ends, so that the reader resumes at the
//! next game and not in the middle of this one. The rest of a game ends with the line of its
//! result token (`1-0`, `0-1`, `1/2-1/2`, `*` as a whole token, outside comments), before a
//! line that starts with `[`, or at the end of the input. It is fed the input in pieces.

/// The longest result token, `1/2-1/2`.
const LONGEST_RESULT: usize = 7;

/// The state of a skip between two pieces of input.
#[derive(Default)]
pub(crate) struct GameSkip {
    /// Inside a `{ }` comment.
    in_brace: bool,
    /// Inside a `;` comment (up to the end of the line).
    in_line_comment: bool,
    /// The start of the current token (only as long as a result token can be).
    token: [u8; LONGEST_RESULT],
    token_len: usize,
    /// The current token is longer than any result token.
    token_long: bool,
    /// The result has been found: the rest of its line is the game's too.
    after_result: bool,
}

impl GameSkip {
    /// Scans `bytes` (`at_line_start`: the first of them begins a line). Gives how many
    /// bytes belong to the game, and whether its end was found.
    pub(crate) fn feed(&mut self, bytes: &[u8], at_line_start: bool) -> (usize, bool) {
        for (index, &byte) in bytes.iter().enumerate() {
            if self.after_result {
                if byte == b'\n' {
                    return (index + 1, true);
                }
                continue;
            }
            let line_start = if index == 0 { at_line_start } else { bytes[index - 1] == b'\n' };
            if self.in_brace {
                self.in_brace = byte != b'}';
                continue;
            }
            if self.in_line_comment {
                self.in_line_comment = byte != b'\n';
                continue;
            }
            if byte == b'[' && line_start {
                return (index, true);
            }
            let ends_token = byte.is_ascii_whitespace() || byte == b'{' || byte == b';';
            if !ends_token {
                self.push(byte);
                continue;
            }
            if self.token_is_result() {
                self.after_result = true;
                if byte == b'\n' {
                    return (index + 1, true);
                }
                continue;
            }
            self.clear();
            self.in_brace = byte == b'{';
            self.in_line_comment = byte == b';';
        }
        (bytes.len(), false)
    }

    fn push(&mut self, byte: u8) {
        match self.token_len < LONGEST_RESULT {
            true => {
                self.token[self.token_len] = byte;
                self.token_len += 1;
            }
            false => self.token_long = true,
        }
    }

    fn clear(&mut self) {
        self.token_len = 0;
        self.token_long = false;
    }

    fn token_is_result(&self) -> bool {
        !self.token_long && matches!(&self.token[..self.token_len], b"1-0" | b"0-1" | b"1/2-1/2" | b"*")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn skip(text: &str) -> (usize, bool) {
        GameSkip::default().feed(text.as_bytes(), true)
    }

    #[test]
    fn ends_with_the_line_of_a_whole_result_token() {
        assert_eq!(skip("Zz 2. Nf3 1-0\n1. e4 *"), (14, true));
        assert_eq!(skip(",*,* 1. e4 e5 * </p>\n<p>"), (21, true));
        assert_eq!(skip("x 1-0x 0-1 {a\nb} c"), (14, true));
        assert_eq!(skip("x 1-0x e4"), (9, false));
    }

    #[test]
    fn ends_before_a_tag_line_and_ignores_comments() {
        assert_eq!(skip("Zz {1-0\n[x} e4\n[Event"), (15, true));
        assert_eq!(skip("Zz ; 1-0 *\ne4"), (13, false));
    }

    #[test]
    fn a_token_split_between_pieces_is_still_found() {
        let mut skip = GameSkip::default();
        assert_eq!(skip.feed(b"Zz 1/2-", true), (7, false));
        assert_eq!(skip.feed(b"1/2 next\n1. e4", false), (9, true));
    }
}
