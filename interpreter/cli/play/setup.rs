//! How a game's start position was made: the variant's start, a custom token layout
//! (`holes`, checked against the token's layout rule: any number, or exactly n; distinct
//! empty squares, a square listed twice holds a stack of two, K8) or a given position.

use holechess_kernel::spec::LayoutRule;
use holechess_kernel::{Position, PositionError, Setup, TokenStack};
use holechess_runtime::PlayableVariant;

/// The start of a game, as a record writes it (`[FEN]`, `[Holes]`).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct GameStart {
    /// A given start position (`position FEN`, a record's `[FEN]`).
    pub fen: Option<String>,
    /// A custom layout of the first token kind (`holes`, `--holes`, `[Holes]`).
    pub holes: Option<Vec<String>>,
    /// The variant's game-start rolls, when its `at game start` hooks made the start (a
    /// record's `%dice` before the first move).
    pub start_dice: Vec<u8>,
}

impl GameStart {
    /// The start position this setup gives in `rules`: the given position or the
    /// variant's start, its first token kind laid out anew when `holes` says so, checked by
    /// the kernel ([`Position::from_setup`]).
    pub fn position(&self, rules: &PlayableVariant) -> Result<Position, String> {
        if self.fen.is_none() && self.holes.is_none() && !self.start_dice.is_empty() {
            return self.rolled_start(rules);
        }
        let text = self.fen.as_deref().unwrap_or(rules.variant().start_fen());
        let invalid = |e: PositionError| format!("invalid position '{text}': {e}");
        let mut setup = Setup::from_fen(rules.variant(), text).map_err(invalid)?;
        if let Some(squares) = &self.holes {
            lay_out(&mut setup, squares, rules)?;
        }
        Position::from_setup(rules.variant(), setup).map_err(invalid)
    }
}

impl GameStart {
    /// The start the game-start hooks make with the recorded rolls.
    fn rolled_start(&self, rules: &PlayableVariant) -> Result<Position, String> {
        let outcomes: Vec<u32> = self.start_dice.iter().map(|&value| u32::from(value)).collect();
        rules.recorded_start(&outcomes).map(|(start, _)| start).map_err(|e| format!("game start: {e}"))
    }
}

/// Reads a layout (`c3 f3 c6`, commas allowed; `none` for no token) and checks it against
/// the variant's rule and the start position.
pub fn read_layout(text: &str, rules: &PlayableVariant, start: &Position) -> Result<Vec<String>, String> {
    let Some(token) = rules.variant().tokens().first() else {
        return Err(format!("{} has no tokens to lay out", rules.variant().spec().title));
    };
    let squares: Vec<String> = match text.trim() {
        "none" | "-" => Vec::new(),
        listed => listed.split([' ', ',', '\t']).filter(|s| !s.is_empty()).map(str::to_lowercase).collect(),
    };
    for name in &squares {
        let Some(sq) = start.geometry().parse_square_anywhere(name) else {
            return Err(format!("'{name}' is not a square of the board"));
        };
        if let Some(piece) = start.piece_at(sq) {
            let kind = &rules.variant().piece(piece.kind).name;
            return Err(format!("{name} is not empty (a {} {kind} stands there)", piece.side.name()));
        }
    }
    if let LayoutRule::Exactly(n) = token.layout {
        if squares.len() != usize::from(n) {
            return Err(format!(
                "{} needs exactly {n} {}s (a square listed twice counts twice), not {}",
                rules.variant().spec().title,
                token.name,
                squares.len()
            ));
        }
    }
    Ok(squares)
}

/// The first token kind's stacks replaced by `squares` (a square listed twice holds a stack
/// of two); other kinds kept.
fn lay_out(setup: &mut Setup, squares: &[String], rules: &PlayableVariant) -> Result<(), String> {
    if rules.variant().tokens().is_empty() {
        return Err("the variant has no tokens".to_string());
    }
    setup.tokens.retain(|(_, stack)| stack.kind != 0);
    for name in squares {
        let sq = rules
            .variant()
            .geometry()
            .parse_square_anywhere(name)
            .ok_or(format!("'{name}' is not a square of the board"))?;
        match setup.tokens.iter_mut().find(|(at, stack)| *at == sq && stack.kind == 0) {
            Some((_, stack)) => stack.count = stack.count.saturating_add(1),
            None => setup.tokens.push((sq, TokenStack { kind: 0, count: 1, timer: 0 })),
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_layout_replaces_the_default_tokens_and_stacks_repeats() {
        let rules = PlayableVariant::load("porthole").unwrap();
        let start = rules.start_position();
        let squares = read_layout("d4 e5 d4", &rules, &start).unwrap();
        let start = GameStart { holes: Some(squares), ..GameStart::default() };
        let fen = start.position(&rules).unwrap().fen();
        assert!(fen.ends_with("porthole=d4*2,e5") || fen.contains("d4*2"), "{fen}");
        assert!(!fen.contains("c3"), "{fen}");
    }

    #[test]
    fn layouts_are_checked_against_the_rule_and_the_board() {
        let portal = PlayableVariant::load("standard-portal").unwrap();
        let start = portal.start_position();
        assert!(read_layout("c3 f3", &portal, &start).unwrap_err().contains("exactly 8"));
        assert!(read_layout("e2", &portal, &start).unwrap_err().contains("not empty"));
        assert!(read_layout("z9", &portal, &start).unwrap_err().contains("not a square"));
        let chess = PlayableVariant::load("chess").unwrap();
        assert!(read_layout("e4", &chess, &chess.start_position()).is_err());
    }
}
