//! The board of a position: what stands on each square (pieces, tokens, marks), the square
//! sets derived from it, and the pieces held in hand. No side to move, rights or clocks: those
//! are the game's state (`game_state.rs`).

use crate::bitset::SquareSet;
use crate::cell::{code_kind, code_side, LINK_FLAG, PIECE_BITS};
use crate::cell::{Piece, TokenStack};
use crate::geometry::Square;
use crate::hand::Hands;

/// Piece kinds that get a bit board in [`Board`] (the fast path's limit too).
pub(crate) const KIND_BOARDS: usize = 16;

/// The squares of a position and what they hold.
#[derive(Clone, Debug)]
pub(crate) struct Board {
    /// Per square: the piece code and the token, link and effect flags.
    pub(crate) cells: Vec<u8>,
    /// Per square: the token stack (count 0: none).
    pub(crate) tokens: Vec<TokenStack>,
    /// The squares holding a piece, per side.
    pub(crate) occupied: [SquareSet; 2],
    /// The squares of each piece kind, both sides, as bit boards of the first 64 squares
    /// (kinds below [`KIND_BOARDS`]); kept in step with `cells` by every piece change, so the
    /// fast path reads them instead of scanning the board. Meaningful only for variants
    /// whose board fits 64 squares and whose kinds fit the array (the fast path's case).
    pub(crate) kind_bits: [u64; KIND_BOARDS],
    /// The squares holding at least one token.
    pub(crate) token_squares: SquareSet,
    /// How many token stacks carry a timer (they run down at the end of each ply).
    pub(crate) timed: u16,
    /// The squares whose piece has never moved.
    pub(crate) unmoved: SquareSet,
    /// The pieces each side holds in hand (see `hand.rs`).
    pub(crate) hands: Hands,
    /// Per square, the kind a promoted piece there promoted from, plus one (0: not
    /// promoted); kept where the variant returns promoted pieces to the hand demoted.
    pub(crate) promoted: Vec<u8>,
}

impl PartialEq for Board {
    /// Equal squares, marks and hands: the sets derived from the cells are not compared.
    fn eq(&self, other: &Self) -> bool {
        // Every field is named, so a field added to the struct is compared or said ignored.
        let Board { cells, tokens, occupied: _, kind_bits: _, token_squares: _, timed: _, unmoved, hands, promoted } =
            self;
        *cells == other.cells
            && *tokens == other.tokens
            && *unmoved == other.unmoved
            && *hands == other.hands
            && *promoted == other.promoted
    }
}

impl Board {
    /// A board of `square_count` empty squares, the squares in `link_starts` marked as the
    /// starts of square links.
    pub(crate) fn empty(square_count: usize, link_starts: impl Iterator<Item = usize>) -> Board {
        let mut cells = vec![0; square_count];
        for i in link_starts {
            cells[i] |= LINK_FLAG;
        }
        Board {
            cells,
            tokens: vec![TokenStack::default(); square_count],
            occupied: [SquareSet::with_capacity(square_count), SquareSet::with_capacity(square_count)],
            kind_bits: [0; KIND_BOARDS],
            token_squares: SquareSet::with_capacity(square_count),
            timed: 0,
            unmoved: SquareSet::with_capacity(square_count),
            hands: [[0; crate::variant::MAX_PIECES]; 2],
            promoted: vec![0; square_count],
        }
    }

    /// The piece on `sq`, if any.
    #[inline]
    pub(crate) fn piece_at(&self, sq: Square) -> Option<Piece> {
        let code = self.cells[sq.index()] & PIECE_BITS;
        (code != 0).then(|| Piece { side: code_side(code), kind: code_kind(code) })
    }

    /// The squares (of the first 64) holding a piece of `kind`, both sides.
    #[inline(always)]
    pub(crate) fn kind_board(&self, kind: usize) -> u64 {
        self.kind_bits[kind]
    }

    /// Adds or removes the piece `code` on `sq` in the kind bit boards (they are toggled:
    /// call once when the piece arrives and once when it leaves).
    #[inline(always)]
    pub(crate) fn flip_kind_bit(&mut self, sq: Square, code: u8) {
        let kind = (code & 31) as usize;
        if sq.index() < 64 && kind != 0 && kind <= KIND_BOARDS {
            let kind = kind - 1;
            self.kind_bits[kind] ^= 1 << sq.index();
        }
    }

    /// Whether the kind bit boards say what the cells say (for tests).
    #[cfg_attr(not(feature = "testing"), allow(dead_code))]
    pub(crate) fn kind_boards_in_step(&self) -> bool {
        let mut scanned = [0u64; KIND_BOARDS];
        for (i, &cell) in self.cells.iter().enumerate().take(64) {
            let kind = (cell & 31) as usize;
            if kind != 0 && kind <= KIND_BOARDS {
                scanned[kind - 1] |= 1 << i;
            }
        }
        scanned == self.kind_bits
    }

    /// Makes this board a copy of `other`, reusing this board's buffers.
    pub(crate) fn copy_from(&mut self, other: &Board) {
        // Every field is named, so a field added to the struct must be copied here too.
        let Board { cells, tokens, occupied, kind_bits, token_squares, timed, unmoved, hands, promoted } = other;
        self.cells.clone_from(cells);
        self.tokens.clone_from(tokens);
        self.occupied[0].copy_from(&occupied[0]);
        self.occupied[1].copy_from(&occupied[1]);
        self.kind_bits = *kind_bits;
        self.token_squares.copy_from(token_squares);
        self.timed = *timed;
        self.unmoved.copy_from(unmoved);
        self.hands = *hands;
        self.promoted.clone_from(promoted);
    }
}
