//! Messages for players: the rulings' ids (`(K4)`, `(K4, K5)`, `(PH7)`) that library errors
//! carry for engineers and records are left out at the REPL, which says things in words.

/// The longest list of ruling ids looked for, in bytes.
const MAX_LIST_LEN: usize = 64;

/// `text` without parenthesised ruling ids.
pub fn without_ruling_ids(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let mut rest = text;
    while let Some(open) = rest.find(" (") {
        let after = &rest[open + 2..];
        // A list of ids is short: the closing bracket is looked for nearby only, so a long
        // text of unclosed brackets is read once, not once per bracket.
        match after.bytes().take(MAX_LIST_LEN).position(|byte| byte == b')') {
            Some(close) if is_ruling_list(&after[..close]) => {
                out.push_str(&rest[..open]);
                rest = &after[close + 1..];
            }
            _ => {
                out.push_str(&rest[..open + 2]);
                rest = after;
            }
        }
    }
    out.push_str(rest);
    out
}

/// `K4`, `K4, K5`, `PH7`: one or more ids, each one or two capitals and a number.
fn is_ruling_list(text: &str) -> bool {
    !text.is_empty()
        && text.split(", ").all(|id| {
            let letters = id.chars().take_while(char::is_ascii_uppercase).count();
            let digits = &id[letters..];
            (1..=2).contains(&letters) && !digits.is_empty() && digits.chars().all(|c| c.is_ascii_digit())
        })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn unclosed_brackets_are_kept_and_a_final_ruling_list_dropped() {
        let text = "x (".repeat(200_000);
        assert_eq!(without_ruling_ids(&text), text);
        assert_eq!(without_ruling_ids(&format!("{text} (K4)")), text);
    }

    #[test]
    fn ruling_ids_are_dropped_and_other_brackets_kept() {
        assert_eq!(
            without_ruling_ids("impossible dice outcome 9 for a d6 (K4, K5); again"),
            "impossible dice outcome 9 for a d6; again"
        );
        assert_eq!(without_ruling_ids("the game is over (checkmate) (K9)"), "the game is over (checkmate)");
        assert_eq!(without_ruling_ids("no white knight (b1, g1) can go"), "no white knight (b1, g1) can go");
        assert_eq!(without_ruling_ids("a (PH7) b (x)"), "a b (x)");
    }
}
