//! The peer's figure in `holechess bench`: another validator (a program that takes PGN files
//! as arguments) run on the same files, its CPU seconds measured as a child process's.

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
#[cfg(unix)]
fn children_cpu_seconds() -> Option<f64> {
    let mut usage = std::mem::MaybeUninit::<libc::rusage>::zeroed();
    // SAFETY: getrusage fills the struct it is given; it is read only when the call succeeds.
    let usage = unsafe {
        if libc::getrusage(libc::RUSAGE_CHILDREN, usage.as_mut_ptr()) != 0 {
            return None;
        }
        usage.assume_init()
    };
    let seconds = |time: libc::timeval| time.tv_sec as f64 + time.tv_usec as f64 / 1e6;
    Some(seconds(usage.ru_utime) + seconds(usage.ru_stime))
}

#[cfg(not(unix))]
fn children_cpu_seconds() -> Option<f64> {
    None
}
