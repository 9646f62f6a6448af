//! The position history kept for repetition ("memory flat in game length"): a
//! played game keeps only the hashes since its last irreversible move, the positions that
//! can still repeat, and repetition is counted exactly as with every hash kept.

mod support;

use holechess_kernel::notation::parse_move;
use holechess_kernel::Position;

const SHUFFLE: [&str; 4] = ["Nf3", "Nf6", "Ng1", "Ng8"];

fn play(pos: &mut Position, text: &str) {
    let mv = parse_move(pos, text).unwrap_or_else(|e| panic!("{text}: {e}"));
    pos.play_unchecked(mv);
}

#[test]
fn an_irreversible_move_forgets_the_positions_before_it() {
    let mut pos = Position::start(&support::orthodox());
    play(&mut pos, "e4");
    play(&mut pos, "e5");
    for ply in 0..400 {
        play(&mut pos, SHUFFLE[ply % 4]);
    }
    assert_eq!(pos.history_len(), 402, "reversible plies are all kept (they may repeat)");
    // Every 4 plies the position comes back (the first time, right after e5, it differed: en
    // passant was open).
    assert_eq!(pos.repetitions(), 99);
    play(&mut pos, "d4");
    assert_eq!(pos.history_len(), 0, "no position before d4 can recur");
    for ply in 0..8 {
        play(&mut pos, ["Nf6", "Nf3", "Ng8", "Ng1"][ply % 4]);
    }
    assert_eq!(pos.repetitions(), 1, "repetition still counts since the pawn move (not d4 itself: en passant)");
    assert_eq!(pos.history_len(), 8, "and only those positions are kept");
}

#[test]
fn equality_ignores_the_play_history() {
    let chess = support::orthodox();
    let mut shuffled = Position::start(&chess);
    for text in ["Nf3", "Nf6", "Ng1", "Ng8", "Nc3", "Nc6"] {
        play(&mut shuffled, text);
    }
    let mut direct = Position::start(&chess);
    for text in ["Nc3", "Nc6"] {
        play(&mut direct, text);
    }
    // The same pieces and side to move (the hash says so); the histories differ.
    assert_ne!(shuffled.history_len(), direct.history_len());
    assert_eq!(shuffled.hash(), direct.hash());
    let fresh = shuffled.clone_without_history();
    assert_eq!(fresh, shuffled, "a copy without the hashes of earlier positions is the same position");
    assert_eq!(fresh.history_len(), 0);
    assert_eq!(fresh.last_move(), shuffled.last_move(), "the last move is kept");
}
