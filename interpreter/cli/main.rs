//! The `holechess` binary: parses the command line, hands a core configuration to the
//! command that runs it, and turns the outcome into an exit code (0 ok, 1 invalid input
//! found, 2 usage or script error). Everything else lives in the libraries.

mod args;
mod bench;
mod chance;
mod commands;
mod config;
mod matches;
mod play;
mod render;
mod validate;

use std::process::ExitCode;

use clap::Parser;

fn main() -> ExitCode {
    let cli = args::Cli::parse();
    let command = config::Command::from(cli);
    let outcome = commands::run(command);
    ExitCode::from(outcome.code())
}
