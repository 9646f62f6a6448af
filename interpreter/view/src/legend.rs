//! The legend under a picture: one entry per kind of token in each state present (open,
//! stacked, timed, under a piece), with its squares, and one per link.

use holechess_kernel::spec::TokenId;
use holechess_kernel::{Position, Square};

use crate::links::{link_marker, link_pairs};
use crate::token_marks::{token_marks, TokenMark};

/// One line of a legend.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LegendEntry {
    /// What the board shows: the token's symbol with its count and timer (`@2`, `#:2`), or
    /// a link's mark (`=1`).
    pub marker: String,
    /// What it means: `porthole (dormant stack of 2)`.
    pub description: String,
    pub squares: Vec<Square>,
}

impl LegendEntry {
    /// The squares' names, with the board's name when there are several boards.
    #[must_use]
    pub fn square_names(&self, pos: &Position) -> Vec<String> {
        self.squares.iter().map(|&sq| pos.geometry().name_on_board(sq)).collect()
    }
}

/// What sets two token squares apart in a legend.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
struct TokenState {
    kind: TokenId,
    under_piece: bool,
    count: u8,
    timer: u16,
}

impl TokenState {
    fn of(mark: &TokenMark) -> TokenState {
        TokenState { kind: mark.kind, under_piece: mark.under_piece, count: mark.count, timer: mark.timer }
    }
}

/// The token entries: one per kind and state present, kinds in the variant's order.
#[must_use]
pub fn token_legend(pos: &Position) -> Vec<LegendEntry> {
    let mut groups: Vec<(TokenState, LegendEntry)> = Vec::new();
    for mark in token_marks(pos) {
        let state = TokenState::of(&mark);
        match groups.iter_mut().find(|(s, _)| *s == state) {
            Some((_, entry)) => entry.squares.push(mark.square),
            None => groups.push((state, entry_for(&mark))),
        }
    }
    groups.sort_by_key(|(state, _)| *state);
    groups.into_iter().map(|(_, entry)| entry).collect()
}

fn entry_for(mark: &TokenMark) -> LegendEntry {
    LegendEntry { marker: mark.marker(), description: mark.description(), squares: vec![mark.square] }
}

/// The link entries: one per pair of linked squares.
pub fn link_legend(pos: &Position) -> Vec<LegendEntry> {
    link_legend_marked(pos, link_marker)
}

/// The link entries with the links marked by `marker` (`=1`, or `1` in a compact picture).
pub fn link_legend_marked(pos: &Position, marker: fn(usize) -> String) -> Vec<LegendEntry> {
    link_pairs(pos.variant())
        .into_iter()
        .map(|pair| LegendEntry {
            marker: marker(pair.number),
            description: if pair.one_way { "linked one way, first to second" } else { "linked squares" }.to_owned(),
            squares: vec![pair.first, pair.second],
        })
        .collect()
}

/// Every entry: tokens first, then links.
pub fn legend(pos: &Position) -> Vec<LegendEntry> {
    legend_marked(pos, link_marker)
}

/// Every entry, the links marked by `marker`.
pub fn legend_marked(pos: &Position, marker: fn(usize) -> String) -> Vec<LegendEntry> {
    let mut entries = token_legend(pos);
    entries.extend(link_legend_marked(pos, marker));
    entries
}
