//! Check counting: a side that has given the variant's number of checks wins (three-check;
//! Kar Ouk's first check). The counters belong to the position: its hash includes them, and
//! its notation writes the checks each side has still to give as a field after the en-passant
//! square (`3+3`, as Fairy-Stockfish writes it), reading also the form that counts the checks
//! given at the end (`+2+0`).

use crate::error::{PositionError, PositionErrorKind};
use crate::geometry::Side;
use crate::position::Position;
use crate::variant::Variant;

impl Position {
    /// How many checks `side` has given (0 where the variant does not count them).
    #[must_use]
    pub fn checks_given(&self, side: Side) -> u8 {
        self.state.checks[side.index()]
    }

    /// After a ply: the side that moved has given one more check if the side to move is in
    /// check now.
    pub(crate) fn count_check(&mut self) {
        if self.variant.spec().rules.checks.win_at.is_none() || !self.is_check() {
            return;
        }
        let mover = self.state.side.opponent();
        let before = self.state.checks[mover.index()];
        let after = before.saturating_add(1);
        let z = &self.variant.zobrist;
        self.state.hash ^= z.checks(mover, before) ^ z.checks(mover, after);
        self.state.checks[mover.index()] = after;
    }

    /// Sets the checks each side has given, keeping the hash in step.
    pub(crate) fn set_checks_given(&mut self, checks: [u8; 2]) -> Result<(), PositionError> {
        let limit = self.variant.spec().rules.checks.win_at;
        for side in Side::BOTH {
            let given = checks[side.index()];
            if given > 0 && limit.is_none_or(|needed| given > needed) {
                let reason = match limit {
                    Some(needed) => format!("{side} has given {given} checks, more than the {needed} that win"),
                    None => format!("{} does not count checks", self.variant.spec().title),
                };
                return Err(PositionError::of(PositionErrorKind::Counters, reason));
            }
            let z = &self.variant.zobrist;
            self.state.hash ^= z.checks(side, self.state.checks[side.index()]) ^ z.checks(side, given);
            self.state.checks[side.index()] = given;
        }
        Ok(())
    }

    /// The hash of the check counters.
    pub(crate) fn checks_hash(&self) -> u64 {
        let z = &self.variant.zobrist;
        Side::BOTH.into_iter().fold(0, |h, side| h ^ z.checks(side, self.state.checks[side.index()]))
    }

    /// The field of the checks each side has still to give (`3+3`), for a variant that counts
    /// them.
    pub(crate) fn checks_field(&self) -> Option<String> {
        let needed = self.variant.spec().rules.checks.win_at?;
        let left = |side: Side| needed.saturating_sub(self.state.checks[side.index()]);
        Some(format!("{}+{}", left(Side::White), left(Side::Black)))
    }
}

/// Takes the check counters out of a position text's fields, for a variant that counts
/// checks: a field `W+B` right after the en-passant square gives the checks each side has
/// still to give; a last field `+W+B` the checks each has given. Without either, no check has
/// been given. Other variants keep their fields as they are.
pub(crate) fn split_check_field<'a>(
    variant: &Variant,
    mut fields: Vec<&'a str>,
) -> Result<(Vec<&'a str>, [u8; 2]), PositionError> {
    let Some(needed) = variant.spec().rules.checks.win_at else {
        return Ok((fields, [0; 2]));
    };
    if let Some(text) = fields.get(4).copied().filter(|f| f.contains('+')) {
        let [white, black] = read_pair(text, "checks left")?;
        fields.remove(4);
        let given = |left: u8| if left > needed { Err(too_many(text, needed)) } else { Ok(needed - left) };
        return Ok((fields, [given(white)?, given(black)?]));
    }
    if let Some(text) = fields.last().copied().filter(|f| f.starts_with('+') && fields.len() > 4) {
        let counts = read_pair(&text[1..], "checks given")?;
        fields.pop();
        return Ok((fields, counts));
    }
    Ok((fields, [0; 2]))
}

/// `W+B`: two counts.
fn read_pair(text: &str, what: &str) -> Result<[u8; 2], PositionError> {
    let bad = || {
        PositionError::of(
            PositionErrorKind::Counters,
            format!("the {what} field '{text}' must be two counts joined by '+', such as '3+3'"),
        )
    };
    let (white, black) = text.split_once('+').ok_or_else(bad)?;
    let count = |part: &str| part.parse::<u8>().map_err(|_| bad());
    Ok([count(white)?, count(black)?])
}

fn too_many(text: &str, needed: u8) -> PositionError {
    PositionError::of(
        PositionErrorKind::Counters,
        format!("the checks-left field '{text}' counts more than the {needed} checks that win"),
    )
}
