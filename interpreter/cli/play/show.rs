//! What the REPL prints: a ply with its dice and their effects, the board (its legend when
//! it changes), and how the game stands (check, the end and its reason, a draw that may be
//! claimed).

use holechess_kernel::spec::StalemateRule;
use holechess_kernel::{DrawClaim, Move, Position, Side, Status};
use holechess_runtime::PlyRecord;
use holechess_view::{render_legend, render_text, Orientation, TextOptions};

/// How boards are drawn.
#[derive(Clone, Copy, Debug)]
pub struct Style {
    pub colour: bool,
    pub unicode: bool,
    /// The terminal's columns, when known (boards and text are laid out to fit).
    pub width: Option<usize>,
    /// Black at the bottom (`flip`).
    pub flipped: bool,
}

impl Style {
    /// Colour when standard output is a terminal and `NO_COLOR` is unset; Unicode always;
    /// the width from `COLUMNS`, else the terminal's, else 80 at a terminal (output to a
    /// pipe or a file without `COLUMNS` is not broken into lines: a program reads it).
    pub fn detect() -> Style {
        use std::io::IsTerminal;
        let colour = std::io::stdout().is_terminal() && std::env::var_os("NO_COLOR").is_none();
        let at_terminal = std::io::stdout().is_terminal();
        let width = terminal_width().or(at_terminal.then_some(holechess_view::wrap::DEFAULT_WIDTH));
        Style { colour, unicode: true, width, flipped: false }
    }
}

/// `COLUMNS` when set, else the width of the terminal on standard output.
pub fn terminal_width() -> Option<usize> {
    if let Some(columns) = std::env::var("COLUMNS").ok().and_then(|c| c.trim().parse().ok()).filter(|&c: &usize| c > 0)
    {
        return Some(columns);
    }
    let mut size = libc::winsize { ws_row: 0, ws_col: 0, ws_xpixel: 0, ws_ypixel: 0 };
    // SAFETY: TIOCGWINSZ writes one winsize into `size`; fd 1 is standard output.
    let found = unsafe { libc::ioctl(1, libc::TIOCGWINSZ, &mut size) } == 0;
    (found && size.ws_col > 0).then_some(usize::from(size.ws_col))
}

/// `12. Nf3` or `12... Nf6`, the dice thrown after it and what they did.
pub fn ply_lines(ply: &PlyRecord, who: Option<&str>) -> Vec<String> {
    let number = ply.before.fullmove_number();
    let dots = if ply.before.side_to_move() == Side::White { "." } else { "..." };
    let by = who.map_or(String::new(), |w| format!("  ({w})"));
    let g = ply.before.geometry();
    let board = match ply.before.board_to_move() {
        Some(board) if g.boards() > 1 => format!(" on board {}", g.board_names[board]),
        _ => String::new(),
    };
    let mut lines = vec![format!("{number}{dots} {}{board}{by}", ply.san)];
    if !ply.rolls.is_empty() {
        let rolls: Vec<String> = ply.rolls.iter().map(ToString::to_string).collect();
        lines.push(format!("  dice: {}", rolls.join(" ")));
    }
    for note in &ply.notes {
        lines.push(format!("  {}", super::wording::without_ruling_ids(note)));
    }
    if !ply.rolls.is_empty() && ply.notes.is_empty() {
        lines.push("  (no effect)".to_owned());
    }
    lines
}

/// What the REPL's screen shows: how boards are drawn, and the legend last shown (it is
/// shown again only when it changes, so that each ply's output stays short).
#[derive(Clone, Debug)]
pub struct Screen {
    pub style: Style,
    legend_shown: Option<Vec<String>>,
}

impl Screen {
    pub fn new(style: Style) -> Screen {
        Screen { style, legend_shown: None }
    }

    /// The board with the last move highlighted, and the legend when it differs from the
    /// one shown last or `with_legend` asks for it.
    pub fn board(&mut self, pos: &Position, last: Option<Move>, with_legend: bool) -> String {
        let options = TextOptions { legend: false, ..self.options(last) };
        let mut text = render_text(pos, &options);
        let legend = render_legend(pos, &options);
        if with_legend || self.legend_shown.as_ref() != Some(&legend) {
            legend.iter().for_each(|line| text.push_str(&format!("{line}\n")));
            self.legend_shown = Some(legend);
        }
        text
    }

    fn options(&self, last: Option<Move>) -> TextOptions {
        let style = self.style;
        TextOptions {
            colour: style.colour,
            unicode: style.unicode,
            last_move: last,
            width: style.width,
            orientation: if style.flipped { Orientation::BlackAtBottom } else { Orientation::WhiteAtBottom },
            ..TextOptions::default()
        }
    }

    /// Prints `text`, broken at spaces to the width when there is one, its control
    /// characters escaped (a script's title, a hook's note or a typed word may hold them).
    pub fn say(&self, text: &str) {
        let text = &*crate::terminal_text::escaped(text);
        match self.style.width {
            Some(width) => holechess_view::wrap::wrap(text, width).iter().for_each(|line| println!("{line}")),
            None => println!("{}", text.trim_end_matches('\n')),
        }
    }
}

/// A line on how the game stands after a ply (`None` when there is nothing to say
/// beyond whose move it is).
pub fn standing(pos: &Position) -> Vec<String> {
    let mut lines = Vec::new();
    let to_move = pos.side_to_move();
    let just_moved = to_move.opponent();
    match pos.status() {
        Status::Checkmate { winner } => {
            lines.push(format!("Checkmate: {} wins ({}).", winner.title(), pos.status().result(to_move)));
            return lines;
        }
        Status::Goal { winner } => {
            lines.push(format!("{} reached its goal and wins ({}).", winner.title(), pos.status().result(to_move)));
            return lines;
        }
        Status::Checks { winner, checks } => {
            let given = holechess_runtime::game::checks_text(checks);
            lines.push(format!("{} gave {given} and wins ({}).", winner.title(), pos.status().result(to_move)));
            return lines;
        }
        Status::Extinction { side, kind, below, winner } => {
            let why = pos.describe_extinction(side, kind, below);
            lines.push(format!("{why}: {} wins ({}).", winner.title(), pos.status().result(to_move)));
            return lines;
        }
        Status::Stalemate { rule } => {
            lines.push(stalemate_line(rule, to_move));
            if rule != StalemateRule::Pass {
                return lines;
            }
        }
        Status::Draw { reason } => {
            lines.push(format!("Draw: {reason} (1/2-1/2)."));
            return lines;
        }
        Status::Counted { winner, white, black } => {
            let who = winner.map_or_else(|| "a draw".to_owned(), |side| format!("{} wins", side.title()));
            lines
                .push(format!("No move is left: {white} pieces to {black}, {who} ({}).", pos.status().result(to_move)));
            return lines;
        }
        Status::Ongoing => {}
    }
    if pos.royal_attacked(just_moved) {
        lines.push(format!(
            "{}'s king is attacked after the event; the position stands, and {} must answer the check next move.",
            just_moved.title(),
            just_moved.title()
        ));
    }
    if pos.is_check() {
        lines.push(format!("{} is in check.", to_move.title()));
    }
    if let Some(claim) = pos.claimable_draw() {
        let why = match claim {
            DrawClaim::FiftyMoves => "the 50-move rule",
            DrawClaim::Repetition => "threefold repetition",
        };
        lines.push(format!("{} may claim a draw by {why}: type `draw` to claim it.", to_move.title()));
    }
    lines
}

fn stalemate_line(rule: StalemateRule, to_move: Side) -> String {
    match rule {
        StalemateRule::Draw => "Stalemate: draw (1/2-1/2).".to_owned(),
        StalemateRule::Loss => {
            format!(
                "Stalemate: {} has no move and loses ({}).",
                to_move.title(),
                if to_move == Side::White { "0-1" } else { "1-0" }
            )
        }
        StalemateRule::Win => {
            format!(
                "Stalemate: {} has no move and wins ({}).",
                to_move.title(),
                if to_move == Side::White { "1-0" } else { "0-1" }
            )
        }
        StalemateRule::Pass => format!("{} has no legal move: the turn passes.", to_move.title()),
    }
}

/// The widest line of a list of moves (it is printed indented by two).
const MOVE_LIST_WIDTH: usize = 72;

/// Legal moves laid out in lines of at most 72 characters, fewer on a narrower terminal
/// (broken at spaces as every other wrapped text is).
pub fn wrapped(words: &[String]) -> Vec<String> {
    let width = terminal_width().map_or(MOVE_LIST_WIDTH, |w| w.saturating_sub(4).clamp(16, MOVE_LIST_WIDTH));
    holechess_view::wrap::wrap_hanging(&words.join(" "), width, 0)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_move_list_is_broken_between_moves_within_the_width() {
        let moves: Vec<String> = (0..40).map(|i| format!("N{}x{}", i % 8, i)).collect();
        let lines = wrapped(&moves);
        assert!(lines.len() > 1, "{lines:#?}");
        assert!(lines.iter().all(|line| line.len() <= MOVE_LIST_WIDTH && !line.starts_with(' ')), "{lines:#?}");
        assert_eq!(lines.join(" ").split(' ').collect::<Vec<_>>(), moves);
        assert!(wrapped(&[]).is_empty());
    }
}
