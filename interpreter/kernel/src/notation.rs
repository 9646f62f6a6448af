//! Move notation: long algebraic (`e2e4`, `e7e8q`, castling as the king's move `e1g1`,
//! transits `e1d2>f5`, intent `@`, teleport `@a4`, pass `--`) and SAN (`Nf3`, `exd5`,
//! `e8=Q`, `O-O`, `Kd2>f5`), both written and read against a position's legal moves.

use std::fmt;

use crate::geometry::{parse_coordinates, Square};
use crate::moves::{Move, MoveList};
use crate::position::Position;

/// Why a move text does not name a legal move.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum NotationError {
    /// The text is not a move in any notation the kernel reads.
    Malformed(String),
    /// It reads as a move, but no legal move matches.
    Illegal(String),
    /// Several legal moves match (SAN without enough disambiguation).
    Ambiguous(String, Vec<String>),
}

impl fmt::Display for NotationError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            NotationError::Malformed(t) => write!(f, "'{t}' is not a move in SAN or long algebraic notation"),
            NotationError::Illegal(t) => write!(f, "{t} is not a legal move here"),
            NotationError::Ambiguous(t, options) => write!(f, "{t} is ambiguous: it could be {}", options.join(" or ")),
        }
    }
}

impl std::error::Error for NotationError {}

/// Long algebraic notation of a legal move of `pos`.
pub fn lan(pos: &Position, mv: Move) -> String {
    let g = pos.geometry();
    let promo =
        |p: Option<u8>| p.map(|k| pos.variant().piece(k).letter.to_ascii_lowercase().to_string()).unwrap_or_default();
    match mv {
        Move::Normal { from, to, promotion } => format!("{}{}{}", g.name(from), g.name(to), promo(promotion)),
        Move::DoubleStep { from, to, .. } | Move::EnPassant { from, to } => format!("{}{}", g.name(from), g.name(to)),
        Move::Castle { king, rook } => {
            let (kd, _) = pos.castle_destinations(pos.side_to_move(), king, rook);
            if kd == king {
                format!("{}{}", g.name(king), g.name(rook))
            } else {
                format!("{}{}", g.name(king), g.name(kd))
            }
        }
        Move::Transit { from, entry, exit, promotion } => {
            format!("{}{}>{}{}", g.name(from), g.name(entry), g.name(exit), promo(promotion))
        }
        Move::Teleport { from, .. } => format!("@{}", g.name(from)),
        Move::Intent => "@".to_string(),
        Move::Pass => "--".to_string(),
    }
}

/// Reads long algebraic notation against the legal moves of `pos`.
pub fn parse_lan(pos: &Position, text: &str) -> Result<Move, NotationError> {
    let legal = pos.legal_moves();
    let wanted = text.trim();
    if !looks_like_lan(wanted) {
        return Err(NotationError::Malformed(wanted.to_string()));
    }
    find_by_text(pos, &legal, wanted, lan).or_else(|_| {
        // Castling may also be written king-takes-rook.
        legal
            .iter()
            .copied()
            .find(|&m| matches!(m, Move::Castle { king, rook } if format!("{}{}", pos.geometry().name(king), pos.geometry().name(rook)) == wanted))
            .ok_or_else(|| NotationError::Illegal(wanted.to_string()))
    })
}

fn looks_like_lan(text: &str) -> bool {
    if text == "@" || text == "--" {
        return true;
    }
    if let Some(sq) = text.strip_prefix('@') {
        return parse_coordinates(sq).is_some();
    }
    let (main, exit) = match text.split_once('>') {
        Some((m, e)) => (m, Some(e)),
        None => (text, None),
    };
    let squares = split_squares(main);
    squares.is_some_and(|(a, b, rest)| {
        let _ = (a, b);
        rest.len() <= 1 && rest.chars().all(|c| c.is_ascii_alphabetic())
    }) && exit.is_none_or(|e| {
        let e = e.trim_end_matches(|c: char| c.is_ascii_alphabetic() && !c.is_ascii_digit());
        parse_coordinates(e).is_some() || split_exit_promo(e).is_some()
    })
}

/// File and rank, zero-based.
type Coordinates = (u8, u8);

/// `e2e4q` -> ((4,1), (4,3), "q").
fn split_squares(text: &str) -> Option<(Coordinates, Coordinates, &str)> {
    let second = text.char_indices().skip(1).find(|&(_, c)| c.is_ascii_lowercase())?.0;
    let first = parse_coordinates(&text[..second])?;
    let rest = &text[second..];
    let end = rest.char_indices().skip(1).find(|&(_, c)| !c.is_ascii_digit()).map_or(rest.len(), |(i, _)| i);
    let to = parse_coordinates(&rest[..end])?;
    Some((first, to, &rest[end..]))
}

fn split_exit_promo(text: &str) -> Option<(u8, u8)> {
    let end = text.char_indices().skip(1).find(|&(_, c)| !c.is_ascii_digit()).map_or(text.len(), |(i, _)| i);
    parse_coordinates(&text[..end])
}

fn find_by_text(
    pos: &Position,
    legal: &MoveList,
    wanted: &str,
    render: impl Fn(&Position, Move) -> String,
) -> Result<Move, NotationError> {
    legal.iter().copied().find(|&m| render(pos, m) == wanted).ok_or_else(|| NotationError::Illegal(wanted.to_string()))
}

/// Standard algebraic notation of a legal move of `pos`, with `+` or `#`.
pub fn san(pos: &Position, mv: Move) -> String {
    let mut text = san_without_suffix(pos, mv, &pos.legal_moves());
    let mut after = pos.clone();
    after.play(mv);
    if after.is_check() {
        text.push(if after.legal_moves().is_empty() { '#' } else { '+' });
    }
    text
}

fn san_without_suffix(pos: &Position, mv: Move, legal: &MoveList) -> String {
    let g = pos.geometry();
    let variant = pos.variant();
    let promo = |p: Option<u8>| p.map(|k| format!("={}", variant.piece(k).letter)).unwrap_or_default();
    match mv {
        Move::Castle { king, rook } => {
            if g.file_of(rook) > g.file_of(king) {
                "O-O".to_string()
            } else {
                "O-O-O".to_string()
            }
        }
        Move::Intent => "@".to_string(),
        Move::Pass => "--".to_string(),
        Move::Teleport { from, .. } => format!("@{}", g.name(from)),
        _ => {
            let from = mv.from().expect("piece moves have an origin");
            let target = san_target(mv);
            let piece = pos.piece_at(from).expect("a move starts from a piece");
            let spec = variant.piece(piece.kind);
            let capture = is_capture(pos, mv);
            let mut text = String::new();
            if spec.pawn {
                if capture || g.file_of(target) != g.file_of(from) {
                    text.push((b'a' + g.file_of(from)) as char);
                    text.push('x');
                }
            } else {
                text.push(spec.letter);
                text.push_str(&disambiguation(pos, mv, legal));
                if capture {
                    text.push('x');
                }
            }
            text.push_str(&g.name(target));
            if let Move::Transit { exit, .. } = mv {
                text.push('>');
                text.push_str(&g.name(exit));
            }
            text.push_str(&promo(mv.promotion()));
            text
        }
    }
}

/// The square SAN names as the destination: the entry square for a transit.
fn san_target(mv: Move) -> Square {
    match mv {
        Move::Transit { entry, .. } => entry,
        other => other.to().expect("piece moves have a destination"),
    }
}

fn is_capture(pos: &Position, mv: Move) -> bool {
    match mv {
        Move::EnPassant { .. } => true,
        Move::Normal { to, .. } | Move::Teleport { to, .. } => pos.piece_at(to).is_some(),
        Move::Transit { entry, .. } => pos.piece_at(entry).is_some(),
        _ => false,
    }
}

/// File, rank or both, as SAN needs to tell `mv` from the other moves of the same kind of
/// piece to the same square (and the same exit).
fn disambiguation(pos: &Position, mv: Move, legal: &MoveList) -> String {
    let g = pos.geometry();
    let from = mv.from().expect("piece move");
    let kind = pos.piece_at(from).map(|p| p.kind);
    let rivals: Vec<Square> = legal
        .iter()
        .copied()
        .filter(|&m| {
            m != mv
                && m.from() != Some(from)
                && !matches!(m, Move::Castle { .. })
                && m.from().and_then(|f| pos.piece_at(f)).map(|p| p.kind) == kind
                && san_target(m) == san_target(mv)
                && exit_of(m) == exit_of(mv)
        })
        .filter_map(|m| m.from())
        .collect();
    if rivals.is_empty() {
        return String::new();
    }
    let file = (b'a' + g.file_of(from)) as char;
    if rivals.iter().all(|&r| g.file_of(r) != g.file_of(from)) {
        return file.to_string();
    }
    let rank = (g.rank_of(from) + 1).to_string();
    if rivals.iter().all(|&r| g.rank_of(r) != g.rank_of(from)) {
        return rank;
    }
    format!("{file}{rank}")
}

fn exit_of(mv: Move) -> Option<Square> {
    match mv {
        Move::Transit { exit, .. } => Some(exit),
        _ => None,
    }
}

/// Reads SAN (also `0-0`, suffixes `+ # ! ?` ignored) against the legal moves of `pos`.
/// A pawn move without a from-file stays on its file.
pub fn parse_san(pos: &Position, text: &str) -> Result<Move, NotationError> {
    let legal = pos.legal_moves();
    parse_san_in(pos, text, &legal)
}

/// [`parse_san`] with the legal moves already generated.
pub fn parse_san_in(pos: &Position, text: &str, legal: &MoveList) -> Result<Move, NotationError> {
    let clean = text.trim().trim_end_matches(['+', '#', '!', '?']);
    let parsed = SanParts::read(clean).ok_or_else(|| NotationError::Malformed(text.trim().to_string()))?;
    let matches: Vec<Move> = legal.iter().copied().filter(|&m| parsed.matches(pos, m)).collect();
    match matches.as_slice() {
        [one] => Ok(*one),
        [] => Err(NotationError::Illegal(clean.to_string())),
        many => {
            let options = many.iter().map(|&m| san_without_suffix(pos, m, legal)).collect();
            Err(NotationError::Ambiguous(clean.to_string(), options))
        }
    }
}

/// Reads a move in either notation: long algebraic first, then SAN.
pub fn parse_move(pos: &Position, text: &str) -> Result<Move, NotationError> {
    let legal = pos.legal_moves();
    let wanted = text.trim().trim_end_matches(['+', '#', '!', '?']);
    if looks_like_lan(wanted) {
        if let Ok(mv) = find_by_text(pos, &legal, wanted, lan) {
            return Ok(mv);
        }
        if let Some(mv) = legal.iter().copied().find(|&m| {
            matches!(m, Move::Castle { king, rook } if format!("{}{}", pos.geometry().name(king), pos.geometry().name(rook)) == wanted)
        }) {
            return Ok(mv);
        }
    }
    match parse_san_in(pos, text, &legal) {
        Err(NotationError::Malformed(_)) if looks_like_lan(wanted) => Err(NotationError::Illegal(wanted.to_string())),
        other => other,
    }
}

/// The parts of a SAN move.
#[derive(Debug, Default)]
struct SanParts {
    castle: Option<bool>,
    special: Option<String>,
    piece: Option<char>,
    from_file: Option<u8>,
    from_rank: Option<u8>,
    to: (u8, u8),
    exit: Option<(u8, u8)>,
    promotion: Option<char>,
}

impl SanParts {
    fn read(text: &str) -> Option<SanParts> {
        match text {
            "O-O" | "0-0" => return Some(SanParts { castle: Some(true), ..Default::default() }),
            "O-O-O" | "0-0-0" => return Some(SanParts { castle: Some(false), ..Default::default() }),
            "@" | "--" => return Some(SanParts { special: Some(text.to_string()), ..Default::default() }),
            _ => {}
        }
        if let Some(sq) = text.strip_prefix('@') {
            parse_coordinates(sq)?;
            return Some(SanParts { special: Some(text.to_string()), ..Default::default() });
        }
        let (main, exit_part) = match text.split_once('>') {
            Some((m, e)) => (m, Some(e)),
            None => (text, None),
        };
        let mut parts = SanParts::default();
        let mut body = main;
        if let Some(first) = body.chars().next().filter(|c| c.is_ascii_uppercase()) {
            parts.piece = Some(first);
            body = &body[1..];
        }
        let (body, promo) = split_promotion(body);
        parts.promotion = promo;
        let body = body.replace(['x', ':', '-'], "");
        let to_start = body.char_indices().rev().find(|&(_, c)| c.is_ascii_lowercase())?.0;
        parts.to = parse_coordinates(&body[to_start..])?;
        let prefix = &body[..to_start];
        for c in prefix.chars() {
            match c {
                'a'..='p' if parts.from_file.is_none() => parts.from_file = Some(c as u8 - b'a'),
                '0'..='9' => parts.from_rank = Some(parts.from_rank.unwrap_or(0) * 10 + (c as u8 - b'0')),
                _ => return None,
            }
        }
        if let Some(r) = parts.from_rank {
            if r == 0 {
                return None;
            }
            parts.from_rank = Some(r - 1);
        }
        if let Some(e) = exit_part {
            let (e, promo) = split_promotion(e);
            if promo.is_some() {
                parts.promotion = promo;
            }
            parts.exit = Some(parse_coordinates(&e)?);
        }
        Some(parts)
    }

    fn matches(&self, pos: &Position, mv: Move) -> bool {
        let g = pos.geometry();
        if let Some(short) = self.castle {
            return matches!(mv, Move::Castle { king, rook } if (g.file_of(rook) > g.file_of(king)) == short);
        }
        if let Some(special) = &self.special {
            return san_without_suffix(pos, mv, &MoveList::new()) == *special;
        }
        if matches!(mv, Move::Castle { .. } | Move::Intent | Move::Pass | Move::Teleport { .. }) {
            return false;
        }
        let from = mv.from().expect("piece move");
        let Some(piece) = pos.piece_at(from) else { return false };
        let spec = pos.variant().piece(piece.kind);
        let letter_ok = match self.piece {
            Some(l) => !spec.pawn && spec.letter == l,
            None => spec.pawn,
        };
        let target = san_target(mv);
        let target_ok = (g.file_of(target), g.rank_of(target)) == self.to;
        let exit_ok = match (self.exit, exit_of(mv)) {
            (None, None) => true,
            (Some(want), Some(e)) => (g.file_of(e), g.rank_of(e)) == want,
            _ => false,
        };
        // A pawn move without a from-file stays on its file.
        let pawn_file = if spec.pawn && self.from_file.is_none() { Some(g.file_of(target)) } else { self.from_file };
        let file_ok = pawn_file.is_none_or(|f| g.file_of(from) == f);
        let rank_ok = self.from_rank.is_none_or(|r| g.rank_of(from) == r);
        let promo_ok = match (self.promotion, mv.promotion()) {
            (None, None) => true,
            (Some(c), Some(k)) => pos.variant().piece(k).letter == c.to_ascii_uppercase(),
            _ => false,
        };
        letter_ok && target_ok && exit_ok && file_ok && rank_ok && promo_ok
    }
}

/// `e8=Q` / `e8Q` / `e8(Q)` -> ("e8", Some('Q')).
fn split_promotion(text: &str) -> (String, Option<char>) {
    let t = text.trim_end_matches(')');
    if let Some((body, p)) = t.split_once('=') {
        return (body.to_string(), p.chars().next());
    }
    if let Some((body, p)) = t.split_once('(') {
        return (body.to_string(), p.chars().next());
    }
    match t.chars().last() {
        Some(c) if c.is_ascii_uppercase() && t.len() > 1 => (t[..t.len() - 1].to_string(), Some(c)),
        _ => (t.to_string(), None),
    }
}
