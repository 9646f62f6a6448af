//! What bounds a search: depth, time and nodes ([`Limits`]), and the shared flag that
//! stops it from another thread ([`StopFlag`]).

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::Duration;

/// Bounds on one search; `None` means unbounded. A search with no bound at all stops at
/// the deepest depth it supports.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Limits {
    /// The deepest iteration, in plies.
    pub depth: Option<u32>,
    /// Wall-clock time for the whole search.
    pub time: Option<Duration>,
    /// Nodes visited (quiescence included).
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
}
