//! The resolved rules in words, for `holechess rules VARIANT`: the boards, each piece and
//! how it moves, the tokens and what they do, the links, the turns, promotion, castling, how
//! the game ends, the hands, and the hooks. Written from the same model `--json` prints.

use std::collections::BTreeSet;
use std::fmt::Write;

use super::schema::{Hook, MoveRule, Piece, Promotion, Rules, Token};

/// The whole description, ready to print.
pub fn describe(rules: &Rules) -> String {
    let mut out = String::new();
    let _ = writeln!(out, "{} ({})", rules.title, rules.id);
    if !rules.summary.is_empty() {
        let _ = writeln!(out, "{}", rules.summary);
    }
    let _ = writeln!(out, "Read from: {}", rules.sources.join(", "));
    let _ = writeln!(out, "\nBoard: {}", boards(rules));
    let _ = writeln!(out, "Start: {}", rules.start);
    let _ = writeln!(out, "Turns: {}", turns(rules));
    let _ = writeln!(out, "\nPieces:");
    for piece in &rules.pieces {
        out.push_str(&piece_text(piece));
    }
    if !rules.tokens.is_empty() {
        let _ = writeln!(out, "\nTokens:");
        for token in &rules.tokens {
            out.push_str(&token_text(token));
        }
    }
    if let Some(text) = links(rules) {
        let _ = writeln!(out, "\nLinks: {text}");
    }
    let _ = writeln!(out, "\nCastling: {}", castling(rules));
    let _ = writeln!(out, "En passant: {}", if rules.play.en_passant { "yes" } else { "no" });
    let _ = writeln!(out, "Game end: {}", game_end(rules));
    if let Some(hands) = &rules.hands {
        let _ = writeln!(out, "Hands: {}", super::hands::words(hands));
    }
    if !rules.hooks.is_empty() {
        let _ = writeln!(out, "\nHooks (rhai functions the script runs):");
        for hook in &rules.hooks {
            let _ = writeln!(out, "  {}", hook_text(hook));
        }
    }
    out
}

fn boards(rules: &Rules) -> String {
    let b = &rules.boards;
    let size = format!("{}x{}", b.files, b.ranks);
    let mut text = match b.names.len() {
        0 | 1 => format!("one board of {size} squares"),
        _ => format!("{} boards, {}, of {size} squares each", b.names.len(), b.names.join(" and ")),
    };
    if b.files_wrap {
        text.push_str("; the first and last files are neighbours for every piece");
    }
    text
}

fn turns(rules: &Rules) -> &'static str {
    match rules.turns {
        "switch-boards" => {
            "two boards; in turn N White moves on board (N-1) mod 2 and Black on the other, the two moves \
             of a turn being simultaneous"
        }
        _ => "White and Black alternate, White first",
    }
}

fn piece_text(piece: &Piece) -> String {
    let mut traits = vec![format!("value {}", piece.value)];
    if piece.royal {
        traits.insert(0, "royal (never captured; attacking it is check)".to_owned());
    }
    if piece.pawn_like {
        traits.insert(0, "pawn-like".to_owned());
    }
    let mut out = format!("  {} ({}), {}:\n", piece.name, piece.letter, traits.join(", "));
    for line in move_lines(&piece.moves) {
        let _ = writeln!(out, "    {line}");
    }
    if !mirror_symmetric(&piece.moves) {
        out.push_str(
            "    moves differ to its left and right: Black's are turned around (its left is the player's left)\n",
        );
    }
    match piece.castling {
        "king" => out.push_str("    castles as the king\n"),
        "rook" => out.push_str("    castles as a rook\n"),
        _ => {}
    }
    if let Some(promotion) = &piece.promotion {
        let _ = writeln!(out, "    {}", promotion_text(promotion));
    }
    if let Some(region) = &piece.region {
        let _ = writeln!(
            out,
            "    never leaves files {} to {} and its ranks {} to {}",
            region.files[0], region.files[1], region.ranks[0], region.ranks[1]
        );
    }
    out
}

/// Whether every move rule has its mirror image across the file (the piece moves alike to
/// its left and right).
fn mirror_symmetric(moves: &[MoveRule]) -> bool {
    moves.iter().all(|rule| moves.contains(&MoveRule { dx: -rule.dx, ..rule.clone() }))
}

/// The move rules grouped back into phrases: rules that differ only in direction share one
/// line (`slides orthogonally`, `leaps (1,2) in all directions`).
fn move_lines(moves: &[MoveRule]) -> Vec<String> {
    let mut groups: Vec<(MoveRule, BTreeSet<(i8, i8)>)> = Vec::new();
    for rule in moves {
        let key = MoveRule { dx: 0, dy: 0, ..rule.clone() };
        let shape = shape(rule);
        match groups.iter_mut().find(|(k, dirs)| *k == key && dirs.iter().next().is_some_and(|d| same_shape(*d, shape)))
        {
            Some((_, dirs)) => {
                dirs.insert((rule.dx, rule.dy));
            }
            None => groups.push((key, BTreeSet::from([(rule.dx, rule.dy)]))),
        }
    }
    groups.iter().map(|(rule, dirs)| move_phrase(rule, dirs)).collect()
}

/// A step or slide of one square per step belongs with any other; a leap with leaps of its
/// own shape.
fn shape(rule: &MoveRule) -> (i8, i8) {
    let (a, b) = (rule.dx.abs(), rule.dy.abs());
    (a.min(b), a.max(b))
}

fn same_shape(direction: (i8, i8), shape: (i8, i8)) -> bool {
    let (a, b) = (direction.0.abs(), direction.1.abs());
    let other = (a.min(b), a.max(b));
    other == shape || (other.1 <= 1 && shape.1 <= 1)
}

fn move_phrase(rule: &MoveRule, dirs: &BTreeSet<(i8, i8)>) -> String {
    let verb = match rule.kind {
        "step" => "steps".to_owned(),
        "leap" => {
            let (a, b) =
                dirs.iter().next().map(|&(x, y)| (x.abs().min(y.abs()), x.abs().max(y.abs()))).unwrap_or((0, 0));
            format!("leaps ({a},{b})")
        }
        "hop" if rule.hop_any_distance => "hops".to_owned(),
        "hop" => "hops over the first piece".to_owned(),
        _ if rule.range == 0 => "slides".to_owned(),
        _ => format!("slides up to {} squares", rule.range),
    };
    let mut text = format!("{verb} {}", directions(dirs, rule.kind == "leap"));
    if rule.hop_any_distance {
        text.push_str(" over the first piece, to any square behind it up to the next piece");
    }
    match rule.condition.as_str() {
        "always" => {}
        "first-move" => text.push_str(", on its first move"),
        "out-of-check" => text.push_str(", not while in check"),
        "first-move-out-of-check" => text.push_str(", on its first move, not while in check"),
        "from-squares" => {
            let _ = write!(text, ", from squares {} (Black's mirrored)", rule.origin_squares.join(" "));
        }
        other => {
            let rank = other.trim_start_matches("from-rank-");
            let _ = write!(text, ", from its rank {rank}");
        }
    }
    match rule.mode {
        "move-only" => text.push_str(", without capturing"),
        "capture-only" => text.push_str(", only to capture"),
        _ => {}
    }
    match rule.en_passant {
        "sets" => text.push_str(", may be taken en passant"),
        "captures" => text.push_str(", also en passant"),
        _ => {}
    }
    if let Some(rank) = rule.barred_rank {
        let _ = write!(text, ", never onto its rank {rank}");
    }
    if rule.lame {
        text.push_str(", not over a piece on its path");
    }
    text
}

/// The directions in words, seen from the mover's side.
fn directions(dirs: &BTreeSet<(i8, i8)>, leap: bool) -> String {
    let set = |list: &[(i8, i8)]| list.iter().copied().collect::<BTreeSet<_>>();
    let orthogonal = set(&[(0, 1), (0, -1), (1, 0), (-1, 0)]);
    let diagonal = set(&[(1, 1), (1, -1), (-1, 1), (-1, -1)]);
    if leap {
        let &(a, b) = dirs.iter().next().expect("a direction");
        let (a, b) = (a.abs(), b.abs());
        let all: BTreeSet<(i8, i8)> =
            [(a, b), (b, a)].iter().flat_map(|&(x, y)| [(x, y), (-x, y), (x, -y), (-x, -y)]).collect();
        return if *dirs == all { "in all directions".to_owned() } else { vectors(dirs) };
    }
    let named = [
        (orthogonal.union(&diagonal).copied().collect::<BTreeSet<_>>(), "in all directions"),
        (orthogonal, "orthogonally"),
        (diagonal, "diagonally"),
        (set(&[(0, 1)]), "forward"),
        (set(&[(0, -1)]), "backward"),
        (set(&[(1, 1), (-1, 1)]), "diagonally forward"),
        (set(&[(1, -1), (-1, -1)]), "diagonally backward"),
        (set(&[(1, 0), (-1, 0)]), "sideways"),
    ];
    match named.iter().find(|(s, _)| s == dirs) {
        Some((_, words)) => (*words).to_owned(),
        None => vectors(dirs),
    }
}

fn vectors(dirs: &BTreeSet<(i8, i8)>) -> String {
    let list: Vec<String> = dirs.iter().map(|(x, y)| format!("({x},{y})")).collect();
    format!("along {}", list.join(" "))
}

fn promotion_text(p: &Promotion) -> String {
    if let Some(flips) = p.flips {
        let when = if flips == "every-capture" { "capture" } else { "move" };
        return format!("promotes on every {when} to {}, and turns back on its next {when}", or_list(&p.white_choices));
    }
    let zone = |ranks: u8| if ranks <= 1 { "the last rank".to_owned() } else { format!("the last {ranks} ranks") };
    if !p.white_squares.is_empty() || !p.black_squares.is_empty() {
        return zone_squares_text(p);
    }
    if p.compulsory_ranks == 0 {
        let mut text = format!("may promote in {} to {}", zone(p.optional_ranks), or_list(&p.white_choices));
        if p.on_leaving {
            text.push_str(", also on a move leaving it");
        }
        return text;
    }
    let mut text = if p.white_choices == p.black_choices {
        format!("promotes on {} to {}", zone(p.compulsory_ranks), or_list(&p.white_choices))
    } else {
        format!(
            "promotes on {}: White to {}, Black to {}",
            zone(p.compulsory_ranks),
            or_list(&p.white_choices),
            or_list(&p.black_choices)
        )
    };
    if p.optional_ranks > 0 {
        let _ = write!(text, "; may promote in {}", zone(p.optional_ranks));
    }
    if p.at_last_existing_square {
        text.push_str("; must promote on the last existing square of its file");
    }
    if p.only_lost_pieces {
        text.push_str("; only to a kind of piece its side has lost");
    }
    if p.on_leaving {
        text.push_str("; also on a move leaving the zone");
    }
    for limit in &p.limits {
        let _ = write!(text, "; to a {} only while its side has fewer than {}", limit.piece, limit.below);
    }
    text
}

/// A compulsory zone of named squares, each side's own.
fn zone_squares_text(p: &Promotion) -> String {
    let side = |squares: &[String], choices: &[String]| {
        if squares.is_empty() {
            "never".to_owned()
        } else {
            format!("on {} to {}", squares.join(", "), or_list(choices))
        }
    };
    format!(
        "promotes: White {}; Black {}",
        side(&p.white_squares, &p.white_choices),
        side(&p.black_squares, &p.black_choices)
    )
}

fn or_list(names: &[String]) -> String {
    match names {
        [] => "nothing".to_owned(),
        [one] => one.clone(),
        [rest @ .., last] => format!("{} or {last}", rest.join(", ")),
    }
}

fn token_text(token: &Token) -> String {
    let count = match token.exactly {
        Some(n) => format!("exactly {n}"),
        None => "any number".to_owned(),
    };
    let start = if token.default_squares.is_empty() {
        "none at the start".to_owned()
    } else {
        format!("at the start on {}", token.default_squares.join(" "))
    };
    let mut out = format!("  {} ({}), {start}; a layout may have {count}:\n", token.name, token.symbol);
    for line in token_effects(token) {
        let _ = writeln!(out, "    {line}");
    }
    out
}

fn token_effects(t: &Token) -> Vec<String> {
    let mut lines = Vec::new();
    lines.push(
        match t.movement {
            "blocks" => "blocks movement like a piece (lines stop before it; leapers jump over it)",
            "impassable" => "impassable: nothing lands on it or passes over it",
            "absent" => "the square does not exist: pieces skip to the next existing square",
            _ => "no effect on movement",
        }
        .to_owned(),
    );
    match t.entry {
        "capture-move" => lines.push("entered by a capture-move of the piece's kind".to_owned()),
        "any-move" => lines.push("entered by any move that lands on it".to_owned()),
        _ => {}
    }
    match t.exit.as_str() {
        "none" => {}
        "another-open" => lines.push(format!("the piece leaves through another open {}", t.name)),
        "tunnel" => lines.push(format!("the piece comes out at the next {} on its line and goes on", t.name)),
        other => lines.push(format!("the piece leaves through an open {}", other.trim_start_matches("open-"))),
    }
    let flags = [
        (t.relocate_to_origin, "the entered token moves to the square the piece came from"),
        (t.stacking == "dormant", "a stack of two or more is dormant"),
        (t.royal_exempt, "an ordinary square for royal pieces"),
        (t.removed_by_royal, "a royal piece moving onto it removes it"),
        (t.inactive_while_occupied, "no effect while a piece stands on it"),
        (t.wraps_edges, "on the first or last file, paths go on at the opposite edge"),
        (t.blocks_promotion, "a pawn ending its move on it does not promote"),
        (t.removes_occupant, "a piece standing where it appears is lost (royal pieces excepted)"),
    ];
    lines.extend(flags.iter().filter(|(on, _)| *on).map(|(_, text)| (*text).to_owned()));
    if let Some(plies) = t.lifetime {
        lines.push(format!("disappears after {plies} plies"));
    }
    lines
}

fn links(rules: &Rules) -> Option<String> {
    let l = &rules.links;
    if l.pairs.is_empty() && l.one_way.is_empty() {
        return None;
    }
    let mut parts = Vec::new();
    if !l.pairs.is_empty() {
        let pairs: Vec<String> = l.pairs.iter().map(|[a, b]| format!("{a} = {b}")).collect();
        parts.push(format!("linked both ways: {}", pairs.join(", ")));
    }
    if !l.one_way.is_empty() {
        let pairs: Vec<String> = l.one_way.iter().map(|[a, b]| format!("{a} -> {b}")).collect();
        parts.push(format!("one way: {}", pairs.join(", ")));
    }
    parts.push(match l.entry {
        "capture" => "only a move that captures on a linked square goes on through the link".to_owned(),
        _ => "a move ending on a linked square goes on to the other end".to_owned(),
    });
    if l.check_across {
        parts.push("a king on a linked square is in check from an enemy piece on the other end".to_owned());
    }
    if l.teleport {
        parts.push("players may declare intent (`@`) and teleport through links the next turn".to_owned());
    }
    Some(parts.join("; "))
}

fn castling(rules: &Rules) -> String {
    match &rules.play.castling {
        None => "no".to_owned(),
        Some(c) => {
            let mut text = format!(
                "short: king to the {}-file, rook to the {}-file; long: king to the {}-file, rook to the {}-file",
                c.short_king, c.short_rook, c.long_king, c.long_rook
            );
            if let Some([short, long]) = &c.rooks_found_from {
                let _ = write!(
                    text,
                    "; the castling letters K and Q name the rook nearest the {short}-file and the {long}-file"
                );
            }
            text
        }
    }
}

fn game_end(rules: &Rules) -> String {
    let play = &rules.play;
    let mut parts = vec![match play.royals {
        "any-number" => {
            "a side in check (any of its royal pieces attacked) with no legal move is checkmated and loses; \
             a side with no royal piece is never in check"
                .to_owned()
        }
        _ => "a side in check with no legal move is checkmated and loses".to_owned(),
    }];
    parts.push(match play.stalemate {
        "loss" => "a side with no legal move, not in check, loses".to_owned(),
        "pass" => "a side with no legal move, not in check, passes its turn".to_owned(),
        "win" => "a side with no legal move, not in check, wins".to_owned(),
        _ => "a side with no legal move, not in check, is stalemated: a draw".to_owned(),
    });
    if let Some(goal) = &play.goal {
        let region = match &goal.squares {
            None => "its last rank".to_owned(),
            Some(squares) => squares.join(", "),
        };
        parts.push(if goal.safe {
            format!(
                "a side wins when one of its {}s stands on {region} where no enemy piece attacks it (both sides at once: a draw)",
                goal.piece
            )
        } else {
            format!("a side wins when, after its move, one of its {}s stands on {region}", goal.piece)
        });
        if goal.reply {
            parts.push("when White arrives first, Black has one more move, and arriving with it draws".to_owned());
        }
        if goal.held {
            parts.push(
                "the opponent replies first: the arriving side wins when its turn comes with the piece still there"
                    .to_owned(),
            );
        }
    }
    match play.checkmate {
        "win" => parts.push("checkmate wins for the checkmated side".to_owned()),
        "draw" => parts.push("checkmate is a draw".to_owned()),
        _ => {}
    }
    if play.counting {
        parts.push("when no move is left or the board is full, the side with more pieces wins".to_owned());
    }
    parts.extend(play.extinctions.iter().map(extinction_text));
    parts.extend(capture_rules(play));
    parts.extend(check_rules(play));
    if let Some(moves) = play.fifty_move {
        parts.push(format!("a draw may be claimed after {moves} moves by each side without a capture or a pawn move"));
    }
    if let Some(times) = play.repetition {
        parts.push(format!("a draw may be claimed when a position (tokens included) occurs {times} times"));
    }
    parts.join("; ")
}

/// A game end by extinction in words: `a side with fewer than 3 kings left loses`.
fn extinction_text(e: &super::schema::Extinction) -> String {
    let kinds = match &e.pieces {
        None => "pieces".to_owned(),
        Some(names) if e.below == 1 => names.join(" or "),
        Some(names) => names.iter().map(|n| format!("{n}s")).collect::<Vec<_>>().join(" or "),
    };
    let count = if e.below == 1 { format!("no {kinds}") } else { format!("fewer than {} {kinds}", e.below) };
    let outcome = match e.outcome {
        "win" => "wins",
        "draw" => "draws",
        _ => "loses",
    };
    let mut text = format!("a side with {count} left {outcome}");
    if e.opponent_at_least > 0 {
        let _ = write!(text, " while the opponent has at least {} pieces", e.opponent_at_least);
    }
    if e.reply {
        text.push_str(" (the side to move may answer first)");
    }
    text
}

/// Check counting and kinds held in check.
fn check_rules(play: &super::schema::PlayRules) -> Vec<String> {
    let mut parts = Vec::new();
    if let Some(checks) = play.checks_win {
        let given = if checks == 1 { "a check".to_owned() } else { format!("{checks} checks") };
        parts.push(format!("a side wins as soon as it has given {given}"));
    }
    for name in &play.held_in_check {
        parts.push(format!("a {name} in check may not move, except to capture the only piece giving check"));
    }
    if let Some(name) = &play.duple {
        parts.push(format!("no move may leave every {name} of the mover attacked (a lone {name} must stay safe)"));
    }
    if play.first_moves_in_castling_field {
        parts.push("the position's castling field names the pieces that have not made their first move".to_owned());
    }
    for [victim, mover] in &play.first_moves_lost_to {
        parts.push(format!("a {victim} loses its first move when an enemy {mover} moves onto its file or rank"));
    }
    parts
}

/// Compulsory capture, the ban on checks, explosions, capture bans and pseudo-royal pieces.
fn capture_rules(play: &super::schema::PlayRules) -> Vec<String> {
    let mut parts = Vec::new();
    if play.compulsory_capture {
        parts.push("a side that can capture must capture".to_owned());
    }
    if play.no_checks {
        parts.push("no move may give check".to_owned());
    }
    if play.royals_may_not_face {
        parts.push("no move may leave the royal pieces of the two sides facing each other on an open file".to_owned());
    }
    if let Some(explosion) = &play.explosion {
        let except = if explosion.immune.is_empty() {
            String::new()
        } else {
            format!(" and {}s", explosion.immune.join("s and "))
        };
        parts.push(format!(
            "a capture explodes: the capturer and the pieces around its square go, pawn-like pieces{except} excepted"
        ));
    }
    for [capturer, captured] in &play.capture_bans {
        parts.push(format!("a {capturer} may not capture a {captured}"));
    }
    for name in &play.pseudo_royal {
        parts.push(if play.pseudo_royal_alone.contains(name) {
            format!("a {name} may be taken, but no move may leave a side's last {name} attacked or blow it up")
        } else {
            format!("a {name} may be taken, but no move may leave one attacked or blow it up")
        });
    }
    parts
}

fn hook_text(hook: &Hook) -> String {
    let args: Vec<String> = hook.args.iter().map(|a| a.to_string()).collect();
    format!("{}: {}({}) ({} line {})", hook.event, hook.function, args.join(", "), hook.file, hook.line)
}
