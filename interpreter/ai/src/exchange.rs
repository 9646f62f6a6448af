//! Static exchange on a capture's square. First a cheap test: a capture may lose material
//! when the victim (with any promotion) is worth less than the capturing piece and the enemy
//! defends the square; the move ordering tries such captures after the quiet moves. Then,
//! for those only, the exchange itself: both sides take on the square with their least
//! valuable capturer as long as that gains, each capture made on the board (so every
//! variant's movement, holes and tokens included); the capture search skips a capture whose
//! exchange loses. Royal capturers never count as lost (they cannot take on a defended
//! square), and pins are not looked at.

use holechess_kernel::{Move, MoveList, Position, Square};

use crate::ordering::captured_kind;
use crate::score::Score;
use crate::search::Searcher;
use crate::tables::{Role, VariantTables};

/// The most captures on one square an exchange follows.
pub(crate) const EXCHANGE_DEPTH: usize = 12;

/// What a capture wins at first sight: the victim and any promotion, minus the capturing
/// piece when the enemy defends the square it lands on. `None` for a move that captures
/// nothing or whose landing square is not a plain `to` (transits, teleports).
pub(crate) fn capture_balance(tables: &VariantTables, pos: &Position, mv: Move) -> Option<Score> {
    let Move::Normal { from, to, promotion } = mv else { return None };
    let victim = captured_kind(pos, mv)?;
    let gain = tables.value(victim) + promotion.map_or(0, |k| tables.value(k) - pawn_value(tables, pos, mv));
    let mover = pos.piece_at(from)?;
    let risk = match promotion {
        Some(k) => tables.value(k),
        None if tables.kinds[mover.kind as usize].role == Role::Royal => 0,
        None => tables.value(mover.kind),
    };
    if risk <= gain {
        return Some(gain);
    }
    Some(if pos.is_attacked(to, pos.side_to_move().opponent()) { gain - risk } else { gain })
}

/// The value of the piece that moves (a promoting pawn's own worth).
fn pawn_value(tables: &VariantTables, pos: &Position, mv: Move) -> Score {
    mv.from().and_then(|sq| pos.piece_at(sq)).map_or(0, |p| tables.value(p.kind))
}

/// Whether `mv` is a capture that loses material at once (see [`capture_balance`]).
pub(crate) fn loses_material(tables: &VariantTables, pos: &Position, mv: Move) -> bool {
    capture_balance(tables, pos, mv).is_some_and(|balance| balance < 0)
}

/// The capture of a piece on `sq` by the least valuable capturer among `moves` (royal
/// pieces last), with the capturer's value.
fn least_valuable_capture(tables: &VariantTables, pos: &Position, moves: &MoveList, sq: Square) -> Option<Move> {
    let cost = |mv: Move| {
        let Move::Normal { from, .. } = mv else { return Score::MAX };
        pos.piece_at(from).map_or(Score::MAX, |p| match tables.kinds[p.kind as usize].role {
            Role::Royal => Score::MAX - 1,
            _ => tables.value(p.kind),
        })
    };
    moves.iter().copied().filter(|mv| matches!(mv, Move::Normal { to, .. } if *to == sq)).min_by_key(|&mv| cost(mv))
}

impl Searcher {
    /// Whether the capture `mv` loses material once the exchange on its square is played out
    /// (see the module). Captures that pass the cheap test are not played out.
    pub(crate) fn exchange_loses(&mut self, pos: &mut Position, mv: Move) -> bool {
        let tables = self.tables.clone().expect("prepare() builds the tables");
        if !loses_material(&tables, pos, mv) {
            return false;
        }
        let (Some(gain), Some(sq)) = (first_gain(&tables, pos, mv), mv.to()) else { return false };
        let undo = pos.make(mv);
        let answer = exchange_on(&tables, pos, &mut self.exchange_lists, sq);
        pos.unmake(undo);
        gain - answer < 0
    }

    /// What the side to move wins by taking on `sq` and the exchange that follows (0 when it
    /// should not take).
    pub(crate) fn exchange_gain_on(&mut self, pos: &mut Position, sq: Square) -> Score {
        let tables = self.tables.clone().expect("prepare() builds the tables");
        exchange_on(&tables, pos, &mut self.exchange_lists, sq)
    }

    /// Keeps of `squares` those where the side to move wins material by taking and the
    /// exchange that follows (`exchange_gain_on` above 0), generating its moves once for all.
    pub(crate) fn retain_won_by_exchange(&mut self, pos: &mut Position, squares: &mut Vec<Square>) {
        let tables = self.tables.clone().expect("prepare() builds the tables");
        let Some((first, deeper)) = self.exchange_lists.split_first_mut() else { return };
        pos.pseudo_moves_into(first);
        squares.retain(|&sq| exchange_with(&tables, pos, first, deeper, sq) > 0);
    }
}

/// What the side to move wins by taking on `sq` with its least valuable capturer and the
/// exchange that follows (0 when it should not take); `lists` holds the move list of each
/// capture of the exchange (none left: the exchange stops there).
fn exchange_on(tables: &VariantTables, pos: &mut Position, lists: &mut [MoveList], sq: Square) -> Score {
    let Some((list, deeper)) = lists.split_first_mut() else { return 0 };
    pos.pseudo_moves_into(list);
    exchange_with(tables, pos, list, deeper, sq)
}

/// `exchange_on` with the side to move's pseudo-legal moves already in `list`.
fn exchange_with(
    tables: &VariantTables,
    pos: &mut Position,
    list: &MoveList,
    deeper: &mut [MoveList],
    sq: Square,
) -> Score {
    let mover = pos.side_to_move();
    let Some(capture) = least_valuable_capture(tables, pos, list, sq) else { return 0 };
    let Some(gain) = first_gain(tables, pos, capture) else { return 0 };
    let undo = pos.make(capture);
    let value = if pos.royal_attacked(mover) { 0 } else { gain - exchange_on(tables, pos, deeper, sq) };
    pos.unmake(undo);
    value.max(0)
}

/// What a capture takes: the victim, and what a promotion adds to the capturing pawn.
fn first_gain(tables: &VariantTables, pos: &Position, mv: Move) -> Option<Score> {
    let victim = captured_kind(pos, mv)?;
    Some(tables.value(victim) + mv.promotion().map_or(0, |k| tables.value(k) - pawn_value(tables, pos, mv)))
}

#[cfg(test)]
mod tests {
    use super::*;
    use holechess_kernel::notation::lan;
    use holechess_kernel::Position;
    use holechess_testkit::orthodox;

    fn capture(fen: &str, uci: &str) -> (VariantTables, Position, Move) {
        let variant = orthodox();
        let pos = Position::from_fen(&variant, fen).expect("a valid position");
        let mv = pos.legal_moves().iter().copied().find(|&m| lan(&pos, m) == uci).expect("a legal move");
        (VariantTables::new(&variant), pos, mv)
    }

    #[test]
    fn a_queen_taking_a_defended_pawn_loses_material() {
        let (tables, pos, mv) = capture("4k3/8/2p5/3p4/8/8/3Q4/4K3 w - - 0 1", "d2d5");
        assert!(loses_material(&tables, &pos, mv));
    }

    #[test]
    fn a_queen_taking_an_undefended_pawn_wins_it() {
        let (tables, pos, mv) = capture("4k3/8/8/3p4/8/8/3Q4/4K3 w - - 0 1", "d2d5");
        assert!(!loses_material(&tables, &pos, mv));
        assert_eq!(capture_balance(&tables, &pos, mv), Some(100));
    }

    fn searcher_for(pos: &Position) -> Searcher {
        let mut searcher = Searcher::default();
        searcher.search(pos, crate::limits::Limits::depth(1));
        searcher
    }

    #[test]
    fn a_rook_taking_a_knight_defended_by_a_queen_wins_when_the_queen_cannot_take_back_safely() {
        // Rxf7 Qxf7+ Kxf7: the rook wins a knight and a queen for itself.
        let (_, mut pos, mv) = capture("6k1/r4N2/8/8/2Q5/8/8/4K3 b - - 0 1", "a7f7");
        let mut searcher = searcher_for(&pos);
        assert!(!searcher.exchange_loses(&mut pos, mv));
    }

    #[test]
    fn a_queen_taking_a_pawn_defended_twice_loses_the_exchange() {
        let (_, mut pos, mv) = capture("4k3/8/2p1p3/3p4/8/8/3Q4/4K3 w - - 0 1", "d2d5");
        let mut searcher = searcher_for(&pos);
        assert!(searcher.exchange_loses(&mut pos, mv));
    }

    #[test]
    fn a_pawn_only_the_king_defends_is_won_when_a_second_rook_backs_the_capture() {
        // The king defends d5, but a rook behind the capturer makes the recapture illegal.
        let (_, mut pos, mv) = capture("8/8/4k3/3p4/8/8/3R4/3RK3 w - - 0 1", "d2d5");
        let mut searcher = searcher_for(&pos);
        assert!(!searcher.exchange_loses(&mut pos, mv));
    }

    #[test]
    fn a_pawn_taking_a_defended_knight_gains() {
        let (tables, pos, mv) = capture("4k3/8/4p3/3n4/4P3/8/8/4K3 w - - 0 1", "e4d5");
        assert!(!loses_material(&tables, &pos, mv));
    }
}
