//! Fuzz target `variant_space`: the input's bytes pick a generated variant (a script from
//! `tests/variant_space/generator.rs`) and a random game from its start; at each position
//! perft through the kernel, its general path and the independent reference must agree,
//! on at most 500 leaves each so that an input costs milliseconds.
#![no_main]

#[path = "../../tests/variant_space/check.rs"]
#[allow(dead_code)]
mod check;
#[path = "../../tests/variant_space/generator.rs"]
#[allow(dead_code)]
mod generator;
#[path = "../../tests/reference/spec.rs"]
#[allow(dead_code)]
mod spec_reference;

libfuzzer_sys::fuzz_target!(|data: &[u8]| {
    // The bytes folded into one seed (FNV-1a): every input names one variant.
    let seed = data.iter().fold(0xcbf2_9ce4_8422_2325u64, |h, &b| (h ^ u64::from(b)).wrapping_mul(0x100_0000_01b3));
    // One position past the start, perft held to 500 leaves: every input stays cheap.
    if let Err(report) = check::check_variant_within(seed, 2, 500) {
        panic!("{report}");
    }
});
