//! `holechess match VARIANT --levels A,B --games N --seed S [--time-ms T]`: a seeded match
//! between two AI levels (colours alternating, dice drawn from the variant's events). A
//! line per finished game with the score so far, a progress bar on a terminal (standard
//! error), then the final score of each level; with `--pgn FILE`, every game's record.

use std::fs::File;
use std::io::{BufWriter, IsTerminal, Write};
use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::time::{Duration, Instant};

use holechess_ai::{play_match_observed, DepthTally, GameEnd, GameResult, Level, Limits, MatchReport, MatchSettings};
use holechess_record::GameResult as PgnResult;
use holechess_runtime::PlayableVariant;
use indicatif::{ProgressBar, ProgressStyle};

use crate::atomic_file::{Links, Replacement};
use crate::commands::Outcome;
use crate::event_chance::EventChance;
use crate::match_record::match_game_record;

#[derive(Debug)]
pub struct MatchConfig {
    pub variant: String,
    /// Exactly two levels, each checked by the argument parser.
    pub levels: Vec<u8>,
    pub games: u32,
    pub seed: u64,
    /// A per-move time cap tightening the levels' own limits.
    pub time_ms: Option<u64>,
    /// Where to write the games' records, each as it finishes.
    pub pgn: Option<PathBuf>,
}

pub fn run(config: &MatchConfig) -> Result<Outcome, String> {
    let &[first, second] = config.levels.as_slice() else {
        return Err(format!("--levels takes two levels, e.g. `3,1` (got {})", config.levels.len()));
    };
    crate::spelling::check_variant_name(&config.variant)?;
    let rules = PlayableVariant::load(&config.variant)?;
    let (first, second) = (Level(first), Level(second));
    let per_move = config.time_ms.map_or(Limits::NONE, |ms| Limits::time(Duration::from_millis(ms)));
    let factory = EventChance::factory(&rules);
    let mut records = config.pgn.as_deref().map(RecordFile::create).transpose()?;
    println!(
        "{}: {first} vs {second}, {} game(s), seed {}{}",
        rules.id(),
        config.games,
        config.seed,
        config.time_ms.map_or(String::new(), |ms| format!(", at most {ms} ms per move"))
    );
    let started = Instant::now();
    let bar = progress_bar(config.games);
    let settings = MatchSettings::new(config.games, config.seed, per_move);
    rules.hooks.take_special_error();
    let mut hook_error = None;
    let report = play_match_observed(rules.variant(), first, second, &settings, factory.as_deref(), &mut |report| {
        hook_error = hook_error.take().or_else(|| rules.hooks.take_special_error());
        let Some(game) = report.games.last() else { return };
        // A game searched without the hook's moves is not recorded (an existing FILE is kept).
        if let (Some(file), None) = (records.as_mut(), &hook_error) {
            file.append(&rules, report);
        }
        let line = format!("{}; {}", game_line(report.games.len(), game, report), score_so_far(report));
        bar.suspend(|| println!("{line}"));
        bar.inc(1);
        bar.set_message(score_so_far(report));
    });
    bar.finish_and_clear();
    print_score(&report, started.elapsed());
    if let Some(error) = hook_error {
        // The games searched positions without the hook's moves: the score is not to be trusted.
        return Err(format!("the special-moves hook failed in a position the match searched: {error}"));
    }
    match records {
        Some(file) => file.finish(report.games.len()),
        None => Ok(Outcome::Ok),
    }
}

/// The `--pgn` file: a record appended and flushed per finished game, so an interrupted
/// match keeps the games it finished. The games go to a temporary file beside FILE, which
/// replaces FILE once the first game is written (a match that fails before it leaves an
/// existing FILE as it was); later games are appended to it. The first failure stops the
/// writing and is reported at the end (the match itself goes on).
struct RecordFile {
    path: PathBuf,
    out: RecordOut,
    error: Option<String>,
}

/// Where the records go: the temporary file until the first game is in, then FILE.
enum RecordOut {
    Pending(Option<Replacement>),
    Target(BufWriter<File>),
}

impl RecordFile {
    fn create(path: &Path) -> Result<RecordFile, String> {
        let replacement = Replacement::begin(path, Links::Refuse)?;
        Ok(RecordFile { path: path.to_owned(), out: RecordOut::Pending(Some(replacement)), error: None })
    }

    fn append(&mut self, rules: &Arc<PlayableVariant>, report: &MatchReport) {
        if self.error.is_some() {
            return;
        }
        let written = match_game_record(rules, report, report.games.len()).and_then(|text| {
            let separator = if report.games.len() > 1 { "\n" } else { "" };
            self.write(format!("{separator}{text}").as_bytes())
        });
        self.error = written.err();
    }

    fn write(&mut self, bytes: &[u8]) -> Result<(), String> {
        match &mut self.out {
            RecordOut::Pending(replacement) => {
                let mut replacement = replacement.take().ok_or("the record file is closed")?;
                replacement.write(bytes)?;
                self.out = RecordOut::Target(BufWriter::new(replacement.commit()?));
                Ok(())
            }
            RecordOut::Target(out) => out
                .write_all(bytes)
                .and_then(|()| out.flush())
                .map_err(|e| format!("cannot write {}: {e}", self.path.display())),
        }
    }

    fn finish(self, games: usize) -> Result<Outcome, String> {
        match self.error {
            Some(error) => Err(error),
            None => {
                println!("{games} game record(s) written to {}", self.path.display());
                Ok(Outcome::Ok)
            }
        }
    }
}

/// A bar of finished games on standard error when it is a terminal; hidden otherwise.
fn progress_bar(games: u32) -> ProgressBar {
    if !std::io::stderr().is_terminal() {
        return ProgressBar::hidden();
    }
    let bar = ProgressBar::new(u64::from(games));
    let style = ProgressStyle::with_template("{bar:30} {pos}/{len} games, {elapsed} {msg}")
        .unwrap_or_else(|_| ProgressStyle::default_bar());
    bar.set_style(style);
    bar.enable_steady_tick(Duration::from_millis(500));
    bar
}

/// `level 3 2.5 - level 1 0.5`.
fn score_so_far(report: &MatchReport) -> String {
    format!("{} {} - {} {}", report.first, report.first_score(), report.second, report.second_score())
}

/// `game 3: level 3 (White) - level 1 (Black): 1-0, checkmate, 61 plies, depth 5.2 (min 4) / 3.0 (min 3)`.
fn game_line(number: usize, game: &GameResult, report: &MatchReport) -> String {
    let (white, black) = report.colours(game);
    let result = PgnResult::of_winner(game.winner).as_pgn();
    format!(
        "game {number}: {white} (White) - {black} (Black): {result}, {}, {} plies, depth {} / {}",
        end_name(game.end),
        game.moves.len(),
        depth_text(game.depths[0]),
        depth_text(game.depths[1])
    )
}

/// `5.2 (min 4)`: the mean and the shallowest depth a level's searches completed.
fn depth_text(depths: DepthTally) -> String {
    format!("{:.1} (min {})", depths.mean(), depths.min)
}

fn end_name(end: GameEnd) -> &'static str {
    match end {
        GameEnd::Checkmate => "checkmate",
        GameEnd::Goal => "goal reached",
        GameEnd::Extinction => "extinction",
        GameEnd::Stalemate => "stalemate",
        GameEnd::FiftyMoves => "50-move rule",
        GameEnd::Repetition => "threefold repetition",
        GameEnd::DoublePass => "both sides passed",
        GameEnd::PlyCap => "ply cap (adjudicated a draw)",
    }
}

fn print_score(report: &MatchReport, elapsed: Duration) {
    let games = report.games.len().max(1) as f64;
    let (won, drawn, lost) = report.first_record();
    let plies: usize = report.games.iter().map(|g| g.moves.len()).sum();
    println!(
        "score: {} {} ({:.0}%), {} {} (+{won} ={drawn} -{lost} for {})",
        report.first,
        report.first_score(),
        100.0 * report.first_score() / games,
        report.second,
        report.second_score(),
        report.first
    );
    let [first, second] = report.depths();
    println!(
        "depth completed per move: {} {}, {} {}",
        report.first,
        depth_text(first),
        report.second,
        depth_text(second)
    );
    println!(
        "{plies} plies in {:.1} s ({:.3} s per ply)",
        elapsed.as_secs_f64(),
        elapsed.as_secs_f64() / plies.max(1) as f64
    );
}
