//! Which legal move a [`Notation`] names, decided against the position's legal
//! moves without rendering any text (so replaying a game allocates almost nothing).
//!
//! SAN (`Nf3`, `exd5`, `e8=Q`, `O-O`), long algebraic (`g1f3`, `e1g1` or king-takes-rook
//! `e1h1` for castling) and transits (`e1d2>f5`, `Kd2>f5`) are read as docs/rules.md, "Game
//! records" says: a SAN pawn move without a from-file stays on its file, a transit must
//! name its exit and a non-transit must not. The `x` capture mark and `+`/`#` are not
//! checked. When nothing matches, [`explain_illegal`] says why in a few words.

use super::castling;
use super::checks;
use super::elsewhere;
use super::king_safety;
use super::obstacle;
use super::san;
use super::text::{Action, BoardMove, CastleSide, Notation, Square};
use super::transit;
use crate::moves::{Move, MoveList};
use crate::position::Position;

/// How a notation matched the legal moves.
#[derive(Debug)]
pub enum Resolved {
    /// Exactly this legal move.
    One(Move),
    /// No legal move.
    None,
    /// Several moves match: their SAN.
    Ambiguous(Vec<String>),
}

/// The legal move `notation` names in `pos`, given its legal moves.
#[must_use]
pub fn resolve(pos: &Position, legal: &MoveList, notation: &Notation) -> Resolved {
    let notation = &localised(pos, notation);
    let target = Target::of(pos, &notation.action);
    let mut found: Option<Move> = None;
    let mut count = 0;
    for &mv in legal.iter() {
        if target.may_be(mv) && matches_action(pos, mv, &notation.action) {
            count += 1;
            found.get_or_insert(mv);
        }
    }
    match (count, found) {
        (1, Some(mv)) => Resolved::One(mv),
        (0, _) => Resolved::None,
        _ => Resolved::Ambiguous(
            legal.iter().filter(|&&mv| matches_action(pos, mv, &notation.action)).map(|&mv| san(pos, mv)).collect(),
        ),
    }
}

/// A quick first filter: the square a board move names, compared before anything else.
struct Target(Option<crate::geometry::Square>);

impl Target {
    fn of(pos: &Position, action: &Action) -> Target {
        match action {
            Action::Move(board_move) => Target(kernel_square(pos, board_move.to)),
            _ => Target(None),
        }
    }

    /// False only when `mv` surely does not go to the named square (castling may be
    /// written as a king move to either of two squares: it always passes).
    fn may_be(&self, mv: Move) -> bool {
        let Some(to) = self.0 else { return true };
        match mv {
            Move::Transit { entry, .. } => entry == to,
            Move::Castle { .. } => true,
            other => other.to().is_none_or(|square| square == to),
        }
    }
}

/// Whether `mv` is a move `action` names (the whole test; [`Target`] only filters first).
pub(super) fn matches_action(pos: &Position, mv: Move, action: &Action) -> bool {
    match (action, mv) {
        (Action::Castle(side), Move::Castle { king, rook }) => {
            let g = pos.geometry();
            (g.file_of(rook) > g.file_of(king)) == (*side == CastleSide::King)
        }
        (Action::Move(board_move), Move::Castle { king, rook }) => castle_as_king_move(pos, board_move, king, rook),
        (Action::Move(_), Move::Intent | Move::Pass | Move::Teleport { .. } | Move::Drop { .. }) => false,
        (Action::Drop { piece, to }, _) => super::drops::drop_matches(pos, mv, *piece, *to),
        (Action::Move(board_move), _) => board_move_matches(pos, mv, board_move),
        (Action::Intent, Move::Intent) | (Action::Pass, Move::Pass) => true,
        (Action::Special(text), Move::Special { id }) => {
            pos.special_move(id).is_some_and(|special| special.notation() == text.as_str())
        }
        // A teleport's origin lies on the other board (HP4): only file and rank are written.
        (Action::Teleport { from }, Move::Teleport { from: origin, .. }) => {
            let g = pos.geometry();
            g.file_of(origin) == from.file && g.rank_of(origin) == from.rank
        }
        _ => false,
    }
}

/// `notation` with every file counted on its board: on a board shown with other file letters
/// (`B files e..h`) both its letters and the board's own (`a..d`) are read (see
/// [`crate::geometry::Geometry::local_file`]). The same notation on other boards.
pub(super) fn localised(pos: &Position, notation: &Notation) -> Notation {
    let g = pos.geometry();
    if g.first_files.iter().all(|&first| first == 0) {
        return *notation;
    }
    let board = pos.board_to_move().unwrap_or(0);
    let on = |board: usize, square: Square| Square { file: g.local_file(board, square.file), ..square };
    let action = match notation.action {
        Action::Move(mv) => Action::Move(BoardMove {
            from_file: mv.from_file.map(|file| g.local_file(board, file)),
            to: on(board, mv.to),
            exit: mv.exit.map(|exit| on(board, exit)),
            ..mv
        }),
        // The piece teleports from the other board (HP4).
        Action::Teleport { from } => Action::Teleport { from: on((board + 1) % g.boards(), from) },
        other => other,
    };
    Notation { action, ..*notation }
}

/// Long algebraic castling: the king's move to its destination, or onto its rook.
fn castle_as_king_move(
    pos: &Position,
    board_move: &BoardMove,
    king: crate::geometry::Square,
    rook: crate::geometry::Square,
) -> bool {
    let (Some(file), Some(rank)) = (board_move.from_file, board_move.from_rank) else {
        return false;
    };
    if board_move.exit.is_some() || board_move.promotion.is_some() {
        return false;
    }
    if !matches!(board_move.piece, None | Some(b'K')) {
        return false;
    }
    let from = Square { file, rank };
    let destination = king_destination(pos, king, rook);
    same_square(pos, king, from)
        && (same_square(pos, destination, board_move.to) || same_square(pos, rook, board_move.to))
}

/// Where the king lands when castling with `rook` (the orthodox files g and c on 8 files).
fn king_destination(
    pos: &Position,
    king: crate::geometry::Square,
    rook: crate::geometry::Square,
) -> crate::geometry::Square {
    let g = pos.geometry();
    let short = g.file_of(rook) > g.file_of(king);
    let castling = pos.variant().spec().rules.castling.as_ref();
    let file = match (castling, short) {
        (Some(spec), true) => spec.king_file_short,
        (Some(spec), false) => spec.king_file_long,
        (None, _) => g.file_of(king),
    };
    g.square(g.board_of(king), file, g.rank_of(king))
}

pub(super) fn board_move_matches(pos: &Position, mv: Move, wanted: &BoardMove) -> bool {
    let Some(from) = mv.from() else { return false };
    let Some(piece) = pos.piece_at(from) else {
        return false;
    };
    let (target, exit) = match mv {
        Move::Transit { entry, exit, .. } => (entry, Some(exit)),
        other => (other.to().unwrap_or(from), None),
    };
    if !same_square(pos, target, wanted.to) {
        return false;
    }
    match (exit, wanted.exit) {
        (None, None) => {}
        (Some(exit), Some(want)) if same_square(pos, exit, want) => {}
        _ => return false,
    }
    let g = pos.geometry();
    let spec = pos.variant().piece(piece.kind);
    let long_algebraic = wanted.piece.is_none() && wanted.from_rank.is_some();
    let letter_ok = match wanted.piece {
        Some(letter) => char::from(letter) == spec.letter || (letter == b'P' && spec.pawn),
        None => spec.pawn || long_algebraic,
    };
    // A SAN pawn move without a from-file stays on its file.
    let from_file = match wanted.from_file {
        None if spec.pawn => Some(g.file_of(target)),
        other => other,
    };
    let file_ok = from_file.is_none_or(|file| g.file_of(from) == file);
    let rank_ok = wanted.from_rank.is_none_or(|rank| g.rank_of(from) == rank);
    let promotion_ok = match (wanted.promotion, mv.promotion()) {
        (None, None) => true,
        (Some(letter), Some(kind)) => pos.variant().piece(kind).letter == char::from(letter),
        _ => false,
    };
    letter_ok && file_ok && rank_ok && promotion_ok
}

/// Whether the kernel square `sq` is the record's `square` (on the board in play).
fn same_square(pos: &Position, sq: crate::geometry::Square, square: Square) -> bool {
    let g = pos.geometry();
    g.file_of(sq) == square.file
        && g.rank_of(sq) == square.rank
        && pos.board_to_move().is_none_or(|board| g.board_of(sq) == board)
}

/// The kernel square the record's `square` names on the board in play, if it exists.
pub(super) fn kernel_square(pos: &Position, square: Square) -> Option<crate::geometry::Square> {
    let g = pos.geometry();
    (square.file < g.files && square.rank < g.ranks)
        .then(|| g.square(pos.board_to_move().unwrap_or(0), square.file, square.rank))
}

/// Why `text` is not a legal move of `pos`, in a few words (for a REPL or any caller):
/// `None` when it is legal or is not a move in record notation at all.
#[must_use]
pub fn explain_move(pos: &Position, text: &str) -> Option<String> {
    let notation = Notation::parse(text).ok()?;
    let legal = pos.legal_moves();
    match resolve(pos, &legal, &notation) {
        Resolved::One(_) => None,
        Resolved::None => Some(explain_illegal(pos, &legal, &notation)),
        Resolved::Ambiguous(candidates) => Some(format!("it could be {}", candidates.join(" or "))),
    }
}

/// Why no legal move matches `notation`, in a few words: the piece and where it stands,
/// the piece in the way, the pin, the check to answer, the free exits, the board in play.
#[must_use]
pub fn explain_illegal(pos: &Position, legal: &MoveList, notation: &Notation) -> String {
    let notation = &localised(pos, notation);
    let mut reason = match notation.action {
        Action::Move(board_move) => explain_board_move(pos, legal, &board_move),
        Action::Castle(side) => return castling::why_not_castle(pos, side),
        Action::Intent => elsewhere::why_no_intent(pos),
        Action::Teleport { from } => elsewhere::why_no_teleport(pos, from),
        Action::Pass => "a lost turn is legal only without any other action".to_owned(),
        Action::Special(text) => explain_special(pos, legal, text.as_str()),
        Action::Drop { piece, to } => super::drops::why_no_drop(pos, piece, to),
    };
    if pos.is_check() && !reason.contains("in check") {
        reason.push_str(&format!(" ({})", check_words(pos)));
    }
    reason
}

/// `White is in check: the black rook on e7 attacks the white king on e1`.
fn check_words(pos: &Position) -> String {
    let side = pos.side_to_move().title();
    match checks::checks(pos).first() {
        Some(check) => format!("{side} is in check: {}", checks::check_line(pos, check)),
        None => format!("{side} is in check"),
    }
}

/// No special move of that notation is legal: say which ones are.
fn explain_special(pos: &Position, legal: &MoveList, text: &str) -> String {
    let specials: Vec<String> = legal
        .iter()
        .filter_map(|&mv| match mv {
            Move::Special { id } => pos.special_move(id).map(|special| special.notation().to_string()),
            _ => None,
        })
        .collect();
    let name = text.split('@').next().unwrap_or_default();
    let same_name: Vec<&String> = specials.iter().filter(|s| s.split('@').next() == Some(name)).collect();
    match (specials.is_empty(), same_name.is_empty()) {
        (true, _) => format!("no special move is possible here, so not {text}"),
        (false, true) => {
            format!("there is no special move `{name}` here; the special moves are {}", specials.join(" "))
        }
        (false, false) => {
            let list: Vec<&str> = same_name.iter().map(|s| s.as_str()).collect();
            format!("{text} is not one of the special moves here: {}", list.join(" "))
        }
    }
}

fn explain_board_move(pos: &Position, legal: &MoveList, wanted: &BoardMove) -> String {
    if let Some(due) = elsewhere::teleport_due(pos) {
        return due;
    }
    let Some(to) = kernel_square(pos, wanted.to) else {
        return elsewhere::square_on_other_board(pos, wanted.to)
            .unwrap_or_else(|| format!("{} is not on the board", wanted.to));
    };
    let origins = origins(pos, wanted);
    let (mover, verb) = match origins.as_slice() {
        [] => return elsewhere::on_other_board(pos, wanted).unwrap_or_else(|| no_mover(pos, wanted)),
        [one] => (format!("the {} on {}", piece_name(pos, *one), pos.geometry().name(*one)), "cannot go"),
        many => {
            let names: Vec<String> = many.iter().map(|&sq| pos.geometry().name(sq)).collect();
            let mover = format!("no {} ({})", piece_name(pos, many[0]), names.join(", "));
            (mover, "can go")
        }
    };
    if wanted.promotion.is_none() && promotes_there(legal, &origins, to) {
        return format!(
            "{mover} {verb} to {} without naming the promoted piece: write {}",
            wanted.to,
            promotion_examples(pos, legal, &origins, to, wanted)
        );
    }
    let exit = match wanted.exit {
        Some(exit) => match kernel_square(pos, exit) {
            Some(sq) => Some(sq),
            None => return format!("{exit} is not on the board"),
        },
        None => None,
    };
    let specific = origins
        .iter()
        .find_map(|&from| {
            king_safety::pseudo_move(pos, from, wanted)
                .and_then(|mv| king_safety::why_unsafe(pos, mv))
                .map(|r| (from, r))
        })
        .or_else(|| {
            origins.iter().find_map(|&from| transit::exit_refusal(pos, legal, from, to, exit).map(|r| (from, r)))
        })
        .or_else(|| {
            origins.iter().find_map(|&from| {
                obstacle::in_the_way(pos, from, to, wanted)
                    .or_else(|| obstacle::on_target(pos, from, to, wanted))
                    .or_else(|| obstacle::no_free_exit(pos, from, to))
                    .or_else(|| obstacle::no_free_far_end(pos, from, to))
                    .or_else(|| obstacle::token_on_target(pos, from, to, wanted))
                    .map(|r| (from, r))
            })
        });
    let (mover, verb, reason) = match specific {
        Some((from, reason)) => {
            (format!("the {} on {}", piece_name(pos, from), pos.geometry().name(from)), "cannot go", Some(reason))
        }
        None => (mover, verb, nothing_to_take(pos, wanted, to)),
    };
    let destination = match wanted.exit {
        Some(exit) => format!("{}>{exit}", wanted.to),
        None => wanted.to.to_string(),
    };
    match reason {
        Some(note) => format!("{mover} {verb} to {destination}: {note}"),
        None => format!("{mover} {verb} to {destination}"),
    }
}

/// `e8=Q (or =R, =B, =N)`: the promotions open from `origins` to `to`, as SAN writes them.
fn promotion_examples(
    pos: &Position,
    legal: &MoveList,
    origins: &[crate::geometry::Square],
    to: crate::geometry::Square,
    wanted: &BoardMove,
) -> String {
    let mut letters: Vec<char> = legal
        .iter()
        .filter(|mv| mv.to() == Some(to) && mv.from().is_some_and(|from| origins.contains(&from)))
        .filter_map(|mv| mv.promotion())
        .map(|kind| pos.variant().piece(kind).letter)
        .collect();
    letters.dedup();
    let capture = match (wanted.from_file, wanted.capture) {
        (Some(file), true) => format!("{}x", char::from(b'a' + file)),
        _ => String::new(),
    };
    let first = format!("{capture}{}={}", wanted.to, letters.first().copied().unwrap_or('Q'));
    match letters.get(1..) {
        Some(rest) if !rest.is_empty() => {
            let others: Vec<String> = rest.iter().map(|letter| format!("={letter}")).collect();
            format!("{first} (or {})", others.join(", "))
        }
        _ => first,
    }
}

/// Whether a legal promotion goes from one of `origins` to `to`.
fn promotes_there(legal: &MoveList, origins: &[crate::geometry::Square], to: crate::geometry::Square) -> bool {
    legal.iter().any(|mv| {
        mv.promotion().is_some() && mv.to() == Some(to) && mv.from().is_some_and(|from| origins.contains(&from))
    })
}

/// The squares of the side to move's pieces the notation may mean.
fn origins(pos: &Position, wanted: &BoardMove) -> Vec<crate::geometry::Square> {
    origins_on(pos, wanted, pos.board_to_move())
}

/// [`origins`] on `board` (every board when `None`).
pub(super) fn origins_on(pos: &Position, wanted: &BoardMove, board: Option<usize>) -> Vec<crate::geometry::Square> {
    let g = pos.geometry();
    let long_algebraic = wanted.piece.is_none() && wanted.from_rank.is_some();
    pos.pieces_of(pos.side_to_move())
        .filter(|&(sq, piece)| {
            let spec = pos.variant().piece(piece.kind);
            let letter_ok = match wanted.piece {
                Some(letter) => char::from(letter) == spec.letter,
                None => spec.pawn || long_algebraic,
            };
            let file = match wanted.from_file {
                None if spec.pawn && wanted.piece.is_none() => Some(wanted.to.file),
                other => other,
            };
            letter_ok
                && file.is_none_or(|f| g.file_of(sq) == f)
                && wanted.from_rank.is_none_or(|r| g.rank_of(sq) == r)
                && board.is_none_or(|b| g.board_of(sq) == b)
        })
        .map(|(sq, _)| sq)
        .collect()
}

/// No piece of the side to move fits the notation: say what stands there instead.
fn no_mover(pos: &Position, wanted: &BoardMove) -> String {
    let us = pos.side_to_move().title();
    if let (Some(file), Some(rank)) = (wanted.from_file, wanted.from_rank) {
        let from = Square { file, rank };
        return match kernel_square(pos, from).and_then(|sq| pos.piece_at(sq)) {
            Some(piece) if piece.side != pos.side_to_move() => format!(
                "{from} holds a {} {}, but it is {us}'s move",
                piece.side.title().to_lowercase(),
                pos.variant().piece(piece.kind).name
            ),
            Some(_) => format!("no {us} piece of that kind on {from}"),
            None => format!("no piece on {from}"),
        };
    }
    let kind = match wanted.piece {
        Some(letter) => pos
            .variant()
            .piece_by_letter(char::from(letter))
            .map(|kind| pos.variant().piece(kind).name.clone())
            .unwrap_or_else(|| format!("piece `{}`", char::from(letter))),
        None => "pawn".to_owned(),
    };
    match wanted.from_file {
        Some(file) if wanted.piece.is_none() => {
            format!("{us} has no pawn on the {}-file", char::from(b'a' + file))
        }
        _ if wanted.piece.is_none() => format!(
            "{us} has no pawn on the {}-file (a pawn move without a from-file stays on its file)",
            char::from(b'a' + wanted.to.file)
        ),
        _ if !has_kind(pos, wanted.piece) => format!("{us} has no {kind}"),
        _ => format!("{us} has no {kind} that fits"),
    }
}

/// `there is nothing to take on d5`, when the text writes a capture onto an empty square
/// that is not the en passant square.
fn nothing_to_take(pos: &Position, wanted: &BoardMove, to: crate::geometry::Square) -> Option<String> {
    let en_passant = pos.en_passant().is_some_and(|ep| ep.square == to);
    (wanted.capture && pos.piece_at(to).is_none() && !en_passant)
        .then(|| format!("there is nothing to take on {}", pos.geometry().name(to)))
}

/// Whether the side to move has a piece of the kind `letter` names, on any board.
fn has_kind(pos: &Position, letter: Option<u8>) -> bool {
    pos.pieces_of(pos.side_to_move())
        .any(|(_, piece)| letter.is_some_and(|l| pos.variant().piece(piece.kind).letter == char::from(l)))
}

fn piece_name(pos: &Position, sq: crate::geometry::Square) -> String {
    match pos.piece_at(sq) {
        Some(piece) => format!("{} {}", piece.side.title().to_lowercase(), pos.variant().piece(piece.kind).name),
        None => "piece".to_owned(),
    }
}
