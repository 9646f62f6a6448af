//! `holechess render VARIANT [--fen FEN] [--last MOVE] [-o FILE]`: an SVG diagram of a
//! position (the variant's start by default), written to a file or standard output.

use std::io::Write;
use std::path::PathBuf;

use holechess_kernel::notation::parse_move;
use holechess_view::{render_svg, Orientation, SvgOptions};

use crate::commands::{load_variant, position_of, Outcome};

#[derive(Debug)]
pub struct RenderConfig {
    pub variant: String,
    pub fen: Option<String>,
    /// A move of the position before: it is played and highlighted.
    pub last: Option<String>,
    /// `-` for standard output.
    pub output: PathBuf,
    pub title: Option<String>,
    /// Black at the bottom.
    pub flip: bool,
}

pub fn run(config: &RenderConfig) -> Result<Outcome, String> {
    let loaded = load_variant(&config.variant)?;
    let mut pos = position_of(&loaded.variant, config.fen.as_deref())?;
    let mut last_move = None;
    if let Some(text) = &config.last {
        let mv = match parse_move(&pos, text) {
            Ok(mv) => mv,
            Err(error) => {
                eprintln!("error: --last: {error}");
                return Ok(Outcome::Invalid);
            }
        };
        pos.play_unchecked(mv);
        last_move = Some(mv);
    }
    let options = SvgOptions {
        orientation: if config.flip { Orientation::BlackAtBottom } else { Orientation::WhiteAtBottom },
        last_move,
        title: Some(config.title.clone().unwrap_or_else(|| loaded.variant.spec().title.clone())),
        ..SvgOptions::default()
    };
    write_output(&config.output, &render_svg(&pos, &options))?;
    Ok(Outcome::Ok)
}

/// Writes `text` to `path`, or to standard output for `-`.
pub fn write_output(path: &PathBuf, text: &str) -> Result<(), String> {
    if path.as_os_str() == "-" {
        let mut out = std::io::stdout().lock();
        return out.write_all(text.as_bytes()).map_err(|e| {
            crate::commands::exit_if_broken_pipe(&e);
            format!("cannot write to standard output: {e}")
        });
    }
    std::fs::write(path, text).map_err(|e| format!("cannot write {}: {e}", path.display()))
}
