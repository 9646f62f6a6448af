//! The rhai hook runtime: compiles a variant's hook sources once, checks that every
//! declared hook names a defined function with the right number of parameters, and runs
//! hooks at events in a sandbox (operation and depth limits, no modules, no file access).
//!
//! The API a hook sees (squares are names such as `"e5"`, sides `"white"` / `"black"`):
//!
//! | function | does |
//! |---|---|
//! | `roll(n)` | throws an n-sided die (logged; from the game's dice source) |
//! | `square(file, rank)` | the square named by two die faces, 1-based (K5) |
//! | `mover()`, `ply()` | the side that just moved; plies played so far |
//! | `has_piece(sq)`, `is_royal(sq)`, `piece_side(sq)`, `piece_name(sq)` | read the square |
//! | `token_kind(sq)`, `token_count(sq)`, `count_tokens(kind)`, `token_squares(kind)` | read tokens |
//! | `place_token(kind, sq)`, `place_token(kind, sq, plies)` | adds a token (stacking on one of its kind); a token that removes occupants takes a non-royal piece standing there |
//! | `move_token(from, to)` | moves one token of a stack to another square |
//! | `remove_token(sq)`, `remove_piece(sq)` | removes them |
//! | `note(text)` | describes an effect for the player |

use std::cell::RefCell;
use std::collections::BTreeSet;
use std::sync::Arc;

use holechess_kernel::{Position, Side, Square, TokenStack, Variant};
use holechess_lang::{Hook, HookArg, HookEvent};
use rhai::packages::Package;
use rhai::{Array, Dynamic, Engine, EvalAltResult, AST};

use crate::dice::{Dice, DiceError, Roll};

/// A hook problem: at load time (a missing function, a rhai syntax error) or while running.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
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
    #[error("hook `{function}` failed: {message}")]
    Runtime { function: String, message: String },
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
struct HookCall {
    function: String,
    args: Vec<Dynamic>,
}

/// The compiled hooks of one variant; shared by every game of it (it is `Send + Sync`).
pub struct HookRuntime {
    engine: Engine,
    ast: AST,
    after_move: Vec<HookCall>,
}

impl std::fmt::Debug for HookRuntime {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("HookRuntime").field("after_move", &self.after_move).finish()
    }
}

/// The state an event works on, held for the duration of one hook call.
struct EventState {
    position: Position,
    dice: Dice,
    rolls: Vec<Roll>,
    notes: Vec<String>,
    mover: Side,
    dice_error: Option<DiceError>,
}

thread_local! {
    static EVENT: RefCell<Option<EventState>> = const { RefCell::new(None) };
}

type RhaiResult<T> = Result<T, Box<EvalAltResult>>;

impl HookRuntime {
    /// Compiles the hooks of `variant` and checks them.
    pub fn new(variant: &Arc<Variant>, hooks: &[Hook]) -> Result<HookRuntime, HookError> {
        let engine = sandboxed_engine(variant);
        let ast = compile_sources(&engine, hooks)?;
        let mut after_move = Vec::new();
        for hook in hooks {
            check_defined(&ast, hook)?;
            let call = HookCall { function: hook.function.clone(), args: hook.args.iter().map(to_dynamic).collect() };
            match hook.event {
                HookEvent::AfterMove => after_move.push(call),
                HookEvent::SpecialMoves => {
                    return Err(HookError::Unsupported {
                        event: hook.event.phrase(),
                        why: "move generation never calls rhai; declare moves with patterns, tokens and links",
                    })
                }
                HookEvent::GameStart => {
                    return Err(HookError::Unsupported {
                        event: hook.event.phrase(),
                        why: "a start position is declared with `setup` and token `default` squares",
                    })
                }
            }
        }
        Ok(HookRuntime { engine, ast, after_move })
    }

    /// Whether anything runs after a move (a variant with random events).
    pub fn has_events(&self) -> bool {
        !self.after_move.is_empty()
    }

    /// Runs the after-move hooks on `position` (the mover is the side that just moved).
    /// Returns the outcome and gives the dice back, whatever happened.
    pub fn after_move(&self, position: Position, dice: Dice) -> (Result<EventOutcome, HookError>, Dice) {
        let mover = position.side_to_move().opponent();
        let state = EventState { position, dice, rolls: Vec::new(), notes: Vec::new(), mover, dice_error: None };
        EVENT.with(|cell| *cell.borrow_mut() = Some(state));
        let mut failure = None;
        for call in &self.after_move {
            let mut scope = rhai::Scope::new();
            let result: RhaiResult<Dynamic> =
                self.engine.call_fn(&mut scope, &self.ast, &call.function, call.args.clone());
            if let Err(e) = result {
                failure = Some((call.function.clone(), e.to_string()));
                break;
            }
        }
        let state = EVENT.with(|cell| cell.borrow_mut().take()).expect("the event state is set for the call");
        let dice = state.dice;
        if let Some(e) = state.dice_error {
            return (Err(HookError::Dice(e.to_string())), dice);
        }
        if let Some((function, message)) = failure {
            return (Err(HookError::Runtime { function, message }), dice);
        }
        (Ok(EventOutcome { position: state.position, rolls: state.rolls, notes: state.notes }), dice)
    }
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

/// An engine with limits and the hook API, and nothing that reaches outside.
fn sandboxed_engine(variant: &Arc<Variant>) -> Engine {
    let mut engine = Engine::new_raw();
    engine.register_global_module(rhai::packages::StandardPackage::new().as_shared_module());
    engine.set_module_resolver(rhai::module_resolvers::DummyModuleResolver::new());
    engine.set_max_operations(200_000);
    engine.set_max_call_levels(32);
    engine.set_max_expr_depths(128, 64);
    engine.set_max_string_size(10_000);
    engine.set_max_array_size(10_000);
    engine.on_print(|_| {});
    engine.on_debug(|_, _, _| {});
    register_api(&mut engine, variant);
    engine
}

fn with_event<T>(f: impl FnOnce(&mut EventState) -> RhaiResult<T>) -> RhaiResult<T> {
    EVENT.with(|cell| match cell.borrow_mut().as_mut() {
        Some(state) => f(state),
        None => Err("the hook API is only available during an event".into()),
    })
}

fn square_named(state: &EventState, name: &str) -> RhaiResult<Square> {
    state
        .position
        .geometry()
        .parse_square_anywhere(name)
        .ok_or_else(|| format!("'{name}' is not a square of the board").into())
}

fn token_kind(variant: &Variant, name: &str) -> RhaiResult<u8> {
    variant.token_by_name(name).ok_or_else(|| format!("'{name}' is not a token of this variant").into())
}

fn register_api(engine: &mut Engine, variant: &Arc<Variant>) {
    engine.register_fn("roll", |sides: i64| -> RhaiResult<i64> {
        if !(2..=255).contains(&sides) {
            return Err(format!("roll({sides}): a die has 2 to 255 faces").into());
        }
        with_event(|s| match s.dice.roll(sides as u8) {
            Ok(value) => {
                s.rolls.push(Roll { sides: sides as u8, value });
                Ok(value as i64)
            }
            Err(e) => {
                s.dice_error = Some(e.clone());
                Err(e.to_string().into())
            }
        })
    });
    engine.register_fn("square", |file: i64, rank: i64| -> RhaiResult<String> {
        with_event(|s| {
            let g = s.position.geometry();
            if !(1..=g.files as i64).contains(&file) || !(1..=g.ranks as i64).contains(&rank) {
                return Err(format!("square({file}, {rank}) is off the board").into());
            }
            Ok(g.name(g.square(0, file as u8 - 1, rank as u8 - 1)))
        })
    });
    engine.register_fn("mover", || -> RhaiResult<String> { with_event(|s| Ok(s.mover.name().to_string())) });
    engine.register_fn("ply", || -> RhaiResult<i64> { with_event(|s| Ok(s.position.ply() as i64)) });
    engine.register_fn("has_piece", |sq: &str| -> RhaiResult<bool> {
        with_event(|s| Ok(s.position.piece_at(square_named(s, sq)?).is_some()))
    });
    let v = Arc::clone(variant);
    engine.register_fn("is_royal", move |sq: &str| -> RhaiResult<bool> {
        with_event(|s| Ok(s.position.piece_at(square_named(s, sq)?).is_some_and(|p| v.is_royal(p.kind))))
    });
    engine.register_fn("piece_side", |sq: &str| -> RhaiResult<String> {
        with_event(|s| {
            Ok(s.position.piece_at(square_named(s, sq)?).map_or(String::new(), |p| p.side.name().to_string()))
        })
    });
    let v = Arc::clone(variant);
    engine.register_fn("piece_name", move |sq: &str| -> RhaiResult<String> {
        with_event(|s| {
            Ok(s.position.piece_at(square_named(s, sq)?).map_or(String::new(), |p| v.piece(p.kind).name.clone()))
        })
    });
    let v = Arc::clone(variant);
    engine.register_fn("token_kind", move |sq: &str| -> RhaiResult<String> {
        with_event(|s| {
            Ok(s.position
                .tokens_at(square_named(s, sq)?)
                .map_or(String::new(), |t| v.tokens()[t.kind as usize].name.clone()))
        })
    });
    engine.register_fn("token_count", |sq: &str| -> RhaiResult<i64> {
        with_event(|s| Ok(s.position.tokens_at(square_named(s, sq)?).map_or(0, |t| t.count as i64)))
    });
    let v = Arc::clone(variant);
    engine.register_fn("count_tokens", move |kind: &str| -> RhaiResult<i64> {
        let kind = token_kind(&v, kind)?;
        with_event(|s| {
            let p = &s.position;
            Ok(p.token_squares()
                .filter_map(|sq| p.tokens_at(sq))
                .filter(|t| t.kind == kind)
                .map(|t| t.count as i64)
                .sum())
        })
    });
    let v = Arc::clone(variant);
    engine.register_fn("token_squares", move |kind: &str| -> RhaiResult<Array> {
        let kind = token_kind(&v, kind)?;
        with_event(|s| {
            let p = &s.position;
            let g = p.geometry();
            Ok(p.token_squares()
                .filter(|&sq| p.tokens_at(sq).is_some_and(|t| t.kind == kind))
                .map(|sq| Dynamic::from(g.name_on_board(sq)))
                .collect())
        })
    });
    let v = Arc::clone(variant);
    engine.register_fn("place_token", move |kind: &str, sq: &str| -> RhaiResult<()> {
        let kind = token_kind(&v, kind)?;
        with_event(|s| place_token(s, &v, kind, sq, None))
    });
    let v = Arc::clone(variant);
    engine.register_fn("place_token", move |kind: &str, sq: &str, plies: i64| -> RhaiResult<()> {
        let kind = token_kind(&v, kind)?;
        if !(1..=10_000).contains(&plies) {
            return Err(format!("place_token: a lifetime of {plies} plies is out of range").into());
        }
        with_event(|s| place_token(s, &v, kind, sq, Some(plies as u16)))
    });
    engine.register_fn("remove_token", |sq: &str| -> RhaiResult<()> {
        with_event(|s| {
            let at = square_named(s, sq)?;
            s.position.clear_tokens(at);
            Ok(())
        })
    });
    engine.register_fn("move_token", |from: &str, to: &str| -> RhaiResult<()> {
        with_event(|s| {
            let (a, b) = (square_named(s, from)?, square_named(s, to)?);
            let stack = s.position.tokens_at(a).ok_or_else(|| format!("move_token: no token on {from}"))?;
            if s.position.tokens_at(b).is_some_and(|t| t.kind != stack.kind) {
                return Err(format!("move_token: {to} holds another kind of token").into());
            }
            s.position.set_tokens(a, TokenStack { count: stack.count - 1, ..stack });
            s.position.add_token(b, stack.kind);
            Ok(())
        })
    });
    engine.register_fn("remove_piece", |sq: &str| -> RhaiResult<bool> {
        with_event(|s| {
            let at = square_named(s, sq)?;
            Ok(s.position.remove_piece(at).is_some())
        })
    });
    engine.register_fn("note", |text: &str| -> RhaiResult<()> {
        with_event(|s| {
            s.notes.push(text.to_string());
            Ok(())
        })
    });
}

/// Adds a token; a kind that removes occupants takes a non-royal piece standing there.
fn place_token(s: &mut EventState, variant: &Variant, kind: u8, sq: &str, plies: Option<u16>) -> RhaiResult<()> {
    let at = square_named(s, sq)?;
    if let Some(existing) = s.position.tokens_at(at) {
        if existing.kind != kind {
            return Err(format!("{sq} already holds a {}", variant.tokens()[existing.kind as usize].name).into());
        }
    }
    let spec = &variant.tokens()[kind as usize];
    if spec.removes_occupant {
        if let Some(p) = s.position.piece_at(at) {
            if !variant.is_royal(p.kind) {
                s.position.remove_piece(at);
            }
        }
    }
    s.position.add_token(at, kind);
    if let Some(plies) = plies {
        let stack = s.position.tokens_at(at).unwrap_or(TokenStack { kind, count: 1, timer: 0 });
        s.position.set_tokens(at, TokenStack { timer: plies, ..stack });
    }
    Ok(())
}
