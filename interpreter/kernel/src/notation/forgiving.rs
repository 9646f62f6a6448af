//! A move as a player types it, read as common chess programs read it: any letter case
//! where it is unambiguous (`nf3`, `kE2`, `NF3`), castling with letters or zeros in either
//! case (`o-o`, `0-0-0`), annotations after the move (`!?`, `??`), and `e.p.` after an en
//! passant capture. A lower-case letter that is both a file and a piece (`bc4`) is read
//! both ways; when both readings are legal the player is asked which. Records are read
//! strictly by [`super::parse_move`]; only player input comes here, and only after the
//! strict reading has failed, so legal moves typed as records write them cost nothing more.

use super::{parse_move, Notation};
use crate::moves::Move;
use crate::position::Position;

/// What a typed move can mean here.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Forgiving {
    /// One legal move, whichever reading names it.
    One(Move),
    /// Several readings name different legal moves: each with the spelling that names it.
    Several(Vec<(String, Move)>),
    /// No reading names a legal move: the spellings tried, the most likely first.
    None(Vec<String>),
}

/// Reads `typed` leniently against the legal moves of `pos`.
#[must_use]
pub fn read_forgiving(pos: &Position, typed: &str) -> Forgiving {
    let spellings = spellings(pos, typed);
    let mut found: Vec<(String, Move)> = Vec::new();
    for spelling in &spellings {
        if let Ok(mv) = parse_move(pos, spelling) {
            if !found.iter().any(|(_, other)| *other == mv) {
                found.push((spelling.clone(), mv));
            }
        }
    }
    match found.len() {
        0 => Forgiving::None(spellings),
        1 => Forgiving::One(found[0].1),
        _ => Forgiving::Several(found),
    }
}

/// The spellings `typed` may stand for, in the order they are tried: castling written
/// the standard way, the text without annotations, then with a lower-case piece letter
/// made upper-case (the rest in lower case). Only spellings that parse are kept.
#[must_use]
pub fn spellings(pos: &Position, typed: &str) -> Vec<String> {
    let bare = without_annotations(typed);
    let mut out: Vec<String> = Vec::new();
    let add = |out: &mut Vec<String>, text: String| {
        if Notation::parse(&text).is_ok() && !out.contains(&text) {
            out.push(text);
        }
    };
    if let Some(castle) = castling(&bare) {
        add(&mut out, castle);
        return out;
    }
    let (body, mark) = split_mark(&bare);
    let mut chars = body.chars();
    let Some(first) = chars.next() else { return out };
    let rest: String = chars.as_str().to_ascii_lowercase();
    let upper = first.to_ascii_uppercase();
    let is_piece = pos.variant().piece_by_letter(upper).is_some_and(|kind| !pos.variant().piece(kind).pawn);
    if first.is_ascii_lowercase() && is_piece {
        // `nf3` is the knight; `bc4` is the bishop, or the b-pawn taking on c4 (`bxc4`).
        add(&mut out, format!("{upper}{rest}{mark}"));
        if is_file_letter(pos, first) {
            add(&mut out, bare.clone());
        }
    } else {
        add(&mut out, bare.clone());
        if is_piece {
            add(&mut out, format!("{first}{rest}{mark}"));
        }
        // `E4`, `B4`: no piece reading parses, so the letter is a file.
        if out.is_empty() {
            add(&mut out, format!("{}{mark}", body.to_ascii_lowercase()));
        }
    }
    out
}

/// Whether `letter` names a file of one of the boards (`a`..`h`; `e`..`h` on a board shown
/// with those letters).
fn is_file_letter(pos: &Position, letter: char) -> bool {
    let g = pos.geometry();
    let index = u32::from(letter) - u32::from('a');
    (0..g.boards()).any(|board| {
        let first = u32::from(g.first_file(board));
        (first..first + u32::from(g.files)).contains(&index)
    })
}

/// `e4!?` → `e4`, `exd6 e.p.` → `exd6`, `Nf3 ?!` → `Nf3`: the move without what a player
/// or a book writes after it.
#[must_use]
pub fn without_annotations(typed: &str) -> String {
    let mut text = typed.trim().to_owned();
    loop {
        let before = text.len();
        text = text.trim_end_matches(['!', '?']).trim_end().to_owned();
        for suffix in ["e.p.", "e.p", "ep"] {
            if text.len() > suffix.len() + 2 && text.to_ascii_lowercase().ends_with(suffix) {
                text.truncate(text.len() - suffix.len());
                text = text.trim_end().to_owned();
            }
        }
        if text.len() == before {
            return text;
        }
    }
}

/// `o-o`, `0-0`, `O-O-O+` in any case, written `O-O` or `O-O-O` (with the mark).
fn castling(text: &str) -> Option<String> {
    let (body, mark) = split_mark(text);
    let normal: String = body.chars().map(|c| if matches!(c, 'o' | '0') { 'O' } else { c }).collect();
    match normal.as_str() {
        "O-O" | "O-O-O" => Some(format!("{normal}{mark}")),
        _ => None,
    }
}

/// The text and its `+`, `#` or `++` mark.
fn split_mark(text: &str) -> (&str, &str) {
    let body = text.trim_end_matches(['+', '#']);
    (body, &text[body.len()..])
}
