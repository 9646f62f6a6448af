//! The state one hook call works on, passed to the hook API explicitly: each call gets its
//! own [`Shared`] state as rhai's call tag, and every API function reads it from its
//! `NativeCallContext` (no thread-local, no global).

use std::sync::{Arc, Mutex, MutexGuard};

use holechess_kernel::spec::TokenId;
use holechess_kernel::{Position, Side, Square, Variant};
use rhai::{EvalAltResult, NativeCallContext};

use crate::dice::{Dice, DiceError, Roll};
use crate::event_trace::{Action, Answer, Query, Step};

/// A result of the hook API.
pub type RhaiResult<T> = Result<T, Box<EvalAltResult>>;

/// What kind of call is running: which parts of the API it may use.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CallMode {
    /// `after each move`: dice and effects on the position.
    AfterMove,
    /// `at game start`: dice and effects on the start position.
    GameStart,
    /// `special moves`: reading the position and building moves; no dice, no effects.
    SpecialMoves,
}

impl CallMode {
    pub fn phrase(self) -> &'static str {
        match self {
            CallMode::AfterMove => "after each move",
            CallMode::GameStart => "at game start",
            CallMode::SpecialMoves => "special moves",
        }
    }
}

/// The state of one hook call.
#[derive(Clone, Debug)]
pub struct CallState {
    pub mode: CallMode,
    pub position: Position,
    pub dice: Dice,
    pub rolls: Vec<Roll>,
    pub notes: Vec<String>,
    /// The side the event is about: the side that just moved (after a move), White (at game
    /// start), the side to move (special moves).
    pub actor: Side,
    pub dice_error: Option<DiceError>,
    /// The steps of the run, when it is recorded (see [`crate::event_trace`]).
    pub trace: Option<Vec<Step>>,
    /// The line (in the hook's text) of the API call running now.
    pub call_line: Option<usize>,
    /// The line of the last API call that changed the position.
    pub last_action_line: Option<usize>,
}

/// The call state as the hook API sees it (shared with the caller, which takes it back).
pub type Shared = Arc<Mutex<CallState>>;

impl CallState {
    pub fn new(mode: CallMode, position: Position, dice: Dice) -> CallState {
        let actor = match mode {
            CallMode::AfterMove => position.side_to_move().opponent(),
            CallMode::GameStart => Side::White,
            CallMode::SpecialMoves => position.side_to_move(),
        };
        CallState {
            mode,
            position,
            dice,
            rolls: Vec::new(),
            notes: Vec::new(),
            actor,
            dice_error: None,
            trace: None,
            call_line: None,
            last_action_line: None,
        }
    }

    pub fn variant(&self) -> &Arc<Variant> {
        self.position.variant()
    }

    /// The square named `name` (any board), or a hook error.
    pub fn square(&self, name: &str) -> RhaiResult<Square> {
        self.position
            .geometry()
            .parse_square_anywhere(name)
            .ok_or_else(|| format!("'{name}' is not a square of the board").into())
    }

    /// The token kind named `name`, or a hook error.
    pub fn token_kind(&self, name: &str) -> RhaiResult<TokenId> {
        self.variant().token_by_name(name).ok_or_else(|| format!("'{name}' is not a token of this variant").into())
    }

    /// Answers a query about the position (recorded when the run is).
    pub fn ask(&mut self, query: Query) -> Answer {
        let answer = query.answer(&self.position, self.actor);
        self.record(|| Step::Ask(query, answer.clone()));
        answer
    }

    /// [`CallState::ask`], the answer as the hook reads it.
    pub fn ask_text(&mut self, query: Query) -> String {
        self.ask(query).into_text(&self.position)
    }

    /// Applies an action to the position (recorded when the run is); a failure is a hook error.
    pub fn act(&mut self, action: Action) -> RhaiResult<Answer> {
        let answer = action.apply(&mut self.position);
        self.last_action_line = self.call_line;
        self.record(|| Step::Act(action, answer.clone()));
        match answer {
            Answer::Failed(message) => Err(message.into()),
            answer => Ok(answer),
        }
    }

    /// Records a step when the run is recorded.
    pub fn record(&mut self, step: impl FnOnce() -> Step) {
        if let Some(trace) = &mut self.trace {
            trace.push(step());
        }
    }

    /// Refuses an API function the running call may not use.
    pub fn require(&self, function: &str, allowed: &[CallMode]) -> RhaiResult<()> {
        if allowed.contains(&self.mode) {
            return Ok(());
        }
        Err(format!("{function}() is not available in a `{}` hook", self.mode.phrase()).into())
    }
}

/// Runs `f` on the state of the running call.
pub fn with_state<T>(ctx: &NativeCallContext, f: impl FnOnce(&mut CallState) -> RhaiResult<T>) -> RhaiResult<T> {
    // Read in place: cloning the tag would box a copy of it on every call of the API.
    let shared = ctx
        .tag()
        .and_then(|tag| tag.read_lock::<Shared>())
        .ok_or_else(|| Box::<EvalAltResult>::from("the hook API is only available while a hook runs"))?;
    let mut guard: MutexGuard<'_, CallState> =
        shared.lock().map_err(|_| Box::<EvalAltResult>::from("the hook state was poisoned by an earlier failure"))?;
    guard.call_line = ctx.call_position().line();
    f(&mut guard)
}
