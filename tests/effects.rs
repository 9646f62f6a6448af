//! The one model of square effects (docs/rule-language.md, "What a token does"): behaviours
//! combined in one variant each keep their meaning, combinations the engine cannot play are
//! refused by `check` at the declaration, move lists are never cut, and timed tokens run
//! down in every turn schedule (K8).

mod common;

use std::path::PathBuf;

use common::binary::{holechess, stderr};
use common::*;
use holechess_kernel::perft::perft;
use holechess_kernel::testing::RawEdits;
use holechess_kernel::Position;

fn example(file: &str) -> String {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("examples").join(file).to_string_lossy().into_owned()
}

/// A porthole variant whose script also declares wormholes: the portholes still transit
/// (PH2-PH4), with or without a wormhole on the board.
#[test]
fn ph3_ph4_portholes_transit_beside_wormholes() {
    let script = example("porthole-wormhole.hole");
    let alone = position(&script, "4k3/8/8/8/8/8/8/R3K3 w - - 0 1 porthole=a4,f6");
    assert_eq!(moves_from(&alone, "a1a"), ["a1a2", "a1a3", "a1a4>f6"]);
    let bundled = position("porthole", "4k3/8/8/8/8/8/8/R3K3 w - - 0 1 porthole=a4,f6");
    assert_eq!(moves(&alone), moves(&bundled), "the same moves as the bundled porthole");
    let beside = position(&script, "4k3/8/8/8/8/8/8/R3K3 w - - 0 1 porthole=a4,f6;wormhole=h8");
    assert_eq!(moves_from(&beside, "a1a"), ["a1a2", "a1a3", "a1a4>f6"]);
}

/// WH3/WH4 and PH3 on one line: the rook skips a wormhole on a2, or tunnels a2 -> a3, and
/// either way its capture-move reaches the porthole on a4 and enters it.
#[test]
fn wh4_ph3_a_tunnel_leads_into_a_porthole() {
    let script = example("porthole-wormhole.hole");
    let pos = position(&script, "4k3/8/8/8/8/8/8/R3K3 w - - 0 1 porthole=a4,f6,a6;wormhole=a2,a3");
    assert_eq!(moves_from(&pos, "a1a"), ["a1a4>a6", "a1a4>f6"]);
}

/// PH9 beside wormholes: a king on a porthole is attacked through it only while another
/// open porthole exists.
#[test]
fn ph9_check_through_a_porthole_beside_wormholes() {
    let script = example("porthole-wormhole.hole");
    let open_exit = position(&script, "R2k4/8/8/8/8/8/8/4K3 b - - 0 1 porthole=d8,h3;wormhole=b2");
    let no_exit = position(&script, "R2k4/8/8/8/8/8/8/4K3 b - - 0 1 porthole=d8;wormhole=b2");
    assert!(open_exit.is_check(), "a8 could enter d8 and leave by h3");
    assert!(!no_exit.is_check(), "PH9: no open porthole elsewhere, so no capture-move onto d8");
}

/// A combination the engine cannot play is refused where it is declared, with the reason.
#[test]
fn check_refuses_an_absent_square_that_exists_for_nobody() {
    let dir = std::env::temp_dir().join(format!("holechess-effects-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("void.hole");
    let script = "variant \"Void\"\n  id void\nextends chess\ntoken void\n  absent\n  shown as ~\n";
    std::fs::write(&path, script).unwrap();
    let out = holechess(&["check", path.to_str().unwrap()], "");
    let err = stderr(&out) + &common::binary::stdout(&out)[..];
    assert_eq!(out.status.code(), Some(2), "{err}");
    assert!(err.contains("void.hole:4:"), "file:line:col of the token: {err}");
    assert!(err.contains("absent for royal pieces too"), "the reason: {err}");
}

/// Seven queens and portholes on all 55 empty squares have more than 2048 moves;
/// none is dropped (the count is the reference generator's, tests/differential.rs).
#[test]
fn k6_no_move_list_is_cut() {
    let squares = "a1,b1,c1,d1,e1,f1,g1,a2,b2,c2,d2,e2,f2,g2,h2,a3,c3,d3,f3,g3,h3,a4,b4,c4,d4,e4,f4,h4,a5,c5,d5,\
                   f5,g5,h5,a6,b6,c6,d6,e6,f6,g6,h6,a7,b7,d7,e7,f7,h7,b8,c8,d8,e8,f8,g8,h8";
    let fen = format!("k7/2Q3Q1/8/1Q2Q3/6Q1/8/1Q2Q3/7K w - - 0 1 porthole={squares}");
    let mut pos = position("porthole", &fen);
    assert_eq!(pos.legal_moves().len(), 3061);
    assert_eq!(perft(&mut pos, 1), 3061);
}

/// K8 (revised): in a two-board game each player's action is a ply, so a token lasting two
/// plies is gone after White's and Black's actions of one turn.
#[test]
fn k8_timed_tokens_run_down_in_a_two_board_game() {
    let script = "variant \"Portal with pits\"\n  id portal-pits\nextends portal\ninclude hole-mechanics\n\
                  token pothole\n  behaves as pit\n  shown as %\n  lasts 2 plies\n";
    let variant = holechess_lang::load_str("portal-pits.hole", script).expect("loads").variant;
    let fen = "rnbq1bnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR|rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQ1BNR w KQkq - 0 1";
    let mut pos = Position::from_fen(&variant, fen).unwrap();
    let e5 = pos.geometry().square_of(holechess_kernel::spec::SquareRef::new(0, 4, 4)).unwrap();
    pos.add_token(e5, variant.token_by_name("pothole").unwrap());
    let before = pos.clone();
    let white = pos.legal_moves().as_slice()[0];
    let undo_white = pos.make(white);
    assert_eq!(pos.tokens_at(e5).map(|t| t.timer), Some(1), "one ply left after White's action");
    let black = pos.legal_moves().as_slice()[0];
    let undo_black = pos.make(black);
    assert_eq!(pos.tokens_at(e5), None, "closed after the second ply");
    pos.unmake(undo_black);
    pos.unmake(undo_white);
    assert_eq!(pos, before, "unmake restores the timer");
    assert_eq!(pos.hash(), pos.computed_hash());
}
