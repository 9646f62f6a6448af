//! SVG diagrams: [`render_svg`] writes a position as a standalone SVG document, with the
//! boards side by side, coordinates, pieces, every token with its count, timer and state,
//! linked squares, the last move's arrows, an optional title and a legend.
//!
//! Elements carry classes for styling and for tools: `square`, `highlight`, `piece white`,
//! `token` (with `stack`, `dormant`, `under-piece`, `timed`), `link`, `last-move` (with
//! `transit` for a transit's jump), `check` (a king in check), `caption`, `legend-entry`.

mod arrows;
mod board;
mod check;
mod footer;
mod layout;
mod links;
mod palette;
mod pieces;
mod scene;
mod silhouettes;
mod tokens;
mod xml;

use holechess_kernel::{Move, Position};

use self::arrows::{draw_arrowheads, draw_arrows};
use self::board::draw_boards;
use self::footer::{draw_footer, footer_lines};
use self::layout::{Layout, LayoutInput};
use self::links::draw_links;
use self::palette::{INK, PAPER};
use self::pieces::draw_pieces;
use self::scene::Scene;
use self::tokens::{draw_token_patterns, draw_tokens};
use self::xml::XmlWriter;
use crate::last_move::trace_of;
use crate::links::link_pairs;
use crate::orientation::Orientation;

/// How a diagram is drawn.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SvgOptions {
    pub orientation: Orientation,
    /// The move that led to the position: its squares tinted and an arrow drawn.
    pub last_move: Option<Move>,
    /// A heading above the boards (and the document's `<title>`).
    pub title: Option<String>,
    /// The side of a square in pixels.
    pub square_size: u32,
    /// Rank numbers and file letters around the boards.
    pub coordinates: bool,
    /// The caption and the legend of tokens and links under the boards.
    pub legend: bool,
}

impl Default for SvgOptions {
    fn default() -> Self {
        SvgOptions {
            orientation: Orientation::WhiteAtBottom,
            last_move: None,
            title: None,
            square_size: 48,
            coordinates: true,
            legend: true,
        }
    }
}

const FONTS: &str = "DejaVu Sans, Segoe UI Symbol, Arial Unicode MS, sans-serif";

/// The position as a standalone SVG document.
///
/// ```
/// use holechess_kernel::Position;
/// use holechess_view::{render_svg, SvgOptions};
/// # let chess = holechess_testkit::orthodox();
/// let options = SvgOptions { title: Some("The start".to_string()), ..SvgOptions::default() };
/// let svg = render_svg(&Position::start(&chess), &options);
/// assert!(svg.starts_with("<svg") || svg.starts_with("<?xml"));
/// assert!(svg.contains("<title>The start</title>"));
/// ```
#[must_use]
pub fn render_svg(pos: &Position, options: &SvgOptions) -> String {
    let footer = if options.legend { footer_lines(pos, true) } else { Vec::new() };
    let layout = Layout::new(&LayoutInput {
        geometry: pos.geometry(),
        square: i32::try_from(options.square_size).unwrap_or(i32::MAX / 64),
        orientation: options.orientation,
        coordinates: options.coordinates,
        title: options.title.is_some(),
        footer_lines: footer.len(),
    });
    let scene = Scene {
        pos,
        layout,
        trace: trace_of(pos.variant(), options.last_move),
        links: link_pairs(pos.variant()),
        coordinates: options.coordinates,
    };
    let mut w = XmlWriter::new();
    open_document(&mut w, &scene);
    if let Some(title) = &options.title {
        draw_title(&mut w, &scene, title);
    }
    draw_defs(&mut w, &scene);
    draw_boards(&mut w, &scene);
    draw_tokens(&mut w, &scene);
    draw_links(&mut w, &scene);
    draw_pieces(&mut w, &scene);
    draw_arrows(&mut w, &scene);
    draw_footer(&mut w, &scene, &footer);
    w.close("svg");
    w.finish()
}

fn open_document(w: &mut XmlWriter, scene: &Scene) {
    let (width, height) = (scene.layout.width(), scene.layout.height());
    let view_box = format!("0 0 {width} {height}");
    w.open(
        "svg",
        &[
            ("xmlns", &"http://www.w3.org/2000/svg"),
            ("version", &"1.1"),
            ("width", &width),
            ("height", &height),
            ("viewBox", &view_box),
            ("font-family", &FONTS),
        ],
    );
    w.empty("rect", &[("class", &"background"), ("width", &width), ("height", &height), ("fill", &PAPER)]);
}

fn draw_title(w: &mut XmlWriter, scene: &Scene, title: &str) {
    w.text("title", &[], title);
    let x = scene.layout.width() / 2;
    let y = scene.layout.title_baseline();
    let size = scene.part(0.36);
    w.text(
        "text",
        &[
            ("class", &"title"),
            ("x", &x),
            ("y", &y),
            ("font-size", &size),
            ("font-weight", &"bold"),
            ("text-anchor", &"middle"),
            ("fill", &INK),
        ],
        title,
    );
}

fn draw_defs(w: &mut XmlWriter, scene: &Scene) {
    w.open("defs", &[]);
    draw_arrowheads(w);
    draw_token_patterns(w, scene);
    w.close("defs");
}
