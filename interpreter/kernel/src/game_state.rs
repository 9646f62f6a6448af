//! The state of a game beside its board, what a FEN gives after the placement: the side to
//! move, castling rights, en passant, the clocks, the two-board turn's obligations, passes
//! and checks given, and the hash of the whole position.

use crate::geometry::{Side, Square};
use crate::moves::Move;

/// The en-passant opportunity left by a double step.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct EnPassant {
    /// The square passed over, where the capturer lands.
    pub square: Square,
    /// The pawn that may be taken.
    pub victim: Square,
}

/// Rook squares that keep a castling right: `[side][0 = short, 1 = long]`.
pub type CastlingRights = [[Option<Square>; 2]; 2];

/// Who moves, what rights remain and the clocks, for one position.
#[derive(Clone, Copy, Debug)]
pub(crate) struct GameState {
    pub(crate) side: Side,
    pub(crate) castling: CastlingRights,
    pub(crate) ep: Option<EnPassant>,
    /// Plies since the last capture or pawn move.
    pub(crate) halfmove: u16,
    pub(crate) fullmove: u32,
    /// Plies played since the position was set up.
    pub(crate) ply: u32,
    /// The Zobrist hash of the whole position, board included, kept in step by every mutator.
    pub(crate) hash: u64,
    /// Two-board turns: who must teleport this turn (HP4).
    pub(crate) obliged: [bool; 2],
    /// Two-board turns: White's action of this turn, applied with Black's (HP2).
    pub(crate) pending: Option<Move>,
    /// Two-board turns: the en-passant square of each board (HP7).
    pub(crate) ep_boards: [Option<EnPassant>; 2],
    /// How many passes in a row led to this position (a stalemated side passes, see
    /// `passing.rs`).
    pub(crate) passes: u8,
    /// The checks each side has given, where the variant counts them (`check_count.rs`).
    pub(crate) checks: [u8; 2],
}

impl PartialEq for GameState {
    /// Equal state: the plies counted since set-up and the passes in a row are not compared.
    fn eq(&self, other: &Self) -> bool {
        // Every field is named, so a field added to the struct is compared or said ignored.
        let GameState {
            side,
            castling,
            ep,
            halfmove,
            fullmove,
            ply: _,
            hash,
            obliged,
            pending,
            ep_boards,
            passes: _,
            checks,
        } = self;
        *side == other.side
            && *castling == other.castling
            && *ep == other.ep
            && *halfmove == other.halfmove
            && *fullmove == other.fullmove
            && *hash == other.hash
            && *obliged == other.obliged
            && *pending == other.pending
            && *ep_boards == other.ep_boards
            && *checks == other.checks
    }
}

impl GameState {
    /// White to move at move 1, no rights, clocks at zero.
    pub(crate) fn new() -> GameState {
        GameState {
            side: Side::White,
            castling: [[None; 2]; 2],
            ep: None,
            halfmove: 0,
            fullmove: 1,
            ply: 0,
            hash: 0,
            obliged: [false; 2],
            pending: None,
            ep_boards: [None; 2],
            passes: 0,
            checks: [0; 2],
        }
    }
}
