//! Fuzz target `hooks`: see `targets::hooks`.
#![no_main]

#[path = "../src/targets.rs"]
mod targets;

/// The REPL's spelling helper, which its command parser (in `targets`) calls as `crate::spelling`.
#[allow(dead_code)]
#[path = "../../interpreter/cli/spelling.rs"]
mod spelling;

libfuzzer_sys::fuzz_target!(|data: &[u8]| targets::hooks(data));
