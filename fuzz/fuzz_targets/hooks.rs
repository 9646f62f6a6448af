//! Fuzz target `hooks`: see `targets::hooks`.
#![no_main]

#[path = "../src/targets.rs"]
mod targets;

/// The hooks' byte budgets count through the runtime's allocator, as in the `holechess` binary.
#[global_allocator]
static ALLOCATOR: holechess_runtime::meter::CountingAllocator = holechess_runtime::meter::CountingAllocator;

libfuzzer_sys::fuzz_target!(|data: &[u8]| targets::hooks(data));
