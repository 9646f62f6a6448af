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

/// Issue 12 item 5: each finished game is reported at once, with the score so far.
#[test]
fn every_finished_game_shows_the_score_so_far() {
    let output =
        holechess(&["match", "chess", "--levels", "2,2", "--games", "2", "--seed", "3", "--time-ms", "10"], "");
    let out = String::from_utf8_lossy(&output.stdout);
    let games: Vec<&str> = out.lines().filter(|line| line.starts_with("game ")).collect();
    assert_eq!(games.len(), 2, "{out}");
    assert!(games.iter().all(|line| line.contains("; level 2 ")), "{out}");
}
