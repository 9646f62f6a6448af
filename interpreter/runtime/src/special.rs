//! Special moves from a `special moves` hook: the rhai side builds [`SpecialBuilder`]s
//! (`special_move("dig@e2")` with effects), and [`RhaiSpecialSource`] turns them into the
//! kernel's checked [`SpecialMove`]s, once per position the kernel asks about.
//!
//! A hook mistake found while generating (a bad notation, an effect that does not fit the
//! position, two moves with one notation, a runtime error) cannot stop the kernel's
//! generation: the position then has no special moves, and the error is kept for the
//! thread that asked, for the game layer to report ([`RhaiSpecialSource::take_error`]).

use std::collections::{BTreeSet, HashMap};
use std::sync::{Arc, Mutex};
use std::thread::ThreadId;

use holechess_kernel::special::{is_special_notation, MAX_EFFECTS};
use holechess_kernel::{Effect, Position, SpecialMove, SpecialSource};
use rhai::Dynamic;

use crate::call_state::{CallMode, CallState, RhaiResult};
use crate::dice::Dice;
use crate::hooks::{HookCall, HookError, Script};
use crate::invariants;

/// A special move being built by a hook, with the line (in the hook's text) of each call
/// that built it, so that an error in one of its effects points at that call.
#[derive(Clone, Debug)]
pub struct SpecialBuilder {
    pub notation: String,
    pub effects: Vec<Effect>,
    /// The line of `special_move(...)`.
    pub line: Option<usize>,
    /// The line of the call that added each effect.
    pub effect_lines: Vec<Option<usize>>,
}

impl SpecialBuilder {
    /// A move written `notation`, without effects yet, made at `line` of the hook's text.
    ///
    /// # Errors
    ///
    /// A script error when `notation` is not a special move's notation.
    pub fn new(notation: &str, line: Option<usize>) -> RhaiResult<SpecialBuilder> {
        if !is_special_notation(notation.as_bytes()) {
            return Err(format!(
                "special_move(\"{notation}\"): a notation is a lower-case name of 2 to 8 letters, `@`, then 1 to 12 \
                 of a-z, 0-9 and `-` (for example \"dig@e2\")"
            )
            .into());
        }
        Ok(SpecialBuilder { notation: notation.to_string(), effects: Vec::new(), line, effect_lines: Vec::new() })
    }

    /// Adds an effect (at most [`MAX_EFFECTS`]), given at `line` of the hook's text.
    ///
    /// # Errors
    ///
    /// A script error when the move already has [`MAX_EFFECTS`] effects.
    pub fn push(&mut self, effect: Effect, line: Option<usize>) -> RhaiResult<()> {
        if self.effects.len() >= MAX_EFFECTS {
            return Err(format!("special move `{}`: more than {MAX_EFFECTS} effects", self.notation).into());
        }
        self.effects.push(effect);
        self.effect_lines.push(line);
        Ok(())
    }

    /// The line of effect `index`, or of the move when it is not known.
    fn line_of(&self, index: usize) -> Option<usize> {
        self.effect_lines.get(index).copied().flatten().or(self.line)
    }

    /// The line of the first effect of `mv` (built from this move) that does not fit
    /// `scratch`, the effects played in order.
    fn first_misfit_line(&self, mv: &SpecialMove, scratch: &mut Position) -> Option<usize> {
        let effects = mv.effects();
        let misfit = (1..=effects.len()).find(|&n| {
            SpecialMove::new(mv.notation(), effects[..n].to_vec())
                .map_or(true, |prefix| scratch.check_special(&prefix).is_err())
        });
        misfit.map_or(self.line, |n| self.line_of(n - 1))
    }

    /// Why playing `mv` (built from this move) on `scratch` would break a rule of every
    /// position (see [`crate::invariants`]), with the line of the last effect that could;
    /// played out only when some effect could.
    fn broken_rule(&self, mv: &SpecialMove, scratch: &Position) -> Option<(Option<usize>, String)> {
        let variant = scratch.variant();
        let last_risky = mv.effects().iter().rposition(|effect| invariants::may_break(variant, effect))?;
        let mut after = scratch.clone();
        for &effect in mv.effects() {
            after.apply_event_effect(effect).ok()?;
        }
        let why = invariants::violation(&after)?;
        Some((self.line_of(last_risky), format!("special move `{}`: {why}", mv.notation())))
    }
}

/// The `special moves` hooks of a variant, asked by the kernel during generation.
#[derive(Debug)]
pub struct RhaiSpecialSource {
    script: Arc<Script>,
    calls: Vec<HookCall>,
    errors: Mutex<HashMap<ThreadId, HookError>>,
}

impl RhaiSpecialSource {
    pub(crate) fn new(script: Arc<Script>, calls: Vec<HookCall>) -> RhaiSpecialSource {
        RhaiSpecialSource { script, calls, errors: Mutex::new(HashMap::new()) }
    }

    /// The first hook error met by this thread since the last call, if any.
    pub fn take_error(&self) -> Option<HookError> {
        self.errors.lock().ok()?.remove(&std::thread::current().id())
    }

    fn keep_error(&self, error: HookError) {
        if let Ok(mut errors) = self.errors.lock() {
            errors.entry(std::thread::current().id()).or_insert(error);
        }
    }

    /// Every special move the hooks give for `position`, checked against it.
    ///
    /// # Errors
    ///
    /// A [`HookError`] when the hook fails or gives a move that cannot be played here.
    pub fn moves_of(&self, position: &Position) -> Result<Vec<SpecialMove>, HookError> {
        let mut scratch = position.clone();
        let mut moves = Vec::new();
        let mut seen = BTreeSet::new();
        for call in &self.calls {
            let state = CallState::new(CallMode::SpecialMoves, position.clone(), Dice::seeded(0));
            let (result, _) = self.script.call(call, state);
            let list = result?;
            let items = list
                .into_array()
                .map_err(|_| call.failure("a `special moves` hook returns an array of special_move(...)"))?;
            for item in items {
                let mv = self.checked(call, item, &mut scratch)?;
                if !seen.insert(mv.notation().to_string()) {
                    return Err(call.failure(&format!("two special moves are written `{}`", mv.notation())));
                }
                moves.push(mv);
            }
        }
        Ok(moves)
    }

    fn checked(&self, call: &HookCall, item: Dynamic, scratch: &mut Position) -> Result<SpecialMove, HookError> {
        let type_name = item.type_name().to_string();
        let mut builder = item
            .try_cast::<SpecialBuilder>()
            .ok_or_else(|| call.failure(&format!("the array holds a {type_name}, not a special_move(...)")))?;
        let effects = std::mem::take(&mut builder.effects);
        let mv = SpecialMove::new(&builder.notation, effects).map_err(|e| call.failure_at(builder.line, &e.message))?;
        if let Err(e) = scratch.check_special(&mv) {
            return Err(call.failure_at(builder.first_misfit_line(&mv, scratch), &e.message));
        }
        if let Some((line, why)) = builder.broken_rule(&mv, scratch) {
            return Err(call.failure_at(line, &why));
        }
        Ok(mv)
    }
}

/// The source as the kernel holds it (the runtime keeps another handle for its errors).
#[derive(Debug)]
pub(crate) struct SharedSource(pub Arc<RhaiSpecialSource>);

impl SpecialSource for SharedSource {
    fn special_moves(&self, position: &Position, out: &mut Vec<SpecialMove>) {
        match self.0.moves_of(position) {
            Ok(moves) => out.extend(moves),
            Err(error) => self.0.keep_error(error),
        }
    }
}
