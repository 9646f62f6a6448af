//! The validation figures of `holechess bench`: plies replayed per second by
//! `holechess validate` over PGN files (one job and two, beside a peer validator's figure on
//! the same files when one is given), and over records made here by seeded random self-play
//! (the same records on every run) of orthodox chess and of each hole variant, each hole
//! variant's rate also as a share of the orthodox one.

use std::io::Cursor;
use std::path::{Path, PathBuf};
use std::sync::Arc;

use crate::bench::fastest_of_repeats;
use crate::bench_peer::{peer_cpu_seconds, process_cpu_seconds};
use holechess_record::{random_game, record_of, write_game, SourceEvent, Validator};
use holechess_runtime::PlayableVariant;

/// Where the real-game sample lives in a checkout, the files validated by default.
pub const FIXTURE_PGN: &str = "tests/fixtures/pgn/real";

/// The `.pgn` files of `paths` (a folder gives its files, in name order).
pub fn pgn_files(paths: &[PathBuf]) -> Result<Vec<PathBuf>, String> {
    let mut files = Vec::new();
    for path in paths {
        if path.is_dir() {
            let entries = std::fs::read_dir(path).map_err(|e| format!("{}: {e}", path.display()))?;
            let mut found: Vec<PathBuf> = entries
                .filter_map(|entry| entry.ok().map(|entry| entry.path()))
                .filter(|p| p.extension().is_some_and(|ext| ext == "pgn"))
                .collect();
            found.sort();
            files.extend(found);
        } else {
            files.push(path.clone());
        }
    }
    Ok(files)
}

/// Validation speed of `variant` over `files` with 1 and 2 jobs, printed; with a `peer`
/// validator, its speed on the same files and the ratio of one job's to it.
pub fn validate_files(variant: &str, files: &[PathBuf], peer: Option<&Path>) -> Result<(), String> {
    let mut text = Vec::new();
    for file in files {
        text.extend(std::fs::read(file).map_err(|e| format!("{}: {e}", file.display()))?);
        text.push(b'\n');
    }
    let rules = PlayableVariant::load(variant)?;
    let what = format!("{} files ({:.1} MB)", files.len(), text.len() as f64 / 1e6);
    let mut one_job = None;
    for jobs in [1, 2] {
        let speed = validation_speed(&rules, &text, jobs)?;
        println!("validate {variant} {what}, {jobs} job{}: {}", if jobs == 1 { "" } else { "s" }, speed.describe());
        one_job.get_or_insert(speed);
    }
    if let (Some(peer), Some(one_job)) = (peer, one_job) {
        let secs = peer_cpu_seconds(peer, files)?;
        println!("{}", beside_peer(peer, secs, &one_job));
    }
    Ok(())
}

/// The peer's figure on the same files as `one_job` (its best CPU seconds), each side's CPU
/// time per ply, and holechess's rate as a share of the peer's.
fn beside_peer(peer: &Path, secs: f64, one_job: &Speed) -> String {
    let rate = one_job.plies as f64 / secs;
    format!(
        "peer {} on the same files: {:.3} CPU s (best of 3 runs) = {:.2} M plies per CPU s, \
         {:.0} ns CPU per ply; holechess 1 job: {:.0} ns CPU per ply; holechess 1 job / peer, \
         per CPU s: {:.2}",
        peer.display(),
        secs,
        rate / 1e6,
        1e9 / rate,
        1e9 / one_job.cpu_rate(),
        one_job.cpu_rate() / rate
    )
}

/// The variants whose self-play records are validated: orthodox chess first (the rate the
/// others are compared with), then the hole variants, the two-board ones last.
const SELF_PLAY_VARIANTS: [&str; 7] =
    ["chess", "porthole", "standard-portal", "pothole", "wormhole", "portal", "portal-one-set"];

/// Validation speed over `games` seeded random self-play records of orthodox chess and of
/// each hole variant, each hole variant's rate also as a share of the orthodox one.
pub fn validate_self_play(games: u64) -> Result<(), String> {
    let mut orthodox = None;
    for variant in SELF_PLAY_VARIANTS {
        let rules = PlayableVariant::load(variant)?;
        let text = self_play_records(&rules, games)?;
        let speed = validation_speed(&rules, text.as_bytes(), 1)?;
        let share = match orthodox {
            Some(rate) => format!("; {:.2}x the orthodox rate per CPU s", speed.cpu_rate() / rate),
            None => String::new(),
        };
        println!("validate {variant} self-play records, 1 job: {}{share}", speed.describe());
        orthodox.get_or_insert(speed.cpu_rate());
    }
    Ok(())
}

/// Plies and games replayed (and how many invalid), the wall seconds of the fastest pass and
/// the mean CPU seconds of a pass (passes repeated until a second has gone by): a pass of a
/// few milliseconds is shorter than the CPU clock's steps, which the mean of many passes
/// averages out and the fastest would not.
fn validation_speed(rules: &Arc<PlayableVariant>, text: &[u8], jobs: usize) -> Result<Speed, String> {
    let validator = Validator::new(Arc::clone(rules), Some(jobs))?;
    let (mut plies, mut games, mut invalid) = (0u64, 0u64, 0u64);
    let mut failure = None;
    let (mut cpu_total, mut cpu_passes) = (0.0, 0u32);
    let (passes, secs) = fastest_of_repeats(|| {
        (plies, games, invalid) = (0, 0, 0);
        let cpu_before = process_cpu_seconds();
        let outcome = validator.run(Cursor::new(text), |event| {
            if let SourceEvent::Verdict(verdict) = event {
                plies += u64::from(verdict.plies);
                games += 1;
                invalid += u64::from(!verdict.is_valid());
            }
        });
        if let (Some(before), Some(after)) = (cpu_before, process_cpu_seconds()) {
            cpu_total += after - before;
            cpu_passes += 1;
        }
        if let Err(e) = outcome {
            failure = Some(e.to_string());
        }
    });
    if let Some(e) = failure {
        return Err(e);
    }
    let cpu_secs = match cpu_passes {
        0 => f64::INFINITY,
        n => cpu_total / f64::from(n),
    };
    Ok(Speed { plies, games, invalid, secs, cpu_secs, passes })
}

/// One validation figure: plies and games of a pass, and the fastest of `passes` passes.
struct Speed {
    plies: u64,
    games: u64,
    /// Games found invalid (a record the self-play wrote that its own variant refuses).
    invalid: u64,
    secs: f64,
    /// A pass's mean CPU seconds, all threads (infinite where not measured).
    cpu_secs: f64,
    passes: u32,
}

impl Speed {
    /// Plies a second of wall time.
    fn rate(&self) -> f64 {
        self.plies as f64 / self.secs
    }

    /// Plies a CPU second (per core), or of wall time where CPU time is not measured.
    fn cpu_rate(&self) -> f64 {
        match self.cpu_secs.is_finite() && self.cpu_secs > 0.0 {
            true => self.plies as f64 / self.cpu_secs,
            false => self.rate(),
        }
    }

    fn describe(&self) -> String {
        let invalid = match self.invalid {
            0 => String::new(),
            n => format!(" ({n} invalid)"),
        };
        format!(
            "{} games{invalid}, {} plies in {:.3} s, {:.4} CPU s (mean of {} passes) = {:.2} M plies/s, \
             {:.2} M per CPU s, {:.0} ns CPU per ply",
            self.games,
            self.plies,
            self.secs,
            self.cpu_secs,
            self.passes,
            self.rate() / 1e6,
            self.cpu_rate() / 1e6,
            1e9 / self.cpu_rate()
        )
    }
}

/// `games` records of random legal moves (at most 200 plies each), dice seeded by game.
fn self_play_records(rules: &Arc<PlayableVariant>, games: u64) -> Result<String, String> {
    let mut text = String::new();
    let mut state = 0x2545_F491_4F6C_DD1Du64;
    for seed in 1..=games {
        let game = random_game(rules, seed, 200, &mut state).map_err(|e| e.to_string())?;
        text.push_str(&write_game(&record_of(&game, "random", "random")));
        text.push('\n');
    }
    Ok(text)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn speed(plies: u64, cpu_secs: f64) -> Speed {
        Speed { plies, games: 1, invalid: 0, secs: cpu_secs * 2.0, cpu_secs, passes: 1 }
    }

    #[test]
    fn each_figure_gives_the_cpu_time_per_ply() {
        let line = speed(1_000_000, 0.5).describe();
        assert!(line.contains("2.00 M per CPU s, 500 ns CPU per ply"), "{line}");
    }

    #[test]
    fn the_peer_figure_stands_beside_holechess_per_ply() {
        let line = beside_peer(Path::new("peer"), 0.25, &speed(1_000_000, 0.5));
        assert!(line.contains("= 4.00 M plies per CPU s, 250 ns CPU per ply"), "{line}");
        assert!(
            line.contains("holechess 1 job: 500 ns CPU per ply; holechess 1 job / peer, per CPU s: 0.50"),
            "{line}"
        );
    }
}
