//! The record of one game as read from PGN: tag pairs in order and the main line as
//! [`MoveEntry`]s with their dice, comments, NAGs and side variations.

use serde::{Deserialize, Serialize};

use crate::move_text::MoveText;
use holechess_kernel::notation::Notation;

/// One `[Name "value"]` tag pair.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
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
    #[must_use]
    pub fn as_pgn(self) -> &'static str {
        match self {
            GameResult::WhiteWins => "1-0",
            GameResult::BlackWins => "0-1",
            GameResult::Draw => "1/2-1/2",
            GameResult::Unknown => "*",
        }
    }

    /// The result of a finished game: its winner's, or a draw (`None`).
    #[must_use]
    pub fn of_winner(winner: Option<holechess_kernel::Side>) -> GameResult {
        match winner {
            Some(holechess_kernel::Side::White) => GameResult::WhiteWins,
            Some(holechess_kernel::Side::Black) => GameResult::BlackWins,
            None => GameResult::Draw,
        }
    }

    /// The result a PGN token stands for, if it is one.
    #[must_use]
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
#[derive(Clone, Debug, PartialEq, Eq, Deserialize)]
#[serde(try_from = "MoveEntryFields")]
pub struct MoveEntry {
    /// 1-based position in the record: the first move written is ply 1.
    ply: u32,
    /// 1-based line of the move token in the file (0 for a move not read from a file).
    line: u32,
    /// The move token as written (`Nf3`, `e1d2>f5`, `@a4`, `--`).
    text: MoveText,
    /// The token's parts, read once with the text (replay reads them on every ply).
    notation: Notation,
    /// The dice, comments, NAGs and variations after the move; `None` when there are none.
    extras: Option<Box<Extras>>,
}

/// What is written after a move. Most plies of an orthodox record have nothing, so it lives
/// apart from the entry (one pointer), which keeps a long game's moves small in memory.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
struct Extras {
    /// Every outcome of every `[%dice ...]` command after the move, in order.
    dice: Vec<u8>,
    /// Comments, NAGs and side variations after the move, in the order written.
    annotations: Vec<Annotation>,
}

impl Serialize for MoveEntry {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        /// The entry as written out: the extras as two lists, left out when empty.
        #[derive(Serialize)]
        #[serde(rename = "MoveEntry")]
        struct Written<'a> {
            ply: u32,
            line: u32,
            text: &'a MoveText,
            #[serde(skip_serializing_if = "<[u8]>::is_empty")]
            dice: &'a [u8],
            #[serde(skip_serializing_if = "<[Annotation]>::is_empty")]
            annotations: &'a [Annotation],
        }
        let written = Written {
            ply: self.ply,
            line: self.line,
            text: &self.text,
            dice: self.dice(),
            annotations: self.annotations(),
        };
        written.serialize(serializer)
    }
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
        let mut entry = MoveEntry::read(ply, line, text, notation);
        entry.extras = Some(Box::new(Extras { dice, annotations }));
        entry.tidy();
        Ok(entry)
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
    #[must_use]
    pub fn notation(&self) -> Notation {
        self.notation
    }

    /// 1-based position in the record: the first move written is ply 1.
    #[must_use]
    pub fn ply(&self) -> u32 {
        self.ply
    }

    /// 1-based line of the move token in its file; 0 for a move not read from a file.
    #[must_use]
    pub fn line(&self) -> u32 {
        self.line
    }

    /// The move token as written (`Nf3`, `e1d2>f5`, `@a4`, `--`).
    #[must_use]
    pub fn text(&self) -> &str {
        self.text.as_str()
    }

    /// Every dice outcome written after the move, in order.
    #[must_use]
    pub fn dice(&self) -> &[u8] {
        self.extras.as_ref().map_or(&[], |extras| &extras.dice)
    }

    /// Comments, NAGs and side variations after the move, in the order written.
    #[must_use]
    pub fn annotations(&self) -> &[Annotation] {
        self.extras.as_ref().map_or(&[], |extras| &extras.annotations)
    }

    /// The same move at another line (0: not from a file).
    pub fn set_line(&mut self, line: u32) {
        self.line = line;
    }

    /// Replaces the dice outcomes.
    pub fn set_dice(&mut self, dice: Vec<u8>) {
        self.extras_mut().dice = dice;
        self.tidy();
    }

    /// Adds dice outcomes after those already there.
    pub fn extend_dice(&mut self, dice: &[u8]) {
        if !dice.is_empty() {
            self.extras_mut().dice.extend_from_slice(dice);
        }
    }

    /// Runs `read` on the outcomes, for the reader to append to them in place.
    pub(crate) fn with_dice<R>(&mut self, read: impl FnOnce(&mut Vec<u8>) -> R) -> R {
        let result = read(&mut self.extras_mut().dice);
        self.tidy();
        result
    }

    /// Adds an annotation after those already there.
    pub fn push_annotation(&mut self, annotation: Annotation) {
        self.extras_mut().annotations.push(annotation);
    }

    /// Replaces the annotations.
    pub fn set_annotations(&mut self, annotations: Vec<Annotation>) {
        self.extras_mut().annotations = annotations;
        self.tidy();
    }

    fn extras_mut(&mut self) -> &mut Extras {
        self.extras.get_or_insert_with(Box::default)
    }

    /// Drops empty extras, so that equal entries compare equal.
    fn tidy(&mut self) {
        if self.extras.as_ref().is_some_and(|extras| extras.dice.is_empty() && extras.annotations.is_empty()) {
            self.extras = None;
        }
    }

    /// A bare move at `ply`, line 0; `None` if `text` is not a move.
    #[must_use]
    pub fn new(ply: u32, text: &str) -> Option<MoveEntry> {
        let notation = Notation::parse(text).ok()?;
        Some(MoveEntry::read(ply, 0, MoveText::new(text)?, notation))
    }

    /// A move as the reader found it, at `line`, with nothing after it yet; `notation` is
    /// what `text` reads as.
    pub(crate) fn read(ply: u32, line: u32, text: MoveText, notation: Notation) -> MoveEntry {
        MoveEntry { ply, line, text, notation, extras: None }
    }

    /// The comment texts, in order.
    pub fn comments(&self) -> impl Iterator<Item = &str> {
        self.annotations().iter().filter_map(|annotation| match annotation {
            Annotation::Comment(text) => Some(text.as_str()),
            _ => None,
        })
    }

    /// The NAGs, in order.
    pub fn nags(&self) -> impl Iterator<Item = u8> + '_ {
        self.annotations().iter().filter_map(|annotation| match annotation {
            Annotation::Nag(nag) => Some(*nag),
            _ => None,
        })
    }

    /// The side variations' texts, in order.
    pub fn variations(&self) -> impl Iterator<Item = &str> {
        self.annotations().iter().filter_map(|annotation| match annotation {
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
    #[must_use]
    pub fn tag(&self, name: &str) -> Option<&str> {
        self.tags.iter().find(|tag| tag.name == name).map(|tag| tag.value.as_str())
    }

    /// The `[Variant]` tag.
    #[must_use]
    pub fn variant(&self) -> Option<&str> {
        self.tag("Variant")
    }

    /// The `[FEN]` tag: the start position, if not the variant's own.
    #[must_use]
    pub fn fen(&self) -> Option<&str> {
        self.tag("FEN")
    }

    /// The `[Holes]` tag: token squares overriding the variant's default layout.
    #[must_use]
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
    #[must_use]
    pub fn plies(&self) -> usize {
        self.moves.len()
    }
}
