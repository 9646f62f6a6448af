//! Perft of the kernel on orthodox chess built in Rust (the script-driven suites live in
//! the root `tests/`).

mod support;

use holechess_kernel::perft::perft;
use holechess_kernel::Position;

fn count(fen: &str, depth: u32) -> u64 {
    let v = support::orthodox();
    let mut pos = Position::from_fen(&v, fen).unwrap();
    let before = pos.clone();
    let n = perft(&mut pos, depth);
    assert_eq!(pos, before, "perft must restore the position");
    n
}

#[test]
fn start_position() {
    let start = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
    assert_eq!(count(start, 1), 20);
    assert_eq!(count(start, 2), 400);
    assert_eq!(count(start, 3), 8902);
    assert_eq!(count(start, 4), 197281);
}

#[test]
fn kiwipete() {
    let fen = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";
    assert_eq!(count(fen, 1), 48);
    assert_eq!(count(fen, 2), 2039);
    assert_eq!(count(fen, 3), 97862);
}

#[test]
fn position_3_and_4() {
    assert_eq!(count("8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1", 4), 43238);
    assert_eq!(count("r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1", 3), 9467);
    assert_eq!(count("rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8", 3), 62379);
}

#[test]
#[ignore = "speed measurement; run with --release"]
fn start_position_depth_6_speed() {
    let v = support::orthodox();
    let mut pos = Position::start(&v);
    let t = std::time::Instant::now();
    let n = perft(&mut pos, 6);
    let secs = t.elapsed().as_secs_f64();
    println!("perft 6 = {n} in {secs:.2}s = {:.1} Mnps", n as f64 / secs / 1e6);
    assert_eq!(n, 119_060_324);
}
