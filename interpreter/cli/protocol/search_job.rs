//! A search on its own thread, so that the protocol keeps reading commands (`stop`, `?`,
//! `isready`) while it runs. The thread owns the searcher and hands it back when joined,
//! so the searcher's tables carry over from move to move.

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::thread::JoinHandle;
use std::time::Duration;

use holechess_ai::{Limits, SearchResult, Searcher, StopFlag};
use holechess_kernel::Position;

/// What the search thread calls: after every completed iteration, and once at the end
/// (with the final result).
pub trait SearchReporter: Send + 'static {
    fn iteration(&mut self, result: &SearchResult);
    fn finished(&mut self, result: &SearchResult);
}

/// A running search.
pub struct SearchJob {
    handle: JoinHandle<Box<Searcher>>,
    stop: StopFlag,
    /// Raised by [`SearchJob::stop`]; an infinite search waits for it before it answers.
    stopped: Arc<AtomicBool>,
    ending: Ending,
}

/// How a search is asked to end.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Ending {
    /// At its limits.
    AtLimits,
    /// Only when stopped: the answer waits for `stop` even if the search ends first (UCI
    /// `go infinite`).
    WhenStopped,
}

impl SearchJob {
    /// Starts searching `pos` within `limits` on a new thread.
    pub fn start(
        mut searcher: Box<Searcher>,
        pos: Position,
        limits: Limits,
        ending: Ending,
        mut reporter: impl SearchReporter,
    ) -> SearchJob {
        let stop = searcher.stop_flag();
        let stopped = Arc::new(AtomicBool::new(false));
        let waiting = Arc::clone(&stopped);
        let handle = std::thread::spawn(move || {
            let result = searcher.search_observed(&pos, limits, &mut |r| reporter.iteration(r));
            while ending == Ending::WhenStopped && !waiting.load(Ordering::Relaxed) {
                std::thread::sleep(Duration::from_millis(2));
            }
            reporter.finished(&result);
            searcher
        });
        SearchJob { handle, stop, stopped, ending }
    }

    /// Stops the search now (it answers with its best move so far) and waits for it.
    /// The flag is raised until the thread ends: a search lowers it as it starts, so a stop
    /// that came before would otherwise be lost.
    pub fn stop(self) -> Box<Searcher> {
        self.stopped.store(true, Ordering::Relaxed);
        while !self.handle.is_finished() {
            self.stop.raise();
            std::thread::sleep(Duration::from_millis(1));
        }
        self.join()
    }

    /// Lets a search with limits end by itself; stops one that waits for `stop`.
    pub fn finish(self) -> Box<Searcher> {
        match self.ending {
            Ending::AtLimits => self.join(),
            Ending::WhenStopped => self.stop(),
        }
    }

    /// Waits for the search to end by itself.
    pub fn join(self) -> Box<Searcher> {
        match self.handle.join() {
            Ok(searcher) => searcher,
            // The search panicked: its message is on standard error; go on with a new one.
            Err(_) => Box::new(Searcher::default()),
        }
    }
}
