//! The lines under a diagram: whose move it is, then the legend of tokens and links.

use holechess_kernel::Position;

use super::palette::INK;
use super::scene::Scene;
use super::xml::XmlWriter;
use crate::caption::caption;
use crate::legend::legend;

/// The footer's lines of text: the caption, then `@2  porthole (dormant stack of 2): d4`.
pub(super) fn footer_lines(pos: &Position, show_legend: bool) -> Vec<String> {
    let mut lines = vec![caption(pos)];
    if show_legend {
        lines.extend(
            legend(pos)
                .iter()
                .map(|entry| format!("{}  {}: {}", entry.marker, entry.description, entry.square_names(pos).join(" "))),
        );
    }
    lines
}

pub(super) fn draw_footer(w: &mut XmlWriter, scene: &Scene, lines: &[String]) {
    let x = scene.layout.board_left(0);
    let size = scene.part(0.28).max(10);
    w.open("g", &[("class", &"legend"), ("font-size", &size), ("fill", &INK)]);
    for (i, line) in lines.iter().enumerate() {
        let y = scene.layout.footer_baseline(i);
        let class = if i == 0 { "caption" } else { "legend-entry" };
        w.text("text", &[("class", &class), ("x", &x), ("y", &y), ("xml:space", &"preserve")], line);
    }
    w.close("g");
}
