//! SVG diagrams: well-formed XML, one element per piece and per token square, the
//! last-move arrows, two boards, and names escaped whatever they hold.

mod support;

use std::sync::Arc;

use holechess_kernel::testing::RawEdits;
use holechess_kernel::{Move, Position, Square, TokenStack, Variant};
use holechess_view::{render_svg, SvgOptions};
use roxmltree::{Document, Node};

fn position(variant: &Arc<Variant>, fen: &str) -> Position {
    Position::from_fen(variant, fen).expect("the test position is valid")
}

fn sq(pos: &Position, name: &str) -> Square {
    pos.geometry().parse_square_anywhere(name).expect("a square of the board")
}

fn has_class(node: &Node, class: &str) -> bool {
    node.attribute("class").is_some_and(|c| c.split_whitespace().any(|c| c == class))
}

/// The elements named `tag` having `class`.
fn elements<'a>(doc: &'a Document, tag: &str, class: &str) -> Vec<Node<'a, 'a>> {
    doc.descendants().filter(|n| n.has_tag_name(tag) && has_class(n, class)).collect()
}

fn parse(svg: &str) -> Document<'_> {
    Document::parse(svg).unwrap_or_else(|e| panic!("the SVG is not well-formed XML: {e}\n{svg}"))
}

#[test]
fn the_start_is_an_svg_document_with_every_piece() {
    let pos = Position::start(&support::orthodox());
    let svg = render_svg(&pos, &SvgOptions::default());
    let doc = parse(&svg);
    let root = doc.root_element();
    assert_eq!(root.tag_name().name(), "svg");
    assert_eq!(root.tag_name().namespace(), Some("http://www.w3.org/2000/svg"));
    assert_eq!(elements(&doc, "rect", "square").len(), 64);
    assert_eq!(elements(&doc, "g", "piece").len(), 32);
    assert_eq!(elements(&doc, "g", "white").len(), 16);
    assert_eq!(elements(&doc, "g", "token").len(), 0);
    assert_eq!(elements(&doc, "line", "last-move").len(), 0);
    assert_eq!(elements(&doc, "text", "coordinate").len(), 16);
    let caption = elements(&doc, "text", "caption");
    assert_eq!(caption[0].text(), Some("Move 1, white to move"));
}

#[test]
fn the_last_move_has_an_arrow_and_tinted_squares() {
    let variant = support::orthodox();
    let pos = position(&variant, "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1");
    let mv = Move::DoubleStep { from: sq(&pos, "e2"), to: sq(&pos, "e4"), passed: sq(&pos, "e3") };
    let svg = render_svg(&pos, &SvgOptions { last_move: Some(mv), ..SvgOptions::default() });
    let doc = parse(&svg);
    let arrows = elements(&doc, "line", "last-move");
    assert_eq!(arrows.len(), 1);
    assert_eq!((arrows[0].attribute("data-from"), arrows[0].attribute("data-to")), (Some("e2"), Some("e4")));
    assert_eq!(arrows[0].attribute("marker-end"), Some("url(#arrowhead)"));
    assert!(doc.descendants().any(|n| n.has_tag_name("marker") && n.attribute("id") == Some("arrowhead")));
    assert_eq!(elements(&doc, "rect", "highlight").len(), 2);
}

#[test]
fn a_transit_has_a_path_arrow_and_a_transit_arrow() {
    let pos = position(&support::holey(), "4k3/8/5B2/8/8/8/8/4K3 b - - 0 1 porthole=c1,f6");
    let mv = Move::Transit { from: sq(&pos, "c1"), entry: sq(&pos, "e3"), exit: sq(&pos, "f6"), promotion: None };
    let doc_text = render_svg(&pos, &SvgOptions { last_move: Some(mv), ..SvgOptions::default() });
    let doc = parse(&doc_text);
    let arrows = elements(&doc, "line", "last-move");
    assert_eq!(arrows.len(), 2);
    let transit = elements(&doc, "line", "transit");
    assert_eq!(transit.len(), 1);
    assert_eq!((transit[0].attribute("data-from"), transit[0].attribute("data-to")), (Some("e3"), Some("f6")));
    assert_eq!(elements(&doc, "rect", "highlight").len(), 3);
}

const TOKENS: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 \
                      porthole=c3,f6,d4*2,e2;portal=a6*2;pot-hole=e5(2);wormhole=h3,g1";

#[test]
fn every_token_square_is_one_element_with_its_state() {
    let pos = position(&support::holey(), TOKENS);
    let svg = render_svg(&pos, &SvgOptions::default());
    let doc = parse(&svg);
    let tokens = elements(&doc, "g", "token");
    assert_eq!(tokens.len(), 8);
    let square_of = |n: &Node| n.attribute("data-square").unwrap().to_owned();
    let with = |class: &str| {
        let mut squares: Vec<String> =
            elements(&doc, "g", class).iter().filter(|n| has_class(n, "token")).map(square_of).collect();
        squares.sort();
        squares
    };
    assert_eq!(with("stack"), ["a6", "d4"]);
    assert_eq!(with("dormant"), ["d4", "g1"]);
    assert_eq!(with("under-piece"), ["e2", "g1"]);
    assert_eq!(with("timed"), ["e5"]);
    assert_eq!(elements(&doc, "g", "count").len(), 2);
    let timer = elements(&doc, "g", "timer");
    assert_eq!(timer.len(), 1);
    assert!(timer[0].descendants().any(|n| n.text() == Some("2")));
    let hatched =
        doc.descendants().filter(|n| n.attribute("fill").is_some_and(|f| f.starts_with("url(#hatch-"))).count();
    assert_eq!(hatched, 1, "the impassable pot-hole is hatched");
    assert_eq!(elements(&doc, "g", "piece").len(), 32);
    assert_eq!(elements(&doc, "text", "legend-entry").len(), 7);
}

#[test]
fn two_boards_are_drawn_side_by_side_with_links() {
    let pos = Position::start(&support::two_boards());
    let doc_text = render_svg(&pos, &SvgOptions::default());
    let doc = parse(&doc_text);
    let boards = elements(&doc, "g", "board");
    let names: Vec<_> = boards.iter().map(|b| b.attribute("data-board").unwrap()).collect();
    assert_eq!(names, ["A", "B"]);
    assert_eq!(elements(&doc, "rect", "square").len(), 128);
    assert_eq!(elements(&doc, "g", "piece").len(), 62);
    assert_eq!(elements(&doc, "g", "link").len(), 8);
    let left_of = |board: &Node| {
        board
            .children()
            .find(|n| has_class(n, "square"))
            .and_then(|n| n.attribute("x"))
            .unwrap()
            .parse::<i32>()
            .unwrap()
    };
    assert!(left_of(&boards[0]) < left_of(&boards[1]));
}

#[test]
fn odd_names_are_escaped() {
    // A name with spaces cannot go through the position notation: the tokens are set directly.
    let variant = support::orthodox_with(vec![support::plain_token("<hole&\"friends\">\u{1}", '&')], |spec| {
        spec.board.names = vec!["A<1>".into()];
    });
    let mut pos = Position::start(&variant);
    pos.set_tokens(sq(&pos, "e4"), TokenStack { kind: 0, count: 1, timer: 0 });
    pos.set_tokens(sq(&pos, "d5"), TokenStack { kind: 0, count: 3, timer: 4 });
    let title = "Tom & Jerry's <game> \"one\"";
    let svg = render_svg(&pos, &SvgOptions { title: Some(title.to_owned()), ..SvgOptions::default() });
    let doc = parse(&svg);
    let title_element = doc.descendants().find(|n| n.has_tag_name("title")).unwrap();
    assert_eq!(title_element.text(), Some(title));
    assert_eq!(elements(&doc, "g", "board")[0].attribute("data-board"), Some("A<1>"));
    let tokens = elements(&doc, "g", "token");
    assert_eq!(tokens.len(), 2);
    assert_eq!(tokens[0].attribute("data-kind"), Some("<hole&\"friends\">\u{FFFD}"));
    assert!(tokens.iter().all(|t| t.descendants().any(|n| n.text() == Some("&"))));
    let legend: Vec<&str> = elements(&doc, "text", "legend-entry").iter().filter_map(|n| n.text()).collect();
    assert!(
        legend.contains(&"&3:4  <hole&\"friends\">\u{FFFD} (dormant stack of 3, closes in 4 plies): d5"),
        "{legend:?}"
    );
}

/// The orthodox pieces are drawn as shapes (paths), so the diagram does
/// not depend on the fonts installed; a piece without a shape keeps its lettered disc.
#[test]
fn orthodox_pieces_are_vector_shapes_not_font_glyphs() {
    let pos = Position::start(&support::orthodox());
    let svg = render_svg(&pos, &SvgOptions::default());
    let doc = parse(&svg);
    for piece in elements(&doc, "g", "piece") {
        let kind = piece.attribute("data-piece").unwrap_or_default();
        let paths: Vec<_> = piece.children().filter(|n| n.has_tag_name("path")).collect();
        assert!(!paths.is_empty(), "{kind} is drawn as a path");
        assert!(paths[0].attribute("d").is_some_and(|d| d.starts_with('M') && d.len() > 20), "{kind}");
        assert!(!piece.descendants().any(|n| n.has_tag_name("text")), "{kind} has no text");
    }
    let white_king =
        elements(&doc, "g", "piece").into_iter().find(|p| p.attribute("data-square") == Some("e1")).unwrap();
    let black_king =
        elements(&doc, "g", "piece").into_iter().find(|p| p.attribute("data-square") == Some("e8")).unwrap();
    let fill =
        |g: Node| g.children().find(|n| n.has_tag_name("path")).and_then(|n| n.attribute("fill")).map(str::to_owned);
    assert_ne!(fill(white_king), fill(black_king), "the sides have different fills");
    for glyph in ['♔', '♚', '♛', '♜', '♝', '♞', '♟'] {
        assert!(!svg.contains(glyph), "no font glyph {glyph}");
    }
}

/// A king in check is marked in the diagram, on its square only.
#[test]
fn a_king_in_check_is_framed() {
    let variant = support::orthodox();
    let quiet = render_svg(&position(&variant, "4k3/8/8/8/8/8/8/4K2R b - - 0 1"), &SvgOptions::default());
    assert!(elements(&parse(&quiet), "rect", "check").is_empty(), "no check, no frame");
    let svg = render_svg(&position(&variant, "5k2/8/8/8/8/8/8/4KR2 b - - 0 1"), &SvgOptions::default());
    let doc = parse(&svg);
    let frames = elements(&doc, "rect", "check");
    assert_eq!(frames.len(), 1, "{svg}");
    assert_eq!(frames[0].attribute("data-square"), Some("f8"));
}
