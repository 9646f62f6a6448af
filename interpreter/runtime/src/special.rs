//! Special moves from a `special moves` hook: the rhai side builds [`SpecialBuilder`]s
//! (`special_move("dig@e2")` with effects), and [`RhaiSpecialSource`] turns them into the
//! kernel's checked [`SpecialMove`]s, once per position the kernel asks about. The moves
//! are read from the hooks' decision tree ([`crate::special_tree`]) where it knows the
//! path, and the hooks run in rhai where it does not.
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
use crate::engine::MAX_SPECIAL_MOVES;
use crate::hooks::{HookCall, HookError, Script};
use crate::invariants;
use crate::special_tree::{MoveTree, Offered, Recorded};

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

thread_local! {
    /// The position a leaf's moves are checked on, one per thread: refreshed from each
    /// position asked about in its own buffers, so a call copies no position afresh.
    static CHECK_SCRATCH: std::cell::RefCell<Option<Position>> = const { std::cell::RefCell::new(None) };
}

/// The `special moves` hooks of a variant, asked by the kernel during generation.
#[derive(Debug)]
pub struct RhaiSpecialSource {
    script: Arc<Script>,
    calls: Vec<HookCall>,
    errors: Mutex<HashMap<ThreadId, HookError>>,
    tree: MoveTree,
}

impl RhaiSpecialSource {
    pub(crate) fn new(script: Arc<Script>, calls: Vec<HookCall>) -> RhaiSpecialSource {
        RhaiSpecialSource { script, calls, errors: Mutex::new(HashMap::new()), tree: MoveTree::new() }
    }

    /// How many times the hooks have run in rhai (each position whose path the decision
    /// tree did not know yet, and each path on which a hook fails).
    pub fn rhai_runs(&self) -> u64 {
        self.tree.rhai_runs()
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
        match self.tree.offered(position, || self.recorded_run(position)) {
            Some(offered) => self.checked_offers(&offered, position),
            None => self.moves_in_rhai(position),
        }
    }

    /// The moves of `position` from a run of the hooks in rhai, each checked as it comes:
    /// the first error met is the one reported.
    fn moves_in_rhai(&self, position: &Position) -> Result<Vec<SpecialMove>, HookError> {
        let mut scratch = position.clone();
        let mut moves = Vec::new();
        let mut seen = BTreeSet::new();
        for (index, call) in self.calls.iter().enumerate() {
            let state = CallState::new(CallMode::SpecialMoves, position.clone(), Dice::seeded(0));
            let (result, _) = self.script.call(call, state);
            for item in array_of(call, result?)? {
                let offered = built(index, call, item)?;
                self.check_on(&offered, &mut scratch)?;
                if !seen.insert(offered.mv.notation().to_string()) {
                    return Err(call.failure(&format!("two special moves are written `{}`", offered.mv.notation())));
                }
                moves.push(offered.mv);
            }
        }
        Ok(moves)
    }

    /// A run of the hooks in rhai on `position` with its queries recorded, for the tree:
    /// the moves built, or none when a hook fails or builds something that is not a move.
    fn recorded_run(&self, position: &Position) -> Recorded {
        let mut steps = Vec::new();
        let mut offered = Vec::new();
        for (index, call) in self.calls.iter().enumerate() {
            let mut state = CallState::new(CallMode::SpecialMoves, position.clone(), Dice::seeded(0));
            state.trace = Some(Vec::new());
            let (result, back) = self.script.call(call, state);
            steps.extend(back.trace.unwrap_or_default());
            let built_here: Result<Vec<Offered>, HookError> = result
                .and_then(|list| array_of(call, list))
                .and_then(|items| items.into_iter().map(|item| built(index, call, item)).collect());
            match built_here {
                Ok(moves) => offered.extend(moves),
                Err(_) => return Recorded { steps, offered: None },
            }
        }
        let mut seen = BTreeSet::new();
        let distinct = offered.iter().all(|o: &Offered| seen.insert(o.mv.notation()));
        Recorded { steps, offered: distinct.then_some(offered) }
    }

    /// The moves a leaf of the tree holds, each checked on `position`.
    fn checked_offers(&self, offered: &[Offered], position: &Position) -> Result<Vec<SpecialMove>, HookError> {
        if offered.is_empty() {
            return Ok(Vec::new());
        }
        let check_all = |scratch: &mut Position| {
            let mut moves = Vec::with_capacity(offered.len());
            for offer in offered {
                self.check_on(offer, scratch)?;
                moves.push(offer.mv.clone());
            }
            Ok(moves)
        };
        CHECK_SCRATCH.with(|cell| match cell.try_borrow_mut() {
            Ok(mut slot) => {
                let scratch = match slot.as_mut() {
                    Some(scratch) => {
                        position.copy_without_history_into(scratch);
                        scratch
                    }
                    None => slot.insert(position.clone_without_history()),
                };
                check_all(scratch)
            }
            // Not reached (checking calls no hook); a fresh copy keeps it safe.
            Err(_) => check_all(&mut position.clone_without_history()),
        })
    }

    /// Whether a built move can be played on `scratch`: its effects fit and break no rule
    /// of every position.
    fn check_on(&self, offer: &Offered, scratch: &mut Position) -> Result<(), HookError> {
        let call = &self.calls[offer.call];
        if let Err(e) = scratch.check_special(&offer.mv) {
            return Err(call.failure_at(offer.built.first_misfit_line(&offer.mv, scratch), &e.message));
        }
        if let Some((line, why)) = offer.built.broken_rule(&offer.mv, scratch) {
            return Err(call.failure_at(line, &why));
        }
        Ok(())
    }
}

/// The array a `special moves` hook returned.
fn array_of(call: &HookCall, list: Dynamic) -> Result<rhai::Array, HookError> {
    let array =
        list.into_array().map_err(|_| call.failure("a `special moves` hook returns an array of special_move(...)"))?;
    if array.len() > MAX_SPECIAL_MOVES {
        return Err(call.failure(&format!(
            "the hook lists {} special moves; one call may list at most {MAX_SPECIAL_MOVES}",
            array.len()
        )));
    }
    Ok(array)
}

/// The special move one item of that array built (hook `index` of the variant), whatever
/// the position: a move with a valid notation and effects.
fn built(index: usize, call: &HookCall, item: Dynamic) -> Result<Offered, HookError> {
    let type_name = item.type_name().to_string();
    let mut builder = item
        .try_cast::<SpecialBuilder>()
        .ok_or_else(|| call.failure(&format!("the array holds a {type_name}, not a special_move(...)")))?;
    let effects = std::mem::take(&mut builder.effects);
    let mv = SpecialMove::new(&builder.notation, effects).map_err(|e| call.failure_at(builder.line, &e.message))?;
    Ok(Offered { call: index, mv, built: builder })
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

#[cfg(test)]
mod tests {
    use holechess_kernel::notation::parse_move;

    use super::*;
    use crate::PlayableVariant;

    /// A variant of chess whose `special moves` hook is `body` (the rhai function `f`).
    fn chess_with_special(body: &str) -> PlayableVariant {
        let script = format!(
            "variant \"Special\"\n  id special\n\nextends chess\n\ntoken pit\n  impassable\n  shown as %\n  any number\n\n\
             special moves: call f()\n  rhai ```\nfn f() {{\n{body}\n}}\n```\n"
        );
        let loaded = holechess_lang::load_str("special.hole", &script).unwrap_or_else(|d| panic!("{}", d.render()));
        PlayableVariant::from_loaded(loaded).expect("hooks that compile")
    }

    fn dig() -> PlayableVariant {
        let path = concat!(env!("CARGO_MANIFEST_DIR"), "/../../examples/dig.hole");
        let loaded = holechess_lang::load(path).unwrap_or_else(|d| panic!("{}", d.render()));
        PlayableVariant::from_loaded(loaded).expect("hooks that compile")
    }

    fn source(rules: &PlayableVariant) -> &RhaiSpecialSource {
        rules.hooks.special_source().expect("a special-moves hook")
    }

    /// The positions of a game of `plies` moves picked by a fixed rule from the legal ones.
    fn positions_of_a_game(rules: &PlayableVariant, plies: usize) -> Vec<Position> {
        let mut position = rules.start_position();
        let mut seen = vec![position.clone()];
        for ply in 0..plies {
            let legal = position.legal_moves();
            if legal.is_empty() {
                break;
            }
            position.play_unchecked(legal.as_slice()[(ply * 7 + 3) % legal.len()]);
            seen.push(position.clone());
        }
        seen
    }

    /// K6: perft runs the special-moves hook on every position; the tree answers it natively.
    #[test]
    fn the_tree_lists_the_moves_rhai_lists_on_every_position_of_a_game() {
        let rules = dig();
        let source = source(&rules);
        let positions = positions_of_a_game(&rules, 120);
        for position in &positions {
            assert_eq!(source.moves_of(position), source.moves_in_rhai(position), "{}", position.hash());
        }
        for position in &positions {
            assert_eq!(source.moves_of(position), source.moves_in_rhai(position), "again: {}", position.hash());
        }
        let runs = source.rhai_runs();
        assert!(runs < positions.len() as u64, "{runs} rhai runs for {} positions listed twice", positions.len());
    }

    #[test]
    fn a_scratch_copy_is_each_position_without_its_history_whatever_it_held_before() {
        let rules = dig();
        let positions = positions_of_a_game(&rules, 120);
        assert!(positions.iter().any(|p| p.token_squares().next().is_some()), "pits were dug");
        let mut scratch = positions[positions.len() - 1].clone();
        for position in positions.iter().rev().chain(&positions) {
            position.copy_without_history_into(&mut scratch);
            let fresh = position.clone_without_history();
            assert!(scratch == fresh, "{}", position.fen());
            assert_eq!((scratch.fen(), scratch.hash(), scratch.history_len()), (fresh.fen(), fresh.hash(), 0));
        }
    }

    #[test]
    fn a_known_path_runs_no_rhai() {
        let rules = dig();
        let source = source(&rules);
        let start = rules.start_position();
        source.moves_of(&start).unwrap();
        let runs = source.rhai_runs();
        for _ in 0..10 {
            assert!(source.moves_of(&start).unwrap().is_empty(), "no empty square next to the king at the start");
        }
        assert_eq!(source.rhai_runs(), runs);
    }

    #[test]
    fn a_hook_reading_the_ply_lists_the_moves_of_each_ply_on_the_same_board() {
        let rules = chess_with_special(
            "    if ply() == 0 {\n        let m = special_move(\"dig@e4\");\n        m.place_token(\"pit\", \"e4\");\n        \
             return [m];\n    }\n    []",
        );
        let source = source(&rules);
        let start = rules.start_position();
        let mut back = start.clone();
        for text in ["Nf3", "Nf6", "Ng1", "Ng8"] {
            let mv = parse_move(&back, text).unwrap();
            back.play_unchecked(mv);
        }
        assert_eq!(back.hash(), start.hash(), "the same board, ply 4");
        assert_eq!(source.moves_of(&start).unwrap().len(), 1);
        assert!(source.moves_of(&back).unwrap().is_empty());
        assert_eq!(source.moves_of(&start).unwrap().len(), 1);
    }

    #[test]
    fn a_move_that_no_longer_fits_is_reported_from_the_tree_as_rhai_reports_it() {
        let rules =
            chess_with_special("    let m = special_move(\"hop@e2\");\n    m.move_piece(\"e2\", \"e3\");\n    [m]");
        let source = source(&rules);
        let start = rules.start_position();
        assert_eq!(source.moves_of(&start).unwrap().len(), 1);
        let mut after = start.clone();
        after.play_unchecked(parse_move(&start, "e4").unwrap());
        let from_tree = source.moves_of(&after).unwrap_err();
        assert_eq!(Err(from_tree.clone()), source.moves_in_rhai(&after));
        assert!(from_tree.to_string().contains("special.hole:15"), "{from_tree}");
    }

    #[test]
    fn a_hook_failing_on_one_path_reports_its_error_each_time() {
        let rules = chess_with_special("    if ply() == 1 {\n        throw \"no digging now\";\n    }\n    []");
        let source = source(&rules);
        let start = rules.start_position();
        let mut after = start.clone();
        after.play_unchecked(parse_move(&start, "e4").unwrap());
        for _ in 0..2 {
            assert!(source.moves_of(&start).unwrap().is_empty());
            let error = source.moves_of(&after).unwrap_err().to_string();
            assert!(error.contains("no digging now") && error.contains("special.hole:15"), "{error}");
        }
    }

    #[test]
    fn two_moves_with_one_notation_are_refused_on_every_position() {
        let rules = chess_with_special(
            "    let a = special_move(\"dig@a3\");\n    a.place_token(\"pit\", \"a3\");\n    \
             let b = special_move(\"dig@a3\");\n    b.place_token(\"pit\", \"a4\");\n    [a, b]",
        );
        let source = source(&rules);
        for _ in 0..2 {
            let error = source.moves_of(&rules.start_position()).unwrap_err().to_string();
            assert!(error.contains("two special moves are written `dig@a3`"), "{error}");
        }
    }
}
