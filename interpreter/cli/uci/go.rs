//! `go ...`: what a UCI `go` asks for, read from its words: a perft, or a search within
//! limits (depth, nodes, a fixed time, a game clock, or until `stop`).

use std::time::Duration;

use holechess_ai::Limits;
use holechess_kernel::Side;

use crate::protocol::clock::{fixed_time, GameClock};
use crate::protocol::search_job::Ending;

/// The deepest `go perft` (as `holechess perft`).
const MAX_PERFT_DEPTH: u32 = 20;

/// What `go` asks for.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Go {
    Perft(u32),
    Search { limits: Limits, ending: Ending },
}

/// The words after `go`, for the side to move `side`.
pub fn parse_go(words: &[&str], side: Side) -> Result<Go, String> {
    let mut limits = Limits::NONE;
    let mut ending = Ending::AtLimits;
    let mut clocks = [GameClock::default(), GameClock::default()];
    let mut has_clock = false;
    let mut moves_to_go = None;
    let mut i = 0;
    while i < words.len() {
        let word = words[i];
        let mut value = || -> Result<u64, String> {
            i += 1;
            let text = words.get(i).ok_or_else(|| format!("`go {word}` needs a number"))?;
            text.parse::<i64>()
                .map(|n| n.max(0) as u64)
                .map_err(|_| format!("`go {word}` needs a whole number, not `{text}`"))
        };
        match word {
            "perft" => {
                let depth = value()?;
                return match u32::try_from(depth).ok().filter(|&d| d <= MAX_PERFT_DEPTH) {
                    Some(depth) => Ok(Go::Perft(depth)),
                    None => Err(format!("`go perft` takes a depth from 0 to {MAX_PERFT_DEPTH}")),
                };
            }
            "depth" => limits.depth = Some(value()?.clamp(1, u64::from(u32::MAX)) as u32),
            "nodes" => limits.nodes = Some(value()?.max(1)),
            "movetime" => limits.time = Some(fixed_time(Duration::from_millis(value()?))),
            "wtime" | "btime" => {
                clocks[clock_index(word)].left = Duration::from_millis(value()?);
                has_clock = true;
            }
            "winc" | "binc" => clocks[clock_index(word)].increment = Duration::from_millis(value()?),
            "movestogo" => moves_to_go = Some(value()?.min(u64::from(u32::MAX)) as u32),
            "mate" => limits.depth = Some((value()?.clamp(1, 32) * 2) as u32),
            "infinite" | "ponder" => ending = Ending::WhenStopped,
            "searchmoves" => return Err("`go searchmoves` is not supported".to_string()),
            other => return Err(format!("unknown `go` parameter `{other}`")),
        }
        i += 1;
    }
    if has_clock && limits.time.is_none() && ending == Ending::AtLimits {
        let own = GameClock { moves_to_go, ..clocks[clock_index_of(side)] };
        limits.time = Some(own.allot());
    }
    Ok(Go::Search { limits, ending })
}

fn clock_index(word: &str) -> usize {
    usize::from(word.starts_with('b'))
}

fn clock_index_of(side: Side) -> usize {
    usize::from(side == Side::Black)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn search(words: &str) -> Limits {
        match parse_go(&words.split_whitespace().collect::<Vec<_>>(), Side::White).unwrap() {
            Go::Search { limits, .. } => limits,
            Go::Perft(_) => panic!("a search was asked for"),
        }
    }

    #[test]
    fn limits_are_read_from_the_words() {
        assert_eq!(search("depth 5"), Limits::depth(5));
        assert_eq!(search("nodes 1000"), Limits::nodes(1000));
        assert_eq!(search("movetime 1000").time, Some(Duration::from_millis(990)));
        assert_eq!(search("wtime 60000 btime 1000").time, Some(Duration::from_secs(2)));
        assert_eq!(search(""), Limits::NONE);
    }

    #[test]
    fn perft_and_bad_words_are_told_apart() {
        assert_eq!(parse_go(&["perft", "3"], Side::White), Ok(Go::Perft(3)));
        assert!(parse_go(&["perft", "99"], Side::White).is_err());
        assert!(parse_go(&["depth", "x"], Side::White).unwrap_err().contains("`x`"));
        assert!(parse_go(&["nodes"], Side::White).is_err());
        assert!(parse_go(&["sideways"], Side::White).unwrap_err().contains("sideways"));
        let infinite = parse_go(&["infinite"], Side::White).unwrap();
        assert_eq!(infinite, Go::Search { limits: Limits::NONE, ending: Ending::WhenStopped });
    }
}
