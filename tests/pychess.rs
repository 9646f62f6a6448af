//! python-chess as the client: `tools/pychess_play.py` starts `holechess uci` with
//! `chess.engine.SimpleEngine.popen_uci` and plays one whole game of every bundled variant
//! that rolls no dice. Skipped, with the reason printed, where python3 or python-chess is
//! missing.

use std::path::Path;
use std::process::Command;

/// Why python-chess cannot run here, or `None` when it can.
fn python_chess_missing() -> Option<String> {
    match Command::new("python3").args(["-c", "import chess.engine"]).output() {
        Err(error) => Some(format!("python3 cannot be started ({error})")),
        Ok(output) if !output.status.success() => Some("python-chess is not installed (pip install chess)".to_string()),
        Ok(_) => None,
    }
}

#[test]
fn python_chess_plays_a_whole_game_of_every_deterministic_variant() {
    if let Some(reason) = python_chess_missing() {
        println!("skipped: {reason}");
        return;
    }
    let script = Path::new(env!("CARGO_MANIFEST_DIR")).join("tools/pychess_play.py");
    let engine = format!("'{}' uci", env!("CARGO_BIN_EXE_holechess"));
    let output = Command::new("python3")
        .arg(script)
        .args(["--holechess", &engine, "--nodes", "60", "--plies", "600"])
        .output()
        .expect("python3 runs");
    let stdout = String::from_utf8_lossy(&output.stdout);
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(output.status.success(), "the script failed:\n{stdout}\n{stderr}");
    for variant in ["chess", "porthole", "standard-portal", "portal", "portal-one-set"] {
        let line = stdout.lines().find(|line| line.starts_with(&format!("{variant}: "))).unwrap_or_default();
        // A whole game: a result (by the rules, or a draw adjudicated at the ply cap, which
        // a change of the search could make one reach).
        let finished = ["1-0 in", "0-1 in", "1/2-1/2 in"].iter().any(|result| line.contains(result));
        assert!(finished, "{variant} has no result:\n{stdout}");
    }
}
