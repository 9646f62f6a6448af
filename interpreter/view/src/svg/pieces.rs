//! The pieces of a diagram: the orthodox pieces as vector shapes filled with the side's
//! colour (no font needed), any other piece as its letter in a disc of the side's colour.

use holechess_kernel::{Piece, Side, Square};

use super::palette::{INK, PAPER};
use super::scene::Scene;
use super::silhouettes::{silhouette, Silhouette, BOX};
use super::xml::XmlWriter;

/// Every piece, one `<g class="piece …">` each.
pub(super) fn draw_pieces(w: &mut XmlWriter, scene: &Scene) {
    w.open("g", &[("class", &"pieces")]);
    for side in Side::BOTH {
        for (sq, piece) in scene.pos.pieces_of(side) {
            draw_piece(w, scene, sq, piece);
        }
    }
    w.close("g");
}

fn draw_piece(w: &mut XmlWriter, scene: &Scene, sq: Square, piece: Piece) {
    let spec = scene.pos.variant().piece(piece.kind);
    let class = format!("piece {}", piece.side.name());
    let square = scene.geometry().name_on_board(sq);
    w.open("g", &[("class", &class), ("data-piece", &spec.name), ("data-square", &square)]);
    match silhouette(&spec.name) {
        Some(shape) => draw_silhouette(w, scene, sq, piece.side, &shape),
        None => draw_lettered_disc(w, scene, sq, piece.side, spec.letter),
    }
    w.close("g");
}

/// The side's fill and the contrasting outline.
fn side_colours(side: Side) -> (&'static str, &'static str) {
    match side {
        Side::White => (PAPER, INK),
        Side::Black => (INK, PAPER),
    }
}

/// A shape scaled onto its square: 80% of the square, centred, outlined in ink (details in
/// the contrasting colour).
fn draw_silhouette(w: &mut XmlWriter, scene: &Scene, sq: Square, side: Side, shape: &Silhouette) {
    let (x, y) = scene.square_centre(sq);
    let (fill, contrast) = side_colours(side);
    let size = f64::from(scene.part(0.8));
    let scale = size / f64::from(BOX);
    let transform =
        format!("translate({:.2} {:.2}) scale({scale:.4})", f64::from(x) - size / 2.0, f64::from(y) - size / 2.0);
    w.empty(
        "path",
        &[
            ("d", &shape.body),
            ("transform", &transform),
            ("fill", &fill),
            ("stroke", &INK),
            ("stroke-width", &"3"),
            ("stroke-linejoin", &"round"),
        ],
    );
    if let Some(detail) = shape.detail {
        w.empty("path", &[("d", &detail), ("transform", &transform), ("fill", &contrast)]);
    }
}

fn draw_lettered_disc(w: &mut XmlWriter, scene: &Scene, sq: Square, side: Side, letter: char) {
    let (x, y) = scene.square_centre(sq);
    let (fill, outline) = side_colours(side);
    let radius = scene.part(0.36);
    let stroke_width = scene.part(0.04).max(1);
    w.empty(
        "circle",
        &[("cx", &x), ("cy", &y), ("r", &radius), ("fill", &fill), ("stroke", &INK), ("stroke-width", &stroke_width)],
    );
    w.centred_label(None, (x, y), scene.part(0.45), outline, &letter.to_string());
}
