//! Hash keys for the whole state of a position (pieces, side to move, castling rights,
//! en-passant square, tokens with their stacks and timers, hand counts), from a fixed generator so a
//! hash is the same on every machine and in every version.

/// SplitMix64: a tiny, fixed generator; the kernel's keys must never change with a
/// dependency's version.
#[must_use]
pub fn splitmix64(mut x: u64) -> u64 {
    x = x.wrapping_add(0x9E37_79B9_7F4A_7C15);
    x = (x ^ (x >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    x = (x ^ (x >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    x ^ (x >> 31)
}

#[derive(Debug)]
pub(crate) struct Zobrist {
    squares: usize,
    pieces: Vec<u64>,
    pub side: u64,
}

const PIECE_DOMAIN: u64 = 1 << 40;
const CASTLE_DOMAIN: u64 = 2 << 40;
const EP_DOMAIN: u64 = 3 << 40;
const TOKEN_DOMAIN: u64 = 4 << 40;
const TIMER_DOMAIN: u64 = 5 << 40;
const STATE_DOMAIN: u64 = 6 << 40;
const HAND_DOMAIN: u64 = 7 << 40;
const CHECKS_DOMAIN: u64 = 8 << 40;
const FIRST_MOVE_DOMAIN: u64 = 9 << 40;

impl Zobrist {
    pub fn new(squares: usize, piece_kinds: usize, _token_kinds: usize) -> Zobrist {
        let pieces = (0..2 * piece_kinds * squares).map(|i| splitmix64(PIECE_DOMAIN + i as u64)).collect();
        Zobrist { squares, pieces, side: splitmix64(STATE_DOMAIN) }
    }

    #[inline]
    pub fn piece(&self, code: u8, sq: usize) -> u64 {
        // code = side << 5 | (kind + 1)
        let side = (code >> 5) as usize & 1;
        let kind = (code & 31) as usize - 1;
        self.pieces[((kind * 2) + side) * self.squares + sq]
    }

    pub fn castling(&self, rook_sq: usize) -> u64 {
        splitmix64(CASTLE_DOMAIN + rook_sq as u64)
    }

    pub fn en_passant(&self, sq: usize) -> u64 {
        splitmix64(EP_DOMAIN + sq as u64)
    }

    /// A token stack of `count` of `kind` on `sq` (0 = none).
    pub fn token(&self, kind: u8, count: u8, sq: usize) -> u64 {
        if count == 0 {
            return 0;
        }
        splitmix64(TOKEN_DOMAIN + ((sq as u64) << 16) + ((kind as u64) << 8) + count as u64)
    }

    /// Extra state such as a pending action or an intent, numbered by the caller.
    pub fn state(&self, index: u64) -> u64 {
        splitmix64(STATE_DOMAIN.wrapping_add(1).wrapping_add(index.wrapping_mul(0x9E37)))
    }

    /// `count` pieces of `kind` in `side`'s hand (0 = none).
    pub fn hand(&self, side: crate::geometry::Side, kind: u8, count: u8) -> u64 {
        if count == 0 {
            return 0;
        }
        splitmix64(HAND_DOMAIN + ((side.index() as u64) << 16) + ((kind as u64) << 8) + count as u64)
    }

    /// `side` has given `count` checks (0 = none).
    pub fn checks(&self, side: crate::geometry::Side, count: u8) -> u64 {
        if count == 0 {
            return 0;
        }
        splitmix64(CHECKS_DOMAIN + ((side.index() as u64) << 8) + count as u64)
    }

    /// The piece on `sq` has not moved and has a first-move pattern.
    pub fn first_move(&self, sq: usize) -> u64 {
        splitmix64(FIRST_MOVE_DOMAIN + sq as u64)
    }

    pub fn timer(&self, remaining: u16, sq: usize) -> u64 {
        if remaining == 0 {
            return 0;
        }
        splitmix64(TIMER_DOMAIN + ((sq as u64) << 16) + remaining as u64)
    }
}
