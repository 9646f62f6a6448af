//! The budgets of a hook call count work, not time: the same hook on the same position
//! fails or succeeds the same way every time, and a hook well within them runs.

/// The hooks' byte budgets count through the runtime's allocator.
#[global_allocator]
static ALLOCATOR: holechess_runtime::meter::CountingAllocator = holechess_runtime::meter::CountingAllocator;

use holechess_runtime::PlayableVariant;

/// Chess with a `special moves` hook running `body` (which must end with an array).
fn special_hook(body: &str) -> PlayableVariant {
    let script = format!(
        "variant \"B\"\n  id b\n\nextends chess\n\nspecial moves: call f()\n  rhai ```\nfn f() {{\n{body}\n}}\n```\n"
    );
    let loaded = holechess_lang::load_str("b.hole", &script).unwrap_or_else(|d| panic!("{}", d.render()));
    PlayableVariant::from_loaded(loaded).unwrap()
}

#[test]
fn a_hook_over_its_budget_fails_the_same_way_every_time() {
    let rules = special_hook("let a = []; a.pad(9999, 0); let m = #{}; for i in 0..9999 { m[`k${i}`] = a; } []");
    let first = rules.trial_run().unwrap_err().to_string();
    assert!(first.contains("holds more than 8 MB"), "{first}");
    for _ in 0..5 {
        assert_eq!(rules.trial_run().unwrap_err().to_string(), first);
    }
}

#[test]
fn a_hook_holding_a_few_megabytes_and_copying_some_runs() {
    // 20 arrays of 1,000 numbers (about 320 KB), copied 50 times (16 MB of copies).
    let rules = special_hook(
        "let a = []; a.pad(1000, 0); let m = #{}; for i in 0..20 { m[`k${i}`] = a; }\n\
         for j in 0..50 { let copy = m; }\n[]",
    );
    rules.trial_run().unwrap();
}

#[test]
fn a_meter_is_only_running_while_a_hook_runs() {
    let rules = special_hook("[]");
    rules.trial_run().unwrap();
    assert_eq!(holechess_runtime::meter::usage(), None);
}

/// Chess with an `after each move` hook running `body`.
fn event_hook(body: &str) -> PlayableVariant {
    let script = format!(
        "variant \"E\"\n  id e\n\nextends chess\n\nafter each move: call f()\n  rhai ```\nfn f() {{\n{body}\n}}\n```\n"
    );
    let loaded = holechess_lang::load_str("e.hole", &script).unwrap_or_else(|d| panic!("{}", d.render()));
    PlayableVariant::from_loaded(loaded).unwrap()
}

#[test]
fn an_array_longer_than_ten_thousand_items_is_bounded_by_bytes_not_by_length() {
    // 20,000 numbers are about 320 KB: well within the bytes a hook may hold.
    let rules = special_hook("let a = []; for i in 0..20000 { a.push(i); } []");
    rules.trial_run().unwrap();
}

#[test]
fn a_hook_listing_more_special_moves_than_one_call_may_is_refused_with_the_count() {
    let rules = special_hook("let ms = []; for i in 0..10001 { ms.push(special_move(`fz@m${i}`)); } ms");
    let error = rules.trial_run().unwrap_err().to_string();
    assert!(error.contains("lists 10001 special moves; one call may list at most 10000"), "{error}");
}

#[test]
fn a_note_longer_than_its_cap_is_a_hook_error() {
    let rules = std::sync::Arc::new(event_hook("let s = \"ab\"; for i in 0..13 { s += s; } note(s);"));
    let mut game = holechess_runtime::Game::seeded(std::sync::Arc::clone(&rules), 0);
    let mv = game.position().legal_moves().as_slice()[0];
    let error = game.play(mv).unwrap_err().to_string();
    assert!(error.contains("a text of 16384 bytes; a note holds at most 10000"), "{error}");
}
