//! Legal move generation from the compiled tables: pseudo-legal moves by walking each
//! piece's patterns along precomputed rays, then a legality filter that accepts most moves
//! from pin information alone and tests the rest by make, attack test and unmake (K1).
//! Nothing here allocates or calls out of the kernel.

pub(crate) mod attacks;
#[allow(clippy::cast_possible_truncation, reason = "piece kinds below 32")]
mod conditional_attacks;
mod copy_make_perft;
#[allow(
    clippy::cast_possible_truncation,
    clippy::cast_sign_loss,
    clippy::cast_possible_wrap,
    reason = "squares of one 64-square board and piece kinds below 16"
)]
pub(crate) mod fast;
#[allow(clippy::cast_possible_truncation, reason = "squares and line lengths of a board below 65,536 squares")]
pub(crate) mod graph;
mod hops;
mod line_attacks;
mod line_legality;
pub(crate) mod links;
pub(crate) mod reads;
#[allow(
    clippy::cast_possible_truncation,
    clippy::cast_sign_loss,
    clippy::cast_possible_wrap,
    reason = "squares of one board of at most 128 squares and piece kinds below 16"
)]
pub(crate) mod wide;

use crate::attacks::NO_SQUARE;
use crate::geometry::{Side, Square};
use crate::graph::{Ahead, WarpGraph};
use crate::moves::{Move, MoveList};
use crate::position::{code_kind, code_side, Position, EFFECT_FLAGS, LINK_FLAG, PIECE_BITS, TOKEN_FLAG};
use crate::promotion::PromotionHere;
use crate::spec::{Entry, EpRole, PatternCondition, Schedule, TokenMovement};
use crate::variant::{CompiledPattern, NO_RANK};

/// Pieces pinned to the royal piece, with the direction of the pin; a fixed array so that
/// finding them never allocates.
struct Pins {
    len: usize,
    overflow: bool,
    squares: [Square; 32],
}

impl Pins {
    const NONE: Pins = Pins { len: 0, overflow: false, squares: [NO_SQUARE; 32] };

    #[inline]
    fn contains(&self, sq: Square) -> bool {
        self.overflow || self.squares[..self.len].contains(&sq)
    }
}

/// The royal pieces of the side to move (a fixed array: finding them never allocates) and
/// the pieces pinned to any of them.
struct Royals {
    len: usize,
    squares: [Square; 8],
    pins: Pins,
}

impl Royals {
    const NONE: Royals = Royals { len: 0, squares: [NO_SQUARE; 8], pins: Pins::NONE };

    #[inline]
    fn contains(&self, sq: Square) -> bool {
        self.squares[..self.len].contains(&sq)
    }

    fn iter(&self) -> impl Iterator<Item = Square> + '_ {
        self.squares[..self.len].iter().copied()
    }
}

/// Where a pattern's walk stands: the moving piece, the square reached, how far along its
/// line (`k` = 0 for the first square) and the square passed just before it.
#[derive(Clone, Copy)]
pub(crate) struct Step<'a> {
    pub from: Square,
    pub to: Square,
    pub kind: u8,
    pub pattern: &'a CompiledPattern,
    pub k: usize,
    pub passed: Square,
    /// How many leading squares of this walk an earlier pattern of the piece covers (K6):
    /// the pattern's own `skip` on its line, none past a tunnel's exit.
    pub covered: usize,
}

impl Position {
    /// Every legal move of the side to move.
    ///
    /// ```
    /// use holechess_kernel::{notation::lan, Position};
    /// # let chess = holechess_testkit::orthodox();
    /// let pos = Position::from_fen(&chess, "4k3/8/8/8/8/8/8/4K2R w K - 0 1").unwrap();
    /// let moves: Vec<String> = pos.legal_moves().iter().map(|&mv| lan(&pos, mv)).collect();
    /// assert!(moves.contains(&"e1g1".to_string()), "castling: {moves:?}");
    /// assert_eq!(moves.len(), 15);
    /// ```
    #[must_use]
    pub fn legal_moves(&self) -> MoveList {
        let mut list = MoveList::new();
        self.clone_without_history().generate_legal(&mut list);
        list
    }

    /// Fills `out` with every legal move (the position is restored before returning).
    pub fn generate_legal(&mut self, out: &mut MoveList) {
        if self.ended_by_rule() {
            out.clear();
            return;
        }
        if let Some(board) = self.fast_board() {
            // The general pseudo-legal moves, in their order, filtered by the fast path's
            // check and pin masks: the same list the general path gives.
            out.clear();
            self.generate_pseudo(out);
            if self.variant.dedup {
                out.dedup_moves();
            }
            board.retain_legal(out);
            self.append_forced_pass(out);
            return;
        }
        self.generate_legal_general(out);
        self.turn_back_flipped(out);
        self.drop_banned_captures(out);
        self.drop_pseudo_royal_exposures(out);
        self.drop_checking_moves(out);
        self.keep_compulsory_captures(out);
        self.append_forced_pass(out);
        self.drop_held_moves(out);
        self.drop_duple_exposures(out);
    }

    /// [`Position::generate_legal`] through the general path only.
    pub(crate) fn generate_legal_general(&mut self, out: &mut MoveList) {
        out.clear();
        if self.is_turn_based() {
            self.generate_turn_actions(out);
            return;
        }
        self.generate_pseudo(out);
        self.append_special(out);
        if self.variant.leaving_promoters != 0 {
            self.append_leaving_promotions(out);
        }
        let first_drop = out.len();
        self.append_drops(out);
        self.retain_colour_balanced_drops(out, first_drop);
        self.retain_enclosing_drops(out, first_drop);
        if self.variant.dedup {
            out.dedup_moves();
        }
        if !self.variant.square_links.is_empty() {
            self.dedup_link_transits(out);
        }
        self.retain_legal(out);
        self.keep_only_drops_if_due(out);
    }

    /// Counts the legal moves without keeping them beyond `scratch`.
    pub fn count_legal(&mut self, scratch: &mut MoveList) -> usize {
        self.generate_legal(scratch);
        scratch.len()
    }

    /// Whether `mv` is a legal move here.
    #[must_use]
    pub fn is_legal(&self, mv: Move) -> bool {
        self.legal_moves().contains(&mv)
    }

    /// Whether warped movement is in force: the variant has such tokens and one is on the
    /// board (otherwise the plain tables give the same moves, faster).
    #[inline]
    pub(crate) fn is_warped(&self) -> bool {
        self.variant.warped && !self.board.token_squares.is_empty()
    }

    /// The board the side to move plays on, when the schedule assigns one.
    #[must_use]
    pub fn board_to_move(&self) -> Option<usize> {
        match self.variant.spec().schedule {
            Schedule::Alternate => None,
            Schedule::SwitchBoards => {
                let white_board = ((self.state.fullmove - 1) % 2) as usize;
                Some(if self.state.side == Side::White { white_board } else { 1 - white_board })
            }
        }
    }

    /// The pseudo-legal moves (castling included), unfiltered.
    #[cfg_attr(not(feature = "testing"), allow(dead_code))]
    pub(crate) fn pseudo_moves(&self) -> MoveList {
        let mut list = MoveList::new();
        self.pseudo_moves_into(&mut list);
        list
    }

    /// The pseudo-legal moves (castling included), unfiltered,
    /// into `list` (emptied first), reusing its room: for callers that generate at every
    /// node, like the computer's capture search.
    pub fn pseudo_moves_into(&self, list: &mut MoveList) {
        list.clear();
        self.generate_pseudo(list);
        if self.variant.dedup {
            list.dedup_moves();
        }
        if !self.variant.square_links.is_empty() {
            self.dedup_link_transits(list);
        }
    }

    /// The legal moves by the slow, obviously right route: every pseudo-legal move made,
    /// tested for an attack on the mover's royal pieces and unmade. For consistency tests.
    #[cfg_attr(not(feature = "testing"), allow(dead_code))]
    pub(crate) fn legal_moves_reference(&self) -> MoveList {
        let pseudo = self.pseudo_moves();
        let mut pos = self.clone();
        let mut list = MoveList::new();
        for &mv in pseudo.iter() {
            if pos.tested_legal(mv) {
                list.push(mv);
            }
        }
        list
    }

    pub(crate) fn generate_pseudo(&self, out: &mut MoveList) {
        self.generate_pseudo_where(|_, _| true, out);
    }

    /// The pseudo-legal moves of the pieces `keep` accepts (by square and kind), and castling.
    /// Every pattern walks one line of the next-square graph: on a board whose tokens change
    /// geometry the graph's line (absent squares skipped, tunnels, edge gateways), else the
    /// precomputed ray, which is the same line of the trivial graph. Royal pieces walk the
    /// rays always (WH6).
    #[inline(always)]
    pub(crate) fn generate_pseudo_where(&self, keep: impl Fn(Square, u8) -> bool, out: &mut MoveList) {
        let v = &*self.variant;
        let us = self.state.side;
        let board = self.board_to_move();
        let cells_per_board = v.geometry().cells_per_board();
        let graph = self.is_warped().then(|| self.warp_graph());
        let start = out.len();
        for from in self.board.occupied[us.index()].iter() {
            if board.is_some_and(|b| from.index() / cells_per_board != b) {
                continue;
            }
            let kind = code_kind(self.board.cells[from.index()] & PIECE_BITS);
            if !keep(from, kind) {
                continue;
            }
            let graph = graph.as_deref().filter(|_| !v.is_royal(kind));
            for p in &v.plain_patterns[us.index()][kind as usize] {
                if self.condition_holds(p.condition, from, us) {
                    self.walk_pattern(graph, from, kind, p, out);
                }
            }
        }
        if v.special_kinds != 0 {
            self.generate_special_pieces(graph.as_deref(), &keep, out);
        }
        if graph.is_some() {
            dedup_graph_moves(out, start);
        }
        if v.spec().rules.castling.is_some() {
            self.generate_castling(out);
        }
    }

    /// The moves of the pieces with a hop or a pattern barred from a rank (kept out of the
    /// plain loop above, which stays as lean as it was).
    #[inline(never)]
    fn generate_special_pieces(
        &self,
        graph: Option<&WarpGraph>,
        keep: &impl Fn(Square, u8) -> bool,
        out: &mut MoveList,
    ) {
        let v = &*self.variant;
        let board = self.board_to_move();
        let cells_per_board = v.geometry().cells_per_board();
        for from in self.board.occupied[self.state.side.index()].iter() {
            let kind = code_kind(self.board.cells[from.index()] & PIECE_BITS);
            let on_board = board.is_none_or(|b| from.index() / cells_per_board == b);
            if v.special_kinds & (1 << kind) != 0 && on_board && keep(from, kind) {
                let graph = graph.filter(|_| !v.is_royal(kind));
                self.walk_special_piece(graph, from, kind, out);
            }
        }
    }

    /// The moves of one piece with a hop or a pattern barred from a rank.
    fn walk_special_piece(&self, graph: Option<&WarpGraph>, from: Square, kind: u8, out: &mut MoveList) {
        let us = self.state.side;
        let start = out.len();
        for p in &self.variant.patterns[us.index()][kind as usize] {
            if !self.condition_holds(p.condition, from, us) {
                continue;
            }
            if p.is_special() {
                self.walk_special(graph, from, kind, p, out);
            } else {
                self.walk_pattern(graph, from, kind, p, out);
            }
        }
        self.retain_in_region(kind, start, out);
    }

    /// A hop, or a pattern barred from a rank: its moves, without those ending on that rank
    /// and without captures on it (the movement attacks nothing there, so a capture that a
    /// link or a token's exit carries on elsewhere is no move either).
    fn walk_special(&self, graph: Option<&WarpGraph>, from: Square, kind: u8, p: &CompiledPattern, out: &mut MoveList) {
        let start = out.len();
        if p.hop() {
            self.walk_hop(from, kind, p, out);
        } else if p.lame() {
            self.walk_lame(from, kind, p, out);
        } else {
            self.walk_pattern(graph, from, kind, p, out);
        }
        let barred = p.barred();
        if barred != NO_RANK {
            let g = self.variant.geometry();
            let mut i = start;
            while i < out.len() {
                let on_barred = |sq: Square| g.relative_rank(sq, self.state.side) == barred;
                let lands_barred = match out.as_slice()[i] {
                    Move::Transit { entry, exit, .. } => on_barred(exit) || self.captures_on(entry) && on_barred(entry),
                    mv => mv.to().is_some_and(on_barred),
                };
                if lands_barred {
                    out.swap_remove(i);
                } else {
                    i += 1;
                }
            }
        }
    }

    /// Whether a move entering `sq` captures there: an enemy piece stands on it.
    #[inline]
    fn captures_on(&self, sq: Square) -> bool {
        let code = self.board.cells[sq.index()] & PIECE_BITS;
        code != 0 && code_side(code) != self.state.side
    }

    /// Whether a pattern with `condition` may be used by the piece of `us` on `from`. Most
    /// patterns hold always, which is answered without a call.
    #[inline(always)]
    pub(crate) fn condition_holds(&self, condition: PatternCondition, from: Square, us: Side) -> bool {
        matches!(condition, PatternCondition::Always) || self.condition_holds_now(condition, from, us)
    }

    /// [`Position::condition_holds`] for a pattern that holds only at times.
    #[inline(never)]
    fn condition_holds_now(&self, condition: PatternCondition, from: Square, us: Side) -> bool {
        match condition {
            PatternCondition::Always => true,
            PatternCondition::FirstMove => self.board.unmoved.contains(from),
            PatternCondition::FromRank(r) => self.variant.geometry().relative_rank(from, us) == r,
            PatternCondition::OutOfCheck => !self.royal_attacked(us),
            PatternCondition::FirstMoveOutOfCheck => self.board.unmoved.contains(from) && !self.royal_attacked(us),
            PatternCondition::FromSquares(squares) => squares.holds(self.variant.geometry(), from, us),
        }
    }

    /// The moves of pattern `p` along its line of `graph` (`None`: the trivial graph, whose
    /// lines are the rays).
    #[inline(always)]
    fn walk_pattern(&self, graph: Option<&WarpGraph>, from: Square, kind: u8, p: &CompiledPattern, out: &mut MoveList) {
        match graph {
            None => {
                self.walk_squares(from, kind, p, self.variant.ray(p.dir, from), p.skip as usize, out);
            }
            Some(graph) => self.walk_line(&graph.ahead(p.dir, from), from, kind, p, out),
        }
    }

    /// WH3, WH4: a line with absent squares: its existing squares (a step or leap lands on
    /// the first, a slide runs over them until blocked), then, when the walk reached the first
    /// absent square (a step or leap only when it is the line's first square; a slide after
    /// empty existing squares), the tunnel to the next absent square and the existing squares
    /// after it: one tunnel per move, and range-limited slides (the double step) never tunnel.
    #[inline(never)]
    fn walk_line(&self, line: &Ahead<'_>, from: Square, kind: u8, p: &CompiledPattern, out: &mut MoveList) {
        let stop = self.walk_squares(from, kind, p, line.skip, p.skip as usize, out);
        let tunnels = p.range <= 1 && p.en_passant != EpRole::Sets;
        if tunnels && line.before_entry.is_some_and(|before| before <= stop) {
            // The squares past the exit are covered by no other pattern's leading squares: a
            // step that tunnels lands on the first of them too, and the duplicate goes (K6).
            self.walk_squares(from, kind, p, line.tunnel, 0, out);
        }
    }

    /// Walks pattern `p` over `squares` (a line from `from`, nearest first) and returns where
    /// it stopped: the index of the square that blocked it or ended its range, or the line's
    /// length when it ran to the end.
    #[inline(always)]
    fn walk_squares(
        &self,
        from: Square,
        kind: u8,
        p: &CompiledPattern,
        squares: &[Square],
        covered: usize,
        out: &mut MoveList,
    ) -> usize {
        let v = &*self.variant;
        let us = self.state.side;
        let limit = if p.range == 0 { usize::MAX } else { p.range as usize };
        let mut passed = from;
        for (k, &to) in squares.iter().enumerate() {
            let step = Step { from, to, kind, pattern: p, k, passed, covered };
            passed = to;
            let cell = self.board.cells[to.index()];
            if cell == 0 {
                if p.mode.moves() && k >= covered {
                    self.push_quiet(&step, out);
                } else if p.en_passant == EpRole::Captures && self.state.ep.is_some_and(|ep| ep.square == to) {
                    out.push(Move::EnPassant { from, to });
                }
            } else if cell & EFFECT_FLAGS != 0 {
                if !self.token_square(&step, out) {
                    return k;
                }
            } else {
                let code = cell & PIECE_BITS;
                if k >= covered && code_side(code) != us && p.mode.captures() && !v.is_royal(code_kind(code)) {
                    self.push_with_promotions(from, to, kind, false, out);
                }
                return k;
            }
            if k + 1 >= limit {
                return k;
            }
        }
        squares.len()
    }

    /// A move to an empty square: a double step past its first square, else a step (with
    /// promotions).
    #[inline(always)]
    fn push_quiet(&self, step: &Step<'_>, out: &mut MoveList) {
        let Step { from, to, kind, pattern, k, passed, .. } = *step;
        if pattern.en_passant == EpRole::Sets && k > 0 && !self.promotes(kind, to, false) {
            out.push(Move::DoubleStep { from, to, passed });
        } else {
            self.push_with_promotions(from, to, kind, false, out);
        }
    }

    /// A move to an empty square where a token forbids the promotion due there: a double
    /// step past its first square, else a plain move.
    fn unpromoted_quiet(&self, step: &Step<'_>) -> Move {
        let Step { from, to, pattern, k, passed, .. } = *step;
        if pattern.en_passant == EpRole::Sets && k > 0 {
            Move::DoubleStep { from, to, passed }
        } else {
            Move::Normal { from, to, promotion: None }
        }
    }

    /// Whether a piece of `kind` ending on `to` must or may promote.
    #[inline]
    pub(crate) fn promotes(&self, kind: u8, to: Square, on_token_blocking: bool) -> bool {
        self.promotion_here(kind, to, on_token_blocking) != PromotionHere::None
    }

    #[inline(always)]
    pub(crate) fn push_with_promotions(
        &self,
        from: Square,
        to: Square,
        kind: u8,
        token_blocks: bool,
        out: &mut MoveList,
    ) {
        self.push_each_promotion(kind, to, token_blocks, out, |promotion| Move::Normal { from, to, promotion });
    }

    /// A pattern reached a square holding a token: generate what the token's effect on this
    /// mover allows (`effects.rs`) and say whether the walk goes on past it. Plain and warped
    /// generation both come here, so a token behaves the same whatever else is on the board.
    pub(crate) fn token_square(&self, step: &Step<'_>, out: &mut MoveList) -> bool {
        let v = &*self.variant;
        let Step { from, to, kind, pattern: p, k, covered, .. } = *step;
        let code = self.board.cells[to.index()] & PIECE_BITS;
        let royal = v.is_royal(kind);
        if k < covered {
            // An earlier pattern of the piece has the moves here: only pass over, if lines do.
            return code == 0 && self.effect_at(to, royal).is_none_or(|e| e.passage == TokenMovement::Open);
        }
        let Some(&effect) = self.effect_at(to, royal) else {
            if !self.link_ends(to).is_empty() {
                return self.link_square(step, code, out);
            }
            return self.plain_square(step, code, false, out);
        };
        if effect.is_ordinary() {
            return self.plain_square(step, code, effect.blocks_promotion, out);
        }
        if code != 0 && (code_side(code) == self.state.side || v.is_royal(code_kind(code))) {
            return false;
        }
        let enters = !self.is_dormant_stack(to)
            && match effect.entry {
                Entry::None => false,
                Entry::CaptureMove => p.mode.captures(),
                Entry::AnyMove if code != 0 => p.mode.captures(),
                Entry::AnyMove => p.mode.moves(),
            };
        if let Some(exit_kind) = self.exit_kind(to, effect.exit).filter(|_| enters) {
            for exit in self.board.token_squares.iter() {
                if exit != to && exit != from && self.is_open_token(exit, exit_kind) {
                    self.push_transits(from, to, exit, kind, out);
                }
            }
        }
        if effect.passage == TokenMovement::Open {
            return self.plain_square(step, code, effect.blocks_promotion, out);
        }
        false
    }

    /// A token square that behaves as an ordinary square for this move (`code` is the
    /// piece on it, 0 for none).
    pub(crate) fn plain_square(&self, step: &Step<'_>, code: u8, no_promo: bool, out: &mut MoveList) -> bool {
        let v = &*self.variant;
        let Step { from, to, kind, pattern: p, .. } = *step;
        if code == 0 {
            if p.mode.moves() {
                if no_promo && self.promotes(kind, to, false) {
                    // Kept from promoting by the token, the pawn stays a pawn: a double step
                    // still passes its first square (WH3 and WH8 tie the missing en-passant
                    // square to the promotion).
                    out.push(self.unpromoted_quiet(step));
                } else {
                    self.push_quiet(step, out);
                }
            } else if p.en_passant == EpRole::Captures
                && self.state.ep.is_some_and(|ep| ep.square == to)
                && self.link_ends(to).is_empty()
            {
                // En passant lands on the square as a step would: a token there that lets
                // pieces land does not stop it. A linked square would send the capturer on
                // through its link, which en passant does not do: none there.
                out.push(Move::EnPassant { from, to });
            }
            return true;
        }
        if code_side(code) != self.state.side && p.mode.captures() && !v.is_royal(code_kind(code)) {
            self.push_with_promotions(from, to, kind, no_promo, out);
        }
        false
    }

    fn push_transits(&self, from: Square, entry: Square, exit: Square, kind: u8, out: &mut MoveList) {
        let blocks = self.effect_at(exit, self.variant.is_royal(kind)).is_some_and(|e| e.blocks_promotion);
        self.push_each_promotion(kind, exit, blocks, out, |promotion| Move::Transit { from, entry, exit, promotion });
    }

    /// The piece that castles as the king for `side`, on whatever rank the setup put it
    /// (its rooks stand on that rank): the one nearest its own first rank if there are several.
    pub(crate) fn castling_king(&self, side: Side) -> Option<Square> {
        let v = &*self.variant;
        let g = v.geometry();
        let mut best: Option<(u8, Square)> = None;
        for sq in self.board.occupied[side.index()].iter() {
            if v.castle_king_mask & (1 << code_kind(self.board.cells[sq.index()] & PIECE_BITS)) == 0 {
                continue;
            }
            let rank = g.relative_rank(sq, side);
            if rank == 0 {
                return Some(sq);
            }
            if best.is_none_or(|(r, _)| rank < r) {
                best = Some((rank, sq));
            }
        }
        best.map(|(_, sq)| sq)
    }

    pub(crate) fn generate_castling(&self, out: &mut MoveList) {
        let us = self.state.side;
        if self.state.castling[us.index()] == [None, None] {
            return;
        }
        let Some(king) = self.castling_king(us) else { return };
        if self.board_to_move().is_some_and(|b| self.variant.geometry().board_of(king) != b) {
            return;
        }
        for slot in 0..2 {
            let Some(rook) = self.state.castling[us.index()][slot] else { continue };
            if self.castling_path_clear(us, king, rook) {
                out.push(Move::Castle { king, rook });
            }
        }
    }

    /// Castling needs every square from king and rook to their destinations empty (but for
    /// the two), free of active tokens (PH12, PT3, WH6), and the king's path unattacked.
    fn castling_path_clear(&self, us: Side, king: Square, rook: Square) -> bool {
        let g = self.variant.geometry();
        let (kd, rd) = self.castle_destinations(us, king, rook);
        let files = [g.file_of(king), g.file_of(rook), g.file_of(kd), g.file_of(rd)];
        let lo = *files.iter().min().expect("four files");
        let hi = *files.iter().max().expect("four files");
        let (board, rank) = (g.board_of(king), g.rank_of(king));
        for file in lo..=hi {
            let sq = g.square(board, file, rank);
            let cell = self.board.cells[sq.index()];
            let piece = cell & PIECE_BITS;
            if piece != 0 && sq != king && sq != rook {
                return false;
            }
            if cell & TOKEN_FLAG != 0 && self.token_active(sq) {
                return false;
            }
        }
        // Only a royal king may not castle out of, through or into check: a castling piece
        // that is not royal is never in check (as in Fairy-Stockfish's extinction variants).
        if !self.piece_at(king).is_some_and(|piece| self.variant.is_royal(piece.kind)) {
            return true;
        }
        let them = us.opponent();
        let (kf, kdf) = (g.file_of(king), g.file_of(kd));
        let (a, b) = if kf <= kdf { (kf, kdf) } else { (kdf, kf) };
        // A square where the king would stand in check across a link is barred too (HP6, HP7).
        let link_check = self.variant.spec().links.link_check;
        (a..=b).all(|file| {
            let sq = g.square(board, file, rank);
            !(self.is_attacked_ignoring(sq, them, NO_SQUARE) || link_check && self.linked_to_side(sq, them))
        })
    }

    /// Keeps the legal moves of `list`.
    pub(crate) fn retain_legal(&mut self, list: &mut MoveList) {
        if self.is_warped() {
            self.retain_warped_legal(list);
            return;
        }
        let them = self.state.side.opponent();
        let mut royals = Royals::NONE;
        let fast = self.pins_decide(&mut royals);
        let mut i = 0;
        while i < list.len() {
            let mv = list.as_slice()[i];
            let legal = if fast { self.fast_legal(mv, &royals, them) } else { self.tested_legal(mv) };
            if legal {
                i += 1;
            } else {
                list.swap_remove(i);
            }
        }
    }

    /// Whether the royal pieces of the side to move and the pieces pinned to them (filled into
    /// `royals`) judge most moves without making them: no royal piece is attacked or stands
    /// on a token or a linked square (whose attackers depend on far ends any move may fill or
    /// free), and every attack runs along the unconditional attack lines (hops and
    /// conditional captures send every move to the full test).
    fn pins_decide(&self, royals: &mut Royals) -> bool {
        let v = &*self.variant;
        let simple = !v.spec().links.link_check && !v.hops && !v.tested_legality && v.conditional_capturers == 0;
        if !simple {
            return false;
        }
        let us = self.state.side;
        let them = us.opponent();
        for king in self.royals(us) {
            let plain = self.board.cells[king.index()] & EFFECT_FLAGS == 0;
            if royals.len == royals.squares.len() || !plain || self.is_attacked(king, them) {
                return false;
            }
            royals.squares[royals.len] = king;
            royals.len += 1;
            self.pins(king, us, &mut royals.pins);
        }
        royals.len > 0
    }

    /// Keeps the moves of `list` that pass the full test (make, attack test, unmake).
    pub(crate) fn retain_tested(&mut self, list: &mut MoveList) {
        let mut i = 0;
        while i < list.len() {
            if self.tested_legal(list.as_slice()[i]) {
                i += 1;
            } else {
                list.swap_remove(i);
            }
        }
    }

    /// The legality of `mv` with no royal piece attacked, from the pins alone where they
    /// decide it. A move that makes a royal piece (a promotion or a drop) adds one the pins
    /// know nothing of: it is made and tested.
    #[inline]
    fn fast_legal(&mut self, mv: Move, royals: &Royals, them: Side) -> bool {
        match mv {
            Move::Normal { from, to, promotion } => {
                if royals.contains(from) {
                    self.royal_step_legal(mv, from, to, royals, them)
                } else if royals.pins.contains(from) || promotion.is_some_and(|kind| self.variant.is_royal(kind)) {
                    self.tested_legal(mv)
                } else {
                    true
                }
            }
            Move::DoubleStep { from, to, .. } => {
                if royals.contains(from) {
                    self.royal_step_legal(mv, from, to, royals, them)
                } else if royals.pins.contains(from) {
                    self.tested_legal(mv)
                } else {
                    true
                }
            }
            // A drop only adds a piece: with no royal piece in check it exposes nothing,
            // unless it lands on a token (which a piece may put to sleep).
            Move::Drop { piece, to } => {
                self.board.cells[to.index()] & TOKEN_FLAG == 0 && !self.variant.is_royal(piece) || self.tested_legal(mv)
            }
            // A transit empties its origin (a token lands there and blocks) and its entry, and
            // fills its exit: only an origin or entry on a slider line to a royal piece can
            // expose it. A royal piece's own transit ends on its exit, which any enemy may attack.
            Move::Transit { from, entry, promotion, .. } => {
                let v = &*self.variant;
                let exposes = royals.contains(from)
                    || promotion.is_some_and(|kind| v.is_royal(kind))
                    || royals.iter().any(|k| v.on_slider_line(them, k, from) || v.on_slider_line(them, k, entry));
                !exposes || self.tested_legal(mv)
            }
            _ => self.tested_legal(mv),
        }
    }

    /// A royal piece's step or slide: safe when its destination is unattacked with the piece
    /// lifted, unless it is pinned to another royal piece or ends on a linked square (where
    /// its own origin may be the far end that lets attackers in): those are made and tested.
    #[inline]
    fn royal_step_legal(&mut self, mv: Move, from: Square, to: Square, royals: &Royals, them: Side) -> bool {
        let unlinked = self.board.cells[to.index()] & LINK_FLAG == 0;
        if unlinked && !royals.pins.contains(from) {
            !self.is_attacked_ignoring(to, them, from)
        } else {
            self.tested_legal(mv)
        }
    }

    /// Make, look for an attack on the mover's royal pieces, unmake (K1: before events).
    pub(crate) fn tested_legal(&mut self, mv: Move) -> bool {
        let us = self.state.side;
        let undo = self.apply(mv);
        let legal = !self.royal_attacked(us);
        self.retract(undo);
        legal
    }

    /// Own pieces standing alone between the royal piece on `king` and an enemy slider aimed
    /// at it, added to `pins`.
    fn pins(&self, king: Square, us: Side, pins: &mut Pins) {
        let v = &*self.variant;
        let them = us.opponent();
        for &(dir, reach) in &v.slider_dirs[them.index()] {
            let ray = v.ray(dir, king);
            let mut candidate = NO_SQUARE;
            for (k, &sq) in ray.iter().take(reach as usize).enumerate() {
                let cell = self.board.cells[sq.index()];
                if cell == 0 {
                    continue;
                }
                let code = cell & PIECE_BITS;
                if code == 0 {
                    if self.token_blocks_line(sq) {
                        break;
                    }
                    continue;
                }
                if code_side(code) == us {
                    if candidate != NO_SQUARE {
                        break;
                    }
                    candidate = sq;
                    continue;
                }
                if candidate != NO_SQUARE && v.attack_mask(them, dir, k + 1) & (1 << code_kind(code)) != 0 {
                    if pins.len == pins.squares.len() {
                        // More pins than room: every move goes to the full test.
                        pins.overflow = true;
                    } else {
                        pins.squares[pins.len] = candidate;
                        pins.len += 1;
                    }
                }
                break;
            }
        }
    }
}

/// K6: the moves generated from `start` on, each once (a tunnel may reach a square the
/// piece's line or another pattern reaches too); WH8: a double step replaces a tunnel's step
/// to the same square. Each piece's moves stand together; a move whose destination the piece
/// has not reached yet (of the first 64 squares) is kept without a search.
fn dedup_graph_moves(out: &mut MoveList, start: usize) {
    let mut kept = start;
    let mut piece = None;
    let mut first = start;
    let mut seen = 0u64;
    for i in start..out.len() {
        let mv = out.as_slice()[i];
        if mv.from() != piece {
            piece = mv.from();
            first = kept;
            seen = 0;
        }
        let to = mv.to().map_or(u64::MAX, |to| if to.index() < 64 { 1u64 << to.0 } else { u64::MAX });
        let fresh = seen & to == 0;
        seen |= to;
        if fresh || keep_among(out.as_mut_slice(), first..kept, mv) {
            out.as_mut_slice()[kept] = mv;
            kept += 1;
        }
    }
    out.truncate(kept);
}

/// Whether `mv` is kept beside the moves `list[kept]` of its piece: not when one of them is
/// the same move, or a double step to its square (WH8); a double step takes the place of a
/// step to its square there.
fn keep_among(list: &mut [Move], kept: std::ops::Range<usize>, mv: Move) -> bool {
    let list = &mut list[kept];
    if list.contains(&mv) {
        return false;
    }
    match mv {
        Move::Normal { from, to, promotion: None } => {
            !list.iter().any(|&m| matches!(m, Move::DoubleStep { from: f, to: t, .. } if f == from && t == to))
        }
        Move::DoubleStep { from, to, .. } => {
            let step = Move::Normal { from, to, promotion: None };
            match list.iter().position(|&m| m == step) {
                Some(i) => {
                    list[i] = mv;
                    false
                }
                None => true,
            }
        }
        _ => true,
    }
}
