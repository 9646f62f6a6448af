//! A line of game text pasted at the prompt (`1. e4 e5 2. Nf3 {a comment} Nc6 $1 *`,
//! `5. Bd3`, `Bd3 Ne2`): the moves it holds, in order, each with the move number written
//! before it (checked against the game when it is played), without comments, variations in
//! parentheses, numeric annotations, annotation marks, `e.p.` or a result.

use holechess_kernel::Side;

/// A move number as written before a move: `5.` (either side) or `5...` (Black's move).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MoveNumber {
    /// As written: `5.`, `12...`.
    pub written: String,
    /// `None` when too large to be any game's.
    value: Option<u32>,
    /// Written with two dots or more: a Black move follows.
    black: bool,
}

impl MoveNumber {
    /// Whether the game at move `now` with `side` to move is where this number says.
    pub fn matches(&self, now: u32, side: Side) -> bool {
        self.value == Some(now) && (!self.black || side == Side::Black)
    }
}

/// One move of a pasted line, with the move number written right before it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PastedMove {
    pub number: Option<MoveNumber>,
    pub text: String,
}

/// The moves of `line`, or why it cannot be read (a comment or variation left open).
pub fn moves_of_line(line: &str) -> Result<Vec<PastedMove>, String> {
    let plain = without_comments(line)?;
    let mut moves = Vec::new();
    let mut number = None;
    for token in plain.split_whitespace() {
        let (written, text) = split_number(token);
        if written.is_some() {
            number = written;
        }
        if let Some(text) = text.filter(|text| !skipped(text)) {
            moves.push(PastedMove { number: number.take(), text: text.to_owned() });
        }
    }
    Ok(moves)
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

/// A token's move number (`12.` of `12.Nf3`, `5...`) and the rest of it, if any.
fn split_number(token: &str) -> (Option<MoveNumber>, Option<&str>) {
    let digits = token.chars().take_while(char::is_ascii_digit).count();
    let after_number = &token[digits..];
    let rest = after_number.trim_start_matches('.');
    let dots = after_number.len() - rest.len();
    if digits == 0 || dots == 0 {
        return (None, Some(token));
    }
    let number = MoveNumber {
        written: token[..digits + dots].to_owned(),
        value: token[..digits].parse().ok(),
        black: dots >= 2,
    };
    (Some(number), (!rest.is_empty()).then_some(rest))
}

/// A token that is no move: a numeric annotation (`$1`), an annotation mark alone (`!?`),
/// `e.p.` or a result.
fn skipped(body: &str) -> bool {
    body.starts_with('$')
        || body.chars().all(|c| matches!(c, '!' | '?'))
        || matches!(body.to_ascii_lowercase().as_str(), "e.p." | "e.p" | "ep")
        || matches!(body, "1-0" | "0-1" | "1/2-1/2" | "½-½" | "*")
}

#[cfg(test)]
mod tests {
    use super::*;

    fn moves(line: &str) -> Vec<String> {
        moves_of_line(line).unwrap().into_iter().map(|m| m.text).collect()
    }

    fn numbers(line: &str) -> Vec<Option<String>> {
        moves_of_line(line).unwrap().into_iter().map(|m| m.number.map(|n| n.written)).collect()
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
    fn each_move_keeps_the_number_written_before_it() {
        let expected = [Some("1."), None, Some("2."), Some("2...")].map(|n| n.map(str::to_owned));
        assert_eq!(numbers("1. e4 e5 2.Nf3 {x} 2... Nc6"), expected);
        let black = moves_of_line("7... Qxd5").unwrap().remove(0).number.unwrap();
        assert!(black.matches(7, Side::Black) && !black.matches(7, Side::White) && !black.matches(8, Side::Black));
        let either = moves_of_line("7. Qxd5").unwrap().remove(0).number.unwrap();
        assert!(either.matches(7, Side::White) && either.matches(7, Side::Black) && !either.matches(6, Side::White));
        let huge = moves_of_line("99999999999. e4").unwrap().remove(0).number.unwrap();
        assert!(!huge.matches(u32::MAX, Side::White));
    }

    #[test]
    fn an_open_comment_is_refused() {
        assert!(moves_of_line("1. e4 {open").unwrap_err().contains("not closed"));
        assert!(moves_of_line("1. e4 (1. d4").unwrap_err().contains("not closed"));
    }
}
