//! Game ends beyond mate and goals, and compulsory capture: `capturing is compulsory`,
//! `checkmate is a win`, `stalemate is a win` and the extinction rules (`a side with no king
//! left wins`, `a side with fewer than 3 kings left loses`, `a side with no pieces left
//! wins`). A game end stops play at once: the position has no legal move, perft stops there
//! (as Fairy-Stockfish generates no move there), the REPL and the records say why, and
//! `validate` refuses a move after it.

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
    let folder = std::env::temp_dir().join(format!("holechess-ends-{}-{name}", std::process::id()));
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

#[test]
fn where_a_capture_exists_only_captures_are_legal() {
    let mut pos = common::rules(&catalogue("antichess.hole")).start_position();
    assert_eq!(common::moves(&pos).len(), 20, "no capture: every move");
    common::play(&mut pos, "e3");
    common::play(&mut pos, "b5");
    assert_eq!(common::moves(&pos), ["f1b5"], "the only capture is compulsory");
}

#[test]
fn a_capture_that_would_leave_the_royal_king_attacked_does_not_oblige() {
    // Losers: the knight on d2 is pinned, so Nxb3 is not legal and the king moves freely.
    let pos = at("losers.hole", "7k/8/8/8/1b6/1p6/3N4/4K3 w - - 0 1");
    assert_eq!(common::moves(&pos), ["e1d1", "e1e2", "e1f1", "e1f2"]);
}

#[test]
fn losing_a_third_king_loses_at_once_and_nothing_is_played_after() {
    let mut pos = at("threekings.hole", "k3k2k/8/8/8/8/8/6q1/K3K2K b - - 0 1");
    assert_eq!(pos.status(), Status::Ongoing);
    common::play(&mut pos, "Qxh1");
    let Status::Extinction { side, kind, below, winner } = pos.status() else {
        panic!("an extinction, not {:?}", pos.status());
    };
    assert_eq!((side, below, winner), (Side::White, 3, Side::Black));
    assert_eq!(pos.describe_extinction(side, kind, below), "White has fewer than 3 kings left");
    assert_eq!(pos.status().result(pos.side_to_move()), "0-1");
    assert!(pos.legal_moves().is_empty(), "the game is over");
    assert_eq!(holechess_kernel::perft::perft(&mut pos, 2), 0);
}

#[test]
fn a_side_that_loses_every_piece_wins_giveaway() {
    let mut pos = at("giveaway.hole", "8/8/8/8/8/8/1p6/2R5 b - - 0 1");
    common::play(&mut pos, "b2c1q");
    assert!(matches!(pos.status(), Status::Extinction { side: Side::White, kind: None, winner: Side::White, .. }));
    assert_eq!(pos.status().result(pos.side_to_move()), "1-0");
    let Status::Extinction { side, kind, below, .. } = pos.status() else { unreachable!() };
    assert_eq!(pos.describe_extinction(side, kind, below), "White has no pieces left");
}

#[test]
fn a_side_that_loses_its_king_wins_codrus() {
    let mut pos = at("codrus.hole", "4k3/8/8/8/8/8/8/r3K3 b - - 0 1");
    common::play(&mut pos, "Rxe1");
    assert!(matches!(pos.status(), Status::Extinction { side: Side::White, winner: Side::White, .. }));
}

#[test]
fn a_stalemated_side_wins_antichess() {
    let pos = at("antichess.hole", "8/8/8/p7/P7/8/8/8 w - - 0 1");
    assert!(pos.legal_moves().is_empty());
    assert!(pos.status().is_over());
    assert_eq!(pos.status().result(Side::White), "1-0");
}

#[test]
fn a_checkmated_side_wins_losers() {
    let pos = at("losers.hole", "R5k1/5ppp/8/8/8/8/8/6K1 b - - 0 1");
    assert_eq!(pos.status(), Status::Checkmate { winner: Side::Black });
    assert_eq!(pos.status().result(Side::Black), "0-1");
}

#[test]
fn a_side_left_with_its_king_alone_wins_losers() {
    let mut pos = at("losers.hole", "4k3/8/8/8/8/7P/3q4/4K3 w - - 0 1");
    common::play(&mut pos, "Kxd2");
    assert!(matches!(
        pos.status(),
        Status::Extinction { side: Side::Black, kind: None, below: 2, winner: Side::Black }
    ));
}

#[test]
fn the_repl_announces_an_extinction_with_its_reason_and_refuses_a_further_move() {
    let output = common::binary::holechess(
        &["play", &catalogue("threekings.hole")],
        "position k3k2k/8/8/8/8/8/6q1/K3K2K b - - 0 1\nQxh1\nKb1\n",
    );
    let out = format!("{}{}", stdout(&output), stderr(&output));
    assert!(out.contains("White has fewer than 3 kings left: Black wins (0-1)."), "{out}");
    assert!(out.contains("the game is over"), "{out}");
}

#[test]
fn validate_accepts_an_extinction_result_and_refuses_a_move_after_it() {
    let finished = "[Event \"t\"]\n[SetUp \"1\"]\n[FEN \"k3k2k/8/8/8/8/8/6q1/K3K2K b - - 0 1\"]\n[Result \"0-1\"]\n\n\
                    1... Qxh1 0-1\n";
    let script = catalogue("threekings.hole");
    let pgn = temp_file("finished.pgn", finished);
    let output = common::binary::holechess(&["validate", &script, pgn.to_str().unwrap()], "");
    assert!(output.status.success(), "{}{}", stdout(&output), stderr(&output));

    let on = temp_file("played-on.pgn", &finished.replace("Qxh1 0-1", "Qxh1 2. Kb1 0-1"));
    let output = common::binary::holechess(&["validate", &script, on.to_str().unwrap()], "");
    assert_eq!(output.status.code(), Some(1));
    let report = format!("{}{}", stdout(&output), stderr(&output));
    assert!(report.contains("ply 2, move Kb1: the game is already over"), "{report}");
}

#[test]
fn extinction_names_read_singular_or_plural_and_pieces_counts_them_all() {
    let script = "variant \"Ends\"\n  id ends\nextends chess\n\nrules\n  any number of royal pieces\n  \
                  a side with no queens or rook left loses\n  a side with fewer than 4 pieces wins\n";
    let (code, report) = check_report("ends.hole", script);
    assert_eq!(code, Some(0), "{report}");
    let loaded = holechess_lang::load_str("ends.hole", script).expect("loads");
    let ends = &loaded.variant.spec().rules.ends.extinctions;
    let queen = loaded.variant.spec().pieces.iter().position(|p| p.name == "queen").unwrap() as u8;
    let rook = loaded.variant.spec().pieces.iter().position(|p| p.name == "rook").unwrap() as u8;
    assert_eq!(ends[0].kinds, [queen, rook]);
    assert_eq!(ends[0].below, 1);
    assert!(ends[1].kinds.is_empty());
    assert_eq!(ends[1].below, 4);
}

#[test]
fn check_refuses_an_extinction_of_an_unknown_piece_or_a_count_below_one() {
    let script = "variant \"Bad Ends\"\n  id bad-ends\nextends chess\n\nrules\n  a side with no dragon left loses\n  \
                  a side with fewer than 0 kings loses\n";
    let (code, report) = check_report("bad-ends.hole", script);
    assert_eq!(code, Some(2), "{report}");
    assert!(report.contains("the extinction rule names an unknown piece `dragon`"), "{report}");
    assert!(report.contains(":6:"), "the line of the rule: {report}");
    assert!(report.contains("`fewer than 0` can never apply"), "{report}");
}

#[test]
fn hp8_a_player_checkmated_on_its_board_has_no_pass_to_play() {
    // Portal Chess with one set: White's king on A is mated and White may not declare intent
    // in check, so the game is over and the legal actions agree: none, not a pass.
    let pos = common::position("portal-one-set", "1r2/4/4/4/4/4/1q2/K3|k3/4/4/4/4/4/4/4 w - - 0 1");
    assert_eq!(pos.status(), Status::Checkmate { winner: Side::Black });
    assert!(pos.legal_moves().is_empty(), "{:?}", common::moves(&pos));
}

#[test]
fn hp8_a_player_with_no_action_and_not_in_check_still_passes() {
    // White on A has only a king boxed in without check: it loses the turn (a pass); Black
    // on B has a move, so the game goes on.
    let pos = common::position("portal-one-set", "1r2/4/4/4/4/4/2q1/K3|k3/4/4/4/4/4/4/4 w - - 0 1");
    assert_eq!(pos.status(), Status::Ongoing);
    assert_eq!(common::moves(&pos), ["--"]);
}

#[test]
fn racing_kings_no_move_may_give_check() {
    let pos = at("racingkings.hole", "6r1/2K5/5k2/8/3R4/8/8/8 w - - 0 1");
    assert!(!common::has(&pos, "d4d6"), "the rook on d6 would check the king on f6");
    assert!(!common::has(&pos, "d4f4"), "the rook on f4 would check the king on f6");
    assert!(common::has(&pos, "d4d5"));
}

#[test]
fn racing_kings_black_replying_onto_the_goal_draws() {
    let mut pos = at("racingkings.hole", "8/1K3k2/8/8/8/8/8/8 w - - 0 1");
    common::play(&mut pos, "Kb8");
    assert_eq!(pos.status(), Status::Ongoing, "Black may still reach the eighth rank");
    assert!(common::has(&pos, "f7f6"), "every move of Black is legal, not only those to the goal");
    common::play(&mut pos, "Kf8");
    assert_eq!(pos.status(), Status::Draw { reason: "both sides reached the goal" });
    assert_eq!(pos.status().result(pos.side_to_move()), "1/2-1/2");
    assert!(pos.legal_moves().is_empty());
}

#[test]
fn racing_kings_black_missing_the_goal_on_its_reply_loses() {
    let mut pos = at("racingkings.hole", "8/1K3k2/8/8/8/8/8/8 w - - 0 1");
    common::play(&mut pos, "Kb8");
    common::play(&mut pos, "Kf6");
    assert_eq!(pos.status(), Status::Goal { winner: Side::White });
    assert!(pos.legal_moves().is_empty());
}

#[test]
fn racing_kings_white_wins_at_once_when_black_cannot_reach_the_goal() {
    let mut pos = at("racingkings.hole", "8/1K6/8/8/8/5k2/8/8 w - - 0 1");
    common::play(&mut pos, "Kb8");
    assert_eq!(pos.status(), Status::Goal { winner: Side::White });
    assert_eq!(holechess_kernel::perft::perft(&mut pos, 1), 0);
}

#[test]
fn racing_kings_black_arriving_first_wins_at_once() {
    let mut pos = at("racingkings.hole", "8/5k2/8/8/8/1K6/8/8 b - - 0 1");
    common::play(&mut pos, "Kf8");
    assert_eq!(pos.status(), Status::Goal { winner: Side::Black });
    assert_eq!(pos.status().result(pos.side_to_move()), "0-1");
    assert!(pos.legal_moves().is_empty());
}

#[test]
fn an_explosion_removes_the_capturer_and_the_pieces_around_it_but_pawns() {
    let mut pos = at("nocheckatomic.hole", "4k3/8/2p5/3pn3/3RP3/8/8/4K3 w - - 0 1");
    let before = pos.fen();
    assert_eq!(holechess_kernel::perft::perft(&mut pos, 3), holechess_kernel::perft::perft(&mut pos.clone(), 3));
    assert_eq!(pos.fen(), before, "unmake puts every exploded piece back");
    common::play(&mut pos, "exd5");
    for gone in ["d5", "e5", "d4"] {
        assert_eq!(common::piece_letter(&pos, gone), None, "{gone} is blown away");
    }
    assert_eq!(common::piece_letter(&pos, "c6"), Some('p'), "a pawn next to the blast stays");
}

#[test]
fn blowing_up_the_king_loses_no_check_atomic() {
    let mut pos = at("nocheckatomic.hole", "4k3/4p3/8/8/8/8/8/4R1K1 w - - 0 1");
    common::play(&mut pos, "Rxe7");
    assert!(matches!(pos.status(), Status::Extinction { side: Side::Black, winner: Side::White, .. }));
    assert_eq!(pos.status().result(pos.side_to_move()), "1-0");
    assert!(pos.legal_moves().is_empty());
}

#[test]
fn atomar_kings_survive_explosions_and_may_not_capture_each_other() {
    let pos = at("atomar.hole", "8/8/8/8/8/3k4/3K4/8 w - - 0 1");
    assert!(!common::has(&pos, "d2d3"), "a king may not capture a king");
    let mut pos = at("atomar.hole", "8/8/8/8/8/3k4/3p4/3K4 w - - 0 1");
    common::play(&mut pos, "Kxd2");
    assert_eq!(common::piece_letter(&pos, "d2"), Some('K'), "the capturing king is immune");
    assert_eq!(common::piece_letter(&pos, "d3"), Some('k'), "so is the king next to the blast");
}

#[test]
fn check_refuses_an_explosion_or_a_capture_ban_naming_an_unknown_piece() {
    let script =
        "variant \"Bad Blast\"\n  id bad-blast\nextends chess\n\nrules\n  captures explode, except dragons\n  \
                  a wyvern may not capture a king\n";
    let (code, report) = check_report("bad-blast.hole", script);
    assert_eq!(code, Some(2), "{report}");
    assert!(report.contains("the explosion rule names an unknown piece `dragons`"), "{report}");
    assert!(report.contains("the capture ban names an unknown piece `wyvern`"), "{report}");
}

#[test]
fn atomic_no_move_may_blow_up_the_movers_own_king() {
    let pos = at("atomic.hole", "4k3/8/8/8/8/3p4/3pK3/3R4 w - - 0 1");
    assert!(!common::has(&pos, "e2d2"), "a king that captures blows itself up");
    assert!(!common::has(&pos, "d1d2"), "a capture next to the own king blows it up");
}

#[test]
fn atomic_a_king_next_to_the_enemy_king_is_not_in_check() {
    let pos = at("atomic.hole", "4rr2/8/8/8/8/8/3kK3/8 w - - 0 1");
    assert_eq!(pos.status(), Status::Ongoing, "the rook on e8 attacks e2, next to the black king");
    assert!(common::has(&pos, "e2e3"), "on the rook's file, but next to the black king");
    assert!(common::has(&pos, "e2e1"), "on the rook's file, but next to the black king");
    assert!(!common::has(&pos, "e2f2"), "attacked by the rook on f8, away from the black king");
}

#[test]
fn atomic_blowing_up_the_enemy_king_is_legal_even_in_check() {
    let mut pos = at("atomic.hole", "4r2k/6p1/8/8/8/8/8/Q3K3 w - - 0 1");
    assert_eq!(common::moves_from(&pos, "a1"), ["a1e5", "a1g7"], "the block on e5, or the blast that wins");
    common::play(&mut pos, "Qxg7");
    assert!(matches!(pos.status(), Status::Extinction { side: Side::Black, winner: Side::White, .. }));
}

#[test]
fn atomic_a_pseudo_royal_king_attacked_with_no_move_is_checkmated() {
    let pos = at("atomic.hole", "k7/8/8/8/8/8/5PPP/r5K1 w - - 0 1");
    assert_eq!(pos.status(), Status::Checkmate { winner: Side::Black });
}

#[test]
fn check_refuses_a_royal_piece_that_is_also_pseudo_royal() {
    let script = "variant \"Twice Royal\"\n  id twice-royal\nextends chess\n\nrules\n  kings are pseudo-royal\n";
    let (code, report) = check_report("twice-royal.hole", script);
    assert_eq!(code, Some(2), "{report}");
    assert!(report.contains("`kings` is royal, so it cannot also be pseudo-royal"), "{report}");
}

#[test]
fn shatranj_a_bare_king_loses_unless_it_may_bare_the_other_back() {
    // Black takes White's last piece but the king: White is bare and Black keeps three.
    let mut pos = at("shatranj.hole", "r3k3/8/8/8/8/8/7p/R3K3 b - - 0 1");
    common::play(&mut pos, "Rxa1");
    assert!(matches!(pos.status(), Status::Extinction { side: Side::White, below: 2, winner: Side::Black, .. }));
    assert!(pos.legal_moves().is_empty());
    // Black keeps one piece beside its king: White, bare and to move, may still bare it.
    let mut pos = at("shatranj.hole", "r3k3/8/8/8/8/8/8/R3K3 b - - 0 1");
    common::play(&mut pos, "Rxa1");
    assert_eq!(pos.status(), Status::Ongoing, "White may bare Black in reply");
}

#[test]
fn shatar_a_bare_king_draws_at_once() {
    let mut pos = at("shatar.hole", "r3k3/8/8/8/8/8/8/R3K3 b - - 0 1");
    common::play(&mut pos, "Rxa1");
    assert!(matches!(pos.status(), Status::Draw { .. }), "{:?}", pos.status());
    assert_eq!(pos.status().result(pos.side_to_move()), "1/2-1/2");
    assert!(pos.legal_moves().is_empty());
}

#[test]
fn compulsory_capture_counts_a_capture_through_a_link() {
    let script =
        "variant \"Compulsory Links\"\n  id compulsory-links\nextends chess\n\nlinks\n  a3 = h6\n  h3 = a6\n  \
                  entered on landing\n\nrules\n  capturing is compulsory\n";
    let path = temp_file("compulsory-links.hole", script);
    let rules = common::rules(path.to_str().unwrap());
    let pos = Position::from_fen(rules.variant(), "4k3/8/8/8/8/p7/8/1N2K3 w - - 0 1").unwrap();
    assert_eq!(common::moves(&pos), ["b1a3>h6"], "the knight takes on a3 and goes on to h6");
}
