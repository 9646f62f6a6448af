//! CPU seconds for `holechess bench`'s validation figures: a peer validator's (a program that
//! takes PGN files as arguments) run on the same files, measured as a child process's, and
//! this process's own, so that both are compared per core whatever else the machine runs.

use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

/// The peer's best CPU seconds (user + system) over three runs on `files`.
pub fn peer_cpu_seconds(peer: &Path, files: &[PathBuf]) -> Result<f64, String> {
    let mut best = f64::INFINITY;
    for _ in 0..3 {
        let before = children_cpu_seconds();
        let started = std::time::Instant::now();
        let status = Command::new(peer)
            .args(files)
            .stdout(Stdio::null())
            .status()
            .map_err(|e| format!("{}: cannot run the peer validator: {e}", peer.display()))?;
        let wall = started.elapsed().as_secs_f64();
        if !status.success() {
            return Err(format!("{}: the peer validator failed ({status})", peer.display()));
        }
        let cpu = match (before, children_cpu_seconds()) {
            (Some(before), Some(after)) => after - before,
            _ => wall,
        };
        best = best.min(cpu);
    }
    Ok(best)
}

/// CPU seconds used by the waited-for child processes so far (none where not measured).
fn children_cpu_seconds() -> Option<f64> {
    cpu_seconds(Who::Children)
}

/// CPU seconds used by this process so far, all its threads (none where not measured).
pub fn process_cpu_seconds() -> Option<f64> {
    cpu_seconds(Who::Process)
}

enum Who {
    Process,
    Children,
}

#[cfg(unix)]
fn cpu_seconds(who: Who) -> Option<f64> {
    let who = match who {
        Who::Process => libc::RUSAGE_SELF,
        Who::Children => libc::RUSAGE_CHILDREN,
    };
    let mut usage = std::mem::MaybeUninit::<libc::rusage>::zeroed();
    // SAFETY: getrusage fills the struct it is given; it is read only when the call succeeds.
    let usage = unsafe {
        if libc::getrusage(who, usage.as_mut_ptr()) != 0 {
            return None;
        }
        usage.assume_init()
    };
    let seconds = |time: libc::timeval| time.tv_sec as f64 + time.tv_usec as f64 / 1e6;
    Some(seconds(usage.ru_utime) + seconds(usage.ru_stime))
}

#[cfg(not(unix))]
fn cpu_seconds(_: Who) -> Option<f64> {
    None
}

#[cfg(all(test, unix))]
mod tests {
    use super::*;

    #[test]
    fn a_peer_that_succeeds_is_timed_and_one_that_fails_is_an_error() {
        let seconds = peer_cpu_seconds(Path::new("true"), &[]).unwrap();
        assert!(seconds.is_finite() && seconds >= 0.0, "{seconds}");
        let error = peer_cpu_seconds(Path::new("false"), &[]).unwrap_err();
        assert!(error.contains("the peer validator failed"), "{error}");
        let missing = peer_cpu_seconds(Path::new("/nonexistent/peer"), &[]).unwrap_err();
        assert!(missing.contains("cannot run the peer validator"), "{missing}");
    }

    #[test]
    fn this_process_cpu_time_only_grows() {
        let before = process_cpu_seconds().unwrap();
        let mut x = 0u64;
        for i in 0..2_000_000u64 {
            x = x.wrapping_mul(31).wrapping_add(i);
        }
        std::hint::black_box(x);
        assert!(process_cpu_seconds().unwrap() >= before);
    }
}
