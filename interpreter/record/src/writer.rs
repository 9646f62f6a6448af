//! Writing a [`PgnGame`] as PGN: the seven-tag roster first in its standard order, then the
//! other tags in their order; then the movetext with move numbers, NAGs, `%dice`
//! commands, comments and preserved variations, wrapped at 80 columns; then the result.
//! Only the tags the game has are written (nothing is invented), so that reading the text
//! back gives the same game.

use std::io;

use crate::line_wrap::{wrap_words, Word};
use crate::pgn_game::{Annotation, MoveEntry, PgnGame, TagPair};

const SEVEN_TAG_ROSTER: [&str; 7] = ["Event", "Site", "Date", "Round", "White", "Black", "Result"];

/// The PGN text of one game, ending with a line feed.
///
/// ```
/// use holechess_record::{write_game, PgnReader};
///
/// let read = PgnReader::from_bytes(b"[Variant \"porthole\"]\n1. Nf3>c6 *").games().next();
/// let game = read.expect("one game").expect("readable").game;
/// let text = write_game(&game);
/// assert!(text.contains("[Variant \"porthole\"]") && text.contains("1. Nf3>c6 *"), "{text}");
/// ```
#[must_use]
pub fn write_game(game: &PgnGame) -> String {
    let mut out = String::new();
    write_tags(&game.tags, &mut out);
    if !game.tags.is_empty() {
        out.push('\n');
    }
    wrap_words(&movetext_words(game), &mut out);
    out
}

/// Writes games separated by blank lines.
///
/// # Errors
///
/// The I/O error of `out`.
pub fn write_games<'a>(games: impl IntoIterator<Item = &'a PgnGame>, out: &mut impl io::Write) -> io::Result<()> {
    for (index, game) in games.into_iter().enumerate() {
        if index > 0 {
            out.write_all(b"\n")?;
        }
        out.write_all(write_game(game).as_bytes())?;
    }
    Ok(())
}

/// The order tags are written in: the seven-tag roster's (first of each name), then the
/// others as they come.
pub fn tags_in_export_order(tags: &[TagPair]) -> impl Iterator<Item = &TagPair> {
    let roster = SEVEN_TAG_ROSTER.iter().filter_map(|name| tags.iter().find(|tag| tag.name == *name));
    let others = tags.iter().filter(|tag| !SEVEN_TAG_ROSTER.contains(&tag.name.as_str()));
    roster.chain(others)
}

fn write_tags(tags: &[TagPair], out: &mut String) {
    for tag in tags_in_export_order(tags) {
        out.push('[');
        out.push_str(&tag.name);
        out.push_str(" \"");
        out.push_str(&escape_tag_value(&tag.value));
        out.push_str("\"]\n");
    }
}

fn escape_tag_value(value: &str) -> String {
    value.replace('\\', "\\\\").replace('"', "\\\"")
}

fn movetext_words(game: &PgnGame) -> Vec<Word> {
    let mut words = Vec::with_capacity(game.moves.len() * 2 + 2);
    if !game.start_dice.is_empty() {
        words.push(Word::Plain(dice_comment(&game.start_dice)));
    }
    for comment in &game.opening_comments {
        push_comment(comment, &mut words);
    }
    let mut numbering = MoveNumbering::from_fen(game.fen());
    let mut interrupted = true;
    for entry in &game.moves {
        if let Some(number) = numbering.label(interrupted) {
            words.push(Word::Plain(number));
        }
        push_entry(entry, &mut words);
        interrupted = entry.annotations().iter().any(|annotation| !matches!(annotation, Annotation::Nag(_)));
        numbering.advance();
    }
    if let Some(result) = game.result {
        words.push(Word::Plain(result.as_pgn().to_owned()));
    }
    words
}

fn push_entry(entry: &MoveEntry, words: &mut Vec<Word>) {
    words.push(Word::Plain(entry.text().to_owned()));
    if !entry.dice().is_empty() {
        words.push(Word::Plain(dice_comment(entry.dice())));
    }
    for annotation in entry.annotations() {
        match annotation {
            Annotation::Nag(nag) => words.push(Word::Plain(format!("${nag}"))),
            Annotation::Comment(text) => push_comment(text, words),
            Annotation::Variation(text) => push_bracketed('(', text, ')', words),
        }
    }
}

fn dice_comment(outcomes: &[u8]) -> String {
    let outcomes: Vec<String> = outcomes.iter().map(u8::to_string).collect();
    format!("{{[%dice {}]}}", outcomes.join(" "))
}

/// A `{ }` comment split into words, or a `;` comment if the text holds a `}`.
fn push_comment(text: &str, words: &mut Vec<Word>) {
    if text.contains('}') {
        words.push(Word::RestOfLine(format!(";{text}")));
    } else {
        push_bracketed('{', text, '}', words);
    }
}

fn push_bracketed(open: char, text: &str, close: char, words: &mut Vec<Word>) {
    let mut parts: Vec<String> = text.split(' ').map(str::to_owned).collect();
    parts[0].insert(0, open);
    if let Some(last) = parts.last_mut() {
        last.push(close);
    }
    words.extend(parts.into_iter().map(Word::Plain));
}

/// Move numbers: `N.` before White's move, `N...` before Black's when it opens the
/// movetext or follows a comment or variation.
struct MoveNumbering {
    number: u32,
    black_to_move: bool,
}

impl MoveNumbering {
    /// Starts from the FEN's side to move (2nd field) and move number (6th field).
    fn from_fen(fen: Option<&str>) -> MoveNumbering {
        let fields: Vec<&str> = fen.map_or(Vec::new(), |fen| fen.split_whitespace().collect());
        MoveNumbering {
            number: fields.get(5).and_then(|field| field.parse().ok()).filter(|&number| number > 0).unwrap_or(1),
            black_to_move: fields.get(1) == Some(&"b"),
        }
    }

    fn label(&self, interrupted: bool) -> Option<String> {
        match (self.black_to_move, interrupted) {
            (false, _) => Some(format!("{}.", self.number)),
            (true, true) => Some(format!("{}...", self.number)),
            (true, false) => None,
        }
    }

    fn advance(&mut self) {
        if self.black_to_move {
            self.number += 1;
        }
        self.black_to_move = !self.black_to_move;
    }
}
