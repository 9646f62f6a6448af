//! The bodies of the fuzz targets, shared by the cargo-fuzz binaries (`fuzz_targets/`) and
//! by the stable test that replays the saved corpus (`tests/fuzz_corpus.rs`). Each takes
//! arbitrary bytes and must return without panicking, whatever they hold; what it checks
//! beyond "no panic" is said at each function.

#![allow(dead_code)]

use std::sync::{Arc, OnceLock};

use holechess_kernel::notation::{lan, parse_move, san, strip_board_names};
use holechess_kernel::Position;
use holechess_record::{replay_record, PgnReader};
use holechess_repl::command;
use holechess_runtime::PlayableVariant;

#[path = "hook_gen.rs"]
mod hook_gen;

/// The bundled variants, in the order a first input byte picks them.
pub const VARIANTS: [&str; 7] =
    ["chess", "porthole", "standard-portal", "pothole", "wormhole", "portal", "portal-one-set"];

/// The most lines a `repl` input plays, games a `record` input replays and moves a
/// `position` input writes: enough to reach deep states, few enough to keep an execution fast.
const MAX_STEPS: usize = 16;

/// Every bundled variant's rules, loaded once.
fn all_rules() -> &'static [Arc<PlayableVariant>] {
    static RULES: OnceLock<Vec<Arc<PlayableVariant>>> = OnceLock::new();
    RULES
        .get_or_init(|| VARIANTS.iter().map(|id| PlayableVariant::load(id).expect("a bundled variant loads")).collect())
}

/// The variant a first byte picks, and the rest of the input as text.
fn split(data: &[u8]) -> (&'static Arc<PlayableVariant>, String) {
    let rules = all_rules();
    let (first, rest) = data.split_first().map_or((0, data), |(first, rest)| (*first, rest));
    (&rules[usize::from(first) % rules.len()], String::from_utf8_lossy(rest).into_owned())
}

/// The script front end: any text is a variant or diagnostics; a variant that loads has
/// hooks the runtime accepts or a clear refusal, and a start position with legal moves
/// that all have a notation.
pub fn script(data: &[u8]) {
    let text = String::from_utf8_lossy(data);
    let Ok(loaded) = holechess_lang::load_str("fuzz.hole", &text) else {
        return;
    };
    let variant = Arc::clone(&loaded.variant);
    let _ = PlayableVariant::from_loaded(loaded);
    let pos = Position::start(&variant);
    for mv in pos.legal_moves().iter().take(MAX_STEPS) {
        let _ = lan(&pos, *mv);
    }
}

/// The position notation: a text is a position or an error; a position's moves all have a
/// notation, make and unmake restore it, and its notation reads back.
pub fn position(data: &[u8]) {
    let (rules, text) = split(data);
    let Ok(mut pos) = Position::from_fen(rules.variant(), &text) else {
        return;
    };
    let fen = pos.fen();
    assert!(Position::from_fen(rules.variant(), &fen).is_ok(), "{fen} does not read back");
    let _ = pos.status();
    for mv in pos.legal_moves().iter().take(MAX_STEPS) {
        let _ = san(&pos, *mv);
        let undo = pos.make(*mv);
        let _ = pos.fen();
        pos.unmake(undo);
        assert_eq!(pos.fen(), fen, "make/unmake of {} changes the position", lan(&pos, *mv));
    }
}

/// The PGN reader and replay: any bytes are games with verdicts, or read errors.
pub fn record(data: &[u8]) {
    let (rules, _) = split(data);
    let rest = data.get(1..).unwrap_or_default();
    for game in PgnReader::from_bytes(rest).games().take(MAX_STEPS) {
        match game {
            Ok(record) => {
                let _ = replay_record(&record, rules);
            }
            Err(_) => break,
        }
    }
}

/// A REPL command stream: every line is read by the REPL's command parser; moves, `undo`,
/// `position`, `fen` and `new` act on a position as the REPL does, through the kernel.
pub fn repl(data: &[u8]) {
    let (first_rules, text) = split(data);
    let mut rules = Arc::clone(first_rules);
    let mut pos = rules.start_position();
    let mut undos = Vec::new();
    for line in text.lines().take(MAX_STEPS) {
        match command::read(line) {
            command::Input::Move(text) => {
                // As the REPL reads a move: board prefixes first, then the notation.
                let read = strip_board_names(&pos, &text).ok().and_then(|text| parse_move(&pos, &text).ok());
                if let Some(mv) = read {
                    undos.push(pos.make(mv));
                }
            }
            command::Input::Undo => {
                if let Some(undo) = undos.pop() {
                    pos.unmake(undo);
                }
            }
            command::Input::Position(Some(fen)) => {
                if let Ok(next) = Position::from_fen(rules.variant(), &fen) {
                    pos = next;
                    undos.clear();
                }
            }
            command::Input::New(name) => {
                let index = VARIANTS.iter().position(|id| Some(*id) == name.as_deref()).unwrap_or(0);
                rules = Arc::clone(&all_rules()[index]);
                pos = rules.start_position();
                undos.clear();
            }
            command::Input::Fen => {
                let _ = pos.fen();
            }
            command::Input::Moves(_) => {
                let _ = pos.legal_moves();
            }
            _ => {}
        }
    }
}

/// Whether a hook error is a budget's cut-off (operations, bytes held or bytes copied).
fn over_budget(error: &str) -> bool {
    error.contains("operations in one call") || error.contains("MB of values") || error.contains("over its budget")
}

/// Generated hook code (see `hook_gen`) through `check`, play and perft, under the hooks'
/// budgets: a hook fails or succeeds, never runs away; the same hook on the same position
/// gives the same verdict twice (the budgets count, they do not time); and every position
/// a game reaches is one the position notation writes and reads back (no second king, no
/// token count out of its rule).
///
/// Once a hook has been cut off by a budget the input ends: every later call would run to
/// the same cut-off, the costliest thing a hook can do, and test nothing new (a hook that is
/// cut off only on later positions is still played, sampled and counted up to that point).
pub fn hooks(data: &[u8]) {
    let text = hook_gen::script(data);
    if std::env::var_os("HOOKS_FUZZ_PRINT").is_some() {
        eprintln!("{text}");
    }
    let loaded = match holechess_lang::load_str("fuzzed-hooks.hole", &text) {
        Ok(loaded) => loaded,
        // `check` refuses a royal piece placed by name where a side has one; nothing runs.
        Err(diagnostics) if diagnostics.render().contains("a royal piece: every side has") => return,
        Err(diagnostics) => panic!("generated hooks do not load:\n{}\n{text}", diagnostics.render()),
    };
    let Ok(rules) = PlayableVariant::from_loaded(loaded) else { return };
    let rules = Arc::new(rules);
    let trial = rules.trial_run().map_err(|e| e.to_string());
    assert_eq!(trial, rules.trial_run().map_err(|e| e.to_string()), "a second trial run differs:\n{text}");
    if trial.as_ref().is_err_and(|e| over_budget(e)) {
        return;
    }
    // A hook listing thousands of moves costs every move generation a long call (rhai
    // checks the list's size at each push): such a variant plays one ply, not four.
    let start_moves = rules.start_position().legal_moves().len();
    let plies = if start_moves > 64 { 1 } else { 4 };
    let mut game = holechess_runtime::Game::seeded(Arc::clone(&rules), u64::from(data.first().copied().unwrap_or(0)));
    for step in 0..plies {
        let moves = game.position().legal_moves();
        if rules.hooks.take_special_error().is_some_and(|e| over_budget(&e.to_string())) {
            return;
        }
        if moves.is_empty() {
            break;
        }
        let mv = moves.as_slice()[usize::from(data.get(step).copied().unwrap_or(0)) % moves.len()];
        match game.play(mv) {
            Ok(_) => {}
            Err(e) if over_budget(&e.to_string()) => return,
            Err(_) => break,
        }
        let fen = game.position().fen();
        if let Err(e) = Position::from_fen(rules.variant(), &fen) {
            panic!("a hook made a position the notation refuses: {fen}: {e}\n{text}");
        }
    }
    // The computer's view of the event: sampled outcomes keep the rules too.
    let mut after_e4 = rules.start_position();
    if let Ok(mv) = parse_move(&after_e4, "e4") {
        after_e4.play_unchecked(mv);
        for (_, outcome) in holechess_runtime::EventTree::new(&rules).sample(&after_e4, 4, 1) {
            let fen = outcome.fen();
            assert!(Position::from_fen(rules.variant(), &fen).is_ok(), "a sampled event made {fen}\n{text}");
        }
    }
    // Depth 2 (a hook call for each reply) for one input in sixteen, and only where the
    // start has chess's 20 moves and a few special ones: each reply's call lists its moves
    // again, so depth 2 costs twenty times depth 1 and finds the same kinds of mistakes.
    let depth = if data.len() % 16 == 0 && start_moves <= 24 { 2 } else { 1 };
    let mut start = rules.start_position();
    let _ = holechess_kernel::perft::perft(&mut start, depth);
    let _ = rules.hooks.take_special_error();
}
