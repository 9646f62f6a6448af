//! XBoard's time commands: `level MPS BASE INC`, `st SECONDS`, `sd DEPTH` and `time
//! CENTISECONDS`, turned into the limits of the engine's next search.

use std::time::Duration;

use holechess_ai::Limits;

use crate::protocol::clock::{fixed_time, GameClock};

/// The time per move before the GUI says anything about time.
const DEFAULT_PER_MOVE: Duration = Duration::from_secs(1);

/// The time control the GUI set.
#[derive(Clone, Debug, Default)]
pub struct TimeControl {
    per_move: Option<Duration>,
    depth: Option<u32>,
    moves_per_control: Option<u32>,
    increment: Duration,
    own_clock: Option<Duration>,
}

impl TimeControl {
    /// `st 5`: this many seconds per move.
    pub fn set_per_move(&mut self, text: &str) -> Result<(), String> {
        self.per_move = Some(seconds(text)?);
        Ok(())
    }

    /// `sd 6`: search at most this deep.
    pub fn set_depth(&mut self, text: &str) -> Result<(), String> {
        let depth = text.parse::<u32>().ok().filter(|&d| d > 0).ok_or("sd takes a depth of 1 or more")?;
        self.depth = Some(depth);
        Ok(())
    }

    /// `new` forgets the depth limit.
    pub fn clear_depth(&mut self) {
        self.depth = None;
    }

    /// `level 40 5 0`, `level 0 2:30 1.5`: moves per control, base minutes, increment.
    pub fn set_level(&mut self, text: &str) -> Result<(), String> {
        let [mps, base, inc] = text.split_whitespace().collect::<Vec<_>>()[..] else {
            return Err("level takes MPS BASE INC".to_string());
        };
        let mps = mps.parse::<u32>().map_err(|_| format!("level: `{mps}` is not a number of moves"))?;
        let _base = minutes(base)?;
        self.moves_per_control = (mps > 0).then_some(mps);
        self.increment = seconds(inc)?;
        self.per_move = None;
        Ok(())
    }

    /// `time 30000`: the engine's clock, in centiseconds.
    pub fn set_own_clock(&mut self, text: &str) -> Result<(), String> {
        let cs = text.parse::<i64>().map_err(|_| format!("time takes centiseconds, not `{text}`"))?;
        self.own_clock = Some(Duration::from_millis(cs.max(0) as u64 * 10));
        Ok(())
    }

    /// The limits of the engine's search after `plies` plies of the game.
    pub fn limits(&self, plies: usize) -> Limits {
        let time = match (self.per_move, self.own_clock) {
            (Some(per_move), _) => fixed_time(per_move),
            (None, Some(left)) => {
                let played = (plies / 2) as u32;
                let moves_to_go = self.moves_per_control.map(|mps| mps - played % mps);
                GameClock { left, increment: self.increment, moves_to_go }.allot()
            }
            (None, None) => fixed_time(DEFAULT_PER_MOVE),
        };
        Limits { depth: self.depth, time: Some(time), nodes: None }
    }
}

/// Seconds, whole or with a fraction (`5`, `1.5`).
fn seconds(text: &str) -> Result<Duration, String> {
    text.parse::<f64>()
        .ok()
        .filter(|s| s.is_finite() && *s >= 0.0 && *s < 1e9)
        .map(Duration::from_secs_f64)
        .ok_or_else(|| format!("`{text}` is not a number of seconds"))
}

/// Minutes, or `minutes:seconds`.
fn minutes(text: &str) -> Result<Duration, String> {
    let (m, s) = text.split_once(':').unwrap_or((text, "0"));
    let m = m.parse::<u64>().map_err(|_| format!("`{text}` is not minutes or minutes:seconds"))?;
    let s = s.parse::<u64>().map_err(|_| format!("`{text}` is not minutes or minutes:seconds"))?;
    Ok(Duration::from_secs(m.saturating_mul(60).saturating_add(s)))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn st_sd_level_and_time_become_limits() {
        let mut control = TimeControl::default();
        assert_eq!(control.limits(0).time, Some(Duration::from_millis(990)));
        control.set_level("40 5 0").unwrap();
        control.set_own_clock("6000").unwrap();
        assert_eq!(control.limits(0).time, Some(Duration::from_millis(1_500)));
        control.set_per_move("2").unwrap();
        control.set_depth("4").unwrap();
        assert_eq!(control.limits(0), Limits { depth: Some(4), time: Some(Duration::from_millis(1_990)), nodes: None });
        assert!(control.set_level("40 x 0").is_err());
        assert!(control.set_per_move("-1").is_err());
    }
}
