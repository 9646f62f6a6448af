//! Player input read forgivingly: the spellings a typed move may stand for (any letter
//! case, castling with letters or zeros, annotations and `e.p.` dropped), and which legal
//! move they name (`bc4` read both ways, asked when both are legal).

use holechess_kernel::notation::forgiving::{spellings, without_annotations};
use holechess_kernel::notation::{read_forgiving, Forgiving};
use holechess_kernel::Position;

fn start() -> Position {
    Position::from_fen(&holechess_testkit::orthodox(), "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1")
        .unwrap()
}

#[test]
fn spellings_cover_case_castling_and_annotations() {
    let pos = start();
    let read = |typed: &str| spellings(&pos, typed);
    assert_eq!(read("nf3"), ["Nf3"]);
    assert_eq!(read("NF3"), ["Nf3"]);
    assert_eq!(read("kE2"), ["Ke2"]);
    assert_eq!(read("bc4"), ["Bc4", "bc4"]);
    assert_eq!(read("Bc4"), ["Bc4"], "an upper-case piece letter is never a file");
    assert_eq!(read("E4"), ["e4"]);
    assert_eq!(read("o-o"), ["O-O"]);
    assert_eq!(read("0-0-0+"), ["O-O-O+"]);
    assert_eq!(read("Nf3!?"), ["Nf3"]);
    assert_eq!(read("e2-e4"), ["e2-e4"]);
    assert_eq!(without_annotations("exd6 e.p."), "exd6");
    assert_eq!(without_annotations("exd6ep??"), "exd6");
    assert!(read("hello").is_empty());
}

#[test]
fn bc4_is_read_both_ways() {
    let after_e4_e5 = "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2";
    let pos = Position::from_fen(&holechess_testkit::orthodox(), after_e4_e5).unwrap();
    assert!(matches!(read_forgiving(&pos, "bc4"), Forgiving::One(_)), "only the bishop can go to c4");
    let both = Position::from_fen(&holechess_testkit::orthodox(), "4k3/8/8/8/2p5/1P6/8/4KB2 w - - 0 1").unwrap();
    match read_forgiving(&both, "bc4") {
        Forgiving::Several(options) => assert_eq!(options.len(), 2, "{options:?}"),
        other => panic!("both readings are legal: {other:?}"),
    }
    assert!(matches!(read_forgiving(&pos, "qh9"), Forgiving::None(_)));
}
