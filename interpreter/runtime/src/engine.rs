//! The sandboxed rhai engine hooks run in: limits on operations and depth, the
//! memory budgets of [`crate::meter`] asked before every operation, no modules, no file
//! access, no printing, and nothing that differs between two runs (no clock: `timestamp()`
//! and friends are left out, `sleep` is refused), so a game replays exactly from its
//! recorded dice.

use std::sync::OnceLock;

use rhai::packages::{
    BasicArrayPackage, BasicBlobPackage, BasicMapPackage, BasicMathPackage, BitFieldPackage, CorePackage, LogicPackage,
    MoreStringPackage, Package,
};
use rhai::{exported_module, Dynamic, Engine, EvalAltResult, Module, Shared};

use crate::api::hook_api;
use crate::special::SpecialBuilder;

/// Operations one hook call may run (a runaway loop is stopped).
pub const MAX_OPERATIONS: u64 = 200_000;

/// The most special moves one `special moves` hook call may list.
pub const MAX_SPECIAL_MOVES: usize = 10_000;

/// The longest text one `note` may carry, in bytes.
pub const MAX_NOTE_BYTES: usize = 10_000;

/// An engine with limits and the hook API, and nothing that reaches outside.
pub fn sandboxed_engine() -> Engine {
    let mut engine = Engine::new_raw();
    for module in library() {
        engine.register_global_module(module.clone());
    }
    engine.register_type_with_name::<SpecialBuilder>("SpecialMove");
    let no_sleep = "sleep() is not available to hooks (a hook must not depend on time)";
    engine.register_fn("sleep", move |_: i64| -> Result<(), Box<EvalAltResult>> { Err(no_sleep.into()) });
    engine.register_fn("sleep", move |_: f64| -> Result<(), Box<EvalAltResult>> { Err(no_sleep.into()) });
    engine.set_module_resolver(rhai::module_resolvers::DummyModuleResolver::new());
    engine.set_max_operations(MAX_OPERATIONS);
    engine.set_max_call_levels(32);
    engine.set_max_expr_depths(128, 64);
    // No rhai size limits on arrays, maps and strings: rhai measures them by walking the
    // whole value after every call that returns one, so a hook pushing n items costs n²
    // steps. The byte budgets of `crate::meter` bound the same memory and count each value
    // once, when it is allocated; what leaves a hook is capped where it leaves (the special
    // moves listed, a note's text).
    // Before each operation: stop a hook that holds or has copied more than its budgets.
    engine.on_progress(|_| crate::meter::exceeded().map(|overrun| Dynamic::from(overrun.message())));
    engine.on_print(|_| {});
    engine.on_debug(|_, _, _| {});
    engine
}

/// The modules every hook engine registers, built once (each package is a table of a few
/// hundred functions; a variant loaded again shares them).
fn library() -> &'static [Shared<Module>] {
    static LIBRARY: OnceLock<Vec<Shared<Module>>> = OnceLock::new();
    LIBRARY.get_or_init(|| {
        vec![
            // The standard library without its time package (a clock differs between play
            // and replay).
            CorePackage::new().as_shared_module(),
            LogicPackage::new().as_shared_module(),
            BitFieldPackage::new().as_shared_module(),
            BasicMathPackage::new().as_shared_module(),
            BasicArrayPackage::new().as_shared_module(),
            BasicBlobPackage::new().as_shared_module(),
            BasicMapPackage::new().as_shared_module(),
            MoreStringPackage::new().as_shared_module(),
            exported_module!(hook_api).into(),
        ]
    })
}
