//! SAN of a pawn move when another pawn of the same file reaches the same square: in Random
//! Wormhole Chess a pawn tunnels (WH4) past its own file's pawns, so `a8=Q` may fit two pawns.
//! They are two moves (other origins, other positions after them: K6 merges only the same
//! effect), so the writer names the origin square (`a5a8=Q`) and the reader takes it back.

use std::sync::Arc;

use holechess_kernel::notation::{parse_san, san};
use holechess_kernel::{Move, Position};
use holechess_record::{random_game, record_of, replay_record, write_game, PgnReader, Replay};
use holechess_runtime::PlayableVariant;

/// White pawns on a3 and a5; a3 tunnels from a4 to a6 and goes on over the wormhole a7 to a8
/// (WH3, WH4); a5 skips a6 and a7 to a8.
const TWO_PAWNS_TO_A8: &str = "4R3/8/1p3k2/P4P2/4P3/P5K1/7r/q6R w - - 0 60 \
    wormhole=b1,c1,e1,f1,a2,c2,f2,g2,d3,e3,f3,a4,b4,c4,d4,f4,g4,h4,c5,d5,e5,f5,h5,a6,c6,d6,a7,b7,c7,g8,h8";

fn wormhole() -> Arc<PlayableVariant> {
    PlayableVariant::load("wormhole").expect("wormhole loads")
}

fn replay(pgn: &str) -> Replay {
    let record = PgnReader::from_bytes(pgn.as_bytes()).games().next().expect("a game").expect("readable");
    replay_record(&record, &wormhole())
}

#[test]
fn two_pawns_of_one_file_reaching_one_square_are_written_with_their_origin_wh4() {
    let rules = wormhole();
    let pos = Position::from_fen(rules.variant(), TWO_PAWNS_TO_A8).expect("position");
    let queenings: Vec<Move> = pos
        .legal_moves()
        .iter()
        .copied()
        .filter(|mv| pos.geometry().name(mv.to().unwrap_or(mv.from().unwrap())) == "a8")
        .filter(|mv| mv.promotion().is_some_and(|kind| rules.variant().piece(kind).letter == 'Q'))
        .collect();
    let texts: Vec<String> = queenings.iter().map(|&mv| san(&pos, mv)).collect();
    assert_eq!(texts, ["a3a8=Q", "a5a8=Q"]);
    for (&mv, text) in queenings.iter().zip(&texts) {
        assert_eq!(parse_san(&pos, text), Ok(mv), "{text}");
    }
}

#[test]
fn a_record_naming_the_pawns_origin_is_valid_and_bare_san_is_ambiguous() {
    let record = |mv: &str| format!("[FEN \"{TWO_PAWNS_TO_A8}\"]\n\n60. {mv} {{[%dice 8 8]}} *\n");
    let named = replay(&record("a5a8=Q"));
    assert!(named.is_valid(), "{:?}", named.failure);
    let failure = replay(&record("a8=Q")).failure.expect("two pawns fit a8=Q");
    assert_eq!(failure.reason.class(), "ambiguous");
    let message = failure.reason.to_string();
    assert!(message.contains("a3a8=Q") && message.contains("a5a8=Q"), "{message}");
}

/// Seeded random games of Random Wormhole Chess, each written as a record and replayed by
/// its own variant: every record is valid (among these, pawns of one file tunnel to one square).
#[test]
fn seeded_wormhole_self_play_records_replay_as_valid() {
    let rules = wormhole();
    let mut state = 0x2545_F491_4F6C_DD1Du64;
    for seed in 1..=12 {
        let game = random_game(&rules, seed, 200, &mut state).expect("a legal move");
        let text = write_game(&record_of(&game, "random", "random"));
        let replayed = replay(&text);
        assert!(replayed.is_valid(), "seed {seed}: {:?}\n{text}", replayed.failure);
    }
}
