//! A line of movetext pasted at the REPL: its move numbers are checked against the game, so
//! a line copied from another point of a game is refused where its number stops matching,
//! never played silently from here.

mod common;

use common::binary::{holechess, stdout};

fn play(script: &str) -> (Option<i32>, String) {
    let output = holechess(&["play", "chess", "--seed", "1"], script);
    (output.status.code(), stdout(&output))
}

#[test]
fn a_line_whose_numbers_match_the_game_is_played_whole() {
    let (code, out) = play("1. e4 e5 2. Nf3 2... Nc6 3.Bb5\nfen\nquit\n");
    assert_eq!(code, Some(0), "{out}");
    assert!(out.contains("played all 5 moves of the line"), "{out}");
    assert!(out.contains("r1bqkbnr/pppp1ppp/2n5/1B2p3/4P3/5N2/PPPP1PPP/RNBQK2R b KQkq - 3 3"), "{out}");
}

#[test]
fn a_line_numbered_for_another_move_is_refused_before_anything_is_played() {
    let (code, out) = play("5. e4 e5\nfen\nquit\n");
    assert_eq!(code, Some(1), "a refused line fails a scripted session:\n{out}");
    assert!(
        out.contains("`5. e4` is numbered for another point of the game: the game is at move 1, White to move"),
        "{out}"
    );
    assert!(out.contains("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"), "nothing played:\n{out}");
}

#[test]
fn a_single_numbered_move_is_checked_too() {
    let (code, out) = play("e4\n1... e5\n3. Nf3\nfen\nquit\n");
    assert_eq!(code, Some(1), "{out}");
    assert!(out.contains("1... e5"), "the matching number plays:\n{out}");
    assert!(
        out.contains("`3. Nf3` is numbered for another point of the game: the game is at move 2, White to move"),
        "{out}"
    );
    let (_, black_number) = play("1... e5\nquit\n");
    assert!(black_number.contains("`1... e5` is numbered for another point of the game"), "{black_number}");
}

#[test]
fn a_number_that_stops_matching_stops_the_line_there() {
    let (code, out) = play("1. e4 e5 3. Nf3 Nc6\nfen\nquit\n");
    assert_eq!(code, Some(1), "{out}");
    assert!(
        out.contains("played 2 of 4 moves; stopped at Nf3: `3. Nf3` is numbered for another point of the game"),
        "{out}"
    );
    assert!(out.contains("rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq e6 0 2"), "{out}");
}
