//! What bounds a search: depth, time and nodes ([`Limits`]), and the shared flag that
//! stops it from another thread ([`StopFlag`]).

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

use holechess_kernel::Variant;

/// Bounds on one search; `None` means unbounded. A search with no bound at all stops at
/// the deepest depth it supports.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Limits {
    /// The deepest iteration, in plies.
    pub depth: Option<u32>,
    /// Wall-clock time for the whole search.
    pub time: Option<Duration>,
    /// Nodes: one for every move the search makes and searches, quiescence included, the
    /// way Fairy-Stockfish counts (a move searched again with another window is counted
    /// once; the root, a null move, a move pruned before its search and a random event's
    /// outcomes are not counted).
    pub nodes: Option<u64>,
}

impl Limits {
    /// No bound.
    pub const NONE: Limits = Limits { depth: None, time: None, nodes: None };

    pub fn depth(depth: u32) -> Limits {
        Limits { depth: Some(depth), ..Limits::NONE }
    }

    pub fn time(time: Duration) -> Limits {
        Limits { time: Some(time), ..Limits::NONE }
    }

    pub fn nodes(nodes: u64) -> Limits {
        Limits { nodes: Some(nodes), ..Limits::NONE }
    }

    /// Both sets of bounds at once: the smaller of each.
    pub fn tightest(self, other: Limits) -> Limits {
        fn min<T: Ord>(a: Option<T>, b: Option<T>) -> Option<T> {
            match (a, b) {
                (Some(a), Some(b)) => Some(a.min(b)),
                (a, b) => a.or(b),
            }
        }
        Limits {
            depth: min(self.depth, other.depth),
            time: min(self.time, other.time),
            nodes: min(self.nodes, other.nodes),
        }
    }
}

/// A flag that stops a running search as soon as it is raised; the search still returns
/// the best move it has.
#[derive(Clone, Debug, Default)]
pub struct StopFlag(Arc<AtomicBool>);

impl StopFlag {
    pub fn new() -> StopFlag {
        StopFlag::default()
    }

    pub fn raise(&self) {
        self.0.store(true, Ordering::Relaxed);
    }

    pub fn lower(&self) {
        self.0.store(false, Ordering::Relaxed);
    }

    pub fn is_raised(&self) -> bool {
        self.0.load(Ordering::Relaxed)
    }
}

/// How many nodes pass between two looks at the clock.
const POLL_NODES: u64 = 1024;

/// How many nodes pass between two looks at the clock in `variant`: every node when its
/// move generation runs a script's hook (a special-moves hook may take milliseconds a call,
/// so one node can cost what thousands cost elsewhere, and a search polling every 1024
/// nodes would overrun its time by seconds); else every [`POLL_NODES`]. Reading the clock
/// costs far less than a hook call.
pub(crate) fn poll_interval(variant: &Variant) -> u64 {
    match variant.special_table() {
        Some(_) => 1,
        None => POLL_NODES,
    }
}

/// A search's clock: counts nodes and, every `POLL_NODES` (1024) of them (or as often as
/// [`Clock::polling_every`] says), looks at the deadline and the stop flag. Once expired
/// it stays expired.
#[derive(Clone, Debug)]
pub struct Clock {
    deadline: Option<Instant>,
    stop: StopFlag,
    nodes: u64,
    every: u64,
    expired: bool,
}

impl Clock {
    /// A clock that expires at `deadline` (never when `None`) or when `stop` is raised.
    pub fn new(deadline: Option<Instant>, stop: StopFlag) -> Clock {
        Clock { deadline, stop, nodes: 0, every: POLL_NODES, expired: false }
    }

    /// The same clock, looking at the deadline every `nodes` nodes (at least 1).
    pub fn polling_every(mut self, nodes: u64) -> Clock {
        self.every = nodes.max(1);
        self
    }

    /// Counts one node; true once the search must stop.
    #[inline]
    pub fn tick(&mut self) -> bool {
        self.nodes += 1;
        if !self.expired && self.nodes % self.every == 0 {
            self.look();
        }
        self.expired
    }

    /// Looks at the deadline and the stop flag now, whatever the node count (before work
    /// that is slow per node, such as running a variant's hook); true once expired.
    pub fn look(&mut self) -> bool {
        self.expired |= self.stop.is_raised() || self.deadline.is_some_and(|d| Instant::now() >= d);
        self.expired
    }

    pub fn deadline(&self) -> Option<Instant> {
        self.deadline
    }

    pub fn expired(&self) -> bool {
        self.expired
    }

    pub fn nodes(&self) -> u64 {
        self.nodes
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tightest_takes_the_smaller_bound() {
        let a = Limits { depth: Some(5), time: Some(Duration::from_millis(10)), nodes: None };
        let b = Limits { depth: Some(3), time: None, nodes: Some(100) };
        let t = a.tightest(b);
        assert_eq!(t, Limits { depth: Some(3), time: Some(Duration::from_millis(10)), nodes: Some(100) });
    }

    #[test]
    fn a_clock_past_its_deadline_expires_at_the_next_poll_and_stays_expired() {
        let mut clock = Clock::new(Some(Instant::now()), StopFlag::new());
        assert!((1..POLL_NODES).all(|_| !clock.tick()));
        assert!(clock.tick());
        assert!(clock.expired() && clock.tick());
    }

    #[test]
    fn a_clock_polling_every_node_expires_at_the_first_tick() {
        let mut clock = Clock::new(Some(Instant::now()), StopFlag::new()).polling_every(1);
        assert!(clock.tick());
    }

    #[test]
    fn a_raised_flag_is_seen_by_look_at_once() {
        let stop = StopFlag::new();
        let mut clock = Clock::new(None, stop.clone());
        assert!(!clock.look());
        stop.raise();
        assert!(clock.look());
    }
}
