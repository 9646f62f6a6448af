//! The pieces of a diagram: a solid chess glyph filled with the side's colour when the
//! piece's name has one, otherwise its letter in a disc of the side's colour.

use holechess_kernel::{Piece, Side, Square};

use super::palette::{INK, PAPER};
use super::scene::Scene;
use super::xml::XmlWriter;
use crate::glyphs::{chess_glyph, GlyphFill};

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
    match chess_glyph(spec, piece.side, GlyphFill::Solid) {
        Some(glyph) => draw_glyph(w, scene, sq, piece.side, glyph),
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

fn draw_glyph(w: &mut XmlWriter, scene: &Scene, sq: Square, side: Side, glyph: char) {
    let (x, y) = scene.square_centre(sq);
    let (fill, _) = side_colours(side);
    let size = scene.part(0.8);
    w.text(
        "text",
        &[
            ("x", &x),
            ("y", &y),
            ("font-size", &size),
            ("text-anchor", &"middle"),
            ("dominant-baseline", &"central"),
            ("fill", &fill),
            ("stroke", &INK),
            ("stroke-width", &"1"),
        ],
        &glyph.to_string(),
    );
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
