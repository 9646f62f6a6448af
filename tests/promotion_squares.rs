//! Promotion on named squares (`white promotes on squares a8, b8 ... to ...`): each side's
//! compulsory zone is the squares it names (Legan chess), in move generation, setup checking,
//! `check`, `holechess rules`, beside tokens that block promotion, and off the fast path.

use std::path::{Path, PathBuf};

mod common;

use common::binary::{holechess, stderr, stdout};
use holechess_kernel::testing::TestHooks;
use holechess_kernel::Position;

fn legan_script() -> String {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("examples/catalogue/legan.hole");
    std::fs::read_to_string(path).expect("legan.hole")
}

/// Writes `text` as `NAME.hole` in a fresh temporary folder of its own and returns its path:
/// tests run in parallel, and one writing a file another reads would hand it an empty script.
fn script(name: &str, text: &str) -> PathBuf {
    static CALLS: std::sync::atomic::AtomicUsize = std::sync::atomic::AtomicUsize::new(0);
    let call = CALLS.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
    let folder = std::env::temp_dir().join(format!("holechess-promotion-squares-{name}-{}-{call}", std::process::id()));
    std::fs::create_dir_all(&folder).expect("temp folder");
    let path = folder.join(format!("{name}.hole"));
    std::fs::write(&path, text).expect("write script");
    path
}

fn position(path: &Path, fen: &str) -> Position {
    let rules = common::rules(path.to_str().expect("utf-8 path"));
    Position::from_fen(rules.variant(), fen).expect("a position")
}

fn sorted(mut moves: Vec<String>) -> Vec<String> {
    moves.sort();
    moves
}

fn legan_path() -> PathBuf {
    script("legan", &legan_script())
}

#[test]
fn a_white_pawn_promotes_on_a_named_square_and_not_elsewhere_on_the_last_rank() {
    let pos = position(&legan_path(), "k7/5P2/8/8/1P6/8/8/K7 w - - 0 1");
    assert_eq!(sorted(common::moves_from(&pos, "b4")), ["b4a5b", "b4a5n", "b4a5q", "b4a5r"]);
    assert_eq!(sorted(common::moves_from(&pos, "f7")), ["f7e8"], "e8 is not in White's zone");
}

#[test]
fn a_black_pawn_promotes_on_its_own_squares_not_on_whites() {
    let pos = position(&legan_path(), "k7/8/8/8/8/8/2p3p1/K7 b - - 0 1");
    assert_eq!(sorted(common::moves_from(&pos, "c2")), ["c2d1"], "d1 is not in Black's zone");
    assert_eq!(sorted(common::moves_from(&pos, "g2")), ["g2h1b", "g2h1n", "g2h1q", "g2h1r"]);
}

#[test]
fn a_pawn_may_not_stand_unpromoted_on_its_zone_squares_but_may_on_its_first_rank() {
    let rules = common::rules(legan_path().to_str().unwrap());
    let refused = Position::from_fen(rules.variant(), "k7/8/8/P7/8/8/8/K7 w - - 0 1");
    assert!(refused.is_err(), "a white pawn on a5 stands in its zone");
    assert!(Position::from_fen(rules.variant(), "k7/8/8/8/8/8/8/K2P4 w - - 0 1").is_ok(), "d1 is Legan's start");
}

#[test]
fn a_token_that_blocks_promotion_blocks_it_on_a_named_square() {
    let text = format!(
        "{}\ntoken seal\n  open to movement\n  no promotion on seal\n  shown as *\n  default a5\n",
        legan_script()
    );
    let pos = position(&script("sealed", &text), "k7/8/8/8/1P6/8/8/K7 w - - 0 1");
    assert_eq!(sorted(common::moves_from(&pos, "b4")), ["b4a5"]);
}

#[test]
fn the_fast_path_refuses_a_zone_of_named_squares() {
    let text = "variant \"Corner Promotion\"\n  id corner\n  summary \"x\"\nextends chess\n\npiece pawn P\n  \
                pawn-like\n  value 100\n  steps forward, without capturing\n  steps diagonally forward, only to capture\n  \
                promotes on squares a8, h1 to queen\n";
    let path = script("corner", text);
    let pos = position(&path, "k7/8/8/8/8/8/1P5P/K7 w - - 0 1");
    assert!(!pos.uses_fast_path(), "the fast path knows only zones of last ranks");
    let rules = common::rules(path.to_str().unwrap());
    let near = Position::from_fen(rules.variant(), "1k6/P1P5/8/8/8/8/8/K7 w - - 0 1").expect("a position");
    assert_eq!(sorted(common::moves_from(&near, "a7")), ["a7a8q"]);
    assert_eq!(sorted(common::moves_from(&near, "c7")), ["c7c8"], "c8 is not a named square");
}

#[test]
fn check_refuses_a_zone_of_squares_beside_a_zone_of_ranks() {
    let text = legan_script()
        .replace("  white promotes on squares", "  may promote in the last 3 ranks\n  white promotes on squares");
    let out = holechess(&["check", script("mixed", &text).to_str().unwrap()], "");
    assert_eq!(out.status.code(), Some(2), "{}", stderr(&out));
    assert!(stderr(&out).contains("a promotion zone of squares and another promotion rule"), "{}", stderr(&out));
}

#[test]
fn check_refuses_a_zone_square_off_the_board() {
    let text = legan_script().replace("a6 and a5 to queen", "a6 and a9 to queen");
    let out = holechess(&["check", script("off-board", &text).to_str().unwrap()], "");
    assert_eq!(out.status.code(), Some(2), "{}", stderr(&out));
    assert!(stderr(&out).contains("square `a9` is off the board"), "{}", stderr(&out));
}

#[test]
fn rules_lists_each_sides_squares_in_words_and_json() {
    let path = legan_path();
    let words = stdout(&holechess(&["rules", path.to_str().unwrap()], ""));
    assert!(words.contains("White on a8, b8, c8, d8, a7, a6, a5 to queen"), "{words}");
    assert!(words.contains("Black on e1, f1, g1, h1, h2, h3, h4 to queen"), "{words}");
    let json: serde_json::Value =
        serde_json::from_str(&stdout(&holechess(&["rules", path.to_str().unwrap(), "--json"], ""))).expect("json");
    let text = json.to_string();
    assert!(text.contains(r#""white_squares":["a8","b8","c8","d8","a7","a6","a5"]"#), "{text}");
    assert!(text.contains(r#""black_squares":["e1","f1","g1","h1","h2","h3","h4"]"#), "{text}");
}
