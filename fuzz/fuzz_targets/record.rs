//! Fuzz target `record`: see `targets::record`.
#![no_main]

#[path = "../src/targets.rs"]
mod targets;

libfuzzer_sys::fuzz_target!(|data: &[u8]| targets::record(data));
