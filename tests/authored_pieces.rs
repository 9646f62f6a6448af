//! Pieces a designer writes in a few lines (`extends chess` plus one piece), played by both
//! move generators: a leap gives a check no piece can block and leaves a pin only along the
//! pin's own squares (K1), and two patterns reaching one square with the same effect are
//! one move in whatever order they are declared (K6), in generation, notation and perft.

use std::sync::Arc;

use holechess_kernel::notation::{lan, parse_move};
use holechess_kernel::perft::perft;
use holechess_kernel::testing::TestHooks;
use holechess_kernel::{Position, Variant};

/// A script `extends chess` with `body` after its header.
fn script(body: &str) -> Arc<Variant> {
    let text = format!("variant \"Authored\"\n  id authored\n  summary \"a test piece\"\n\nextends chess\n\n{body}");
    holechess_lang::load_str("authored.hole", &text).unwrap_or_else(|e| panic!("{body}: {}", e.render())).variant
}

fn at(v: &Arc<Variant>, fen: &str) -> Position {
    Position::from_fen(v, fen).unwrap_or_else(|e| panic!("{fen}: {e}"))
}

/// The legal moves in long algebraic notation, sorted, duplicates kept.
fn moves(pos: &Position) -> Vec<String> {
    let mut v: Vec<String> = pos.legal_moves().iter().map(|&m| lan(pos, m)).collect();
    v.sort();
    v
}

/// The general path's legal moves, sorted, duplicates kept.
fn general_moves(pos: &Position) -> Vec<String> {
    let mut v: Vec<String> = pos.general_legal_moves().iter().map(|&m| lan(pos, m)).collect();
    v.sort();
    v
}

/// Shatranj as a script: the alfil leaps (2,2), the fers steps diagonally, pawns step once
/// and promote to a fers, no castling and no en passant.
const SHATRANJ: &str = "piece pawn P
  pawn-like
  steps forward, without capturing
  steps diagonally forward, only to capture
  promotes on the last rank to queen

piece bishop B
  leaps (2,2)

piece queen Q
  steps diagonally

rules
  no castling
  no en passant

setup rnbkqbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBKQBNR w - - 0 1
";

#[test]
fn k1_a_leaping_check_cannot_be_blocked() {
    let v = script(SHATRANJ);
    // The alfil on b4 checks the king on d2 over c3: only king moves answer it.
    let pos = at(&v, "rnbkq1nr/pppppppp/8/8/1b6/3P4/PPPKPPPP/RNB1QBNR w - - 3 3");
    assert!(pos.uses_fast_path());
    assert_eq!(moves(&pos), ["d2c3", "d2d1", "d2e3"]);
    assert_eq!(general_moves(&pos), ["d2c3", "d2d1", "d2e3"]);
}

#[test]
fn k1_shatranj_perft_5_is_fairy_stockfish_count() {
    let v = script(SHATRANJ);
    let mut pos = Position::start(&v);
    assert!(pos.uses_fast_path());
    assert_eq!(perft(&mut pos, 5), 1_164_248);
}

#[test]
fn k1_a_pinned_leaper_does_not_leap_over_its_pinner() {
    let v = script("piece alfilwazir A\n  leaps (2,2)\n  steps orthogonally\n");
    let pos = at(&v, "4k3/5a2/6Q1/8/8/8/8/4K3 b - - 0 1 -");
    assert!(pos.uses_fast_path());
    assert_eq!(moves(&pos), ["e8d7", "e8d8", "e8e7", "e8f8"], "f7h5 would leave e8 attacked");
    assert_eq!(general_moves(&pos), moves(&pos));
    // Pinned the other way round (the piece between the pinner and the royal piece, the
    // royal piece in the middle of the line): no leap past the royal piece either.
    let pos = at(&v, "8/8/8/7q/6A1/5K2/8/k7 w - - 0 1 -");
    assert_eq!(moves(&pos).iter().filter(|m| m.starts_with("g4")).count(), 0, "{:?}", moves(&pos));
}

/// Both declaration orders of `first` and `second`, each giving one move per square.
fn both_orders(first: &str, second: &str, fen: &str, expected: u64, to: &str) {
    for (a, b) in [(first, second), (second, first)] {
        let v = script(&format!("piece archer A\n  {a}\n  {b}\n"));
        let mut pos = at(&v, fen);
        let listed = moves(&pos);
        let mut unique = listed.clone();
        unique.dedup();
        assert_eq!(listed, unique, "{a} / {b}: a move listed twice");
        assert_eq!(general_moves(&pos), listed, "{a} / {b}: the general path");
        assert_eq!(perft(&mut pos, 1), expected, "{a} / {b}: perft 1");
        // The notation names each move once (no ambiguity between the two patterns).
        for text in [format!("a1{to}"), format!("A{to}")] {
            let mv = parse_move(&pos, &text).unwrap_or_else(|e| panic!("{a} / {b}: {text}: {e}"));
            assert_eq!(lan(&pos, mv), format!("a1{to}"));
        }
        let mut general = at(&v, fen);
        assert_eq!(perft(&mut general, 3), at(&v, fen).general_perft(3), "{a} / {b}: perft 3");
    }
}

const LONE_ARCHER: &str = "4k3/8/8/8/8/8/8/A3K3 w - - 0 1 -";

#[test]
fn k6_a_move_only_slide_inside_a_full_slide_is_one_move_in_either_order() {
    // Up the a-file (7) and along the first rank to d1 (3), plus five king moves.
    both_orders("slides forward, without capturing", "slides orthogonally", LONE_ARCHER, 15, "a4");
}

#[test]
fn k6_a_leap_along_a_slide_line_is_one_move() {
    both_orders("leaps (3,0)", "slides orthogonally", LONE_ARCHER, 15, "d1");
    both_orders("leaps (2,2)", "slides diagonally", LONE_ARCHER, 5 + 7, "c3");
}

#[test]
fn k6_a_first_move_slide_over_a_move_only_step_is_one_move() {
    both_orders(
        "steps forward, without capturing",
        "slides forward up to 3 squares, on its first move",
        LONE_ARCHER,
        8,
        "a3",
    );
}

#[test]
fn k1_a_capture_on_the_first_move_attacks_while_the_piece_is_unmoved() {
    let v = script("piece colt C\n  steps in all directions\n  leaps (1,2), on its first move\n");
    // The unmoved colt on d3 takes on c2, d2, e2 by its steps and on c1, e1 by its leap.
    let pos = at(&v, "4k3/8/8/8/8/3c4/8/3K4 w - - 0 1 -");
    assert_eq!(moves(&pos), Vec::<String>::new());
    assert_eq!(general_moves(&pos), Vec::<String>::new());
    // Once it has moved, the leap no longer attacks: c1 and e1 are free.
    let mut pos = at(&v, "4k3/8/8/8/3c4/8/8/3K4 b - - 0 1 -");
    pos.play_unchecked(parse_move(&pos, "d4d3").unwrap());
    assert_eq!(moves(&pos), ["d1c1", "d1e1"]);
}

#[test]
fn k8_en_passant_lands_on_an_open_token_like_a_step() {
    // An inert token (`open to movement`) on d6, the square Black's double step passed.
    let v = script("token mark\n  open to movement\n  shown as %\n  default d6\n");
    let pos = at(&v, "rnbqkbnr/ppp1pppp/8/3pP3/8/8/PPPP1PPP/RNBQKBNR w KQkq d6 0 2");
    assert!(moves(&pos).contains(&"e5d6".to_string()), "{:?}", moves(&pos));
    assert_eq!(moves(&pos).len(), 31, "chess's 31 moves: the token changes nothing");
}

#[test]
fn k1_a_pinned_leaper_does_not_leap_over_its_royal_piece_into_another_pin() {
    // Two pins on one line, either side of the king on e6: the piece on d6 (pinned from a6)
    // may not leap over its king to f6, inside the other pin (from h6).
    let v = script("piece dabbaba A\n  leaps (2,0)\n  steps in all directions\n");
    let pos = at(&v, "8/8/R2ak1nR/8/8/8/6K1/8 b - - 0 1 -");
    assert!(pos.uses_fast_path());
    let from_d6: Vec<String> = moves(&pos).into_iter().filter(|m| m.starts_with("d6")).collect();
    assert_eq!(from_d6, ["d6b6", "d6c6"]);
    assert_eq!(general_moves(&pos), moves(&pos));
}

#[test]
fn k1_a_side_without_a_royal_piece_is_played_by_the_bit_boards_as_table_walking_counts() {
    // Any number of royal pieces: White has none, so every pseudo-legal move of White is
    // legal. The bit boards play it (`fast/royals.rs`) and count what table walking counts.
    let v = script("rules\n  any number of royal pieces\n");
    let mut pos = at(&v, "k7/8/8/8/8/8/P7/R7 b - - 0 1");
    assert!(pos.uses_fast_path());
    assert_eq!(perft(&mut pos, 3), at(&v, "k7/8/8/8/8/8/P7/R7 b - - 0 1").general_perft(3));
}

/// A king that is not royal (`any number of royal pieces` with no royal piece) is never in
/// check, so it castles through an attacked square, as Fairy-Stockfish's kinglet and
/// extinction variants do (K1 applies to royal pieces only).
#[test]
fn k1_a_king_that_is_not_royal_castles_through_an_attacked_square() {
    let kinglet = script(
        "piece king K\n  steps in all directions\n  castles as the king\n\nrules\n  any number of royal pieces\n",
    );
    // The white rook on f1 attacks f8, which the black king passes on its way to g8.
    let pos = at(&kinglet, "r3k2r/8/8/8/8/8/8/4KR2 b kq - 0 1");
    let listed = moves(&pos);
    assert!(listed.contains(&"e8g8".to_owned()), "{listed:?}");
    assert_eq!(listed, general_moves(&pos));
    // With the orthodox royal king the same castling is refused.
    let chess = script("");
    assert!(!moves(&at(&chess, "r3k2r/8/8/8/8/8/8/4KR2 b kq - 0 1")).contains(&"e8g8".to_owned()));
}
