//! The counters of the position notation are range-checked where they are read, with the
//! range in the message, so that no game played on from a position read can wrap them.

mod support;

use holechess_kernel::notation::parse_move;
use holechess_kernel::{Position, MAX_FULLMOVE};

const PLACEMENT: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR";

fn read(fields: &str) -> Result<Position, String> {
    Position::from_fen(&support::orthodox(), &format!("{PLACEMENT} {fields}")).map_err(|e| e.to_string())
}

#[test]
fn counters_out_of_range_are_refused_with_their_range() {
    let far = read("b KQkq - 0 4294967295").unwrap_err();
    assert!(far.contains("the fullmove number must be a whole number from 0 to 1000000000, not '4294967295'"), "{far}");
    let clock = read("w KQkq - 65536 4").unwrap_err();
    assert!(clock.contains("the halfmove clock must be a whole number from 0 to 65535, not '65536'"), "{clock}");
    let huge = read("w KQkq - 0 99999999999999999999999").unwrap_err();
    assert!(huge.contains("from 0 to 1000000000"), "{huge}");
    assert!(read("w KQkq - -1 1").unwrap_err().contains("halfmove clock must be a whole number"));
    assert_eq!(read("w KQkq - 65535 1").unwrap().halfmove_clock(), 65_535);
    assert_eq!(read("w KQkq - 0 0").unwrap().fullmove_number(), 1, "0 reads as 1");
}

#[test]
fn the_largest_move_number_read_goes_on_counting() {
    let mut pos = read(&format!("b KQkq - 0 {MAX_FULLMOVE}")).unwrap();
    let mv = parse_move(&pos, "Nf6").unwrap();
    pos.play_unchecked(mv);
    assert_eq!(pos.fullmove_number(), MAX_FULLMOVE + 1);
    assert!(pos.fen().ends_with(&format!(" 1 {}", MAX_FULLMOVE + 1)), "{}", pos.fen());
}
