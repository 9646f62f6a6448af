//! `holechess check` prints its warnings with their control characters escaped, as it does
//! its errors: a script's file name holding `ESC[2J` cannot clear the screen through a
//! warning about the script.

mod common;

use common::binary::{holechess, stderr};

/// A script that loads with one warning: its after-move hook places a token that removes
/// the piece where it appears on the square of the capturing piece.
const WARNED: &str = "variant \"Warned\"\n  id warned\n\nextends chess\n\ntoken crater\n  impassable\n  \
removes the piece where it appears\n  shown as %\n  any number\n\nafter each move: call crater(\"crater\")\n  \
rhai ```\nfn crater(kind) {\n    let played = last_move();\n    if played == () || played.captured == \"\" {\n        \
return;\n    }\n    place_token(kind, played.captured_square, 2);\n}\n```\n";

#[test]
fn a_warning_about_a_script_shows_its_file_names_escape_sequences_escaped() {
    let dir = std::env::temp_dir().join(format!("holechess-warning-escaped-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("temp dir");
    let script = dir.join("evil\x1b[2Jname.hole");
    std::fs::write(&script, WARNED).expect("write the script");
    let out = holechess(&["check", script.to_str().unwrap()], "");
    let text = stderr(&out);
    assert_eq!(out.status.code(), Some(0), "a warning passes the script:\n{text}");
    assert!(text.contains("warning: ") && text.contains("evil\\x1b[2Jname.hole"), "{text}");
    assert!(!text.contains('\x1b'), "a raw escape reached the terminal:\n{text}");
}
