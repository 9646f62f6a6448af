//! The tokens of a diagram, one `<g class="token …">` per square, drawn before the pieces.
//! The shape says how the kind affects movement: a ring (no effect), a tinted disc (blocks),
//! a hatched square (impassable), a dark hole (absent square); the kind's symbol sits in
//! it. A stack has a count badge, a timer a box with the plies left; tokens under a piece
//! ring the piece and show their symbol in the corner. Dormant tokens are grey and dashed.

use holechess_kernel::spec::{TokenId, TokenMovement};

use super::palette::{token_colour, DORMANT, HOLE, PAPER};
use super::scene::Scene;
use super::xml::XmlWriter;
use crate::token_marks::{token_marks, TokenMark};

/// A hatch pattern for each impassable kind of the variant.
pub(super) fn draw_token_patterns(w: &mut XmlWriter, scene: &Scene) {
    for (kind, spec) in scene.pos.variant().tokens().iter().enumerate() {
        if spec.movement == TokenMovement::Impassable {
            draw_hatch_pattern(w, kind as TokenId);
        }
    }
}

fn hatch_id(kind: TokenId) -> String {
    format!("hatch-{kind}")
}

fn draw_hatch_pattern(w: &mut XmlWriter, kind: TokenId) {
    let id = hatch_id(kind);
    w.open(
        "pattern",
        &[
            ("id", &id),
            ("patternUnits", &"userSpaceOnUse"),
            ("width", &"8"),
            ("height", &"8"),
            ("patternTransform", &"rotate(45)"),
        ],
    );
    w.empty("rect", &[("width", &"8"), ("height", &"8"), ("fill", &PAPER), ("fill-opacity", &"0.6")]);
    w.empty(
        "line",
        &[
            ("x1", &"0"),
            ("y1", &"0"),
            ("x2", &"0"),
            ("y2", &"8"),
            ("stroke", &token_colour(kind)),
            ("stroke-width", &"5"),
        ],
    );
    w.close("pattern");
}

/// Every square's tokens.
pub(super) fn draw_tokens(w: &mut XmlWriter, scene: &Scene) {
    w.open("g", &[("class", &"tokens")]);
    for mark in token_marks(scene.pos) {
        draw_token(w, scene, &mark);
    }
    w.close("g");
}

/// `token`, then `stack`, `dormant`, `under-piece`, `timed` as they apply.
fn token_classes(mark: &TokenMark) -> String {
    let mut classes = vec!["token"];
    let flags = [
        (mark.is_stack(), "stack"),
        (mark.is_dormant(), "dormant"),
        (mark.under_piece, "under-piece"),
        (mark.timer > 0, "timed"),
    ];
    classes.extend(flags.iter().filter(|(on, _)| *on).map(|(_, class)| *class));
    classes.join(" ")
}

fn draw_token(w: &mut XmlWriter, scene: &Scene, mark: &TokenMark) {
    let classes = token_classes(mark);
    let square = scene.geometry().name_on_board(mark.square);
    w.open(
        "g",
        &[
            ("class", &classes),
            ("data-kind", &mark.spec.name),
            ("data-square", &square),
            ("data-count", &mark.count),
            ("data-timer", &mark.timer),
        ],
    );
    w.text("title", &[], &format!("{}: {}", square, mark.description()));
    if mark.under_piece {
        draw_under_piece(w, scene, mark);
    } else {
        draw_shape(w, scene, mark);
        let (x, y) = scene.square_centre(mark.square);
        draw_symbol(w, mark, (x, y), scene.part(0.42), symbol_colour(mark));
    }
    if mark.is_stack() {
        draw_count_badge(w, scene, mark);
    }
    if mark.timer > 0 {
        draw_timer_badge(w, scene, mark);
    }
    w.close("g");
}

/// The kind's colour, grey when dormant.
fn stroke_colour(mark: &TokenMark) -> &'static str {
    if mark.is_dormant() {
        DORMANT
    } else {
        token_colour(mark.kind)
    }
}

fn symbol_colour(mark: &TokenMark) -> &'static str {
    if mark.spec.movement == TokenMovement::Absent {
        PAPER
    } else {
        stroke_colour(mark)
    }
}

/// Dashes for dormant tokens, a solid line otherwise.
fn dashes(mark: &TokenMark, scene: &Scene) -> String {
    if mark.is_dormant() {
        format!("{} {}", scene.part(0.08), scene.part(0.06))
    } else {
        "none".to_owned()
    }
}

fn draw_shape(w: &mut XmlWriter, scene: &Scene, mark: &TokenMark) {
    let (x, y) = scene.square_origin(mark.square);
    let (cx, cy) = scene.square_centre(mark.square);
    let stroke = stroke_colour(mark);
    let stroke_width = scene.part(0.06).max(1);
    let dash = dashes(mark, scene);
    let radius = scene.part(0.38);
    let circle = |w: &mut XmlWriter, fill: &str, opacity: &str| {
        w.empty(
            "circle",
            &[
                ("cx", &cx),
                ("cy", &cy),
                ("r", &radius),
                ("fill", &fill),
                ("fill-opacity", &opacity),
                ("stroke", &stroke),
                ("stroke-width", &stroke_width),
                ("stroke-dasharray", &dash),
            ],
        );
    };
    match mark.spec.movement {
        TokenMovement::Open => circle(w, "none", "1"),
        TokenMovement::Blocks => circle(w, stroke, "0.25"),
        TokenMovement::Absent => circle(w, HOLE, "1"),
        TokenMovement::Impassable => {
            let inset = scene.part(0.06);
            let side = scene.layout.square - 2 * inset;
            let fill = format!("url(#{})", hatch_id(mark.kind));
            w.empty(
                "rect",
                &[
                    ("x", &(x + inset)),
                    ("y", &(y + inset)),
                    ("width", &side),
                    ("height", &side),
                    ("fill", &fill),
                    ("stroke", &stroke),
                    ("stroke-width", &stroke_width),
                    ("stroke-dasharray", &dash),
                ],
            );
        }
    }
}

/// A ring round the piece and the symbol in the square's lower-left corner.
fn draw_under_piece(w: &mut XmlWriter, scene: &Scene, mark: &TokenMark) {
    let (x, y) = scene.square_origin(mark.square);
    let (cx, cy) = scene.square_centre(mark.square);
    let stroke = stroke_colour(mark);
    let ring = scene.part(0.46);
    let ring_width = scene.part(0.05).max(1);
    let dash = dashes(mark, scene);
    w.empty(
        "circle",
        &[
            ("class", &"ring"),
            ("cx", &cx),
            ("cy", &cy),
            ("r", &ring),
            ("fill", &"none"),
            ("stroke", &stroke),
            ("stroke-width", &ring_width),
            ("stroke-dasharray", &dash),
        ],
    );
    let corner = (x + scene.part(0.15), y + scene.part(0.85));
    let badge = scene.part(0.13);
    w.empty(
        "circle",
        &[
            ("cx", &corner.0),
            ("cy", &corner.1),
            ("r", &badge),
            ("fill", &PAPER),
            ("stroke", &stroke),
            ("stroke-width", &"1"),
        ],
    );
    draw_symbol(w, mark, corner, scene.part(0.22), stroke);
}

fn draw_symbol(w: &mut XmlWriter, mark: &TokenMark, (x, y): (i32, i32), size: i32, fill: &str) {
    w.centred_label(Some("symbol"), (x, y), size, fill, &mark.spec.symbol.to_string());
}

/// The stack's count in a disc in the lower-right corner.
fn draw_count_badge(w: &mut XmlWriter, scene: &Scene, mark: &TokenMark) {
    let (x, y) = scene.square_origin(mark.square);
    let (cx, cy) = (x + scene.part(0.82), y + scene.part(0.82));
    let radius = scene.part(0.16);
    let fill = stroke_colour(mark);
    w.open("g", &[("class", &"count")]);
    w.empty("circle", &[("cx", &cx), ("cy", &cy), ("r", &radius), ("fill", &fill)]);
    w.centred_label(None, (cx, cy), scene.part(0.22), PAPER, &mark.count.to_string());
    w.close("g");
}

/// The plies left in a box in the upper-right corner.
fn draw_timer_badge(w: &mut XmlWriter, scene: &Scene, mark: &TokenMark) {
    let (x, y) = scene.square_origin(mark.square);
    let (width, height) = (scene.part(0.36), scene.part(0.28));
    let (left, top) = (x + scene.layout.square - width - scene.part(0.03), y + scene.part(0.03));
    let stroke = stroke_colour(mark);
    w.open("g", &[("class", &"timer")]);
    w.empty(
        "rect",
        &[
            ("x", &left),
            ("y", &top),
            ("width", &width),
            ("height", &height),
            ("rx", &scene.part(0.05)),
            ("fill", &PAPER),
            ("stroke", &stroke),
            ("stroke-width", &"1"),
        ],
    );
    let centre = (left + width / 2, top + height / 2);
    w.centred_label(None, centre, scene.part(0.22), stroke, &mark.timer.to_string());
    w.close("g");
}
