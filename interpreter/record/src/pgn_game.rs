//! The record of one game as read from PGN: tag pairs in order and the main line as
//! [`MoveEntry`]s with their dice, comments, NAGs and side variations.

use serde::{Deserialize, Serialize};

use crate::move_text::MoveText;
use holechess_kernel::notation::Notation;

/// One `[Name "value"]` tag pair.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct TagPair {
    pub name: String,
    pub value: String,
}

/// The termination marker at the end of the movetext.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum GameResult {
    /// `1-0`.
    WhiteWins,
    /// `0-1`.
    BlackWins,
    /// `1/2-1/2`.
    Draw,
    /// `*`: unfinished or unknown.
    Unknown,
}

impl GameResult {
    /// The PGN token for this result.
    pub fn as_pgn(self) -> &'static str {
        match self {
            GameResult::WhiteWins => "1-0",
            GameResult::BlackWins => "0-1",
            GameResult::Draw => "1/2-1/2",
            GameResult::Unknown => "*",
        }
    }

    /// The result a PGN token stands for, if it is one.
    pub fn from_pgn(token: &[u8]) -> Option<GameResult> {
        match token {
            b"1-0" => Some(GameResult::WhiteWins),
            b"0-1" => Some(GameResult::BlackWins),
            b"1/2-1/2" => Some(GameResult::Draw),
            b"*" => Some(GameResult::Unknown),
            _ => None,
        }
    }
}

/// One ply of the main line and everything written after it up to the next move.
///
/// The fields are private: every way to make one ([`MoveEntry::new`], the reader,
/// deserialising) checks that the text is a move, so [`MoveEntry::notation`] cannot fail.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(try_from = "MoveEntryFields")]
pub struct MoveEntry {
    /// 1-based position in the record: the first move written is ply 1.
    ply: u32,
    /// 1-based line of the move token in the file (0 for a move not read from a file).
    line: u32,
    /// The move token as written (`Nf3`, `e1d2>f5`, `@a4`, `--`).
    text: MoveText,
    /// The token's parts, read once with the text (replay reads them on every ply).
    #[serde(skip_serializing)]
    notation: Notation,
    /// Every outcome of every `[%dice ...]` command after the move, in order.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    dice: Vec<u8>,
    /// Comments, NAGs and side variations after the move, in the order written.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    annotations: Vec<Annotation>,
}

/// A [`MoveEntry`] as serialised, before its text is checked.
#[derive(Deserialize)]
struct MoveEntryFields {
    ply: u32,
    line: u32,
    text: MoveText,
    #[serde(default)]
    dice: Vec<u8>,
    #[serde(default)]
    annotations: Vec<Annotation>,
}

impl TryFrom<MoveEntryFields> for MoveEntry {
    type Error = String;

    fn try_from(fields: MoveEntryFields) -> Result<MoveEntry, String> {
        let MoveEntryFields { ply, line, text, dice, annotations } = fields;
        let Ok(notation) = Notation::parse(&text) else {
            return Err(format!("`{text}` is not a move in holechess notation"));
        };
        Ok(MoveEntry { ply, line, text, notation, dice, annotations })
    }
}

/// Something written after a move that does not change the game.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Annotation {
    /// A comment's text without `%dice` commands, whitespace collapsed.
    Comment(String),
    /// A numeric annotation glyph (`$1`; `!` is 1, `?` 2, `!!` 3, `??` 4, `!?` 5, `?!` 6).
    Nag(u8),
    /// A side variation: the text inside `( )`, not played.
    Variation(String),
}

impl MoveEntry {
    /// The token's parts, ready to be matched against legal moves.
    pub fn notation(&self) -> Notation {
        self.notation
    }

    /// 1-based position in the record: the first move written is ply 1.
    pub fn ply(&self) -> u32 {
        self.ply
    }

    /// 1-based line of the move token in its file; 0 for a move not read from a file.
    pub fn line(&self) -> u32 {
        self.line
    }

    /// The move token as written (`Nf3`, `e1d2>f5`, `@a4`, `--`).
    pub fn text(&self) -> &str {
        self.text.as_str()
    }

    /// Every dice outcome written after the move, in order.
    pub fn dice(&self) -> &[u8] {
        &self.dice
    }

    /// Comments, NAGs and side variations after the move, in the order written.
    pub fn annotations(&self) -> &[Annotation] {
        &self.annotations
    }

    /// The same move at another line (0: not from a file).
    pub fn set_line(&mut self, line: u32) {
        self.line = line;
    }

    /// Replaces the dice outcomes.
    pub fn set_dice(&mut self, dice: Vec<u8>) {
        self.dice = dice;
    }

    /// Adds dice outcomes after those already there.
    pub fn extend_dice(&mut self, dice: &[u8]) {
        self.dice.extend_from_slice(dice);
    }

    /// The outcomes, for the reader to append to in place.
    pub(crate) fn dice_mut(&mut self) -> &mut Vec<u8> {
        &mut self.dice
    }

    /// Adds an annotation after those already there.
    pub fn push_annotation(&mut self, annotation: Annotation) {
        self.annotations.push(annotation);
    }

    /// Replaces the annotations.
    pub fn set_annotations(&mut self, annotations: Vec<Annotation>) {
        self.annotations = annotations;
    }

    /// A bare move at `ply`, line 0; `None` if `text` is not a move.
    pub fn new(ply: u32, text: &str) -> Option<MoveEntry> {
        let notation = Notation::parse(text).ok()?;
        Some(MoveEntry::read(ply, 0, MoveText::new(text)?, notation))
    }

    /// A move as the reader found it, at `line`, with nothing after it yet; `notation` is
    /// what `text` reads as.
    pub(crate) fn read(ply: u32, line: u32, text: MoveText, notation: Notation) -> MoveEntry {
        MoveEntry { ply, line, text, notation, dice: Vec::new(), annotations: Vec::new() }
    }

    /// The comment texts, in order.
    pub fn comments(&self) -> impl Iterator<Item = &str> {
        self.annotations.iter().filter_map(|annotation| match annotation {
            Annotation::Comment(text) => Some(text.as_str()),
            _ => None,
        })
    }

    /// The NAGs, in order.
    pub fn nags(&self) -> impl Iterator<Item = u8> + '_ {
        self.annotations.iter().filter_map(|annotation| match annotation {
            Annotation::Nag(nag) => Some(*nag),
            _ => None,
        })
    }

    /// The side variations' texts, in order.
    pub fn variations(&self) -> impl Iterator<Item = &str> {
        self.annotations.iter().filter_map(|annotation| match annotation {
            Annotation::Variation(text) => Some(text.as_str()),
            _ => None,
        })
    }
}

/// One game record.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct PgnGame {
    /// 1-based line where the game starts (its first tag, or its first move).
    pub line: u32,
    /// Tag pairs in the order written.
    pub tags: Vec<TagPair>,
    /// Comments before the first move.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub opening_comments: Vec<String>,
    /// Outcomes of `%dice` before the first move: the variant's game-start rolls (K4).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub start_dice: Vec<u8>,
    /// The main line.
    pub moves: Vec<MoveEntry>,
    /// The termination marker, if the movetext had one.
    pub result: Option<GameResult>,
}

impl PgnGame {
    /// The value of the first tag with this name.
    pub fn tag(&self, name: &str) -> Option<&str> {
        self.tags.iter().find(|tag| tag.name == name).map(|tag| tag.value.as_str())
    }

    /// The `[Variant]` tag.
    pub fn variant(&self) -> Option<&str> {
        self.tag("Variant")
    }

    /// The `[FEN]` tag: the start position, if not the variant's own.
    pub fn fen(&self) -> Option<&str> {
        self.tag("FEN")
    }

    /// The `[Holes]` tag: token squares overriding the variant's default layout.
    pub fn holes(&self) -> Option<&str> {
        self.tag("Holes")
    }

    /// Sets a tag, replacing the first one of that name or appending it.
    pub fn set_tag(&mut self, name: &str, value: &str) {
        match self.tags.iter_mut().find(|tag| tag.name == name) {
            Some(tag) => tag.value = value.to_owned(),
            None => self.tags.push(TagPair { name: name.to_owned(), value: value.to_owned() }),
        }
    }

    /// Number of plies in the main line.
    pub fn plies(&self) -> usize {
        self.moves.len()
    }
}
