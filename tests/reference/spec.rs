//! An independent reference for perft on one board, written from the rules (RULINGS.md,
//! docs/rule-language.md) and reading only the lowered script (the [`VariantSpec`]): its own
//! board of squares, its own walk of every pattern, its own attack test and its own make. It
//! shares nothing with the kernel's compiled tables or its `make`; from a kernel position it
//! takes only what the position notation says (pieces, side, castling, en passant, unmoved
//! pieces, tokens). It covers what the variant-space generator writes: steps, slides with
//! ranges, leaps, rides and hops with their modifiers, pawns with double steps, en passant
//! and promotion, castling on any rank, a cylinder board, several or no royal pieces, tokens
//! that block, are impassable or are open, for good or for a number of plies, tokens a piece
//! enters and exits through another (PH3-PH10, SP2-SP5), squares absent for non-royal pieces
//! with tunnels between them and edge gateways (WH2-WH7), and square links within the board
//! (both ways or one way, entered on landing or on capture). Two boards with Howe's turns
//! (HP1-HP8) are `two_boards.rs`, each board one [`Board`].

use std::collections::BTreeSet;

use holechess_kernel::spec::{
    CastleRole, Entry, EpRole, Exit, LinkEntry, Pattern, PatternCondition, PatternMode, Stacking, TokenMovement,
    TokenSpec, VariantSpec,
};
use holechess_kernel::{Position, Side};

#[path = "two_boards.rs"]
pub mod two_boards;

/// A square as (file, rank), zero-based.
pub type Sq = (i32, i32);

/// A move of the reference: where it starts, where it ends, and what else it does.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum RefMove {
    Normal {
        from: Sq,
        to: Sq,
        promotion: Option<u8>,
    },
    Double {
        from: Sq,
        to: Sq,
        passed: Sq,
    },
    EnPassant {
        from: Sq,
        to: Sq,
    },
    Castle {
        king: Sq,
        rook: Sq,
    },
    /// A move that enters a token (PH3, SP2) and exits on another (PH4), the entered token
    /// going to the origin where the kind says so (PH5); or a capture on a linked square that
    /// goes on to the link's far end (a move through a link onto an empty square is a
    /// `Normal` move to the far end: same effect, one move).
    Transit {
        from: Sq,
        entry: Sq,
        exit: Sq,
        promotion: Option<u8>,
    },
}

/// A position of the reference.
#[derive(Clone, Debug)]
pub struct Board<'s> {
    spec: &'s VariantSpec,
    files: i32,
    ranks: i32,
    /// `(side, kind)` per square, side 0 White.
    cells: Vec<Option<(u8, u8)>>,
    /// The kind of each square's tokens (`None`: no token).
    tokens: Vec<Option<u8>>,
    /// The plies each square's tokens still last (0: for good), PT4.
    timers: Vec<u16>,
    /// How many tokens lie on each square (a stack: PH6, SP4).
    counts: Vec<u8>,
    unmoved: Vec<bool>,
    side: u8,
    /// Rook squares keeping a castling right, `[side][short, long]`.
    castling: [[Option<Sq>; 2]; 2],
    /// The en-passant square and the piece that passed it.
    ep: Option<(Sq, Sq)>,
}

impl<'s> Board<'s> {
    /// The reference position of a kernel position of a one-board variant.
    pub fn of(spec: &'s VariantSpec, pos: &Position) -> Board<'s> {
        let g = pos.geometry();
        let (files, ranks) = (i32::from(spec.board.files), i32::from(spec.board.ranks));
        let mut b = Board {
            spec,
            files,
            ranks,
            cells: vec![None; (files * ranks) as usize],
            tokens: vec![None; (files * ranks) as usize],
            timers: vec![0; (files * ranks) as usize],
            counts: vec![0; (files * ranks) as usize],
            unmoved: vec![false; (files * ranks) as usize],
            side: if pos.side_to_move() == Side::White { 0 } else { 1 },
            castling: [[None; 2]; 2],
            ep: None,
        };
        let sq_of = |s: holechess_kernel::Square| (i32::from(g.file_of(s)), i32::from(g.rank_of(s)));
        for side in [Side::White, Side::Black] {
            for (s, piece) in pos.pieces_of(side) {
                let i = b.index(sq_of(s));
                b.cells[i] = Some((if side == Side::White { 0 } else { 1 }, piece.kind));
                b.unmoved[i] = pos.is_unmoved(s);
            }
        }
        for s in pos.token_squares() {
            let stack = pos.tokens_at(s).expect("a token");
            let i = b.index(sq_of(s));
            b.tokens[i] = Some(stack.kind);
            b.timers[i] = stack.timer;
            b.counts[i] = stack.count;
        }
        b.castling = pos.castling_rights().map(|rights| rights.map(|right| right.map(sq_of)));
        b.ep = pos.en_passant().map(|ep| (sq_of(ep.square), sq_of(ep.victim)));
        b
    }

    /// An empty board of the variant's size, `side` to move.
    fn empty(spec: &'s VariantSpec, side: u8) -> Board<'s> {
        let (files, ranks) = (i32::from(spec.board.files), i32::from(spec.board.ranks));
        let cells = (files * ranks) as usize;
        Board {
            spec,
            files,
            ranks,
            cells: vec![None; cells],
            tokens: vec![None; cells],
            timers: vec![0; cells],
            counts: vec![0; cells],
            unmoved: vec![false; cells],
            side,
            castling: [[None; 2]; 2],
            ep: None,
        }
    }

    fn index(&self, (f, r): Sq) -> usize {
        (r * self.files + f) as usize
    }

    /// The square `(dx, dy)` from `sq`, if on the board (across the side edges on a cylinder).
    fn offset(&self, (f, r): Sq, dx: i32, dy: i32) -> Option<Sq> {
        let (mut nf, nr) = (f + dx, r + dy);
        if self.spec.board.files_wrap {
            nf = nf.rem_euclid(self.files);
        }
        ((0..self.files).contains(&nf) && (0..self.ranks).contains(&nr)).then_some((nf, nr))
    }

    /// The squares of a line from `from` by `(dx, dy)` at a time for a piece of `kind`,
    /// absent ones included: it ends at the edge, or before coming back to `from` (on a
    /// cylinder, or through edge gateways).
    fn line(&self, from: Sq, dx: i32, dy: i32, kind: u8) -> Vec<Sq> {
        let mut out = Vec::new();
        let mut at = from;
        while let Some(next) = self.next_on_line(at, dx, dy, kind) {
            if next == from || out.len() > (self.files * self.ranks) as usize {
                break;
            }
            out.push(next);
            at = next;
        }
        out
    }

    /// The square `(dx, dy)` from `at` for a piece of `kind`: on the board, or, where the
    /// step leaves the board sideways from an edge gateway, on the opposite edge (WH5).
    fn next_on_line(&self, at: Sq, dx: i32, dy: i32, kind: u8) -> Option<Sq> {
        if let Some(next) = self.offset(at, dx, dy) {
            return Some(next);
        }
        let (f, r) = (at.0 + dx, at.1 + dy);
        let sideways = (0..self.ranks).contains(&r) && !(0..self.files).contains(&f);
        (sideways && self.gateway(at, kind)).then_some((f.rem_euclid(self.files), r))
    }

    /// Whether `sq` is an edge gateway for a piece of `kind`: an absent token there that
    /// wraps the board, on the first or last file (WH5).
    fn gateway(&self, sq: Sq, kind: u8) -> bool {
        let edge = sq.0 == 0 || sq.0 == self.files - 1;
        edge && self.absent(sq, kind) && self.token(sq).is_some_and(|t| t.wraps_edges)
    }

    /// The squares a piece of `kind` passes along a line: the line's squares, less those that
    /// do not exist for it (an absent token with no piece on it, for a non-royal piece: WH3).
    fn path(&self, from: Sq, dx: i32, dy: i32, kind: u8) -> Vec<Sq> {
        let mut line = self.line(from, dx, dy, kind);
        line.retain(|&sq| !self.absent(sq, kind));
        line
    }

    /// The tunnel of a line (WH4): how many existing squares come before its first absent
    /// square (the entry), and the existing squares after the next absent square (the
    /// exit), later absent squares skipped. None when the absent kind has no tunnel or the
    /// line has no exit.
    fn tunnel(&self, from: Sq, dx: i32, dy: i32, kind: u8) -> Option<(usize, Vec<Sq>)> {
        let line = self.line(from, dx, dy, kind);
        let entry = line.iter().position(|&sq| self.absent(sq, kind))?;
        if self.token(line[entry]).is_none_or(|t| t.exit != Exit::Tunnel) {
            return None;
        }
        let exit = entry + 1 + line[entry + 1..].iter().position(|&sq| self.absent(sq, kind))?;
        let after = line[exit + 1..].iter().copied().filter(|&sq| !self.absent(sq, kind)).collect();
        Some((entry, after))
    }

    /// Whether a pattern may tunnel (WH4): a step, a leap or an unlimited line, not a
    /// double step; a range-limited slide never does.
    fn may_tunnel(p: &Pattern) -> bool {
        p.range <= 1 && p.en_passant != EpRole::Sets && !p.hop
    }

    /// Whether `sq` does not exist for a piece of `kind`: an absent token lies there, not
    /// dormant under a piece (WH2), and the piece is not one it exempts (royal ones, WH6).
    fn absent(&self, sq: Sq, kind: u8) -> bool {
        let Some(t) = self.token(sq) else { return false };
        let exempt = t.royal_exempt && kind != u8::MAX && self.is_royal(kind);
        let dormant = t.inactive_while_occupied && self.piece(sq).is_some();
        t.movement == TokenMovement::Absent && !exempt && !dormant
    }

    fn piece(&self, sq: Sq) -> Option<(u8, u8)> {
        self.cells[self.index(sq)]
    }

    /// Whether a token on `sq` stops the lines of a piece of `kind` (royal pieces pass the
    /// tokens that exempt them); nothing lands on such a square either.
    fn stops_lines(&self, sq: Sq, kind: u8) -> bool {
        let Some(token) = self.tokens[self.index(sq)] else { return false };
        let t = &self.spec.tokens[token as usize];
        let exempt = t.royal_exempt && kind != u8::MAX && self.is_royal(kind);
        !exempt && matches!(t.movement, TokenMovement::Blocks | TokenMovement::Impassable)
    }

    /// Whether a token on `sq` keeps a piece ending its move there from promoting.
    fn blocks_promotion(&self, sq: Sq) -> bool {
        self.tokens[self.index(sq)].is_some_and(|t| self.spec.tokens[t as usize].blocks_promotion)
    }

    /// The token kind lying on `sq`, if any.
    fn token(&self, sq: Sq) -> Option<&'s TokenSpec> {
        let spec: &'s VariantSpec = self.spec;
        self.tokens[self.index(sq)].map(|t| &spec.tokens[t as usize])
    }

    /// Whether `sq` holds a token a piece may enter: one with an entry, not a dormant stack
    /// (PH6).
    fn enterable(&self, sq: Sq) -> bool {
        self.token(sq).is_some_and(|t| t.entry != Entry::None && !self.dormant(sq))
    }

    fn dormant(&self, sq: Sq) -> bool {
        self.token(sq).is_some_and(|t| t.stacking == Stacking::Dormant) && self.counts[self.index(sq)] >= 2
    }

    /// The open tokens a piece from `from` that entered the token on `entry` may exit on:
    /// of the kind the entry names, no piece there, not the entry, not the origin, not a
    /// dormant stack (PH4, SP4).
    fn exits(&self, entry: Sq, from: Sq) -> Vec<Sq> {
        let Some(t) = self.token(entry) else { return Vec::new() };
        let kind = match t.exit {
            Exit::AnotherOpen => self.tokens[self.index(entry)],
            Exit::OpenOf(k) => Some(k),
            Exit::None | Exit::Tunnel => return Vec::new(),
        };
        let mut out = Vec::new();
        for r in 0..self.ranks {
            for f in 0..self.files {
                let sq = (f, r);
                let open = self.tokens[self.index(sq)] == kind && self.piece(sq).is_none() && !self.dormant(sq);
                if open && sq != entry && sq != from {
                    out.push(sq);
                }
            }
        }
        out
    }

    /// A move by `p` reached the token on `to`, which may be entered: the transits (a capture
    /// of the piece there, or as the entry allows), PH3, SP2. Says whether the square then
    /// acts as a plain one for this move (an open token), else the line ends here.
    fn enter_token(&self, p: &Pattern, kind: u8, from: Sq, to: Sq, side: u8, out: &mut BTreeSet<RefMove>) -> bool {
        let t = self.token(to).expect("a token");
        let occupant = self.piece(to);
        if occupant.is_some_and(|(s, k)| s == side || self.is_royal(k)) {
            return false;
        }
        let enters = match t.entry {
            Entry::None => false,
            Entry::CaptureMove => p.mode != PatternMode::MoveOnly,
            Entry::AnyMove if occupant.is_some() => p.mode != PatternMode::MoveOnly,
            Entry::AnyMove => p.mode != PatternMode::CaptureOnly,
        };
        if enters {
            for exit in self.exits(to, from) {
                if !self.barred(p, exit, side) {
                    self.push_transit(kind, from, to, exit, side, out);
                }
            }
        }
        t.movement == TokenMovement::Open
    }

    /// The far ends of the links leaving `sq` within the board (both-way pairs read either
    /// way, one-way links from their first square); none while a token lies on `sq`.
    fn link_ends(&self, sq: Sq) -> Vec<Sq> {
        let links = &self.spec.links;
        if links.pairs.is_empty() && links.one_way.is_empty() || self.tokens[self.index(sq)].is_some() {
            return Vec::new();
        }
        let at = |r: &holechess_kernel::spec::SquareRef| (i32::from(r.file), i32::from(r.rank));
        let mut ends = Vec::new();
        for (a, b) in links.pairs.iter().filter(|(a, b)| a.board == b.board) {
            for (x, y) in [(at(a), at(b)), (at(b), at(a))] {
                if x == sq && y != sq && !ends.contains(&y) {
                    ends.push(y);
                }
            }
        }
        for (a, b) in &links.one_way {
            if at(a) == sq && at(b) != sq && !ends.contains(&at(b)) {
                ends.push(at(b));
            }
        }
        ends
    }

    /// The far ends a move from `from` through the link at `sq` may end on: no piece, no
    /// token, not the mover's own square.
    fn free_link_ends(&self, sq: Sq, from: Sq) -> Vec<Sq> {
        let free = |e: &Sq| *e != from && self.piece(*e).is_none() && self.tokens[self.index(*e)].is_none();
        self.link_ends(sq).into_iter().filter(free).collect()
    }

    /// A move of a piece of `kind` by `p` ended on the linked square `to`: the moves through
    /// the link (a capture of the piece there, or on landing any move), else the square's
    /// plain moves. Says whether the line goes on past the square.
    fn enter_link(&self, p: &Pattern, kind: u8, from: Sq, to: Sq, side: u8, out: &mut BTreeSet<RefMove>) -> bool {
        let entry = self.spec.links.entry;
        match self.piece(to) {
            Some((s, k2)) => {
                if s != side && !self.is_royal(k2) && p.mode != PatternMode::MoveOnly {
                    for exit in self.free_link_ends(to, from) {
                        if !self.barred(p, exit, side) {
                            self.push_transit(kind, from, to, exit, side, out);
                        }
                    }
                }
                false
            }
            None => {
                debug_assert!(entry == LinkEntry::Landing && p.mode != PatternMode::CaptureOnly);
                for exit in self.free_link_ends(to, from) {
                    if !self.barred(p, exit, side) {
                        self.push_normal(kind, from, exit, side, out);
                    }
                }
                true
            }
        }
    }

    /// Whether a move by `p` ending on `to` goes on through a link there: a link acts (no
    /// token on the square) and the move is a capture, or lands there where links are
    /// entered on landing. Other moves treat the square as a plain one.
    fn enters_link(&self, p: &Pattern, to: Sq) -> bool {
        if self.link_ends(to).is_empty() {
            return false;
        }
        let landing = self.spec.links.entry == LinkEntry::Landing && p.mode != PatternMode::CaptureOnly;
        self.piece(to).is_some() || landing
    }

    fn is_royal(&self, kind: u8) -> bool {
        self.spec.pieces[kind as usize].royal
    }

    /// The rank of `sq` counted from `side`'s first rank.
    fn relative_rank(&self, sq: Sq, side: u8) -> i32 {
        if side == 0 {
            sq.1
        } else {
            self.ranks - 1 - sq.1
        }
    }

    fn condition_holds(&self, p: &Pattern, from: Sq, side: u8) -> bool {
        match p.condition {
            PatternCondition::Always => true,
            PatternCondition::FirstMove => self.unmoved[self.index(from)],
            PatternCondition::FromRank(r) => self.relative_rank(from, side) == i32::from(r),
            PatternCondition::OutOfCheck => self.out_of_check(side),
            PatternCondition::FirstMoveOutOfCheck => self.unmoved[self.index(from)] && self.out_of_check(side),
            PatternCondition::FromSquares(squares) => {
                let file = u8::try_from(from.0).unwrap_or(u8::MAX);
                squares.contains(file, u8::try_from(self.relative_rank(from, side)).unwrap_or(u8::MAX))
            }
        }
    }

    /// Whether no royal piece of `side` is attacked.
    fn out_of_check(&self, side: u8) -> bool {
        self.royals(side).into_iter().all(|sq| !self.attacked(sq, 1 - side))
    }

    fn barred(&self, p: &Pattern, to: Sq, side: u8) -> bool {
        p.barred_rank.is_some_and(|r| self.relative_rank(to, side) == i32::from(r))
    }

    /// The promotion choices of a piece of `kind` ending on `to` (empty: it does not promote).
    fn promotions(&self, kind: u8, to: Sq, side: u8) -> Vec<u8> {
        match &self.spec.pieces[kind as usize].promotion {
            Some(promo)
                if self.relative_rank(to, side) >= self.ranks - i32::from(promo.zone_ranks)
                    && !self.blocks_promotion(to) =>
            {
                promo.choices_for(side as usize).to_vec()
            }
            _ => Vec::new(),
        }
    }

    /// A transit of a piece of `kind` entering on `entry` and ending on `exit`: one per
    /// promotion choice where it promotes there (a token on the exit may forbid it, PH10).
    fn push_transit(&self, kind: u8, from: Sq, entry: Sq, exit: Sq, side: u8, out: &mut BTreeSet<RefMove>) {
        let choices = self.promotions(kind, exit, side);
        if choices.is_empty() {
            out.insert(RefMove::Transit { from, entry, exit, promotion: None });
        }
        for c in choices {
            out.insert(RefMove::Transit { from, entry, exit, promotion: Some(c) });
        }
    }

    /// A move of a piece of `kind` to `to`: one per promotion choice where it promotes.
    fn push_normal(&self, kind: u8, from: Sq, to: Sq, side: u8, out: &mut BTreeSet<RefMove>) {
        let choices = self.promotions(kind, to, side);
        if choices.is_empty() {
            out.insert(RefMove::Normal { from, to, promotion: None });
        }
        for c in choices {
            out.insert(RefMove::Normal { from, to, promotion: Some(c) });
        }
    }

    /// The moves of `side`'s pieces by their patterns (captures of royal pieces left out).
    fn pattern_moves(&self, side: u8, out: &mut BTreeSet<RefMove>) {
        for r in 0..self.ranks {
            for f in 0..self.files {
                let from = (f, r);
                let Some((s, kind)) = self.piece(from) else { continue };
                if s != side {
                    continue;
                }
                for p in &self.spec.pieces[kind as usize].patterns {
                    if self.condition_holds(p, from, side) {
                        self.walk(p, kind, from, side, out);
                    }
                }
            }
        }
    }

    /// The direction of a pattern for `side` (Black's mirrored).
    fn direction(p: &Pattern, side: u8) -> (i32, i32) {
        let dy = i32::from(p.dy);
        (i32::from(p.dx), if side == 0 { dy } else { -dy })
    }

    fn walk(&self, p: &Pattern, kind: u8, from: Sq, side: u8, out: &mut BTreeSet<RefMove>) {
        let (dx, dy) = Self::direction(p, side);
        let line = self.path(from, dx, dy, kind);
        if p.hop {
            self.hop(p, kind, from, side, &line, out);
            return;
        }
        let limit = if p.range == 0 { line.len() } else { line.len().min(usize::from(p.range)) };
        let stop = self.walk_squares(p, kind, from, side, &line[..limit], out);
        if !Self::may_tunnel(p) {
            return;
        }
        // The tunnel is entered when no existing square before its entry stopped the walk
        // (a step or leap: the entry is the line's first square). One tunnel per move.
        let stop = if p.range == 1 { 0 } else { stop };
        if let Some((before, after)) = self.tunnel(from, dx, dy, kind) {
            if before <= stop {
                let limit = if p.range == 0 { after.len() } else { after.len().min(1) };
                self.walk_squares(p, kind, from, side, &after[..limit], out);
            }
        }
    }

    /// The moves of pattern `p` along `squares` (existing squares in order) until the walk
    /// stops; returns the index it stopped at (the length when it ran through).
    fn walk_squares(
        &self,
        p: &Pattern,
        kind: u8,
        from: Sq,
        side: u8,
        squares: &[Sq],
        out: &mut BTreeSet<RefMove>,
    ) -> usize {
        let mut passed = from;
        for (k, &to) in squares.iter().enumerate() {
            if self.enterable(to) && !self.enter_token(p, kind, from, to, side, out) {
                return k;
            }
            if self.stops_lines(to, kind) {
                return k;
            }
            if self.enters_link(p, to) {
                // A double step entering a link is a plain move to the far end: no
                // en-passant square.
                if self.enter_link(p, kind, from, to, side, out) {
                    passed = to;
                    continue;
                }
                return k;
            }
            match self.piece(to) {
                None => {
                    if p.mode != PatternMode::CaptureOnly && !self.barred(p, to, side) {
                        let promotes = !self.promotions(kind, to, side).is_empty();
                        if p.en_passant == EpRole::Sets && k > 0 && !promotes {
                            out.insert(RefMove::Double { from, to, passed });
                        } else {
                            self.push_normal(kind, from, to, side, out);
                        }
                    } else if p.en_passant == EpRole::Captures
                        && self.ep.is_some_and(|(ep, _)| ep == to)
                        && self.link_ends(to).is_empty()
                    {
                        // En passant never ends on a linked square.
                        out.insert(RefMove::EnPassant { from, to });
                    }
                }
                Some((s, k2)) => {
                    let capture = s != side && !self.is_royal(k2) && p.mode != PatternMode::MoveOnly;
                    if capture && !self.barred(p, to, side) {
                        self.push_normal(kind, from, to, side, out);
                    }
                    return k;
                }
            }
            passed = to;
        }
        squares.len()
    }

    /// A hop: over empty squares to the first piece, landing right behind it.
    fn hop(&self, p: &Pattern, kind: u8, from: Sq, side: u8, line: &[Sq], out: &mut BTreeSet<RefMove>) {
        let Some(hurdle) = self.hurdle(line, kind) else { return };
        let Some(&to) = line.get(hurdle + 1) else { return };
        if self.enterable(to) && !self.enter_token(p, kind, from, to, side, out) {
            return;
        }
        if self.stops_lines(to, kind) {
            return;
        }
        if self.enters_link(p, to) {
            self.enter_link(p, kind, from, to, side, out);
            return;
        }
        if self.barred(p, to, side) {
            return;
        }
        match self.piece(to) {
            None if p.mode != PatternMode::CaptureOnly => self.push_normal(kind, from, to, side, out),
            Some((s, k)) if s != side && !self.is_royal(k) && p.mode != PatternMode::MoveOnly => {
                self.push_normal(kind, from, to, side, out)
            }
            _ => {}
        }
    }

    /// The index in `line` of the first piece, unless a token that stops lines comes first.
    /// A piece standing on such a token is a hurdle all the same (it is a piece on the line).
    fn hurdle(&self, line: &[Sq], kind: u8) -> Option<usize> {
        for (i, &sq) in line.iter().enumerate() {
            if self.piece(sq).is_some() {
                return Some(i);
            }
            if self.stops_lines(sq, kind) {
                return None;
            }
        }
        None
    }

    /// Whether a capture-move of `by` could end on `sq` (a piece of the other side standing
    /// there: a dummy is put on an empty square), K1.
    pub fn attacked(&self, sq: Sq, by: u8) -> bool {
        if self.piece(sq).is_some() {
            return self.attacked_piece(sq, by);
        }
        let mut probe = self.clone();
        let i = probe.index(sq);
        probe.cells[i] = Some((1 - by, u8::MAX));
        probe.attacked_piece(sq, by)
    }

    /// [`Board::attacked`] for a square holding a piece.
    fn attacked_piece(&self, sq: Sq, by: u8) -> bool {
        let probe = self;
        // A capture onto a token it must enter needs an open exit elsewhere (PH9, SP5).
        if probe.enterable(sq) && probe.stops_lines(sq, u8::MAX) && probe.exits(sq, sq).is_empty() {
            return false;
        }
        // A capture on a linked square goes on to a free far end: with none, no capture.
        let linked = !probe.link_ends(sq).is_empty();
        if linked && probe.free_link_ends(sq, sq).is_empty() {
            return false;
        }
        probe.attacks_on(sq, by)
    }

    fn attacks_on(&self, target: Sq, by: u8) -> bool {
        for r in 0..self.ranks {
            for f in 0..self.files {
                let from = (f, r);
                let Some((s, kind)) = self.piece(from) else { continue };
                if s != by || kind == u8::MAX {
                    continue;
                }
                for p in &self.spec.pieces[kind as usize].patterns {
                    let captures = p.mode != PatternMode::MoveOnly && !self.barred(p, target, by);
                    if captures && self.condition_holds(p, from, by) && self.reaches(p, kind, from, by, target) {
                        return true;
                    }
                }
            }
        }
        false
    }

    /// Whether the pattern's capture from `from` ends on `target` (which holds a piece),
    /// along the line's existing squares or through its tunnel (WH4, WH7).
    fn reaches(&self, p: &Pattern, kind: u8, from: Sq, side: u8, target: Sq) -> bool {
        let (dx, dy) = Self::direction(p, side);
        let line = self.path(from, dx, dy, kind);
        if p.hop {
            let landing = self.hurdle(&line, kind).and_then(|h| line.get(h + 1));
            return landing == Some(&target) && (!self.stops_lines(target, kind) || self.enterable(target));
        }
        let limit = if p.range == 0 { line.len() } else { line.len().min(usize::from(p.range)) };
        let (hit, stop) = self.reaches_along(kind, &line[..limit], target);
        if hit || !Self::may_tunnel(p) {
            return hit;
        }
        let stop = if p.range == 1 { 0 } else { stop };
        match self.tunnel(from, dx, dy, kind) {
            Some((before, after)) if before <= stop => {
                let limit = if p.range == 0 { after.len() } else { after.len().min(1) };
                self.reaches_along(kind, &after[..limit], target).0
            }
            _ => false,
        }
    }

    /// Whether a capture along `squares` ends on `target`, and the index where the walk
    /// stopped (a piece or a token that stops lines; the length when it ran through).
    fn reaches_along(&self, kind: u8, squares: &[Sq], target: Sq) -> (bool, usize) {
        for (k, &sq) in squares.iter().enumerate() {
            if sq == target {
                return (!self.stops_lines(sq, kind) || self.enterable(sq), k);
            }
            if self.stops_lines(sq, kind) || self.piece(sq).is_some() {
                return (false, k);
            }
        }
        (false, squares.len())
    }

    fn royals(&self, side: u8) -> Vec<Sq> {
        let mut out = Vec::new();
        for r in 0..self.ranks {
            for f in 0..self.files {
                if self.piece((f, r)).is_some_and(|(s, k)| s == side && self.is_royal(k)) {
                    out.push((f, r));
                }
            }
        }
        out
    }

    /// The side's castling king: its piece that castles as the king nearest its first rank.
    fn castling_king(&self, side: u8) -> Option<Sq> {
        let mut best: Option<Sq> = None;
        for r in 0..self.ranks {
            for f in 0..self.files {
                let Some((s, k)) = self.piece((f, r)) else { continue };
                if s == side && self.spec.pieces[k as usize].castling == CastleRole::King {
                    let nearer = best.is_none_or(|b| self.relative_rank((f, r), side) < self.relative_rank(b, side));
                    if nearer {
                        best = Some((f, r));
                    }
                }
            }
        }
        best
    }

    /// Where king and rook end: the declared files on the king's rank (short: the rook on
    /// the king's right).
    fn castle_destinations(&self, king: Sq, rook: Sq) -> (Sq, Sq) {
        let c = self.spec.rules.castling.expect("castling declared");
        let (kf, rf) =
            if rook.0 > king.0 { (c.king_file_short, c.rook_file_short) } else { (c.king_file_long, c.rook_file_long) };
        ((i32::from(kf), king.1), (i32::from(rf), king.1))
    }

    fn castling_moves(&self, side: u8, out: &mut BTreeSet<RefMove>) {
        if self.spec.rules.castling.is_none() {
            return;
        }
        let Some(king) = self.castling_king(side) else { return };
        for rook in self.castling[side as usize].into_iter().flatten() {
            let (kd, rd) = self.castle_destinations(king, rook);
            let lo = king.0.min(rook.0).min(kd.0).min(rd.0);
            let hi = king.0.max(rook.0).max(kd.0).max(rd.0);
            let clear = (lo..=hi).all(|f| {
                let sq = (f, king.1);
                (sq == king || sq == rook || self.piece(sq).is_none()) && self.tokens[self.index(sq)].is_none()
            });
            let path_safe = (king.0.min(kd.0)..=king.0.max(kd.0)).all(|f| !self.attacked((f, king.1), 1 - side));
            if clear && path_safe {
                out.insert(RefMove::Castle { king, rook });
            }
        }
    }

    /// The position after `mv` and the end of its ply: timed tokens run down, and those
    /// whose time is up vanish (PT4).
    pub fn after(&self, mv: RefMove) -> Board<'s> {
        let mut b = self.moved(mv);
        for i in 0..b.timers.len() {
            if b.tokens[i].is_some() && b.timers[i] > 0 {
                b.timers[i] -= 1;
                if b.timers[i] == 0 {
                    b.tokens[i] = None;
                    b.counts[i] = 0;
                }
            }
        }
        b
    }

    /// The position right after `mv`, before its ply ends: the move is judged on it, its
    /// tokens still there (PT4).
    fn moved(&self, mv: RefMove) -> Board<'s> {
        let mut b = self.clone();
        let side = self.side;
        let mut touched = Vec::new();
        b.ep = None;
        match mv {
            RefMove::Normal { from, to, promotion } => {
                let (s, kind) = b.take(from);
                b.put(to, (s, promotion.unwrap_or(kind)));
                touched.extend([from, to]);
            }
            RefMove::Double { from, to, passed } => {
                let piece = b.take(from);
                b.put(to, piece);
                b.ep = Some((passed, to));
                touched.extend([from, to]);
            }
            RefMove::EnPassant { from, to } => {
                let piece = b.take(from);
                b.put(to, piece);
                let victim = self.ep.expect("en passant needs its square").1;
                b.take(victim);
                touched.extend([from, to, victim]);
            }
            RefMove::Transit { from, entry, exit, promotion } => {
                let (s, kind) = b.take(from);
                let i = b.index(entry);
                b.cells[i] = None;
                b.put(exit, (s, promotion.unwrap_or(kind)));
                if self.token(entry).is_some_and(|t| t.relocate_to_origin) {
                    b.relocate_token(entry, from);
                }
                touched.extend([from, entry, exit]);
            }
            RefMove::Castle { king, rook } => {
                let (kd, rd) = self.castle_destinations(king, rook);
                let (k, r) = (b.take(king), b.take(rook));
                b.put(kd, k);
                b.put(rd, r);
                touched.extend([king, rook]);
            }
        }
        if let RefMove::Normal { from, to, .. } = mv {
            let royal = self.piece(from).is_some_and(|(_, k)| self.is_royal(k));
            let removed = self.token(to).is_some_and(|t| t.removed_by_royal && t.movement == TokenMovement::Absent);
            if royal && removed && self.piece(to).is_none() {
                // A royal piece landing on an active hole removes it (WH6).
                let i = b.index(to);
                b.tokens[i] = None;
                b.counts[i] = 0;
                b.timers[i] = 0;
            }
        }
        let moved_kind = match mv {
            RefMove::Normal { from, .. }
            | RefMove::Double { from, .. }
            | RefMove::EnPassant { from, .. }
            | RefMove::Transit { from, .. } => self.piece(from).map(|(_, k)| k),
            RefMove::Castle { king, .. } => self.piece(king).map(|(_, k)| k),
        };
        if moved_kind.is_some_and(|k| self.spec.pieces[k as usize].castling == CastleRole::King) {
            b.castling[side as usize] = [None, None];
        }
        for sq in touched {
            let i = b.index(sq);
            b.unmoved[i] = false;
            for rights in &mut b.castling {
                for right in rights.iter_mut() {
                    if *right == Some(sq) {
                        *right = None;
                    }
                }
            }
        }
        b.side = 1 - side;
        b
    }

    /// One token of the stack on `entry` moves to `origin` (PH5): it stacks on a token of its
    /// kind there (PH6, SP4) and displaces a token of another kind.
    fn relocate_token(&mut self, entry: Sq, origin: Sq) {
        let (e, o) = (self.index(entry), self.index(origin));
        let kind = self.tokens[e];
        self.counts[e] -= 1;
        if self.counts[e] == 0 {
            self.tokens[e] = None;
            self.timers[e] = 0;
        }
        if self.tokens[o] == kind {
            self.counts[o] += 1;
        } else {
            self.tokens[o] = kind;
            self.counts[o] = 1;
            self.timers[o] = 0;
        }
    }

    fn take(&mut self, sq: Sq) -> (u8, u8) {
        let i = self.index(sq);
        self.cells[i].take().expect("a piece to move")
    }

    fn put(&mut self, sq: Sq, piece: (u8, u8)) {
        let i = self.index(sq);
        self.cells[i] = Some(piece);
    }

    /// The legal moves of the side to move: every move by its patterns and castling, kept
    /// when none of the mover's royal pieces is attacked after it (K1).
    pub fn legal_moves(&self) -> Vec<RefMove> {
        let moves = self.candidate_moves();
        let us = self.side;
        moves
            .into_iter()
            .filter(|&mv| {
                let after = self.moved(mv);
                after.royals(us).into_iter().all(|sq| !after.attacked(sq, 1 - us))
            })
            .collect()
    }

    /// The moves of the side to move by its patterns and castling, before the test of its
    /// royal pieces.
    fn candidate_moves(&self) -> BTreeSet<RefMove> {
        let mut moves = BTreeSet::new();
        self.pattern_moves(self.side, &mut moves);
        self.castling_moves(self.side, &mut moves);
        // A double step and a move through a link to the same square are one move: the
        // double step (K6).
        let doubles: Vec<(Sq, Sq)> = moves
            .iter()
            .filter_map(|mv| match *mv {
                RefMove::Double { from, to, .. } => Some((from, to)),
                _ => None,
            })
            .collect();
        for (from, to) in doubles {
            moves.remove(&RefMove::Normal { from, to, promotion: None });
        }
        moves
    }

    /// The number of leaves `depth` plies below.
    pub fn perft(&self, depth: u32) -> u64 {
        if depth == 0 {
            return 1;
        }
        let moves = self.legal_moves();
        if depth == 1 {
            return moves.len() as u64;
        }
        moves.iter().map(|&mv| self.after(mv).perft(depth - 1)).sum()
    }

    /// A move in long algebraic notation (files `a`.., ranks from 1), for reports.
    pub fn text(mv: RefMove) -> String {
        let name = |(f, r): Sq| format!("{}{}", (b'a' + f as u8) as char, r + 1);
        match mv {
            RefMove::Normal { from, to, promotion } => {
                format!("{}{}{}", name(from), name(to), promotion.map_or(String::new(), |p| format!("={p}")))
            }
            RefMove::Double { from, to, .. } | RefMove::EnPassant { from, to } => format!("{}{}", name(from), name(to)),
            RefMove::Castle { king, rook } => format!("{}{}(castle)", name(king), name(rook)),
            RefMove::Transit { from, entry, exit, promotion } => format!(
                "{}{}>{}{}",
                name(from),
                name(entry),
                name(exit),
                promotion.map_or(String::new(), |p| format!("={p}"))
            ),
        }
    }
}
