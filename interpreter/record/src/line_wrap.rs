//! Filling lines of at most 80 columns with words, as PGN export format asks.

pub(crate) const MAX_COLUMNS: usize = 80;

/// A unit of movetext for the wrapper.
pub(crate) enum Word {
    /// Never split; goes on the next line if it does not fit.
    Plain(String),
    /// A `;` comment: runs to the end of its line.
    RestOfLine(String),
}

/// Joins the words with single spaces into lines of at most [`MAX_COLUMNS`] (a longer word
/// gets a line of its own). Every line ends with `\n`.
pub(crate) fn wrap_words(words: &[Word], out: &mut String) {
    let mut column = 0;
    for word in words {
        let (text, ends_line) = match word {
            Word::Plain(text) => (text, false),
            Word::RestOfLine(text) => (text, true),
        };
        if column > 0 && column + 1 + text.len() > MAX_COLUMNS && !ends_line {
            out.push('\n');
            column = 0;
        }
        if column > 0 {
            out.push(' ');
            column += 1;
        }
        out.push_str(text);
        column += text.len();
        if ends_line {
            out.push('\n');
            column = 0;
        }
    }
    if column > 0 {
        out.push('\n');
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lines_stay_within_80_columns() {
        let words: Vec<Word> = (0..100).map(|i| Word::Plain(format!("w{i}"))).collect();
        let mut out = String::new();
        wrap_words(&words, &mut out);
        assert!(out.lines().all(|line| line.len() <= MAX_COLUMNS));
        assert!(out.lines().any(|line| line.len() > MAX_COLUMNS - 4));
        assert_eq!(out.split_whitespace().count(), 100);
    }

    #[test]
    fn a_rest_of_line_comment_ends_its_line() {
        let words = [Word::Plain("e4".into()), Word::RestOfLine(";a } b".into()), Word::Plain("e5".into())];
        let mut out = String::new();
        wrap_words(&words, &mut out);
        assert_eq!(out, "e4 ;a } b\ne5\n");
    }
}
