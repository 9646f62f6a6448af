//! Running the `holechess` binary in tests: its arguments and standard input in, its output
//! out as text. Colour is off (`NO_COLOR`), as in any piped run.

use std::io::Write;
use std::process::{Command, Output, Stdio};

/// `holechess ARGS` ready to start: colour off, its three streams piped.
pub fn command(args: &[&str]) -> Command {
    let mut command = Command::new(env!("CARGO_BIN_EXE_holechess"));
    command.args(args).env("NO_COLOR", "1").stdin(Stdio::piped()).stdout(Stdio::piped()).stderr(Stdio::piped());
    command
}

/// Runs `holechess ARGS` with `stdin` piped in, and waits for it.
pub fn holechess(args: &[&str], stdin: &str) -> Output {
    let mut child = command(args).spawn().expect("run holechess");
    let mut input = child.stdin.take().expect("stdin");
    input.write_all(stdin.as_bytes()).expect("write stdin");
    drop(input);
    child.wait_with_output().expect("wait for holechess")
}

pub fn stdout(output: &Output) -> String {
    String::from_utf8_lossy(&output.stdout).into_owned()
}

pub fn stderr(output: &Output) -> String {
    String::from_utf8_lossy(&output.stderr).into_owned()
}
