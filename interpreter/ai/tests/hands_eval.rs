//! The evaluation counts the pieces a side holds in hand (crazyhouse-like variants).

mod support;

use holechess_ai::{evaluate, VariantTables};
use holechess_kernel::HandSpec;
use holechess_kernel::{Position, Variant};
use support::*;

/// Orthodox chess where captured pieces go to the capturer's hand and may be dropped.
fn crazyhouse_like() -> std::sync::Arc<Variant> {
    let mut spec = orthodox_spec();
    spec.id = "hands-test".into();
    spec.hands = HandSpec { drops: true, captures_to_hand: true, demote_promoted: true, ..HandSpec::default() };
    std::sync::Arc::new(Variant::compile(spec).expect("a variant with hands"))
}

#[test]
fn a_piece_in_hand_counts_as_material() {
    let variant = crazyhouse_like();
    let tables = VariantTables::new(&variant);
    let bare = Position::from_fen(&variant, "4k3/8/8/8/8/8/8/4K3[] w - - 0 1").expect("bare kings");
    let with_queen = Position::from_fen(&variant, "4k3/8/8/8/8/8/8/4K3[Q] w - - 0 1").expect("a queen in hand");
    let their_queen = Position::from_fen(&variant, "4k3/8/8/8/8/8/8/4K3[q] w - - 0 1").expect("theirs");
    let (bare, ours, theirs) =
        (evaluate(&tables, &bare), evaluate(&tables, &with_queen), evaluate(&tables, &their_queen));
    assert!(ours >= bare + 800, "a queen in hand is worth about a queen: {bare} -> {ours}");
    assert!(theirs <= bare - 800, "the opponent's queen in hand counts against: {bare} -> {theirs}");
}
