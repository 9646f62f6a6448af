//! The fast path's whitelist: orthodox pieces and any leaper / full-line slider mix qualify
//! (and then give the general path's moves), while riders, limited slides, several royal
//! kinds, cylinder boards and installed special moves keep the general path.

mod support;

use std::sync::Arc;

use holechess_kernel::spec::{Pattern, PatternCondition, PatternMode, VariantSpec};
use holechess_kernel::{Move, Position, SpecialMove, SpecialSource, Variant};
use support::*;

fn compiled(change: impl FnOnce(&mut VariantSpec)) -> Arc<Variant> {
    let mut spec = orthodox_spec();
    change(&mut spec);
    Arc::new(Variant::compile(spec).expect("the test spec compiles"))
}

fn plain(dx: i8, dy: i8, range: u8) -> Pattern {
    Pattern { dx, dy, range, ..orthodox_spec().pieces[1].patterns[0] }
}

fn sorted(moves: impl IntoIterator<Item = Move>) -> Vec<String> {
    let mut v: Vec<String> = moves.into_iter().map(|m| format!("{m:?}")).collect();
    v.sort();
    v
}

/// Random games from `fen`, the two paths compared at every ply.
fn compare_games(v: &Arc<Variant>, fen: &str, games: u64) {
    for seed in 1..=games {
        let mut pos = Position::from_fen(v, fen).unwrap();
        let mut picker = XorShift(seed.wrapping_mul(0x2545_F491_4F6C_DD1D));
        for _ in 0..80 {
            assert!(pos.uses_fast_path());
            let general = pos.general_legal_moves();
            assert_eq!(pos.legal_moves().as_slice(), general.as_slice(), "{}", pos.fen());
            assert_eq!(sorted(pos.fast_legal_moves().unwrap()), sorted(general.iter().copied()), "{}", pos.fen());
            if general.is_empty() {
                break;
            }
            pos.play(general.as_slice()[picker.pick(general.len())]);
        }
    }
}

#[test]
fn orthodox_chess_qualifies() {
    assert!(Position::start(&orthodox()).uses_fast_path());
}

#[test]
fn a_leaper_slider_compound_qualifies_and_moves_as_the_general_path_says() {
    let v = compiled(|spec| {
        let mut archbishop = spec.pieces[2].clone();
        archbishop.name = "archbishop".into();
        archbishop.letter = 'A';
        archbishop.patterns.extend(spec.pieces[1].patterns.iter().copied());
        let mut camel = spec.pieces[1].clone();
        camel.name = "camel".into();
        camel.letter = 'C';
        camel.patterns = [(1, 3), (3, 1), (-1, 3), (-3, 1), (1, -3), (3, -1), (-1, -3), (-3, -1)]
            .into_iter()
            .map(|(dx, dy)| plain(dx, dy, 1))
            .collect();
        spec.pieces.push(archbishop);
        spec.pieces.push(camel);
    });
    compare_games(&v, "rnbqkacr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKACR w KQkq - 0 1", 30);
}

#[test]
fn a_double_step_on_the_first_move_only_qualifies() {
    let v = compiled(|spec| spec.pieces[0].patterns[1].condition = PatternCondition::FirstMove);
    compare_games(&v, "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", 30);
}

#[test]
fn features_off_the_whitelist_keep_the_general_path() {
    let changes: [fn(&mut VariantSpec); 6] = [
        |s| s.pieces[1].patterns.iter_mut().for_each(|p| p.range = 0), // a nightrider
        |s| s.pieces[3].patterns.iter_mut().for_each(|p| p.range = 3), // a short rook
        |s| s.pieces[3].patterns.truncate(2),                          // a half rook
        |s| s.pieces[1].patterns[0].mode = PatternMode::MoveOnly,      // a shy knight
        |s| s.pieces[0].patterns[1].range = 3,                         // a triple step
        |s| s.board.files_wrap = true,                                 // a cylinder
    ];
    for (i, change) in changes.into_iter().enumerate() {
        let v = compiled(change);
        assert!(!Position::start(&v).uses_fast_path(), "change {i}");
    }
}

#[derive(Debug)]
struct Nothing;

impl SpecialSource for Nothing {
    fn special_moves(&self, _: &Position, _: &mut Vec<SpecialMove>) {}
}

#[test]
fn installed_special_moves_keep_the_general_path() {
    let v = orthodox();
    v.install_special_source(Box::new(Nothing)).unwrap();
    assert!(!Position::start(&v).uses_fast_path());
}
