//! Move ordering: the table's move first, then captures and promotions by most valuable
//! victim / least valuable attacker, then the two killer moves of the ply, then the counter
//! move of the opponent's last move, then quiet moves by their history (raised for a move
//! that caused a cutoff, lowered for the quiet moves tried before it; a move taking a
//! threatened piece to safety first among them, see `threats`), and last the captures
//! that may lose material at once (`exchange`).

use holechess_kernel::{Move, Position, Square};

use crate::exchange::loses_material;
use crate::frames::Frame;
use crate::score::MAX_PLY;
use crate::tables::VariantTables;

const TABLE_MOVE: i32 = 2_000_000;
const TACTICAL: i32 = 1_000_000;
const KILLERS: [i32; 2] = [900_000, 890_000];
const COUNTER_MOVE: i32 = 880_000;
/// Quiet moves scored at least this are killers or counter moves.
pub(crate) const REFUTATION: i32 = COUNTER_MOVE;
/// History values stay within +-this (each update moves a value toward the bound by a share
/// of the distance left, so recent cutoffs weigh more than old ones).
const HISTORY_MAX: i32 = 16_384;
/// The largest single history update.
const HISTORY_BONUS_MAX: i32 = 1_200;
/// Below every quiet move (history scores are never negative).
const LOSING_CAPTURE: i32 = -1_000_000;
/// Added to the history of a quiet move that takes a threatened piece (see `threats`) to a
/// square no enemy piece attacks, with `ESCAPE_PER_VALUE` times the piece's value: above
/// almost every history, below the killers.
const ESCAPE: i32 = 2_000;
const ESCAPE_PER_VALUE: i32 = 4;

/// The piece kind a move captures, if it captures.
pub(crate) fn captured_kind(pos: &Position, mv: Move) -> Option<u8> {
    let square = match mv {
        Move::Normal { to, .. } | Move::Teleport { to, .. } => to,
        Move::Transit { entry, .. } => entry,
        Move::EnPassant { .. } => pos.en_passant()?.victim,
        _ => return None,
    };
    pos.piece_at(square).filter(|p| p.side != pos.side_to_move()).map(|p| p.kind)
}

/// The bonus of a quiet move that takes a piece on one of the `threatened` squares to a
/// square no enemy piece attacks (0 for any other move). The attack is judged before the
/// move, so a square behind the piece on its attacker's line counts as safe: an ordering
/// guess, which the search then checks.
fn escape_bonus(tables: &VariantTables, pos: &Position, mv: Move, threatened: &[Square]) -> i32 {
    let (Some(from), Some(to)) = (mv.from(), mv.to()) else { return 0 };
    if !threatened.contains(&from) || pos.is_attacked(to, pos.side_to_move().opponent()) {
        return 0;
    }
    pos.piece_at(from).map_or(0, |p| ESCAPE + ESCAPE_PER_VALUE * tables.value(p.kind))
}

/// Captures and promotions: the moves quiescence searches.
pub(crate) fn is_tactical(pos: &Position, mv: Move) -> bool {
    mv.promotion().is_some() || captured_kind(pos, mv).is_some()
}

pub(crate) struct Ordering {
    killers: [[Option<Move>; 2]; MAX_PLY + 1],
    history: Vec<i32>,
    /// Per side, origin and destination of the opponent's last move: the quiet move that
    /// last refuted it.
    counters: Vec<Option<Move>>,
    /// The move that led to each ply (`None` at the root and after a null move).
    previous: [Option<Move>; MAX_PLY + 2],
    squares: usize,
}

impl Ordering {
    pub fn new() -> Ordering {
        Ordering {
            killers: [[None; 2]; MAX_PLY + 1],
            history: Vec::new(),
            counters: Vec::new(),
            previous: [None; MAX_PLY + 2],
            squares: 0,
        }
    }

    /// Sizes the tables for a board of `squares` squares (allocates only when it changes).
    pub fn prepare(&mut self, squares: usize) {
        if squares != self.squares {
            self.squares = squares;
            self.history = vec![0; 2 * squares * squares];
            self.counters = vec![None; 2 * squares * squares];
        }
        self.killers = [[None; 2]; MAX_PLY + 1];
        self.previous = [None; MAX_PLY + 2];
        for h in &mut self.history {
            *h /= 2;
        }
    }

    pub fn clear(&mut self) {
        self.killers = [[None; 2]; MAX_PLY + 1];
        self.history.fill(0);
        self.counters.fill(None);
    }

    /// Records the move that leads to `ply` (`None` for a null move).
    pub fn note_move(&mut self, ply: usize, mv: Option<Move>) {
        self.previous[ply] = mv;
    }

    /// The slot of the counter move to the move that led to `ply`.
    fn counter_slot(&self, pos: &Position, ply: usize) -> Option<usize> {
        let last = self.previous[ply]?;
        let (from, to) = (last.from()?, last.to()?);
        let side = pos.side_to_move().index();
        Some((side * self.squares + from.index()) * self.squares + to.index())
    }

    fn history_slot(&self, pos: &Position, mv: Move) -> Option<usize> {
        let (from, to) = (mv.from()?, mv.to()?);
        let side = pos.side_to_move().index();
        Some((side * self.squares + from.index()) * self.squares + to.index())
    }

    /// Scores every move of `frame` for `pos` at `ply`; `threatened` holds the squares of
    /// the side to move's threatened pieces (see `threats`; empty where none were looked for).
    pub fn score_moves(
        &self,
        tables: &VariantTables,
        pos: &Position,
        frame: &mut Frame,
        table_move: Option<Move>,
        ply: usize,
        threatened: &[Square],
    ) {
        let Frame { moves, scores } = frame;
        if scores.len() < moves.len() {
            scores.resize(moves.len(), 0);
        }
        for (i, &mv) in moves.as_slice().iter().enumerate() {
            scores[i] = self.score_move(tables, pos, mv, table_move, ply, threatened);
        }
    }

    fn score_move(
        &self,
        tables: &VariantTables,
        pos: &Position,
        mv: Move,
        table_move: Option<Move>,
        ply: usize,
        threatened: &[Square],
    ) -> i32 {
        if Some(mv) == table_move {
            return TABLE_MOVE;
        }
        let promotion = mv.promotion().map_or(0, |k| tables.value(k));
        if let Some(victim) = captured_kind(pos, mv) {
            let attacker = mv.from().and_then(|sq| pos.piece_at(sq)).map_or(0, |p| tables.value(p.kind));
            let mvv_lva = 16 * tables.value(victim) - attacker / 8 + promotion;
            return if loses_material(tables, pos, mv) { LOSING_CAPTURE + mvv_lva } else { TACTICAL + mvv_lva };
        }
        if promotion > 0 {
            return TACTICAL + promotion;
        }
        if let Some(k) = self.killers[ply].iter().position(|&k| k == Some(mv)) {
            return KILLERS[k];
        }
        if self.counter_slot(pos, ply).is_some_and(|s| self.counters[s] == Some(mv)) {
            return COUNTER_MOVE;
        }
        self.history_slot(pos, mv).map_or(0, |s| self.history[s]) + escape_bonus(tables, pos, mv, threatened)
    }

    /// A quiet move caused a cutoff at `ply` with `depth` to go, after the quiet moves
    /// `tried` failed to.
    pub fn note_cutoff(&mut self, pos: &Position, mv: Move, tried: &[Move], ply: usize, depth: i32) {
        let killers = &mut self.killers[ply];
        if killers[0] != Some(mv) {
            killers[1] = killers[0];
            killers[0] = Some(mv);
        }
        if let Some(slot) = self.counter_slot(pos, ply) {
            self.counters[slot] = Some(mv);
        }
        let bonus = (depth * depth * 16).min(HISTORY_BONUS_MAX);
        self.update_history(pos, mv, bonus);
        for &other in tried {
            self.update_history(pos, other, -bonus);
        }
    }

    /// Moves the history of `mv` by `bonus`, less as it nears +-`HISTORY_MAX`.
    fn update_history(&mut self, pos: &Position, mv: Move, bonus: i32) {
        if let Some(slot) = self.history_slot(pos, mv) {
            let h = &mut self.history[slot];
            *h += bonus - *h * bonus.abs() / HISTORY_MAX;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::frames::Frames;
    use holechess_kernel::notation::parse_move;
    use holechess_testkit::orthodox;

    /// The ordering scores of `moves` in `pos` at ply 1, with the pieces on `threatened`
    /// threatened.
    fn scores(ordering: &Ordering, pos: &mut Position, moves: &[Move], threatened: &[Square]) -> Vec<i32> {
        let tables = VariantTables::new(pos.variant());
        let mut frames = Frames::new();
        frames.generate(1, pos);
        ordering.score_moves(&tables, pos, frames.frame_mut(1), None, 1, threatened);
        let frame = frames.frame_mut(1);
        moves
            .iter()
            .map(|mv| frame.scores[frame.moves.as_slice().iter().position(|m| m == mv).expect("a legal move")])
            .collect()
    }

    #[test]
    fn a_cutoff_raises_its_move_and_lowers_the_quiet_moves_tried_before_it() {
        let mut pos = Position::start(&orthodox());
        let mut ordering = Ordering::new();
        ordering.prepare(pos.geometry().square_count());
        let [cutoff, tried] = ["g1f3", "a2a3"].map(|m| parse_move(&pos, m).unwrap());
        ordering.note_cutoff(&pos, cutoff, &[tried], 3, 4);
        // At another ply (no killer there) the history alone orders them.
        let s = scores(&ordering, &mut pos, &[cutoff, tried], &[]);
        assert!(s[0] > 0 && s[1] < 0, "{s:?}");
    }

    #[test]
    fn a_threatened_piece_moving_to_an_unattacked_square_comes_first_among_quiet_moves() {
        // The knight on d4 is threatened by the pawn on e5; the bishop on g8 attacks e6.
        let mut pos = Position::from_fen(&orthodox(), "4k1b1/8/8/4p3/3N4/4P3/8/4K3 w - - 0 1").unwrap();
        let mut ordering = Ordering::new();
        ordering.prepare(pos.geometry().square_count());
        let [safe, attacked, other] = ["d4b5", "d4e6", "e1d1"].map(|m| parse_move(&pos, m).unwrap());
        let threatened = [pos.geometry().parse_square("d4", 0).unwrap()];
        let s = scores(&ordering, &mut pos, &[safe, attacked, other], &threatened);
        assert!(s[0] >= ESCAPE && s[1] == 0 && s[2] == 0, "{s:?}");
        assert_eq!(scores(&ordering, &mut pos, &[safe], &[]), [0]);
    }

    #[test]
    fn the_counter_move_of_the_last_move_comes_after_the_killers() {
        let mut pos = Position::start(&orthodox());
        let mut ordering = Ordering::new();
        ordering.prepare(pos.geometry().square_count());
        let opening = parse_move(&pos, "e2e4").unwrap();
        pos.play_unchecked(opening);
        let reply = parse_move(&pos, "b8c6").unwrap();
        ordering.note_move(2, Some(opening));
        ordering.note_cutoff(&pos, reply, &[], 2, 1);
        // At ply 1, after the same move, the reply is the counter move (not a killer there).
        ordering.note_move(1, Some(opening));
        let s = scores(&ordering, &mut pos, &[reply], &[]);
        assert_eq!(s[0], COUNTER_MOVE);
    }
}
