//! Where REPL lines come from: a rustyline editor on a terminal (prompt, completion, a
//! history file kept across runs), or standard input read line by line otherwise.
//!
//! A block pasted at the prompt (`d5⏎c4⏎e6`) arrives as one editor line holding newlines
//! when the terminal brackets pastes: it is split and every line runs, in order, each shown
//! after the prompt it answers. Without brackets (or typed ahead while the computer thinks)
//! the lines arrive as keys, several at once: the editor keeps what it read past the first
//! line for the next prompt (rustyline's `buffer-redux` feature), so every line runs, in
//! order. Ctrl-C at the prompt clears the line (leaving takes `quit` or Ctrl-D).

use std::collections::VecDeque;
use std::io::BufRead;
use std::path::PathBuf;

use rustyline::error::ReadlineError;
use rustyline::history::DefaultHistory;
use rustyline::Editor;

use super::complete::PlayHelper;
use super::session::Session;

/// What reads the lines.
enum Reader {
    Terminal { editor: Box<Editor<PlayHelper, DefaultHistory>>, history: Option<PathBuf> },
    Script(std::io::StdinLock<'static>),
}

/// A source of input lines.
pub struct LineSource {
    reader: Reader,
    /// Lines of a pasted block not yet run.
    queued: VecDeque<String>,
    /// Lines read so far from standard input when it is not a terminal.
    line_number: usize,
}

impl LineSource {
    /// The line editor when `interactive` (falling back to plain lines if it cannot
    /// start), else plain lines.
    pub fn open(interactive: bool) -> LineSource {
        // Tab lists every candidate at once (moves, commands, files), as a shell does.
        let config = rustyline::Config::builder().completion_type(rustyline::CompletionType::List).build();
        let reader = match interactive.then(|| Editor::<PlayHelper, DefaultHistory>::with_config(config)) {
            Some(Ok(mut editor)) => {
                editor.set_helper(Some(PlayHelper::new()));
                let history = history_path();
                if let Some(path) = &history {
                    let _ = editor.load_history(path);
                }
                Reader::Terminal { editor: Box::new(editor), history }
            }
            _ => Reader::Script(std::io::stdin().lock()),
        };
        LineSource { reader, queued: VecDeque::new(), line_number: 0 }
    }

    /// The next line, `None` at the end of input (Ctrl-D). A piped line that is not UTF-8
    /// is reported with its number and counted as rejected, and reading goes on.
    pub fn next_line(&mut self, session: &mut Session) -> Option<String> {
        if let Some(line) = self.queued.pop_front() {
            if matches!(self.reader, Reader::Terminal { .. }) {
                println!("{}{line}", session.prompt());
            }
            return Some(line);
        }
        let text = match &mut self.reader {
            Reader::Terminal { editor, .. } => read_terminal(editor, session)?,
            Reader::Script(stdin) => {
                let mut bytes = Vec::new();
                match stdin.read_until(b'\n', &mut bytes) {
                    Ok(0) => return None,
                    Ok(_) => {}
                    Err(error) => {
                        session.reject(&format!("cannot read standard input: {error}"));
                        return None;
                    }
                }
                self.line_number += 1;
                match String::from_utf8(bytes) {
                    Ok(line) => line,
                    Err(invalid) => {
                        session.reject(&not_utf8(self.line_number, invalid.as_bytes(), invalid.utf8_error()));
                        String::new()
                    }
                }
            }
        };
        let mut lines = text.split(['\n', '\r']).filter(|line| !line.trim().is_empty()).map(str::to_owned);
        let first = lines.next().unwrap_or_default();
        self.queued.extend(lines);
        Some(first)
    }

    /// Saves the history (silently skipped if it cannot be written).
    pub fn close(&mut self) {
        if let Reader::Terminal { editor, history: Some(path) } = &mut self.reader {
            if let Some(dir) = path.parent() {
                let _ = std::fs::create_dir_all(dir);
            }
            let _ = editor.save_history(path);
        }
    }
}

/// Why a line is skipped: its number, the first bad byte and where, and the line with that
/// byte escaped.
fn not_utf8(number: usize, bytes: &[u8], error: std::str::Utf8Error) -> String {
    let at = error.valid_up_to();
    let shown = crate::terminal_text::escaped(&String::from_utf8_lossy(bytes)).trim_end().to_owned();
    format!("line {number} is not UTF-8 text (byte 0x{:02x} at column {}): `{shown}`; it is skipped", bytes[at], at + 1)
}

/// One editor line: Ctrl-C gives an empty line (and a word on how to leave), Ctrl-D `None`.
fn read_terminal(editor: &mut Editor<PlayHelper, DefaultHistory>, session: &Session) -> Option<String> {
    if let Some(helper) = editor.helper_mut() {
        helper.set_moves(session.move_texts());
    }
    super::interrupt::take();
    match editor.readline(&session.prompt()) {
        Ok(line) => {
            for single in line.lines().filter(|l| !l.trim().is_empty()) {
                let _ = editor.add_history_entry(single);
            }
            Some(line)
        }
        Err(ReadlineError::Interrupted) => {
            println!("(line cleared; `quit` or Ctrl-D leaves)");
            Some(String::new())
        }
        Err(ReadlineError::Eof) => None,
        // A byte that is not UTF-8 (a paste in another encoding): the line is dropped, the
        // game goes on.
        Err(ReadlineError::Io(error)) if error.kind() == std::io::ErrorKind::InvalidData => {
            println!("error: the line is not UTF-8 text; it is skipped");
            Some(String::new())
        }
        Err(error) => {
            eprintln!("error: cannot read the terminal: {error}");
            None
        }
    }
}

/// `$XDG_STATE_HOME/holechess/history`, else `~/.holechess_history`.
fn history_path() -> Option<PathBuf> {
    if let Some(state) = std::env::var_os("XDG_STATE_HOME").filter(|s| !s.is_empty()) {
        return Some(PathBuf::from(state).join("holechess").join("history"));
    }
    std::env::var_os("HOME").filter(|h| !h.is_empty()).map(|home| PathBuf::from(home).join(".holechess_history"))
}
