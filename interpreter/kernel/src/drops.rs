//! Drops: a piece taken from the hand and put on an empty square. Owns which squares a drop
//! may land on (the compiled drop ranks, and what a token on the square allows), the
//! generation of drop moves, playing and taking back a drop, and the consistency check of a
//! hand declaration.
//!
//! A drop is not a move across the board: it never enters a token (no transit starts with a
//! drop) and never follows a link. It lands only where a piece could stand after an ordinary
//! move without entering anything: not on an impassable or absent square, not on a token
//! with an entry rule (a porthole, a portal), and on any other token as on a plain square.

use crate::error::{SpecError, SpecErrorKind, SpecSubject};
use crate::geometry::{Side, Square};
use crate::moves::{Move, MoveList};
use crate::position::{Piece, Position, PIECE_BITS, TOKEN_FLAG};
use crate::spec::{Entry, PieceId, Schedule, TokenMovement, VariantSpec};

impl Position {
    /// Appends the drops of the side to move: every kind in its hand onto every square that
    /// takes it.
    pub(crate) fn append_drops(&self, out: &mut MoveList) {
        let tables = &self.variant.hand_tables;
        if !tables.drops {
            return;
        }
        let us = self.state.side;
        let g = self.variant.geometry();
        for kind in 0..self.variant.pieces().len() as PieceId {
            if self.hand_count(us, kind) == 0 {
                continue;
            }
            let taken_files = if tables.one_per_file & (1 << kind) != 0 {
                self.files_holding(us, kind)
            } else {
                self.files_full(us, kind, tables.file_limits[usize::from(kind)])
            };
            for sq in g.squares() {
                let file_free = taken_files & (1 << g.file_of(sq)) == 0;
                let in_region = self.variant.regions.allows(us, kind, sq);
                if file_free
                    && in_region
                    && tables.may_drop_on_rank(kind, g.relative_rank(sq, us))
                    && self.takes_drop(sq, kind)
                {
                    out.push(Move::Drop { piece: kind, to: sq });
                }
                if tables.drop_promoted {
                    self.push_promoted_drops(kind, sq, out);
                }
            }
        }
    }

    /// The files (bit per file) where `side` has a piece of `kind`.
    fn files_holding(&self, side: Side, kind: PieceId) -> u32 {
        let g = self.variant.geometry();
        self.pieces_of(side)
            .filter(|(_, piece)| piece.kind == kind)
            .fold(0, |files, (sq, _)| files | 1 << g.file_of(sq))
    }

    /// The files (bit per file) where `side` has at least `limit` pieces of `kind` (none
    /// without a limit).
    fn files_full(&self, side: Side, kind: PieceId, limit: u8) -> u32 {
        if limit == 0 {
            return 0;
        }
        let g = self.variant.geometry();
        let mut counts = [0u8; 32];
        for (sq, _) in self.pieces_of(side).filter(|(_, piece)| piece.kind == kind) {
            let file = usize::from(g.file_of(sq)).min(31);
            counts[file] = counts[file].saturating_add(1);
        }
        (0..32).filter(|&file| counts[file] >= limit).fold(0, |files, file| files | 1 << file)
    }

    /// Whether a piece of `kind` may be dropped on `sq`: no piece stands there, and a token
    /// there lets a piece stand on it without entering it.
    pub(crate) fn takes_drop(&self, sq: Square, kind: PieceId) -> bool {
        let cell = self.board.cells[sq.index()];
        if cell & PIECE_BITS != 0 {
            return false;
        }
        if cell & TOKEN_FLAG == 0 {
            return true;
        }
        self.effect_at(sq, self.variant.is_royal(kind)).is_none_or(|effect| {
            matches!(effect.passage, TokenMovement::Open | TokenMovement::Blocks) && effect.entry == Entry::None
        })
    }

    /// Plays the drop of a piece of `kind` onto `to` for the side to move; true if the piece
    /// is pawn-like (the move then resets the fifty-move clock).
    pub(crate) fn apply_drop(&mut self, kind: PieceId, to: Square) -> bool {
        let us = self.state.side;
        let from_hand = self.hand_kind_of_drop(kind);
        if !self.variant.spec().hands.unlimited {
            let left = self.hand_count(us, from_hand).saturating_sub(1);
            self.set_hand_count(us, from_hand, left);
        }
        self.put_piece(to, Piece { side: us, kind });
        if from_hand != kind {
            self.board.promoted[to.index()] = from_hand + 1;
        }
        self.castling_rights_for_drop(kind, to);
        self.variant.piece(kind).pawn
    }

    /// Takes back the drop of a piece onto `to` by `side` (the hash is restored by unmake).
    pub(crate) fn retract_drop(&mut self, side: Side, kind: PieceId, to: Square) {
        let code = self.board.cells[to.index()] & PIECE_BITS;
        self.board.cells[to.index()] &= !PIECE_BITS;
        self.board.occupied[side.index()].remove(to);
        self.flip_kind_bit(to, code);
        let kind = match std::mem::take(&mut self.board.promoted[to.index()]) {
            0 => kind,
            origin => origin - 1,
        };
        if !self.variant.spec().hands.unlimited {
            let slot = &mut self.board.hands[side.index()][usize::from(kind)];
            *slot = slot.saturating_add(1);
        }
    }
}

/// Hands need one board with alternating turns, and drop ranks name declared pieces and
/// ranks of the board.
pub(crate) fn check_hands(spec: &VariantSpec, errors: &mut Vec<SpecError>) {
    let hands = &spec.hands;
    if !hands.in_play() {
        return;
    }
    if spec.board.names.len() != 1 || spec.schedule != Schedule::Alternate {
        errors.push(SpecError::of(
            SpecErrorKind::Inconsistent,
            SpecSubject::Rules,
            "hands and drops need one board with alternating turns",
        ));
    }
    let board_ranks = if spec.board.ranks >= 32 { u32::MAX } else { (1u32 << spec.board.ranks) - 1 };
    let limited = hands.file_limits.iter().map(|&(kind, _)| kind);
    for kind in hands.one_per_file.iter().chain(&hands.opposite_colours).copied().chain(limited) {
        if usize::from(kind) >= spec.pieces.len() {
            errors.push(SpecError::of(
                SpecErrorKind::Inconsistent,
                SpecSubject::Rules,
                format!("a drop rule names piece kind {kind}, which the variant does not have"),
            ));
        }
    }
    for &(kind, ranks) in &hands.drop_ranks {
        if usize::from(kind) >= spec.pieces.len() {
            errors.push(SpecError::of(
                SpecErrorKind::Inconsistent,
                SpecSubject::Rules,
                format!("a drop rule names piece kind {kind}, which the variant does not have"),
            ));
        } else if ranks & board_ranks == 0 {
            errors.push(SpecError::of(
                SpecErrorKind::OffBoard,
                SpecSubject::Rules,
                format!("a {} may be dropped on no rank of the board", spec.pieces[usize::from(kind)].name),
            ));
        }
    }
}
