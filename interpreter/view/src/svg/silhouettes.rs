//! The orthodox pieces as vector shapes, so that a diagram looks the same whatever fonts
//! the viewer has. Each shape is an SVG path in a 100 x 100 box (y down, the piece standing
//! on y = 90), drawn by [`super::pieces`] scaled onto its square.

/// The side of the box the paths are drawn in.
pub(super) const BOX: i32 = 100;

/// The broad foot every piece stands on.
const FOOT: &str = "M22 80h56v10h-56z";

/// A shape: the filled outline, and details drawn in the contrasting colour on top (an eye,
/// a slit), if any.
pub(super) struct Silhouette {
    pub body: String,
    pub detail: Option<&'static str>,
}

/// The shape for an orthodox piece name (`king` … `pawn`), `None` for any other piece.
pub(super) fn silhouette(name: &str) -> Option<Silhouette> {
    let (body, detail): (&str, Option<&'static str>) = match name.to_ascii_lowercase().as_str() {
        "pawn" => ("M50 16a13 13 0 1 1 0 26a13 13 0 1 1 0-26zM39 44h22l9 36h-40z", None),
        "rook" => ("M26 14h11v9h7v-9h12v9h7v-9h11v24h-48zM33 40h34v40h-34z", None),
        "knight" => (
            "M32 80c2-14 10-22 18-30c-6 2-12 4-18 10l-9-7c4-14 10-26 19-33l2-10l7 8c16 4 27 20 27 62z",
            Some("M44 30a3.5 3.5 0 1 1 0 7a3.5 3.5 0 1 1 0-7z"),
        ),
        "bishop" => (
            "M50 4a6 6 0 1 1 0 12a6 6 0 1 1 0-12zM50 17c14 12 20 30 12 46h-24c-8-16-2-34 12-46zM34 65h32v8h-32zM41 73h18v7h-18z",
            Some("M55 30l-9 14l3 2l9-14z"),
        ),
        "queen" => (
            "M15 30a5 5 0 1 1 10 0a5 5 0 1 1-10 0zM30 24a5 5 0 1 1 10 0a5 5 0 1 1-10 0z\
             M45 20a5 5 0 1 1 10 0a5 5 0 1 1-10 0zM60 24a5 5 0 1 1 10 0a5 5 0 1 1-10 0z\
             M75 30a5 5 0 1 1 10 0a5 5 0 1 1-10 0z\
             M20 30l12 32l3-38l9 34l6-38l6 38l9-34l3 38l12-32l-6 42h-48zM26 72h48v8h-48z",
            None,
        ),
        "king" => (
            "M46 6h8v8h8v8h-8v18h-8v-18h-8v-8h8zM50 40c-14-12-38-4-26 28l4 4h44l4-4c12-32-12-40-26-28z\
             M28 72h44v8h-44z",
            None,
        ),
        _ => return None,
    };
    Some(Silhouette { body: format!("{body}{FOOT}"), detail })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_six_orthodox_pieces_have_shapes_and_others_do_not() {
        for name in ["king", "Queen", "rook", "bishop", "knight", "pawn"] {
            let shape = silhouette(name).unwrap_or_else(|| panic!("{name}"));
            assert!(shape.body.starts_with('M') && shape.body.ends_with(FOOT), "{name}");
        }
        assert!(silhouette("archbishop").is_none());
    }
}
