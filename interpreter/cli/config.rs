//! Turns clap's view of the command line into the core configuration the commands run.
//! This is the one place the two meet.

use std::path::PathBuf;

use crate::args::{AiSide, Cli, CliCommand};
use crate::play::{AiSides, PlayConfig};

/// The environment variable naming the bench's peer validator when `--peer-validate` is
/// not given.
const PEER_VARIABLE: &str = "HOLECHESS_PEER_VALIDATE";

/// The peer validator an environment variable names (none when unset or empty).
fn peer_from(value: Option<std::ffi::OsString>) -> Option<PathBuf> {
    value.filter(|path| !path.is_empty()).map(PathBuf::from)
}

/// A command with everything it needs, independent of how it was spelled.
#[derive(Debug)]
pub enum Command {
    List,
    Check { files: Vec<PathBuf> },
    Perft(PerftConfig),
    Moves { variant: String, fen: Option<String> },
    Bench(crate::bench::BenchConfig),
    Validate(crate::validate::ValidateConfig),
    Play(PlayConfig),
    Render(crate::render::RenderConfig),
    Match(crate::matches::MatchConfig),
    Test { files: Vec<PathBuf> },
    Rules { variant: String, json: bool },
    Uci,
    Xboard,
}

#[derive(Debug)]
pub struct PerftConfig {
    pub variant: String,
    pub depth: u32,
    pub fen: Option<String>,
    pub divide: bool,
    pub stats: bool,
}

impl From<Cli> for Command {
    fn from(cli: Cli) -> Command {
        match cli.command {
            CliCommand::List => Command::List,
            CliCommand::Check { files } => Command::Check { files },
            CliCommand::Perft { variant, depth, fen, divide, stats } => {
                Command::Perft(PerftConfig { variant, depth, fen, divide, stats })
            }
            CliCommand::Moves { variant, fen } => Command::Moves { variant, fen },
            CliCommand::Validate { variant, files, json, jobs } => {
                Command::Validate(crate::validate::ValidateConfig { variant, files, json, jobs })
            }
            CliCommand::Bench { chess_depth, kiwipete_depth, hole_depth, pgn, self_play_games, peer_validate } => {
                Command::Bench(crate::bench::BenchConfig {
                    chess_depth,
                    kiwipete_depth,
                    hole_depth,
                    pgn,
                    self_play_games,
                    peer_validate: peer_validate.or_else(|| peer_from(std::env::var_os(PEER_VARIABLE))),
                })
            }
            CliCommand::Play { variant, seed, ai, level, holes, fen } => {
                Command::Play(PlayConfig { variant, seed, ai: ai_sides(ai), level, holes, fen })
            }
            CliCommand::Render { variant, fen, last, output, title, flip } => {
                Command::Render(crate::render::RenderConfig { variant, fen, last, output, title, flip })
            }
            CliCommand::Uci => Command::Uci,
            CliCommand::Xboard => Command::Xboard,
            CliCommand::Match { variant, levels, games, seed, time_ms, pgn } => {
                Command::Match(crate::matches::MatchConfig { variant, levels, games, seed, time_ms, pgn })
            }
            CliCommand::Test { files } => Command::Test { files },
            CliCommand::Rules { variant, json } => Command::Rules { variant, json },
        }
    }
}

fn ai_sides(side: AiSide) -> AiSides {
    match side {
        AiSide::White => AiSides::WHITE,
        AiSide::Black => AiSides::BLACK,
        AiSide::Both => AiSides::BOTH,
        AiSide::None => AiSides::NONE,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_peer_validator_may_come_from_the_environment_unless_empty() {
        assert_eq!(peer_from(Some("/opt/peer".into())), Some(PathBuf::from("/opt/peer")));
        assert_eq!(peer_from(Some("".into())), None);
        assert_eq!(peer_from(None), None);
    }
}
