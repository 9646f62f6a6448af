//! The lines under a terminal board: whose move it is, the last move, and the legend of
//! tokens and links, markers aligned.

use holechess_kernel::Position;

use crate::caption::caption;
use crate::last_move::{Leg, MoveTrace};
use crate::legend::legend_marked;

/// The caption, the last move (if any) and one line per legend entry (links marked by
/// `marker`).
pub(super) fn footer_lines(
    pos: &Position,
    trace: &MoveTrace,
    show_legend: bool,
    marker: fn(usize) -> String,
) -> Vec<String> {
    let mut lines = vec![caption(pos)];
    lines.extend(crate::hands::hands_line(pos));
    if !trace.arrows.is_empty() || trace.special.is_some() {
        match pos.pending_action() {
            Some(_) => lines.push(format!(
                "Pending: {}'s {} (drawn before it happens: it is applied together with {}'s reply)",
                (pos.side_to_move().opponent()).title(),
                describe_trace(pos, trace),
                pos.side_to_move().title()
            )),
            None => lines.push(format!("Last move: {}", describe_trace(pos, trace))),
        }
    } else if pos.pending_action().is_some() {
        lines.push(format!(
            "Pending: {}'s action, applied together with {}'s reply",
            (pos.side_to_move().opponent()).title(),
            pos.side_to_move().title()
        ));
    }
    if show_legend {
        lines.extend(legend_lines(pos, marker));
    }
    lines
}

/// `c1-f4, transit f4-c3`; a special move by its notation: `dig@e2`, `swap@e1 (e1-h1)`.
fn describe_trace(pos: &Position, trace: &MoveTrace) -> String {
    let g = pos.geometry();
    let legs: Vec<String> = trace
        .arrows
        .iter()
        .map(|arrow| {
            let prefix = if arrow.leg == Leg::Transit { "transit " } else { "" };
            format!("{prefix}{}-{}", g.name_on_board(arrow.from), g.name_on_board(arrow.to))
        })
        .collect();
    match (&trace.special, legs.is_empty()) {
        (Some(name), true) => name.clone(),
        (Some(name), false) => format!("{name} ({})", legs.join(", ")),
        (None, _) => legs.join(", "),
    }
}

/// `  @2  porthole (dormant stack of 2): d4`.
pub(super) fn legend_lines(pos: &Position, marker: fn(usize) -> String) -> Vec<String> {
    let entries = legend_marked(pos, marker);
    let width = entries.iter().map(|e| e.marker.chars().count()).max().unwrap_or(0);
    entries
        .iter()
        .map(|entry| {
            let squares = entry.square_names(pos).join(" ");
            format!("  {:<width$}  {}: {squares}", entry.marker, entry.description)
        })
        .collect()
}
