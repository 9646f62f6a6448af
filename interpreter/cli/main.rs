//! The `holechess` binary: parses the command line, hands a core configuration to the
//! command that runs it, and turns the outcome into an exit code (0 ok, 1 invalid input
//! found, 2 usage or script error). Everything else lives in the libraries.

mod args;
mod bench;
mod bench_records;
mod commands;
mod config;
mod event_chance;
mod matches;
mod play;
mod render;
mod spelling;
mod validate;

use std::process::ExitCode;

use clap::Parser;

fn main() -> ExitCode {
    quiet_broken_pipe();
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

/// A reader that stops early (`holechess list | head -1`) ends the program quietly, as it
/// ends any Unix filter, instead of a panic in `println!` on the broken pipe: the default
/// action of SIGPIPE, which the Rust runtime sets to "ignore", is restored.
fn quiet_broken_pipe() {
    #[cfg(unix)]
    // SAFETY: called first thing in `main`, before any other thread exists; SIG_DFL is a
    // valid disposition for SIGPIPE.
    unsafe {
        libc::signal(libc::SIGPIPE, libc::SIG_DFL);
    }
}
