//! A king in check: its square framed in red (the side to move's check, or one an event left
//! standing against the other side, K3), so a diagram shows what the text board marks.

use holechess_kernel::Side;

use super::palette::CHECK;
use super::scene::Scene;
use super::xml::XmlWriter;

/// A red frame inside the square of every royal piece of `board` whose side is in check.
pub(super) fn draw_checks(w: &mut XmlWriter, scene: &Scene, board: usize) {
    let pos = scene.pos;
    let g = scene.geometry();
    let width = scene.part(0.08).max(2);
    let size = scene.layout.square - width;
    for side in Side::BOTH.into_iter().filter(|&side| pos.royal_attacked(side)) {
        let kings =
            pos.pieces_of(side).filter(|&(sq, piece)| g.board_of(sq) == board && pos.variant().is_royal(piece.kind));
        for (sq, _) in kings {
            let (x, y) = scene.square_origin(sq);
            let square = g.name_on_board(sq);
            w.empty(
                "rect",
                &[
                    ("class", &"check"),
                    ("data-square", &square),
                    ("x", &(x + width / 2)),
                    ("y", &(y + width / 2)),
                    ("width", &size),
                    ("height", &size),
                    ("fill", &"none"),
                    ("stroke", &CHECK),
                    ("stroke-width", &width),
                ],
            );
        }
    }
}
