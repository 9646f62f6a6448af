//! One game: the position, the plies played with their rolls and effects, and the dice
//! source. A ply is the kernel's move (K1) followed by the variant's events (K2); after
//! checkmate or stalemate nothing more may be played (K9).

use std::sync::Arc;

use holechess_kernel::notation::{lan, parse_move, san, NotationError};
use holechess_kernel::spec::Schedule;
use holechess_kernel::{Move, MoveList, Position, Status};

use crate::dice::{Dice, Roll};
use crate::hooks::HookError;
use crate::playable_variant::PlayableVariant;

/// A ply that was played.
#[derive(Clone, Debug)]
pub struct PlyRecord {
    /// The position before the ply.
    pub before: Position,
    pub mv: Move,
    pub san: String,
    pub lan: String,
    /// Every die thrown by the ply's events, in order (K4).
    pub rolls: Vec<Roll>,
    /// What the events did, in words.
    pub notes: Vec<String>,
    /// The dice source before the ply (so undo replays the same rolls).
    dice_before: Dice,
}

/// Why a ply could not be played.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum GameError {
    #[error("the game is over ({0}); no further move is allowed (K9)")]
    GameOver(String),
    #[error("{0}")]
    Notation(#[from] NotationError),
    #[error("{0} is not a legal move here")]
    Illegal(String),
    #[error("{0}")]
    Event(#[from] HookError),
    #[error("surplus dice outcomes: {0} left after the ply's events (K4)")]
    SurplusDice(usize),
    #[error("dice outcomes given, but this variant rolls no dice")]
    UnexpectedDice,
    #[error("dice outcomes given before the first move, but this variant rolls none at game start")]
    UnexpectedStartDice,
}

/// A game in progress.
#[derive(Clone, Debug)]
pub struct Game {
    rules: Arc<PlayableVariant>,
    start: Position,
    position: Position,
    plies: Vec<PlyRecord>,
    dice: Dice,
    /// What the `at game start` hooks rolled and did (empty without such hooks).
    setup: StartRolls,
    /// Whether the game began at the variant's own start (its game-start hooks run there).
    from_variant_start: bool,
    /// Whether the current position has a legal move, known when [`Game::generate_legal`]
    /// listed them since the position last changed (so that judging whether the game is
    /// over does not generate them again).
    has_moves: Option<bool>,
}

/// The dice and notes of a variant's game-start hooks (the position they make is a
/// [`Position`]; a position described but not checked is a kernel `Setup`).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct StartRolls {
    /// Every die thrown before the first move, in order (K4: part of the record).
    pub rolls: Vec<Roll>,
    pub notes: Vec<String>,
    /// Why the hooks failed, when a game was started regardless ([`Game::seeded`]).
    pub error: Option<String>,
}

impl Game {
    /// A game from `start`, rolling with `dice`.
    /// A given position is complete: the variant's game-start hooks do not run.
    pub fn new(rules: Arc<PlayableVariant>, start: Position, dice: Dice) -> Game {
        Game {
            rules,
            position: start.clone(),
            start,
            plies: Vec::new(),
            dice,
            setup: StartRolls::default(),
            from_variant_start: false,
            has_moves: None,
        }
    }

    /// A game from the variant's start with seeded dice; the game-start hooks (if any) roll
    /// first. If they fail, the game starts from the declared position and the error is kept
    /// in [`StartRolls::error`] (use [`Game::from_start`] to get it as an error).
    pub fn seeded(rules: Arc<PlayableVariant>, seed: u64) -> Game {
        let start = rules.start_position();
        let mut game = Game::new(rules, start, Dice::seeded(seed));
        if let Err(error) = game.run_game_start() {
            game.setup.error = Some(error.to_string());
        }
        game
    }

    /// A game from the variant's start, its game-start hooks rolling with `dice`.
    ///
    /// # Errors
    ///
    /// A [`GameError`] when a game-start hook fails.
    pub fn from_start(rules: Arc<PlayableVariant>, dice: Dice) -> Result<Game, GameError> {
        let start = rules.start_position();
        let mut game = Game::new(rules, start, dice);
        game.run_game_start()?;
        Ok(game)
    }

    /// A game from the variant's start with the start outcomes a record gives: all must be
    /// used (K4), and a missing or impossible one is a dice error.
    ///
    /// # Errors
    ///
    /// A [`GameError`] when a game-start hook fails, or an outcome is missing, impossible or left over.
    pub fn from_recorded_start(rules: Arc<PlayableVariant>, outcomes: &[u32]) -> Result<Game, GameError> {
        let (start, setup) = rules.recorded_start(outcomes)?;
        let mut game = Game::new(rules, start, Dice::seeded(0));
        game.setup = setup;
        game.from_variant_start = true;
        Ok(game)
    }

    /// Runs the game-start hooks on the start position (nothing without such hooks).
    fn run_game_start(&mut self) -> Result<(), GameError> {
        self.from_variant_start = true;
        if !self.rules.hooks.has_game_start() {
            return Ok(());
        }
        let dice = std::mem::replace(&mut self.dice, Dice::seeded(0));
        let (result, dice) = self.rules.rolled_start(dice);
        self.dice = dice;
        let (start, setup) = result?;
        self.start = start;
        self.set_position(self.start.clone());
        self.setup = setup;
        Ok(())
    }

    /// Whether the game began at the variant's own start, game-start hooks included (a
    /// record then needs no position tag: its start rolls give the start).
    #[must_use]
    pub fn from_variant_start(&self) -> bool {
        self.from_variant_start
    }

    /// What the game-start hooks rolled and did.
    #[must_use]
    pub fn setup(&self) -> &StartRolls {
        &self.setup
    }

    #[must_use]
    pub fn rules(&self) -> &Arc<PlayableVariant> {
        &self.rules
    }

    #[must_use]
    pub fn position(&self) -> &Position {
        &self.position
    }

    #[must_use]
    pub fn start(&self) -> &Position {
        &self.start
    }

    #[must_use]
    pub fn plies(&self) -> &[PlyRecord] {
        &self.plies
    }

    #[must_use]
    pub fn status(&self) -> Status {
        self.position.status()
    }

    /// [`Game::status`], judged without generating the moves again when they were just
    /// listed and there are some: one side to move, with a move left, has only its goal to
    /// end the game (checkmate and stalemate need no move left).
    fn status_knowing_moves(&self) -> Status {
        let alternate = self.position.variant().spec().schedule == Schedule::Alternate;
        match (self.has_moves, alternate) {
            (Some(true), true) => match self.position.goal_reached() {
                Some(winner) => Status::Goal { winner },
                None => Status::Ongoing,
            },
            _ => self.position.status(),
        }
    }

    /// Replaces the dice source (e.g. a new seed).
    pub fn set_dice(&mut self, dice: Dice) {
        self.dice = dice;
    }

    /// Reads a move in SAN or long algebraic notation and plays it.
    ///
    /// # Errors
    ///
    /// A [`GameError`] when `text` names no legal move, the game is over, or an event hook fails.
    pub fn play_text(&mut self, text: &str) -> Result<&PlyRecord, GameError> {
        self.ensure_not_over()?;
        self.rules.hooks.take_special_error();
        let parsed = parse_move(&self.position, text);
        self.special_hook_ok()?;
        self.play(parsed?)
    }

    /// A special-moves hook error met while generating this position's moves.
    fn special_hook_ok(&self) -> Result<(), GameError> {
        match self.rules.hooks.take_special_error() {
            Some(error) => Err(GameError::Event(error)),
            None => Ok(()),
        }
    }

    /// Plays a legal move, then the events, drawing from the game's dice.
    ///
    /// # Errors
    ///
    /// A [`GameError`] when the game is over, `mv` is not legal, or an event hook fails; the game is then
    /// unchanged.
    pub fn play(&mut self, mv: Move) -> Result<&PlyRecord, GameError> {
        self.ensure_not_over()?;
        self.rules.hooks.take_special_error();
        let legal = self.position.is_legal(mv);
        self.special_hook_ok()?;
        if !legal {
            return Err(GameError::Illegal(lan(&self.position, mv)));
        }
        let before = self.position.clone();
        let dice_before = self.dice.clone();
        let san_text = san(&before, mv);
        let lan_text = lan(&before, mv);
        let mut after = before.clone();
        after.play_unchecked(mv);
        let (after, rolls, notes) = self.run_events(after)?;
        self.set_position(after);
        self.plies.push(PlyRecord { before, mv, san: san_text, lan: lan_text, rolls, notes, dice_before });
        Ok(self.plies.last().expect("just pushed"))
    }

    /// Plays `mv` with the outcomes a record gives for it: all must be used (K4).
    ///
    /// # Errors
    ///
    /// As [`Game::play`], and a dice error when an outcome is missing, impossible or left over.
    pub fn play_recorded(&mut self, mv: Move, outcomes: &[u32]) -> Result<&PlyRecord, GameError> {
        if !self.rules.has_events() && !outcomes.is_empty() {
            return Err(GameError::UnexpectedDice);
        }
        let saved = std::mem::replace(&mut self.dice, Dice::recorded(outcomes.iter().copied()));
        let result = self.play(mv).map(|_| ());
        let left = self.dice.remaining();
        self.dice = saved;
        result?;
        if left > 0 {
            self.undo();
            return Err(GameError::SurplusDice(left));
        }
        Ok(self.plies.last().expect("just played"))
    }

    fn run_events(&mut self, after: Position) -> Result<(Position, Vec<Roll>, Vec<String>), GameError> {
        if !self.rules.has_events() {
            return Ok((after, Vec::new(), Vec::new()));
        }
        let dice = std::mem::replace(&mut self.dice, Dice::seeded(0));
        let (outcome, dice) = self.rules.hooks.after_move(after, dice);
        self.dice = dice;
        let outcome = outcome?;
        Ok((outcome.position, outcome.rolls, outcome.notes))
    }

    fn ensure_not_over(&self) -> Result<(), GameError> {
        let status = self.status_knowing_moves();
        if status.is_over() {
            return Err(GameError::GameOver(describe(status)));
        }
        Ok(())
    }

    /// Fills `out` with the legal moves of the current position, without copying it.
    pub fn generate_legal(&mut self, out: &mut MoveList) {
        self.position.generate_legal(out);
        self.has_moves = Some(!out.is_empty());
    }

    fn set_position(&mut self, position: Position) {
        self.position = position;
        self.has_moves = None;
    }

    /// [`Game::play_recorded`] for replaying records: keeps no ply record and copies the
    /// position only without its history, so a long record replays in time and memory
    /// linear in its length. `mv` must be one of the legal moves ([`Game::generate_legal`]).
    /// On an error the position is the one before the ply, its repetition history forgotten.
    ///
    /// # Errors
    ///
    /// A [`GameError`] when an event hook fails or an outcome is missing, impossible or left over.
    pub fn advance_recorded(&mut self, mv: Move, outcomes: &[u32]) -> Result<(), GameError> {
        self.ensure_not_over()?;
        let before = self.position.clone_without_history();
        let current = std::mem::replace(&mut self.position, before);
        self.has_moves = None;
        self.position = self.rules.replay_ply(current, mv, outcomes)?;
        Ok(())
    }

    /// Takes back the last ply (its rolls too: the dice are as before it).
    pub fn undo(&mut self) -> Option<PlyRecord> {
        let ply = self.plies.pop()?;
        self.set_position(ply.before.clone());
        self.dice = ply.dice_before.clone();
        Some(ply)
    }
}

impl PlayableVariant {
    /// The start the variant's game-start hooks make, rolling with `dice` (the declared start
    /// when there are none), with what they rolled and noted; the dice are given back.
    pub fn rolled_start(&self, dice: Dice) -> (Result<(Position, StartRolls), GameError>, Dice) {
        if !self.hooks.has_game_start() {
            return (Ok((self.start_position(), StartRolls::default())), dice);
        }
        let (outcome, dice) = self.hooks.game_start(self.start_position(), dice);
        let result = outcome
            .map(|o| (o.position, StartRolls { rolls: o.rolls, notes: o.notes, error: None }))
            .map_err(GameError::from);
        (result, dice)
    }

    /// `position` after `mv` and the ply's events, rolled with a record's `outcomes` (all
    /// must be used, K4). For replaying records: no copy of the position and no ply record
    /// is kept, so a long record replays in time and memory linear in its length. `mv` must
    /// be one of the position's legal moves (generated or parsed there).
    ///
    /// # Errors
    ///
    /// As [`PlayableVariant::recorded_events`].
    pub fn replay_ply(&self, mut position: Position, mv: Move, outcomes: &[u32]) -> Result<Position, GameError> {
        position.play_unchecked(mv);
        self.recorded_events(position, outcomes)
    }

    /// The ply's events after a move already played on `position`, rolled with a record's
    /// `outcomes` (all must be used, K4): the second half of [`PlayableVariant::replay_ply`].
    ///
    /// # Errors
    ///
    /// A [`GameError`] when an event hook fails or an outcome is missing, impossible or left over.
    pub fn recorded_events(&self, position: Position, outcomes: &[u32]) -> Result<Position, GameError> {
        if !self.has_events() {
            return match outcomes.is_empty() {
                true => Ok(position),
                false => Err(GameError::UnexpectedDice),
            };
        }
        let (outcome, dice) = self.hooks.after_move(position, Dice::recorded(outcomes.iter().copied()));
        let outcome = outcome?;
        match dice.remaining() {
            0 => Ok(outcome.position),
            left => Err(GameError::SurplusDice(left)),
        }
    }

    /// [`PlayableVariant::rolled_start`] with a record's start outcomes: all must be used (K4).
    ///
    /// # Errors
    ///
    /// A [`GameError`] when a game-start hook fails or an outcome is missing, impossible or left over.
    pub fn recorded_start(&self, outcomes: &[u32]) -> Result<(Position, StartRolls), GameError> {
        if !self.hooks.has_game_start() && !outcomes.is_empty() {
            return Err(GameError::UnexpectedStartDice);
        }
        let (result, dice) = self.rolled_start(Dice::recorded(outcomes.iter().copied()));
        let start = result?;
        match dice.remaining() {
            0 => Ok(start),
            left => Err(GameError::SurplusDice(left)),
        }
    }
}

/// `3 checks`, `1 check`.
#[must_use]
pub fn checks_text(checks: u8) -> String {
    if checks == 1 {
        "1 check".to_string()
    } else {
        format!("{checks} checks")
    }
}

/// A status in words.
#[must_use]
pub fn describe(status: Status) -> String {
    match status {
        Status::Ongoing => "the game goes on".to_string(),
        Status::Checkmate { winner } => format!("checkmate, {winner} wins"),
        Status::Goal { winner } => format!("{winner} reached its goal and wins"),
        Status::Checks { winner, checks } => format!("{winner} gave {} and wins", checks_text(checks)),
        Status::Extinction { side, winner, .. } => format!("{side} has too few pieces left: {winner} wins"),
        Status::Counted { winner: Some(winner), white, black } => format!("{white} pieces to {black}: {winner} wins"),
        Status::Counted { winner: None, white, black } => format!("{white} pieces to {black}: a draw"),
        Status::Stalemate { rule } => format!("stalemate ({rule:?})").to_lowercase(),
        Status::Draw { reason } => format!("draw: {reason}"),
    }
}
