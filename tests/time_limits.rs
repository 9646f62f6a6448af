//! The computer keeps its time whatever move generation costs: a variant whose
//! special-moves hook spins through a long loop on every call (Dig Chess with 60,000 idle
//! steps per generation) is searched by `go` in the REPL, by `match --time-ms` and by UCI
//! `go movetime` within the limit plus a small margin. The search looks at the clock
//! before every node of such a variant, so it overruns by at most one node's hook calls.

mod protocol_client;

use std::io::Write;
use std::path::PathBuf;
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use protocol_client::Engine;

/// Dig Chess (examples/dig.hole) with a hook that idles 60,000 steps per call.
fn slow_dig(test: &str) -> PathBuf {
    let source = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/examples/dig.hole")).unwrap();
    let slow = source
        .replace("    let moves = [];", "    let moves = [];\n    let idle = 0;\n    for i in 0..60000 { idle += i; }")
        .replace("id dig\n", "id slow-dig\n");
    assert!(slow.contains("idle += i"), "the hook was found");
    let dir = std::env::temp_dir().join(format!("holechess-time-{}-{test}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("slow-dig.hole");
    std::fs::write(&path, slow).unwrap();
    path
}

fn holechess() -> Command {
    Command::new(env!("CARGO_BIN_EXE_holechess"))
}

#[test]
fn uci_go_movetime_is_kept_under_a_slow_hook() {
    let path = slow_dig("uci");
    let mut engine = Engine::start("uci");
    engine.send(&format!("setoption name UCI_Variant value {}", path.display()));
    engine.send("position startpos moves e2e4 e7e5");
    engine.send("isready");
    engine.line("readyok");
    for millis in [100u64, 400] {
        let asked = Instant::now();
        engine.send(&format!("go movetime {millis}"));
        let best = engine.line("bestmove");
        let took = asked.elapsed();
        assert!(best != "bestmove (none)");
        assert!(took < Duration::from_millis(millis + 250), "go movetime {millis} took {took:?}");
    }
}

/// Runs `holechess play SCRIPT` with `input`; the standard output and the time it took.
fn play(path: &std::path::Path, input: &[u8]) -> (String, Duration) {
    let mut child = holechess()
        .arg("play")
        .arg(path)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let started = Instant::now();
    child.stdin.take().unwrap().write_all(input).unwrap();
    let output = child.wait_with_output().unwrap();
    (String::from_utf8_lossy(&output.stdout).into_owned(), started.elapsed())
}

#[test]
fn the_repl_go_at_level_1_keeps_its_second_under_a_slow_hook() {
    let (text, took) = play(&slow_dig("repl"), b"level 1\ngo\nquit\n");
    assert!(text.contains("Last move"), "{text}");
    // One second for the move (the level's promise), the rest for starting and printing.
    assert!(took < Duration::from_millis(2_500), "level 1 `go` took {took:?}");
}

#[test]
fn a_hint_at_level_3_keeps_its_half_second_under_a_slow_hook() {
    let (text, took) = play(&slow_dig("hint"), b"hint\nquit\n");
    assert!(text.contains("hint:"), "{text}");
    assert!(took < Duration::from_millis(2_000), "level 3 `hint` took {took:?}");
}

#[test]
fn a_match_at_ten_milliseconds_a_move_finishes_under_a_slow_hook() {
    let path = slow_dig("match");
    let started = Instant::now();
    let output = holechess()
        .args(["match", &path.to_string_lossy(), "--levels", "1,2", "--games", "1", "--time-ms", "10"])
        .output()
        .unwrap();
    let took = started.elapsed();
    let text = String::from_utf8_lossy(&output.stdout);
    assert!(output.status.success(), "{text}");
    let plies: u64 = text
        .lines()
        .find_map(|l| l.split_once(" plies in ").map(|(n, _)| n.trim().parse().unwrap()))
        .unwrap_or_else(|| panic!("{text}"));
    // Each move may overrun its 10 ms by one node's hook calls and the game's own checks.
    assert!(took < Duration::from_millis(200 * plies.max(1) + 2_000), "{plies} plies took {took:?}");
}
