//! Howe's two-board Portal Chess (docs/rules.md HP1-HP9) through `variants/portal.hole` and
//! `variants/portal-one-set.hole`: turns, simultaneity, intents, teleports, portal check.

use holechess_kernel::notation::{lan, parse_move, strip_board_names};
use holechess_kernel::{Position, Side, Status};
use holechess_runtime::PlayableVariant;

fn position(id: &str, fen: &str) -> Position {
    let rules = PlayableVariant::load(id).unwrap_or_else(|e| panic!("{id}: {e}"));
    Position::from_fen(rules.variant(), fen).unwrap_or_else(|e| panic!("{fen}: {e}"))
}

fn start(id: &str) -> Position {
    PlayableVariant::load(id).unwrap().start_position()
}

fn moves(pos: &Position) -> Vec<String> {
    let mut v: Vec<String> = pos.legal_moves().iter().map(|&m| lan(pos, m)).collect();
    v.sort();
    v
}

fn play(pos: &mut Position, text: &str) {
    let mv = parse_move(pos, text).unwrap_or_else(|e| panic!("{text}: {e} in {}", pos.fen()));
    pos.play_unchecked(mv);
}

fn at(pos: &Position, square: &str) -> Option<(Side, char)> {
    let sq = pos.geometry().parse_square_anywhere(square).unwrap();
    pos.piece_at(sq).map(|p| (p.side, pos.variant().piece(p.kind).letter))
}

const ROOK_ON_A4: &str = "rnbq1bnr/pppppppp/8/8/R7/8/1PPPPPPP/1NBQKBNR|rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQ1BNR";

#[test]
fn hp1_two_boards_each_missing_one_king() {
    let pos = start("portal");
    assert_eq!(pos.geometry().boards(), 2);
    assert_eq!(at(&pos, "A:e1"), Some((Side::White, 'K')));
    assert_eq!(at(&pos, "A:e8"), None);
    assert_eq!(at(&pos, "B:e8"), Some((Side::Black, 'K')));
    assert_eq!(at(&pos, "B:e1"), None);
    assert_eq!(pos.variant().links_of(pos.geometry().parse_square_anywhere("A:h5").unwrap()).count(), 1);
}

#[test]
fn hp2_players_switch_boards_and_moves_of_a_turn_are_simultaneous() {
    let mut pos = start("portal");
    assert_eq!(pos.board_to_move(), Some(0), "turn 1: White on A");
    play(&mut pos, "e4");
    assert_eq!(pos.board_to_move(), Some(1), "turn 1: Black on B");
    assert_eq!(at(&pos, "A:e4"), None, "White's move waits for Black's");
    assert_eq!(moves(&pos).len(), 20);
    play(&mut pos, "d5");
    assert_eq!(at(&pos, "A:e4"), Some((Side::White, 'P')));
    assert_eq!(at(&pos, "B:d5"), Some((Side::Black, 'P')));
    assert_eq!(pos.board_to_move(), Some(1), "turn 2: White on B");
    play(&mut pos, "Nf3");
    assert_eq!(pos.board_to_move(), Some(0), "turn 2: Black on A");
    let round_trip = Position::from_fen(pos.variant(), &pos.fen()).unwrap();
    assert_eq!(round_trip.fen(), pos.fen(), "the pending action is part of the position notation");
    assert_eq!(moves(&round_trip), moves(&pos));
}

#[test]
fn hp3_intent_needs_a_piece_on_a_portal_and_no_check() {
    let pos = position("portal", &format!("{ROOK_ON_A4} w Kkq - 0 1"));
    assert!(moves(&pos).contains(&"@".to_string()));
    let without = start("portal");
    assert!(!moves(&without).contains(&"@".to_string()));
    // White king in check on A (rook on a4, black queen checking from e7 down the open file).
    let checked = position(
        "portal",
        "rnb2bnr/ppppqppp/8/8/R7/8/1PPP1PPP/1NBQKBNR|rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQ1BNR w kq - 0 1",
    );
    assert!(!moves(&checked).contains(&"@".to_string()), "no intent while in check on that board");
}

#[test]
fn hp4_teleport_the_next_turn_through_the_link() {
    let mut pos = position("portal", &format!("{ROOK_ON_A4} w Kkq - 0 1"));
    play(&mut pos, "@");
    play(&mut pos, "e5");
    assert!(pos.must_teleport(Side::White));
    assert_eq!(moves(&pos), vec!["@a4"], "the teleport is the only action");
    play(&mut pos, "@a4");
    play(&mut pos, "a5");
    assert_eq!(at(&pos, "A:a4"), None);
    assert_eq!(at(&pos, "B:a4"), Some((Side::White, 'R')), "the rook crossed to B");
    assert!(!pos.must_teleport(Side::White));
}

#[test]
fn hp4_captures_on_the_link_and_a_lost_turn_when_nothing_can_cross() {
    // A black knight waits on B:a4: the teleport captures it.
    let mut pos = position(
        "portal",
        "rnbq1bnr/pppppppp/8/8/R7/8/1PPPPPPP/1NBQKBNR|r1bqkbnr/pppppppp/8/8/n7/8/PPPPPPPP/RNBQ1BNR w Kkq - 0 2 - w@",
    );
    play(&mut pos, "@a4");
    play(&mut pos, "e5");
    assert_eq!(at(&pos, "B:a4"), Some((Side::White, 'R')));
    // A friendly piece on the link forbids the choice; with no choice the turn is lost.
    let blocked = position(
        "portal",
        "rnbq1bnr/pppppppp/8/8/R7/8/1PPPPPPP/1NBQKBNR|rnbqkbnr/pppppppp/8/8/N7/8/PPPPPPPP/R1BQ1BNR w Kkq - 0 2 - w@",
    );
    assert_eq!(moves(&blocked), vec!["--"]);
}

#[test]
fn hp4_two_crossing_teleports_swap_without_capturing() {
    // White's rook on A:a4 and Black's knight on B:a4 both teleport in turn 2.
    let mut pos = position(
        "portal",
        "rnbq1bnr/pppppppp/8/8/R7/8/1PPPPPPP/1NBQKBNR|r1bqkbnr/pppppppp/8/8/n7/8/PPPPPPPP/RNBQ1BNR w Kkq - 0 2 - w@,b@",
    );
    play(&mut pos, "@a4");
    play(&mut pos, "@a4");
    assert_eq!(at(&pos, "B:a4"), Some((Side::White, 'R')));
    assert_eq!(at(&pos, "A:a4"), Some((Side::Black, 'N')));
}

#[test]
fn hp6_portal_check_limits_the_king() {
    // A black rook stands on B:a4; the white king on A:b4 may not step onto A:a4.
    let pos = position(
        "portal",
        "rnbq1bnr/pppppppp/8/8/1K6/8/PPPPPPPP/RNBQ1BNR|1nbqkbnr/pppppppp/8/8/r7/8/PPPPPPPP/RNBQ1BNR w k - 0 1",
    );
    assert!(!moves(&pos).iter().any(|m| m == "b4a4"), "{:?}", moves(&pos));
    // The white king on A:a4 with a black rook on B:a4 is in check and must move.
    let checked = position(
        "portal",
        "rnbq1bnr/pppppppp/8/8/K7/8/PPPPPPPP/RNBQ1BNR|1nbqkbnr/pppppppp/8/8/r7/8/PPPPPPPP/RNBQ1BNR w k - 0 1",
    );
    assert!(checked.is_check());
    assert!(moves(&checked).iter().all(|m| m.starts_with("a4")), "{:?}", moves(&checked));
}

#[test]
fn hp6_a_move_on_the_other_board_is_not_limited_by_the_king() {
    // Turn 2: White moves on B while its king (on A) stands in portal check.
    let pos = position(
        "portal",
        "rnbq1bnr/pppppppp/8/8/K7/8/PPPPPPPP/RNBQ1BNR|1nbqkbnr/pppppppp/8/8/r7/8/PPPPPPPP/RNBQ1BNR w k - 0 2",
    );
    assert_eq!(pos.board_to_move(), Some(1));
    assert!(moves(&pos).len() > 10);
}

#[test]
fn hp7_en_passant_on_each_board_on_the_next_action_there() {
    // Turn 1: White double-steps on A, Black on B, simultaneously.
    let mut pos = position("portal", "8/8/8/8/3p4/8/4P3/4K3|4k3/3p4/8/4P3/8/8/8/8 w - - 0 1");
    play(&mut pos, "e4");
    play(&mut pos, "d5");
    assert_eq!(pos.fen().split(' ').nth(3), Some("A:e3,B:d6"), "one en-passant square per board");
    // Turn 2: White (on B) takes en passant; Black (on A) may too.
    assert!(moves(&pos).contains(&"e5d6".to_string()), "{:?}", moves(&pos));
    play(&mut pos, "e5d6");
    assert!(moves(&pos).contains(&"d4e3".to_string()), "{:?}", moves(&pos));
    play(&mut pos, "d4e3");
    assert_eq!(at(&pos, "B:d5"), None, "White's en passant took the B pawn");
    assert_eq!(at(&pos, "A:e4"), None, "Black's en passant took the A pawn");
}

#[test]
fn hp8_a_player_with_no_action_passes_and_both_passing_draws() {
    let pos = start("portal");
    assert_eq!(pos.status(), Status::Ongoing);
    // White's king on A and Black's on B are both stalemated by a queen: both must pass.
    let stuck = position("portal", "8/8/8/8/8/1q6/8/K7|k7/8/1Q6/8/8/8/8/8 w - - 0 1");
    assert_eq!(moves(&stuck), vec!["--"]);
    assert!(matches!(stuck.status(), Status::Draw { .. }), "{:?}", stuck.status());
}

#[test]
fn hp8_checkmate_on_the_board_to_move() {
    // White king on A:h1 mated by rooks; White moves on A this turn.
    let mated = position("portal", "6k1/8/8/8/8/8/1r6/r6K|8/8/8/8/8/8/8/8 w - - 0 1");
    assert_eq!(mated.status(), Status::Checkmate { winner: Side::Black });
}

#[test]
fn hp9_one_set_boards_are_4x8_and_linked_at_the_edges() {
    let pos = start("portal-one-set");
    assert_eq!((pos.geometry().files, pos.geometry().ranks), (4, 8));
    assert_eq!(moves(&pos).len(), 10);
    let a4 = pos.geometry().parse_square_anywhere("A:a4").unwrap();
    let linked: Vec<String> = pos.variant().links_of(a4).map(|s| pos.geometry().name_on_board(s)).collect();
    assert_eq!(linked, vec!["B:h4"], "A1=a4 <-> B1=h4");
    assert!(pos.castling_rights().iter().flatten().all(Option::is_none), "HP9: no castling");
}

#[test]
fn hp9_side_b_shows_its_physical_files_e_to_h_and_reads_its_own_a_to_d_too() {
    let pos = start("portal-one-set");
    let g = pos.geometry();
    assert_eq!(g.name_on_board(g.parse_square_anywhere("B:a4").unwrap()), "B:e4");
    assert_eq!(g.parse_square_anywhere("B:h5"), g.parse_square_anywhere("B:d5"));
    let mut after_a3 = pos.clone();
    play(&mut after_a3, "a3");
    let black = moves(&after_a3);
    assert!(black.contains(&"f7f6".to_string()) && !black.contains(&"b7b6".to_string()), "{black:?}");
    let (mut physical, mut within) = (after_a3.clone(), after_a3);
    play(&mut physical, "f6");
    play(&mut within, "b6");
    assert_eq!(physical.fen(), within.fen(), "f6 and b6 are the same move on side B");
}

#[test]
fn hp5_a_teleport_may_expose_the_king_on_the_board_it_leaves() {
    // A: the white rook on a5 shields the white king on a1 from the black rook on a8.
    let mut pos = position("portal", "r7/8/8/R7/8/8/8/K7|4k3/8/8/8/8/8/8/8 w - - 0 2 - w@");
    assert_eq!(moves(&pos), vec!["@a5"], "lifting the shield is allowed");
    play(&mut pos, "@a5");
    play(&mut pos, "Rb8");
    assert_eq!(at(&pos, "B:a5"), Some((Side::White, 'R')));
    assert_eq!(at(&pos, "A:a5"), None);
}

#[test]
fn hp5_hp8_a_teleport_may_not_leave_the_king_in_check_and_the_obliged_player_is_not_mated() {
    // White's king on B:a1 is in check from B:h1; landing on B:a4 does not help: the turn
    // is lost, and a player obliged to teleport is never checkmated.
    let pos = position("portal", "4k3/8/8/8/R7/8/8/8|8/8/8/8/8/8/8/K6r w - - 0 2 - w@");
    assert!(pos.is_check());
    assert_eq!(moves(&pos), vec!["--"]);
    assert_eq!(pos.status(), Status::Ongoing);
}

#[test]
fn a_board_prefix_after_a_multibyte_character_is_an_error_not_a_panic() {
    // Found by the black-box fuzzer: `\u{FFFD}:` in the REPL of portal sliced a string
    // inside the character before the colon.
    let pos = start("portal");
    for text in ["\u{FFFD}:", "é:e2e4", ":e2e4"] {
        let err = strip_board_names(&pos, text).expect_err(text);
        assert!(err.contains("a board's name must stand right before `:`"), "{text}: {err}");
    }
    let err = strip_board_names(&pos, "éC:e2e4").unwrap_err();
    assert!(err.contains("`C` is not a board here (the boards are A and B)"), "{err}");
    assert_eq!(strip_board_names(&pos, "\u{FFFD}A:e2e4").as_deref(), Ok("\u{FFFD}e2e4"));
    assert!(parse_move(&pos, "\u{FFFD}e2e4").is_err());
}
