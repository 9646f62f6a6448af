//! One generated variant checked: its script loaded, positions of a random game from its
//! start, and at each perft through the kernel (its fast path when the variant qualifies),
//! through the general path alone and by the independent reference (`reference/spec.rs`).
//! Shared by `tests/variant_space.rs` and the `variant_space` fuzz target.

use holechess_kernel::notation::lan;
use holechess_kernel::perft::perft;
use holechess_kernel::testing::TestHooks;
use holechess_kernel::Position;

use super::generator::{self, Rng};
use super::spec_reference::two_boards::TwoBoards;
use super::spec_reference::Board;

/// What one variant's check covered.
#[derive(Default, Debug)]
pub struct Covered {
    pub variants: usize,
    pub positions: usize,
    pub fast: usize,
    /// Positions with tokens that last a number of plies (PT4).
    pub timed: usize,
    /// Positions of variants with square links within a board.
    pub linked: usize,
    /// Positions of variants with gates, tokens a piece passes through (PH, SP).
    pub gated: usize,
    /// Positions of variants with holes, squares absent for non-royal pieces (WH2, WH3).
    pub holed: usize,
    /// Positions of variants whose holes are tunnels or edge gateways (WH4, WH5).
    pub warped: usize,
    /// Positions of variants on two boards with Howe's turns (HP1-HP8).
    pub two_boards: usize,
    /// Positions of two-board variants where a player must teleport this turn (HP4).
    pub teleporting: usize,
}

impl std::fmt::Display for Covered {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "{} generated variant positions of {} variants agree ({} on the fast path, {} with timed tokens, {} with links, {} with gates, {} with holes, {} with tunnels or gateways, {} on two boards, {} of them with a teleport due)",
            self.positions,
            self.variants,
            self.fast,
            self.timed,
            self.linked,
            self.gated,
            self.holed,
            self.warped,
            self.two_boards,
            self.teleporting
        )
    }
}

/// The three counts of `pos` at `depth`, or a report of how they differ.
fn compare(script: &str, pos: &Position, depth: u32) -> Result<bool, String> {
    let kernel = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| perft(&mut pos.clone(), depth)))
        .map_err(|_| format!("{script}\nposition {}\ndepth {depth}: the kernel's perft panicked", pos.fen()))?;
    let general = pos.clone().general_perft(depth);
    let reference = reference_perft(pos, depth);
    if kernel == general && general == reference {
        return Ok(pos.uses_fast_path());
    }
    Err(format!(
        "{script}\nposition {}\ndepth {depth}: kernel {kernel}, general path {general}, reference {reference}\n{}",
        pos.fen(),
        localize(pos, depth)
    ))
}

/// The first position below `pos` (down kernel moves) whose legal move counts differ between
/// the kernel and the reference, with both lists; where every child agrees, the action whose
/// child the reference's own make reaches differently.
fn localize(pos: &Position, depth: u32) -> String {
    let mut mine: Vec<String> = pos.legal_moves().iter().map(|&m| lan(pos, m)).collect();
    mine.sort();
    let mut theirs = reference_moves(pos);
    theirs.sort();
    // The two write moves through links differently (`c4d4>h2`, `c4h2`): counts are compared.
    if mine.len() != theirs.len() || depth <= 1 {
        return format!(
            "at {}: kernel moves ({}): {mine:?}\nreference moves ({}): {theirs:?}",
            pos.fen(),
            mine.len(),
            theirs.len()
        );
    }
    for &mv in pos.legal_moves().iter() {
        let mut child = pos.clone();
        child.play_unchecked(mv);
        if perft(&mut child.clone(), depth - 1) != reference_perft(&child, depth - 1) {
            return format!("after {}: {}", lan(pos, mv), localize(&child, depth - 1));
        }
    }
    format!(
        "the children agree one by one: the reference's make differs at {}\n{}",
        pos.fen(),
        reference_children(pos, depth)
    )
}

/// Each reference action of `pos` whose child, made by the reference, counts otherwise at
/// `depth - 1` than the kernel's child of the same action.
fn reference_children(pos: &Position, depth: u32) -> String {
    let spec = pos.variant().spec();
    let kernel_child = |text: &str| {
        let mv = pos.legal_moves().iter().copied().find(|&m| lan(pos, m) == text)?;
        let mut child = pos.clone();
        child.play_unchecked(mv);
        Some(child)
    };
    let mut out = Vec::new();
    if on_two_boards(pos) {
        let reference = TwoBoards::of(spec, pos);
        for action in reference.legal_actions() {
            let text = TwoBoards::text(action);
            let theirs = reference.after(action).perft(depth - 1);
            let child = kernel_child(&text);
            let mine = child.as_ref().map(|c| perft(&mut c.clone(), depth - 1));
            if mine != Some(theirs) {
                let fen = child.map(|c| c.fen()).unwrap_or_default();
                out.push(format!("{text}: reference {theirs}, kernel {mine:?} at {fen}"));
            }
        }
    } else {
        let reference = Board::of(spec, pos);
        for mv in reference.legal_moves() {
            let text = Board::text(mv);
            let theirs = reference.after(mv).perft(depth - 1);
            let child = kernel_child(&text);
            let mine = child.as_ref().map(|c| perft(&mut c.clone(), depth - 1));
            if mine != Some(theirs) {
                let fen = child.map(|c| c.fen()).unwrap_or_default();
                out.push(format!("{text}: reference {theirs}, kernel {mine:?} at {fen}"));
            }
        }
    }
    out.join("\n")
}

/// Whether the variant of `pos` plays two boards with Howe's turns (HP2).
fn on_two_boards(pos: &Position) -> bool {
    pos.variant().spec().schedule == holechess_kernel::spec::Schedule::SwitchBoards
}

/// Perft by the independent reference: one board, or two with Howe's turns.
fn reference_perft(pos: &Position, depth: u32) -> u64 {
    let spec = pos.variant().spec();
    if on_two_boards(pos) {
        TwoBoards::of(spec, pos).perft(depth)
    } else {
        Board::of(spec, pos).perft(depth)
    }
}

/// The reference's legal moves (or two-board actions) of `pos`, written for a report.
fn reference_moves(pos: &Position) -> Vec<String> {
    let spec = pos.variant().spec();
    if on_two_boards(pos) {
        TwoBoards::of(spec, pos).legal_actions().into_iter().map(TwoBoards::text).collect()
    } else {
        Board::of(spec, pos).legal_moves().into_iter().map(Board::text).collect()
    }
}

/// The most leaves a compared perft may have in the tests: the reference walks every one
/// (a 16x16 board full of riders would otherwise take seconds).
const MAX_LEAVES: u64 = 4_000;

/// Depth 3 where few moves are legal, else 2, lowered while the kernel counts more than
/// `max_leaves` leaves there (depth 1 still compares every legal move).
fn affordable_depth(pos: &Position, max_leaves: u64) -> u32 {
    let mut depth = if pos.legal_moves().len() <= 6 { 3 } else { 2 };
    while depth > 1 && perft(&mut pos.clone(), depth) > max_leaves {
        depth -= 1;
    }
    depth
}

/// The variant of `seed` and a few positions of a random game from its start, compared.
pub fn check_variant(seed: u64, positions: usize) -> Result<Covered, String> {
    check_variant_within(seed, positions, MAX_LEAVES)
}

/// [`check_variant`] with perft held to `max_leaves` leaves (a fuzz input stays cheap).
pub fn check_variant_within(seed: u64, positions: usize, max_leaves: u64) -> Result<Covered, String> {
    let generated = generator::variant(seed);
    let loaded = holechess_lang::load_str("generated.hole", &generated.script)
        .map_err(|e| format!("seed {seed}: the generated script is refused:\n{}\n{}", generated.script, e.render()))?;
    let mut pos = Position::start(&loaded.variant);
    if let Some(plies) = generated.lifetime {
        pos = with_timers(&pos, plies, &mut Rng(seed ^ 0x71E5));
    }
    let mut rng = Rng(seed ^ 0x5EED);
    let mut covered = Covered::default();
    for _ in 0..positions {
        let depth = affordable_depth(&pos, max_leaves);
        let fast = compare(&generated.script, &pos, depth).map_err(|report| format!("seed {seed}:\n{report}"))?;
        covered.positions += 1;
        covered.fast += usize::from(fast);
        let links = &loaded.variant.spec().links;
        let within = links.pairs.iter().any(|(a, b)| a.board == b.board);
        covered.linked += usize::from(within || !links.one_way.is_empty());
        let gates = loaded.variant.spec().tokens.iter().any(|t| t.entry != holechess_kernel::spec::Entry::None);
        covered.gated += usize::from(gates);
        let holes =
            loaded.variant.spec().tokens.iter().any(|t| t.movement == holechess_kernel::spec::TokenMovement::Absent);
        covered.holed += usize::from(holes);
        let warped = loaded
            .variant
            .spec()
            .tokens
            .iter()
            .any(|t| t.exit == holechess_kernel::spec::Exit::Tunnel || t.wraps_edges);
        covered.warped += usize::from(warped);
        covered.two_boards += usize::from(on_two_boards(&pos));
        let teleporting =
            pos.must_teleport(holechess_kernel::Side::White) || pos.must_teleport(holechess_kernel::Side::Black);
        covered.teleporting += usize::from(teleporting);
        covered.timed += usize::from(pos.token_squares().any(|s| pos.tokens_at(s).is_some_and(|t| t.timer > 0)));
        for _ in 0..rng.range(1, 4) {
            let moves = pos.legal_moves();
            if moves.is_empty() {
                return Ok(covered);
            }
            pos.play_unchecked(random_action(moves.as_slice(), &mut rng));
        }
    }
    Ok(covered)
}

/// A random one of `moves`; on two boards intent (HP3) one time in three where it is legal,
/// so that the games reach teleports (HP4) often.
fn random_action(moves: &[holechess_kernel::Move], rng: &mut Rng) -> holechess_kernel::Move {
    let intent = holechess_kernel::Move::Intent;
    if moves.contains(&intent) && rng.chance(33) {
        return intent;
    }
    moves[rng.below(moves.len())]
}

/// `pos` with each of its tokens lasting 1 to `plies` more plies (a token's default square
/// holds it for good; the position notation gives each its own time, PT4).
fn with_timers(pos: &Position, plies: usize, rng: &mut Rng) -> Position {
    let fen = pos.fen();
    let Some((head, tokens)) = fen.rsplit_once(' ').filter(|(_, tokens)| tokens.contains('=')) else {
        return pos.clone();
    };
    let timed: Vec<String> = tokens
        .split(';')
        .map(|group| {
            let (kind, squares) = group.split_once('=').unwrap_or((group, ""));
            if kind != "wall" {
                // Only the walls last a number of plies; gates move and stay.
                return group.to_string();
            }
            let squares: Vec<String> = squares.split(',').map(|sq| format!("{sq}({})", rng.range(1, plies))).collect();
            format!("{kind}={}", squares.join(","))
        })
        .collect();
    let text = format!("{head} {}", timed.join(";"));
    Position::from_fen(pos.variant(), &text).unwrap_or_else(|e| panic!("{text}: {e}"))
}
