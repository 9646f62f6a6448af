//! Perft with the variant's hooks, as K6 says: chance is switched off, and every hook run
//! that rolls no die runs as in play (after-move events change the tree below the move,
//! game-start hooks the start); a run that asks for a die is skipped whole, as if its event
//! had not happened. Special moves come from the kernel's generation, which asks the hook.
//! A variant without after-move hooks is counted by the kernel's perft alone, and so is one
//! whose after-move hooks roll a die before they ask anything of the position (see
//! [`PlayableVariant::events_change_perft`]).

use holechess_kernel::notation::lan;
use holechess_kernel::perft as kernel;
use holechess_kernel::{Move, MoveList, Position};

use crate::dice::Dice;
use crate::hooks::HookError;
use crate::playable_variant::PlayableVariant;

/// The variant's start for perft: its declared start after the game-start hooks, unless
/// they ask for a die (then the declared start).
pub fn start(rules: &PlayableVariant) -> Result<Position, HookError> {
    let declared = rules.start_position();
    if !rules.hooks.has_game_start() {
        return Ok(declared);
    }
    let (outcome, _) = rules.hooks.game_start(declared.clone(), no_dice());
    without_rolls(outcome.map(|o| o.position), declared)
}

/// The number of leaf nodes `depth` plies below `pos`.
pub fn perft(rules: &PlayableVariant, pos: &mut Position, depth: u32) -> Result<u64, HookError> {
    if depth == 0 {
        return Ok(1);
    }
    if !rules.events_change_perft() {
        return Ok(kernel::perft(pos, depth));
    }
    if depth > RECURSION_DEPTH {
        return deep_perft(rules, pos, depth);
    }
    let mut list = MoveList::new();
    pos.generate_legal(&mut list);
    if depth == 1 {
        return Ok(list.len() as u64);
    }
    let mut nodes = 0;
    for &mv in list.iter() {
        nodes += perft(rules, &mut after(rules, pos, mv)?, depth - 1)?;
    }
    Ok(nodes)
}

/// Deeper than this, perft walks the tree with a stack of its own (a forced line may be any
/// number of plies long), and recursion takes over for the last plies.
const RECURSION_DEPTH: u32 = 64;

/// One ply of [`deep_perft`]'s walk: the position there, its legal moves and the next one.
struct Frame {
    position: Position,
    moves: MoveList,
    next: usize,
}

/// Perft without recursion down to [`RECURSION_DEPTH`] plies above the leaves.
fn deep_perft(rules: &PlayableVariant, pos: &Position, depth: u32) -> Result<u64, HookError> {
    let mut nodes = 0;
    let mut stack = vec![Frame { position: pos.clone_without_history(), moves: pos.legal_moves(), next: 0 }];
    while let Some(frame) = stack.last_mut() {
        let Some(&mv) = frame.moves.as_slice().get(frame.next) else {
            stack.pop();
            continue;
        };
        frame.next += 1;
        let mut child = after(rules, &frame.position, mv)?;
        let left = depth.saturating_sub(u32::try_from(stack.len()).unwrap_or(u32::MAX));
        if left <= RECURSION_DEPTH {
            nodes += perft(rules, &mut child, left)?;
        } else {
            stack.push(Frame { moves: child.legal_moves(), position: child, next: 0 });
        }
    }
    Ok(nodes)
}

/// The count below each legal root move, as (long algebraic, count), sorted by the move text.
pub fn perft_divide(rules: &PlayableVariant, pos: &mut Position, depth: u32) -> Result<Vec<(String, u64)>, HookError> {
    let mut rows = Vec::new();
    for &mv in pos.legal_moves().iter() {
        let mut child = after(rules, pos, mv)?;
        rows.push((lan(pos, mv), perft(rules, &mut child, depth.saturating_sub(1))?));
    }
    rows.sort();
    Ok(rows)
}

/// `pos` after `mv` and the ply's after-move hooks (skipped whole if they ask for a die).
fn after(rules: &PlayableVariant, pos: &Position, mv: Move) -> Result<Position, HookError> {
    let mut moved = pos.clone_without_history();
    moved.play_unchecked(mv);
    if !rules.events_change_perft() {
        return Ok(moved);
    }
    let (outcome, _) = rules.hooks.after_move(moved.clone(), no_dice());
    without_rolls(outcome.map(|o| o.position), moved)
}

/// Dice that answer no roll: asking for a die fails the run.
fn no_dice() -> Dice {
    Dice::recorded([])
}

/// The position a hook run made, or `unchanged` when the run asked for a die.
fn without_rolls(outcome: Result<Position, HookError>, unchanged: Position) -> Result<Position, HookError> {
    match outcome {
        Err(HookError::Dice(_)) => Ok(unchanged),
        other => other,
    }
}
