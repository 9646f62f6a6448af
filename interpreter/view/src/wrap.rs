//! Text laid out for a terminal of a given width: lines broken at spaces, continuation lines
//! indented under the first line's text, and a word wider than the terminal cut, so that no
//! line is wider than the terminal.

/// The terminal width assumed when none is known.
pub const DEFAULT_WIDTH: usize = 80;

/// The narrowest width text is laid out for (a narrower terminal gets lines this wide).
const MIN_WIDTH: usize = 20;

/// `text` (one line or several) broken into lines of at most `width` characters; a line
/// that is broken continues indented two spaces deeper than it starts.
#[must_use]
pub fn wrap(text: &str, width: usize) -> Vec<String> {
    let width = width.max(MIN_WIDTH);
    text.lines()
        .flat_map(|line| {
            let indent = line.chars().take_while(|c| *c == ' ').count();
            wrap_line(line, width, indent + 2)
        })
        .collect()
}

/// `text` broken into lines of at most `width` characters, continuation lines indented by
/// `hang` spaces (a table's second column: `holechess list`).
#[must_use]
pub fn wrap_hanging(text: &str, width: usize, hang: usize) -> Vec<String> {
    let width = width.max(MIN_WIDTH);
    let hang = hang.min(width / 2);
    text.lines().flat_map(|line| wrap_line(line, width, hang)).collect()
}

fn wrap_line(line: &str, width: usize, hang: usize) -> Vec<String> {
    let line = line.trim_end();
    if line.chars().count() <= width {
        return vec![line.to_owned()];
    }
    let indent: String = line.chars().take_while(|c| *c == ' ').collect();
    let continuation = " ".repeat(hang);
    let room = width.saturating_sub(continuation.len()).max(1);
    let mut lines = Vec::new();
    let mut current = indent.clone();
    let mut lead = current.len();
    for (gap, word) in spaced_words(&line[indent.len()..]) {
        for (index, piece) in pieces(word, room).into_iter().enumerate() {
            let used = current.chars().count();
            // Spaces between words are kept within a line (a table's columns stay aligned);
            // the pieces of a cut word follow each other without one.
            let mut space = if used > lead && index == 0 { gap } else { 0 };
            if used > lead && used + space + piece.chars().count() > width {
                lines.push(std::mem::replace(&mut current, continuation.clone()));
                lead = continuation.len();
                space = 0;
            }
            current.push_str(&" ".repeat(space));
            current.push_str(&piece);
        }
    }
    lines.push(current);
    lines
}

/// The words of `text`, each with the number of spaces before it.
fn spaced_words(text: &str) -> Vec<(usize, &str)> {
    let mut words = Vec::new();
    let mut rest = text;
    while !rest.is_empty() {
        let gap = rest.len() - rest.trim_start_matches(' ').len();
        rest = &rest[gap..];
        let end = rest.find(' ').unwrap_or(rest.len());
        if end > 0 {
            words.push((gap, &rest[..end]));
        }
        rest = &rest[end..];
    }
    words
}

/// A word cut into pieces of at most `room` characters (a word that fits is one piece).
fn pieces(word: &str, room: usize) -> Vec<String> {
    let chars: Vec<char> = word.chars().collect();
    chars.chunks(room.max(1)).map(|chunk| chunk.iter().collect()).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lines_break_at_spaces_and_continue_indented() {
        let text = "  error: the white knight on e2 cannot go to f4: it is pinned to its king by the rook on e7";
        let lines = wrap(text, 40);
        assert!(lines.iter().all(|line| line.chars().count() <= 40), "{lines:#?}");
        assert_eq!(lines[0], "  error: the white knight on e2 cannot");
        assert!(lines[1].starts_with("    go to"), "{lines:#?}");
        let words: Vec<&str> = lines.iter().flat_map(|line| line.split_whitespace()).collect();
        assert_eq!(words.join(" "), text.trim());
    }

    #[test]
    fn a_hanging_indent_lines_up_under_the_second_column() {
        let lines = wrap_hanging("chess    Orthodox Chess - The FIDE game: no holes, the base every other one", 40, 9);
        assert_eq!(lines[0], "chess    Orthodox Chess - The FIDE game:");
        assert!(lines[1..].iter().all(|line| line.starts_with("         ") && line.len() <= 40), "{lines:#?}");
    }

    #[test]
    fn a_short_line_is_kept_and_a_word_wider_than_the_terminal_is_cut() {
        assert_eq!(wrap("short", 80), vec!["short"]);
        let long = "x".repeat(50);
        let lines = wrap(&format!("see {long} here"), 20);
        assert!(lines.iter().all(|line| line.chars().count() <= 20), "{lines:#?}");
        assert_eq!(lines.concat().matches('x').count(), 50);
    }
}
