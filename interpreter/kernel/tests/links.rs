//! The compile check of square links: a link joins squares of two different boards (Howe's
//! teleports, HP4); a link within one board is refused rather than compiled into nothing.

mod support;

use holechess_kernel::spec::SquareRef;
use holechess_kernel::{SpecErrorKind, Variant};

#[test]
fn a_link_within_one_board_is_refused_at_compile() {
    let mut spec = support::orthodox_spec();
    spec.links.pairs.push((SquareRef::new(0, 0, 2), SquareRef::new(0, 7, 5)));
    let errors = Variant::compile(spec).expect_err("a3 = h6 on one board");
    assert!(errors
        .iter()
        .any(|e| e.kind == SpecErrorKind::Inconsistent
            && e.to_string().contains("links within one board are not supported")));
}
