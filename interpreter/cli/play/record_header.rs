//! What a saved record says besides its moves: the tags (those of a loaded record, kept as
//! they were; `Event`, `Site` and `Date` for a game started here), the comments and
//! variations of a loaded record, the loaded result, and who played each ply, so that the
//! `[White]` / `[Black]` tags name the levels the computer actually played at.

use std::collections::HashMap;

use holechess_ai::Level;
use holechess_kernel::Side;
use holechess_record::{Annotation, GameResult, TagPair};

/// Who played one ply.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Mover {
    /// A ply of a loaded record (its players are the record's tags).
    Record,
    Human(Side),
    Computer(Side, Level),
}

impl Mover {
    fn side(self) -> Option<Side> {
        match self {
            Mover::Record => None,
            Mover::Human(side) | Mover::Computer(side, _) => Some(side),
        }
    }

    fn name(self) -> String {
        match self {
            Mover::Record => String::new(),
            Mover::Human(_) => "human".to_owned(),
            Mover::Computer(_, level) => format!("holechess {level}"),
        }
    }
}

/// Who played each ply of the game: a loaded record's plies first (counted, not listed, so
/// that a record of millions of plies costs nothing here), then those played here.
#[derive(Clone, Debug, Default)]
pub struct Movers {
    loaded: usize,
    played: Vec<Mover>,
}

impl Movers {
    /// A game of `plies` loaded plies.
    pub fn loaded(plies: usize) -> Movers {
        Movers { loaded: plies, played: Vec::new() }
    }

    pub fn push(&mut self, mover: Mover) {
        self.played.push(mover);
    }

    /// Takes back the last ply's mover.
    pub fn pop(&mut self) {
        if self.played.pop().is_none() {
            self.loaded = self.loaded.saturating_sub(1);
        }
    }

    /// Who played ply `index` (from 0); a ply beyond the game's is the record's.
    pub fn get(&self, index: usize) -> Mover {
        index.checked_sub(self.loaded).and_then(|i| self.played.get(i).copied()).unwrap_or(Mover::Record)
    }

    /// Whether a ply was played here (not only read from a record).
    pub fn played_here(&self) -> bool {
        !self.played.is_empty()
    }

    /// The movers of the plies played here, in order.
    pub fn played(&self) -> &[Mover] {
        &self.played
    }
}

/// The tags and comments a saved record carries apart from its moves.
#[derive(Clone, Debug, Default)]
pub struct RecordHeader {
    /// The tags in their order: a loaded record's, or `Event`, `Site` and `Date`.
    pub tags: Vec<TagPair>,
    /// Comments before the first move (a loaded record's, or the game-start hooks' notes).
    pub opening_comments: Vec<String>,
    /// The comments, NAGs and variations of a loaded record's plies, by ply index (from 0).
    pub annotations: HashMap<usize, Vec<Annotation>>,
    /// The result a loaded record gives.
    pub result: Option<GameResult>,
}

impl RecordHeader {
    /// The header of a game started now; `notes` are what the game-start hooks said.
    pub fn new_game(notes: &[String]) -> RecordHeader {
        let tag = |name: &str, value: String| TagPair { name: name.to_owned(), value };
        RecordHeader {
            tags: vec![
                tag("Event", "holechess play".to_owned()),
                tag("Site", site()),
                tag("Date", super::date::pgn_date()),
            ],
            opening_comments: if notes.is_empty() { Vec::new() } else { vec![notes.join("; ")] },
            ..RecordHeader::default()
        }
    }

    /// The value of a tag.
    pub fn tag(&self, name: &str) -> Option<&str> {
        self.tags.iter().find(|tag| tag.name == name).map(|tag| tag.value.as_str())
    }
}

/// The `[White]` or `[Black]` tag: who played `side`'s plies here, in the order they first
/// did (`human`, `holechess level 6`, joined by `, `), after a loaded record's own player;
/// `now` names who plays the side when nobody has played it yet.
pub fn player_tag(loaded: Option<&str>, movers: &[Mover], side: Side, now: impl FnOnce() -> String) -> String {
    let mut names: Vec<String> = loaded.map(str::to_owned).into_iter().collect();
    for mover in movers.iter().filter(|mover| mover.side() == Some(side)) {
        let name = mover.name();
        if !names.contains(&name) {
            names.push(name);
        }
    }
    if names.is_empty() {
        names.push(now());
    }
    names.join(", ")
}

/// The `[Site]` of a game played here: the computer's host name (`?` when it has none).
fn site() -> String {
    host_name().unwrap_or_else(|| "?".to_owned())
}

#[cfg(unix)]
fn host_name() -> Option<String> {
    let mut buffer = [0u8; 256];
    // SAFETY: gethostname writes at most `len` bytes into the buffer it is given.
    let status = unsafe { libc::gethostname(buffer.as_mut_ptr().cast(), buffer.len()) };
    if status != 0 {
        return None;
    }
    let end = buffer.iter().position(|&byte| byte == 0).unwrap_or(buffer.len());
    let name = String::from_utf8_lossy(&buffer[..end]).trim().to_owned();
    (!name.is_empty()).then_some(name)
}

#[cfg(not(unix))]
fn host_name() -> Option<String> {
    std::env::var("COMPUTERNAME").ok().filter(|name| !name.trim().is_empty())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_player_tag_names_every_level_the_side_was_played_at() {
        let movers = [
            Mover::Human(Side::White),
            Mover::Computer(Side::Black, Level(6)),
            Mover::Human(Side::White),
            Mover::Computer(Side::Black, Level(3)),
        ];
        let now = || "nobody".to_owned();
        assert_eq!(player_tag(None, &movers, Side::Black, now), "holechess level 6, holechess level 3");
        assert_eq!(player_tag(None, &movers, Side::White, now), "human");
        assert_eq!(player_tag(Some("Anna"), &[Mover::Record], Side::White, now), "Anna");
        assert_eq!(player_tag(None, &[Mover::Record], Side::White, now), "nobody");
    }

    #[test]
    fn a_loaded_records_plies_are_counted_and_taken_back_after_those_played_here() {
        let mut movers = Movers::loaded(3);
        assert!(!movers.played_here());
        movers.push(Mover::Human(Side::Black));
        assert_eq!(
            (movers.get(2), movers.get(3), movers.get(4)),
            (Mover::Record, Mover::Human(Side::Black), Mover::Record)
        );
        assert!(movers.played_here());
        movers.pop();
        movers.pop();
        assert!(!movers.played_here());
        movers.push(Mover::Human(Side::White));
        assert_eq!(movers.get(2), Mover::Human(Side::White), "the third ply is played here now");
    }
}
