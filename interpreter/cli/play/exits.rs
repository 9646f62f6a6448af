//! Transits typed without their exit (`Nf3` onto a porthole): the only exit is taken and
//! said; several exits are listed with numbers, and the next line may pick one by its
//! number, its exit square or its full text. While the choice waits the prompt shows it; a
//! number out of range is answered and the choice still waits; another move cancels it.

use holechess_kernel::notation::san;
use holechess_kernel::{Move, Position};

/// Transits waiting for the player to pick an exit.
#[derive(Clone, Debug)]
pub struct ExitChoice {
    /// The text the player typed.
    pub typed: String,
    pub moves: Vec<Move>,
}

impl ExitChoice {
    /// The lines that offer the exits: `Nf3 enters the porthole on f3: pick an exit ...`.
    pub fn offer(&self, pos: &Position) -> Vec<String> {
        let entry = self.moves.first().and_then(|&mv| entry_of(mv));
        let token =
            entry.and_then(|sq| pos.tokens_at(sq)).map(|stack| &pos.variant().tokens()[stack.kind as usize].name);
        let mut lines = vec![format!(
            "{} enters the {} on {}: {} exits are free; type a number or the exit square:",
            self.typed,
            token.map_or("link", String::as_str),
            entry.map_or(String::new(), |sq| pos.geometry().name(sq)),
            self.moves.len()
        )];
        let listed: Vec<String> =
            self.moves.iter().enumerate().map(|(index, &mv)| format!("{}. {}", index + 1, san(pos, mv))).collect();
        lines.extend(super::show::wrapped(&listed).into_iter().map(|line| format!("  {line}")));
        lines
    }

    /// The move `line` picks: `2`, `c6` (the exit square) or a full move text of the list.
    pub fn pick(&self, pos: &Position, line: &str) -> Option<Move> {
        let word = line.trim();
        if let Ok(number) = word.parse::<usize>() {
            return number.checked_sub(1).and_then(|index| self.moves.get(index)).copied();
        }
        let g = pos.geometry();
        self.moves.iter().copied().find(|&mv| {
            let exit = mv.to().map(|sq| g.name(sq)).unwrap_or_default();
            exit.eq_ignore_ascii_case(word)
                || san(pos, mv).trim_end_matches(['+', '#']) == word.trim_end_matches(['+', '#'])
        })
    }
}

/// What a line that picks no exit does to the pending choice.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Answer {
    /// A number outside the list: the choice waits, with this message.
    OutOfRange(String),
    /// A command that changes nothing (`board`, `moves`, `help`): the choice waits.
    Keep,
    /// Anything else (another move, a command that changes the game): the choice is dropped.
    Cancel,
}

/// How `line`, which picks none of the exits, answers `choice`.
pub fn answer_to(choice: &ExitChoice, line: &str) -> Answer {
    let word = line.trim();
    if word.parse::<u64>().is_ok() || word.strip_prefix('-').is_some_and(|n| n.parse::<u64>().is_ok()) {
        return Answer::OutOfRange(format!("choose 1-{} (or type another move)", choice.moves.len()));
    }
    let first = word.split_whitespace().next().unwrap_or_default().to_ascii_lowercase();
    match first.as_str() {
        "" | "help" | "?" | "board" | "show" | "moves" | "fen" | "history" | "pgn" | "flip" => Answer::Keep,
        "holes" if word.split_whitespace().nth(1).is_none() => Answer::Keep,
        _ => Answer::Cancel,
    }
}

/// The line said when the only exit is taken: `Nf3 enters the porthole on f3 and leaves by c6`
/// (a transit whose entry holds no token goes through a link: `Nh3 enters the link on h3 ...`).
pub fn only_exit(pos: &Position, typed: &str, mv: Move) -> String {
    let g = pos.geometry();
    let entry = entry_of(mv);
    let token =
        entry.and_then(|sq| pos.tokens_at(sq)).map(|stack| pos.variant().tokens()[stack.kind as usize].name.clone());
    format!(
        "{typed} enters the {} on {} and leaves by {}, its only free exit.",
        token.unwrap_or_else(|| "link".to_owned()),
        entry.map_or(String::new(), |sq| g.name(sq)),
        mv.to().map_or(String::new(), |sq| g.name(sq))
    )
}

fn entry_of(mv: Move) -> Option<holechess_kernel::Square> {
    match mv {
        Move::Transit { entry, .. } => Some(entry),
        _ => None,
    }
}
