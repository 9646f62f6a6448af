//! docs/rules.md K1-K9 (the whole kernel), through the bundled scripts and the game layer.

mod common;

use common::*;
use holechess_kernel::notation::parse_move;
use holechess_kernel::perft::perft;
use holechess_kernel::spec::StalemateRule;
use holechess_kernel::{DrawClaim, Position, Side, Status};
use holechess_runtime::GameError;

#[test]
fn k1_a_move_may_not_leave_the_movers_king_attacked() {
    // The knight on e2 is pinned by the rook on e8; the rook on d8 guards d1 and d2.
    let pos = position("chess", "3rr1k1/8/8/8/8/8/4N3/4K3 w - - 0 1");
    assert!(moves_from(&pos, "e2").is_empty(), "{:?}", moves(&pos));
    assert_eq!(moves(&pos), vec!["e1f1", "e1f2"]);
    // The same in porthole: the pin holds whatever the tokens elsewhere.
    let pos = position("porthole", "3rr1k1/8/8/8/8/8/4N3/4K3 w - - 0 1 porthole=a6,h6");
    assert_eq!(moves(&pos), vec!["e1f1", "e1f2"]);
}

#[test]
fn k1_kings_are_never_captured() {
    // A given position with the side not to move in check (K8): the king is not taken.
    for id in ["chess", "porthole", "pothole", "wormhole"] {
        let pos = position(id, "4k3/8/8/8/8/8/8/4RK2 w - - 0 1");
        assert!(!has(&pos, "e1e8"), "{id}: {:?}", moves(&pos));
        assert!(has(&pos, "e1e7"), "{id}");
    }
}

#[test]
fn k2_events_come_after_the_move_promotion_included() {
    // The pawn promotes on e8, then the pot-hole opens there and the new queen is lost.
    let mut g = game("pothole", Some("k7/4P3/8/8/8/8/8/K7 w - - 0 1"));
    let ply = play_dice(&mut g, "e7e8q", &[2, 5, 8]);
    assert_eq!(ply.san, "e8=Q+");
    assert!(ply.notes.iter().any(|n| n.contains("queen")), "{:?}", ply.notes);
    let pos = g.position();
    assert_eq!(piece_letter(pos, "e8"), None);
    assert!(tokens(pos, "e8").is_some(), "the effect applies at once, before Black moves");
    assert!(!has(pos, "a8b8") || !pos.is_check(), "the lost queen gives no check");
    assert!(!pos.is_check());
}

#[test]
fn k3_an_event_may_leave_the_movers_king_in_check_and_the_position_stands() {
    // The pot-hole on e2 closes after White's ply (PT4): the rook on e7 then checks White.
    let mut g = game("pothole", Some("k7/4r3/8/8/8/8/7P/4K3 w - - 0 1 pothole=e2(1)"));
    play_dice(&mut g, "h2h3", &[1]);
    let pos = g.position().clone();
    assert_eq!(pos.side_to_move(), Side::Black);
    assert!(pos.royal_attacked(Side::White), "the check against the side that just moved stands");
    assert!(!pos.is_check(), "Black is not in check");
    assert_eq!(pos.status(), Status::Ongoing, "the side that just moved is not judged");
    // Black answers only checks against its own king: any move, but never the capture of the king.
    assert!(!has(&pos, "e7e1"));
    assert!(has(&pos, "a8b8") && has(&pos, "e7e2"));
    play_dice(&mut g, "a8b8", &[1]);
    // White must now get out of the check.
    let pos = g.position();
    assert!(pos.is_check());
    assert!(!has(pos, "h3h4"));
    assert_eq!(moves(pos), vec!["e1d1", "e1d2", "e1f1", "e1f2"]);
}

#[test]
fn k3_a_side_left_in_check_by_an_event_that_cannot_escape_is_mated_on_its_turn() {
    // The hole on b1 closes after White's ply: the rook on a1 then mates the king on h1
    // once Black has moved (K9: judged after the ply's events).
    let mut g = game("pothole", Some("k7/8/8/8/8/8/P5PP/r6K w - - 0 1 pothole=b1(1)"));
    assert!(!g.position().is_check());
    play_dice(&mut g, "a2a3", &[1]);
    assert!(g.position().royal_attacked(Side::White));
    assert_eq!(g.status(), Status::Ongoing);
    play_dice(&mut g, "a8b8", &[1]);
    assert_eq!(g.status(), Status::Checkmate { winner: Side::Black });
}

#[test]
fn k3_the_side_to_move_must_answer_a_check_an_event_gave_it() {
    // The hole on e5 closes after White's ply: the rook on e1 checks the king on e8.
    let mut g = game("pothole", Some("4k3/8/8/8/8/8/7P/4RK2 w - - 0 1 pothole=e5(1)"));
    play_dice(&mut g, "h2h3", &[1]);
    let pos = g.position();
    assert!(pos.is_check());
    assert_eq!(moves(pos), vec!["e8d7", "e8d8", "e8f7", "e8f8"]);
}

#[test]
fn k4_every_die_is_in_the_record_and_a_ply_without_its_outcomes_is_invalid() {
    let mut g = game("wormhole", None);
    let e4 = parse_move(g.position(), "e4").unwrap();
    assert!(g.play_recorded(e4, &[3]).is_err(), "two d8 are required");
    assert!(g.play_recorded(e4, &[3, 3, 1]).is_err(), "a surplus outcome");
    assert!(g.play_recorded(e4, &[3, 9]).is_err(), "a d8 cannot show 9");
    assert!(g.plies().is_empty(), "invalid plies leave the game untouched");
    let ply = play_dice(&mut g, "e4", &[3, 3]);
    assert_eq!(faces(ply), vec![3, 3]);
    assert!(ply.rolls.iter().all(|r| r.sides == 8));
    // A variant without dice takes no outcomes.
    let mut chess = game("chess", None);
    let e4 = parse_move(chess.position(), "e4").unwrap();
    assert_eq!(chess.play_recorded(e4, &[1]).unwrap_err(), GameError::UnexpectedDice);
    assert!(chess.play_recorded(e4, &[]).is_ok());
}

#[test]
fn k4_k5_seeded_rolls_are_logged_and_in_range() {
    let mut g = holechess_runtime::Game::seeded(rules("pothole"), 11);
    for _ in 0..20 {
        let mv = g.position().legal_moves().as_slice()[0];
        let ply = g.play(mv).unwrap();
        let rolls = &ply.rolls;
        assert!(!rolls.is_empty(), "PT1: a d6 after every ply");
        assert_eq!(rolls[0].sides, 6);
        assert!((1..=6).contains(&rolls[0].value));
        assert!(rolls[1..].iter().all(|r| r.sides == 8 && (1..=8).contains(&r.value)));
        assert_eq!(rolls.len() % 2, 1, "a d6, then pairs of d8");
    }
}

#[test]
fn k5_two_d8_name_file_then_rank() {
    let mut g = game("pothole", None);
    play_dice(&mut g, "e4", &[2, 3, 7]);
    let pos = g.position();
    assert!(tokens(pos, "c7").is_some(), "first die file c, second rank 7");
    assert_eq!(piece_letter(pos, "c7"), None, "the pawn on c7 is lost");
    assert!(tokens(pos, "g3").is_none());
    let mut g = game("wormhole", None);
    play_dice(&mut g, "e4", &[1, 8]);
    assert!(tokens(g.position(), "a8").is_some(), "a8: a dormant wormhole under the rook");
    assert_eq!(piece_letter(g.position(), "a8"), Some('r'));
    // A d6 shows 1..6 only.
    let mut g = game("pothole", None);
    let e4 = parse_move(g.position(), "e4").unwrap();
    assert!(g.play_recorded(e4, &[0]).is_err());
    assert!(g.play_recorded(e4, &[7]).is_err());
}

#[test]
fn k6_perft_counts_a_transit_once_per_exit_and_a_promotion_once_per_piece() {
    // The knight on a1 enters b3 or c2; each has three exits (the other, d5, h8). King: 5.
    let mut pos = position("porthole", "4k3/8/8/8/8/8/8/N3K3 w - - 0 1 porthole=b3,c2,d5,h8");
    let m = moves(&pos);
    assert_eq!(m.iter().filter(|t| t.starts_with("a1")).count(), 6, "{m:?}");
    assert!(m.contains(&"a1b3>c2".to_string()) && m.contains(&"a1c2>b3".to_string()));
    assert_eq!(perft(&mut pos, 1), 11);
    // Promotion: four pieces in chess and porthole, one in standard portal (SP6).
    // (Standard portal positions always hold exactly 8 portals, SP1/SP4.)
    for (id, n, tokens) in
        [("chess", 9, ""), ("porthole", 9, ""), ("standard-portal", 6, " portal=c3,f3,c6,f6,a4,h4,a5,h5")]
    {
        let mut pos = position(id, &format!("4k3/P7/8/8/8/8/8/4K3 w - - 0 1{tokens}"));
        assert_eq!(perft(&mut pos, 1), n, "{id}: {:?}", moves(&pos));
    }
    // The double step and the single step share e3: e2e3 is one move.
    let pos = position("chess", "4k3/8/8/8/8/8/4P3/4K3 w - - 0 1");
    assert_eq!(moves_from(&pos, "e2"), vec!["e2e3", "e2e4"]);
}

#[test]
fn k6_perft_never_rolls_dice() {
    // Pot-hole and wormhole start positions count exactly as orthodox chess (no events).
    for id in ["pothole", "wormhole"] {
        let mut pos = rules(id).start_position();
        assert_eq!(perft(&mut pos, 3), 8902, "{id}");
        assert_eq!(pos.token_squares().count(), 0);
    }
}

#[test]
fn k7_stalemate_is_a_draw_in_every_single_board_variant() {
    let fen = "7k/5Q2/6K1/8/8/8/8/8 b - - 0 1";
    let far = " a1,b1,c1,d1,a2,b2,c2,d2";
    for (id, tokens) in [
        ("chess", String::new()),
        ("porthole", format!(" porthole={}", &far[1..])),
        ("standard-portal", format!(" portal={}", &far[1..])),
        ("pothole", String::new()),
        ("wormhole", String::new()),
    ] {
        let pos = position(id, &format!("{fen}{tokens}"));
        assert_eq!(pos.status(), Status::Stalemate { rule: StalemateRule::Draw }, "{id}");
        assert!(pos.status().is_over());
        assert_eq!(pos.status().result(Side::Black), "1/2-1/2");
    }
}

#[test]
fn k7_the_fifty_move_rule_is_claimable_where_orthodox_rules_are_kept() {
    for id in ["chess", "porthole", "pothole", "wormhole"] {
        let at = |clock: u32| position(id, &format!("4k3/8/8/8/8/8/8/4K2R w - - {clock} 80"));
        assert_eq!(at(100).claimable_draw(), Some(DrawClaim::FiftyMoves), "{id}");
        assert_eq!(at(99).claimable_draw(), None, "{id}");
        assert_eq!(at(100).status(), Status::Ongoing, "{id}: claimable, not automatic");
    }
    // SP8: not in standard portal.
    let sp = position("standard-portal", "4k3/8/8/8/8/8/8/4K2R w - - 120 80 portal=a3,b3,c3,d3,a6,b6,c6,d6");
    assert_eq!(sp.claimable_draw(), None);
}

#[test]
fn k7_the_repeated_position_includes_every_token_and_timer() {
    // Knights shuffle; a pot-hole opens on a3 after ply 1 and closes after ply 3. The piece
    // placement after plies 1 and 5 is the same, but only the later has no hole.
    let mut g = game("pothole", None);
    let shuffle = ["Nh3", "Nh6", "Ng1", "Ng8"];
    let mut repetitions = Vec::new();
    for (i, mv) in shuffle.iter().chain(shuffle.iter()).enumerate() {
        let dice: &[u32] = if i == 0 { &[2, 1, 3] } else { &[1] };
        play_dice(&mut g, mv, dice);
        repetitions.push(g.position().repetitions());
    }
    assert_eq!(repetitions, vec![0, 0, 0, 1, 0, 0, 1, 2]);
    assert_eq!(g.position().claimable_draw(), Some(DrawClaim::Repetition));
    // The same placement with a different token or timer is another position.
    let a = position("pothole", "4k3/8/8/8/8/8/8/4K3 w - - 0 1 pothole=e5(2)");
    let b = position("pothole", "4k3/8/8/8/8/8/8/4K3 w - - 0 1 pothole=e5(1)");
    let c = position("pothole", "4k3/8/8/8/8/8/8/4K3 w - - 0 1");
    assert_ne!(a.hash(), b.hash());
    assert_ne!(b.hash(), c.hash());
}

#[test]
fn k7_no_repetition_claim_in_standard_portal() {
    let mut pos = position("standard-portal", "4k1n1/8/8/8/8/8/8/4K1N1 w - - 0 1 portal=a3,b3,c3,d3,a6,b6,c6,d6");
    for mv in ["Nh3", "Nh6", "Ng1", "Ng8"].iter().cycle().take(8) {
        play(&mut pos, mv);
    }
    assert_eq!(pos.repetitions(), 2);
    assert_eq!(pos.claimable_draw(), None, "SP8");
}

#[test]
fn k8_a_given_position_may_leave_the_side_not_to_move_in_check() {
    let pos = position("chess", "4k3/8/8/8/8/8/8/4RK2 w - - 0 1");
    assert!(pos.royal_attacked(Side::Black));
    assert!(!pos.is_check());
    assert_eq!(pos.status(), Status::Ongoing);
}

#[test]
fn k8_tokens_may_lie_under_pieces_and_a_square_listed_twice_is_a_stack() {
    let pos = position("porthole", "4k3/8/8/8/8/8/8/4K3 w - - 0 1 porthole=e1,e8,c3");
    assert!(tokens(&pos, "e1").is_some() && tokens(&pos, "e8").is_some());
    assert_eq!(piece_letter(&pos, "e1"), Some('K'));
    let porthole = rules("porthole");
    let read = |fen: &str| Position::from_fen(porthole.variant(), fen).unwrap();
    let twice = read("4k3/8/8/8/8/8/8/4K3 w - - 0 1 porthole=c3,c3,f6");
    let starred = read("4k3/8/8/8/8/8/8/4K3 w - - 0 1 porthole=c3*2,f6");
    assert_eq!(tokens(&twice, "c3").unwrap().count, 2);
    assert_eq!(twice.fen(), starred.fen());
    assert_eq!(twice.hash(), starred.hash());
    assert!(twice == starred, "the same position");
    assert_eq!(twice.fen(), "4k3/8/8/8/8/8/8/4K3 w - - 0 1 porthole=c3*2,f6");
}

#[test]
fn k8_a_pawn_on_its_second_rank_counts_as_never_moved() {
    // Whatever the move number, the pawn on e2 may double-step (porthole keeps the double
    // step for unmoved pawns only, PH11).
    let pos = position("porthole", "4k3/8/8/8/8/8/4P3/4K3 w - - 0 60 porthole=a6");
    assert!(has(&pos, "e2e4"));
}

#[test]
fn k8_no_automatic_seventy_five_move_rule() {
    let mut g = game("chess", Some("4k3/8/8/8/8/8/8/4K2R w - - 150 120"));
    assert_eq!(g.status(), Status::Ongoing);
    assert_eq!(g.position().claimable_draw(), Some(DrawClaim::FiftyMoves));
    assert!(g.play_text("Rh2").is_ok());
}

#[test]
fn k9_no_move_after_checkmate() {
    let mut g = game("chess", None);
    for mv in ["f3", "e5", "g4", "Qh4#"] {
        g.play_text(mv).unwrap();
    }
    assert_eq!(g.status(), Status::Checkmate { winner: Side::Black });
    let any = parse_move(&Position::start(g.rules().variant()), "e4").unwrap();
    assert!(matches!(g.play(any), Err(GameError::GameOver(_))));
    assert!(matches!(g.play_text("a3"), Err(GameError::GameOver(_))));
}

#[test]
fn k9_no_move_after_stalemate() {
    let mut g = game("porthole", Some("7k/8/6K1/8/8/8/8/5Q2 w - - 0 1 porthole=a1,b1"));
    g.play_text("Qf7").unwrap();
    assert!(matches!(g.status(), Status::Stalemate { .. }));
    assert!(matches!(g.play_text("Kh7"), Err(GameError::GameOver(_))));
}

#[test]
fn k9_game_over_is_judged_after_the_plys_events() {
    // White's quiet move is followed by the pot-hole on b8 closing: the rook on a8 then
    // mates. Black may not move, even with dice.
    let mut g = game("pothole", Some("R6k/6pp/8/8/8/8/8/K7 w - - 0 1 pothole=b8(1)"));
    assert!(!g.position().royal_attacked(Side::Black));
    play_dice(&mut g, "Ka2", &[1]);
    assert_eq!(g.status(), Status::Checkmate { winner: Side::White });
    assert!(matches!(g.play_text("g6"), Err(GameError::GameOver(_))));
    assert!(matches!(g.play_recorded(holechess_kernel::Move::Pass, &[1]), Err(GameError::GameOver(_))));
}
