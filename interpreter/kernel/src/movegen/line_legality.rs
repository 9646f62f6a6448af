//! The legality filter on a board whose tokens change geometry: the attack test on the
//! royal piece runs once along the next-square graph's lines, noting the squares each line
//! read (`reads.rs`), so that most moves are judged without making them (K1).

use crate::attacks::NO_SQUARE;
use crate::geometry::Square;
use crate::graph::WarpGraph;
use crate::moves::{Move, MoveList};
use crate::position::{Position, PIECE_BITS, TOKEN_FLAG};
use crate::reads::{line_bit, LineReads};

impl Position {
    /// Keeps the legal moves of `list` on a warped board. The attack test on the royal piece
    /// runs once, noting the squares each attack line read: a non-royal move that changes none
    /// of them cannot change the answer, and one that does is judged by walking again, on the
    /// board with just its squares changed, only the lines that read them. Royal moves are
    /// tested with the royal piece lifted; anything else is made and unmade.
    pub(crate) fn retain_warped_legal(&mut self, list: &mut MoveList) {
        let them = self.state.side.opponent();
        let king = self.royal_square(self.state.side);
        if self.variant.spec().links.link_check || !self.variant.square_links.is_empty() || self.attacks_off_lines() {
            self.retain_tested(list);
            return;
        }
        let graph = self.warp_graph();
        let mut reads = LineReads::new();
        let in_check = king.is_some_and(|k| {
            self.warped_attacked_on(&graph, k, them, NO_SQUARE, self.capturers_allowed_on(k), &mut reads)
        });
        let king = king.unwrap_or(NO_SQUARE);
        // A royal piece on a token: leaving it may wake it (not what lifting it models), and
        // whether it may be captured there depends on every other token being open (PH9), which
        // any move onto or off a token changes, though no attack line reads that square.
        let king_on_token = king != NO_SQUARE && self.board.cells[king.index()] & TOKEN_FLAG != 0;
        let mut i = 0;
        while i < list.len() {
            let mv = list.as_slice()[i];
            let legal = match mv {
                _ if king == NO_SQUARE || king_on_token => self.tested_legal(mv),
                Move::Normal { from, to, .. } if from == king => {
                    if self.board.cells[to.index()] & TOKEN_FLAG != 0 {
                        self.tested_legal(mv)
                    } else {
                        !self.is_attacked_ignoring_on(Some(&graph), to, them, king)
                    }
                }
                Move::Normal { from, to, .. } | Move::DoubleStep { from, to, .. } if from != king => {
                    if reads.touches(from) || reads.touches(to) {
                        self.moved_legal(&graph, mv, king, in_check, &reads, [from, to, to])
                    } else {
                        !in_check
                    }
                }
                Move::EnPassant { from, to } if from != king => {
                    let victim = self.state.ep.map_or(to, |ep| ep.victim);
                    if reads.touches(from) || reads.touches(to) || reads.touches(victim) {
                        self.moved_legal(&graph, mv, king, in_check, &reads, [from, to, victim])
                    } else {
                        !in_check
                    }
                }
                _ => self.tested_legal(mv),
            };
            if legal {
                i += 1;
            } else {
                list.swap_remove(i);
            }
        }
    }

    /// Whether some attack does not run along the warped attack lines (a capture pattern that
    /// holds only at times, a hop, a lame leap): their reads are not noted, so the legality
    /// shortcuts that rely on the lines' reads do not hold (K1).
    fn attacks_off_lines(&self) -> bool {
        let v = &*self.variant;
        v.conditional_capturers != 0 || v.hops || v.lame_attacks.iter().any(|a| !a.is_empty())
    }

    /// A non-royal piece moves from `from` to `to`, removing whatever is on `to` and
    /// `victim`: the cells alone change (the attack walks read nothing else), the lines that
    /// read those squares are walked again, and the cells are put back.
    fn moved_legal(
        &mut self,
        graph: &WarpGraph,
        mv: Move,
        king: Square,
        in_check: bool,
        reads: &LineReads,
        [from, to, victim]: [Square; 3],
    ) -> bool {
        // A piece leaving a token wakes it, which may change the next-square graph: such a
        // move is made and unmade.
        if [from, to, victim].iter().any(|sq| self.board.cells[sq.index()] & TOKEN_FLAG != 0) {
            return self.tested_legal(mv);
        }
        let them = self.state.side.opponent();
        let saved = [self.board.cells[from.index()], self.board.cells[to.index()], self.board.cells[victim.index()]];
        let piece = saved[0] & PIECE_BITS;
        self.board.cells[victim.index()] &= !PIECE_BITS;
        self.board.cells[to.index()] = (saved[1] & !PIECE_BITS) | piece;
        self.board.cells[from.index()] &= !PIECE_BITS;
        let attacked = if in_check || !reads.per_line_valid {
            self.is_attacked_ignoring_on(Some(graph), king, them, NO_SQUARE)
        } else {
            let changed = line_bit(from.index()) | line_bit(to.index()) | line_bit(victim.index());
            let lines = &self.variant.attack_dirs[them.index()];
            let allowed = self.capturers_allowed_on(king);
            (0..lines.len()).any(|k| {
                reads.per_line[k] & changed != 0
                    && self.attacked_along(graph, lines[k].0, king, them, NO_SQUARE, allowed, &mut ())
            })
        };
        self.board.cells[victim.index()] = saved[2];
        self.board.cells[to.index()] = saved[1];
        self.board.cells[from.index()] = saved[0];
        !attacked
    }
}
