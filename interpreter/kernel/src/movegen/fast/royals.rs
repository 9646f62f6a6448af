//! Legal moves on a [`Board64`] when the side to move has no royal piece or several
//! (`any number of royal pieces`): a move is legal only if it leaves none of the mover's
//! royal pieces attacked (K1 for each of them). Each royal piece has its own check mask and
//! pins ([`Safety`]); a non-royal move must end inside every mask and, when pinned, inside
//! every pin it stands in; a royal piece's move must end unattacked with it lifted and inside
//! the masks and pins of the others. Pinned pawns and en passant are tested on the board
//! after them. Without a royal piece every pseudo-legal move is legal. Such boards hold no
//! tokens, no castling rights, no hoppers and no wrapped files ([`several_royals_fit`]).

use super::board::{Board64, FastMove};
use super::legal::{Safety, Sink};
use super::rules::{squares_of, FastRules};

/// Up to this many royal pieces a side take the bit boards (more: table walking).
pub(crate) const MAX_ROYALS: usize = 8;

/// Whether the bit boards play a position whose sides have `royals` (own royal pieces per
/// side) when a side has other than one: the variant allows any number, at most
/// [`MAX_ROYALS`] a side, and the position has no token on the board and no castling right
/// (castling names one king) and the variant neither hoppers, wrapped files nor square links
/// (a move through a link is judged for one royal piece only).
pub(crate) fn several_royals_fit(rules: &FastRules, royals: [u64; 2], no_tokens: bool, no_castling: bool) -> bool {
    let one_each = royals.iter().all(|r| r.count_ones() == 1);
    let counts_fit = royals.iter().all(|r| r.count_ones() as usize <= MAX_ROYALS);
    let plain_lines = rules.hoppers == 0 && !rules.wraps && rules.links.starts == 0;
    one_each || rules.royals_any_number && counts_fit && no_tokens && no_castling && plain_lines
}

/// The safety of each royal piece of the side to move and what they ask of every move.
struct Guards {
    /// One [`Safety`] per royal piece (the first `count`).
    each: [Safety; MAX_ROYALS],
    count: usize,
    /// Squares a non-royal move must end on: every royal piece's check mask.
    mask: u64,
    /// Pieces pinned to at least one royal piece (royal pieces among them).
    pinned: u64,
}

impl Board64<'_> {
    /// Whether the side to move has other than one royal piece (only in a variant with any
    /// number of them).
    #[inline(always)]
    pub(crate) fn has_other_than_one_royal(&self) -> bool {
        self.rules.royals_any_number && self.royals(self.us).count_ones() != 1
    }

    /// The safety of every royal piece of the side to move.
    #[inline(always)]
    fn guards(&self) -> Guards {
        let mut guards =
            Guards { each: [Safety::tested(0, 0, (0, 0)); MAX_ROYALS], count: 0, mask: u64::MAX, pinned: 0 };
        for king in squares_of(self.royals(self.us)) {
            let s = self.safety_at::<false>(king);
            guards.mask &= s.mask;
            guards.pinned |= s.pinned;
            guards.each[guards.count] = s;
            guards.count += 1;
        }
        guards
    }

    /// Where the piece on `from` may end by the pins it stands in (all squares when none).
    #[inline(always)]
    fn pin_limit(&self, guards: &Guards, from: usize) -> u64 {
        let bit = 1u64 << from;
        if guards.pinned & bit == 0 {
            return u64::MAX;
        }
        guards.each[..guards.count]
            .iter()
            .filter(|s| s.pinned & bit != 0)
            .fold(u64::MAX, |ray, s| ray & self.pin_ray(s, from))
    }

    /// The legal moves of the side to move ending on `only`, with no royal piece or several.
    #[cold]
    #[inline(never)]
    pub(super) fn generate_for_royals<S: Sink>(&self, only: u64, sink: &mut S) {
        let guards = self.guards();
        let (us, them) = (self.us, self.us ^ 1);
        let occupied = self.occupied();
        let targets = !self.sides[us] & !self.royals(them) & only;
        self.royal_moves(&guards, targets, sink);
        let royal = self.rules.royal as usize;
        let pawn_kind = self.rules.pawn_kind();
        for kind in 0..self.rules.kinds {
            if kind == royal || kind == pawn_kind {
                continue;
            }
            for from in squares_of(self.kinds[kind] & self.sides[us]) {
                let to = self.piece_attacks_in::<false>(kind, from, occupied) & targets & guards.mask;
                sink.targets(from, to & self.pin_limit(&guards, from));
            }
        }
        if self.rules.pawn.is_some() {
            self.royal_guarded_pawn_moves(&guards, targets, sink);
        }
    }

    /// Each royal piece's steps: onto squares unattacked with it lifted, inside the other
    /// royal pieces' check masks and the pins it stands in (it may shield another).
    #[inline(always)]
    fn royal_moves<S: Sink>(&self, guards: &Guards, targets: u64, sink: &mut S) {
        let (us, them) = (self.us, self.us ^ 1);
        let royal = self.rules.royal as usize;
        let occupied = self.occupied();
        for (i, s) in guards.each[..guards.count].iter().enumerate() {
            let others = guards.each[..guards.count].iter().enumerate().filter(|&(j, _)| j != i);
            let mask = others.fold(u64::MAX, |mask, (_, other)| mask & other.mask);
            let mut moves = self.rules.leaps[us][royal][s.king] & targets & mask & self.pin_limit(guards, s.king);
            let lifted = occupied ^ 1 << s.king;
            for to in squares_of(moves) {
                if self.unsafe_for_king_in::<false>(to, self.sides[them], lifted, s.their_lines) {
                    moves &= !(1 << to);
                }
            }
            sink.targets(s.king, moves);
        }
    }

    /// The pawns' moves: the unpinned ones by the check masks (en passant tested after it),
    /// the pinned ones each tested on the board after it.
    #[inline(always)]
    fn royal_guarded_pawn_moves<S: Sink>(&self, guards: &Guards, targets: u64, sink: &mut S) {
        let pawns = self.pawns(self.us);
        let free = Safety { mask: guards.mask, ..Safety::tested(0, 0, (0, 0)) };
        self.pawn_moves_of(&free, pawns & !guards.pinned, targets, &mut EnPassantTested { board: self, sink });
        let pinned = pawns & guards.pinned;
        if pinned != 0 {
            let unmasked = Safety::tested(0, 0, (0, 0));
            self.pawn_moves_of(&unmasked, pinned, targets, &mut RoyalsTested { board: self, sink });
        }
    }

    /// Whether a royal piece of `side` is attacked (no tokens on such a board).
    #[inline]
    pub(crate) fn any_royal_attacked(&self, side: usize) -> bool {
        let by = side ^ 1;
        let (occupied, lines) = (self.occupied(), self.line_pieces(by));
        squares_of(self.royals(side)).any(|king| self.attackers(king, by, self.sides[by], occupied, lines) != 0)
    }

    /// Whether `mv` leaves none of the mover's royal pieces attacked, on a copy of the board.
    #[inline]
    fn leaves_royals_safe(&self, mv: FastMove) -> bool {
        let mut child = *self;
        child.make(mv);
        !child.any_royal_attacked(self.us)
    }

    /// Keeps the legal moves of `list` (the general generator's pseudo-legal moves), each
    /// tested on the board after it, in the order the general path keeps them.
    pub(super) fn retain_legal_for_royals(&self, list: &mut crate::moves::MoveList) {
        let mut i = 0;
        while i < list.len() {
            let legal = FastMove::from_move(list.as_slice()[i]).is_some_and(|mv| self.leaves_royals_safe(mv));
            if legal {
                i += 1;
            } else {
                list.swap_remove(i);
            }
        }
    }
}

/// A sink that keeps the moves leaving none of the mover's royal pieces attacked, each
/// tested on a copy of the board.
struct RoyalsTested<'a, 'b, S> {
    board: &'a Board64<'b>,
    sink: &'a mut S,
}

impl<S: Sink> Sink for RoyalsTested<'_, '_, S> {
    #[inline]
    fn push(&mut self, mv: FastMove) {
        if self.board.leaves_royals_safe(mv) {
            self.sink.push(mv);
        }
    }
}

/// A sink that passes every move on but tests en passant (it empties two squares of lines)
/// on a copy of the board.
struct EnPassantTested<'a, 'b, S> {
    board: &'a Board64<'b>,
    sink: &'a mut S,
}

impl<S: Sink> Sink for EnPassantTested<'_, '_, S> {
    const COUNTS_ONLY: bool = S::COUNTS_ONLY;

    #[inline(always)]
    fn push(&mut self, mv: FastMove) {
        if !mv.is_en_passant() || self.board.leaves_royals_safe(mv) {
            self.sink.push(mv);
        }
    }
    #[inline(always)]
    fn targets(&mut self, from: usize, targets: u64) {
        self.sink.targets(from, targets);
    }
    #[inline(always)]
    fn shifted(&mut self, targets: u64, delta: i32) {
        self.sink.shifted(targets, delta);
    }
    #[inline(always)]
    fn double_steps(&mut self, targets: u64, delta: i32) {
        self.sink.double_steps(targets, delta);
    }
}
