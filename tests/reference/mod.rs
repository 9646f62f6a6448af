//! A slow, obvious reference move generator for single-board variants, written from the
//! rules (RULINGS.md and docs/rule-language.md) rather than from the engine's generators:
//! every pattern of every piece is walked square by square over the token effects, each
//! candidate is applied and the mover's royal pieces are tested by generating every enemy
//! capture-move. It reads only the public position and the compiled token effect tables.

use std::collections::BTreeSet;

use holechess_kernel::spec::{
    CastleRole, Entry, EpRole, Exit, LinkEntry, PatternCondition, PatternMode, TokenMovement,
};
use holechess_kernel::testing::RawEdits;
use holechess_kernel::testing::TestHooks;
use holechess_kernel::{Move, Piece, Position, Side, Square, SquareEffect};

/// The legal moves of the side to move, as a set.
pub fn legal_moves(pos: &Position) -> BTreeSet<MoveKey> {
    let us = pos.side_to_move();
    let mut legal = BTreeSet::new();
    for mv in pseudo_moves(pos, us, false) {
        let mut after = pos.clone();
        let undo = after.apply_move(mv);
        let safe = royals(&after, us).into_iter().all(|sq| !attacked(&after, sq, us.opponent()));
        after.unmake(undo);
        if safe {
            legal.insert(MoveKey(mv));
        }
    }
    legal
}

/// A move ordered for sets (by its debug text, which names every field).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct MoveKey(pub Move);

impl PartialOrd for MoveKey {
    fn partial_cmp(&self, other: &Self) -> Option<std::cmp::Ordering> {
        Some(self.cmp(other))
    }
}

impl Ord for MoveKey {
    fn cmp(&self, other: &Self) -> std::cmp::Ordering {
        format!("{:?}", self.0).cmp(&format!("{:?}", other.0))
    }
}

fn royals(pos: &Position, side: Side) -> Vec<Square> {
    pos.pieces_of(side).filter(|(_, p)| pos.variant().is_royal(p.kind)).map(|(sq, _)| sq).collect()
}

/// Whether a capture-move of `by` could end on `sq` (a piece of the other side standing
/// there: a dummy is put on an empty square).
pub fn attacked(pos: &Position, sq: Square, by: Side) -> bool {
    let mut probe = pos.clone();
    if probe.piece_at(sq).is_none() {
        let royal = (0..probe.variant().pieces().len() as u8).find(|&k| probe.variant().is_royal(k)).unwrap_or(0);
        probe.place_piece(sq, Piece { side: by.opponent(), kind: royal }).expect("an empty square of the board");
    }
    pseudo_moves(&probe, by, true).into_iter().any(|mv| match mv {
        Move::Normal { to, .. } => to == sq,
        Move::Transit { entry, .. } => entry == sq,
        _ => false,
    })
}

/// Every move of `side` by its patterns, castling and transits; with `royal_captures`,
/// capture-moves onto royal pieces too (that is what an attack is, K1).
pub fn pseudo_moves(pos: &Position, side: Side, royal_captures: bool) -> Vec<Move> {
    let mut out = Vec::new();
    for (from, piece) in pos.pieces_of(side).collect::<Vec<_>>() {
        let spec = pos.variant().piece(piece.kind).clone();
        for p in &spec.patterns {
            let holds = match p.condition {
                PatternCondition::Always => true,
                PatternCondition::FirstMove => pos.is_unmoved(from),
                PatternCondition::FromRank(r) => pos.geometry().relative_rank(from, side) == r,
                PatternCondition::OutOfCheck => !pos.royal_attacked(side),
                PatternCondition::FirstMoveOutOfCheck => pos.is_unmoved(from) && !pos.royal_attacked(side),
                PatternCondition::FromSquares(squares) => squares.holds(pos.geometry(), from, side),
            };
            if holds {
                let dy = if side == Side::White { p.dy } else { -p.dy };
                let walker = Walker { pos, side, from, kind: piece.kind, royal_captures, pattern: *p, dx: p.dx, dy };
                let mut moves = Vec::new();
                if p.hop {
                    walker.hop(&mut moves);
                } else {
                    walker.walk(&mut moves);
                }
                // `not onto rank N`: no move of the pattern ends there.
                let g = pos.geometry();
                moves.retain(|mv| match (p.barred_rank, mv.to()) {
                    (Some(rank), Some(to)) => g.relative_rank(to, side) != rank,
                    _ => true,
                });
                out.extend(moves);
            }
        }
    }
    if !royal_captures {
        castling(pos, side, &mut out);
    }
    let mut unique: Vec<Move> = Vec::new();
    for mv in out {
        if !unique.contains(&mv) {
            unique.push(mv);
        }
    }
    // WH8: a double step replaces a plain move to the same square.
    let doubles: Vec<(Square, Square)> = unique
        .iter()
        .filter_map(|m| match *m {
            Move::DoubleStep { from, to, .. } => Some((from, to)),
            _ => None,
        })
        .collect();
    unique.retain(|m| !matches!(*m, Move::Normal { from, to, promotion: None } if doubles.contains(&(from, to))));
    same_effect_through_links(pos, &mut unique);
    unique
}

/// The far ends of the links within one board that leave `sq`, read from the variant's
/// links block: none while a token lies on `sq`.
fn link_ends(pos: &Position, sq: Square) -> Vec<Square> {
    let links = &pos.variant().spec().links;
    let g = pos.geometry();
    let mut ends = Vec::new();
    if pos.tokens_at(sq).is_some() {
        return ends;
    }
    let same_board = links.pairs.iter().filter(|(a, b)| a.board == b.board);
    for &(a, b) in same_board.clone().chain(&links.one_way) {
        if g.square_of(a) == Some(sq) {
            ends.extend(g.square_of(b));
        }
    }
    for &(a, b) in same_board {
        if g.square_of(b) == Some(sq) {
            ends.extend(g.square_of(a));
        }
    }
    ends.retain(|&e| e != sq);
    ends.sort();
    ends.dedup();
    ends
}

/// K6: a move through a link onto an empty linked square changes nothing but where the piece
/// ends, so where the piece also reaches that square by a plain move or double step, or
/// through another empty linked square, those are one move: the plain move, else the transit
/// through the lowest linked square.
fn same_effect_through_links(pos: &Position, moves: &mut Vec<Move>) {
    let quiet = |m: &Move| match *m {
        Move::Transit { from, entry, exit, promotion }
            if pos.piece_at(entry).is_none() && pos.tokens_at(entry).is_none() =>
        {
            Some((from, entry, exit, promotion))
        }
        _ => None,
    };
    let all = moves.clone();
    moves.retain(|m| {
        let Some((from, entry, exit, promotion)) = quiet(m) else { return true };
        !all.iter().any(|o| match *o {
            Move::Normal { from: f, to, promotion: p } => (f, to, p) == (from, exit, promotion),
            Move::DoubleStep { from: f, to, .. } => (f, to, None) == (from, exit, promotion),
            _ => quiet(o).is_some_and(|(f, e, x, p)| (f, x, p) == (from, exit, promotion) && e < entry),
        })
    });
}

struct Walker<'a> {
    pos: &'a Position,
    side: Side,
    from: Square,
    kind: u8,
    royal_captures: bool,
    pattern: holechess_kernel::spec::Pattern,
    dx: i8,
    dy: i8,
}

impl Walker<'_> {
    fn royal(&self) -> bool {
        self.pos.variant().is_royal(self.kind)
    }

    /// The token's effect on this mover, `None` on an ordinary square (no token, or a token
    /// dormant under a piece).
    fn effect(&self, sq: Square) -> Option<SquareEffect> {
        let stack = self.pos.tokens_at(sq)?;
        let effects = self.pos.variant().effects(stack.kind);
        if effects.dormant_while_occupied && self.pos.piece_at(sq).is_some() {
            return None;
        }
        Some(*effects.for_mover(self.royal()))
    }

    fn absent(&self, sq: Square) -> bool {
        self.pos.piece_at(sq).is_none() && self.effect(sq).is_some_and(|e| e.passage == TokenMovement::Absent)
    }

    /// The squares of the line, absent ones included: the vector repeated, wrapping at the
    /// side edge from an absent wrapping token (WH5), ending at the edge or before the start.
    fn line(&self) -> Vec<Square> {
        let g = self.pos.geometry();
        let mut squares = Vec::new();
        let mut at = self.from;
        loop {
            let next = g.offset(at, self.dx as i32, self.dy as i32).or_else(|| {
                let wraps =
                    self.absent(at) && self.pos.tokens_at(at).is_some_and(|t| self.pos.variant().effects(t.kind).wraps);
                let rank = g.rank_of(at) as i32 + self.dy as i32;
                let edge = g.file_of(at) == 0 || g.file_of(at) == g.files - 1;
                if wraps && edge && (0..g.ranks as i32).contains(&rank) {
                    g.offset_wrapping(at, self.dx as i32, self.dy as i32)
                } else {
                    None
                }
            });
            match next {
                Some(sq) if sq != self.from => {
                    squares.push(sq);
                    at = sq;
                }
                _ => return squares,
            }
        }
    }

    /// A hop: along the line over squares without a piece whose tokens let lines pass, to
    /// the first piece (the hurdle), landing on the square right behind it.
    fn hop(&self, out: &mut Vec<Move>) {
        let line = self.line();
        for (i, &sq) in line.iter().enumerate() {
            if self.pos.piece_at(sq).is_some() {
                if let Some(&landing) = line.get(i + 1) {
                    self.land(landing, 0, sq, out);
                }
                return;
            }
            if self.effect(sq).is_some_and(|e| matches!(e.passage, TokenMovement::Blocks | TokenMovement::Impassable)) {
                return;
            }
        }
    }

    fn walk(&self, out: &mut Vec<Move>) {
        let line = self.line();
        let limit = if self.pattern.range == 0 { usize::MAX } else { self.pattern.range as usize };
        // WH3: the existing squares of the line.
        let mut passed = self.from;
        let mut k = 0;
        let mut tunnel_entry = None;
        for (i, &sq) in line.iter().enumerate() {
            if self.absent(sq) {
                let may_tunnel = self.pattern.range == 0 || (self.pattern.range == 1 && i == 0);
                if tunnel_entry.is_none() && may_tunnel && self.pattern.en_passant != EpRole::Sets {
                    tunnel_entry = Some(i);
                }
                continue;
            }
            if k >= limit || !self.land(sq, k, passed, out) {
                break;
            }
            passed = sq;
            k += 1;
        }
        if self.pattern.range > 1 {
            return;
        }
        // WH4: from the entry to the next absent square, then on along existing squares.
        let Some(entry) = tunnel_entry else { return };
        let Some(exit) = (entry + 1..line.len()).find(|&i| self.absent(line[i])) else { return };
        let mut k = 0;
        let mut passed = self.from;
        for &sq in &line[exit + 1..] {
            if self.absent(sq) {
                continue;
            }
            if !self.land(sq, k, passed, out) || self.pattern.range == 1 {
                break;
            }
            passed = sq;
            k += 1;
        }
    }

    /// Lands on an existing square; says whether a slide goes on past it.
    fn land(&self, sq: Square, k: usize, passed: Square, out: &mut Vec<Move>) -> bool {
        let piece = self.pos.piece_at(sq);
        let ends = link_ends(self.pos, sq);
        if !ends.is_empty() {
            return self.land_on_link(sq, piece, &ends, k, passed, out);
        }
        let effect = self.effect(sq);
        let ordinary = effect.is_none_or(|e| e.passage == TokenMovement::Open && e.entry == Entry::None);
        let no_promo = effect.is_some_and(|e| e.blocks_promotion);
        if ordinary {
            return self.plain(sq, piece, k, passed, no_promo, effect.is_some(), out);
        }
        let effect = effect.expect("not ordinary");
        if let Some(p) = piece {
            let royal = self.pos.variant().is_royal(p.kind);
            if p.side == self.side || (royal && !self.royal_captures) {
                return false;
            }
        }
        let dormant = self.pos.tokens_at(sq).is_some_and(|t| {
            t.count > 1 && self.pos.variant().effects(t.kind).stacking == holechess_kernel::spec::Stacking::Dormant
        });
        let mode = self.pattern.mode;
        let enters = !dormant
            && match effect.entry {
                Entry::None => false,
                Entry::CaptureMove => mode != PatternMode::MoveOnly,
                Entry::AnyMove if piece.is_some() => mode != PatternMode::MoveOnly,
                Entry::AnyMove => mode != PatternMode::CaptureOnly,
            };
        let exit_kind = match effect.exit {
            Exit::AnotherOpen => Some(self.pos.tokens_at(sq).unwrap().kind),
            Exit::OpenOf(kind) => Some(kind),
            Exit::None | Exit::Tunnel => None,
        };
        if let Some(kind) = exit_kind.filter(|_| enters) {
            for exit in self.pos.token_squares().collect::<Vec<_>>() {
                let t = self.pos.tokens_at(exit).unwrap();
                let open = t.kind == kind
                    && self.pos.piece_at(exit).is_none()
                    && !(t.count > 1
                        && self.pos.variant().effects(kind).stacking == holechess_kernel::spec::Stacking::Dormant);
                if open && exit != sq && exit != self.from {
                    let blocks = self.effect(exit).is_some_and(|e| e.blocks_promotion);
                    for promotion in self.promotions(exit, blocks) {
                        out.push(Move::Transit { from: self.from, entry: sq, exit, promotion });
                    }
                }
            }
        }
        if effect.passage == TokenMovement::Open {
            return self.plain(sq, piece, k, passed, no_promo, true, out);
        }
        false
    }

    /// Lands on a linked square holding no token: a move that enters the link (every move
    /// ending there `on landing`, a capture `on capture`) goes on to each far end that holds
    /// no piece and no token and is not the mover's square; other moves land as usual, but
    /// never by en passant.
    fn land_on_link(
        &self,
        sq: Square,
        piece: Option<Piece>,
        ends: &[Square],
        k: usize,
        passed: Square,
        out: &mut Vec<Move>,
    ) -> bool {
        if let Some(p) = piece {
            let royal = self.pos.variant().is_royal(p.kind);
            if p.side == self.side || (royal && !self.royal_captures) {
                return false;
            }
        }
        let mode = self.pattern.mode;
        let landing = self.pos.variant().spec().links.entry == LinkEntry::Landing;
        let enters =
            if piece.is_some() { mode != PatternMode::MoveOnly } else { mode != PatternMode::CaptureOnly && landing };
        if !enters {
            return self.plain(sq, piece, k, passed, false, true, out);
        }
        for &end in ends {
            if end != self.from && self.pos.piece_at(end).is_none() && self.pos.tokens_at(end).is_none() {
                for promotion in self.promotions(end, false) {
                    out.push(Move::Transit { from: self.from, entry: sq, exit: end, promotion });
                }
            }
        }
        piece.is_none()
    }

    /// An ordinary landing (`on_token`: a token lies there, so no en passant onto it).
    #[allow(clippy::too_many_arguments)]
    fn plain(
        &self,
        sq: Square,
        piece: Option<Piece>,
        k: usize,
        passed: Square,
        no_promo: bool,
        on_token: bool,
        out: &mut Vec<Move>,
    ) -> bool {
        let p = self.pattern;
        let from = self.from;
        match piece {
            None => {
                if p.mode != PatternMode::CaptureOnly {
                    let promotions = self.promotions(sq, no_promo);
                    if p.en_passant == EpRole::Sets && k > 0 && promotions == [None] {
                        out.push(Move::DoubleStep { from, to: sq, passed });
                    } else {
                        out.extend(promotions.into_iter().map(|promotion| Move::Normal { from, to: sq, promotion }));
                    }
                } else if p.en_passant == EpRole::Captures
                    && !on_token
                    && self.side == self.pos.side_to_move()
                    && self.pos.en_passant().is_some_and(|ep| ep.square == sq)
                {
                    out.push(Move::EnPassant { from, to: sq });
                }
                true
            }
            Some(target) => {
                let royal = self.pos.variant().is_royal(target.kind);
                if target.side != self.side && p.mode != PatternMode::MoveOnly && (!royal || self.royal_captures) {
                    out.extend(self.promotions(sq, no_promo).into_iter().map(|promotion| Move::Normal {
                        from,
                        to: sq,
                        promotion,
                    }));
                }
                false
            }
        }
    }

    /// `[None]`, or every choice when the piece must promote on `sq`, or both when it may.
    /// Choices are the side's list, limited to lost kinds where the piece says so (not when
    /// generating attacks: a pawn attacks whatever it could become).
    fn promotions(&self, sq: Square, blocked: bool) -> Vec<Option<u8>> {
        let v = self.pos.variant();
        let g = v.geometry();
        let Some(promo) = &v.piece(self.kind).promotion else { return vec![None] };
        let rank = g.relative_rank(sq, self.side);
        let compulsory =
            rank >= g.ranks - promo.zone_ranks || (promo.at_last_existing_square && self.file_ends_beyond(sq));
        let optional = promo.optional_ranks > 0 && rank >= g.ranks - promo.optional_ranks;
        if blocked || !(compulsory || optional) {
            return vec![None];
        }
        let side_list = promo.side_choices[self.side.index()].as_ref().unwrap_or(&promo.choices);
        let mut list: Vec<Option<u8>> = side_list
            .iter()
            .filter(|&&c| self.royal_captures || !promo.only_lost || self.has_lost(c))
            .map(|&c| Some(c))
            .collect();
        if !compulsory {
            list.insert(0, None);
        }
        list
    }

    /// Whether every square beyond `sq` on its file (forward for the mover) is a permanent
    /// hole: no piece, a token impassable or absent for non-royal pieces, no lifetime, no timer.
    fn file_ends_beyond(&self, sq: Square) -> bool {
        let g = self.pos.geometry();
        let (board, file) = (g.board_of(sq), g.file_of(sq));
        let rank = g.rank_of(sq) as i32;
        let step = if self.side == Side::White { 1 } else { -1 };
        let beyond: Vec<Square> = (1..g.ranks as i32)
            .map(|k| rank + k * step)
            .take_while(|r| (0..g.ranks as i32).contains(r))
            .map(|r| g.square(board, file, r as u8))
            .collect();
        !beyond.is_empty()
            && beyond.iter().all(|&b| {
                self.pos.piece_at(b).is_none()
                    && self.pos.tokens_at(b).is_some_and(|t| {
                        let e = self.pos.variant().effects(t.kind);
                        t.timer == 0
                            && e.lifetime.is_none()
                            && matches!(e.movers[0].passage, TokenMovement::Impassable | TokenMovement::Absent)
                    })
            })
    }

    /// Whether the mover's side has fewer pieces of `kind` than the variant's setup gives it.
    fn has_lost(&self, kind: u8) -> bool {
        let start = Position::start(self.pos.variant());
        let count = |pos: &Position| pos.pieces_of(self.side).filter(|(_, p)| p.kind == kind).count();
        count(self.pos) < count(&start)
    }
}

/// Castling: rights kept, every square from king and rook to their destinations empty but
/// for the two and free of active tokens, the king's path not attacked.
fn castling(pos: &Position, side: Side, out: &mut Vec<Move>) {
    let v = pos.variant();
    let Some(c) = v.spec().rules.castling else { return };
    let g = pos.geometry();
    // The piece that castles as the king, on any rank: the one nearest its first rank.
    let kings: Vec<Square> =
        pos.pieces_of(side).filter(|(_, p)| v.piece(p.kind).castling == CastleRole::King).map(|(sq, _)| sq).collect();
    let Some(&king) = kings.iter().min_by_key(|&&sq| g.relative_rank(sq, side)) else { return };
    for rook in pos.castling_rights()[side.index()].into_iter().flatten() {
        let short = g.file_of(rook) > g.file_of(king);
        let (kf, rf) =
            if short { (c.king_file_short, c.rook_file_short) } else { (c.king_file_long, c.rook_file_long) };
        let files = [g.file_of(king), g.file_of(rook), kf, rf];
        let (lo, hi) = (*files.iter().min().unwrap(), *files.iter().max().unwrap());
        let (board, rank) = (g.board_of(king), g.rank_of(king));
        let clear = (lo..=hi).all(|f| {
            let sq = g.square(board, f, rank);
            let piece_ok = pos.piece_at(sq).is_none() || sq == king || sq == rook;
            let token_ok = pos
                .tokens_at(sq)
                .is_none_or(|t| v.effects(t.kind).dormant_while_occupied && pos.piece_at(sq).is_some());
            piece_ok && token_ok
        });
        let (a, b) = (g.file_of(king).min(kf), g.file_of(king).max(kf));
        if clear && (a..=b).all(|f| !attacked(pos, g.square(board, f, rank), side.opponent())) {
            out.push(Move::Castle { king, rook });
        }
    }
}
