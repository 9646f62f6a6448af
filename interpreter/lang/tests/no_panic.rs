//! Nothing panics on any input: truncated and garbled versions of the bundled scripts either
//! load or produce diagnostics that render.

const BUNDLED: [&str; 4] = [
    include_str!("../../../variants/chess.hole"),
    include_str!("../../../stdlib/orthodox-pieces.hole"),
    include_str!("../../../stdlib/orthodox-rules.hole"),
    include_str!("../../../stdlib/hole-mechanics.hole"),
];

/// Loads a text and renders whatever comes out.
fn survive(text: &str) {
    if let Err(diagnostics) = holechess_lang::load_str("fuzz.hole", text) {
        assert!(!diagnostics.is_empty());
        let _ = diagnostics.to_string();
    }
}

/// A variant script that pulls in every stdlib module, so garbling reaches all mechanisms.
fn whole_variant(body: &str) -> String {
    format!("variant \"Fuzz\"\nextends chess\ninclude hole-mechanics\n{body}")
}

const EXTRA: &str = r#"
token portal
  behaves as transit-on-any-move
  default c3 f3
boards A and B, 8x8 each
links
  A:a4 = B:a4
after each move: call roll("x", -2)
  rhai ```
fn roll(a, b) { a }
```
"#;

fn char_boundaries(text: &str) -> impl Iterator<Item = usize> + '_ {
    (0..=text.len()).filter(|&i| text.is_char_boundary(i))
}

#[test]
fn truncated_scripts_do_not_panic() {
    for text in BUNDLED.iter().copied().chain([EXTRA]) {
        for end in char_boundaries(text).step_by(2) {
            survive(&text[..end]);
            survive(&whole_variant(&text[..end]));
        }
    }
}

#[test]
fn garbled_scripts_do_not_panic() {
    const NOISE: [&str; 12] = ["(", ")", "`", "```", "\"", "\n", "\n  ", "#", "x", "99999999999", "é", ":"];
    for text in BUNDLED.iter().copied().chain([EXTRA]) {
        for (n, at) in char_boundaries(text).enumerate().step_by(3) {
            let noise = NOISE[n % NOISE.len()];
            let garbled = format!("{}{noise}{}", &text[..at], &text[at..]);
            survive(&whole_variant(&garbled));
            let next = text[at..].chars().next().map_or(at, |c| at + c.len_utf8());
            let deleted = format!("{}{}", &text[..at], &text[next..]);
            survive(&whole_variant(&deleted));
        }
    }
}

#[test]
fn odd_inputs_do_not_panic() {
    for text in [
        "",
        "\n",
        "   \n",
        "```",
        "variant",
        "variant \"\"",
        "\u{feff}variant \"x\"",
        "setup ||||",
        "board 0x0",
        "board 99x99\n",
        "piece p P\n  leaps (255,255)",
    ] {
        survive(text);
        survive(&whole_variant(text));
    }
}
