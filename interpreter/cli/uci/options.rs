//! The engine's options: what `uci` announces (`UCI_Variant` with the bundled variants,
//! `Hash`) and what `setoption` changes. A variant's value may also be a path to a script.

use holechess_ai::{SearchConfig, Searcher};

use crate::event_chance::EventChance;
use crate::protocol::EngineBoard;

/// Transposition table sizes `Hash` accepts, in megabytes.
const HASH_MB: std::ops::RangeInclusive<usize> = 1..=4096;

/// The options set so far.
#[derive(Clone, Debug)]
pub struct EngineOptions {
    pub hash_mb: usize,
}

impl Default for EngineOptions {
    fn default() -> EngineOptions {
        EngineOptions { hash_mb: SearchConfig::default().table_megabytes }
    }
}

/// What a `setoption` changed.
pub struct OptionChange {
    /// A newly loaded variant, at its start.
    pub board: Option<EngineBoard>,
    /// The searcher must be made again (another variant or table size).
    pub board_or_table: bool,
}

impl EngineOptions {
    /// The answer to `uci`.
    pub fn announce(&self) {
        println!("id name holechess {}", env!("CARGO_PKG_VERSION"));
        println!("id author the holechess authors");
        let ids = holechess_lang::sources::bundled_variant_names();
        let vars: String = ids.iter().map(|id| format!(" var {id}")).collect();
        println!("option name UCI_Variant type combo default chess{vars}");
        println!("option name Hash type spin default {} min {} max {}", self.hash_mb, HASH_MB.start(), HASH_MB.end());
        println!("uciok");
    }

    /// `setoption name NAME value VALUE` (the words after `setoption`).
    pub fn set(&mut self, words: &[&str]) -> Result<OptionChange, String> {
        let (name, value) = name_and_value(words)?;
        match name.to_ascii_lowercase().as_str() {
            "uci_variant" => {
                let board = EngineBoard::load(&value)?;
                Ok(OptionChange { board: Some(board), board_or_table: true })
            }
            "hash" => {
                let mb = value.parse::<usize>().ok().filter(|mb| HASH_MB.contains(mb)).ok_or_else(|| {
                    format!("Hash takes megabytes from {} to {}, not `{value}`", HASH_MB.start(), HASH_MB.end())
                })?;
                self.hash_mb = mb;
                Ok(OptionChange { board: None, board_or_table: true })
            }
            // Options GUIs send to every engine; one thread and no pondering here.
            "threads" | "ponder" | "uci_chess960" | "multipv" => {
                Ok(OptionChange { board: None, board_or_table: false })
            }
            _ => Err(format!("unknown option `{name}` (options: UCI_Variant, Hash)")),
        }
    }

    /// A searcher for `board`'s variant with these options (and its dice, if it rolls).
    pub fn new_searcher(&self, board: &EngineBoard) -> Box<Searcher> {
        let config = SearchConfig { table_megabytes: self.hash_mb, ..SearchConfig::default() };
        let mut searcher = Box::new(Searcher::new(config));
        searcher.set_chance_model(EventChance::of(board.rules()));
        searcher
    }
}

/// `name Hash value 64` -> (`Hash`, `64`); names and values may hold spaces.
fn name_and_value(words: &[&str]) -> Result<(String, String), String> {
    if words.first() != Some(&"name") {
        return Err("setoption takes `name NAME value VALUE`".to_string());
    }
    let value_at = words.iter().position(|&w| w == "value").unwrap_or(words.len());
    let name = words[1..value_at].join(" ");
    let value = words.get(value_at + 1..).map(|v| v.join(" ")).unwrap_or_default();
    if name.is_empty() {
        return Err("setoption names no option".to_string());
    }
    Ok((name, value))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_and_values_may_hold_spaces() {
        let words = ["name", "UCI_Variant", "value", "my", "file.hole"];
        assert_eq!(name_and_value(&words).unwrap(), ("UCI_Variant".into(), "my file.hole".into()));
        assert!(name_and_value(&["value", "3"]).is_err());
        assert!(name_and_value(&["name"]).is_err());
    }
}
