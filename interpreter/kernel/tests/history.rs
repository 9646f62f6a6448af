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
