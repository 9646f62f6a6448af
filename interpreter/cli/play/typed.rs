//! What one typed move names here: a legal move read forgivingly (any letter case, `o-o`,
//! `e.p.`, annotations; see [`holechess_kernel::notation::forgiving`]), a transit typed
//! without its exit (its only exit, or the exits to pick from), or why it names none.

use holechess_kernel::notation::{
    parse_move, read_forgiving, san, strip_board_names, transit_choices_for, Forgiving, NotationError,
};
use holechess_kernel::{Move, Position};
use holechess_runtime::GameError;

use super::exits::{self, ExitChoice};

/// What a typed move names.
pub enum Typed {
    Move(Move),
    /// A transit typed without its exit, which has one free exit: the line that says so.
    OnlyExit(String, Move),
    /// A transit typed without its exit, with several free exits to pick from.
    Exits(ExitChoice),
}

/// Reads `typed` in `pos`; `refuse` words the error of a spelling that names no legal move.
pub fn read(pos: &Position, typed: &str, refuse: impl FnOnce(&str, GameError) -> String) -> Result<Typed, String> {
    let owned = strip_board_names(pos, typed)?;
    let text = owned.as_str();
    let spellings = match read_forgiving(pos, text) {
        Forgiving::One(mv) => return Ok(Typed::Move(mv)),
        Forgiving::Several(options) => {
            let named: Vec<String> = options.iter().map(|&(_, mv)| san(pos, mv)).collect();
            return Err(format!("`{}` could be {}: type which", text.trim(), named.join(" or ")));
        }
        Forgiving::None(spellings) => spellings,
    };
    let Some(best) = spellings.first() else {
        return Err(refuse(text, GameError::Notation(NotationError::Malformed(text.to_owned()))));
    };
    let moves = spellings.iter().map(|spelling| transit_choices_for(pos, spelling)).find(|m| !m.is_empty());
    match moves.as_deref() {
        Some([only]) => Ok(Typed::OnlyExit(exits::only_exit(pos, best, *only), *only)),
        Some(moves) => Ok(Typed::Exits(ExitChoice { typed: best.clone(), moves: moves.to_vec() })),
        None => match parse_move(pos, best) {
            Ok(mv) => Ok(Typed::Move(mv)),
            Err(error) => Err(refuse(best, GameError::Notation(error))),
        },
    }
}

/// Why a word of a pasted line stops it when it is a transit with several free exits: a
/// line names its exits (no choice is offered in the middle of a line).
pub fn exit_needed(pos: &Position, choice: &ExitChoice) -> String {
    format!(
        "{} enters a square with {} free exits: name the exit, e.g. {}",
        choice.typed,
        choice.moves.len(),
        san(pos, choice.moves[0])
    )
}
