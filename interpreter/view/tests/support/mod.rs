//! Test support: the shared testkit (orthodox chess built as a spec),
//! extended with the token kinds the product's variants use, described by their spec
//! fields, and a two-board variant with linked squares.

#![allow(dead_code)]

pub use holechess_testkit::*;
use std::sync::Arc;

use holechess_kernel::spec::*;
use holechess_kernel::Variant;

/// A capture-entered transit whose stacks are dormant (PH).
pub fn porthole() -> TokenSpec {
    TokenSpec { name: "porthole".into(), symbol: '@', ..transit_token(Entry::CaptureMove, Stacking::Dormant) }
}

/// A transit entered by any move whose stacks act as one (SP).
pub fn portal() -> TokenSpec {
    TokenSpec { name: "portal".into(), symbol: '%', ..transit_token(Entry::AnyMove, Stacking::Merged) }
}

/// An impassable pit that lasts two plies (PT).
pub fn pot_hole() -> TokenSpec {
    TokenSpec {
        movement: TokenMovement::Impassable,
        lifetime: Some(2),
        removes_occupant: true,
        ..plain_token("pot-hole", '#')
    }
}

/// A missing square, dormant under a piece (WH).
pub fn wormhole() -> TokenSpec {
    TokenSpec { name: "wormhole".into(), symbol: '*', ..warp_token() }
}

/// Orthodox chess with every kind above.
pub fn holey() -> Arc<Variant> {
    orthodox_with(vec![porthole(), portal(), pot_hole(), wormhole()], |_| {})
}

/// Two 8x8 boards A and B; A lacks the black king, B the white king; a4, a5, h4, h5 of
/// each board linked to the same square of the other (HP1).
pub fn two_boards() -> Arc<Variant> {
    orthodox_with(vec![], |spec| {
        spec.board.names = vec!["A".into(), "B".into()];
        spec.schedule = Schedule::SwitchBoards;
        spec.rules.castling = None;
        spec.setup.fen =
            "rnbq1bnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR|rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQ1BNR w - - 0 1".into();
        spec.links.pairs = [(0, 3), (0, 4), (7, 3), (7, 4)]
            .iter()
            .map(|&(file, rank)| (SquareRef::new(0, file, rank), SquareRef::new(1, file, rank)))
            .collect();
    })
}
