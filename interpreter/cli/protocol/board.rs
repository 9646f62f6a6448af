//! The game an engine protocol plays: the variant the GUI chose and the position it set,
//! with the moves (and the dice the GUI rolled for them) played through the runtime, so
//! every variant's events and hooks apply as in `play`.

use std::sync::Arc;

use holechess_kernel::{Move, Position, Side, Status};
use holechess_runtime::{Dice, Game, PlayableVariant};

use super::move_text::{read_move, split_dice, write_move_with_dice};

/// Dice seed of the games the engine keeps itself (XBoard: the engine rolls for moves
/// given without dice).
const ENGINE_DICE_SEED: u64 = 1;

/// A variant and a game of it.
#[derive(Clone)]
pub struct EngineBoard {
    rules: Arc<PlayableVariant>,
    game: Game,
}

impl EngineBoard {
    /// The variant `name` (bundled) or a script path, at its start.
    pub fn load(name: &str) -> Result<EngineBoard, String> {
        crate::spelling::check_variant_name(name)?;
        let rules = PlayableVariant::load(name).map_err(|e| first_line(&e))?;
        let game = start_game(&rules, &[])?;
        Ok(EngineBoard { rules, game })
    }

    pub fn rules(&self) -> &Arc<PlayableVariant> {
        &self.rules
    }

    pub fn position(&self) -> &Position {
        self.game.position()
    }

    /// Back to the variant's start; `start_faces` are the dice of its game-start hooks.
    pub fn set_start(&mut self, start_faces: &[u32]) -> Result<(), String> {
        self.game = start_game(&self.rules, start_faces)?;
        Ok(())
    }

    /// The position `fen` (with the variant's token field); its game-start hooks do not run.
    pub fn set_fen(&mut self, fen: &str) -> Result<(), String> {
        let variant = self.rules.variant();
        let pos = Position::from_fen(variant, fen).map_err(|e| format!("invalid FEN `{fen}`: {e}"))?;
        self.game = Game::new(Arc::clone(&self.rules), pos, Dice::seeded(ENGINE_DICE_SEED));
        Ok(())
    }

    /// Plays one wire move (`e2e4`, `e2e4:6,5`). Dice given are used exactly (all of them,
    /// K4); without dice a variant that rolls takes them from the engine's own seeded dice
    /// when `engine_rolls`, and is an error otherwise. Returns the move played with the
    /// faces rolled, as the wire writes it.
    pub fn play(&mut self, token: &str, engine_rolls: bool) -> Result<String, String> {
        let wire = split_dice(token)?;
        let before = self.game.position().clone();
        let mv = self.read(wire.text)?;
        let result = match wire.faces.is_empty() && engine_rolls {
            true => self.game.play(mv).map(|ply| ply.rolls.clone()),
            false => self.game.play_recorded(mv, &wire.faces).map(|ply| ply.rolls.clone()),
        };
        let rolls = result.map_err(|e| e.to_string())?;
        let faces: Vec<u32> = rolls.iter().map(|roll| u32::from(roll.value)).collect();
        Ok(write_move_with_dice(&before, mv, &faces))
    }

    /// The legal move written `text` in the current position.
    pub fn read(&self, text: &str) -> Result<Move, String> {
        self.rules.hooks.take_special_error();
        let read = read_move(self.game.position(), text);
        if let Some(error) = self.rules.hooks.take_special_error() {
            return Err(format!("the special-moves hook failed: {error}"));
        }
        read
    }

    /// Takes back the last ply; false when there is none.
    pub fn undo(&mut self) -> bool {
        self.game.undo().is_some()
    }

    /// Plies played since the start or the last position set.
    pub fn plies(&self) -> usize {
        self.game.plies().len()
    }
}

/// The variant's start with its game-start hooks rolling `faces` (or, with no faces and
/// such hooks, the engine's own seeded dice).
fn start_game(rules: &Arc<PlayableVariant>, faces: &[u32]) -> Result<Game, String> {
    let game = match faces.is_empty() {
        true => Game::from_start(Arc::clone(rules), Dice::seeded(ENGINE_DICE_SEED)),
        false => Game::from_recorded_start(Arc::clone(rules), faces),
    };
    let mut game = game.map_err(|e| e.to_string())?;
    game.set_dice(Dice::seeded(ENGINE_DICE_SEED));
    Ok(game)
}

/// A loader's rendered diagnostics on one line (a protocol answers in lines).
fn first_line(text: &str) -> String {
    text.lines().map(str::trim).filter(|l| !l.is_empty()).collect::<Vec<_>>().join(" | ")
}

/// `1-0 {White mates}` and the like once the game in `pos` is over.
pub fn result_line(pos: &Position) -> Option<String> {
    let status = pos.status();
    if !status.is_over() {
        return None;
    }
    let reason = match status {
        Status::Checkmate { winner } if winner == pos.side_to_move() => {
            format!("{} is checkmated and wins", winner.title())
        }
        Status::Checkmate { winner: Side::White } => "White mates".to_string(),
        Status::Checkmate { winner: Side::Black } => "Black mates".to_string(),
        Status::Goal { winner } => format!("{} reached its goal", winner.title()),
        Status::Checks { winner, checks } => {
            format!("{} gave {}", winner.title(), holechess_runtime::game::checks_text(checks))
        }
        Status::Extinction { side, kind, below, .. } => pos.describe_extinction(side, kind, below),
        Status::Counted { white, black, .. } => format!("{white} pieces to {black}"),
        Status::Stalemate { .. } => "Stalemate".to_string(),
        Status::Draw { reason } => reason.to_string(),
        Status::Ongoing => return None,
    };
    Some(format!("{} {{{reason}}}", status.result(pos.side_to_move())))
}
