//! Text from a script or a typed path reaches the terminal with its control characters
//! escaped: a script whose title or summary holds `ESC[2J` or an OSC title sequence cannot
//! clear the screen or retitle the window through `holechess rules` or `holechess play`, and
//! a path typed at the prompt is echoed escaped in `saved ... to`.

use std::path::PathBuf;

mod common;

use common::binary::{holechess, stdout};

/// A folder holding a script whose title and summary carry escape sequences.
fn evil_script(test: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("holechess-terminal-safe-{test}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("temp dir");
    let script = dir.join("evil.hole");
    std::fs::write(
        &script,
        "variant \"Evil\x1b[2J Chess\"\n  id evil\n  summary \"bad \x1b]0;title\x07 summary\"\nextends chess\n",
    )
    .expect("write the script");
    script
}

fn assert_no_control(text: &str, what: &str) {
    let raw: Vec<char> = text.chars().filter(|c| c.is_control() && *c != '\n' && *c != '\t').collect();
    assert!(raw.is_empty(), "{what} sent control characters {raw:?}:\n{text}");
}

#[test]
fn rules_in_words_shows_a_scripts_escape_sequences_escaped() {
    let script = evil_script("rules");
    let out = holechess(&["rules", script.to_str().unwrap()], "");
    assert_eq!(out.status.code(), Some(0));
    let text = stdout(&out);
    assert_no_control(&text, "rules");
    assert!(text.contains("Evil\\x1b[2J Chess") && text.contains("\\x1b]0;title\\x07"), "{text}");
}

#[test]
fn play_shows_a_scripts_title_and_a_typed_path_escaped() {
    let script = evil_script("play");
    let folder = script.parent().unwrap().to_owned();
    let target = folder.join("odd\x1b[2Jname.pgn");
    let lines = format!("e4\nsave {}\nnew {}\nquit\n", target.display(), script.display());
    let out = holechess(&["play", script.to_str().unwrap(), "--seed", "1"], &lines);
    let text = stdout(&out);
    assert_no_control(&text, "play");
    assert!(text.contains("Evil\\x1b[2J Chess (evil): bad \\x1b]0;title\\x07 summary"), "{text}");
    assert!(text.contains("New game of Evil\\x1b[2J Chess (evil)"), "{text}");
    assert!(text.contains("odd\\x1b[2Jname.pgn"), "{text}");
    assert!(target.is_file(), "the file itself keeps its name");
}
