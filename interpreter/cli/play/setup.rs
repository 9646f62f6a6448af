//! How a game's start position was made: the variant's start, a custom token layout
//! (`holes`, checked against the token's layout rule: any number, or exactly n; distinct
//! empty squares, a square listed twice holds a stack of two, K8) or a given position.

use holechess_kernel::spec::LayoutRule;
use holechess_kernel::Position;
use holechess_runtime::PlayableVariant;

/// The start of a game, as a record writes it (`[FEN]`, `[Holes]`).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Setup {
    /// A given start position (`position FEN`, a record's `[FEN]`).
    pub fen: Option<String>,
    /// A custom layout of the first token kind (`holes`, `--holes`, `[Holes]`).
    pub holes: Option<Vec<String>>,
    /// The variant's game-start rolls, when its `at game start` hooks made the start (a
    /// record's `%dice` before the first move).
    pub start_dice: Vec<u8>,
}

impl Setup {
    /// The start position this setup gives in `rules`.
    pub fn position(&self, rules: &PlayableVariant) -> Result<Position, String> {
        if self.fen.is_none() && self.holes.is_none() && !self.start_dice.is_empty() {
            return self.rolled_start(rules);
        }
        let base = self.fen.as_deref().unwrap_or(rules.variant().start_fen());
        let text = match &self.holes {
            Some(squares) => with_layout(base, squares, rules)?,
            None => base.to_owned(),
        };
        Position::from_fen(rules.variant(), &text).map_err(|e| format!("invalid position '{text}': {e}"))
    }
}

impl Setup {
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

/// `fen` with the first token kind's group replaced by `squares` (others kept).
fn with_layout(fen: &str, squares: &[String], rules: &PlayableVariant) -> Result<String, String> {
    let token = rules.variant().tokens().first().ok_or("the variant has no tokens")?;
    let mut fields: Vec<String> = fen.split_whitespace().map(str::to_owned).collect();
    for (index, default) in ["w", "-", "-", "0", "1"].iter().enumerate() {
        if fields.len() <= index + 1 {
            fields.push((*default).to_owned());
        }
    }
    let mut groups: Vec<String> = fields
        .get(6)
        .map(|field| {
            field
                .split(';')
                .filter(|group| {
                    *group != "-" && !group.split('=').next().unwrap_or("").eq_ignore_ascii_case(&token.name)
                })
                .map(str::to_owned)
                .collect()
        })
        .unwrap_or_default();
    if let Some(group) = token_group(&token.name, squares) {
        groups.insert(0, group);
    }
    fields.truncate(6);
    if !groups.is_empty() {
        fields.push(groups.join(";"));
    }
    Ok(fields.join(" "))
}

/// `porthole=c3*2,f3` from `c3 f3 c3`; `None` for no squares.
fn token_group(kind: &str, squares: &[String]) -> Option<String> {
    let mut counted: Vec<(&str, usize)> = Vec::new();
    for square in squares {
        match counted.iter_mut().find(|(name, _)| name == square) {
            Some((_, count)) => *count += 1,
            None => counted.push((square, 1)),
        }
    }
    if counted.is_empty() {
        return None;
    }
    let listed: Vec<String> = counted
        .iter()
        .map(|&(name, count)| if count == 1 { name.to_owned() } else { format!("{name}*{count}") })
        .collect();
    Some(format!("{kind}={}", listed.join(",")))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_layout_replaces_the_default_tokens_and_stacks_repeats() {
        let rules = PlayableVariant::load("porthole").unwrap();
        let start = rules.start_position();
        let squares = read_layout("d4 e5 d4", &rules, &start).unwrap();
        let setup = Setup { holes: Some(squares), ..Setup::default() };
        let fen = setup.position(&rules).unwrap().fen();
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
