//! Move notation: long algebraic (`e2e4`, `e7e8q`, castling as the king's move `e1g1`,
//! transits `e1d2>f5`, intent `@`, teleport `@a4`, pass `--`, drops `P@e4`) and SAN (`Nf3`,
//! `exd5`, `e8=Q`, `O-O`, `Kd2>f5`, drops `N@f3`). Writing is here; reading is one reader for every caller (the
//! REPL, the game layer, record validation): [`text`] parses a token without a board, and
//! [`resolve()`] finds the legal move it names, or [`explain_illegal`] says why there is none
//! (the pin, the blocker, the check, the free exits, the board in play). [`checks`](mod@checks) names
//! who gives check and by what route; [`forgiving`] reads a player's typing in any case.

use std::fmt;

pub(crate) mod bit_san;
pub mod boards;
mod candidates;
mod castling;
pub mod checks;
mod drops;
mod elsewhere;
mod fast_san;
pub mod forgiving;
mod king_safety;
mod named_first;
mod obstacle;
pub mod resolve;
pub mod text;
pub mod transit;

pub use boards::strip_board_names;
pub use candidates::{resolve_candidates, Candidates};
pub use checks::{check_line, checks, Check};
pub use fast_san::resolve_piece_move;
pub use forgiving::{read_forgiving, Forgiving};
pub use resolve::{explain_illegal, explain_move, resolve, Resolved};
pub use text::{Action, BoardMove, CastleSide, CheckMark, Notation, SpecialText, TextError};
pub use transit::{transit_choices, transit_choices_for};

use crate::geometry::Square;
use crate::moves::{Move, MoveList};
use crate::position::Position;

/// Why a move text does not name a legal move.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
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
///
/// ```
/// use holechess_kernel::notation::{lan, parse_move};
/// use holechess_kernel::Position;
/// # let chess = holechess_testkit::orthodox();
/// let pos = Position::start(&chess);
/// assert_eq!(lan(&pos, parse_move(&pos, "Nf3").unwrap()), "g1f3");
/// ```
#[must_use]
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
        Move::Special { id } => special_notation(pos, id),
        Move::Drop { piece, to } => drops::drop_text(pos, piece, to),
    }
}

/// How a special move is written (the same in SAN and long algebraic notation).
fn special_notation(pos: &Position, id: u32) -> String {
    pos.special_move(id).map_or_else(|| format!("special#{id}"), |mv| mv.notation().to_string())
}

/// Standard algebraic notation of a legal move of `pos`, with `+` or `#`. A move that is
/// not legal in `pos` has no SAN: it is written [`ILLEGAL_SAN`] (see [`try_san`]).
///
/// ```
/// use holechess_kernel::notation::{parse_move, san};
/// use holechess_kernel::Position;
/// # let chess = holechess_testkit::orthodox();
/// let pos = Position::start(&chess);
/// assert_eq!(san(&pos, parse_move(&pos, "g1f3").unwrap()), "Nf3");
/// ```
#[must_use]
pub fn san(pos: &Position, mv: Move) -> String {
    try_san(pos, mv).unwrap_or_else(|_| ILLEGAL_SAN.to_string())
}

/// What [`san`] writes for a move that is not legal in the position.
pub const ILLEGAL_SAN: &str = "(illegal)";

/// Standard algebraic notation of `mv`, or the error when it is not legal in `pos`.
///
/// # Errors
///
/// [`crate::PlayError::Illegal`] when `mv` is not legal in `pos`.
pub fn try_san(pos: &Position, mv: Move) -> Result<String, crate::error::PlayError> {
    let legal = pos.legal_moves();
    if !legal.contains(&mv) {
        return Err(crate::error::PlayError::Illegal(mv));
    }
    let mut text = san_without_suffix(pos, mv, &legal);
    let mut after = pos.clone_without_history();
    after.play_unchecked(mv);
    if after.is_check() {
        text.push(if after.legal_moves().is_empty() { '#' } else { '+' });
    }
    Ok(text)
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
        Move::Special { id } => special_notation(pos, id),
        Move::Drop { piece, to } => drops::drop_text(pos, piece, to),
        _ => {
            let from = mv.from().expect("piece moves have an origin");
            let target = san_target(mv);
            let piece = pos.piece_at(from).expect("a move starts from a piece");
            let spec = variant.piece(piece.kind);
            let capture = is_capture(pos, mv);
            let mut text = String::new();
            if spec.pawn {
                if pawn_rival_on_file(pos, mv, legal) {
                    text.push(g.file_label(from));
                    text.push_str(&(g.rank_of(from) + 1).to_string());
                    if capture {
                        text.push('x');
                    }
                } else if capture || g.file_of(target) != g.file_of(from) {
                    text.push(g.file_label(from));
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
    let file = g.file_label(from);
    if rivals.iter().all(|&r| g.file_of(r) != g.file_of(from)) {
        return file.to_string();
    }
    let rank = (g.rank_of(from) + 1).to_string();
    if rivals.iter().all(|&r| g.rank_of(r) != g.rank_of(from)) {
        return rank;
    }
    format!("{file}{rank}")
}

/// Whether another pawn on the file of `mv`'s pawn has a legal move to the same square (and
/// exit): a board with holes or wormholes lets two pawns of one file reach one square. SAN
/// reads a pawn move as one from the file it names (or, without a file, the target's), so
/// such a move names its origin square in full (`a5a8=Q`, `a3xb2`), as long algebraic does.
fn pawn_rival_on_file(pos: &Position, mv: Move, legal: &MoveList) -> bool {
    let g = pos.geometry();
    let Some(from) = mv.from() else { return false };
    legal.iter().any(|&m| {
        m.from().is_some_and(|origin| origin != from && g.file_of(origin) == g.file_of(from))
            && matches!(
                m,
                Move::Normal { .. } | Move::DoubleStep { .. } | Move::EnPassant { .. } | Move::Transit { .. }
            )
            && m.from().and_then(|f| pos.piece_at(f)).is_some_and(|p| pos.variant().piece(p.kind).pawn)
            && san_target(m) == san_target(mv)
            && exit_of(m) == exit_of(mv)
    })
}

fn exit_of(mv: Move) -> Option<Square> {
    match mv {
        Move::Transit { exit, .. } => Some(exit),
        _ => None,
    }
}

/// Reads a move in any notation a player or record may use: SAN (`Nf3`, `exd5`, `e8=Q`,
/// `O-O`, `0-0`), long algebraic (`g1f3`, `e7e8q`, castling `e1g1` or `e1h1`), transits
/// (`e1d2>f5`, `Kd2>f5`) and the two-board actions (`@`, `@a4`, `--`); suffixes `+ # ! ?`
/// are ignored. A SAN pawn move without a from-file stays on its file.
///
/// # Errors
///
/// A [`NotationError`] when `text` is not a move's notation, names no legal move, or fits more than one.
///
/// ```
/// use holechess_kernel::notation::parse_move;
/// use holechess_kernel::Position;
/// # let chess = holechess_testkit::orthodox();
/// let pos = Position::start(&chess);
/// assert_eq!(parse_move(&pos, "e2-e4").unwrap(), parse_move(&pos, "e4").unwrap());
/// assert!(parse_move(&pos, "e5").is_err());
/// ```
pub fn parse_move(pos: &Position, text: &str) -> Result<Move, NotationError> {
    let clean = text.trim().trim_end_matches(['!', '?']);
    let notation = Notation::parse(clean).map_err(|_| NotationError::Malformed(text.trim().to_string()))?;
    let mut legal = MoveList::new();
    match resolve_candidates(&mut pos.clone(), &notation, &mut legal) {
        Candidates::One(mv) => Ok(mv),
        Candidates::Unresolved => parse_move_in(pos, text, &legal),
    }
}

/// [`parse_move`] with the legal moves already generated.
///
/// # Errors
///
/// As [`parse_move`].
pub fn parse_move_in(pos: &Position, text: &str, legal: &MoveList) -> Result<Move, NotationError> {
    let clean = text.trim().trim_end_matches(['!', '?']);
    let notation = Notation::parse(clean).map_err(|_| NotationError::Malformed(text.trim().to_string()))?;
    match resolve(pos, legal, &notation) {
        Resolved::One(mv) => Ok(mv),
        Resolved::None => Err(NotationError::Illegal(clean.to_string())),
        Resolved::Ambiguous(options) => Err(NotationError::Ambiguous(clean.to_string(), options)),
    }
}

/// [`parse_move`], kept under the name callers reading SAN expect.
///
/// # Errors
///
/// As [`parse_move`].
///
/// ```
/// use holechess_kernel::notation::{parse_san, san};
/// use holechess_kernel::Position;
///
/// let chess = holechess_testkit::orthodox();
/// let pos = Position::start(&chess);
/// let knight = parse_san(&pos, "Nf3").expect("a legal move");
/// assert_eq!(san(&pos, knight), "Nf3");
/// assert!(parse_san(&pos, "Nf4").is_err());
/// ```
pub fn parse_san(pos: &Position, text: &str) -> Result<Move, NotationError> {
    parse_move(pos, text)
}

/// [`parse_move_in`], kept under the name callers reading SAN expect.
///
/// # Errors
///
/// As [`parse_move`].
pub fn parse_san_in(pos: &Position, text: &str, legal: &MoveList) -> Result<Move, NotationError> {
    parse_move_in(pos, text, legal)
}

/// [`parse_move`], kept under the name callers reading long algebraic expect.
///
/// # Errors
///
/// As [`parse_move`].
pub fn parse_lan(pos: &Position, text: &str) -> Result<Move, NotationError> {
    parse_move(pos, text)
}
