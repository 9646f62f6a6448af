//! The compile check of square links and links within one board: a link
//! within one board compiles and plays (a move ending on a linked square goes on to the far
//! end); what the engine does not play is refused: a link within a board of a variant of
//! several boards, a one-way link between boards, a square linked to itself.

mod support;

use holechess_kernel::notation::lan;
use holechess_kernel::spec::SquareRef;
use holechess_kernel::{Position, SpecErrorKind, Variant};

const A3: SquareRef = SquareRef { board: 0, file: 0, rank: 2 };
const H6: SquareRef = SquareRef { board: 0, file: 7, rank: 5 };

fn moves(variant: &std::sync::Arc<Variant>, fen: &str) -> Vec<String> {
    let pos = Position::from_fen(variant, fen).unwrap();
    let mut names: Vec<String> = pos.legal_moves().iter().map(|&m| lan(&pos, m)).collect();
    names.sort();
    names
}

#[test]
fn a_link_within_one_board_takes_a_move_ending_on_it_to_the_far_end() {
    let mut spec = support::orthodox_spec();
    spec.links.pairs.push((A3, H6));
    let variant = std::sync::Arc::new(Variant::compile(spec).expect("a3 = h6 on one board"));
    let names = moves(&variant, "4k3/8/8/8/8/8/8/1N2K3 w - - 0 1");
    assert!(names.contains(&"b1a3>h6".to_string()), "{names:?}");
    assert!(!names.iter().any(|m| m == "b1a3"), "a move ending on a3 goes on: {names:?}");
}

#[test]
fn a_one_way_link_leads_one_way_only() {
    let mut spec = support::orthodox_spec();
    spec.links.one_way.push((A3, H6));
    let variant = std::sync::Arc::new(Variant::compile(spec).expect("a3 -> h6"));
    let names = moves(&variant, "4k3/8/8/8/8/8/8/1N2K2R w - - 0 1");
    assert!(names.contains(&"b1a3>h6".to_string()), "{names:?}");
    assert!(names.contains(&"h1h6".to_string()), "h6 is an ordinary square: {names:?}");
}

#[test]
fn a_square_linked_to_itself_and_a_one_way_link_between_boards_are_refused() {
    let mut spec = support::orthodox_spec();
    spec.links.one_way.push((A3, A3));
    let errors = Variant::compile(spec).expect_err("a3 -> a3");
    assert!(errors.iter().any(|e| e.kind == SpecErrorKind::Inconsistent && e.to_string().contains("linked to itself")));
    let mut spec = support::orthodox_spec();
    spec.links.one_way.push((A3, SquareRef { board: 1, ..H6 }));
    let errors = Variant::compile(spec).expect_err("a one-way link between boards");
    assert!(errors.iter().any(|e| e.to_string().contains("one-way link")), "{errors:?}");
}
