//! A script reads only `.hole` / `.rhai` files in its own folder tree
//! and the bundled library unless the user passes `--allow-path DIR`, so checking or
//! loading a third-party script never prints another file's text (secrets included).

use std::path::{Path, PathBuf};

mod common;

use common::binary::{holechess, stderr, stdout};

/// A fresh folder for the files of one test.
fn scratch(test: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("holechess-policy-{}-{test}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

fn script(dir: &Path, name: &str, body: &str) -> String {
    let path = dir.join(name);
    std::fs::write(&path, format!("variant \"Probe\"\n  id probe\n  summary \"x\"\n{body}")).unwrap();
    path.to_str().unwrap().to_string()
}

#[test]
fn extends_include_and_rhai_of_system_files_are_refused_without_quoting_them() {
    let dir = scratch("system");
    let secret = dir.join("secret.txt");
    std::fs::write(&secret, "API_TOKEN=hunter2\n").unwrap();
    let secret = secret.to_str().unwrap();
    let probes = [
        ("environ.hole", "extends \"/proc/self/environ\"\n".to_string()),
        ("passwd.hole", "extends chess\ninclude \"/etc/passwd\"\n".to_string()),
        ("hosts.hole", "extends chess\nrhai \"/etc/hosts\"\n".to_string()),
        ("secret.hole", format!("extends chess\ninclude \"{secret}\"\n")),
        ("beside.hole", "extends chess\ninclude \"secret.txt\"\n".to_string()),
    ];
    for (name, body) in probes {
        let path = script(&dir, name, &body);
        let out = holechess(&["check", &path], "");
        let err = stderr(&out);
        assert_eq!(out.status.code(), Some(2), "{name}: {err}");
        assert!(err.contains("is not a .hole file") || err.contains("is not a .rhai file"), "{name}: {err}");
        for leaked in ["root:", "localhost", "hunter2", "PATH=", "HOME="] {
            assert!(!err.contains(leaked), "{name} leaks {leaked}: {err}");
        }
    }
}

#[test]
fn a_script_outside_the_folder_tree_needs_allow_path() {
    let dir = scratch("tree");
    let lib = dir.join("lib");
    let mine = dir.join("mine");
    std::fs::create_dir_all(&lib).unwrap();
    std::fs::create_dir_all(&mine).unwrap();
    std::fs::write(lib.join("rules.hole"), "rules\n  no en passant\n").unwrap();
    let path = script(&mine, "v.hole", "extends chess\ninclude \"../lib/rules.hole\"\n");
    let refused = holechess(&["check", &path], "");
    assert_eq!(refused.status.code(), Some(2));
    assert!(stderr(&refused).contains("outside the script's folder"), "{}", stderr(&refused));
    assert!(stderr(&refused).contains("--allow-path"), "{}", stderr(&refused));
    let allowed = holechess(&["check", &path, "--allow-path", lib.to_str().unwrap()], "");
    assert_eq!(allowed.status.code(), Some(0), "{}", stderr(&allowed));
    let moves = holechess(&["--allow-path", lib.to_str().unwrap(), "moves", &path], "");
    assert!(stdout(&moves).contains("e2e4"), "{}", stderr(&moves));
}

#[test]
fn a_subfolder_is_inside_the_tree_and_the_bundled_library_is_always_reachable() {
    let dir = scratch("subfolder");
    std::fs::create_dir_all(dir.join("parts")).unwrap();
    std::fs::write(dir.join("parts/rules.hole"), "rules\n  no en passant\n").unwrap();
    let path = script(
        &dir,
        "v.hole",
        "extends chess\ninclude \"parts/rules.hole\"\n\nafter each move: call open_pit(\"pothole\")\n  rhai \"../stdlib/dice-events.rhai\"\n\ntoken pothole\n  behaves as pit\n  shown as @\n  any number\n  lasts 2 plies\ninclude hole-mechanics\n",
    );
    let out = holechess(&["check", &path], "");
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
}

#[test]
fn allow_path_must_name_a_folder() {
    let out = holechess(&["list", "--allow-path", "/no/such/folder"], "");
    assert_eq!(out.status.code(), Some(2));
    assert!(stderr(&out).contains("--allow-path /no/such/folder"), "{}", stderr(&out));
}
