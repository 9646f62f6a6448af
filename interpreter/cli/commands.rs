//! The commands: each takes its configuration, prints its result, and says how it ended.

use std::sync::Arc;
use std::time::Instant;

use holechess_kernel::notation::lan;
use holechess_kernel::{Position, Variant};
use holechess_lang::LoadedVariant;

use crate::config::{Command, PerftConfig};

/// How a command ended, as the exit code reports it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Outcome {
    Ok,
    /// Invalid input was found (a bad record, an illegal move).
    Invalid,
    /// A usage error or a script error.
    Error,
}

impl Outcome {
    pub fn code(self) -> u8 {
        match self {
            Outcome::Ok => 0,
            Outcome::Invalid => 1,
            Outcome::Error => 2,
        }
    }
}

pub fn run(command: Command) -> Outcome {
    let result = match command {
        Command::List => list(),
        Command::Check { files } => check(&files),
        Command::Perft(config) => run_perft(&config),
        Command::Moves { variant, fen } => moves(&variant, fen.as_deref()),
        Command::Bench(config) => crate::bench::run(&config),
        Command::Validate(config) => crate::validate::run(&config),
        Command::Play(config) => crate::play::run(&config),
        Command::Render(config) => crate::render::run(&config),
        Command::Match(config) => crate::matches::run(&config),
        Command::Test { files } => crate::variant_tests::run(&files),
        Command::Rules { variant, json } => crate::rules::run(&variant, json),
        Command::Uci => crate::uci::run(),
        Command::Xboard => crate::xboard::run(),
    };
    result.unwrap_or_else(|message| {
        let message = crate::terminal_text::escaped(&message);
        if message.starts_with("error") {
            eprintln!("{}", message.trim_end());
        } else {
            eprintln!("error: {message}");
        }
        Outcome::Error
    })
}

/// Loads a variant by name or path with its hooks (a special-moves hook is then part of
/// move generation); diagnostics become the error message.
pub fn load_variant(name: &str) -> Result<LoadedVariant, String> {
    load_rules(name).map(|rules| rules.loaded.clone())
}

/// [`load_variant`], keeping the hook runtime (to report a special-moves hook error).
pub fn load_rules(name: &str) -> Result<holechess_runtime::PlayableVariant, String> {
    crate::spelling::check_variant_name(name)?;
    let loaded = holechess_lang::load(name).map_err(|diagnostics| diagnostics.render())?;
    holechess_runtime::PlayableVariant::from_loaded(loaded).map_err(|e| format!("error: {name}: {e}"))
}

/// A special-moves hook error met while generating on this thread, as a command error.
fn special_hook_ok(rules: &holechess_runtime::PlayableVariant) -> Result<(), String> {
    match rules.hooks.take_special_error() {
        Some(error) => Err(format!("error: {error}")),
        None => Ok(()),
    }
}

/// The position given by `--fen`, or the variant's start.
pub fn position_of(variant: &Arc<Variant>, fen: Option<&str>) -> Result<Position, String> {
    match fen {
        Some(text) => {
            let (pos, warnings) = Position::from_fen_with_warnings(variant, text)
                .map_err(|e| format!("invalid position '{}': {e}", quoted(text)))?;
            warnings.iter().for_each(|warning| eprintln!("warning: {}", crate::terminal_text::escaped(warning)));
            Ok(pos)
        }
        None => Ok(Position::start(variant)),
    }
}

/// At most [`holechess_lang::limits::QUOTE_CHARS`] characters of a text an error quotes.
fn quoted(text: &str) -> String {
    let limit = holechess_lang::limits::QUOTE_CHARS;
    match text.char_indices().nth(limit) {
        Some((cut, _)) => format!("{}...", &text[..cut]),
        None => text.to_string(),
    }
}

fn list() -> Result<Outcome, String> {
    let variants = holechess_lang::bundled();
    let width = variants.iter().map(|v| v.id.len()).max().unwrap_or(0);
    let columns = crate::play::terminal_width().unwrap_or(holechess_view::wrap::DEFAULT_WIDTH);
    for v in variants {
        let entry = format!("{:width$}  {} - {}", v.id, v.title, v.summary);
        for line in holechess_view::wrap::wrap_hanging(&entry, columns, width + 2) {
            println!("{line}");
        }
    }
    Ok(Outcome::Ok)
}

fn check(files: &[std::path::PathBuf]) -> Result<Outcome, String> {
    let mut problems = 0;
    for file in files {
        match check_file(file) {
            Ok(()) => println!("{}: ok", file.display()),
            Err(report) => {
                eprintln!("{}", crate::terminal_text::escaped(report.trim_end()));
                problems += 1;
            }
        }
    }
    if problems == 0 {
        return Ok(Outcome::Ok);
    }
    eprintln!("{} with problems", holechess_lang::diagnostic::plural(problems, "file"));
    Ok(Outcome::Error)
}

/// Every diagnostic of one script, then its hooks compiled as `play` would (a hook event
/// or function the runtime refuses is a problem here too), then each hook run once.
fn check_file(file: &std::path::Path) -> Result<(), String> {
    let diagnostics = holechess_lang::check_files(&[file.to_path_buf()]);
    if !diagnostics.is_empty() {
        let rendered: Vec<String> = diagnostics.iter().map(|d| d.render()).collect();
        let count = holechess_lang::diagnostic::count_line(&diagnostics, "problem");
        return Err(format!("{}\n{count}", rendered.join("\n")));
    }
    let loaded = holechess_lang::load(&file.to_string_lossy()).map_err(|d| d.render())?;
    for warning in holechess_lang::warnings::warnings(&loaded) {
        eprintln!("{}", crate::terminal_text::escaped(&warning.render()));
    }
    let rules = holechess_runtime::PlayableVariant::from_loaded(loaded)
        .map_err(|e| format!("error: {}: {e}", file.display()))?;
    rules.trial_run().map_err(|e| format!("error: {}: {e} (a trial run on the start position)", file.display()))
}

fn run_perft(config: &PerftConfig) -> Result<Outcome, String> {
    use holechess_runtime::perft::{perft, perft_divide, start};
    let rules = load_rules(&config.variant)?;
    let hook_error = |e: holechess_runtime::HookError| format!("error: {e}");
    let mut pos = match config.fen.as_deref() {
        Some(_) => position_of(&rules.loaded.variant, config.fen.as_deref())?,
        None => start(&rules).map_err(hook_error)?,
    };
    let started = Instant::now();
    let total = if config.divide {
        let rows = perft_divide(&rules, &mut pos, config.depth).map_err(hook_error)?;
        for (mv, n) in &rows {
            println!("{mv} {n}");
        }
        rows.iter().map(|(_, n)| n).sum::<u64>().max(u64::from(config.depth == 0))
    } else {
        perft(&rules, &mut pos, config.depth).map_err(hook_error)?
    };
    special_hook_ok(&rules)?;
    println!("{total}");
    if config.stats {
        let secs = started.elapsed().as_secs_f64();
        eprintln!("{total} nodes in {secs:.3} s ({:.1} M nodes/s)", total as f64 / secs.max(1e-9) / 1e6);
    }
    Ok(Outcome::Ok)
}

fn moves(variant: &str, fen: Option<&str>) -> Result<Outcome, String> {
    let rules = load_rules(variant)?;
    let pos = position_of(&rules.loaded.variant, fen)?;
    let mut texts: Vec<String> = pos.legal_moves().iter().map(|&m| lan(&pos, m)).collect();
    special_hook_ok(&rules)?;
    texts.sort();
    for t in texts {
        println!("{t}");
    }
    Ok(Outcome::Ok)
}

/// Ends the program quietly when standard output was closed by its reader (see
/// `quiet_broken_pipe` in `main.rs`); other write errors are for the caller to report.
pub fn exit_if_broken_pipe(error: &std::io::Error) {
    if error.kind() == std::io::ErrorKind::BrokenPipe {
        std::process::exit(0);
    }
}
