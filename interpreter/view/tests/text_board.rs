//! Terminal boards: labels, pieces, colour on and off, orientation, the last move, every
//! kind of token in the board and the legend, and two boards side by side.

mod support;

use std::sync::Arc;

use holechess_kernel::spec::{CastleRole, Pattern, PatternMode, PieceSpec};
use holechess_kernel::{Move, Position, Variant};
use holechess_view::{render_text, Orientation, TextOptions};

fn position(variant: &Arc<Variant>, fen: &str) -> Position {
    Position::from_fen(variant, fen).expect("the test position is valid")
}

fn sq(pos: &Position, name: &str) -> holechess_kernel::Square {
    pos.geometry().parse_square_anywhere(name).expect("a square of the board")
}

fn plain() -> TextOptions {
    TextOptions::default()
}

/// The line of the board that starts with the rank label `rank`.
fn rank_line<'a>(text: &'a str, rank: &str) -> &'a str {
    text.lines().find(|l| l.starts_with(&format!("{rank} "))).expect("the rank is drawn")
}

#[test]
fn plain_start_has_labels_pieces_and_no_escapes() {
    let pos = Position::start(&support::orthodox());
    let text = render_text(&pos, &plain());
    println!("{text}");
    assert!(!text.contains('\x1b'), "no ANSI codes without colour");
    assert_eq!(rank_line(&text, "8"), "8  r  n  b  q  k  b  n  r");
    assert_eq!(rank_line(&text, "5"), "5  .  .  .  .  .  .  .  .");
    assert_eq!(rank_line(&text, "1"), "1  R  N  B  Q  K  B  N  R");
    assert!(text.lines().any(|l| l == "   a  b  c  d  e  f  g  h"));
    assert!(text.contains("Move 1, white to move"));
}

#[test]
fn colour_uses_ansi_backgrounds_and_unicode_glyphs() {
    let pos = Position::start(&support::orthodox());
    let options = TextOptions { colour: true, unicode: true, ..plain() };
    let text = render_text(&pos, &options);
    assert!(text.contains("\x1b[48;5;"), "squares have ANSI backgrounds");
    assert!(text.contains('♚') && text.contains('♟'));
    assert!(!text.contains(" . "), "colour boards leave empty squares blank");
}

#[test]
fn unicode_without_colour_uses_printed_glyphs() {
    let pos = Position::start(&support::orthodox());
    let text = render_text(&pos, &TextOptions { unicode: true, ..plain() });
    assert_eq!(rank_line(&text, "1"), "1  ♖  ♘  ♗  ♕  ♔  ♗  ♘  ♖");
    assert_eq!(rank_line(&text, "7"), "7  ♟  ♟  ♟  ♟  ♟  ♟  ♟  ♟");
}

fn with_archbishop() -> Arc<Variant> {
    let pattern = |dx, dy, range| Pattern::new(dx, dy, range, PatternMode::MoveOrCapture);
    let archbishop = PieceSpec {
        name: "archbishop".into(),
        letter: 'A',
        royal: false,
        pawn: false,
        patterns: vec![pattern(1, 1, 0), pattern(1, 2, 1)],
        promotion: None,
        castling: CastleRole::None,
        value: 800,
        region: None,
    };
    support::orthodox_with(vec![], |spec| spec.pieces.push(archbishop))
}

#[test]
fn a_piece_without_a_glyph_keeps_its_letter() {
    let pos = position(&with_archbishop(), "4k3/8/8/8/8/8/8/A3K3 w - - 0 1");
    let text = render_text(&pos, &TextOptions { unicode: true, ..plain() });
    assert_eq!(rank_line(&text, "1"), "1  A  .  .  .  ♔  .  .  .");
    assert_eq!(rank_line(&text, "8"), "8  .  .  .  .  ♚  .  .  .");
}

#[test]
fn big_boards_right_align_their_rank_numbers() {
    let variant = support::orthodox_with(vec![], |spec| {
        spec.board.files = 10;
        spec.board.ranks = 10;
        spec.rules.castling = None;
        spec.setup.fen = "4k5/10/10/10/10/10/10/10/10/4K5 w - - 0 1".into();
    });
    let text = render_text(&Position::start(&variant), &plain());
    assert_eq!(rank_line(&text, "10"), "10  .  .  .  .  k  .  .  .  .  .");
    assert_eq!(rank_line(&text, " 1"), " 1  .  .  .  .  K  .  .  .  .  .");
    assert!(text.lines().any(|l| l == "    a  b  c  d  e  f  g  h  i  j"));
}

#[test]
fn black_at_bottom_turns_the_board() {
    let pos = Position::start(&support::orthodox());
    let text = render_text(&pos, &TextOptions { orientation: Orientation::BlackAtBottom, ..plain() });
    let first_rank = text.lines().position(|l| l.starts_with("1 ")).unwrap();
    let last_rank = text.lines().position(|l| l.starts_with("8 ")).unwrap();
    assert!(first_rank < last_rank, "rank 1 is at the top");
    assert_eq!(rank_line(&text, "1"), "1  R  N  B  K  Q  B  N  R");
    assert!(text.lines().any(|l| l == "   h  g  f  e  d  c  b  a"));
}

#[test]
fn the_last_move_is_bracketed_without_colour() {
    let variant = support::orthodox();
    let pos = position(&variant, "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1");
    let mv = Move::DoubleStep { from: sq(&pos, "e2"), to: sq(&pos, "e4"), passed: sq(&pos, "e3") };
    let text = render_text(&pos, &TextOptions { last_move: Some(mv), ..plain() });
    assert_eq!(rank_line(&text, "4"), "4  .  .  .  . [P] .  .  .");
    assert_eq!(rank_line(&text, "2"), "2  P  P  P  P [.] P  P  P");
    assert!(text.contains("Last move: e2-e4"));
    assert!(text.contains("Move 1, black to move"));
}

#[test]
fn the_last_move_has_its_own_shade_with_colour() {
    let variant = support::orthodox();
    let pos = position(&variant, "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1");
    let mv = Move::DoubleStep { from: sq(&pos, "e2"), to: sq(&pos, "e4"), passed: sq(&pos, "e3") };
    let with = render_text(&pos, &TextOptions { last_move: Some(mv), colour: true, ..plain() });
    let without = render_text(&pos, &TextOptions { colour: true, ..plain() });
    assert_eq!(with.matches("\x1b[48;5;29m").count(), 2);
    assert!(!without.contains("\x1b[48;5;29m"));
}

/// A king in check is marked, in plain text and in colour, and the caption
/// says so.
#[test]
fn a_king_in_check_is_marked() {
    let variant = support::orthodox();
    let pos = position(&variant, "rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3");
    let plain_text = render_text(&pos, &plain());
    assert_eq!(rank_line(&plain_text, "1"), "1  R  N  B  Q !K! B  N  R");
    assert!(plain_text.contains("Checkmate: Black wins (0-1)"), "{plain_text}");
    let coloured = render_text(&pos, &TextOptions { colour: true, ..plain() });
    assert_eq!(coloured.matches("\x1b[48;5;163m").count(), 1);
    let check = position(&variant, "rnbqkbnr/ppp2ppp/8/1B1pp3/4P3/8/PPPP1PPP/RNBQK1NR b KQkq - 1 3");
    let text = render_text(&check, &plain());
    assert!(text.contains("Move 3, black to move, Black in check"), "{text}");
    assert_eq!(rank_line(&text, "8"), "8  r  n  b  q !k! b  n  r");
}

/// Boards too wide for the terminal side by side get one-character link marks (`1` for
/// `=1`, in the legend too) and stay side by side at 80 columns; narrower, they are stacked,
/// each named after its file letters.
#[test]
fn boards_are_compacted_then_stacked_when_the_terminal_is_narrow() {
    let variant = support::two_boards();
    let pos = Position::start(&variant);
    let wide = render_text(&pos, &TextOptions { unicode: true, ..plain() });
    assert!(wide.lines().any(|line| line.chars().count() > 80), "side by side: {wide}");
    let rows = |text: &str| -> Vec<String> {
        text.lines().filter(|line| line.starts_with(|c: char| c.is_ascii_digit())).map(str::to_owned).collect()
    };
    let at_80 = render_text(&pos, &TextOptions { unicode: true, width: Some(80), ..plain() });
    assert!(at_80.lines().all(|line| line.chars().count() <= 80), "{at_80}");
    assert_eq!(rows(&at_80).len(), 8, "side by side: {at_80}");
    assert!(!at_80.contains("=1") && at_80.contains("  1  linked squares"), "{at_80}");
    let at_40 = render_text(&pos, &TextOptions { unicode: true, width: Some(40), ..plain() });
    assert!(at_40.lines().all(|line| line.chars().count() <= 40), "{at_40}");
    assert_eq!(rows(&at_40).len(), 16, "stacked: {at_40}");
    assert!(at_40.lines().any(|line| line.ends_with("h  (A)")), "{at_40}");
}

/// Turned round, the boards change sides as a physical board does, each read from `h` to
/// `a` and from rank 1 down to 8.
#[test]
fn turned_round_the_boards_change_sides() {
    let pos = Position::start(&support::two_boards());
    let text = render_text(&pos, &TextOptions { orientation: Orientation::BlackAtBottom, ..plain() });
    let names = text.lines().next().unwrap_or_default();
    assert_eq!(names.split_whitespace().collect::<Vec<_>>(), ["B", "A"], "{text}");
    assert!(text.lines().nth(1).is_some_and(|line| line.starts_with('1')), "{text}");
}

/// Open portholes, a dormant porthole stack, a porthole under a pawn, a merged portal
/// stack, a pot-hole with two plies left, an active wormhole and one dormant under a knight.
const TOKENS: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 \
                      porthole=c3,f6,d4*2,e2;portal=a6*2;pot-hole=e5(2);wormhole=h3,g1";

#[test]
fn every_token_shows_in_the_board() {
    let pos = position(&support::holey(), TOKENS);
    let text = render_text(&pos, &plain());
    println!("{text}");
    // Cells have room for a two-digit timer (`:12`, three characters, as the variant has
    // timed tokens), so the board keeps its width from ply to ply: they are six wide.
    assert_eq!(rank_line(&text, "6"), "6  %2    .     .     .     .     @     .     .");
    assert_eq!(rank_line(&text, "5"), "5  .     .     .     .     #:2   .     .     .");
    assert_eq!(rank_line(&text, "4"), "4  .     .     .     @2    .     .     .     .");
    assert_eq!(rank_line(&text, "3"), "3  .     .     @     .     .     .     .     *");
    assert_eq!(rank_line(&text, "2"), "2  P     P     P     P     P@    P     P     P");
    assert_eq!(rank_line(&text, "1"), "1  R     N     B     Q     K     B     N*    R");
}

#[test]
fn every_token_state_has_a_legend_line() {
    let pos = position(&support::holey(), TOKENS);
    let text = render_text(&pos, &plain());
    let expected = [
        "  @    porthole (open): c3 f6",
        "  @2   porthole (dormant stack of 2): d4",
        "  @    porthole (under a piece): e2",
        "  %2   portal (stack of 2, acts as one): a6",
        "  #:2  pot-hole (closes in 2 plies): e5",
        "  *    wormhole (active): h3",
        "  *    wormhole (dormant, under a piece): g1",
    ];
    for line in expected {
        assert!(text.lines().any(|l| l == line), "missing legend line {line:?} in\n{text}");
    }
}

#[test]
fn the_legend_can_be_left_out() {
    let pos = position(&support::holey(), TOKENS);
    let text = render_text(&pos, &TextOptions { legend: false, ..plain() });
    assert!(!text.contains("porthole"));
    assert!(text.trim_end().ends_with("Move 1, white to move"));
}

#[test]
fn a_transit_highlights_origin_entry_and_exit() {
    // The bishop entered the porthole on e3 from c1 and left by f6; the token went to c1.
    let pos = position(&support::holey(), "4k3/8/5B2/8/8/8/8/4K3 b - - 0 1 porthole=c1,f6");
    let mv = Move::Transit { from: sq(&pos, "c1"), entry: sq(&pos, "e3"), exit: sq(&pos, "f6"), promotion: None };
    let text = render_text(&pos, &TextOptions { last_move: Some(mv), ..plain() });
    assert_eq!(rank_line(&text, "6"), "6  .     .     .     .     .    [B@]   .     .");
    assert_eq!(rank_line(&text, "3"), "3  .     .     .     .    [.]    .     .     .");
    assert_eq!(rank_line(&text, "1"), "1  .     .    [@]    .     K     .     .     .");
    assert!(text.contains("Last move: c1-e3, transit e3-f6"));
}

#[test]
fn two_boards_stand_side_by_side_with_names_and_links() {
    let pos = Position::start(&support::two_boards());
    let text = render_text(&pos, &plain());
    println!("{text}");
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines[0].split_whitespace().collect::<Vec<_>>(), ["A", "B"]);
    let rank8 = rank_line(&text, "8");
    assert_eq!(rank8, "8  r    n    b    q    .    b    n    r       8  r    n    b    q    k    b    n    r");
    let rank4 = rank_line(&text, "4");
    assert_eq!(rank4, "4  .=1  .    .    .    .    .    .    .=2     4  .=1  .    .    .    .    .    .    .=2");
    assert!(text.lines().any(|l| l == "  =1  linked squares: A:a4 B:a4"));
    assert!(text.lines().any(|l| l == "  =4  linked squares: A:h5 B:h5"));
}
