//! Regions a piece may not leave (`stays within ...`), lame leaps (`not over pieces`), hops at
//! any distance (the cannon: `hops orthogonally to any distance`), the rule that royal pieces
//! may not face each other, and the files castling letters find their rooks from: the moves
//! they allow, the attacks they give, how they meet tokens, what `check` refuses, and how
//! `rules` describes them. Positions are the catalogue's Xiangqi and Shako, or small scripts.

mod common;

use common::catalogue;

use common::binary::{stderr, stdout};
use holechess_kernel::{Position, Side, Status};

fn xiangqi(fen: &str) -> Position {
    common::position(&catalogue("xiangqi.hole"), fen)
}

/// A script written to a fresh folder of its own.
fn temp_script(name: &str, text: &str) -> String {
    let folder = std::env::temp_dir().join(format!("holechess-palace-{}-{name}", std::process::id()));
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
fn a_horse_is_stopped_by_a_piece_on_its_leg() {
    // Horse on c3, its own soldier on c4 (the leg of both forward leaps).
    let pos = xiangqi("3k5/9/9/9/9/9/2P6/2N6/9/4K4 w - - 0 1");
    let horse = sorted(common::moves_from(&pos, "c3"));
    assert_eq!(horse, ["c3a2", "c3a4", "c3b1", "c3d1", "c3e2", "c3e4"]);
}

#[test]
fn a_horse_checks_unless_its_own_leg_is_blocked_and_a_piece_beside_the_target_does_not_block() {
    assert!(xiangqi("3k5/9/2N6/9/9/9/9/9/9/4K4 b - - 0 1").is_check(), "c8 horse checks d10");
    assert!(!xiangqi("3k5/2p6/2N6/9/9/9/9/9/9/4K4 b - - 0 1").is_check(), "a piece on its leg c9");
    assert!(xiangqi("3k5/3p5/2N6/9/9/9/9/9/9/4K4 b - - 0 1").is_check(), "d9 is not on the path from c8");
}

#[test]
fn an_elephant_never_crosses_the_river_and_is_stopped_at_its_eye() {
    // Elephant on e5 (its side's last rank before the river), a soldier on f4 (the eye for g3).
    let pos = xiangqi("3k5/9/9/9/9/4B4/5P3/9/9/4K4 w - - 0 1");
    assert_eq!(common::moves_from(&pos, "e5"), ["e5c3"]);
}

#[test]
fn the_general_and_the_advisors_stay_within_the_palace() {
    let pos = xiangqi("4k4/9/9/9/9/9/9/9/4A4/3K5 w - - 0 1");
    assert_eq!(sorted(common::moves_from(&pos, "d1")), ["d1d2", "d1e1"], "not c1: outside the palace");
    assert_eq!(sorted(common::moves_from(&pos, "e2")), ["e2d3", "e2f1", "e2f3"]);
    let corner = xiangqi("4k4/9/9/9/9/9/9/5A3/9/4K4 w - - 0 1");
    assert_eq!(common::moves_from(&corner, "f3"), ["f3e2"], "g2 and g4 lie outside");
}

#[test]
fn a_cannon_captures_over_exactly_one_piece_at_any_distance() {
    let one_screen = xiangqi("3k5/9/p8/9/9/9/P8/9/9/C3K4 w - - 0 1");
    assert_eq!(sorted(common::moves_from(&one_screen, "a1")), ["a1a2", "a1a3", "a1a8", "a1b1", "a1c1", "a1d1"]);
    let two_screens = xiangqi("3k5/9/p8/9/P8/9/P8/9/9/C3K4 w - - 0 1");
    assert!(!common::has(&two_screens, "a1a8"), "two pieces between");
    let no_screen = xiangqi("3k5/9/p8/9/9/9/9/9/9/C3K4 w - - 0 1");
    assert!(!common::has(&no_screen, "a1a8"), "a cannon captures only over a screen");
    assert!(common::has(&no_screen, "a1a7"), "it moves as a chariot");
}

#[test]
fn a_cannon_checks_over_one_screen_only() {
    assert!(xiangqi("4k4/9/4p4/9/9/4C4/9/9/9/3K5 b - - 0 1").is_check());
    assert!(!xiangqi("4k4/9/9/9/9/4C4/9/9/9/3K5 b - - 0 1").is_check());
    assert!(!xiangqi("4k4/9/4p4/4p4/9/4C4/9/9/9/3K5 b - - 0 1").is_check());
}

#[test]
fn the_generals_may_not_face_each_other_on_an_open_file() {
    let pos = xiangqi("3k5/9/9/9/9/9/9/9/9/4K4 w - - 0 1");
    assert_eq!(sorted(common::moves_from(&pos, "e1")), ["e1e2", "e1f1"], "d1 faces the d10 general");
    let screened = xiangqi("4k4/9/9/9/9/4R4/9/9/9/4K4 w - - 0 1");
    assert!(!common::has(&screened, "e5d5"), "the chariot between the generals may not leave the file");
    assert!(common::has(&screened, "e5e9"));
}

#[test]
fn facing_generals_take_away_the_last_flight_square_and_mate() {
    // The chariot checks d10 along the d-file; e10 faces the general on e1; c10 is outside.
    let pos = xiangqi("3k5/9/9/9/9/3R5/9/9/9/4K4 b - - 0 1");
    assert!(pos.legal_moves().is_empty());
    assert_eq!(pos.status(), Status::Checkmate { winner: Side::White });
}

#[test]
fn shakos_castling_letters_name_the_rooks_inside_the_elephants() {
    let fen = "10/rr3k4/ppppp5/10/10/10/10/6PPPP/5K2RR/10 w Kq - 0 1";
    let pos = common::position(&catalogue("shako.hole"), fen);
    assert_eq!(pos.legal_moves().len(), 20, "the 19 moves Fairy-Stockfish 11.1 gives, and castling with i2");
    assert_eq!(pos.fen(), fen, "the letters are written back as read");
}

const TOKENS: &str = r#"variant "Cannons and tokens"
  id cannon-tokens
extends chess

piece cannon C
  slides orthogonally, without capturing
  hops orthogonally to any distance, only to capture

piece horse H
  leaps (1,2) in all directions, not over pieces

token wall
  impassable
  shown as %

token mark
  shown as +

token post
  blocks movement
  shown as =
"#;

#[test]
fn a_cannons_line_stops_at_a_wall_passes_a_mark_and_a_token_is_never_its_screen() {
    let path = temp_script("tokens", TOKENS);
    let wall = common::position(&path, "4k3/r7/8/8/8/P7/8/C3K3 w - - 0 1 wall=a5");
    assert!(!common::has(&wall, "a1a7"), "the wall ends the line behind the screen");
    let mark = common::position(&path, "4k3/r7/8/8/8/P7/8/C3K3 w - - 0 1 mark=a5");
    assert!(common::has(&mark, "a1a7"), "lines pass over an open token");
    let no_screen = common::position(&path, "4k3/r7/8/8/8/8/8/C3K3 w - - 0 1 mark=a3");
    assert!(!common::has(&no_screen, "a1a7"), "a token is not a screen");
    assert!(common::has(&no_screen, "a1a3"), "the cannon moves onto the open token");
}

#[test]
fn a_token_that_blocks_movement_stops_a_lame_leap_on_its_path() {
    let path = temp_script("leg", TOKENS);
    let free = common::position(&path, "4k3/8/8/8/8/8/8/H3K3 w - - 0 1");
    assert!(common::has(&free, "a1b3"));
    let blocked = common::position(&path, "4k3/8/8/8/8/8/8/H3K3 w - - 0 1 post=a2");
    assert!(!common::has(&blocked, "a1b3"), "the post stands on the horse's leg");
    assert!(common::has(&blocked, "a1c2"), "the other leap's leg b1 is free");
}

#[test]
fn open_tokens_change_no_count_of_cannons_and_lame_leapers() {
    let path = temp_script("perft", TOKENS);
    let fen = "r3k2r/2p5/8/3p4/8/2P5/8/RCH1KHCR w KQkq - 0 1";
    let mut plain = common::position(&path, fen);
    let mut marked = common::position(&path, &format!("{fen} mark=a3,b2,c2,d3,e4,b5"));
    let counts = holechess_kernel::perft::perft(&mut plain, 3);
    assert!(counts > 0);
    assert_eq!(holechess_kernel::perft::perft(&mut marked, 3), counts, "screens and legs see through open tokens");
}

fn check_script(name: &str, text: &str) -> (bool, String) {
    let path = temp_script(name, text);
    let output = common::binary::holechess(&["check", &path], "");
    (output.status.success(), format!("{}{}", stdout(&output), stderr(&output)))
}

#[test]
fn check_refuses_a_region_on_a_castling_piece_and_off_the_board() {
    let (ok, text) = check_script(
        "castling-region",
        "variant \"R\"\n  id r\nextends chess\n\npiece king K\n  royal\n  steps in all directions\n  castles as the king\n  stays within files d to f and ranks 1 to 3\n",
    );
    assert!(!ok && text.contains("stays within a region and castles"), "{text}");
    let (ok, text) = check_script(
        "off-board-region",
        "variant \"R\"\n  id r\nextends chess\n\npiece rook R\n  slides orthogonally\n  castles as a rook\n  stays within ranks 2 to 9\n",
    );
    assert!(!ok && text.contains("the region's ranks are not ranks of the board"), "{text}");
}

#[test]
fn check_refuses_a_lame_step_and_lame_or_cannon_moves_beside_absent_squares() {
    let (ok, text) = check_script(
        "lame-step",
        "variant \"L\"\n  id l\nextends chess\n\npiece knight N\n  steps orthogonally, not over pieces\n",
    );
    assert!(!ok && text.contains("only a leap may be stopped"), "{text}");
    let absent = "token void\n  absent for non-royal pieces\n  shown as %\n";
    let (ok, text) = check_script(
        "lame-absent",
        &format!("variant \"L\"\n  id l\nextends chess\n\npiece knight N\n  leaps (1,2) in all directions, not over pieces\n\n{absent}"),
    );
    assert!(!ok && text.contains("does not combine with absent tokens"), "{text}");
    let (ok, text) = check_script(
        "cannon-absent",
        &format!("variant \"L\"\n  id l\nextends chess\n\npiece cannon C\n  hops orthogonally to any distance, only to capture\n\n{absent}"),
    );
    assert!(!ok && text.contains("does not combine with absent tokens"), "{text}");
}

#[test]
fn rules_describes_regions_lame_leaps_cannons_and_facing_royals_in_words_and_json() {
    let xiangqi = catalogue("xiangqi.hole");
    let words = stdout(&common::binary::holechess(&["rules", &xiangqi], ""));
    assert!(words.contains("never leaves files d to f and its ranks 1 to 3"), "{words}");
    assert!(words.contains("not over a piece on its path"), "{words}");
    assert!(words.contains("over the first piece, to any square behind it"), "{words}");
    assert!(words.contains("facing each other on an open file"), "{words}");
    let json: serde_json::Value =
        serde_json::from_str(&stdout(&common::binary::holechess(&["rules", "--json", &xiangqi], ""))).expect("json");
    assert_eq!(json["play"]["royals_may_not_face"], true);
    let pieces = json["pieces"].as_array().expect("pieces");
    let named = |name: &str| pieces.iter().find(|p| p["name"] == name).expect(name).clone();
    assert_eq!(named("general")["region"], serde_json::json!({ "files": ["d", "f"], "ranks": [1, 3] }));
    assert_eq!(named("elephant")["region"], serde_json::json!({ "files": ["a", "i"], "ranks": [1, 5] }));
    assert_eq!(named("horse")["moves"][0]["lame"], true);
    let cannon = named("cannon");
    let hops: Vec<&serde_json::Value> =
        cannon["moves"].as_array().expect("moves").iter().filter(|m| m["kind"] == "hop").collect();
    assert!(!hops.is_empty() && hops.iter().all(|m| m["hop_any_distance"] == true));
    let shako = stdout(&common::binary::holechess(&["rules", "--json", &catalogue("shako.hole")], ""));
    let shako: serde_json::Value = serde_json::from_str(&shako).expect("json");
    assert_eq!(shako["play"]["castling"]["rooks_found_from"], serde_json::json!(["i", "b"]));
}

fn validate(name: &str, pgn: &str) -> (Option<i32>, String) {
    let folder = std::env::temp_dir().join(format!("holechess-palace-{}-{name}", std::process::id()));
    std::fs::create_dir_all(&folder).expect("temp folder");
    let file = folder.join(format!("{name}.pgn"));
    std::fs::write(&file, pgn).expect("write");
    let output = common::binary::holechess(&["validate", &catalogue("xiangqi.hole"), file.to_str().unwrap()], "");
    (output.status.code(), format!("{}{}", stdout(&output), stderr(&output)))
}

const MATE_BY_FACING: &str = "[Event \"t\"]\n[SetUp \"1\"]\n[FEN \"3k5/9/9/9/9/9/9/9/9/R3K4 w - - 0 1\"]\n\
                              [Result \"1-0\"]\n\n1. Rd1# 1-0\n";

#[test]
fn validate_accepts_a_mate_completed_by_the_facing_rule_and_refuses_a_move_after_it() {
    let (code, report) = validate("mate", MATE_BY_FACING);
    assert_eq!(code, Some(0), "{report}");
    let (code, report) = validate("after-mate", &MATE_BY_FACING.replace("Rd1# 1-0", "Rd1# Ke10 1-0"));
    assert_eq!(code, Some(1), "{report}");
    assert!(report.contains("ply 2"), "{report}");
}

#[test]
fn validate_refuses_a_general_stepping_onto_the_other_generals_open_file() {
    let pgn = MATE_BY_FACING.replace("Rd1# 1-0", "Kd1 *").replace("[Result \"1-0\"]", "[Result \"*\"]");
    let (code, report) = validate("facing", &pgn);
    assert_eq!(code, Some(1), "{report}");
    assert!(report.contains("ply 1") && report.contains("Kd1"), "{report}");
}

#[test]
fn a_piece_that_stays_within_a_region_is_dropped_only_inside_it() {
    let script = "variant \"Pocket Guard\"\n  id pocket-guard\nextends chess\n\npiece guard G\n  steps in all directions\n  \
                  stays within ranks 1 to 3\n\nsetup 4k3/pppppppp/8/8/8/8/PPPPPPPP/4K3[Gg] w - - 0 1\n\nrules\n  no castling\n  \
                  pieces in hand may be dropped\n";
    let path = temp_script("pocket-guard", script);
    let pos = common::rules(&path).start_position();
    let drops: Vec<String> = common::moves(&pos).into_iter().filter(|m| m.starts_with("G@")).collect();
    assert_eq!(drops.len(), 7 + 8, "ranks 1 and 3, the king and the pawns aside: {drops:?}");
    assert!(drops.iter().all(|m| matches!(m.as_bytes()[3], b'1'..=b'3')), "{drops:?}");
}
