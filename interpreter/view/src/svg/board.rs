//! The boards of a diagram: light and dark squares, the last move's squares tinted, board
//! names above and coordinates around each board.

use super::check::draw_checks;
use super::palette::{DARK_SQUARE, HIGHLIGHT, INK, LIGHT_SQUARE};
use super::scene::Scene;
use super::xml::XmlWriter;
use crate::orientation::is_light_square;

/// Every board's squares, with highlights, names and coordinates.
pub(super) fn draw_boards(w: &mut XmlWriter, scene: &Scene) {
    for board in 0..scene.geometry().boards() {
        let name = &scene.geometry().board_names[board];
        w.open("g", &[("class", &"board"), ("data-board", name)]);
        draw_squares(w, scene, board);
        draw_highlights(w, scene, board);
        draw_checks(w, scene, board);
        if scene.geometry().boards() > 1 {
            draw_board_name(w, scene, board);
        }
        if scene.coordinates {
            draw_coordinates(w, scene, board);
        }
        w.close("g");
    }
}

fn draw_squares(w: &mut XmlWriter, scene: &Scene, board: usize) {
    let g = scene.geometry();
    let size = scene.layout.square;
    for sq in g.squares().filter(|&sq| g.board_of(sq) == board) {
        let (x, y) = scene.square_origin(sq);
        let (class, fill) =
            if is_light_square(g, sq) { ("square light", LIGHT_SQUARE) } else { ("square dark", DARK_SQUARE) };
        w.empty(
            "rect",
            &[("class", &class), ("x", &x), ("y", &y), ("width", &size), ("height", &size), ("fill", &fill)],
        );
    }
}

fn draw_highlights(w: &mut XmlWriter, scene: &Scene, board: usize) {
    let size = scene.layout.square;
    for &sq in scene.trace.squares.iter().filter(|&&sq| scene.geometry().board_of(sq) == board) {
        let (x, y) = scene.square_origin(sq);
        w.empty(
            "rect",
            &[
                ("class", &"highlight"),
                ("x", &x),
                ("y", &y),
                ("width", &size),
                ("height", &size),
                ("fill", &HIGHLIGHT),
                ("fill-opacity", &"0.55"),
            ],
        );
    }
}

fn draw_board_name(w: &mut XmlWriter, scene: &Scene, board: usize) {
    let x = scene.layout.board_left(board) + scene.layout.board_width() / 2;
    let y = scene.layout.board_name_baseline();
    let size = scene.part(0.3);
    w.text(
        "text",
        &[
            ("class", &"board-name"),
            ("x", &x),
            ("y", &y),
            ("font-size", &size),
            ("font-weight", &"bold"),
            ("text-anchor", &"middle"),
            ("fill", &INK),
        ],
        &scene.geometry().board_names[board],
    );
}

fn draw_coordinates(w: &mut XmlWriter, scene: &Scene, board: usize) {
    let g = scene.geometry();
    let size = scene.part(0.25);
    let label = |w: &mut XmlWriter, x: i32, y: i32, text: &str| {
        w.text(
            "text",
            &[
                ("class", &"coordinate"),
                ("x", &x),
                ("y", &y),
                ("font-size", &size),
                ("text-anchor", &"middle"),
                ("dominant-baseline", &"central"),
                ("fill", &INK),
            ],
            text,
        );
    };
    for rank in 0..g.ranks {
        let (_, y) = scene.square_centre(g.square(board, 0, rank));
        label(w, scene.layout.rank_label_x(board), y, &(rank + 1).to_string());
    }
    for file in 0..g.files {
        let (x, _) = scene.square_centre(g.square(board, file, 0));
        label(w, x, scene.layout.file_label_y(), &g.file_letter(board, file).to_string());
    }
}
