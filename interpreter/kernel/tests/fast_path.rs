//! The fast path's whitelist: orthodox pieces and any leaper / full-line slider mix qualify
//! (and then give the general path's moves), while riders, limited slides, several royal
//! kinds, cylinder boards and installed special moves keep the general path.

mod support;

use std::sync::Arc;

use holechess_kernel::spec::{Pattern, PatternCondition, PatternMode, VariantSpec};
use holechess_kernel::testing::TestHooks;
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
            pos.play_unchecked(general.as_slice()[picker.pick(general.len())]);
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
fn k6_a_cylinder_qualifies_and_moves_as_the_general_path_says() {
    let v = compiled(|s| s.board.files_wrap = true);
    assert!(Position::start(&v).uses_fast_path());
    compare_games(&v, "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", 30);
}

#[test]
fn features_off_the_whitelist_keep_the_general_path() {
    let changes: [fn(&mut VariantSpec); 5] = [
        |s| s.pieces[1].patterns.iter_mut().for_each(|p| p.range = 0), // a nightrider
        |s| s.pieces[3].patterns.iter_mut().for_each(|p| p.range = 3), // a short rook
        |s| s.pieces[3].patterns.truncate(2),                          // a half rook
        |s| s.pieces[1].patterns[0].mode = PatternMode::MoveOnly,      // a shy knight
        |s| s.pieces[0].patterns[1].range = 3,                         // a triple step
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

// ------------------------------------------------ token kinds on the fast path's whitelists

use holechess_kernel::spec::{Entry, Stacking, TokenMovement};

/// Random games with tokens on the board, the two paths compared at every ply (perft plays
/// these tokens on the fast path; `legal_moves` keeps the general path's order), and perft 2.
/// Blocking and transit tokens take the fast path only without en passant (as in PH12, SP8).
fn compare_token_games(v: &Arc<Variant>, fen: &str, games: u64) {
    compare_games(v, fen, games);
    let mut pos = Position::from_fen(v, fen).unwrap();
    let general = |pos: &Position| -> u64 {
        let moves = pos.general_legal_moves();
        let mut n = 0;
        for &mv in moves.iter() {
            let mut child = pos.clone();
            child.play_unchecked(mv);
            n += child.general_legal_moves().len() as u64;
        }
        n
    };
    assert_eq!(holechess_kernel::perft::perft(&mut pos, 2), general(&pos), "{fen}");
}

#[test]
fn a_plain_blocking_token_and_an_impassable_one_take_the_fast_path() {
    for movement in [TokenMovement::Blocks, TokenMovement::Impassable] {
        let wall = holechess_kernel::spec::TokenSpec { movement, ..plain_token("wall", '#') };
        let v = orthodox_with(vec![wall], |s| s.rules.en_passant = false);
        let fen = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 wall=c3,f6,e4,a5,b1";
        assert!(Position::from_fen(&v, fen).unwrap().uses_fast_path());
        compare_token_games(&v, fen, 12);
    }
}

#[test]
fn a_transit_that_allows_promotion_on_its_exit_takes_the_fast_path() {
    // PH10 and SP6 forbid promotion on a token; a token that allows it promotes a pawn exiting
    // on the last rank once per piece (K6).
    for (entry, stacking) in [(Entry::CaptureMove, Stacking::Dormant), (Entry::AnyMove, Stacking::Merged)] {
        let gate = holechess_kernel::spec::TokenSpec { blocks_promotion: false, ..transit_token(entry, stacking) };
        let v = orthodox_with(vec![gate], |s| s.rules.en_passant = false);
        let fen = "4k3/1P1P4/8/8/8/8/6p1/4K3 w - - 0 1 gate=a8,c8*2,h8,d1,e3";
        assert!(Position::from_fen(&v, fen).unwrap().uses_fast_path());
        compare_token_games(&v, fen, 12);
        let start = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 gate=c3,f3,c6,f6,a4,h4,a5,h5";
        compare_token_games(&v, start, 12);
    }
}

#[test]
fn absent_tokens_without_edge_gateways_take_the_fast_path() {
    let hole = holechess_kernel::spec::TokenSpec { wraps_edges: false, ..warp_token() };
    let v = orthodox_with(vec![hole], |_| {});
    let fen = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 warp=c3,f3,a5,h4,d6,e5";
    assert!(Position::from_fen(&v, fen).unwrap().uses_fast_path());
    compare_token_games(&v, fen, 12);
}

#[test]
fn token_kinds_off_the_whitelists_keep_the_general_path() {
    let fen = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 t=c3,f6";
    let royal_exempt = holechess_kernel::spec::TokenSpec {
        royal_exempt: true,
        ..transit_token(Entry::CaptureMove, Stacking::Dormant)
    };
    let timed = holechess_kernel::spec::TokenSpec { lifetime: Some(3), ..plain_token("t", '#') };
    let timed = holechess_kernel::spec::TokenSpec { movement: TokenMovement::Impassable, ..timed };
    let v = orthodox_with(vec![holechess_kernel::spec::TokenSpec { name: "t".into(), ..royal_exempt }], |_| {});
    let pos = Position::from_fen(&v, fen).unwrap_or_else(|e| panic!("{fen}: {e}"));
    assert!(!pos.uses_fast_path());
    // Timed walls take the bit boards, whose perft runs their timers down (PT4).
    let v = orthodox_with(vec![timed], |_| {});
    let timed_fen = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 t=c3(1),f6(2)";
    let pos = Position::from_fen(&v, timed_fen).unwrap_or_else(|e| panic!("{timed_fen}: {e}"));
    assert!(pos.uses_fast_path());
    for depth in 1..=3 {
        let fast = holechess_kernel::perft::perft(&mut pos.clone(), depth);
        assert_eq!(fast, pos.clone().general_perft(depth), "PT4 depth {depth}");
    }
}
