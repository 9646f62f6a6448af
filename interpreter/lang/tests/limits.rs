//! The front end's limits for scripts: every limit of the front end gives a
//! diagnostic with file:line:col (boards, squares, names, declarations, include depth, rule
//! numbers), and a diagnostic quotes a bounded excerpt of a long line with its caret in place.

use std::path::PathBuf;

use holechess_lang::limits::{excerpt, MAX_DECLARATIONS, MAX_INCLUDE_DEPTH, MAX_NAME_CHARS, QUOTE_CHARS};
use holechess_lang::{load, load_str, Diagnostics};

const HEADER: &str = "variant \"Limits\"\n  id limits\n  summary \"x\"\nextends chess\n";

fn errors(text: &str) -> Diagnostics {
    load_str("limits.hole", text).expect_err("the script is refused")
}

fn has(diagnostics: &Diagnostics, line: usize, words: &str) -> bool {
    diagnostics.iter().any(|d| d.line == line && d.render().contains(words))
}

#[test]
fn k_rule_numbers_out_of_range_are_refused_where_written() {
    for (rule, words) in [
        ("40000-move rule", "a 40000-move rule"),
        ("0-move rule", "a 0-move rule"),
        ("300-fold repetition", "a 300-fold repetition"),
        ("1-fold repetition", "a 1-fold repetition"),
    ] {
        let d = errors(&format!("{HEADER}rules\n  {rule}\n"));
        assert!(has(&d, 6, words), "{rule}: {d}");
        assert_eq!(d.iter().next().unwrap().column, 3, "{d}");
    }
    assert!(load_str("ok.hole", &format!("{HEADER}rules\n  75-move rule\n  5-fold repetition\n")).is_ok());
}

#[test]
fn seventeen_boards_or_a_long_name_are_refused() {
    let names: Vec<String> = (0..17).map(|i| format!("B{i}")).collect();
    let d = errors(&format!("{HEADER}remove piece pawn\nboards {}, 8x8 each\n", names.join(" and ")));
    assert!(has(&d, 6, "too many boards (17)"), "{d}");
    let long = "w".repeat(MAX_NAME_CHARS + 1);
    let d = errors(&format!("{HEADER}piece {long} W\n  leaps (1,3)\n"));
    assert!(has(&d, 5, &format!("a name of {} characters", MAX_NAME_CHARS + 1)), "{d}");
}

#[test]
fn a_file_with_too_many_declarations_is_refused_at_the_first_extra_one() {
    let rules = "rules\n  no en passant\n".repeat(MAX_DECLARATIONS + 5);
    let d = errors(&format!("{HEADER}{rules}"));
    let first_extra = 5 + 2 * (MAX_DECLARATIONS - 2);
    assert!(has(&d, first_extra, "4103 declarations in one file"), "{d}");
}

#[test]
fn includes_nested_deeper_than_the_limit_are_refused() {
    let dir = std::env::temp_dir().join(format!("holechess-lang-depth-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    for level in 0..MAX_INCLUDE_DEPTH + 4 {
        std::fs::write(dir.join(format!("m{level}.hole")), format!("include \"m{}.hole\"\n", level + 1)).unwrap();
    }
    std::fs::write(dir.join(format!("m{}.hole", MAX_INCLUDE_DEPTH + 4)), "rules\n  no en passant\n").unwrap();
    let main: PathBuf = dir.join("main.hole");
    std::fs::write(&main, format!("{HEADER}include \"m0.hole\"\n")).unwrap();
    let d = load(main.to_str().unwrap()).expect_err("too deep");
    assert!(d.iter().any(|x| x.message.contains("nested") && x.render().contains("at most 16 levels")), "{d}");
}

#[test]
fn an_excerpt_of_a_long_line_keeps_the_caret_under_the_same_character() {
    let line: String = (0..20_000).map(|i| char::from(b'a' + (i % 26) as u8)).collect();
    for column in [1, 50, 9_999, 19_990, 20_000] {
        let (quoted, at, width) = excerpt(&line, column, 3);
        assert!(quoted.chars().count() <= QUOTE_CHARS + 6, "{}", quoted.len());
        let under = quoted.chars().nth(at - 1).unwrap();
        assert_eq!(under, line.chars().nth(column - 1).unwrap(), "column {column}: {quoted}");
        assert!((1..=3).contains(&width));
    }
    assert_eq!(excerpt("short line", 7, 4), ("short line".to_string(), 7, 4));
}

#[test]
fn a_diagnostic_on_a_long_line_renders_a_bounded_excerpt() {
    let d = errors(&format!("{HEADER}setup {}Z\n", "x".repeat(16_000)));
    let rendered = d.render();
    assert!(rendered.len() < 40_000, "{} bytes", rendered.len());
    assert!(rendered.lines().all(|line| line.chars().count() < QUOTE_CHARS + 40), "{rendered}");
}
