//! A line of game text pasted at the prompt (`1. e4 e5 2. Nf3 {a comment} Nc6 $1 *`,
//! `5. Bd3`, `Bd3 Ne2`): the moves it holds, in order, without move numbers, comments,
//! variations in parentheses, numeric annotations, annotation marks, `e.p.` or a result.

/// The moves of `line`, or why it cannot be read (a comment or variation left open).
pub fn moves_of_line(line: &str) -> Result<Vec<String>, String> {
    let plain = without_comments(line)?;
    Ok(plain.split_whitespace().filter_map(move_of_token).collect())
}

/// `line` with `{...}` comments, `(...)` variations and a `;` comment to the end removed.
fn without_comments(line: &str) -> Result<String, String> {
    let mut out = String::with_capacity(line.len());
    let mut depth = 0usize;
    let mut chars = line.chars();
    while let Some(c) = chars.next() {
        match c {
            '{' => {
                let closed = chars.by_ref().any(|c| c == '}');
                if !closed {
                    return Err("a `{` comment is not closed on this line".to_owned());
                }
                out.push(' ');
            }
            ';' if depth == 0 => break,
            '(' => depth += 1,
            ')' if depth > 0 => {
                depth -= 1;
                out.push(' ');
            }
            _ if depth > 0 => {}
            _ => out.push(c),
        }
    }
    if depth > 0 {
        return Err("a `(` variation is not closed on this line".to_owned());
    }
    Ok(out)
}

/// The move a token holds: `None` for a move number, a numeric annotation (`$1`), an
/// annotation mark alone (`!?`), `e.p.` or a result; `12.Nf3` gives `Nf3`.
fn move_of_token(token: &str) -> Option<String> {
    let digits = token.chars().take_while(char::is_ascii_digit).count();
    let after_number = &token[digits..];
    let body = match after_number.trim_start_matches('.') {
        rest if digits > 0 && rest.len() < after_number.len() => rest,
        _ => token,
    };
    let skipped = body.is_empty()
        || body.starts_with('$')
        || body.chars().all(|c| matches!(c, '!' | '?'))
        || matches!(body.to_ascii_lowercase().as_str(), "e.p." | "e.p" | "ep")
        || matches!(body, "1-0" | "0-1" | "1/2-1/2" | "½-½" | "*");
    (!skipped).then(|| body.to_owned())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn moves(line: &str) -> Vec<String> {
        moves_of_line(line).unwrap()
    }

    #[test]
    fn numbers_comments_annotations_and_results_are_left_out() {
        assert_eq!(moves("1. e4 e5 2. Nf3 Nc6 {a comment} 3. Bb5 $1 a6 *"), ["e4", "e5", "Nf3", "Nc6", "Bb5", "a6"]);
        assert_eq!(moves("5. Bd3"), ["Bd3"]);
        assert_eq!(moves("12...Qxd5 13.O-O-O 1-0"), ["Qxd5", "O-O-O"]);
        assert_eq!(moves("Bd3 Ne2"), ["Bd3", "Ne2"]);
        assert_eq!(moves("exd6 e.p. Nf3 !? 0-0 (1... c5 2. Nf3) d4 ; rest"), ["exd6", "Nf3", "0-0", "d4"]);
        assert_eq!(moves("1/2-1/2"), Vec::<String>::new());
    }

    #[test]
    fn an_open_comment_is_refused() {
        assert!(moves_of_line("1. e4 {open").unwrap_err().contains("not closed"));
        assert!(moves_of_line("1. e4 (1. d4").unwrap_err().contains("not closed"));
    }
}
