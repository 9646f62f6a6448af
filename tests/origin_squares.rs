//! Movements allowed only from a set of squares (`from squares b3 c3`), as Wolf Chess's pawns
//! and sergeants double-step: the squares are named from White's side and mirrored for Black,
//! the double step may be taken en passant, it meets tokens as any slide does, the fast path
//! models it on 8x8 boards, `check` refuses squares off the board or a second condition, and
//! `rules` describes it. Positions are the catalogue's Wolf Chess, or small scripts.

mod common;

use common::catalogue;

use common::binary::{stderr, stdout};
use holechess_kernel::testing::TestHooks;
use holechess_kernel::Position;

fn wolf(fen: &str) -> Position {
    common::position(&catalogue("wolf.hole"), fen)
}

/// A script written to a fresh folder of its own.
fn temp_script(name: &str, text: &str) -> String {
    let folder = std::env::temp_dir().join(format!("holechess-origin-{}-{name}", std::process::id()));
    std::fs::create_dir_all(&folder).expect("temp folder");
    let file = folder.join(format!("{name}.hole"));
    std::fs::write(&file, text).expect("write");
    file.to_string_lossy().into_owned()
}

fn sorted(mut moves: Vec<String>) -> Vec<String> {
    moves.sort();
    moves
}

#[test]
fn a_sergeant_double_steps_from_the_listed_squares_only() {
    // White sergeants on b3 (listed) and d3 (not listed).
    let pos = wolf("4k3/8/8/8/8/8/8/1S1S4/8/4K3 w - - 0 1");
    assert_eq!(sorted(common::moves_from(&pos, "b3")), ["b3a4", "b3b4", "b3b5", "b3c4"]);
    assert_eq!(sorted(common::moves_from(&pos, "d3")), ["d3c4", "d3d4", "d3e4"]);
}

#[test]
fn blacks_origin_squares_are_whites_mirrored_across_the_middle_rank() {
    // Black sergeants on f8 (White's f3 mirrored) and e8 (not listed), a pawn on a9 (rank 2).
    let pos = wolf("4k3/p7/4ss2/8/8/8/8/8/8/4K3 b - - 0 1");
    assert!(common::has(&pos, "f8f6"));
    assert!(!common::has(&pos, "e8e6"));
    assert!(common::has(&pos, "a9a7"));
}

#[test]
fn a_pawn_takes_a_sergeants_double_step_en_passant_and_a_sergeant_takes_none() {
    // Sb3-b5 passes b4, beside the black pawn on a5.
    let mut pos = wolf("4k3/8/8/8/8/p7/8/1S6/8/4K3 w - - 0 1");
    common::play(&mut pos, "b3b5");
    assert!(common::has(&pos, "a5b4"), "the pawn takes the sergeant en passant");
    common::play(&mut pos, "a5b4");
    assert!(pos.fen().starts_with("4k3/8/8/8/8/8/1p6/8/8/4K3 "), "{}", pos.fen());
    // A black pawn's double step beside a white sergeant: the sergeant may not take it en passant.
    let mut pos = wolf("4k3/8/1p6/8/S7/8/8/8/8/4K3 b - - 0 1");
    common::play(&mut pos, "b8b6");
    assert_eq!(common::moves_from(&pos, "a6").iter().filter(|m| m.as_str() == "a6b7").count(), 1);
    common::play(&mut pos, "a6b7");
    assert!(pos.fen().starts_with("4k3/8/8/1S6/1p6/"), "only pawns take en passant: {}", pos.fen());
}

#[test]
fn a_pawn_may_promote_to_an_elephant_and_a_sergeant_may_not() {
    // perft.sh's position: the sergeant on g9 and the pawn on h9 (Fairy-Stockfish: 24 moves).
    let pos = wolf("8/k5SP/8/8/8/8/8/8/8/7K w - - 0 1");
    assert!(common::has(&pos, "h9h10e"));
    assert!(!common::has(&pos, "g9g10e"));
    assert_eq!(pos.legal_moves().len(), 24);
}

const TOKENS: &str = r#"variant "Origins and tokens"
  id origin-tokens
extends chess

piece pawn P
  pawn-like
  steps forward, without capturing
  slides forward up to 2 squares, from squares a2 b2 c2 d2 e2 f2 g2 h2 c3, without capturing, may be taken en passant
  steps diagonally forward, only to capture, also en passant
  promotes on the last rank to queen, rook, bishop or knight

token post
  blocks movement
  shown as =

token mark
  shown as +
"#;

#[test]
fn a_double_step_from_a_listed_square_is_stopped_by_a_blocking_token_and_passes_an_open_one() {
    let path = temp_script("tokens", TOKENS);
    let free = common::position(&path, "4k3/8/8/8/8/2P5/8/4K3 w - - 0 1");
    assert!(common::has(&free, "c3c5"), "c3 is listed");
    let posted = common::position(&path, "4k3/8/8/8/8/2P5/8/4K3 w - - 0 1 post=c4");
    assert!(!common::has(&posted, "c3c5"), "the post on c4 stops the double step");
    let marked = common::position(&path, "4k3/8/8/8/8/2P5/8/4K3 w - - 0 1 mark=c4");
    assert!(common::has(&marked, "c3c5"), "an open token does not");
}

#[test]
fn the_fast_path_models_a_pawns_double_step_from_listed_squares_on_8x8() {
    let path = temp_script("fast", TOKENS);
    let pos = common::position(&path, "4k3/3p4/8/8/8/2P5/1P6/4K3 w - - 0 1");
    assert!(pos.uses_fast_path());
    let fast: Vec<String> = pos.fast_legal_moves().expect("qualifies").iter().map(|m| format!("{m:?}")).collect();
    let general: Vec<String> = pos.general_legal_moves().iter().map(|m| format!("{m:?}")).collect();
    assert_eq!(sorted(fast), sorted(general));
    assert!(common::has(&pos, "c3c5") && common::has(&pos, "b2b4"));
    let black = common::position(&path, "4k3/3p4/8/8/8/2P5/1P6/4K3 b - - 0 1");
    assert!(common::has(&black, "d7d5"), "Black's rank 7 is White's rank 2 mirrored");
}

fn check_script(name: &str, text: &str) -> (bool, String) {
    let path = temp_script(name, text);
    let output = common::binary::holechess(&["check", &path], "");
    (output.status.success(), format!("{}{}", stdout(&output), stderr(&output)))
}

#[test]
fn check_refuses_an_origin_square_off_the_board_and_a_second_condition() {
    let (ok, text) = check_script(
        "off-board",
        "variant \"O\"\n  id o\nextends chess\n\npiece rook R\n  slides orthogonally, from squares a1 i9\n",
    );
    assert!(!ok && text.contains("origin square i9 is off the 8x8 board"), "{text}");
    let (ok, text) = check_script(
        "two-conditions",
        "variant \"O\"\n  id o\nextends chess\n\npiece rook R\n  slides orthogonally, from squares a1, on its first move\n",
    );
    assert!(!ok && text.contains("a movement can have one condition"), "{text}");
    let (ok, text) = check_script(
        "named-board",
        "variant \"O\"\n  id o\nextends chess\n\npiece rook R\n  slides orthogonally, from squares A:a1\n",
    );
    assert!(!ok && text.contains("cannot be an origin square"), "{text}");
}

#[test]
fn rules_describes_origin_squares_in_words_and_json() {
    let wolf = catalogue("wolf.hole");
    let words = stdout(&common::binary::holechess(&["rules", &wolf], ""));
    assert!(words.contains("from squares a2 b2 c2 d2 e2 f2 g2 h2 b3 c3 f3 g3 (Black's mirrored)"), "{words}");
    let json: serde_json::Value =
        serde_json::from_str(&stdout(&common::binary::holechess(&["rules", "--json", &wolf], ""))).expect("json");
    let pieces = json["pieces"].as_array().expect("pieces");
    let sergeant = pieces.iter().find(|p| p["name"] == "sergeant").expect("sergeant");
    let double = sergeant["moves"].as_array().expect("moves").iter().find(|m| m["condition"] == "from-squares");
    let double = double.expect("a from-squares move");
    assert_eq!(double["origin_squares"].as_array().map(Vec::len), Some(12));
    assert_eq!(double["origin_squares"][8], "b3");
}

#[test]
fn a_record_with_a_sergeants_double_step_taken_en_passant_and_an_elephant_promotion_validates() {
    let folder = std::env::temp_dir().join(format!("holechess-origin-{}-records", std::process::id()));
    std::fs::create_dir_all(&folder).expect("temp folder");
    let file = folder.join("wolf.pgn");
    let games = "[Event \"a\"]\n[SetUp \"1\"]\n[FEN \"4k3/8/8/8/8/p7/8/1S6/8/4K3 w - - 0 1\"]\n[Result \"*\"]\n\n\
                 1. Sb5 axb4 2. Kd1 b3 *\n\n\
                 [Event \"b\"]\n[SetUp \"1\"]\n[FEN \"8/k5SP/8/8/8/8/8/8/8/7K w - - 0 1\"]\n[Result \"*\"]\n\n\
                 1. h10=E Kb8 2. g10=W *\n\n\
                 [Event \"c\"]\n[SetUp \"1\"]\n[FEN \"8/k5SP/8/8/8/8/8/8/8/7K w - - 0 1\"]\n[Result \"*\"]\n\n\
                 1. g10=E *\n";
    std::fs::write(&file, games).expect("write");
    let output = common::binary::holechess(&["validate", &catalogue("wolf.hole"), file.to_str().expect("path")], "");
    let text = format!("{}{}", stdout(&output), stderr(&output));
    assert_eq!(output.status.code(), Some(1), "{text}");
    assert!(text.contains("3 games: 2 valid, 1 invalid"), "a sergeant does not become an elephant: {text}");
}
