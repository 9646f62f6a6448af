//! A position as plain data: the pieces, tokens, side to move, rights and clocks that a FEN,
//! a script's start position or an editor describes, before anything is checked. A
//! [`Setup`] becomes a [`Position`] only through [`Position::from_setup`], which checks
//! that it can occur in the variant.

use crate::geometry::{Side, Square};
use crate::position::{CastlingRights, Piece, Position, TokenStack};
use crate::spec::PieceId;

/// A position described but not checked: any combination of pieces, tokens, rights and
/// clocks, including impossible ones. [`Position::from_setup`] turns it into a [`Position`]
/// or says why it cannot occur.
///
/// ```
/// use holechess_kernel::{Piece, Position, Setup, Side};
/// # let variant = holechess_testkit::orthodox();
/// let g = variant.geometry();
/// let e1 = g.parse_square("e1", 0).unwrap();
/// let e8 = g.parse_square("e8", 0).unwrap();
/// let king = variant.piece_by_letter('K').unwrap();
/// let mut setup = Setup::default();
/// setup.pieces.push((e1, Piece { side: Side::White, kind: king }));
/// // One king is not a position of chess: the check says so.
/// let error = Position::from_setup(&variant, setup.clone()).unwrap_err();
/// assert_eq!(error.to_string(), "black has no king");
/// setup.pieces.push((e8, Piece { side: Side::Black, kind: king }));
/// let position = Position::from_setup(&variant, setup).unwrap();
/// assert_eq!(position.fen(), "4k3/8/8/8/8/8/8/4K3 w - - 0 1");
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub struct Setup {
    /// The pieces and the squares they stand on (a square at most once).
    pub pieces: Vec<(Square, Piece)>,
    /// The pieces held in hand: the side, the kind and how many (variants with hands).
    pub hands: Vec<(Side, PieceId, u8)>,
    /// The pieces marked as promoted and the kind each promoted from (variants that return
    /// captured promoted pieces to the hand demoted).
    pub promoted: Vec<(Square, PieceId)>,
    /// The token stacks and the squares they lie on (a square at most once).
    pub tokens: Vec<(Square, TokenStack)>,
    /// The side to move (on two boards: the side whose action comes next).
    pub side_to_move: Side,
    /// The rooks that keep a castling right: `[side][0 = short, 1 = long]`.
    pub castling: CastlingRights,
    /// The squares a pawn just passed with a double step: at most one, or one per board
    /// when two boards take turns (HP7).
    pub en_passant: Vec<Square>,
    /// Plies since the last capture or pawn move.
    pub halfmove_clock: u16,
    /// The move number, from 1 to [`crate::MAX_FULLMOVE`].
    pub fullmove_number: u32,
    /// Two-board turns: whether White, Black must teleport this turn (HP4).
    pub obliged: [bool; 2],
    /// Two-board turns: White's action of this turn in long algebraic notation, applied
    /// with Black's (HP2); Black is then to move.
    pub pending_action: Option<String>,
    /// The checks White and Black have given, where the variant counts them.
    pub checks_given: [u8; 2],
    /// Where the position notation's castling field names the pieces that have not moved
    /// (`first-move rights are in the castling field`): their squares; `None` otherwise (K8:
    /// pieces count as unmoved where they stand).
    pub first_moves: Option<Vec<Square>>,
}

impl Default for Setup {
    /// An empty board, White to move, no rights, clocks at their start.
    fn default() -> Setup {
        Setup {
            pieces: Vec::new(),
            hands: Vec::new(),
            promoted: Vec::new(),
            tokens: Vec::new(),
            side_to_move: Side::White,
            castling: [[None; 2]; 2],
            en_passant: Vec::new(),
            halfmove_clock: 0,
            fullmove_number: 1,
            obliged: [false; 2],
            pending_action: None,
            checks_given: [0; 2],
            first_moves: None,
        }
    }
}

impl Position {
    /// The position as a [`Setup`], to edit and check again with [`Position::from_setup`].
    /// Which pieces have moved is not part of a setup: read back, pieces count as unmoved
    /// where they stand (K8).
    ///
    /// ```
    /// use holechess_kernel::{Position, Side};
    /// # let variant = holechess_testkit::orthodox();
    /// let mut setup = Position::start(&variant).to_setup();
    /// setup.side_to_move = Side::Black;
    /// let position = Position::from_setup(&variant, setup).unwrap();
    /// assert_eq!(position.side_to_move(), Side::Black);
    /// ```
    #[must_use]
    pub fn to_setup(&self) -> Setup {
        let mut pieces: Vec<(Square, Piece)> = self.pieces_of(Side::White).collect();
        pieces.extend(self.pieces_of(Side::Black));
        pieces.sort_by_key(|(sq, _)| sq.index());
        let en_passant = if self.is_turn_based() {
            self.state.ep_boards.iter().flatten().map(|ep| ep.square).collect()
        } else {
            self.state.ep.iter().map(|ep| ep.square).collect()
        };
        Setup {
            pieces,
            hands: self.hands_list(),
            promoted: self.promoted_list(),
            tokens: self.token_squares().filter_map(|sq| self.tokens_at(sq).map(|stack| (sq, stack))).collect(),
            side_to_move: self.state.side,
            castling: self.state.castling,
            en_passant,
            halfmove_clock: self.state.halfmove,
            fullmove_number: self.state.fullmove,
            obliged: self.state.obliged,
            pending_action: self.pending_action_text(),
            checks_given: self.state.checks,
            first_moves: self.first_move_squares(),
        }
    }

    /// The hands as `(side, kind, count)`, the kinds held only.
    pub(crate) fn hands_list(&self) -> Vec<(Side, PieceId, u8)> {
        Side::BOTH.into_iter().flat_map(|side| self.hand(side).map(move |(kind, n)| (side, kind, n))).collect()
    }

    /// The pieces marked as promoted, with the kind each promoted from.
    pub(crate) fn promoted_list(&self) -> Vec<(Square, PieceId)> {
        let mut marked: Vec<(Square, PieceId)> = Side::BOTH
            .into_iter()
            .flat_map(|side| self.pieces_of(side))
            .filter_map(|(sq, _)| self.promoted_from(sq).map(|origin| (sq, origin)))
            .collect();
        marked.sort_by_key(|(sq, _)| sq.index());
        marked
    }

    /// White's pending action of a two-board turn in long algebraic notation.
    fn pending_action_text(&self) -> Option<String> {
        let mv = self.state.pending?;
        let mut white = self.clone_without_history();
        white.state.side = Side::White;
        white.state.pending = None;
        white.state.ep = white.state.ep_boards[white.board_of_side(Side::White)];
        Some(crate::notation::lan(&white, mv))
    }
}
