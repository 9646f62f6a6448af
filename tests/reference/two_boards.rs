//! The independent reference on two boards (Howe's schedule, HP1-HP8), written from the
//! rulings and reading only the lowered script and the position notation: each board is a
//! one-board reference [`Board`] (its own walk, attack test and make); this file adds the
//! turn. In turn N White acts on board (N-1) mod 2 and Black on the other; both actions are
//! chosen from the position at the start of the turn, then applied, teleports last (HP2).
//! An action is a move on the player's board (kept only if it leaves the player's royal
//! pieces there out of check, both orthodox and across links, HP6), intent (HP3), the
//! teleport the next turn (HP4, HP5) or a pass when nothing else is legal (HP8).
//!
//! Rule choices where the rulings are silent, as the kernel makes them (docs/rules.md): a
//! teleporting player names its piece from the position at the start of the turn, and a
//! teleport whose piece the opponent's simultaneous move captured is lost like a pass; a
//! teleport is no move of the piece across the board, so a pawn arriving on its last rank
//! by teleport does not promote; play goes on after both players pass (perft counts on).
//! Castling (HP7) may not pass a square where the king would be in check, either kind.

use std::collections::BTreeSet;

use holechess_kernel::spec::{CastleRole, VariantSpec};
use holechess_kernel::{Move, Position, Side, Square};

use super::{Board, RefMove, Sq};

/// A square of one of the two boards: the board's index and the square on it.
pub type BoardSq = (usize, Sq);

/// One player's action in a turn.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Action {
    /// A move on the player's board of this turn.
    Move(RefMove),
    /// Intent to teleport next turn (HP3).
    Intent,
    /// A piece taken from a linked square of the other board to its link on the player's
    /// board (HP4).
    Teleport {
        from: Sq,
        to: Sq,
    },
    Pass,
}

/// A position of the two-board reference.
#[derive(Clone, Debug)]
pub struct TwoBoards<'s> {
    spec: &'s VariantSpec,
    boards: [Board<'s>; 2],
    /// The board White acts on this turn (Black acts on the other).
    white_board: usize,
    /// The side to choose its action, 0 White.
    side: u8,
    /// White's action of this turn, chosen but not yet applied.
    pending: Option<Action>,
    /// Which side must teleport this turn, having declared intent the turn before.
    obliged: [bool; 2],
    /// The links between the boards, both ways.
    links: Vec<(BoardSq, BoardSq)>,
}

impl<'s> TwoBoards<'s> {
    /// The reference position of a kernel position of a two-board variant: the pieces,
    /// tokens, unmoved pieces and castling rights, and from the notation the side, the turn
    /// number, the en-passant squares and the turn state (intents, White's pending action).
    pub fn of(spec: &'s VariantSpec, pos: &Position) -> TwoBoards<'s> {
        let g = pos.geometry();
        let at = |s: Square| (g.board_of(s), (i32::from(g.file_of(s)), i32::from(g.rank_of(s))));
        let side = u8::from(pos.side_to_move() == Side::Black);
        let mut boards = [Board::empty(spec, side), Board::empty(spec, side)];
        for colour in [Side::White, Side::Black] {
            for (s, piece) in pos.pieces_of(colour) {
                let (b, sq) = at(s);
                let i = boards[b].index(sq);
                boards[b].cells[i] = Some((u8::from(colour == Side::Black), piece.kind));
                boards[b].unmoved[i] = pos.is_unmoved(s);
            }
        }
        for s in pos.token_squares() {
            let stack = pos.tokens_at(s).expect("a token");
            let (b, sq) = at(s);
            let i = boards[b].index(sq);
            boards[b].tokens[i] = Some(stack.kind);
            boards[b].timers[i] = stack.timer;
            boards[b].counts[i] = stack.count;
        }
        for (colour, rights) in pos.castling_rights().iter().enumerate() {
            for (k, right) in rights.iter().enumerate() {
                if let Some(rook) = right {
                    let (b, sq) = at(*rook);
                    boards[b].castling[colour][k] = Some(sq);
                }
            }
        }
        let fen = pos.fen();
        let fields: Vec<&str> = fen.split(' ').collect();
        let fullmove: usize = fields.get(5).and_then(|f| f.parse().ok()).unwrap_or(1);
        let white_board = (fullmove.max(1) - 1) % 2;
        let links = spec
            .links
            .pairs
            .iter()
            .filter(|(a, b)| a.board != b.board)
            .map(|(a, b)| {
                let sq = |r: &holechess_kernel::spec::SquareRef| {
                    (usize::from(r.board), (i32::from(r.file), i32::from(r.rank)))
                };
                (sq(a), sq(b))
            })
            .collect();
        let mut two = TwoBoards {
            spec,
            boards,
            white_board,
            side,
            pending: pos.pending_action().map(|mv| action_of(mv, &at)),
            obliged: [pos.must_teleport(Side::White), pos.must_teleport(Side::Black)],
            links,
        };
        // The notation names only the square passed; which pawn passed it is the position's
        // (two diagonal double steps can pass one square).
        for b in 0..2 {
            two.boards[b].ep = pos.en_passant_on(b).map(|ep| (at(ep.square).1, at(ep.victim).1));
        }
        two
    }

    /// The board `side` acts on this turn.
    fn board_of(&self, side: u8) -> usize {
        if side == 0 {
            self.white_board
        } else {
            1 - self.white_board
        }
    }

    /// The squares linked to `sq` on the other board.
    fn linked(&self, sq: BoardSq) -> impl Iterator<Item = BoardSq> + '_ {
        self.links.iter().filter_map(move |&(a, b)| {
            if a == sq {
                Some(b)
            } else if b == sq {
                Some(a)
            } else {
                None
            }
        })
    }

    /// Whether a royal piece of `side` on board `b` is in check (HP6): attacked by an enemy
    /// piece on its board, or in check across a link. `boards` is the position judged.
    fn in_check(&self, boards: &[Board<'s>; 2], side: u8, b: usize) -> bool {
        boards[b]
            .royals(side)
            .into_iter()
            .any(|sq| boards[b].attacked(sq, 1 - side) || self.checked_across_on(boards, (b, sq), side))
    }

    /// Whether a royal piece of `side` on `sq` would be in check across a link (HP6): checks
    /// cross links and a square linked to `sq` holds an enemy piece.
    fn checked_across_on(&self, boards: &[Board<'s>; 2], sq: BoardSq, side: u8) -> bool {
        self.spec.links.link_check
            && self.linked(sq).any(|(ob, osq)| boards[ob].piece(osq).is_some_and(|(s, _)| s != side))
    }

    /// [`TwoBoards::checked_across_on`] in this position.
    fn checked_across(&self, sq: BoardSq, side: u8) -> bool {
        self.checked_across_on(&self.boards, sq, side)
    }

    /// The legal moves of `side` on board `b` (HP6: limited by its royal pieces there only).
    fn moves_on(&self, side: u8, b: usize) -> Vec<RefMove> {
        let mut board = self.boards[b].clone();
        board.side = side;
        let mut candidates = board.candidate_moves();
        // The board's castling judged its king's path by attacks on the board; a square
        // where the king would stand in check across a link is barred too (HP6, HP7).
        candidates.retain(|&mv| match mv {
            RefMove::Castle { king, rook } => {
                let (kd, _) = board.castle_destinations(king, rook);
                (king.0.min(kd.0)..=king.0.max(kd.0)).all(|f| !self.checked_across((b, (f, king.1)), side))
            }
            _ => true,
        });
        if board.royals(side).is_empty() {
            return candidates.into_iter().collect();
        }
        candidates
            .into_iter()
            .filter(|&mv| {
                let mut after = self.boards.clone();
                after[b] = board.moved(mv);
                !self.in_check(&after, side, b)
            })
            .collect()
    }

    /// HP3: a piece of `side` on a linked square of board `b`, and no check there.
    fn may_declare_intent(&self, side: u8, b: usize) -> bool {
        if !self.spec.links.teleport {
            return false;
        }
        let on_link = self
            .links
            .iter()
            .flat_map(|&(x, y)| [x, y])
            .any(|(lb, sq)| lb == b && self.boards[b].piece(sq).is_some_and(|(s, _)| s == side));
        on_link && !self.in_check(&self.boards, side, b)
    }

    /// HP4, HP5: from a linked square of the other board holding a piece of `side` to its
    /// link on board `b`, not onto a piece of `side`, and not leaving a royal piece of `side`
    /// on `b` in check (exposure on the other board is allowed).
    fn teleports(&self, side: u8, b: usize) -> Vec<Action> {
        let mut out = BTreeSet::new();
        for &(x, y) in &self.links {
            for (from, to) in [(x, y), (y, x)] {
                let mine = |(ob, sq): BoardSq| self.boards[ob].piece(sq).is_some_and(|(s, _)| s == side);
                if to.0 != b || from.0 == b || !mine(from) || mine(to) {
                    continue;
                }
                let mut after = self.boards.clone();
                teleport(&mut after, &[(from, to)]);
                if !self.in_check(&after, side, b) {
                    out.insert(Action::Teleport { from: from.1, to: to.1 });
                }
            }
        }
        out.into_iter().collect()
    }

    /// The legal actions of the side to choose this turn.
    pub fn legal_actions(&self) -> Vec<Action> {
        let us = self.side;
        let b = self.board_of(us);
        let mut out = Vec::new();
        if self.obliged[us as usize] {
            out.extend(self.teleports(us, b));
        } else {
            out.extend(self.moves_on(us, b).into_iter().map(Action::Move));
            if self.may_declare_intent(us, b) {
                out.push(Action::Intent);
            }
        }
        // HP8: checkmated (not obliged, in check on its board, no action) has no pass.
        let mated = !self.obliged[us as usize] && self.in_check(&self.boards, us, b);
        if out.is_empty() && !mated {
            out.push(Action::Pass);
        }
        out
    }

    /// The position after the side to choose takes `action`: White's waits for Black's;
    /// Black's completes the turn (HP2).
    pub fn after(&self, action: Action) -> TwoBoards<'s> {
        let mut next = self.clone();
        if self.side == 0 {
            next.pending = Some(action);
            next.side = 1;
            return next;
        }
        let white = self.pending.unwrap_or(Action::Pass);
        let mut obliged = [false; 2];
        let mut teleports = Vec::new();
        for (side, action) in [(0u8, white), (1u8, action)] {
            let b = self.board_of(side);
            match action {
                Action::Move(mv) => {
                    let mut board = self.boards[b].clone();
                    board.side = side;
                    next.boards[b] = board.moved(mv);
                }
                Action::Intent => {
                    obliged[side as usize] = true;
                    next.boards[b].ep = None;
                }
                Action::Teleport { from, to } => {
                    teleports.push((side, (1 - b, from), (b, to)));
                    next.boards[b].ep = None;
                }
                Action::Pass => next.boards[b].ep = None,
            }
        }
        // A teleport whose piece was captured, or whose landing holds a piece of its own
        // side, is lost; the others lift both pieces first, then place both (HP4).
        let possible: Vec<(BoardSq, BoardSq)> = teleports
            .into_iter()
            .filter(|&(side, from, to)| {
                let holds = |(b, sq): BoardSq| next.boards[b].piece(sq).is_some_and(|(s, _)| s == side);
                holds(from) && !holds(to)
            })
            .map(|(_, from, to)| (from, to))
            .collect();
        teleport(&mut next.boards, &possible);
        next.pending = None;
        next.obliged = obliged;
        next.white_board = 1 - self.white_board;
        next.side = 0;
        next
    }

    /// The number of leaves `depth` actions below (each player's action is a ply, K8).
    pub fn perft(&self, depth: u32) -> u64 {
        if depth == 0 {
            return 1;
        }
        let actions = self.legal_actions();
        if depth == 1 {
            return actions.len() as u64;
        }
        actions.iter().map(|&a| self.after(a).perft(depth - 1)).sum()
    }

    /// An action in long algebraic notation, for reports.
    pub fn text(action: Action) -> String {
        match action {
            Action::Move(mv) => Board::text(mv),
            Action::Intent => "@".to_string(),
            Action::Teleport { from, to } => {
                let name = |(f, r): Sq| format!("{}{}", (b'a' + f as u8) as char, r + 1);
                format!("{}@{}", name(from), name(to))
            }
            Action::Pass => "--".to_string(),
        }
    }
}

/// Lifts every teleporting piece, then places each on its landing square, capturing what
/// stands there; both squares lose their castling rights and the piece counts as moved.
fn teleport(boards: &mut [Board<'_>; 2], moves: &[(BoardSq, BoardSq)]) {
    let lifted: Vec<(u8, u8)> = moves.iter().map(|&((b, sq), _)| boards[b].take(sq)).collect();
    for (&(from, (b, to)), piece) in moves.iter().zip(lifted) {
        boards[b].put(to, piece);
        if boards[b].spec.pieces[piece.1 as usize].castling == CastleRole::King {
            // The castling king has moved: its side castles no more, on either board.
            for board in boards.iter_mut() {
                board.castling[piece.0 as usize] = [None, None];
            }
        }
        for (board, sq) in [(from.0, from.1), (b, to)] {
            let i = boards[board].index(sq);
            boards[board].unmoved[i] = false;
            for rights in &mut boards[board].castling {
                for right in rights.iter_mut() {
                    if *right == Some(sq) {
                        *right = None;
                    }
                }
            }
        }
    }
}

/// The reference action of a kernel action (White's pending one, read from the notation).
fn action_of(mv: Move, at: &impl Fn(Square) -> BoardSq) -> Action {
    let sq = |s: Square| at(s).1;
    match mv {
        Move::Normal { from, to, promotion } => Action::Move(RefMove::Normal { from: sq(from), to: sq(to), promotion }),
        Move::DoubleStep { from, to, passed } => {
            Action::Move(RefMove::Double { from: sq(from), to: sq(to), passed: sq(passed) })
        }
        Move::EnPassant { from, to } => Action::Move(RefMove::EnPassant { from: sq(from), to: sq(to) }),
        Move::Castle { king, rook } => Action::Move(RefMove::Castle { king: sq(king), rook: sq(rook) }),
        Move::Transit { from, entry, exit, promotion } => {
            Action::Move(RefMove::Transit { from: sq(from), entry: sq(entry), exit: sq(exit), promotion })
        }
        Move::Teleport { from, to } => Action::Teleport { from: sq(from), to: sq(to) },
        Move::Intent => Action::Intent,
        Move::Pass => Action::Pass,
        other => panic!("the generator writes no {other:?}"),
    }
}
