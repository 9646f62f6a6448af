//! How much of a game clock one move may use: the time left shared over the moves still to
//! play (those to the next time control, or an assumed 30), plus most of the increment,
//! never more than the time left minus a margin for the protocol's own delay.

use std::time::Duration;

/// Moves assumed left when the time control does not say.
const MOVES_ASSUMED: u32 = 30;
/// Kept back from the time left, for the pipe and the GUI.
const SAFETY: Duration = Duration::from_millis(50);
/// Kept back from a fixed time per move (`movetime`, `st`): the search stops at its
/// deadline, then the answer has to be printed and read.
const FIXED_MARGIN: Duration = Duration::from_millis(10);

/// A player's clock as a GUI gives it.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct GameClock {
    pub left: Duration,
    pub increment: Duration,
    /// Moves to the next time control (`None`: the whole game, or unknown).
    pub moves_to_go: Option<u32>,
}

impl GameClock {
    /// The time for this move.
    pub fn allot(self) -> Duration {
        let moves = self.moves_to_go.filter(|&m| m > 0).unwrap_or(MOVES_ASSUMED);
        let share = self.left / moves + self.increment * 3 / 4;
        let most = self.left.saturating_sub(SAFETY).max(self.left / 4);
        share.min(most).max(Duration::from_millis(1))
    }
}

/// The search time for a fixed time per move: a little less, so the answer arrives in time.
pub fn fixed_time(per_move: Duration) -> Duration {
    let margin = FIXED_MARGIN.min(per_move / 10);
    per_move.saturating_sub(margin).max(Duration::from_millis(1))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ms(n: u64) -> Duration {
        Duration::from_millis(n)
    }

    #[test]
    fn the_clock_is_shared_over_the_moves_left() {
        let clock = GameClock { left: ms(60_000), increment: ms(0), moves_to_go: None };
        assert_eq!(clock.allot(), ms(2_000));
        let control = GameClock { left: ms(10_000), increment: ms(1_000), moves_to_go: Some(5) };
        assert_eq!(control.allot(), ms(2_750));
    }

    #[test]
    fn a_nearly_empty_clock_is_never_overdrawn() {
        let clock = GameClock { left: ms(100), increment: ms(10_000), moves_to_go: Some(1) };
        assert!(clock.allot() <= ms(50));
        assert_eq!(fixed_time(ms(1_000)), ms(990));
        assert_eq!(fixed_time(ms(5)), Duration::from_micros(4_500));
    }
}
