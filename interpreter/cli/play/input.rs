//! Where REPL lines come from: a rustyline editor on a terminal (prompt, completion, a
//! history file kept across runs), or standard input read line by line otherwise.

use std::io::BufRead;
use std::path::PathBuf;

use rustyline::error::ReadlineError;
use rustyline::history::DefaultHistory;
use rustyline::Editor;

use super::complete::PlayHelper;
use super::session::Session;

/// A source of input lines.
pub enum LineSource {
    Terminal { editor: Box<Editor<PlayHelper, DefaultHistory>>, history: Option<PathBuf> },
    Script(std::io::StdinLock<'static>),
}

impl LineSource {
    /// The line editor when `interactive` (falling back to plain lines if it cannot
    /// start), else plain lines.
    pub fn open(interactive: bool) -> LineSource {
        if interactive {
            if let Ok(mut editor) = Editor::<PlayHelper, DefaultHistory>::new() {
                editor.set_helper(Some(PlayHelper::new()));
                let history = history_path();
                if let Some(path) = &history {
                    let _ = editor.load_history(path);
                }
                return LineSource::Terminal { editor: Box::new(editor), history };
            }
        }
        LineSource::Script(std::io::stdin().lock())
    }

    /// The next line, `None` at the end of input (Ctrl-D) or on Ctrl-C.
    pub fn next_line(&mut self, session: &Session) -> Option<String> {
        match self {
            LineSource::Terminal { editor, .. } => {
                if let Some(helper) = editor.helper_mut() {
                    helper.set_moves(session.move_texts());
                }
                match editor.readline(&session.prompt()) {
                    Ok(line) => {
                        if !line.trim().is_empty() {
                            let _ = editor.add_history_entry(line.as_str());
                        }
                        Some(line)
                    }
                    Err(ReadlineError::Interrupted | ReadlineError::Eof) => None,
                    Err(error) => {
                        eprintln!("error: cannot read the terminal: {error}");
                        None
                    }
                }
            }
            LineSource::Script(stdin) => {
                let mut line = String::new();
                match stdin.read_line(&mut line) {
                    Ok(0) | Err(_) => None,
                    Ok(_) => Some(line),
                }
            }
        }
    }

    /// Saves the history (silently skipped if it cannot be written).
    pub fn close(&mut self) {
        if let LineSource::Terminal { editor, history: Some(path) } = self {
            if let Some(dir) = path.parent() {
                let _ = std::fs::create_dir_all(dir);
            }
            let _ = editor.save_history(path);
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
