//! Errors the kernel reports: an inconsistent variant spec, a malformed or impossible
//! position, and a move that is not legal where it is played. Each has a kind a program
//! can match on and says what is wrong in words a variant author or player understands.

use std::fmt;

use crate::moves::Move;

/// What part of a [`crate::spec::VariantSpec`] an error is about, so the front end can point
/// at the declaration in the script.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SpecSubject {
    /// The variant as a whole (its header, its piece and token counts).
    Variant,
    /// The board declaration.
    Board,
    /// The piece of this index.
    Piece(u8),
    /// The setup position.
    Setup,
    /// The rules block.
    Rules,
    /// The token of this index.
    Token(u8),
    /// The links block.
    Links,
}

/// What kind of inconsistency a [`SpecError`] is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum SpecErrorKind {
    /// Something every variant needs is missing (a board, a piece, a royal piece, a way to move).
    Missing,
    /// More boards, squares, piece kinds or token kinds than the kernel supports.
    TooLarge,
    /// A number outside its range (a board side, a promotion zone, a direction's length).
    OutOfRange,
    /// Two declarations claim the same letter or symbol.
    Duplicate,
    /// A square or file that lies off the board.
    OffBoard,
    /// The setup is not a valid position of the variant.
    InvalidSetup,
    /// Parts of the spec that contradict each other.
    Inconsistent,
}

/// One inconsistency found by [`crate::Variant::compile`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SpecError {
    /// The declaration it is about.
    pub subject: SpecSubject,
    /// What kind of problem it is.
    pub kind: SpecErrorKind,
    /// The problem in words.
    pub message: String,
}

impl SpecError {
    /// An error of kind [`SpecErrorKind::Inconsistent`].
    pub fn new(subject: SpecSubject, message: impl Into<String>) -> SpecError {
        SpecError::of(SpecErrorKind::Inconsistent, subject, message)
    }

    /// An error of the given kind.
    pub fn of(kind: SpecErrorKind, subject: SpecSubject, message: impl Into<String>) -> SpecError {
        SpecError { subject, kind, message: message.into() }
    }
}

impl fmt::Display for SpecError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.message)
    }
}

impl std::error::Error for SpecError {}

/// Which part of a position text a [`PositionError`] is about.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum PositionErrorKind {
    /// The fields themselves: their number, the side to move, the clocks.
    Fields,
    /// The piece placement: ranks, squares, piece letters, where a piece may stand.
    Placement,
    /// The castling field.
    Castling,
    /// The en-passant field.
    EnPassant,
    /// The token field: kinds, squares, stacks, counts.
    Tokens,
    /// The royal pieces: none, or too many.
    Kings,
    /// The two-board turn state (the eighth field).
    TurnState,
    /// A pawn on a rank it can never stand on: its first, or unpromoted in its promotion zone.
    PawnRank,
    /// A clock or counter out of its range: the halfmove clock, the fullmove number, a
    /// token's lifetime.
    Counters,
}

/// A position text (FEN or its extensions) that cannot be read, or a position (a text or a
/// [`crate::Setup`]) that cannot occur.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PositionError {
    /// What part of the text is wrong.
    pub kind: PositionErrorKind,
    /// The problem in words.
    pub message: String,
}

impl PositionError {
    /// An error of kind [`PositionErrorKind::Fields`].
    pub fn new(message: impl Into<String>) -> PositionError {
        PositionError::of(PositionErrorKind::Fields, message)
    }

    /// An error of the given kind.
    pub fn of(kind: PositionErrorKind, message: impl Into<String>) -> PositionError {
        PositionError { kind, message: message.into() }
    }
}

impl fmt::Display for PositionError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.message)
    }
}

impl std::error::Error for PositionError {}

/// Why [`crate::Position::play`] refused a move.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum PlayError {
    /// The move is not among the legal moves of the position.
    Illegal(Move),
}

impl fmt::Display for PlayError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PlayError::Illegal(mv) => write!(f, "{mv:?} is not a legal move in this position"),
        }
    }
}

impl std::error::Error for PlayError {}
