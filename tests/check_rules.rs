//! Rules about checks: check counting (`a side giving 3 checks wins`: three-check, Kar Ouk's
//! first check) with its counters in the position notation and the hash, and kinds held in
//! check (`a king in check may move only to capture the checking piece`: makpong). A counted
//! win ends the game at once: no legal move after it, the REPL and records say why, and
//! `validate` refuses a move after it (K9).

use std::path::PathBuf;

mod common;

use common::catalogue;

use common::binary::{stderr, stdout};
use holechess_kernel::{Position, Side, Status};

fn at(script: &str, fen: &str) -> Position {
    let rules = common::rules(&catalogue(script));
    Position::from_fen(rules.variant(), fen).unwrap_or_else(|e| panic!("{fen}: {e}"))
}

/// A file written to a fresh folder of its own.
fn temp_file(name: &str, text: &str) -> PathBuf {
    let folder = std::env::temp_dir().join(format!("holechess-checks-{}-{name}", std::process::id()));
    std::fs::create_dir_all(&folder).expect("temp folder");
    let file = folder.join(name);
    std::fs::write(&file, text).expect("write");
    file
}

fn check_report(name: &str, script: &str) -> (Option<i32>, String) {
    let path = temp_file(name, script);
    let output = common::binary::holechess(&["check", path.to_str().unwrap()], "");
    (output.status.code(), format!("{}{}", stdout(&output), stderr(&output)))
}

/// White to give its third check with Qh5+; Black's king on e8.
const TWO_GIVEN: &str = "rnbqkbnr/ppppp1pp/8/5p2/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 1+3 0 2";

#[test]
fn the_third_check_wins_at_once_and_nothing_is_played_after() {
    let mut pos = at("3check.hole", TWO_GIVEN);
    assert_eq!(pos.checks_given(Side::White), 2);
    assert_eq!(pos.status(), Status::Ongoing);
    common::play(&mut pos, "Qh5+");
    assert_eq!(pos.checks_given(Side::White), 3);
    assert_eq!(pos.status(), Status::Checks { winner: Side::White, checks: 3 });
    assert!(pos.legal_moves().is_empty(), "the game is over: no legal move");
}

#[test]
fn a_move_that_gives_no_check_counts_nothing() {
    let mut pos = at("3check.hole", TWO_GIVEN);
    common::play(&mut pos, "Nf3");
    assert_eq!(pos.checks_given(Side::White), 2);
    assert_eq!(pos.status(), Status::Ongoing);
}

#[test]
fn the_counters_are_written_after_the_en_passant_square_and_read_in_both_forms() {
    let start = common::rules(&catalogue("3check.hole")).start_position();
    assert_eq!(start.fen(), "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 3+3 0 1");
    let left = at("3check.hole", "7r/1p4p1/pk3p2/RN6/8/P5Pp/3p1P1P/4R1K1 w - - 1+3 1 39");
    let given = at("3check.hole", "7r/1p4p1/pk3p2/RN6/8/P5Pp/3p1P1P/4R1K1 w - - 1 39 +2+0");
    assert_eq!(left.checks_given(Side::White), 2, "`1+3`: one check left of three");
    assert_eq!((left.fen(), left.hash()), (given.fen(), given.hash()), "`1+3` left is `+2+0` given");
    assert_eq!(given.fen(), "7r/1p4p1/pk3p2/RN6/8/P5Pp/3p1P1P/4R1K1 w - - 1+3 1 39");
    let none = at("3check.hole", "7r/1p4p1/pk3p2/RN6/8/P5Pp/3p1P1P/4R1K1 w - - 1 39");
    assert_eq!(none.checks_given(Side::White), 0, "without counters no check has been given");
}

#[test]
fn the_counters_are_part_of_the_hash_and_unmake_restores_them() {
    let a = at("3check.hole", "4k3/8/8/8/8/8/8/R3K3 w - - 3+3 0 1");
    let b = at("3check.hole", "4k3/8/8/8/8/8/8/R3K3 w - - 2+3 0 1");
    assert_ne!(a.hash(), b.hash());
    assert_eq!(b.hash(), b.computed_hash());
    let mut pos = a.clone();
    let check = holechess_kernel::notation::parse_san(&pos, "Ra8+").expect("a legal move");
    let undo = pos.make(check);
    assert_eq!(pos.checks_given(Side::White), 1);
    assert_eq!(pos.hash(), pos.computed_hash());
    pos.unmake(undo);
    assert_eq!(pos, a);
}

#[test]
fn a_counter_beyond_the_rule_or_in_a_variant_without_it_is_refused() {
    let rules = common::rules(&catalogue("3check.hole"));
    let err = Position::from_fen(rules.variant(), "4k3/8/8/8/8/8/8/R3K3 w - - 4+3 0 1").unwrap_err();
    assert!(err.to_string().contains("more than the 3 checks that win"), "{err}");
    let err = Position::from_fen(rules.variant(), "4k3/8/8/8/8/8/8/R3K3 w - - x+3 0 1").unwrap_err();
    assert!(err.to_string().contains("two counts joined by '+'"), "{err}");
}

#[test]
fn a_check_blocked_by_an_impassable_token_is_not_counted() {
    let script = "variant \"Holed Three-check\"\n  id holed-3check\nextends chess\n\ntoken hole\n  impassable\n  \
                  default e4\n\nrules\n  a side giving 3 checks wins\n";
    let loaded = holechess_lang::load_str("holed-3check.hole", script).expect("loads");
    let variant = loaded.variant;
    let mut pos = Position::from_fen(&variant, "4k3/8/8/8/8/8/7R/K7 w - - 0 1").expect("position");
    common::play(&mut pos, "Re2");
    assert_eq!(pos.checks_given(Side::White), 0, "the hole on e4 stops the rook's line");
    common::play(&mut pos, "Kd8");
    common::play(&mut pos, "Rd2+");
    assert_eq!(pos.checks_given(Side::White), 1);
}

#[test]
fn the_repl_announces_the_winning_check_and_refuses_a_further_move() {
    let output =
        common::binary::holechess(&["play", &catalogue("3check.hole")], &format!("position {TWO_GIVEN}\nQh5+\nNf6\n"));
    let out = format!("{}{}", stdout(&output), stderr(&output));
    assert!(out.contains("White gave 3 checks and wins (1-0)."), "{out}");
    assert!(out.contains("the game is over"), "{out}");
}

#[test]
fn validate_accepts_a_win_by_checks_and_refuses_a_move_after_it() {
    let finished = format!("[Event \"t\"]\n[SetUp \"1\"]\n[FEN \"{TWO_GIVEN}\"]\n[Result \"1-0\"]\n\n2. Qh5+ 1-0\n");
    let script = catalogue("3check.hole");
    let pgn = temp_file("finished.pgn", &finished);
    let output = common::binary::holechess(&["validate", &script, pgn.to_str().unwrap()], "");
    assert!(output.status.success(), "{}{}", stdout(&output), stderr(&output));

    let on = temp_file("played-on.pgn", &finished.replace("Qh5+ 1-0", "Qh5+ g6 1-0"));
    let output = common::binary::holechess(&["validate", &script, on.to_str().unwrap()], "");
    assert_eq!(output.status.code(), Some(1));
    let report = format!("{}{}", stdout(&output), stderr(&output));
    assert!(report.contains("the game is already over"), "{report}");
}

#[test]
fn makpong_a_king_in_check_may_not_move_away() {
    // The rook on e5 checks; the king may neither step aside nor take it (it stands too far).
    let pos = at("makpong.hole", "4k3/8/8/4r3/8/8/3S4/4K3 w - - 0 1");
    assert_eq!(common::moves(&pos), ["d2e3"], "only the khon answers, by blocking");
    let makruk = at("makruk.hole", "4k3/8/8/4r3/8/8/3S4/4K3 w - - 0 1");
    assert!(common::has(&makruk, "e1f1"), "in makruk the king steps aside");
}

#[test]
fn makpong_a_king_in_check_may_capture_the_only_checking_piece() {
    let pos = at("makpong.hole", "4k3/8/8/8/8/8/4r3/4K3 w - - 0 1");
    assert_eq!(common::moves(&pos), ["e1e2"]);
}

#[test]
fn a_held_king_may_not_capture_one_of_two_checking_pieces_unless_a_hole_blocks_the_other() {
    let script = "variant \"Held\"\n  id held\nextends chess\n\ntoken hole\n  impassable\n  default c1\n\nrules\n  \
                  a king in check may move only to capture the checking piece\n";
    let loaded = holechess_lang::load_str("held.hole", script).expect("loads");
    let variant = loaded.variant;
    let holed = Position::from_fen(&variant, "4k3/8/8/8/8/8/4r3/r3K3 w - - 0 1").expect("position");
    assert_eq!(common::moves(&holed), ["e1e2"], "the hole on c1 stops the rook on a1: one checker");
    let open = Position::from_fen(&variant, "4k3/8/8/8/8/8/4r3/r3K3 w - - 0 1 -").expect("no hole");
    assert!(open.legal_moves().is_empty(), "two checkers: the king may not take either");
    assert_eq!(open.status(), Status::Checkmate { winner: Side::Black });
}

#[test]
fn check_refuses_a_count_of_no_checks_or_an_unknown_held_piece() {
    let script = "variant \"Bad Checks\"\n  id bad-checks\nextends chess\n\nrules\n  a side giving 0 checks wins\n  \
                  a dragon in check may move only to capture the checking piece\n";
    let (code, report) = check_report("bad-checks.hole", script);
    assert_eq!(code, Some(2), "{report}");
    assert!(report.contains("a side cannot win by giving 0 checks"), "{report}");
    assert!(report.contains("unknown piece `dragon`"), "{report}");
    assert!(report.contains(":6:"), "the line of the rule: {report}");
}

#[test]
fn check_refuses_check_rules_on_two_boards() {
    let (code, report) = check_report(
        "two-board-checks.hole",
        "variant \"Two Boards\"\n  id two-boards\n\nboards A and B, 8x8 each\n\npiece king K\n  royal\n  \
         steps in all directions\n\nsetup\n  board A: 4k3/8/8/8/8/8/8/4K3\n  board B: 4k3/8/8/8/8/8/8/4K3\n  \
         state w - - 0 1\n\nrules\n  turns switch boards\n  a side giving 3 checks wins\n",
    );
    assert_eq!(code, Some(2), "{report}");
    assert!(report.contains("check counting needs a variant of one board"), "{report}");
}

#[test]
fn spartan_a_side_with_two_kings_may_leave_one_attacked_but_not_both() {
    // Black's kings on a8 and h8; the queen on e7 attacks neither yet.
    let pos = at("spartan.hole", "k6k/8/8/8/8/8/8/4K1Q1 b - - 0 1");
    assert!(common::has(&pos, "a8b7"), "b7 is attacked by nothing");
    assert!(common::has(&pos, "h8g7"), "g7 is attacked by the queen on g1, the other king stays safe");
    // The queen on a1 attacks both kings (the a-file and the long diagonal): duple check.
    let both = at("spartan.hole", "k6k/8/8/8/8/8/8/Q3K3 b - - 0 1");
    assert!(!common::has(&both, "a8a7"), "a7 is on the a-file too: both kings would stay attacked");
    assert!(common::has(&both, "h8h7"), "the king on h8 steps out, the one on a8 may stay attacked");
    assert_eq!(both.status(), Status::Ongoing);
}

#[test]
fn spartan_a_lone_king_may_not_be_left_attacked_and_a_promoted_king_shelters_it() {
    // The hoplite on g2 shields the lone king on g1 from the queen on g4: moving it exposes the
    // king, unless it becomes a second king that is safe.
    let pos = at("spartan.hole", "8/8/8/8/6Q1/8/2h3h1/4K1k1 b - - 0 1");
    assert!(!common::has(&pos, "g2h1g"), "a general on h1 leaves the lone king attacked");
    assert!(common::has(&pos, "g2h1k"), "a second king on h1, not attacked, shelters the first");
    assert!(common::has(&pos, "c2b1k"), "promotion to a king while Black has one");
}

#[test]
fn spartan_no_promotion_to_a_third_king() {
    let pos = at("spartan.hole", "k6k/8/8/8/8/8/2h5/4K3 b - - 0 1");
    assert!(!common::has(&pos, "c2b1k") && !common::has(&pos, "c2d1k"), "{:?}", common::moves(&pos));
    assert!(common::has(&pos, "c2b1g"), "the other choices stay open");
}

#[test]
fn check_refuses_an_unknown_piece_in_a_promotion_limit_or_a_duple_rule() {
    let script = "variant \"Bad Spartans\"\n  id bad-spartans\nextends chess\n\npiece pawn P\n  pawn-like\n  \
                  steps forward, without capturing\n  steps diagonally forward, only to capture\n  \
                  promotes on the last rank to queen\n  promotes to a dragon only while its side has fewer than 2\n\n\
                  rules\n  a move may not leave all of the mover's wyverns attacked\n";
    let (code, report) = check_report("bad-spartans.hole", script);
    assert_eq!(code, Some(2), "{report}");
    assert!(report.contains("the promotion limit names an unknown piece `dragon`"), "{report}");
    assert!(report.contains("unknown piece `wyverns`"), "{report}");
}
