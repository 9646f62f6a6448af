//! Terminal boards: [`render_text`] draws a position as lines of text, in plain characters
//! or with ANSI colours, several boards side by side (compact, then stacked, when the
//! terminal is too narrow), with a caption and a legend.
//!
//! A cell is three characters wide plus room for notes: ` K ` is a piece, ` . ` an empty
//! square (a blank one in colour), ` @ ` a token. After the glyph come the notes: the
//! symbol of tokens under a piece (` K@`), a stack's count (` @2`), a timer's plies left
//! (` #:2`) and a link's number (` .=1`). Without colour the last move's squares are in
//! brackets (`[K]`); with colour they are brighter.

mod ansi;
mod board;
mod cell;
#[cfg(test)]
mod contrast;
mod legend;
mod paint;

use holechess_kernel::{Move, Position};

use self::ansi::visible_width;
use self::board::BoardFrame;
use self::cell::{cell_at, CellContext};
use self::legend::{footer_lines, legend_lines};
use self::paint::Paint;
use crate::glyphs::GlyphFill;
use crate::last_move::{trace_of, MoveTrace};
use crate::links::{compact_link_marker, link_marker, link_pairs};
use crate::orientation::Orientation;

/// How a terminal board is drawn. The caller decides about colour (from `NO_COLOR` and
/// whether the output is a terminal) and Unicode.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TextOptions {
    /// ANSI colours: shaded squares, coloured pieces and tokens.
    pub colour: bool,
    /// Unicode chess glyphs for the pieces that have one (others keep their letter).
    pub unicode: bool,
    pub orientation: Orientation,
    /// The move that led to the position, highlighted.
    pub last_move: Option<Move>,
    /// Rank numbers and file letters around the board.
    pub coordinates: bool,
    /// The legend of tokens and links under the board.
    pub legend: bool,
    /// The terminal's width in columns, if known: boards that would not fit side by side
    /// get compact link marks, then are drawn one above the other, and the lines under them
    /// are broken at spaces to fit.
    pub width: Option<usize>,
}

impl Default for TextOptions {
    fn default() -> Self {
        TextOptions {
            colour: false,
            unicode: false,
            orientation: Orientation::WhiteAtBottom,
            last_move: None,
            coordinates: true,
            legend: true,
            width: None,
        }
    }
}

/// Space between boards drawn side by side.
const BOARD_GAP: &str = "    ";

/// The position as text, one line per row, ending with a newline. Several boards stand side
/// by side; where the terminal is too narrow for that, linked squares get one-character
/// marks (`1` for `=1`), and where it is still too narrow the boards are stacked, each
/// named after its file letters. Turned round (Black at the bottom), the boards change
/// sides too, as a physical board does. Lines under the boards are broken at the width.
///
/// ```
/// use holechess_kernel::Position;
/// use holechess_view::{render_text, TextOptions};
/// # let chess = holechess_testkit::orthodox();
/// let board = render_text(&Position::start(&chess), &TextOptions::default());
/// assert!(board.starts_with("8  r  n  b  q  k  b  n  r\n"), "{board}");
/// ```
#[must_use]
pub fn render_text(pos: &Position, options: &TextOptions) -> String {
    let trace = trace_of(pos.variant(), options.last_move);
    let picture = arrange(pos, options, &trace);
    let mut lines = picture.lines;
    if !picture.stacked {
        lines.push(String::new());
    }
    let footer = footer_lines(pos, &trace, options.legend, picture.link_marker);
    lines.extend(footer.iter().flat_map(|line| wrap_to(line, options.width)));
    lines.iter().map(|line| format!("{}\n", line.trim_end())).collect()
}

/// The legend [`render_text`] would draw under the boards with the same options (links
/// marked as in that picture), for a caller that shows the legend only when it changes.
#[must_use]
pub fn render_legend(pos: &Position, options: &TextOptions) -> Vec<String> {
    let trace = trace_of(pos.variant(), options.last_move);
    let marker = arrange(pos, options, &trace).link_marker;
    legend_lines(pos, marker).iter().flat_map(|line| wrap_to(line, options.width)).collect()
}

fn wrap_to(line: &str, width: Option<usize>) -> Vec<String> {
    match width {
        Some(width) => crate::wrap::wrap(line, width),
        None => vec![line.to_owned()],
    }
}

/// The boards drawn, and how.
struct Picture {
    lines: Vec<String>,
    /// The boards one above the other, without blank lines.
    stacked: bool,
    link_marker: fn(usize) -> String,
}

/// The widest of the layouts that fits the width: side by side, side by side with compact
/// link marks, stacked with compact link marks.
fn arrange(pos: &Position, options: &TextOptions, trace: &MoveTrace) -> Picture {
    let fits = |lines: &[String]| options.width.is_none_or(|width| lines.iter().all(|l| visible_width(l) <= width));
    let several = pos.geometry().boards() > 1;
    let full = side_by_side(&boards(pos, options, trace, link_marker, false));
    if !several || fits(&full) {
        return Picture { lines: full, stacked: false, link_marker };
    }
    let compact = side_by_side(&boards(pos, options, trace, compact_link_marker, false));
    if fits(&compact) {
        return Picture { lines: compact, stacked: false, link_marker: compact_link_marker };
    }
    let stacked = boards(pos, options, trace, compact_link_marker, true).concat();
    Picture { lines: stacked, stacked: true, link_marker: compact_link_marker }
}

/// Each board's lines, in the order they are drawn: left to right (top to bottom when
/// stacked), from the right when the boards are turned round.
fn boards(
    pos: &Position,
    options: &TextOptions,
    trace: &MoveTrace,
    link_marker: fn(usize) -> String,
    name_after_files: bool,
) -> Vec<Vec<String>> {
    let links = link_pairs(pos.variant());
    let fill = if options.colour { GlyphFill::Solid } else { GlyphFill::Printed };
    let ctx = CellContext { pos, unicode: options.unicode, fill, trace, links: &links, link_marker };
    let frame = BoardFrame {
        orientation: options.orientation,
        coordinates: options.coordinates,
        named: pos.geometry().boards() > 1,
        name_after_files,
        paint: Paint { colour: options.colour, note_width: widest_note(&ctx) },
    };
    let mut order: Vec<usize> = (0..pos.geometry().boards()).collect();
    if options.orientation == Orientation::BlackAtBottom {
        order.reverse();
    }
    order.into_iter().map(|board| frame.lines(&ctx, board)).collect()
}

/// The widest notes of any square, so that every column has room for them; a variant
/// with timed tokens keeps room for a two-digit timer (`:12`), so the board keeps its
/// width from ply to ply.
fn widest_note(ctx: &CellContext) -> usize {
    let timed = ctx.pos.variant().tokens().iter().any(|token| token.lifetime.is_some());
    let reserved = if timed { TIMER_NOTE_WIDTH } else { 0 };
    ctx.pos.geometry().squares().map(|sq| cell_at(ctx, sq).note_width()).max().unwrap_or(0).max(reserved)
}

/// `:12`: a timer of two digits after a token's symbol.
const TIMER_NOTE_WIDTH: usize = 3;

/// Blocks of lines joined left to right, each padded to its widest line.
fn side_by_side(blocks: &[Vec<String>]) -> Vec<String> {
    let height = blocks.iter().map(Vec::len).max().unwrap_or(0);
    let widths: Vec<usize> = blocks.iter().map(|b| b.iter().map(|l| visible_width(l)).max().unwrap_or(0)).collect();
    (0..height)
        .map(|row| {
            let parts: Vec<String> = blocks
                .iter()
                .zip(&widths)
                .map(|(block, &width)| {
                    let line = block.get(row).map(String::as_str).unwrap_or("");
                    format!("{line}{}", " ".repeat(width - visible_width(line)))
                })
                .collect();
            parts.join(BOARD_GAP)
        })
        .collect()
}
