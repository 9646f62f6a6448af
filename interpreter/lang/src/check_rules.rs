//! The consistency checks of the rules about checks: check counting (`a side giving 3 checks
//! wins`) and kinds held in check (`a king in check may move only to capture the checking
//! piece`) need a variant of one board (two-board turns end a game by their own rules, HP8);
//! a count is at least one and fits the position notation's counter; a held kind is declared.
//! A movement barred while in check (`not while in check`) moves without capturing.

use crate::ast::{Modifier, PieceClause, Rule, Span, Spanned};
use crate::check::Scope;
use crate::diagnostic::Problem;
use crate::lower;

/// The most checks a check-counting rule may ask for.
const MAX_CHECKS: u32 = 99;

/// Reports what is wrong with `rule` when it is a rule about checks.
pub(crate) fn check_rule(scope: &Scope, rule: &Rule, geometry: &lower::Geometry, problems: &mut Vec<Problem>) {
    match rule {
        Rule::CheckCount(checks) => {
            if !(1..=MAX_CHECKS).contains(&checks.node) {
                problems.push(
                    Problem::new(checks.span, format!("a side cannot win by giving {} checks", checks.node))
                        .expecting(format!("a number of checks from 1 to {MAX_CHECKS}")),
                );
            }
            if geometry.board_count() > 1 {
                problems.push(
                    Problem::new(checks.span, "check counting needs a variant of one board")
                        .expecting("one `board`, or no `a side giving N checks wins`"),
                );
            }
        }
        Rule::HeldInCheck(name) => {
            if lower::piece_named(scope, &name.node).is_none() {
                problems.push(
                    Problem::new(name.span, format!("the rule on checks names an unknown piece `{}`", name.node))
                        .expecting("a declared piece, such as `king`"),
                );
            }
            if geometry.board_count() > 1 {
                problems.push(
                    Problem::new(name.span, "pieces held in check need a variant of one board")
                        .expecting("one `board`, or no `... in check may move only to capture the checking piece`"),
                );
            }
        }
        Rule::Duple(name) => {
            if lower::piece_named(scope, &name.node).is_none() {
                problems.push(
                    Problem::new(
                        name.span,
                        format!("the rule on attacked pieces names an unknown piece `{}`", name.node),
                    )
                    .expecting("a declared piece, such as `kings`"),
                );
            }
            if geometry.board_count() > 1 {
                problems.push(
                    Problem::new(name.span, "duple check needs a variant of one board")
                        .expecting("one `board`, or no `a move may not leave all of the mover's kings attacked`"),
                );
            }
        }
        Rule::FirstMoveLost(victim, mover) => {
            for name in [victim, mover] {
                if lower::piece_named(scope, &name.node).is_none() {
                    problems.push(
                        Problem::new(
                            name.span,
                            format!("the rule on first moves names an unknown piece `{}`", name.node),
                        )
                        .expecting("a declared piece"),
                    );
                }
            }
        }
        _ => {}
    }
}

/// `not while in check` goes with `without capturing` (a capture pattern barred in check would
/// make attack detection ask whether the side is in check), and with no condition but `on its
/// first move`.
pub(crate) fn out_of_check(modifiers: &[Spanned<Modifier>], span: Span, problems: &mut Vec<Problem>) {
    if !modifiers.iter().any(|m| m.node == Modifier::MoveOnly) {
        problems.push(
            Problem::new(span, "a movement barred while in check cannot capture")
                .expecting("`without capturing` beside `not while in check`"),
        );
    }
    if modifiers.iter().any(|m| matches!(m.node, Modifier::FromRank(_) | Modifier::FromStartingRank)) {
        problems.push(
            Problem::new(span, "`not while in check` combines only with `on its first move`")
                .expecting("no `from rank N` or `from its starting rank` beside `not while in check`"),
        );
    }
}

/// `promotes to a KIND only while its side has fewer than N`: a declared kind, N at least one.
pub(crate) fn promotion_limit(scope: &Scope, clause: &PieceClause, problems: &mut Vec<Problem>) {
    let PieceClause::PromotionLimit(kind, count) = clause else { return };
    if lower::piece_named(scope, &kind.node).is_none() {
        problems.push(
            Problem::new(kind.span, format!("the promotion limit names an unknown piece `{}`", kind.node))
                .expecting("a declared piece"),
        );
    }
    if count.node == 0 || count.node > 255 {
        problems.push(
            Problem::new(
                count.span,
                format!("a promotion open while the side has fewer than {} is never open", count.node),
            )
            .expecting("a count from 1 to 255"),
        );
    }
}
