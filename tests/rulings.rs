//! The worked examples of docs/rules.md and rulings they exercise, run through the bundled
//! variant scripts and the game layer (dice from the record, as in validation).

use holechess_kernel::notation::{lan, parse_move};
use holechess_kernel::testing::RawEdits;
use holechess_kernel::{Position, Status};
use holechess_runtime::{Dice, Game, PlayableVariant};

fn rules(id: &str) -> std::sync::Arc<PlayableVariant> {
    PlayableVariant::load(id).unwrap_or_else(|e| panic!("{id} loads: {e}"))
}

fn position(id: &str, fen: &str) -> Position {
    Position::from_fen(rules(id).variant(), fen).unwrap_or_else(|e| panic!("{fen}: {e}"))
}

fn moves(pos: &Position) -> Vec<String> {
    let mut v: Vec<String> = pos.legal_moves().iter().map(|&m| lan(pos, m)).collect();
    v.sort();
    v
}

fn square(pos: &Position, name: &str) -> holechess_kernel::Square {
    pos.geometry().parse_square(name, 0).unwrap()
}

#[test]
fn ph_figure_2_king_escapes_mate_through_a_porthole() {
    // Double check from a1 and h8: g1 and h2 are covered, only the porthole on g2 helps.
    let fen = "4k2r/8/8/8/8/8/8/r6K w - - 0 1 porthole=g2,d5";
    let mut pos = position("porthole", fen);
    assert!(pos.is_check());
    assert_eq!(moves(&pos), vec!["h1g2>d5"], "the only escape is the transit");
    let mv = parse_move(&pos, "Kg2>d5").unwrap();
    pos.play_unchecked(mv);
    assert!(pos.tokens_at(square(&pos, "h1")).is_some(), "PH5: the token lands where the king stood");
    assert!(pos.tokens_at(square(&pos, "g2")).is_none(), "PH5: the entry square ends empty");
    // PH7: with no open exit the porthole is stoned and the same position is mate.
    let stoned = position("porthole", "4k2r/8/8/8/8/8/8/r6K w - - 0 1 porthole=g2");
    assert!(matches!(stoned.status(), Status::Checkmate { .. }));
}

#[test]
fn ph_figure_3_pawn_captures_on_a_porthole_and_exits() {
    let mut pos = position("porthole", "4k3/8/8/3p4/4P3/8/8/4K3 w - - 0 1 porthole=d5,a6");
    let mv = parse_move(&pos, "exd5>a6").unwrap();
    pos.play_unchecked(mv);
    // The black pawn is gone, the pawn stands on the exit porthole, the entered one is on e4.
    assert_eq!(pos.fen(), "4k3/8/P7/8/8/8/8/4K3 b - - 0 1 porthole=e4,a6");
}

#[test]
fn ph2_pawn_cannot_step_onto_or_through_a_porthole() {
    let pos = position("porthole", "4k3/8/8/8/8/8/4P3/4K3 w - - 0 1 porthole=e3");
    assert!(!moves(&pos).iter().any(|m| m.starts_with("e2e")), "{:?}", moves(&pos));
}

#[test]
fn ph7_stoned_porthole_with_no_exit_is_not_a_move() {
    let pos = position("porthole", "4k3/8/8/3p4/4P3/8/8/4K3 w - - 0 1 porthole=d5");
    assert!(!moves(&pos).iter().any(|m| m.contains('>')));
    assert!(!pos.is_attacked(square(&pos, "d5"), holechess_kernel::Side::White), "PH9: no open exit, no attack");
}

#[test]
fn sp4_a_stack_acts_as_one_open_portal() {
    let mut pos = position("standard-portal", "4k3/8/8/8/8/8/2N5/R3K3 w - - 0 1 portal=a1,a5,h5,c8,e3,f6,g3,d6");
    // The rook stands on a portal; entering a5 stacks the entered portal on a1.
    let mv = parse_move(&pos, "Ra5>h5").unwrap();
    pos.play_unchecked(mv);
    let a1 = pos.tokens_at(square(&pos, "a1")).unwrap();
    assert_eq!(a1.count, 2);
    assert!(
        moves(&{
            let mut p = pos.clone();
            p.set_side_to_move(holechess_kernel::Side::White);
            p
        })
        .iter()
        .any(|m| m == "c2a1>c8"),
        "SP4: the stack is entered as one open portal"
    );
}

#[test]
fn pt_worked_example_with_recorded_dice() {
    let rules = rules("pothole");
    let start = rules.start_position();
    let mut game = Game::new(rules, start, Dice::seeded(0));
    for (text, dice) in [("e4", vec![6, 5, 5]), ("d6", vec![5]), ("d3", vec![2, 4, 3])] {
        let mv = parse_move(game.position(), text).unwrap();
        game.play_recorded(mv, &dice).unwrap_or_else(|e| panic!("{text}: {e}"));
    }
    let pos = game.position();
    let d3 = square(pos, "d3");
    assert!(pos.piece_at(d3).is_none(), "PT2: the pawn on d3 is lost");
    assert!(pos.tokens_at(d3).is_some(), "a pot-hole on d3");
    assert!(pos.tokens_at(square(pos, "e5")).is_none(), "PT4: the e5 hole closed after ply 3");
}

#[test]
fn pt_worked_example_e5_is_illegal_while_the_hole_is_open() {
    let rules = rules("pothole");
    let start = rules.start_position();
    let mut game = Game::new(rules, start, Dice::seeded(0));
    for (text, dice) in [("e4", vec![6, 5, 5]), ("d6", vec![5])] {
        let mv = parse_move(game.position(), text).unwrap();
        game.play_recorded(mv, &dice).unwrap();
    }
    assert!(parse_move(game.position(), "e5").is_err(), "PT3: impassable");
}

#[test]
fn k4_missing_and_surplus_dice_are_errors() {
    let rules = rules("pothole");
    let start = rules.start_position();
    let mut game = Game::new(rules, start, Dice::seeded(0));
    let mv = parse_move(game.position(), "e4").unwrap();
    assert!(game.play_recorded(mv, &[6, 5]).is_err(), "a d8 is missing");
    assert!(game.play_recorded(mv, &[5, 1]).is_err(), "surplus outcome");
    assert!(game.play_recorded(mv, &[7]).is_err(), "a d6 cannot show 7");
    assert!(game.play_recorded(mv, &[5]).is_ok());
}

#[test]
fn wh_worked_example_through_the_script() {
    let pos = position("wormhole", "4k3/8/8/8/2p5/5N2/4P3/4K2R w K - 0 1 wormhole=b4,d3,e3,e5,f1");
    let m = moves(&pos);
    for wanted in ["e2c4", "e2e6", "f3d7"] {
        assert!(m.contains(&wanted.to_string()), "{wanted} in {m:?}");
    }
    assert!(!m.contains(&"e1g1".to_string()), "WH6: the wormhole on f1 forbids O-O");
    let check = position("wormhole", "4k3/8/8/8/8/8/6B1/4K3 b - - 0 1 wormhole=h3");
    assert!(check.is_check(), "WH5/WH7: the bishop checks through the h3 gateway");
}

#[test]
fn wh1_seeded_games_are_reproducible() {
    let play = |seed| {
        let mut game = Game::seeded(rules("wormhole"), seed);
        for _ in 0..12 {
            let mv = game.position().legal_moves().as_slice()[0];
            game.play(mv).unwrap();
        }
        (game.position().fen(), game.plies().iter().flat_map(|p| p.rolls.clone()).collect::<Vec<_>>())
    };
    assert_eq!(play(5), play(5));
    assert_eq!(play(5).1.len(), 24, "two d8 after every ply");
}
