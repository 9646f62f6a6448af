//! Writes seeded random self-play records of a variant (the records `holechess bench`
//! validates), for profiling `holechess validate` on them:
//!
//! `cargo run --release -p holechess-record --example self_play -- pothole 100 > pothole.pgn`
//! then `valgrind --tool=callgrind target/release/holechess validate pothole pothole.pgn --jobs 1`.

use holechess_record::{random_game, record_of, write_game};
use holechess_runtime::PlayableVariant;

fn main() {
    let mut args = std::env::args().skip(1);
    let variant = args.next().unwrap_or_else(|| "chess".to_owned());
    let games: u64 = args.next().and_then(|n| n.parse().ok()).unwrap_or(100);
    let rules = PlayableVariant::load(&variant).unwrap_or_else(|e| {
        eprintln!("{e}");
        std::process::exit(2)
    });
    let mut state = 0x2545_F491_4F6C_DD1Du64;
    for seed in 1..=games {
        let game = random_game(&rules, seed, 200, &mut state).expect("a legal move");
        println!("{}", write_game(&record_of(&game, "random", "random")));
    }
}
