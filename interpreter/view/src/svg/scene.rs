//! What every part of one SVG diagram reads: the position, the layout, the last move's
//! trace and the links.

use holechess_kernel::{Geometry, Position, Square};

use super::layout::Layout;
use crate::last_move::MoveTrace;
use crate::links::LinkPair;

pub(super) struct Scene<'a> {
    pub pos: &'a Position,
    pub layout: Layout,
    pub trace: MoveTrace,
    pub links: Vec<LinkPair>,
    pub coordinates: bool,
}

impl Scene<'_> {
    pub fn geometry(&self) -> &Geometry {
        self.pos.geometry()
    }

    pub fn square_origin(&self, sq: Square) -> (i32, i32) {
        self.layout.square_origin(self.geometry(), sq)
    }

    pub fn square_centre(&self, sq: Square) -> (i32, i32) {
        self.layout.square_centre(self.geometry(), sq)
    }

    /// A length as a fraction of a square's side.
    pub fn part(&self, fraction: f64) -> i32 {
        (f64::from(self.layout.square) * fraction).round() as i32
    }
}
