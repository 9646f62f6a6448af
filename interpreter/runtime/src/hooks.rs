//! The rhai hook runtime: compiles a variant's hook sources once, checks that every
//! declared hook names a defined function with the right number of parameters, and runs
//! hooks at their events in the sandbox of [`crate::engine`]: `after each move` (dice
//! events, K2), `at game start` (a random setup) and `special moves` (extra moves, asked by
//! the kernel's generation through [`crate::special`]). The API hooks call is
//! [`crate::api`]; `docs/rule-language.md` lists it.

use std::collections::BTreeSet;
use std::sync::{Arc, Mutex};

use holechess_kernel::{Position, Variant};
use holechess_lang::{Hook, HookArg, HookEvent};
use rhai::{CallFnOptions, Dynamic, Engine, AST};

use crate::call_state::{CallMode, CallState, Shared};
use crate::dice::{Dice, Roll};
use crate::engine::sandboxed_engine;
use crate::event_trace::Step;
use crate::meter::Meter;
use crate::special::{RhaiSpecialSource, SharedSource};

/// A hook problem: at load time (a missing function, a rhai syntax error) or while running.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum HookError {
    #[error("{file}: rhai error: {message}")]
    Compile { file: String, message: String },
    #[error("hook `{function}` ({event}) is not defined in its rhai source")]
    MissingFunction { function: String, event: &'static str },
    #[error("hook `{function}` is called with {given} argument(s) but takes {takes}")]
    Arity { function: String, given: usize, takes: usize },
    #[error("`{event}` hooks are not supported: {why}")]
    Unsupported { event: &'static str, why: &'static str },
    #[error("{0}")]
    Dice(String),
    #[error("hook `{function}` failed ({file}): {message}")]
    Runtime { function: String, file: String, message: String },
}

/// What an event did: the position after it, the rolls and the notes.
#[derive(Clone, Debug)]
pub struct EventOutcome {
    pub position: Position,
    pub rolls: Vec<Roll>,
    pub notes: Vec<String>,
}

/// A hook call prepared at load time.
#[derive(Clone, Debug)]
pub(crate) struct HookCall {
    function: String,
    file: String,
    /// The line of `file` where the hook's rhai text starts.
    first_line: usize,
    args: Vec<Dynamic>,
}

impl HookCall {
    /// A runtime failure of this hook.
    pub(crate) fn failure(&self, message: &str) -> HookError {
        HookError::Runtime { function: self.function.clone(), file: self.file.clone(), message: message.to_string() }
    }

    /// A failure at `line` of the hook's text (1-based), placed in the script: `file:line`.
    pub(crate) fn failure_at(&self, line: Option<usize>, message: &str) -> HookError {
        let place = match line {
            Some(line) => format!("{}:{}", self.file, self.first_line + line - 1),
            None => self.file.clone(),
        };
        HookError::Runtime { function: self.function.clone(), file: place, message: message.to_string() }
    }

    /// A rhai error as a failure placed in the script, in the author's words.
    fn rhai_failure(&self, error: &rhai::EvalAltResult) -> HookError {
        let (line, message) = crate::hook_message::describe(error);
        self.failure_at(line, &message)
    }
}

/// The compiled hook sources and the engine that runs them.
pub(crate) struct Script {
    engine: Engine,
    ast: AST,
}

impl std::fmt::Debug for Script {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Script").finish_non_exhaustive()
    }
}

impl Script {
    /// Runs one hook with `state` as its explicit call state; gives the state back.
    pub(crate) fn call(&self, call: &HookCall, state: CallState) -> (Result<Dynamic, HookError>, CallState) {
        let shared: Shared = Arc::new(Mutex::new(state));
        let options = CallFnOptions::new().with_tag(Arc::clone(&shared)).eval_ast(false);
        let mut scope = rhai::Scope::new();
        let _meter = Meter::start();
        let result = self.engine.call_fn_with_options::<Dynamic>(
            options,
            &mut scope,
            &self.ast,
            &call.function,
            call.args.clone(),
        );
        let state = match Arc::try_unwrap(shared) {
            Ok(mutex) => mutex.into_inner().unwrap_or_else(|poisoned| poisoned.into_inner()),
            Err(still_shared) => {
                let guard = still_shared.lock().unwrap_or_else(|poisoned| poisoned.into_inner());
                guard.clone()
            }
        };
        (result.map_err(|e| call.rhai_failure(&e)), state)
    }
}

/// The compiled hooks of one variant; shared by every game of it (it is `Send + Sync`).
#[derive(Debug)]
pub struct HookRuntime {
    script: Arc<Script>,
    after_move: Vec<HookCall>,
    game_start: Vec<HookCall>,
    special: Option<Arc<RhaiSpecialSource>>,
}

impl HookRuntime {
    /// Compiles the hooks of `variant` and checks them; a `special moves` hook is installed
    /// in the variant, so the kernel's generation asks it.
    ///
    /// # Errors
    ///
    /// A [`HookError`] when a hook does not compile or fails its checks.
    pub fn new(variant: &Arc<Variant>, hooks: &[Hook]) -> Result<HookRuntime, HookError> {
        // A variant without hooks never runs rhai: a bare engine is enough (and quick to make).
        let engine = if hooks.is_empty() { Engine::new_raw() } else { sandboxed_engine() };
        let ast = compile_sources(&engine, hooks)?;
        let script = Arc::new(Script { engine, ast });
        let (mut after_move, mut game_start, mut special) = (Vec::new(), Vec::new(), Vec::new());
        for hook in hooks {
            check_defined(&script.ast, hook)?;
            let call = HookCall {
                function: hook.function.clone(),
                file: hook.source_file.clone(),
                first_line: hook.source_line,
                args: hook.args.iter().map(to_dynamic).collect(),
            };
            match hook.event {
                HookEvent::AfterMove => after_move.push(call),
                HookEvent::GameStart => game_start.push(call),
                HookEvent::SpecialMoves => special.push(call),
            }
        }
        let special = if special.is_empty() { None } else { Some(install(variant, &script, special)?) };
        Ok(HookRuntime { script, after_move, game_start, special })
    }

    /// Whether anything runs after a move (a variant with random events).
    pub fn has_events(&self) -> bool {
        !self.after_move.is_empty()
    }

    /// Whether something runs before the first move.
    pub fn has_game_start(&self) -> bool {
        !self.game_start.is_empty()
    }

    /// Whether the variant has special moves from a hook.
    pub fn has_special_moves(&self) -> bool {
        self.special.is_some()
    }

    /// The special-moves source, to list a position's moves directly (for `check`).
    pub fn special_source(&self) -> Option<&RhaiSpecialSource> {
        self.special.as_deref()
    }

    /// The first error the special-moves hook met on this thread since the last call.
    pub fn take_special_error(&self) -> Option<HookError> {
        self.special.as_ref().and_then(|source| source.take_error())
    }

    /// Runs the after-move hooks on `position` (the mover is the side that just moved).
    /// Returns the outcome and gives the dice back, whatever happened.
    pub fn after_move(&self, position: Position, dice: Dice) -> (Result<EventOutcome, HookError>, Dice) {
        self.run(&self.after_move, CallState::new(CallMode::AfterMove, position, dice))
    }

    /// [`HookRuntime::after_move`], recording every step of the run (see
    /// [`crate::event_trace`]).
    pub fn after_move_traced(
        &self,
        position: Position,
        dice: Dice,
    ) -> (Result<EventOutcome, HookError>, Dice, Vec<Step>) {
        let mut state = CallState::new(CallMode::AfterMove, position, dice);
        state.trace = Some(Vec::new());
        let (result, dice, trace) = self.run_state(&self.after_move, state);
        (result, dice, trace.unwrap_or_default())
    }

    /// Runs the game-start hooks on the start position.
    pub fn game_start(&self, position: Position, dice: Dice) -> (Result<EventOutcome, HookError>, Dice) {
        self.run(&self.game_start, CallState::new(CallMode::GameStart, position, dice))
    }

    fn run(&self, calls: &[HookCall], state: CallState) -> (Result<EventOutcome, HookError>, Dice) {
        let (result, dice, _) = self.run_state(calls, state);
        (result, dice)
    }

    /// Runs `calls` in order on one state; the outcome, the dice and the recorded steps.
    fn run_state(
        &self,
        calls: &[HookCall],
        mut state: CallState,
    ) -> (Result<EventOutcome, HookError>, Dice, Option<Vec<Step>>) {
        let mut failure = None;
        for call in calls {
            let (result, back) = self.script.call(call, state);
            state = back;
            if let Err(e) = result {
                failure = Some(e);
                break;
            }
            if let Some(why) = crate::invariants::violation(&state.position) {
                failure = Some(call.failure_at(state.last_action_line, &why));
                break;
            }
        }
        let CallState { position, dice, rolls, notes, dice_error, trace, .. } = state;
        if let Some(e) = dice_error {
            return (Err(HookError::Dice(e.to_string())), dice, trace);
        }
        if let Some(e) = failure {
            return (Err(e), dice, trace);
        }
        (Ok(EventOutcome { position, rolls, notes }), dice, trace)
    }
}

/// Gives `variant` its special moves from the `special moves` hooks.
fn install(
    variant: &Arc<Variant>,
    script: &Arc<Script>,
    calls: Vec<HookCall>,
) -> Result<Arc<RhaiSpecialSource>, HookError> {
    if variant.spec().schedule != holechess_kernel::spec::Schedule::Alternate {
        return Err(HookError::Unsupported {
            event: HookEvent::SpecialMoves.phrase(),
            why: "a two-board turn schedule has no special moves",
        });
    }
    let source = Arc::new(RhaiSpecialSource::new(Arc::clone(script), calls));
    variant.install_special_source(Box::new(SharedSource(Arc::clone(&source)))).map_err(|_| {
        HookError::Unsupported {
            event: HookEvent::SpecialMoves.phrase(),
            why: "this loaded variant already runs its special-moves hook in another rule set; load it again",
        }
    })?;
    Ok(source)
}

fn to_dynamic(arg: &HookArg) -> Dynamic {
    match arg {
        HookArg::Text(t) => Dynamic::from(t.clone()),
        HookArg::Number(n) => Dynamic::from(*n),
    }
}

/// Every distinct source text compiled once and merged.
fn compile_sources(engine: &Engine, hooks: &[Hook]) -> Result<AST, HookError> {
    let mut seen = BTreeSet::new();
    let mut ast = AST::empty();
    for hook in hooks {
        if hook.source.is_empty() || !seen.insert((hook.source_file.clone(), hook.source.clone())) {
            continue;
        }
        let compiled = engine
            .compile(&hook.source)
            .map_err(|e| HookError::Compile { file: hook.source_file.clone(), message: e.to_string() })?;
        ast = ast.merge(&compiled);
    }
    Ok(ast)
}

fn check_defined(ast: &AST, hook: &Hook) -> Result<(), HookError> {
    let arities: Vec<usize> =
        ast.iter_functions().filter(|f| f.name == hook.function).map(|f| f.params.len()).collect();
    if arities.is_empty() {
        return Err(HookError::MissingFunction { function: hook.function.clone(), event: hook.event.phrase() });
    }
    if !arities.contains(&hook.args.len()) {
        return Err(HookError::Arity { function: hook.function.clone(), given: hook.args.len(), takes: arities[0] });
    }
    Ok(())
}
