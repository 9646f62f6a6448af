//! The `holechess` binary: parses the command line, hands a core configuration to the
//! command that runs it, and turns the outcome into an exit code (0 ok, 1 invalid input
//! found, 2 usage or script error). Everything else lives in the libraries.

mod args;
mod atomic_file;
mod bench;
mod bench_peer;
mod bench_records;
mod commands;
mod config;
mod event_chance;
mod match_record;
mod matches;
mod play;
mod protocol;
mod record_input;
mod render;
mod rules;
mod terminal_text;
mod uci;
mod validate;

// The REPL's parsing lives in its own library (the tests and the fuzz targets use it too).
use holechess_repl::spelling;
mod variant_tests;
mod xboard;

use std::process::ExitCode;

use clap::Parser;
use holechess_runtime::meter::CountingAllocator;

/// Counts what each hook call allocates, so the hooks' byte budgets hold.
#[global_allocator]
static ALLOCATOR: CountingAllocator = CountingAllocator;

fn main() -> ExitCode {
    quiet_broken_pipe();
    atomic_file::report_file_size_limit_as_error();
    let cli = args::Cli::parse();
    for dir in &cli.allow_path {
        if let Err(message) = holechess_lang::allow_path(dir) {
            eprintln!("error: {message}");
            return ExitCode::from(commands::Outcome::Error.code());
        }
    }
    let command = config::Command::from(cli);
    let outcome = commands::run(command);
    ExitCode::from(outcome.code())
}

/// A reader that stops early (`holechess list | head -1`, `holechess check x.hole 2>&1 | head
/// -3`) ends the program quietly with exit code 0, as ripgrep does, instead of a panic in
/// `println!` or `eprintln!` on the broken pipe or a death by SIGPIPE: the Rust runtime
/// ignores SIGPIPE, so a write fails with `BrokenPipe`; the print macros panic on it, and
/// this hook turns that one panic into a quiet exit (the same for both outputs: with `2>&1`
/// they are one pipe, and which write fails first is a matter of timing). Every other panic
/// goes to the default hook.
fn quiet_broken_pipe() {
    let default = std::panic::take_hook();
    std::panic::set_hook(Box::new(move |info| {
        let text = info.to_string();
        let printing = text.contains("failed printing to stdout") || text.contains("failed printing to stderr");
        if printing && text.contains("Broken pipe") {
            std::process::exit(0);
        }
        default(info);
    }));
}
