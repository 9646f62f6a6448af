//! What a line typed at the REPL asks for: a command (its first word) or a move.

/// One line of input, read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Input {
    Nothing,
    Move(String),
    Help,
    Board,
    Moves(Option<String>),
    Undo,
    New(Option<String>),
    /// `holes` alone lists the layout; with squares it lays one out.
    Holes(Option<String>),
    History,
    Flip,
    Resign,
    Hint,
    /// Dice rolled at a real table for the next event.
    Dice(String),
    Seed(String),
    Ai(String),
    Level(String),
    Go,
    Fen,
    Position(Option<String>),
    Save(String),
    /// `save! FILE`: replaces FILE without asking (a symbolic link itself, not its target).
    SaveForced(String),
    Load(String),
    Svg(String),
    Draw,
    Quit,
    /// A command word given without the argument it needs.
    MissingArgument(&'static str),
}

/// Every command with its arguments and what it does (the `help` text and completion).
pub const COMMANDS: &[(&str, &str, &str)] = &[
    ("help", "", "this list"),
    ("board", "", "show the board"),
    ("moves", "[SQUARE]", "the legal moves (from SQUARE)"),
    ("undo", "", "take back the last move (and the computer's reply)"),
    ("new", "[VARIANT]", "a new game (of another variant)"),
    ("holes", "[SQUARES]", "list the tokens, or lay them out before the first move: `holes c3 f3 d5 d5`"),
    ("history", "", "the game so far as PGN (also `pgn`)"),
    ("flip", "", "turn the board around"),
    ("resign", "", "the side to move resigns"),
    ("hint", "", "the computer's move for you, with its evaluation"),
    ("dice", "N N ...", "the dice rolled at a real table for the next move's event, e.g. `dice 6 5 5`"),
    ("seed", "N", "seed the dice"),
    ("ai", "white|black|both|none", "which side the computer plays"),
    ("level", "N", "the computer's level, 1 to 6"),
    ("go", "", "the computer moves now"),
    ("fen", "", "print the position"),
    ("position", "[FEN]", "print the position, or start from FEN"),
    ("save", "FILE", "write the game as PGN (`save!` overwrites)"),
    ("load", "FILE", "read a game from PGN"),
    ("svg", "FILE", "draw the board as SVG"),
    ("draw", "", "claim a draw (50-move rule, threefold repetition)"),
    ("quit", "", "leave (also `exit`, Ctrl-D)"),
];

/// How moves are typed: the first lines of `help`.
const HELP_INTRO: &str = "Type a move: SAN (Nf3, exd5, e8=Q, O-O, Kd2>f5) or long algebraic (g1f3, \
                          e7e8q, e1d2>f5); on two boards also @, @a4 and --. Commands:";

/// The commands in `help`, related ones on one line, so that the list fits one screen.
const HELP_ROWS: &[(&str, &str)] = &[
    ("board, flip", "show the board; turn it around"),
    ("moves [SQUARE]", "the legal moves (from SQUARE)"),
    ("undo", "take back the last move (and the computer's reply)"),
    ("new [VARIANT]", "a new game (of another variant, or a .hole file)"),
    ("holes [SQUARES]", "list the tokens, or lay them out: `holes c3 f3 d5`"),
    ("history", "the game so far as PGN (also `pgn`)"),
    ("hint, go", "the computer's move for you; the computer moves now"),
    ("ai white|black|both|none", "which side the computer plays"),
    ("level N", "the computer's level, 1 to 6"),
    ("dice N N ...", "the dice rolled at a table for the next event"),
    ("seed N", "seed the dice"),
    ("fen, position [FEN]", "print the position; start from FEN"),
    ("save FILE, load FILE", "write the game as PGN; read a game from PGN"),
    ("svg FILE", "draw the board as SVG"),
    ("draw, resign", "claim a draw (50-move rule, repetition); resign"),
    ("help, quit", "this list; leave (also `exit`, Ctrl-D)"),
];

/// The width of the first column of `help`.
const HELP_COLUMN: usize = 25;

/// The `help` text: how moves are typed, then the commands, one group a line.
pub fn help_text() -> String {
    let mut text = format!("{HELP_INTRO}\n");
    for (names, what) in HELP_ROWS {
        text.push_str(&format!("  {names:HELP_COLUMN$} {what}\n"));
    }
    text
}

/// Reads a line. A first word that is no command is a move.
pub fn read(line: &str) -> Input {
    let line = line.trim();
    if line.is_empty() || line.starts_with('#') {
        return Input::Nothing;
    }
    let (word, rest) = match line.split_once(char::is_whitespace) {
        Some((word, rest)) => (word, rest.trim()),
        None => (line, ""),
    };
    let arg = (!rest.is_empty()).then(|| rest.to_owned());
    let needed = |name: &'static str, make: fn(String) -> Input| match &arg {
        Some(text) => make(text.clone()),
        None => Input::MissingArgument(name),
    };
    match word.to_ascii_lowercase().as_str() {
        "help" | "?" => Input::Help,
        "board" | "show" => Input::Board,
        "moves" => Input::Moves(arg),
        "undo" | "takeback" => Input::Undo,
        "new" => Input::New(arg),
        "holes" => Input::Holes(arg),
        "history" | "pgn" => Input::History,
        "flip" => Input::Flip,
        "resign" => Input::Resign,
        "hint" => Input::Hint,
        "dice" => needed("dice", Input::Dice),
        "seed" => needed("seed", Input::Seed),
        "ai" => needed("ai", Input::Ai),
        "level" => needed("level", Input::Level),
        "go" => Input::Go,
        "fen" => Input::Fen,
        "position" => Input::Position(arg),
        "save" => needed("save", Input::Save),
        "save!" => needed("save", Input::SaveForced),
        "load" => needed("load", Input::Load),
        "svg" => needed("svg", Input::Svg),
        "draw" => Input::Draw,
        "quit" | "exit" | "q" => Input::Quit,
        _ => Input::Move(line.to_owned()),
    }
}

/// The usage line of a command.
pub fn usage(name: &str) -> String {
    match COMMANDS.iter().find(|(n, _, _)| *n == name) {
        Some((n, args, what)) => format!("usage: {n} {args}  ({what})"),
        None => format!("unknown command `{name}`"),
    }
}

/// The commands a mistyped word may have meant (a prefix of, or one or two edits from).
pub fn suggestions(word: &str) -> Vec<&'static str> {
    crate::spelling::nearest(word, COMMANDS.iter().map(|(name, _, _)| *name))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn commands_and_moves_are_told_apart() {
        assert_eq!(read("  "), Input::Nothing);
        assert_eq!(read("# a comment"), Input::Nothing);
        assert_eq!(read("e4"), Input::Move("e4".into()));
        assert_eq!(read("e1d2>f5"), Input::Move("e1d2>f5".into()));
        assert_eq!(read("moves e2"), Input::Moves(Some("e2".into())));
        assert_eq!(read("holes c3 c3 f6"), Input::Holes(Some("c3 c3 f6".into())));
        assert_eq!(read("holes"), Input::Holes(None));
        assert_eq!(read("pgn"), Input::History);
        assert_eq!(read("dice 6 5 5"), Input::Dice("6 5 5".into()));
        assert_eq!(read("save"), Input::MissingArgument("save"));
        assert_eq!(read("save! wc.pgn"), Input::SaveForced("wc.pgn".into()));
        assert_eq!(read("QUIT"), Input::Quit);
    }

    #[test]
    fn help_names_every_command_and_fits_80_columns_by_24_rows() {
        let text = help_text();
        for (name, _, _) in COMMANDS {
            let named = HELP_ROWS.iter().any(|(names, _)| names.split([',', ' ']).any(|word| word == *name));
            assert!(named, "`{name}` is missing from help");
        }
        let lines = holechess_view::wrap::wrap(&text, 80);
        assert!(lines.len() < 24, "{} lines with the prompt:\n{text}", lines.len() + 1);
        assert!(text.lines().skip(1).all(|line| line.chars().count() <= 80), "{text}");
        assert_eq!(lines.len(), text.lines().count() + 1, "only the introduction is wrapped:\n{text}");
    }

    #[test]
    fn near_misses_are_suggested() {
        assert_eq!(suggestions("bord"), vec!["board"]);
        assert_eq!(suggestions("hlep"), vec!["help"]);
        assert_eq!(suggestions("udno"), vec!["undo"]);
        assert!(suggestions("hol").contains(&"holes"));
        assert!(suggestions("xyzzy").is_empty());
    }
}
