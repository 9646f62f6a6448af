//! The consistency checks of the rules about checks: check counting (`a side giving 3 checks
//! wins`) and kinds held in check (`a king in check may move only to capture the checking
//! piece`) need a variant of one board (two-board turns end a game by their own rules, HP8);
//! a count is at least one and fits the position notation's counter; a held kind is declared.

use crate::ast::Rule;
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
        _ => {}
    }
}
