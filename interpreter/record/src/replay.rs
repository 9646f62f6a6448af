//! Replaying one game record against a variant's rules: the start position (`[FEN]`,
//! `[Holes]`), every move resolved against the legal moves and played with its recorded
//! dice (K4), nothing after checkmate or stalemate (K9), and the `[Result]` checked against
//! the final position. [`GameReplay`] takes the plies one at a time as they are read and
//! reports the first failure with its ply, move text, reason and the position before it in
//! the kernel's notation.
//!
//! Variants without dice are replayed on the kernel alone, each ply resolved against the
//! moves its notation can name (every legal move only when those do not give exactly one);
//! variants with dice call their event hooks on the kernel's position with the recorded
//! outcomes, and a ply that fails there is played again in a game session from the
//! position before it, which reports it.

use std::sync::Arc;

use holechess_kernel::{BitReplay, Move, MoveList, Position, Status};
use holechess_runtime::{EventTree, GameError, HookError, PlayableVariant};
use serde::{Deserialize, Serialize};
use thiserror::Error;

use crate::game_parser::PlySink;
use crate::pgn_game::{GameResult, MoveEntry, PgnGame};
use crate::problem::{SyntaxError, SyntaxProblem};
use crate::reader::GameRecord;
use holechess_kernel::notation::{
    explain_illegal, resolve, resolve_candidates, resolve_piece_move, Candidates, Resolved,
};

/// Why a record is not a valid game of the variant.
#[derive(Clone, Debug, PartialEq, Eq, Error, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
#[non_exhaustive]
pub enum Reason {
    /// The movetext is not valid holechess PGN (the reader's syntax problem).
    #[error("malformed movetext: {message}")]
    Malformed { message: String },
    /// `[Variant]` names another variant.
    #[error("the record is for variant `{tag}`, not `{validated}`")]
    WrongVariant { tag: String, validated: String },
    /// `[FEN]` or `[Holes]` does not give a position of the variant.
    #[error("bad start position: {message}")]
    BadStart { message: String },
    /// No legal move matches.
    #[error("illegal move: {detail}")]
    Illegal { detail: String },
    /// Several legal moves match.
    #[error("ambiguous move: it could be {}", candidates.join(" or "))]
    Ambiguous { candidates: Vec<String> },
    /// The rules roll a die and the record gives no outcome (K4).
    #[error("{message}")]
    MissingDice { message: String },
    /// An outcome the die cannot show (K4, K5).
    #[error("{message}")]
    ImpossibleDice { message: String },
    /// Outcomes left over after the ply's events (K4).
    #[error("surplus dice outcomes: {left} left after the ply's events (K4)")]
    SurplusDice { left: usize },
    /// `%dice` in a variant that rolls none.
    #[error("dice outcomes given, but variant `{variant}` rolls no dice")]
    UnexpectedDice { variant: String },
    /// `%dice` before the first move in a variant whose game start rolls none (K4).
    #[error("{}", start_dice_message(variant, *rolls_later))]
    UnexpectedStartDice { variant: String, rolls_later: bool },
    /// A move after checkmate or stalemate (K9).
    #[error("the game is already over ({status}); no further move is allowed (K9)")]
    GameOver { status: String },
    /// The `[Result]` tag and the movetext's result token disagree.
    #[error("[Result \"{tag}\"] disagrees with the result `{movetext}` at the end of the movetext")]
    ResultsDisagree { tag: String, movetext: String },
    /// The result written contradicts the final position.
    #[error("result `{written}` contradicts the final position ({status}, so `{expected}`)")]
    ResultMismatch { written: String, expected: String, status: String },
    /// A variant's event hook failed.
    #[error("event failed: {message}")]
    Event { message: String },
}

impl Reason {
    /// A short stable name of the reason's kind (`illegal`, `malformed`, ...).
    #[must_use]
    pub fn class(&self) -> &'static str {
        match self {
            Reason::Malformed { .. } => "malformed",
            Reason::WrongVariant { .. } => "wrong_variant",
            Reason::BadStart { .. } => "bad_start",
            Reason::Illegal { .. } => "illegal",
            Reason::Ambiguous { .. } => "ambiguous",
            Reason::MissingDice { .. } => "missing_dice",
            Reason::ImpossibleDice { .. } => "impossible_dice",
            Reason::SurplusDice { .. } => "surplus_dice",
            Reason::UnexpectedDice { .. } | Reason::UnexpectedStartDice { .. } => "unexpected_dice",
            Reason::GameOver { .. } => "game_over",
            Reason::ResultMismatch { .. } | Reason::ResultsDisagree { .. } => "result_mismatch",
            Reason::Event { .. } => "event",
        }
    }
}

/// `%dice` before the first move: the game start rolls none, whether or not moves do.
fn start_dice_message(variant: &str, rolls_later: bool) -> String {
    let later = match rolls_later {
        true => " (its dice are rolled after moves: write each outcome after the move that rolls it)",
        false => ", and none after moves either",
    };
    format!("dice outcomes before the first move, but variant `{variant}` rolls no dice at the start of the game{later} (K4)")
}

/// The first thing wrong with a record.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Failure {
    /// The ply at fault (1-based); for a result mismatch, the ply after the last one;
    /// 0 for the tags.
    pub ply: u32,
    /// 1-based line in the file.
    pub line: u32,
    /// The move as written (the result token for a result mismatch, empty for the tags).
    pub text: String,
    pub reason: Reason,
    /// The position before the ply, in the kernel's notation (none when there is none).
    pub fen: Option<String>,
}

/// What replaying a record gave.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Replay {
    /// Plies played successfully.
    pub plies: u32,
    pub failure: Option<Failure>,
}

impl Replay {
    #[must_use]
    pub fn is_valid(&self) -> bool {
        self.failure.is_none()
    }
}

/// Replays a record as read (with its syntax problem, if any) against `rules`.
pub fn replay_record(record: &GameRecord, rules: &Arc<PlayableVariant>) -> Replay {
    replay_game(&record.game, record.problem.as_ref(), rules)
}

/// [`replay_record`] reading the dice events from `tree` (one shared by every game of a
/// source: it learns each path of the hooks once).
pub fn replay_record_in(record: &GameRecord, rules: &Arc<PlayableVariant>, tree: &EventTree) -> Replay {
    replay_with(&record.game, record.problem.as_ref(), rules, Some(tree))
}

/// Replays `game` against `rules`; `problem` is where its movetext stopped being readable.
pub fn replay_game(game: &PgnGame, problem: Option<&SyntaxProblem>, rules: &Arc<PlayableVariant>) -> Replay {
    let tree = rules.has_events().then(|| EventTree::new(rules));
    replay_with(game, problem, rules, tree.as_ref())
}

fn replay_with(
    game: &PgnGame,
    problem: Option<&SyntaxProblem>,
    rules: &Arc<PlayableVariant>,
    tree: Option<&EventTree>,
) -> Replay {
    let mut replay = GameReplay::new(rules, tree);
    for entry in &game.moves {
        replay.play(game, entry);
    }
    replay.finish(game, problem)
}

/// Replays one game as its plies arrive, holding its position and nothing of the plies
/// played: the reader hands it each ply as it reads it ([`crate::reader`]'s sinks).
///
/// With a `tree`, a variant with dice events is replayed on the kernel with each ply's
/// event read from the tree (its hooks run in rhai only for a path the tree does not know
/// yet, and for a ply the tree cannot explain); a ply that fails there is played again in a
/// game session from the position before it, which reports it.
pub(crate) struct GameReplay<'r> {
    rules: &'r Arc<PlayableVariant>,
    tree: Option<&'r EventTree>,
    state: ReplayState<'r>,
    /// Plies played successfully.
    plies: u32,
    /// Line of the last ply played (0 before any).
    last_line: u32,
}

/// One lives on the stack per game replayed, so the size difference costs nothing.
#[allow(clippy::large_enum_variant)]
enum ReplayState<'t> {
    /// No ply yet: the start position is set up from the tags at the first ply (or the end).
    Waiting,
    Playing(Player<'t>),
    /// The first failure; the rest of the game is read but not played.
    Failed(Replay),
}

impl<'r> GameReplay<'r> {
    pub fn new(rules: &'r Arc<PlayableVariant>, tree: Option<&'r EventTree>) -> GameReplay<'r> {
        GameReplay { rules, tree, state: ReplayState::Waiting, plies: 0, last_line: 0 }
    }

    /// Plays the next ply of `game` (whose tags are read), unless an earlier one failed.
    pub fn play(&mut self, game: &PgnGame, entry: &MoveEntry) {
        if matches!(self.state, ReplayState::Waiting) {
            self.start(game);
        }
        let ReplayState::Playing(player) = &mut self.state else {
            return;
        };
        match player.play(entry) {
            Ok(()) => {
                self.plies += 1;
                self.last_line = entry.line();
            }
            Err(reason) => {
                let failure = match player {
                    Player::Events { .. } => replay_in_session(self.rules, player, entry, reason),
                    _ => move_failure(entry, reason, player.position().fen()),
                };
                self.state = ReplayState::Failed(failed(entry.ply() - 1, failure));
            }
        }
    }

    /// The verdict once the game is read: its first failure, else its syntax `problem`,
    /// else the result written checked against the final position.
    pub fn finish(mut self, game: &PgnGame, problem: Option<&SyntaxProblem>) -> Replay {
        if matches!(self.state, ReplayState::Waiting) {
            self.start(game);
        }
        let mut player = match self.state {
            ReplayState::Failed(replay) => return with_unread_dice(replay, problem),
            ReplayState::Playing(player) => player,
            ReplayState::Waiting => unreachable!("started above"),
        };
        let plies = self.plies;
        if let Some(problem) = problem {
            let failure = Failure {
                ply: problem.ply,
                line: problem.line,
                text: String::new(),
                reason: Reason::Malformed { message: problem.error.to_string() },
                fen: Some(player.position().fen()),
            };
            return failed(plies, failure);
        }
        match check_result(game, &mut player) {
            Ok(()) => Replay { plies, failure: None },
            Err(reason) => {
                let failure = Failure {
                    ply: plies + 1,
                    line: if plies == 0 { game.line } else { self.last_line },
                    text: written_result(game).unwrap_or("").to_owned(),
                    reason,
                    fen: Some(player.position().fen()),
                };
                failed(plies, failure)
            }
        }
    }

    /// The start position from the tags, and the player on it.
    fn start(&mut self, game: &PgnGame) {
        let start = match check_tags(game, self.rules).and_then(|()| start_position(game, self.rules)) {
            Ok(start) => start,
            Err(reason) => {
                self.state = ReplayState::Failed(failed(0, tag_failure(game, reason)));
                return;
            }
        };
        self.state = match Player::new(self.rules, start, game, self.tree) {
            Ok(player) => ReplayState::Playing(player),
            Err((reason, fen)) => {
                let failure = Failure { ply: 0, line: game.line, text: String::new(), reason, fen: Some(fen) };
                ReplayState::Failed(failed(0, failure))
            }
        };
    }
}

impl PlySink for GameReplay<'_> {
    fn ply(&mut self, game: &mut PgnGame, entry: MoveEntry) {
        self.play(game, &entry);
    }

    fn keeps_annotations(&self) -> bool {
        false
    }
}

/// A ply that failed on the kernel with the event tree, played again in a game session from
/// the position before it: the session's report is the verdict (the tree's `reason` stands
/// only if the session plays the ply).
fn replay_in_session(rules: &Arc<PlayableVariant>, player: &mut Player, entry: &MoveEntry, reason: Reason) -> Failure {
    let before = player.position().clone();
    let dice = holechess_runtime::Dice::recorded(std::iter::empty());
    let mut game = holechess_runtime::Game::new(Arc::clone(rules), before, dice);
    let reason = play_in_session(&mut game, entry).err().unwrap_or(reason);
    move_failure(entry, reason, game.position().fen())
}

/// A ply that failed (short of dice) because the dice comment right after it could not be
/// read fails for that comment: the syntax problem is the true reason.
fn with_unread_dice(mut replay: Replay, problem: Option<&SyntaxProblem>) -> Replay {
    if let Some(failure) = replay.failure.as_mut() {
        if let Some(reason) = dice_unread(failure.ply, problem) {
            failure.reason = reason;
        }
    }
    replay
}

/// The reason a dice comment read right after ply `ply` could not be read, if one was not.
fn dice_unread(ply: u32, problem: Option<&SyntaxProblem>) -> Option<Reason> {
    let problem = problem.filter(|problem| problem.ply == ply + 1)?;
    let dice_comment =
        matches!(problem.error, SyntaxError::BadDiceOutcome { .. } | SyntaxError::MalformedDiceComment { .. });
    dice_comment.then(|| Reason::Malformed { message: format!("line {}: {}", problem.line, problem.error) })
}

fn failed(plies: u32, failure: Failure) -> Replay {
    Replay { plies, failure: Some(failure) }
}

fn tag_failure(game: &PgnGame, reason: Reason) -> Failure {
    Failure { ply: 0, line: game.line, text: String::new(), reason, fen: None }
}

fn move_failure(entry: &MoveEntry, reason: Reason, fen: String) -> Failure {
    Failure { ply: entry.ply(), line: entry.line(), text: entry.text().to_owned(), reason, fen: Some(fen) }
}

/// Names the orthodox game goes by in other programs' `[Variant]` tags.
const ORTHODOX_ALIASES: &[&str] = &["chess", "standard", "orthodox", "normal"];

/// The `[Variant]` tag, if any, must name the variant validated.
fn check_tags(game: &PgnGame, rules: &PlayableVariant) -> Result<(), Reason> {
    let Some(tag) = game.variant().map(str::trim).filter(|tag| !tag.is_empty()) else {
        return Ok(());
    };
    let id = rules.id();
    let same = tag.eq_ignore_ascii_case(id)
        || tag.eq_ignore_ascii_case(&rules.variant().spec().title)
        || (id == "chess" && ORTHODOX_ALIASES.iter().any(|a| tag.eq_ignore_ascii_case(a)));
    if same {
        return Ok(());
    }
    Err(Reason::WrongVariant { tag: tag.to_owned(), validated: id.to_owned() })
}

/// The start position: `[FEN]` or the variant's start, with `[Holes]` as the token layout
/// of the variant's first token kind (a square listed twice holds a stack of two, K8).
///
/// # Errors
///
/// The [`Reason`] when the `[FEN]` or `[Holes]` tag does not give a position of the variant.
pub fn start_position(game: &PgnGame, rules: &PlayableVariant) -> Result<Position, Reason> {
    let variant = rules.variant();
    let given = game.fen().map(str::trim).filter(|fen| !fen.is_empty());
    if given.is_none() && game.holes().is_none() {
        return Ok(rules.start_position());
    }
    let fen = given.unwrap_or(variant.start_fen());
    let fen = match game.holes() {
        Some(holes) => with_holes(fen, holes, rules)?,
        None => fen.to_owned(),
    };
    Position::from_fen(variant, &fen).map_err(|error| Reason::BadStart { message: format!("`{fen}`: {error}") })
}

/// `fen` with the first token kind's group of the token field replaced by `holes`.
fn with_holes(fen: &str, holes: &str, rules: &PlayableVariant) -> Result<String, Reason> {
    let Some(token) = rules.variant().tokens().first() else {
        return Err(Reason::BadStart { message: format!("[Holes] given, but variant `{}` has no tokens", rules.id()) });
    };
    let fields: Vec<&str> = fen.split_whitespace().collect();
    let (board_fields, token_field) = match fields.len() {
        7 => (&fields[..6], Some(fields[6])),
        _ => (&fields[..], None),
    };
    let mut groups: Vec<String> = token_field
        .into_iter()
        .flat_map(|field| field.split(';'))
        .filter(|group| {
            let kind = group.split('=').next().unwrap_or("");
            !kind.eq_ignore_ascii_case(&token.name)
        })
        .map(str::to_owned)
        .collect();
    if let Some(group) = holes_group(&token.name, holes) {
        groups.insert(0, group);
    }
    let mut text = board_fields.join(" ");
    for (index, default) in ["w", "-", "-", "0", "1"].iter().enumerate() {
        if board_fields.len() <= index + 1 {
            text.push(' ');
            text.push_str(default);
        }
    }
    if !groups.is_empty() {
        text.push(' ');
        text.push_str(&groups.join(";"));
    }
    Ok(text)
}

/// `porthole=c3,f3*2` from `c3 f3 f3`, in the order first listed; `None` for no squares.
fn holes_group(kind: &str, holes: &str) -> Option<String> {
    let mut squares: Vec<(&str, usize)> = Vec::new();
    for square in holes.split([' ', ',', '\t']).filter(|s| !s.is_empty()) {
        match squares.iter_mut().find(|(name, _)| *name == square) {
            Some((_, count)) => *count += 1,
            None => squares.push((square, 1)),
        }
    }
    if squares.is_empty() {
        return None;
    }
    let listed: Vec<String> = squares
        .iter()
        .map(|&(name, count)| match count {
            1 => name.to_owned(),
            n => format!("{name}*{n}"),
        })
        .collect();
    Some(format!("{kind}={}", listed.join(",")))
}

/// The result the record gives: the `[Result]` tag, else the movetext's marker.
fn written_result(game: &PgnGame) -> Option<&str> {
    game.tag("Result").map(str::trim).or(game.result.map(GameResult::as_pgn))
}

/// The `[Result]` tag and the movetext's result token, when both are given, agree; a
/// finished game (checkmate, stalemate) must carry the result it ended with.
fn check_result(game: &PgnGame, player: &mut Player) -> Result<(), Reason> {
    let tag = game.tag("Result").map(str::trim);
    if let (Some(tag), Some(marker)) = (tag, game.result) {
        if tag != marker.as_pgn() {
            return Err(Reason::ResultsDisagree { tag: tag.to_owned(), movetext: marker.as_pgn().to_owned() });
        }
    }
    let Some(written) = written_result(game) else {
        return Ok(());
    };
    let status = player.status();
    if !status.is_over() {
        return Ok(());
    }
    let expected = status.result(player.position().side_to_move());
    if written == expected {
        return Ok(());
    }
    Err(Reason::ResultMismatch {
        written: written.to_owned(),
        expected: expected.to_owned(),
        status: holechess_runtime::game::describe(status),
    })
}

/// Plays a record's moves: on the kernel alone, or through a game session with dice.
/// One lives on the stack per game replayed, so the size difference costs nothing.
#[allow(clippy::large_enum_variant)]
enum Player<'t> {
    Kernel {
        position: Position,
        legal: MoveList,
        variant: String,
    },
    /// On the kernel, each ply resolved and made on the bit boards when they decide it.
    Bits {
        replay: BitReplay<'t>,
        legal: MoveList,
        variant: String,
    },
    /// Dice events without a session: the hooks are called on the kernel's position (it is
    /// `None` only while they run).
    Events {
        position: Option<Position>,
        legal: MoveList,
        rules: Arc<PlayableVariant>,
        tree: &'t EventTree,
    },
    Session(Box<holechess_runtime::Game>),
}

impl<'t> Player<'t> {
    /// A player from `start`; from the variant's own start, the game-start hooks (if any)
    /// first replay the record's start rolls (K4: a missing or impossible one is a dice error
    /// at ply 0).
    fn new(
        rules: &'t Arc<PlayableVariant>,
        start: Position,
        record: &PgnGame,
        tree: Option<&'t EventTree>,
    ) -> Result<Player<'t>, (Reason, String)> {
        let given = record.fen().is_some_and(|fen| !fen.trim().is_empty()) || record.holes().is_some();
        if !given && (rules.hooks.has_game_start() || !record.start_dice.is_empty()) {
            let outcomes: Vec<u32> = record.start_dice.iter().map(|&value| u32::from(value)).collect();
            return holechess_runtime::Game::from_recorded_start(Arc::clone(rules), &outcomes)
                .map(|game| Player::Session(Box::new(game)))
                .map_err(|error| (start_error_reason(error, rules), start.fen()));
        }
        if !record.start_dice.is_empty() {
            let reason =
                Reason::UnexpectedStartDice { variant: rules.id().to_owned(), rolls_later: rules.has_events() };
            return Err((reason, start.fen()));
        }
        Ok(Player::from_position(rules, start, tree))
    }

    fn from_position(rules: &'t Arc<PlayableVariant>, start: Position, tree: Option<&'t EventTree>) -> Player<'t> {
        if let Some(tree) = tree.filter(|_| rules.has_events() && !rules.hooks.has_special_moves()) {
            let rules = Arc::clone(rules);
            return Player::Events { position: Some(start), legal: MoveList::new(), rules, tree };
        }
        // A special-moves hook may fail while generating: the session reports its error.
        if rules.has_events() || rules.hooks.has_special_moves() {
            let dice = holechess_runtime::Dice::recorded(std::iter::empty());
            return Player::Session(Box::new(holechess_runtime::Game::new(Arc::clone(rules), start, dice)));
        }
        let replay = BitReplay::new(rules.variant(), start);
        let variant = rules.id().to_owned();
        if replay.on_bit_boards() {
            return Player::Bits { replay, legal: MoveList::new(), variant };
        }
        let position = replay.into_position();
        Player::Kernel { position, legal: MoveList::new(), variant }
    }

    /// The current position (brought up to date from the bit boards when played there).
    fn position(&mut self) -> &Position {
        match self {
            Player::Kernel { position, .. } => position,
            Player::Bits { replay, .. } => replay.position(),
            Player::Events { position, .. } => position.as_ref().expect("a position between plies"),
            Player::Session(game) => game.position(),
        }
    }

    fn status(&mut self) -> Status {
        match self {
            Player::Bits { replay, .. } => replay.status(),
            other => other.position().status(),
        }
    }

    /// Plays one entry, or says why it cannot be played.
    fn play(&mut self, entry: &MoveEntry) -> Result<(), Reason> {
        match self {
            Player::Kernel { position, legal, variant } => {
                let mv = resolve_entry(position, legal, entry)?;
                if !entry.dice().is_empty() {
                    return Err(Reason::UnexpectedDice { variant: variant.clone() });
                }
                position.play_unchecked(mv);
                Ok(())
            }
            Player::Bits { replay, legal, variant } => {
                if let Some(mv) = replay.resolve(&entry.notation()) {
                    if !entry.dice().is_empty() {
                        return Err(Reason::UnexpectedDice { variant: variant.clone() });
                    }
                    replay.play(mv);
                    return Ok(());
                }
                let position = replay.position_mut();
                let mv = resolve_entry(position, legal, entry)?;
                if !entry.dice().is_empty() {
                    return Err(Reason::UnexpectedDice { variant: variant.clone() });
                }
                position.play_unchecked(mv);
                Ok(())
            }
            Player::Events { position, legal, rules, tree } => {
                // The position stays the one before the ply if the ply fails.
                let current = position.as_mut().expect("a position between plies");
                let mv = resolve_entry(current, legal, entry)?;
                // The tree is asked on the position after the move made in place; only a
                // path it cannot explain (where a ply can fail) needs the position before.
                // A known path is kept for good (its undo records dropped, so a game's memory
                // stays flat), with the position the event left when it changed one.
                let undo = current.make(mv);
                match tree.replay_recorded(current, entry.dice()) {
                    Some(None) => current.keep_made(),
                    Some(Some(outcome)) => {
                        *current = outcome;
                        current.keep_made();
                    }
                    None => {
                        current.unmake(undo);
                        let mut after = current.clone();
                        after.play_unchecked(mv);
                        let outcomes = entry.dice().iter().map(|&value| u32::from(value));
                        let (outcome, dice) =
                            rules.hooks.after_move(after, holechess_runtime::Dice::recorded(outcomes));
                        let outcome =
                            outcome.map_err(|error| game_error_reason(GameError::Event(error), rules.id()))?;
                        if dice.remaining() > 0 {
                            return Err(Reason::SurplusDice { left: dice.remaining() });
                        }
                        *position = Some(outcome.position);
                    }
                }
                Ok(())
            }
            Player::Session(game) => play_in_session(game, entry),
        }
    }
}

/// The legal move an entry names: a piece move from its kind's attack set onto its square
/// when that decides it; otherwise only the moves its notation can name are generated;
/// every legal move only when they do not give exactly one (K9 and the explanation of an
/// illegal or ambiguous move need them).
fn resolve_entry(position: &mut Position, legal: &mut MoveList, entry: &MoveEntry) -> Result<Move, Reason> {
    let notation = entry.notation();
    if let Some(mv) = resolve_piece_move(position, &notation) {
        return Ok(mv);
    }
    match resolve_candidates(position, &notation, legal) {
        Candidates::One(mv) => Ok(mv),
        Candidates::Unresolved => {
            if legal.is_empty() {
                game_over(position)?;
            }
            pick(position, legal, entry)
        }
    }
}

/// With no legal move: a finished game is K9; a variant where that is a lost turn goes on.
fn game_over(position: &Position) -> Result<(), Reason> {
    let status = position.status();
    if status.is_over() {
        return Err(Reason::GameOver { status: holechess_runtime::game::describe(status) });
    }
    Ok(())
}

/// The legal move the entry names.
fn pick(position: &Position, legal: &MoveList, entry: &MoveEntry) -> Result<Move, Reason> {
    let notation = entry.notation();
    match resolve(position, legal, &notation) {
        Resolved::One(mv) => Ok(mv),
        Resolved::None => Err(Reason::Illegal { detail: explain_illegal(position, legal, &notation) }),
        Resolved::Ambiguous(candidates) => Err(Reason::Ambiguous { candidates }),
    }
}

fn play_in_session(game: &mut holechess_runtime::Game, entry: &MoveEntry) -> Result<(), Reason> {
    let mut legal = MoveList::new();
    game.rules().hooks.take_special_error();
    game.generate_legal(&mut legal);
    if let Some(error) = game.rules().hooks.take_special_error() {
        return Err(Reason::Event { message: error.to_string() });
    }
    if legal.is_empty() {
        game_over(game.position())?;
    }
    let mv = pick(game.position(), &legal, entry)?;
    let outcomes: Vec<u32> = entry.dice().iter().map(|&value| u32::from(value)).collect();
    // In place, no ply record kept: time and memory stay linear in the game's length.
    if let Err(error) = game.advance_recorded(mv, &outcomes) {
        return Err(game_error_reason(error, game.rules().id()));
    }
    Ok(())
}

/// Why the game start failed: start dice where the start rolls none say so.
fn start_error_reason(error: GameError, rules: &PlayableVariant) -> Reason {
    match error {
        GameError::UnexpectedDice | GameError::UnexpectedStartDice => {
            Reason::UnexpectedStartDice { variant: rules.id().to_owned(), rolls_later: rules.has_events() }
        }
        other => game_error_reason(other, rules.id()),
    }
}

fn game_error_reason(error: GameError, variant: &str) -> Reason {
    match error {
        GameError::GameOver(status) => Reason::GameOver { status },
        GameError::SurplusDice(left) => Reason::SurplusDice { left },
        GameError::UnexpectedDice | GameError::UnexpectedStartDice => {
            Reason::UnexpectedDice { variant: variant.to_owned() }
        }
        GameError::Event(HookError::Dice(message)) if message.starts_with("missing") => Reason::MissingDice { message },
        GameError::Event(HookError::Dice(message)) if message.starts_with("impossible") => {
            Reason::ImpossibleDice { message }
        }
        GameError::Illegal(text) => Reason::Illegal { detail: format!("{text} is not legal here") },
        other => Reason::Event { message: other.to_string() },
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn holes_become_a_token_group_with_stacks() {
        assert_eq!(holes_group("porthole", "c3 f3 c3").as_deref(), Some("porthole=c3*2,f3"));
        assert_eq!(holes_group("porthole", "  "), None);
    }
}
