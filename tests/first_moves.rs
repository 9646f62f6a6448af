//! First-move rights that the position notation carries and moves that take them: Cambodian
//! chess's king leap (`leaps (2,1) widely forward, on its first move, not while in check`) and
//! met double step, the castling field naming the pieces that have not moved
//! (`first-move rights are in the castling field`), and the loss of the king's leap when a
//! rook moves onto its file or rank.

mod common;

use common::catalogue;

use common::binary::{stderr, stdout};
use holechess_kernel::Position;

fn at(script: &str, fen: &str) -> Position {
    let rules = common::rules(&catalogue(script));
    Position::from_fen(rules.variant(), fen).unwrap_or_else(|e| panic!("{fen}: {e}"))
}

fn check_report(name: &str, script: &str) -> (Option<i32>, String) {
    let folder = std::env::temp_dir().join(format!("holechess-first-moves-{}-{name}", std::process::id()));
    std::fs::create_dir_all(&folder).expect("temp folder");
    let path = folder.join(name);
    std::fs::write(&path, script).expect("write");
    let output = common::binary::holechess(&["check", path.to_str().unwrap()], "");
    (output.status.code(), format!("{}{}", stdout(&output), stderr(&output)))
}

/// White's king on d1 and met on e1 with their rights, an open second rank.
const OPEN: &str = "4k3/8/8/8/8/8/8/3KM3 w DE - 0 1";

#[test]
fn the_castling_field_names_the_unmoved_king_and_met() {
    let start = common::rules(&catalogue("cambodian.hole")).start_position();
    assert_eq!(start.fen(), "rnsmksnr/8/pppppppp/8/8/PPPPPPPP/8/RNSKMSNR w DEde - 0 1");
    let pos = at("cambodian.hole", OPEN);
    assert!(common::has(&pos, "d1b2") && common::has(&pos, "d1f2"), "the king's leaps: {:?}", common::moves(&pos));
    assert!(common::has(&pos, "e1e3"), "the met's double step");
}

#[test]
fn a_piece_the_castling_field_does_not_name_has_moved() {
    let pos = at("cambodian.hole", "4k3/8/8/8/8/8/8/3KM3 w - - 0 1");
    assert!(!common::has(&pos, "d1b2") && !common::has(&pos, "e1e3"), "{:?}", common::moves(&pos));
    assert_eq!(pos.fen(), "4k3/8/8/8/8/8/8/3KM3 w - - 0 1");
}

#[test]
fn moving_takes_the_right_and_the_notation_drops_its_letter() {
    let mut pos = at("cambodian.hole", OPEN);
    common::play(&mut pos, "d1d2");
    assert_eq!(pos.fen(), "4k3/8/8/8/8/8/3K4/4M3 b E - 1 1");
}

#[test]
fn the_king_may_not_leap_while_in_check() {
    let pos = at("cambodian.hole", "4k3/8/8/8/8/8/8/r2KM3 w DE - 0 1");
    assert!(!common::has(&pos, "d1b2") && !common::has(&pos, "d1f2"), "{:?}", common::moves(&pos));
    assert!(common::has(&pos, "d1d2"), "an ordinary step out of check");
}

#[test]
fn a_rook_moving_onto_the_kings_file_takes_its_leap_and_unmake_gives_it_back() {
    let mut pos = at("cambodian.hole", "r3k3/8/8/8/8/8/8/3KM3 b DE - 0 1");
    let before = pos.clone();
    let rook = holechess_kernel::notation::parse_san(&pos, "Rd8").expect("a legal move");
    let undo = pos.make(rook);
    assert!(!common::has(&pos, "d1b2") && !common::has(&pos, "d1f2"), "the rook on d8 aims at the king: no leap");
    assert_eq!(pos.fen(), "3rk3/8/8/8/8/8/8/3KM3 w E - 1 2");
    pos.unmake(undo);
    assert_eq!(pos, before);
    let mut other = before.clone();
    common::play(&mut other, "Rb8");
    assert!(common::has(&other, "d1f2"), "a rook elsewhere takes nothing");
}

#[test]
fn a_letter_naming_a_piece_without_a_first_move_is_refused() {
    let rules = common::rules(&catalogue("cambodian.hole"));
    let err = Position::from_fen(rules.variant(), "4k3/8/8/8/8/8/8/3KMR2 w F - 0 1").unwrap_err();
    assert!(err.to_string().contains("names f1, where no piece has a movement for its first move"), "{err}");
    let err = Position::from_fen(rules.variant(), "4k3/8/8/8/8/8/8/3KM3 w D1 - 0 1").unwrap_err();
    assert!(err.to_string().contains("'1' in the castling field is not a file"), "{err}");
}

#[test]
fn check_refuses_a_capturing_movement_barred_in_check_and_an_unknown_piece() {
    let script = "variant \"Bad Leaps\"\n  id bad-leaps\nextends makruk\n\npiece king K\n  royal\n  \
                  steps in all directions\n  leaps (2,1) widely forward, not while in check\n\nrules\n  \
                  a dragon loses its first move when a rook moves onto its file or rank\n";
    let (code, report) = check_report("bad-leaps.hole", script);
    assert_eq!(code, Some(2), "{report}");
    assert!(report.contains("a movement barred while in check cannot capture"), "{report}");
    assert!(report.contains("unknown piece `dragon`"), "{report}");
}

#[test]
fn the_rules_text_names_the_leap_and_the_rights() {
    let output = common::binary::holechess(&["rules", "--json", &catalogue("cambodian.hole")], "");
    let json = stdout(&output);
    assert!(output.status.success(), "{json}{}", stderr(&output));
    assert!(json.contains("first-move-out-of-check"), "{json}");
    assert!(json.contains("\"first_moves_in_castling_field\": true"), "{json}");
}

/// White's king and met out and back: the same pieces on the same squares, but the king has
/// lost its first-move leap, so the position is not the one before (K7's repetition reads
/// the same position: the same moves available).
#[test]
fn a_piece_back_on_its_square_without_its_first_move_is_no_repetition() {
    let start = at("cambodian.hole", "4k3/8/8/8/8/8/8/3KM3 w DE - 0 1");
    let mut pos = start.clone();
    for text in ["d1d2", "e8e7", "d2d1", "e7e8"] {
        common::play(&mut pos, text);
    }
    assert_eq!(pos.fen(), "4k3/8/8/8/8/8/8/3KM3 w E - 4 3");
    assert_ne!(pos.hash(), start.hash(), "the king's lost leap is in the hash");
    assert_eq!(pos.hash(), pos.computed_hash());
    assert_eq!(pos.repetitions(), 0, "the start had the king's leap: not the same position");
    for text in ["d1d2", "e8e7", "d2d1", "e7e8"] {
        common::play(&mut pos, text);
    }
    assert_eq!(pos.repetitions(), 1, "a shuffle without first moves at stake repeats");
}

#[test]
fn pieces_without_first_move_patterns_repeat_as_in_orthodox_chess() {
    let mut pos = at("cambodian.hole", "4k3/8/8/8/8/8/8/1N1KM3 w DE - 0 1");
    let start_hash = pos.hash();
    for text in ["b1c3", "e8e7", "c3b1", "e7e8"] {
        common::play(&mut pos, text);
    }
    assert_eq!(pos.hash(), start_hash, "a knight out and back keeps the king's and met's leaps");
    assert_eq!(pos.repetitions(), 1);
}
