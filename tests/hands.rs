//! Hands, drops and shogi promotion through the rule language and the binary: the catalogue's
//! Crazyhouse and shogi scripts in play, the REPL showing the hands and reading drops, and
//! `check` refusing hand rules that cannot hold.

use std::path::PathBuf;

mod common;

use common::binary::{holechess, stderr, stdout};
use common::{moves_from, play};
use holechess_kernel::Position;

fn catalogue(name: &str) -> String {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("examples/catalogue")
        .join(format!("{name}.hole"))
        .to_string_lossy()
        .into_owned()
}

fn position(name: &str, fen: &str) -> Position {
    common::position(&catalogue(name), fen)
}

fn script(name: &str, text: &str) -> String {
    let dir = std::env::temp_dir().join(format!("holechess-hands-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temp dir");
    let path = dir.join(name);
    std::fs::write(&path, text).expect("script written");
    path.to_string_lossy().into_owned()
}

#[test]
fn the_repl_shows_the_hands_and_plays_a_drop() {
    let output = holechess(&["play", &catalogue("crazyhouse")], "e4\nd5\nexd5\nQxd5\nN@c3\nP@e6\nfen\n");
    let out = stdout(&output);
    assert!(out.contains("In hand: White none, Black none"), "{out}");
    assert!(out.contains("In hand: White P, Black p"), "{out}");
    assert!(out.contains("error: illegal move N@c3: white has no knight in hand"), "{out}");
    assert!(out.contains("Last move: P@e6"), "{out}");
    assert!(out.contains("rnb1kbnr/ppp1pppp/4P3/3q4/8/8/PPPP1PPP/RNBQKBNR[p] b KQkq - 0 3"), "{out}");
}

#[test]
fn a_promoted_silver_returns_to_the_hand_as_a_silver() {
    let mut pos = position("minishogi", "r2k1/1S3/5/5/4K[] w - - 0 1");
    play(&mut pos, "b4b5g");
    play(&mut pos, "a5b5");
    assert_eq!(pos.fen(), "1r1k1/5/5/5/4K[s] w - - 0 2");
}

#[test]
fn a_piece_leaving_the_zone_may_promote_in_shogi_and_must_in_euroshogi() {
    let shogi = position("minishogi", "3k1/5/5/5/R3K[] w - - 0 1");
    let mut pos = shogi.clone();
    play(&mut pos, "a1a5d");
    assert!(pos.fen().starts_with("+R2k1/"), "entering the zone, written as Fairy-Stockfish does: {}", pos.fen());
    let read = Position::from_fen(pos.variant(), &pos.fen()).unwrap();
    assert_eq!(read.fen(), pos.fen(), "read back");
    assert_eq!(read.promoted_from(common::square(&read, "a5")), Some(5), "a rook promoted");
    let leaving = position("minishogi", "R2k1/5/5/5/4K[] b - - 0 1");
    let mut leaving = leaving;
    play(&mut leaving, "d5d4");
    let rook_moves = moves_from(&leaving, "a5a4");
    assert_eq!(rook_moves, ["a5a4", "a5a4d"], "leaving the zone: promotion optional");
    let euro = position("euroshogi", "3k4/R7/8/8/8/8/8/4K3[] w - - 0 1");
    assert_eq!(moves_from(&euro, "a7a4"), ["a7a4d"], "leaving the compulsory zone: promotion compulsory");
}

#[test]
fn a_pawn_is_not_dropped_on_a_file_holding_its_sides_pawn() {
    let pos = position("minishogi", "2k2/5/5/P4/4K[P] w - - 0 1");
    let drops: Vec<String> = moves_from(&pos, "P@").into_iter().filter(|m| m.ends_with('3')).collect();
    assert_eq!(drops, ["P@b3", "P@c3", "P@d3", "P@e3"]);
    assert!(moves_from(&pos, "P@").iter().all(|m| !m.ends_with('5')), "nor on the last rank");
}

#[test]
fn the_shogi_knight_leaps_narrowly_forward() {
    let pos = position("shogi", "4k4/9/9/9/9/9/9/9/1N2K4[] w - - 0 1");
    assert_eq!(moves_from(&pos, "b1"), ["b1a3", "b1c3"]);
}

#[test]
fn check_refuses_drop_rules_that_cannot_hold() {
    let text = "variant \"Bad hands\"\n  id badhands\nextends chess\n\nsetup rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[X] w KQkq - 0 1\n\nrules\n  captured pieces go to the capturer's hand\n  a dragon may be dropped only on ranks 2 to 7\n  a pawn may be dropped only on ranks 7 to 2\n  a pawn may not be dropped on a file with another knight of its side\n";
    let path = script("badhands.hole", text);
    let output = holechess(&["check", &path], "");
    let err = stderr(&output);
    assert_eq!(output.status.code(), Some(2), "{err}");
    assert!(err.contains("the setup's hand holds `X`, which no piece declares"), "{err}");
    assert!(err.contains("the drop rule names an unknown piece `dragon`"), "{err}");
    assert!(err.contains("ranks 7 to 2 run backwards"), "{err}");
    assert!(err.contains("`another knight` must name the piece again"), "{err}");
}

#[test]
fn check_refuses_hands_on_two_boards() {
    let text = "variant \"Two-board hands\"\n  id twohands\n\nboards A and B, 2x2 each\n\npiece king K\n  royal\n  steps in all directions\n\nsetup\n  board A: K1/1k\n  board B: 2/2\n  state w - - 0 1\n\nrules\n  pieces in hand may be dropped\n";
    let path = script("twohands.hole", text);
    let output = holechess(&["check", &path], "");
    let err = stderr(&output);
    assert_ne!(output.status.code(), Some(0), "{err}");
    assert!(err.contains("hands and drops need a variant of one board"), "{err}");
}

#[test]
fn placement_drops_come_first_and_only_while_a_drop_is_legal() {
    let start = position("placement", "8/pppppppp/8/8/8/8/PPPPPPPP/8[KQRRBBNNkqrrbbnn] w - - 0 1");
    let all = common::moves(&start);
    assert_eq!(all.len(), 40, "{all:?}");
    assert!(all.iter().all(|m| m.contains('@') && m.ends_with('1')), "{all:?}");
    let full_rank = position("placement", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[N] w - - 0 1");
    assert_eq!(common::moves(&full_rank).len(), 20, "no drop is legal: the pieces move");
}

#[test]
fn placement_keeps_a_sides_bishops_on_both_colours() {
    let pos = position("placement", "4k3/pppppppp/8/8/8/8/PPPPPPPP/2B1K3[B] w - - 0 1");
    assert_eq!(common::moves(&pos), ["B@b1", "B@d1", "B@f1", "B@h1"]);
    let last_light = position("placement", "4k3/pppppppp/8/8/8/8/PPPPPPPP/RNB1KNRN[BQ] w - - 0 1");
    assert_eq!(common::moves(&last_light), ["B@d1"], "the queen may not take the bishop's last square");
}

#[test]
fn placement_gives_castling_rights_to_a_king_dropped_between_its_rooks() {
    let mut pos = position("placement", "r3k3/pppppppp/8/8/8/8/PPPPPPPP/R6R[Kr] w q - 0 1");
    play(&mut pos, "K@e1");
    assert_eq!(pos.fen(), "r3k3/pppppppp/8/8/8/8/PPPPPPPP/R3K2R[r] b KQq - 1 1");
    play(&mut pos, "R@h8");
    assert!(pos.fen().contains(" w KQkq "), "a rook dropped in the corner beside its king: {}", pos.fen());
}

#[test]
fn koedem_drops_a_king_in_hand_before_anything_else() {
    let pos = position("koedem", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNB2BNR[KQ] w kq - 0 1");
    let all = common::moves(&pos);
    assert_eq!(all.len(), 34, "{all:?}");
    assert!(all.iter().all(|m| m.starts_with("K@")), "{all:?}");
}

#[test]
fn rules_describe_the_hands_in_words_and_json() {
    let output = holechess(&["rules", &catalogue("shogi")], "");
    let out = stdout(&output);
    assert!(out.contains("Hands: captured pieces go to the capturer's hand"), "{out}");
    assert!(out.contains("a knight is dropped only on ranks 1 to 7"), "{out}");
    assert!(out.contains("may promote in the last 3 ranks to gold, also on a move leaving it"), "{out}");
    let json = stdout(&holechess(&["rules", "--json", &catalogue("crazyhouse")], ""));
    let value: serde_json::Value = serde_json::from_str(&json).expect("json");
    assert_eq!(value["hands"]["drop_ranks"][0]["ranks"], serde_json::json!([2, 3, 4, 5, 6, 7]), "{json}");
    let chess = stdout(&holechess(&["rules", "--json", "chess"], ""));
    assert!(serde_json::from_str::<serde_json::Value>(&chess).expect("json")["hands"].is_null());
}
