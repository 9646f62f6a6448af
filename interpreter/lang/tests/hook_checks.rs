//! `check` finds hook mistakes before play: calls to functions that are
//! neither defined nor in the API, wrong numbers of arguments, top-level variables a function
//! cannot see; each with its file, line and column.

fn diagnostics(body: &str) -> String {
    let script = format!(
        "variant \"Hooked\"\n  id hooked\n\nextends chess\n\nafter each move: call event(\"x\")\n  rhai ```\n{body}\n```\n"
    );
    match holechess_lang::load_str("hooked.hole", &script) {
        Ok(_) => String::new(),
        Err(d) => d.render(),
    }
}

#[test]
fn a_call_to_an_unknown_function_is_reported_with_its_place() {
    let out = diagnostics("fn event(kind) {\n    let face = rol(6);\n}");
    assert!(out.contains("`rol` is neither defined"), "{out}");
    assert!(out.contains("hooked.hole:9:16"), "{out}");
}

#[test]
fn wrong_numbers_of_arguments_are_reported() {
    let out = diagnostics("fn event(kind) {\n    roll(6, 2);\n    helper(1);\n}\nfn helper(a, b) { a + b }");
    assert!(out.contains("`roll` is called with 2 argument(s) but takes 1"), "{out}");
    assert!(out.contains("`helper` is called with 1 argument(s) but takes 2"), "{out}");
}

#[test]
fn a_top_level_variable_used_in_a_function_is_reported() {
    let out = diagnostics("const SIDES = 6;\nfn event(kind) {\n    roll(SIDES);\n}");
    assert!(out.contains("function `event` uses `SIDES`, a top-level variable it cannot see"), "{out}");
    assert!(out.contains("hooked.hole:10:10"), "{out}");
}

#[test]
fn correct_hooks_pass_locals_parameters_methods_and_map_keys_included() {
    let body = "fn event(kind) {\n    let moves = [];\n    for sq in squares() { moves.push(sq); }\n    let m = #{ kind: kind, n: moves.len() };\n    let f = |x| x + 1;\n    note(`${m.kind} ${f.call(1)}`);\n    place_token(kind, \"e4\", 2);\n}";
    assert_eq!(diagnostics(body), "");
}

#[test]
fn every_bundled_variant_and_example_checks_clean() {
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
    for folder in ["variants", "examples"] {
        for entry in std::fs::read_dir(root.join(folder)).unwrap() {
            let path = entry.unwrap().path();
            if path.extension().is_some_and(|e| e == "hole") {
                let problems = holechess_lang::check_files(std::slice::from_ref(&path));
                assert!(problems.is_empty(), "{}: {:?}", path.display(), problems);
            }
        }
    }
}

#[test]
fn a_call_inside_a_backquoted_interpolation_is_checked() {
    let out = diagnostics("fn event(kind) {\n    note(`rolled ${rol(6)}`);\n}");
    assert!(out.contains("`rol` is neither defined"), "{out}");
    assert!(out.contains("hooked.hole:9:20"), "{out}");
}
