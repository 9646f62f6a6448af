//! The variant's linked squares, numbered so that a picture can mark both ends of a link
//! with the same number.

use holechess_kernel::{Square, Variant};

/// Two linked squares and the number pictures mark them with (from 1).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct LinkPair {
    pub number: usize,
    pub first: Square,
    pub second: Square,
    /// A link within one board that leads from `first` to `second` only.
    pub one_way: bool,
}

/// Every link of the variant once, in square order, numbered from 1.
pub fn link_pairs(variant: &Variant) -> Vec<LinkPair> {
    let mut pairs = Vec::new();
    for sq in variant.geometry().squares() {
        for other in variant.links_of(sq).filter(|&other| other > sq) {
            pairs.push(LinkPair { number: pairs.len() + 1, first: sq, second: other, one_way: false });
        }
        for &other in variant.square_links_of(sq) {
            let one_way = !variant.square_links_of(other).contains(&sq);
            if one_way || other > sq {
                pairs.push(LinkPair { number: pairs.len() + 1, first: sq, second: other, one_way });
            }
        }
    }
    pairs
}

/// The number of the first link that has `sq` as one end.
#[must_use]
pub fn link_number_at(pairs: &[LinkPair], sq: Square) -> Option<usize> {
    pairs.iter().find(|p| p.first == sq || p.second == sq).map(|p| p.number)
}

/// How a linked square is marked on a board: `=1`.
#[must_use]
pub fn link_marker(number: usize) -> String {
    format!("={number}")
}

/// The marks of links 1 to 35 in a compact picture: one character, `1`..`9` then `a`..`z`.
const COMPACT_MARKS: &str = "123456789abcdefghijklmnopqrstuvwxyz";

/// How a linked square is marked where room is short: `1` (one character while there are at
/// most 35 links; `=36` beyond).
#[must_use]
pub fn compact_link_marker(number: usize) -> String {
    match COMPACT_MARKS.chars().nth(number.wrapping_sub(1)) {
        Some(mark) if number > 0 => mark.to_string(),
        _ => link_marker(number),
    }
}
