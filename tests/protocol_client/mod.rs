//! A client that drives `holechess uci` or `holechess xboard` through its standard input
//! and output, as a GUI does: lines are sent, and answers are awaited with a timeout so a
//! silent engine fails the test instead of hanging it.

#![allow(dead_code)]

use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{channel, Receiver, RecvTimeoutError};
use std::time::{Duration, Instant};

/// How long any single answer may take in a debug build before the test fails.
pub const PATIENCE: Duration = Duration::from_secs(60);

/// A running engine process.
pub struct Engine {
    child: Child,
    stdin: ChildStdin,
    lines: Receiver<String>,
    /// Every line received, for failure messages.
    pub transcript: Vec<String>,
}

impl Engine {
    /// Starts `holechess PROTOCOL`.
    pub fn start(protocol: &str) -> Engine {
        let mut child = Command::new(env!("CARGO_BIN_EXE_holechess"))
            .arg(protocol)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::inherit())
            .spawn()
            .expect("the binary starts");
        let stdin = child.stdin.take().expect("piped stdin");
        let stdout = child.stdout.take().expect("piped stdout");
        let (sender, lines) = channel();
        std::thread::spawn(move || {
            for line in BufReader::new(stdout).lines() {
                let Ok(line) = line else { break };
                if sender.send(line).is_err() {
                    break;
                }
            }
        });
        Engine { child, stdin, lines, transcript: Vec::new() }
    }

    pub fn send(&mut self, line: &str) {
        writeln!(self.stdin, "{line}").expect("the engine reads its input");
        self.stdin.flush().expect("flush");
    }

    /// The next line, or `None` when nothing came within `wait`.
    pub fn next_within(&mut self, wait: Duration) -> Option<String> {
        match self.lines.recv_timeout(wait) {
            Ok(line) => {
                self.transcript.push(line.clone());
                Some(line)
            }
            Err(RecvTimeoutError::Timeout) | Err(RecvTimeoutError::Disconnected) => None,
        }
    }

    /// Lines up to and including the first that starts with `prefix`.
    pub fn until(&mut self, prefix: &str) -> Vec<String> {
        let deadline = Instant::now() + PATIENCE;
        let mut seen = Vec::new();
        loop {
            let left = deadline.saturating_duration_since(Instant::now());
            let Some(line) = self.next_within(left) else {
                panic!("no line starting `{prefix}` within {PATIENCE:?}; received:\n{}", self.transcript.join("\n"));
            };
            let done = line.starts_with(prefix);
            seen.push(line);
            if done {
                return seen;
            }
        }
    }

    /// The first line starting with `prefix`.
    pub fn line(&mut self, prefix: &str) -> String {
        self.until(prefix).pop().expect("until returns the matching line")
    }

    /// Sends `quit` and waits for the process to end; its exit status must be success.
    pub fn quit(mut self, line: &str) {
        self.send(line);
        let deadline = Instant::now() + PATIENCE;
        loop {
            if let Some(status) = self.child.try_wait().expect("wait") {
                assert!(status.success(), "the engine ended with {status}");
                return;
            }
            assert!(Instant::now() < deadline, "the engine did not quit");
            std::thread::sleep(Duration::from_millis(10));
        }
    }
}

impl Drop for Engine {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}
