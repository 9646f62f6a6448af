//! `holechess validate VARIANT FILE... [--json] [--jobs N]`: replays every game of every
//! file (`-` is standard input) and reports each invalid one, then a summary.
//!
//! Every text of a file but blanks belongs to a game and gets a verdict (text outside a tag
//! section starts a game of its own), so the summary counts every game read. Only regular
//! files and standard input are read: a device, a pipe or a folder is refused.
//!
//! Text report (standard output): per invalid game
//! `FILE: game N (line L), ply P, move M: REASON` and an indented `position: FEN` line;
//! then the summary. With `--json`, standard output holds only JSON Lines, one verdict per
//! game (and one per file that holds no text, `not_pgn`, or cannot be read, `io`), and the
//! summary goes to standard error. Exit code: 0 every game valid, 1 some record invalid (or a file holds no text),
//! 2 unknown variant or a file that cannot be read (reported, the other files are still
//! validated).

use std::fs::File;
use std::io::{BufWriter, IsTerminal, Read, Write};
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use holechess_record::{SourceEvent, Validator, Verdict};
use holechess_runtime::PlayableVariant;
use indicatif::{ProgressBar, ProgressStyle};
use serde::Serialize;

use crate::commands::Outcome;
use crate::record_input::{self, NotPgn};
use crate::terminal_text::escaped;

#[derive(Debug)]
pub struct ValidateConfig {
    pub variant: String,
    pub files: Vec<PathBuf>,
    pub json: bool,
    pub jobs: Option<usize>,
}

/// Running totals over every file.
#[derive(Debug, Default)]
struct Totals {
    files: u64,
    games: u64,
    valid: u64,
    invalid: u64,
    plies: u64,
    /// Files that hold no text at all.
    not_pgn: u64,
    /// Files that could not be read.
    unreadable: u64,
}

/// One line of `--json` output.
#[derive(Serialize)]
struct JsonVerdict<'a> {
    file: &'a str,
    game: usize,
    line: u32,
    valid: bool,
    plies: u32,
    ply: Option<u32>,
    #[serde(rename = "move")]
    mv: Option<&'a str>,
    reason: Option<String>,
    reason_class: Option<&'a str>,
    fen: Option<&'a str>,
}

pub fn run(config: &ValidateConfig) -> Result<Outcome, String> {
    let rules = PlayableVariant::load(&config.variant)?;
    if config.jobs == Some(0) {
        return Err("--jobs must be at least 1".to_owned());
    }
    let validator = Validator::new(rules, config.jobs)?;
    let progress = progress_bar();
    let mut out = BufWriter::new(std::io::stdout());
    let mut totals = Totals::default();
    let started = Instant::now();
    for path in &config.files {
        let name = display_name(path);
        let report = Report { name: &name, json: config.json, progress: &progress };
        totals.files += 1;
        let result = match open(path).and_then(record_input::checked) {
            Ok(Ok((source, utf8))) => {
                let run = validator.run(source, |event| report.event(event, &mut totals, &mut out));
                if let Some(place) = utf8.first() {
                    progress.suspend(|| eprintln!("{}", escaped(&format!("note: {name}: {place}"))));
                }
                run
            }
            Ok(Err(NotPgn(reason))) => {
                totals.not_pgn += 1;
                report.not_pgn(&reason, &mut out);
                Ok(())
            }
            Err(error) => Err(error),
        };
        if let Err(error) = result {
            totals.unreadable += 1;
            progress.suspend(|| eprintln!("{name}: cannot read: {error}"));
            report.unreadable(&error, &mut out);
        }
    }
    progress.finish_and_clear();
    if let Err(error) = out.flush() {
        crate::commands::exit_if_broken_pipe(&error);
        return Err(format!("cannot write the report: {error}"));
    }
    print_summary(&totals, started.elapsed(), config.json, validator.jobs());
    Ok(outcome(&totals))
}

fn outcome(totals: &Totals) -> Outcome {
    if totals.unreadable > 0 {
        Outcome::Error
    } else if totals.invalid > 0 || totals.not_pgn > 0 {
        Outcome::Invalid
    } else {
        Outcome::Ok
    }
}

/// Standard input for `-`, else a regular file: a device (`/dev/zero`), a pipe or a folder
/// is refused before it is opened (opening a pipe would wait for a writer).
fn open(path: &Path) -> std::io::Result<Box<dyn Read + Send>> {
    if path.as_os_str() == "-" {
        return Ok(Box::new(std::io::stdin()));
    }
    refuse_unless_regular(&std::fs::metadata(path)?)?;
    let file = File::open(path)?;
    refuse_unless_regular(&file.metadata()?)?;
    Ok(Box::new(file))
}

fn refuse_unless_regular(metadata: &std::fs::Metadata) -> std::io::Result<()> {
    if metadata.is_file() {
        return Ok(());
    }
    let kind = if metadata.is_dir() { "a folder" } else { "not a regular file" };
    let message = format!("{kind}; only regular files and `-` (standard input) are read");
    Err(std::io::Error::new(std::io::ErrorKind::InvalidInput, message))
}

fn display_name(path: &Path) -> String {
    match path.as_os_str() == "-" {
        true => "<stdin>".to_owned(),
        false => path.display().to_string(),
    }
}

/// A spinner with the game count, on standard error when it is a terminal.
fn progress_bar() -> ProgressBar {
    if !std::io::stderr().is_terminal() {
        return ProgressBar::hidden();
    }
    let bar = ProgressBar::new_spinner();
    if let Ok(style) = ProgressStyle::with_template("{spinner} {pos} games ({per_sec}) {msg}") {
        bar.set_style(style);
    }
    bar.enable_steady_tick(Duration::from_millis(200));
    bar
}

/// Prints the events of one file.
struct Report<'a> {
    name: &'a str,
    json: bool,
    progress: &'a ProgressBar,
}

impl Report<'_> {
    fn event(&self, event: SourceEvent, totals: &mut Totals, out: &mut impl Write) {
        match event {
            SourceEvent::Verdict(verdict) => {
                self.progress.inc(1);
                totals.games += 1;
                totals.plies += u64::from(verdict.plies);
                match verdict.is_valid() {
                    true => totals.valid += 1,
                    false => totals.invalid += 1,
                }
                self.verdict(&verdict, out);
            }
            SourceEvent::NoGames { bytes } => {
                totals.not_pgn += 1;
                self.no_games(bytes, out);
            }
        }
    }

    fn verdict(&self, verdict: &Verdict, out: &mut impl Write) {
        let written = match self.json {
            true => self.json_verdict(verdict, out),
            false => self.text_verdict(verdict, out),
        };
        if let Err(error) = written {
            crate::commands::exit_if_broken_pipe(&error);
            self.progress.suspend(|| eprintln!("cannot write the report: {error}"));
        }
    }

    fn text_verdict(&self, verdict: &Verdict, out: &mut impl Write) -> std::io::Result<()> {
        let Some(failure) = &verdict.failure else {
            return Ok(());
        };
        let text = if failure.text.is_empty() { "-" } else { &failure.text };
        let line = format!(
            "{}: game {} (line {}), ply {}, move {text}: {}",
            self.name, verdict.game, failure.line, failure.ply, failure.reason
        );
        let line = escaped(&line);
        self.progress.suspend(|| {
            writeln!(out, "{line}")?;
            if let Some(fen) = &failure.fen {
                writeln!(out, "    position: {fen}")?;
            }
            Ok(())
        })
    }

    fn json_verdict(&self, verdict: &Verdict, out: &mut impl Write) -> std::io::Result<()> {
        let failure = verdict.failure.as_ref();
        let line = JsonVerdict {
            file: self.name,
            game: verdict.game,
            line: failure.map_or(verdict.line, |f| f.line),
            valid: failure.is_none(),
            plies: verdict.plies,
            ply: failure.map(|f| f.ply),
            mv: failure.map(|f| f.text.as_str()),
            reason: failure.map(|f| f.reason.to_string()),
            reason_class: failure.map(|f| f.reason.class()),
            fen: failure.and_then(|f| f.fen.as_deref()),
        };
        serde_json::to_writer(&mut *out, &line)?;
        writeln!(out)
    }

    fn no_games(&self, bytes: u64, out: &mut impl Write) {
        self.file_verdict(format!("no PGN games found: the file holds no text ({bytes} bytes read)"), out);
    }

    /// A file that is not a PGN record, said once.
    fn not_pgn(&self, reason: &str, out: &mut impl Write) {
        self.file_verdict(format!("not a PGN record: {reason}"), out);
    }

    fn file_verdict(&self, reason: String, out: &mut impl Write) {
        let written = match self.json {
            true => self.json_file_verdict(reason, "not_pgn", out),
            false => writeln!(out, "{}", escaped(&format!("{}: {reason}", self.name))),
        };
        if let Err(error) = written {
            crate::commands::exit_if_broken_pipe(&error);
            eprintln!("cannot write the report: {error}");
        }
    }

    /// A file that cannot be read: its verdict in the JSON report (the text report has the
    /// error on standard error only).
    fn unreadable(&self, error: &std::io::Error, out: &mut impl Write) {
        if !self.json {
            return;
        }
        if let Err(error) = self.json_file_verdict(format!("cannot read: {error}"), "io", out) {
            crate::commands::exit_if_broken_pipe(&error);
            eprintln!("cannot write the report: {error}");
        }
    }

    /// The verdict on a whole file (game 0) that yields no game.
    fn json_file_verdict(&self, reason: String, class: &str, out: &mut impl Write) -> std::io::Result<()> {
        let line = JsonVerdict {
            file: self.name,
            game: 0,
            line: 0,
            valid: false,
            plies: 0,
            ply: None,
            mv: None,
            reason: Some(reason),
            reason_class: Some(class),
            fen: None,
        };
        serde_json::to_writer(&mut *out, &line)?;
        writeln!(out)
    }
}

fn print_summary(totals: &Totals, elapsed: Duration, json: bool, jobs: usize) {
    let secs = elapsed.as_secs_f64().max(1e-9);
    let mut text = format!(
        "{} {}: {} valid, {} invalid; {} {} in {:.2} s ({:.0} plies/s, {jobs} {})",
        totals.games,
        plural(totals.games, "game", "games"),
        totals.valid,
        totals.invalid,
        totals.plies,
        plural(totals.plies, "ply", "plies"),
        secs,
        totals.plies as f64 / secs,
        plural(jobs as u64, "job", "jobs"),
    );
    if totals.not_pgn > 0 {
        text.push_str(&format!("; {} file(s) not PGN records (or without any text)", totals.not_pgn));
    }
    if totals.unreadable > 0 {
        text.push_str(&format!("; {} file(s) unreadable", totals.unreadable));
    }
    match json {
        true => eprintln!("{text}"),
        false => println!("{text}"),
    }
}

fn plural(count: u64, one: &'static str, many: &'static str) -> &'static str {
    if count == 1 {
        one
    } else {
        many
    }
}
