//! What an author reads when a script is wrong: the caret on the clause at fault, the
//! nearest phrase for a misspelling, the behaviours that exist, counts with their plurals,
//! what a path that is no script is, links declared twice, and the warning for a token that
//! removes the piece a hook places it under.

use holechess_lang::diagnostic::{count_line, problem_count};
use holechess_lang::{load_str, Diagnostic};

fn diagnostics(text: &str) -> Vec<Diagnostic> {
    match load_str("test.hole", text) {
        Ok(_) => panic!("expected diagnostics for:\n{text}"),
        Err(diagnostics) => diagnostics.0,
    }
}

fn only(all: &[Diagnostic], needle: &str) -> Diagnostic {
    let found: Vec<&Diagnostic> = all.iter().filter(|d| d.message.contains(needle)).collect();
    assert_eq!(found.len(), 1, "one diagnostic containing {needle:?} in:\n{all:#?}");
    found[0].clone()
}

const HEADER: &str = "variant \"Test\"\n  id test\nextends chess\ninclude hole-mechanics\n";

#[test]
fn a_token_symbol_clash_points_at_the_shown_as_clause() {
    let all = diagnostics(&format!("{HEADER}token hole\n  impassable\n  shown as o\n"));
    let d = only(&all, "token symbol 'o' clashes with the position notation");
    assert_eq!((d.line, d.column), (7, 3), "{}", d.render());
    assert!(d.render().contains("7 |   shown as o\n  |   ^^^^^^^^^^"), "{}", d.render());
}

#[test]
fn two_tokens_shown_alike_point_at_the_second_shown_as_clause() {
    let all = diagnostics(&format!("{HEADER}token hole\n  impassable\n  shown as +\ntoken mine\n  shown as +\n"));
    let d = only(&all, "token `hole` is shown as '+' already");
    assert_eq!((d.line, d.column), (9, 3), "{}", d.render());
}

#[test]
fn an_unknown_behaviour_lists_the_behaviours_that_exist() {
    let text = "variant \"Test\"\n  id test\nextends chess\ntoken crater\n  behaves as hole\n";
    let d = only(&diagnostics(text), "unknown behaviour `hole`");
    let expected = d.expected.unwrap();
    for name in ["transit-on-capture", "transit-on-any-move", "pit", "tunnel-square"] {
        assert!(expected.contains(&format!("`{name}`")), "{expected}");
    }
    assert!(expected.contains("include hole-mechanics"), "{expected}");
}

#[test]
fn a_behaviour_of_a_module_not_included_names_the_include() {
    let text = "variant \"Test\"\n  id test\nextends chess\ntoken crater\n  behaves as pit\n";
    let d = only(&diagnostics(text), "unknown behaviour `pit`");
    assert_eq!(d.expected.as_deref(), Some("`pit` (with `include hole-mechanics`)"));
}

#[test]
fn a_misspelt_behaviour_gets_the_nearest_one() {
    let d = only(&diagnostics(&format!("{HEADER}token crater\n  behaves as pitt\n")), "unknown behaviour `pitt`");
    assert_eq!(d.expected.as_deref(), Some("`pit`"));
}

#[test]
fn a_misspelt_clause_gets_the_nearest_phrase_not_the_whole_list() {
    let d = only(&diagnostics(&format!("{HEADER}token crater\n  impassible\n")), "unexpected `impassible`");
    assert_eq!(d.expected.as_deref(), Some("`impassable`"), "{}", d.render());
    let d = only(
        &diagnostics(&format!("{HEADER}token crater\n  entred by any move\n  exit through another open crater\n")),
        "unexpected `entred`",
    );
    assert_eq!(d.expected.as_deref(), Some("`entered by any move`"));
}

#[test]
fn a_misspelt_rule_after_a_right_first_word_gets_the_whole_phrase() {
    let d = only(&diagnostics(&format!("{HEADER}rules\n  no castlng\n")), "unexpected `castlng`");
    assert_eq!(d.expected.as_deref(), Some("`no castling`"), "{}", d.render());
}

#[test]
fn a_clause_far_from_every_phrase_still_gets_the_list() {
    let d = only(&diagnostics(&format!("{HEADER}token crater\n  zzzzzz\n")), "unexpected `zzzzzz`");
    assert!(d.expected.unwrap().contains("`impassable`"));
}

#[test]
fn ten_thousand_broken_declarations_are_all_counted() {
    let junk = "junk line here\n".repeat(10_000);
    let all = diagnostics(&format!("{HEADER}{junk}"));
    assert_eq!(problem_count(&all), 10_000);
    assert_eq!(count_line(&all, "problem"), "10000 problems found, 100 shown");
    let last = &all.last().unwrap().message;
    assert!(last.starts_with("9900 more errors not shown; the next one: "), "{last}");
    let one = diagnostics(&format!("{HEADER}junk\n"));
    assert_eq!(count_line(&one, "problem"), "1 problem found");
}

#[test]
fn a_link_declared_twice_is_an_error_at_the_second() {
    let all = diagnostics(&format!("{HEADER}links\n  a3 = h6\n  c3 = f6\n  h6 = a3\n"));
    let d = only(&all, "h6 and a3 are already linked above");
    assert_eq!((d.line, d.column), (8, 3), "{}", d.render());
    let all = diagnostics(&format!("{HEADER}links\n  a3 = h6\n  a3 = h6\n"));
    only(&all, "a3 and h6 are already linked above");
}

fn scratch(test: &str) -> std::path::PathBuf {
    let dir = std::env::temp_dir().join(format!("holechess-lang-msg-{}-{test}", std::process::id()));
    // A folder left by an earlier run under the same process id is emptied first (its fifo
    // would make `mkfifo` fail).
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

fn check_file(dir: &std::path::Path, text: &str) -> Vec<Diagnostic> {
    let path = dir.join("main.hole");
    std::fs::write(&path, text).unwrap();
    holechess_lang::check_files(&[path])
}

#[test]
fn including_a_directory_a_fifo_or_a_device_says_what_it_is() {
    let dir = scratch("include");
    std::fs::create_dir_all(dir.join("folder")).unwrap();
    let fifo = dir.join("pipe");
    let made = std::process::Command::new("mkfifo").arg(&fifo).status().unwrap();
    assert!(made.success());
    let all = check_file(
        &dir,
        "variant \"T\"\n  id t\nextends chess\ninclude \"folder\"\ninclude \"pipe\"\ninclude \"/dev/zero\"\n",
    );
    only(&all, "`folder` is a directory");
    only(&all, "`pipe` is not a regular file");
    only(&all, "`/dev/zero` is not a regular file");
    assert!(!all.iter().any(|d| d.message.contains("unknown module")), "{all:#?}");
}

#[test]
fn a_hook_placing_a_pit_where_the_capturer_stands_is_warned_about() {
    let hook = "after each move: call crater(\"crater\")\n  rhai ```\nfn crater(kind) {\n    let played = last_move();\n    if played == () || played.captured == \"\" { return; }\n    place_token(kind, played.captured_square, 2);\n}\n```\n";
    let pit = format!("{HEADER}token crater\n  behaves as pit\n  shown as %\n  any number\n{hook}");
    let loaded = load_str("crater.hole", &pit).expect("the script loads");
    let warnings = holechess_lang::warnings::warnings(&loaded);
    assert_eq!(warnings.len(), 1, "{warnings:?}");
    assert_eq!(warnings[0].line, 14, "{}", warnings[0].render());
    assert!(warnings[0].message.contains("`crater` removes the piece where it appears"), "{}", warnings[0].message);
    let crater = format!("{HEADER}token crater\n  impassable\n  shown as %\n  any number\n{hook}");
    let loaded = load_str("crater.hole", &crater).expect("the script loads");
    assert!(holechess_lang::warnings::warnings(&loaded).is_empty());
}
