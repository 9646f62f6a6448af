//! Which legal move a record's notation names, decided on a replay's bit boards
//! ([`Board64`]) instead of a [`crate::Position`]: a SAN piece move from the attack sets of
//! the kinds its letter names onto its square, a SAN pawn step, double step or capture from
//! the squares behind its square, and every other board move or castling from the legal
//! moves the bit boards generate onto its square, matched as [`super::resolve`] matches
//! them. It answers only when exactly one legal move matches; otherwise (an illegal or
//! ambiguous move, a notation it does not read) it says nothing and the caller resolves on
//! the position, which also explains the failure.

use super::text::{Action, BoardMove, CastleSide, Notation};
use crate::movegen::fast::rules::{kinds_of, squares_of, FAST_KINDS};
use crate::movegen::fast::{Board64, FastMove};
use crate::variant::Variant;

/// The squares of one file of an 8-file board.
const FILE_A: u64 = 0x0101_0101_0101_0101;

/// What the notation's letters name in one variant, read once per game.
pub(crate) struct Letters {
    /// The kinds (bit mask) each upper-case piece letter names (`P` names the pawn kinds).
    kinds: [u32; 128],
    /// Each kind's own letter (what a promotion writes).
    letter_of: [char; FAST_KINDS],
    /// The pawn kinds (bit mask).
    pawns: u32,
    /// Files of the board.
    files: u8,
    /// Ranks of the board.
    ranks: u8,
}

impl Letters {
    /// The letters of `variant`; `None` when a kind lies beyond the bit boards' masks.
    pub(crate) fn of(variant: &Variant) -> Option<Letters> {
        let pieces = variant.pieces();
        if pieces.len() > FAST_KINDS {
            return None;
        }
        let mut letters = Letters {
            kinds: [0; 128],
            letter_of: ['\0'; FAST_KINDS],
            pawns: 0,
            files: variant.geometry().files,
            ranks: variant.geometry().ranks,
        };
        for (kind, spec) in pieces.iter().enumerate() {
            letters.letter_of[kind] = spec.letter;
            if spec.pawn {
                letters.pawns |= 1 << kind;
                letters.kinds[usize::from(b'P')] |= 1 << kind;
            }
            if spec.letter.is_ascii() {
                letters.kinds[spec.letter as usize] |= 1 << kind;
            }
        }
        Some(letters)
    }

    /// The kinds `letter` names.
    #[inline(always)]
    fn kinds_named(&self, letter: u8) -> u32 {
        self.kinds[usize::from(letter & 0x7F)]
    }

    #[inline(always)]
    fn file_of(&self, sq: usize) -> u8 {
        (sq % usize::from(self.files)) as u8
    }

    #[inline(always)]
    fn rank_of(&self, sq: usize) -> u8 {
        (sq / usize::from(self.files)) as u8
    }

    /// The square of the notation's `square`, if it is on the board.
    #[inline(always)]
    fn square(&self, square: super::text::Square) -> Option<usize> {
        (square.file < self.files && square.rank < self.ranks)
            .then(|| usize::from(square.rank) * usize::from(self.files) + usize::from(square.file))
    }
}

/// The one legal move of `board` that `notation` names, when this path decides it.
/// `scratch` holds generated moves (kept between calls so that nothing is allocated).
pub(crate) fn resolve_on_board(
    board: &Board64,
    letters: &Letters,
    notation: &Notation,
    scratch: &mut Vec<FastMove>,
) -> Option<FastMove> {
    match notation.action {
        Action::Move(board_move) => resolve_board_move(board, letters, &board_move, scratch),
        Action::Castle(wing) => resolve_castle(board, letters, wing, scratch),
        _ => None,
    }
}

fn resolve_board_move(
    board: &Board64,
    letters: &Letters,
    wanted: &BoardMove,
    scratch: &mut Vec<FastMove>,
) -> Option<FastMove> {
    if wanted.exit.is_some() {
        return None;
    }
    let to = letters.square(wanted.to)?;
    let long_algebraic = wanted.from_file.is_some() && wanted.from_rank.is_some();
    // The quick paths judge one royal piece; with none or several the generated moves decide.
    if !long_algebraic && wanted.promotion.is_none() && !board.has_other_than_one_royal() {
        let quick = match wanted.piece {
            Some(letter) if letters.kinds_named(letter) & letters.pawns == 0 => {
                // Not exactly one legal origin: the position explains it (no piece of the
                // letter, a move that is not legal, or an ambiguous one).
                return piece_move_to(board, letters, wanted, letters.kinds_named(letter), to);
            }
            None if wanted.from_rank.is_none() && letters.pawns.count_ones() == 1 => {
                pawn_move_to(board, letters, wanted.from_file, to)
            }
            _ => None,
        };
        if quick.is_some() {
            return quick;
        }
    }
    scratch.clear();
    board.generate_onto(to, scratch);
    let mut found = None;
    for &mv in scratch.iter() {
        if mv.is_castle() {
            if long_algebraic {
                // Long algebraic may write castling as a king move: the position decides.
                return None;
            }
            continue;
        }
        if matches_board_move(board, letters, mv, wanted, to) {
            if found.is_some() {
                return None;
            }
            found = Some(mv);
        }
    }
    found
}

/// [`super::resolve`]'s test of a board move, for an ordinary move of the bit boards
/// (no transit, no castling) ending on `to`.
fn matches_board_move(board: &Board64, letters: &Letters, mv: FastMove, wanted: &BoardMove, to: usize) -> bool {
    if mv.is_transit() || mv.to_square() != to {
        return false;
    }
    let from = mv.origin();
    let Some(kind) = (board.cells[from] as usize).checked_sub(1) else {
        return false;
    };
    let pawn = letters.pawns & (1 << kind) != 0;
    let long_algebraic = wanted.piece.is_none() && wanted.from_rank.is_some();
    let letter_ok = match wanted.piece {
        Some(letter) => letters.kinds_named(letter) & (1 << kind) != 0,
        None => pawn || long_algebraic,
    };
    // A SAN pawn move without a from-file stays on its file.
    let from_file = match wanted.from_file {
        None if pawn => Some(letters.file_of(to)),
        other => other,
    };
    let file_ok = from_file.is_none_or(|file| letters.file_of(from) == file);
    let rank_ok = wanted.from_rank.is_none_or(|rank| letters.rank_of(from) == rank);
    let promotion_ok = match (wanted.promotion, mv.promotion_kind()) {
        (None, None) => true,
        (Some(letter), Some(kind)) => letters.letter_of[usize::from(kind)] == char::from(letter),
        _ => false,
    };
    letter_ok && file_ok && rank_ok && promotion_ok
}

/// Castling to the wing written (the rook's file beyond the king's for the king's wing).
fn resolve_castle(
    board: &Board64,
    letters: &Letters,
    wing: CastleSide,
    scratch: &mut Vec<FastMove>,
) -> Option<FastMove> {
    scratch.clear();
    board.generate_to(0, scratch);
    let mut found = None;
    for &mv in scratch.iter().filter(|mv| mv.is_castle()) {
        let short = letters.file_of(mv.to_square()) > letters.file_of(mv.origin());
        if short == (wing == CastleSide::King) {
            if found.is_some() {
                return None;
            }
            found = Some(mv);
        }
    }
    found
}

/// A SAN piece move of one of `kinds` (no pawn kind) onto `to`: the legal origins from the
/// kinds' attack sets, narrowed to the file and rank written; the move when exactly one.
fn piece_move_to(board: &Board64, letters: &Letters, wanted: &BoardMove, kinds: u32, to: usize) -> Option<FastMove> {
    if to >= 64 || kinds == 0 {
        return None;
    }
    let (us, them) = (board.us, board.us ^ 1);
    let to_bit = 1u64 << to;
    if board.sides[us] & to_bit != 0 || board.royals(them) & to_bit != 0 {
        return None;
    }
    let occupied = board.occupied();
    let mut origins = 0;
    for kind in kinds_of(kinds) {
        if kind < board.rules.kinds {
            origins |= reaching(board, kind, us, to, occupied) & board.kinds[kind] & board.sides[us];
        }
    }
    let mut written = 0u64;
    for from in squares_of(origins) {
        let file_ok = wanted.from_file.is_none_or(|file| letters.file_of(from) == file);
        let rank_ok = wanted.from_rank.is_none_or(|rank| letters.rank_of(from) == rank);
        if file_ok && rank_ok {
            written |= 1 << from;
        }
    }
    if written.count_ones() != 1 {
        return None;
    }
    let from = written.trailing_zeros() as usize;
    leaves_royal_safe(board, from, to, to_bit).then(|| FastMove::normal(from, to, None))
}

/// Whether the mover's royal piece is safe after the piece on `from` goes to `to`, taking
/// what stands on `victim_bits`.
#[inline(always)]
fn leaves_royal_safe(board: &Board64, from: usize, to: usize, victim_bits: u64) -> bool {
    let (us, them) = (board.us, board.us ^ 1);
    let from_bit = 1u64 << from;
    let king = board.royals(us);
    let after = (board.occupied() & !from_bit & !victim_bits) | 1u64 << to;
    let king_square = if king & from_bit != 0 { to } else { king.trailing_zeros() as usize };
    let theirs = board.sides[them] & !victim_bits;
    let (orth, diag) = board.line_pieces(them);
    board.attackers_in::<false>(king_square, them, theirs, after, (orth & theirs, diag & theirs)) == 0
}

/// The squares from which a piece of `kind` of `side` reaches `to`.
#[inline(always)]
fn reaching(board: &Board64, kind: usize, side: usize, to: usize, occupied: u64) -> u64 {
    let rules = board.rules;
    let bit = 1u32 << kind;
    let mut from = if rules.leapers & bit != 0 { rules.leaps_to[side][kind][to] } else { 0 };
    if rules.orth & bit != 0 {
        from |= board.sl.orth(to, occupied);
    }
    if rules.diag & bit != 0 {
        from |= board.sl.diag(to, occupied);
    }
    from
}

/// A SAN pawn step, double step, capture or en-passant capture onto `to` from the file
/// `from_file` (the file of `to` when none), when exactly one such move is legal and it
/// does not promote; `None` otherwise (the generated moves decide).
fn pawn_move_to(board: &Board64, letters: &Letters, from_file: Option<u8>, to: usize) -> Option<FastMove> {
    let pawn = board.rules.pawn.as_ref()?;
    let (us, them) = (board.us, board.us ^ 1);
    if to >= 64 || letters.files != 8 || pawn.promotion_zone[us] & 1 << to != 0 {
        return None;
    }
    let to_bit = 1u64 << to;
    if board.sides[us] & to_bit != 0 || board.royals(them) & to_bit != 0 {
        return None;
    }
    let pawns = board.pawns(us);
    if board.ep as usize == to && pawn.captures_en_passant {
        let from = capturing_pawn(board, pawns, from_file?, to)?;
        let victim = 1u64 << board.ep_victim;
        return leaves_royal_safe(board, from, to, victim).then(|| FastMove::en_passant(from, to));
    }
    let (from, double) = if board.sides[them] & to_bit != 0 {
        (capturing_pawn(board, pawns, from_file?, to)?, false)
    } else {
        if from_file.is_some_and(|file| usize::from(file) != to % 8) {
            return None;
        }
        // Black's step to the eighth rank would come from off the board: no such move.
        let one = if us == 0 { to.checked_sub(8)? } else { to + 8 };
        if one >= 64 {
            return None;
        }
        if pawns & 1 << one != 0 {
            (one, false)
        } else {
            let double = pawn.double.filter(|double| !double.first_move)?;
            let two = if us == 0 { one.checked_sub(8)? } else { one + 8 };
            let starts = two < 64 && pawns & double.from_mask[us] & 1 << two != 0;
            (starts && board.occupied() & 1 << one == 0).then_some((two, double.sets_en_passant))?
        }
    };
    if !leaves_royal_safe(board, from, to, to_bit) {
        return None;
    }
    Some(match double {
        true => FastMove::double(from, to),
        false => FastMove::normal(from, to, None),
    })
}

/// The one pawn of `pawns` on `from_file` that captures onto `to`.
#[inline(always)]
fn capturing_pawn(board: &Board64, pawns: u64, from_file: u8, to: usize) -> Option<usize> {
    if from_file >= 8 {
        return None;
    }
    let origins = board.rules.pawn_captured_from[board.us][to] & pawns & (FILE_A << from_file);
    (origins.count_ones() == 1).then(|| origins.trailing_zeros() as usize)
}
