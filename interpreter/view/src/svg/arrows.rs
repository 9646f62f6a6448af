//! The last move's arrows: the piece's path solid, a transit's jump from entry to exit
//! dashed in another colour; each ends with its arrowhead's tip on the target's centre.

use super::palette::{ARROW, TRANSIT_ARROW};
use super::scene::Scene;
use super::xml::XmlWriter;
use crate::last_move::{Leg, MoveArrow};

/// The arrowheads, one per colour (markers do not inherit the line's colour).
pub(super) fn draw_arrowheads(w: &mut XmlWriter) {
    for (id, colour) in [("arrowhead", ARROW), ("arrowhead-transit", TRANSIT_ARROW)] {
        w.open(
            "marker",
            &[
                ("id", &id),
                ("viewBox", &"0 0 10 10"),
                ("refX", &"0"),
                ("refY", &"5"),
                ("markerWidth", &"3"),
                ("markerHeight", &"3"),
                ("orient", &"auto"),
            ],
        );
        w.empty("path", &[("d", &"M0,0 L10,5 L0,10 z"), ("fill", &colour)]);
        w.close("marker");
    }
}

/// Every arrow of the last move.
pub(super) fn draw_arrows(w: &mut XmlWriter, scene: &Scene) {
    if scene.trace.arrows.is_empty() {
        return;
    }
    w.open("g", &[("class", &"arrows")]);
    for arrow in &scene.trace.arrows {
        draw_arrow(w, scene, arrow);
    }
    w.close("g");
}

fn draw_arrow(w: &mut XmlWriter, scene: &Scene, arrow: &MoveArrow) {
    let (x1, y1) = scene.square_centre(arrow.from);
    let (x2, y2) = scene.square_centre(arrow.to);
    let width = scene.part(0.12).max(2);
    let (x2, y2) = pull_back((x1, y1), (x2, y2), 3 * width);
    let (class, colour, head, dash) = match arrow.leg {
        Leg::Path => ("last-move", ARROW, "url(#arrowhead)", "none".to_owned()),
        Leg::Transit => {
            ("last-move transit", TRANSIT_ARROW, "url(#arrowhead-transit)", format!("{} {}", 2 * width, width))
        }
    };
    let from = scene.geometry().name_on_board(arrow.from);
    let to = scene.geometry().name_on_board(arrow.to);
    w.empty(
        "line",
        &[
            ("class", &class),
            ("data-from", &from),
            ("data-to", &to),
            ("x1", &x1),
            ("y1", &y1),
            ("x2", &x2),
            ("y2", &y2),
            ("stroke", &colour),
            ("stroke-width", &width),
            ("stroke-linecap", &"round"),
            ("stroke-dasharray", &dash),
            ("stroke-opacity", &"0.8"),
            ("marker-end", &head),
        ],
    );
}

/// The point `by` pixels short of `to` on the way from `from`, where the arrowhead starts.
fn pull_back(from: (i32, i32), to: (i32, i32), by: i32) -> (i32, i32) {
    let (dx, dy) = (f64::from(to.0 - from.0), f64::from(to.1 - from.1));
    let length = dx.hypot(dy);
    if length <= f64::from(by) {
        return to;
    }
    let scale = (length - f64::from(by)) / length;
    (from.0 + (dx * scale).round() as i32, from.1 + (dy * scale).round() as i32)
}
