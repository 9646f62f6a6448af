//! Linked squares in a diagram: the link's number in a small tag in the square's upper-left
//! corner, the same number at both ends.

use holechess_kernel::Square;

use super::palette::{LINK, PAPER};
use super::scene::Scene;
use super::xml::XmlWriter;
use crate::links::LinkPair;

/// A tag on both ends of every link.
pub(super) fn draw_links(w: &mut XmlWriter, scene: &Scene) {
    if scene.links.is_empty() {
        return;
    }
    w.open("g", &[("class", &"links")]);
    for pair in &scene.links {
        for sq in [pair.first, pair.second] {
            draw_link_tag(w, scene, pair, sq);
        }
    }
    w.close("g");
}

fn draw_link_tag(w: &mut XmlWriter, scene: &Scene, pair: &LinkPair, sq: Square) {
    let (x, y) = scene.square_origin(sq);
    let (width, height) = (scene.part(0.34), scene.part(0.26));
    let (left, top) = (x + scene.part(0.03), y + scene.part(0.03));
    let square = scene.geometry().name_on_board(sq);
    w.open("g", &[("class", &"link"), ("data-link", &pair.number), ("data-square", &square)]);
    w.empty(
        "rect",
        &[
            ("x", &left),
            ("y", &top),
            ("width", &width),
            ("height", &height),
            ("rx", &scene.part(0.08)),
            ("fill", &LINK),
        ],
    );
    let centre = (left + width / 2, top + height / 2);
    w.centred_label(None, centre, scene.part(0.2), PAPER, &format!("={}", pair.number));
    w.close("g");
}
