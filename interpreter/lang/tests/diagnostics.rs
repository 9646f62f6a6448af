//! Each kind of diagnostic, with its line:col and caret rendering, from small inline scripts.

use holechess_lang::{load_str, Diagnostic};

fn diagnostics(text: &str) -> Vec<Diagnostic> {
    match load_str("test.hole", text) {
        Ok(_) => panic!("expected diagnostics for:\n{text}"),
        Err(diagnostics) => diagnostics.0,
    }
}

/// The one diagnostic whose message contains `needle`, with its line and column.
fn find<'a>(all: &'a [Diagnostic], needle: &str) -> &'a Diagnostic {
    all.iter()
        .find(|d| d.message.contains(needle))
        .unwrap_or_else(|| panic!("no diagnostic containing {needle:?} in:\n{all:#?}"))
}

fn at(all: &[Diagnostic], needle: &str, line: usize, column: usize) -> Diagnostic {
    let found = find(all, needle).clone();
    assert_eq!((found.line, found.column), (line, column), "{}", found.render());
    found
}

const HEADER: &str = "variant \"Test\"\n  id test\n";

fn chess_child(body: &str) -> String {
    format!("{HEADER}extends chess\n{body}")
}

#[test]
fn parse_error_says_what_was_expected_in_words() {
    let all = diagnostics(&chess_child("piece camel C\n  valu 300\n"));
    let d = at(&all, "unexpected `valu`", 5, 3);
    assert_eq!(d.expected.as_deref(), Some("`value N`"), "the nearest phrase, not every clause");
    let rendered = d.render();
    assert!(rendered.contains("--> test.hole:5:3"), "{rendered}");
    assert!(rendered.contains("5 |   valu 300\n  |   ^^^^ expected"), "{rendered}");
}

#[test]
fn every_broken_declaration_is_reported() {
    let all = diagnostics(&chess_child("piece camel C\n  leaps (1,3) upward\n\nrules\n  castling of\n"));
    at(&all, "unexpected `upward`", 5, 15);
    at(&all, "unexpected `of`", 8, 12);
}

#[test]
fn unknown_piece_in_promotion() {
    let all =
        diagnostics(&chess_child("piece pawn P\n  pawn-like\n  steps forward\n  promotes on the last rank to quen\n"));
    let d = at(&all, "promotion to an unknown piece `quen`", 7, 32);
    assert!(d.expected.clone().unwrap().contains("queen"));
    assert!(d.render().contains("^^^^"));
}

#[test]
fn square_off_the_board() {
    let all = diagnostics(&chess_child("token hole\n  default c3 i9\n"));
    let d = at(&all, "square `i9` is off the board", 5, 14);
    assert_eq!(d.expected.as_deref(), Some("a square from a1 to h8"));
}

#[test]
fn duplicate_piece_in_one_file() {
    let all = diagnostics(&chess_child("piece camel C\n  leaps (1,3)\npiece camel L\n  leaps (1,3)\n"));
    at(&all, "duplicate piece `camel`: already declared on line 4", 6, 7);
}

#[test]
fn duplicate_letter() {
    let all = diagnostics(&chess_child("piece camel N\n  leaps (1,3)\n"));
    at(&all, "piece letter `N` is already used by `knight`", 4, 13);
}

#[test]
fn missing_royal_piece() {
    let all =
        diagnostics(&chess_child("remove piece king\nsetup rnbq1bnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQ1BNR w - - 0 1\n"));
    at(&all, "no royal piece", 1, 1);
}

#[test]
fn unknown_extends_target() {
    let all = diagnostics(&format!("{HEADER}extends chezz\n"));
    let d = at(&all, "unknown variant `chezz`", 3, 9);
    assert!(d.expected.unwrap().contains("chess"));
}

#[test]
fn include_of_a_variant_and_extends_of_a_module() {
    let all = diagnostics(&format!("{HEADER}extends orthodox-pieces\ninclude chess\n"));
    at(&all, "`orthodox-pieces` is a module, not a variant", 3, 9);
    at(&all, "`chess` is a variant, not a module", 4, 9);
}

#[test]
fn bad_direction() {
    let all =
        diagnostics(&chess_child("piece camel C\n  leaps (1,3) diagonally\n  leaps (1,2) sideways\n  leaps (0,0)\n"));
    at(&all, "bad direction: `orthogonally` and `diagonally`", 5, 15);
    at(&all, "bad direction: this combination", 6, 15);
    at(&all, "bad direction: (0,0)", 7, 9);
}

#[test]
fn setup_with_an_undeclared_letter_and_wrong_shape() {
    let all = diagnostics(&chess_child("setup rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNX w KQkq - 0 1\n"));
    let d = at(&all, "the setup uses `X`", 4, 49);
    assert!(d.render().contains(&format!("{}^ expected a declared piece letter", " ".repeat(48))));
    let all = diagnostics(&chess_child("setup rnbqkbnr/pppppppp/8/8/8/8/RNBQKBNR x\n"));
    at(&all, "the placement has 7 ranks", 4, 7);
    at(&all, "`x` is not a side to move", 4, 42);
}

#[test]
fn unknown_behaviour_and_token_exit_of_another_kind() {
    let all = diagnostics(&chess_child("token hole\n  behaves as pitt\n  exit through another open portal\n"));
    at(&all, "unknown behaviour `pitt`", 5, 14);
    at(&all, "a `hole` cannot lead to `portal`: no such token kind", 6, 29);
}

#[test]
fn remove_of_an_unknown_piece() {
    let all = diagnostics(&chess_child("remove piece camel\n"));
    at(&all, "there is no piece `camel` to remove", 4, 14);
}

#[test]
fn no_variant_header() {
    let all = diagnostics("board 8x8\n");
    at(&all, "this file declares no variant", 1, 1);
}

#[test]
fn multi_board_squares_need_a_board_name() {
    let text = format!(
        "{HEADER}include orthodox-pieces\nboards A and B, 8x8 each\nsetup\n  board A: 8/8/8/8/8/8/8/K7\n  board B: 8/8/8/8/8/8/8/k7\n  state w - - 0 1\nlinks\n  A:a4 = C:a4\n  a5 = B:a5\n"
    );
    let all = diagnostics(&text);
    at(&all, "unknown board `C`", 10, 10);
    at(&all, "does not say which board", 11, 3);
}

#[test]
fn hook_without_its_function() {
    let text = chess_child("after each move: call roll(\"hole\")\n  rhai ```\nfn other() { 1 }\n```\n");
    let all = diagnostics(&text);
    at(&all, "hook function `roll` is not defined", 4, 23);
    let all = diagnostics(&chess_child("after each move: call roll\n  rhai ```\nfn roll( { 1 }\n```\n"));
    let d = find(&all, "rhai syntax error");
    assert_eq!(d.line, 6);
}

#[test]
fn many_problems_at_once_render_with_a_count() {
    let Err(diagnostics) = load_str("test.hole", &chess_child("remove piece camel\nremove token hole\n")) else {
        panic!("expected errors")
    };
    assert_eq!(diagnostics.len(), 2);
    assert!(diagnostics.to_string().ends_with("2 errors found"));
}

/// `B files e..h` (HP9): an unknown board, a range that does not match the
/// board's width, and letters past `p` are diagnostics at the clause.
#[test]
fn board_file_letters_name_a_board_and_match_its_width() {
    let two = |clause: &str| chess_child(&format!("boards A and B, 4x8 each\n  {clause}\n"));
    let all = diagnostics(&two("C files e..h"));
    at(&all, "unknown board `C`", 5, 3);
    let all = diagnostics(&two("B files e..g"));
    let d = at(&all, "files `e..g` for a board 4 files wide", 5, 14);
    assert!(d.expected.clone().unwrap().contains("4 letters"), "{}", d.render());
    let all = diagnostics(&two("files e..h"));
    find(&all, "do not say which board");
    let all = diagnostics(&chess_child("board 8x8\n  files j..q\n"));
    find(&all, "files `j..q`");
}

#[test]
fn board_file_letters_are_read_in_the_script_too() {
    let text = "variant \"Split\"\n  id split\nextends portal\nboards A and B, 4x8 each\n  B files e..h\n\
                setup\n  board A: rnbq/pppp/4/4/4/4/PPPP/RNBK\n  board B: kbnr/pppp/4/4/4/4/PPPP/QBNR\n  state w - - 0 1\n\
                links\n  A:a4 = B:h4\n  A:a5 = B:b5\nrules\n  no castling\n";
    let loaded = load_str("split.hole", text).unwrap_or_else(|d| panic!("{}", d.render()));
    let g = loaded.variant.geometry();
    let a4 = g.parse_square_anywhere("A:a4").unwrap();
    let a5 = g.parse_square_anywhere("A:a5").unwrap();
    let names = |sq| loaded.variant.links_of(sq).map(|s| g.name_on_board(s)).collect::<Vec<_>>();
    assert_eq!(names(a4), ["B:h4"]);
    assert_eq!(names(a5), ["B:f5"], "B:b5 is the side's second file, shown as f");
}

/// Links within one board are played in a variant of one board; in a
/// variant of several boards, beside Howe's clauses, one way between boards, or a square
/// linked to itself they are refused with their place.
#[test]
fn links_within_one_board_are_checked() {
    let clean = chess_child("links\n  a3 = h6\n  c4 -> f5\n  entered on capture\n");
    load_str("test.hole", &clean).unwrap_or_else(|d| panic!("{}", d.render()));
    let all = diagnostics(&chess_child("links\n  a3 = h6\n  c4 -> c4\n  check across links\n"));
    at(&all, "linked to itself", 6, 3);
    at(&all, "act on links between two boards", 7, 3);
    let all = diagnostics(&chess_child("links\n  entered on landing\n  entered on capture\n"));
    at(&all, "said twice", 6, 3);
    at(&all, "this block has none", 6, 3);
    let two_boards = format!(
        "{HEADER}include orthodox-pieces\nboards A and B, 8x8 each\nsetup\n  board A: 8/8/8/8/8/8/8/K7\n  board B: 8/8/8/8/8/8/8/k7\n  state w - - 0 1\nlinks\n  A:a4 = A:h4\n  A:a5 -> B:a5\n"
    );
    let all = diagnostics(&two_boards);
    at(&all, "supported only in a variant of one board", 10, 3);
    at(&all, "one-way link", 11, 3);
}
