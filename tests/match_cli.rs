//! `holechess match`: a tiny seeded match between two levels completes and prints each
//! game's result and the score.

mod common;

use common::binary::holechess;

#[test]
fn two_short_games_complete_with_a_score() {
    let output =
        holechess(&["match", "porthole", "--levels", "2,2", "--games", "2", "--seed", "7", "--time-ms", "20"], "");
    let out = String::from_utf8_lossy(&output.stdout);
    assert!(output.status.success(), "{out}{}", String::from_utf8_lossy(&output.stderr));
    assert!(out.contains("game 1: level 2 (White) - level 2 (Black)"), "{out}");
    assert!(out.contains("game 2:"), "{out}");
    assert!(out.contains("score: level 2"), "{out}");
}

#[test]
fn levels_must_be_two() {
    let output = holechess(&["match", "chess", "--levels", "3", "--games", "1"], "");
    assert_eq!(output.status.code(), Some(2));
}

/// Each finished game is reported at once, with the score so far.
#[test]
fn every_finished_game_shows_the_score_so_far() {
    let output =
        holechess(&["match", "chess", "--levels", "2,2", "--games", "2", "--seed", "3", "--time-ms", "10"], "");
    let out = String::from_utf8_lossy(&output.stdout);
    let games: Vec<&str> = out.lines().filter(|line| line.starts_with("game ")).collect();
    assert_eq!(games.len(), 2, "{out}");
    assert!(games.iter().all(|line| line.contains("; level 2 ")), "{out}");
}

/// `match --pgn FILE`: every game is written as it finishes, with the dice rolled after each
/// move (K4) and the result the match gave it, and `validate` accepts the file.
#[test]
fn match_records_carry_their_dice_and_validate() {
    let dir = std::env::temp_dir().join(format!("holechess-match-pgn-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    for variant in ["pothole", "wormhole", "portal"] {
        let file = dir.join(format!("{variant}.pgn"));
        let path = file.to_str().unwrap();
        let args =
            ["match", variant, "--levels", "1,1", "--games", "2", "--seed", "5", "--time-ms", "10", "--pgn", path];
        let output = holechess(&args, "");
        let out = String::from_utf8_lossy(&output.stdout);
        assert!(output.status.success(), "{variant}: {out}{}", String::from_utf8_lossy(&output.stderr));
        assert!(out.contains(&format!("2 game record(s) written to {path}")), "{out}");
        let text = std::fs::read_to_string(&file).unwrap();
        let results: Vec<&str> = text.lines().filter_map(|l| l.strip_prefix("[Result \"")).collect();
        assert_eq!(results.len(), 2, "{text}");
        for (line, result) in out.lines().filter(|l| l.starts_with("game ")).zip(&results) {
            let result = result.trim_end_matches("\"]");
            assert!(line.contains(&format!(": {result}, ")), "{variant}: `{line}` against [Result \"{result}\"]");
        }
        assert_eq!(text.contains("[%dice"), variant != "portal", "{variant}: dice comments");
        let validated = holechess(&["validate", variant, path], "");
        let report = String::from_utf8_lossy(&validated.stdout);
        assert_eq!(
            validated.status.code(),
            Some(0),
            "{variant}: {report}{}",
            String::from_utf8_lossy(&validated.stderr)
        );
        assert!(report.contains("2 games: 2 valid, 0 invalid"), "{report}");
    }
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn an_unwritable_pgn_file_is_refused_before_the_match() {
    let output =
        holechess(&["match", "chess", "--levels", "1,1", "--games", "1", "--pgn", "/nonexistent-dir/m.pgn"], "");
    assert_eq!(output.status.code(), Some(2));
    let err = String::from_utf8_lossy(&output.stderr);
    assert!(err.contains("cannot write /nonexistent-dir/m.pgn"), "{err}");
    assert!(!String::from_utf8_lossy(&output.stdout).contains("game 1:"), "no game is played");
}
