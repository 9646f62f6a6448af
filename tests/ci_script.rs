//! `.ci/run` checks what the project claims: formatting, clippy and the API documentation with
//! warnings denied, then the tests. Run here with a stand-in `cargo` that fails one check: the
//! tests still run, the run ends with the test total, and the script exits non-zero.

use std::path::PathBuf;
use std::process::Command;

/// A folder holding a `cargo` that fails `cargo NAME` for the names given and prints one
/// test summary for `cargo test`.
fn fake_cargo(failing: &[&str]) -> PathBuf {
    let folder = std::env::temp_dir().join(format!("holechess-ci-{}-{}", std::process::id(), failing.join("-")));
    std::fs::create_dir_all(&folder).unwrap();
    let failing = failing.iter().map(|name| format!("{name}) echo \"{name} failed\"; exit 1;;")).collect::<String>();
    let script = format!(
        "#!/usr/bin/env bash\necho \"cargo $*\"\ncase \"$1\" in\n{failing}\n\
         test) echo 'test result: ok. 5 passed; 0 failed; 1 ignored; 0 measured; 0 filtered out';;\nesac\nexit 0\n"
    );
    let cargo = folder.join("cargo");
    std::fs::write(&cargo, script).unwrap();
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        std::fs::set_permissions(&cargo, std::fs::Permissions::from_mode(0o755)).unwrap();
    }
    folder
}

fn run_ci(failing: &[&str]) -> (Option<i32>, String) {
    let folder = fake_cargo(failing);
    let path = format!("{}:{}", folder.display(), std::env::var("PATH").unwrap_or_default());
    let out = Command::new("bash")
        .arg(PathBuf::from(env!("CARGO_MANIFEST_DIR")).join(".ci/run"))
        .env("PATH", path)
        .output()
        .expect("run .ci/run");
    (out.status.code(), String::from_utf8_lossy(&out.stdout).into_owned())
}

#[test]
fn ci_runs_every_check_and_the_readme_test_command() {
    let (code, text) = run_ci(&[]);
    assert_eq!(code, Some(0), "{text}");
    for command in [
        "cargo fmt --all --check",
        "cargo clippy --workspace --all-targets -- -D warnings",
        "cargo doc --workspace --no-deps",
        "cargo test --workspace",
    ] {
        assert!(text.lines().any(|line| line == command), "`{command}` not run:\n{text}");
    }
    assert_eq!(text.trim_end().lines().last(), Some("5 passed, 0 failed, 1 skipped"), "the total comes last:\n{text}");
}

#[test]
fn a_failed_check_still_runs_the_tests_then_fails_the_run() {
    let (code, text) = run_ci(&["fmt", "clippy"]);
    assert_eq!(code, Some(1), "{text}");
    assert!(text.lines().any(|line| line == "cargo test --workspace"), "the tests ran anyway:\n{text}");
    assert!(text.contains("checks failed: format clippy"), "{text}");
    let last = text.trim_end().lines().last().unwrap();
    assert!(last.contains(" passed, 0 failed, ") && last.ends_with(" skipped"), "the total comes last: {last}");
}
