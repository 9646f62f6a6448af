//! Test support: the shared testkit (orthodox chess built as a spec), plus a transit-token
//! variant like Standard Portal Chess for the search tests.

#![allow(dead_code)]

pub use holechess_testkit::*;
use std::sync::Arc;

use holechess_kernel::spec::*;
use holechess_kernel::Variant;

/// Standard Portal Chess (SP1-SP8) built in Rust: orthodox pieces, eight portals entered by
/// any move, a stack acting as one, promotion to a queen only, no castling, no en passant,
/// no 50-move or repetition rule.
pub fn standard_portal() -> Arc<Variant> {
    let mut spec = orthodox_spec();
    let squares = [(2, 2), (5, 2), (2, 5), (5, 5), (0, 3), (7, 3), (0, 4), (7, 4)];
    let mut portal = transit_token(Entry::AnyMove, Stacking::Merged);
    portal.name = "portal".into();
    portal.symbol = '^';
    portal.layout = LayoutRule::Exactly(8);
    portal.default_squares = squares.iter().map(|&(f, r)| SquareRef::new(0, f, r)).collect();
    spec.id = "portal-test".into();
    spec.tokens = vec![portal];
    spec.pieces[0].promotion = Some(PromotionSpec::new(1, vec![4]));
    spec.setup.fen = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w - - 0 1".into();
    spec.rules.castling = None;
    spec.rules.en_passant = false;
    spec.rules.fifty_move = None;
    spec.rules.repetition = None;
    Arc::new(Variant::compile(spec).expect("the portal test spec compiles"))
}
