//! How a game stands, for the match runner and the search: the kernel's game status (mate,
//! stalemate by the variant's rule, K7) and its draw claims (50-move rule, repetition), with
//! no rule of its own.

use holechess_kernel::goal::GoalEnd;
use holechess_kernel::spec::{SideOutcome, StalemateRule};
use holechess_kernel::{DrawClaim, Move, Position, Status};

use crate::score::{mated_in, Score, DRAW};

/// Whether a game is over after the last ply (and its random events, K9).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum GameStatus {
    Ongoing,
    /// The side to move is in check with no legal move.
    Checkmated,
    /// The side that just moved reached its goal squares (the side to move has lost).
    GoalReached,
    /// A side has fewer pieces of a kind than an extinction rule allows (the rule says who
    /// wins).
    Extinct,
    /// The side to move has no legal move and is not in check; the variant's rule says
    /// whether that is a draw, a loss or a pass.
    Stalemated(StalemateRule),
    /// The variant's 50-move rule applies.
    FiftyMoves,
    /// The position occurred as often as the variant's repetition rule says.
    Repetition,
}

/// The status of `pos` for the side to move (draw rules are applied as if claimed): the
/// kernel's game status and draw claims, read as the match runner needs them.
pub fn game_status(pos: &Position) -> GameStatus {
    match pos.status() {
        Status::Checkmate { .. } => GameStatus::Checkmated,
        Status::Goal { .. } | Status::Checks { .. } => GameStatus::GoalReached,
        Status::Extinction { .. } | Status::Counted { .. } => GameStatus::Extinct,
        Status::Stalemate { rule } => GameStatus::Stalemated(rule),
        Status::Draw { .. } => GameStatus::Stalemated(StalemateRule::Draw),
        Status::Ongoing => match pos.claimable_draw() {
            Some(DrawClaim::FiftyMoves) => GameStatus::FiftyMoves,
            Some(DrawClaim::Repetition) => GameStatus::Repetition,
            None => GameStatus::Ongoing,
        },
    }
}

fn stalemate_rule(pos: &Position) -> StalemateRule {
    pos.variant().spec().rules.stalemate
}

/// The score of a node at `ply` without legal moves; `in_check` for the side to move. The
/// variant says who wins a mate, a stalemate or an extinction. Where a stalemated side passes,
/// the kernel lists the pass as its move, so a node without any move is one where neither
/// side can move (two passes in a row, or no piece left to pass with): the game's end, a draw.
pub(crate) fn no_moves(pos: &Position, in_check: bool, ply: usize) -> Score {
    let decided = |we_lose: bool| if we_lose { mated_in(ply) } else { -mated_in(ply) };
    if let Some(end) = pos.extinction() {
        return match end.winner {
            Some(winner) => decided(winner != pos.side_to_move()),
            None => DRAW,
        };
    }
    if let Some(winner) = pos.check_count_winner() {
        return decided(winner != pos.side_to_move());
    }
    match pos.goal_end() {
        Some(GoalEnd::Won(winner)) => return decided(winner != pos.side_to_move()),
        Some(GoalEnd::Drawn) => return DRAW,
        None => {}
    }
    if in_check {
        return match pos.variant().spec().rules.ends.checkmate {
            SideOutcome::Loss => decided(true),
            SideOutcome::Win => decided(false),
            SideOutcome::Draw => DRAW,
        };
    }
    if let Some(Status::Counted { winner, .. }) = pos.counted_end() {
        return match winner {
            Some(winner) => decided(winner != pos.side_to_move()),
            None => DRAW,
        };
    }
    match stalemate_rule(pos) {
        StalemateRule::Draw | StalemateRule::Pass => DRAW,
        StalemateRule::Loss => decided(true),
        StalemateRule::Win => decided(false),
    }
}

/// Whether the search scores `pos` (not the root) as drawn: the 50-move rule where the
/// variant has it, and any repetition within the game (a cycle gains nothing, whatever the
/// variant's repetition rule).
pub(crate) fn drawn_in_search(pos: &Position) -> bool {
    pos.claimable_draw() == Some(DrawClaim::FiftyMoves) || pos.repetitions() > 0
}

/// A two-board turn where the side to move's only action is a pass (`moves` is its move
/// list): the score when that ends the game (HP8: checkmated on its board, both players
/// mated in one turn, or both passing), `None` when the pass is played.
pub(crate) fn only_pass_ends(pos: &Position, moves: &[Move], ply: usize) -> Option<Score> {
    if moves != [Move::Pass] {
        return None;
    }
    match pos.status() {
        Status::Checkmate { winner } if winner == pos.side_to_move() => Some(-mated_in(ply)),
        Status::Checkmate { .. } => Some(mated_in(ply)),
        Status::Draw { .. } => Some(DRAW),
        _ => None,
    }
}
