//! From the checked, merged declarations to the kernel's [`VariantSpec`]: direction groups
//! become concrete [`Pattern`]s (dx, dy from White's side, `dy > 0` forward), names become
//! ids, squares become [`SquareRef`]s, board placements become one FEN. Also the small pure
//! helpers that `check` shares (board geometry, FEN placements, starting ranks), so the two
//! never disagree. A [`SpanIndex`] remembers where each lowered declaration was written.

use holechess_kernel::spec::*;
use holechess_kernel::SpecSubject;

use crate::ast::{self, *};
use crate::check::{Declared, Scope};
use crate::diagnostic::Problem;

/// The symbol of a token that does not say `shown as C`.
pub const DEFAULT_TOKEN_SYMBOL: char = '*';

// ------------------------------------------------------------------ geometry

/// The boards' size and names, for placing squares.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Geometry {
    /// Files per board.
    pub files: u8,
    /// Ranks per board.
    pub ranks: u8,
    /// Board names; empty for one unnamed board.
    pub names: Vec<String>,
    /// The letter index of each board's first file (`B files e..h`: 4), one per board; empty
    /// when every board starts at `a`.
    pub first_files: Vec<u8>,
}

impl Geometry {
    /// The geometry a board declaration gives (sides clamped to 16).
    #[must_use]
    pub fn of(board: &BoardDecl) -> Geometry {
        let side = |n: u32| u8::try_from(n.min(16)).unwrap_or(16);
        let names: Vec<String> = board.names.iter().map(|name| name.node.clone()).collect();
        let mut first_files = Vec::new();
        for labels in &board.file_labels {
            let index = match &labels.board {
                Some(name) => names.iter().position(|known| *known == name.node),
                None => Some(0),
            };
            if let Some(index) = index {
                first_files.resize(first_files.len().max(index + 1), 0);
                first_files[index] = file_index(labels.first.node).min(15);
            }
        }
        Geometry { files: side(board.files.node), ranks: side(board.ranks.node), names, first_files }
    }

    /// The board's own file for a written letter: its shown letters (`e..h`) or its own
    /// (`a..d`), as the kernel reads them.
    fn local_file(&self, board: u8, written: u8) -> u8 {
        let first = self.first_files.get(usize::from(board)).copied().unwrap_or(0);
        match written.checked_sub(first) {
            Some(file) if file < self.files => file,
            _ => written,
        }
    }

    /// How many boards (at least one).
    #[must_use]
    pub fn board_count(&self) -> usize {
        self.names.len().max(1)
    }

    /// The letter of a zero-based file.
    #[must_use]
    pub fn file_letter(&self, file: u8) -> char {
        char::from(b'a' + file.min(25))
    }

    /// A written square on these boards, or the problem with it.
    ///
    /// # Errors
    ///
    /// A [`Problem`] when the square is not on these boards.
    pub fn square(&self, square: &Spanned<SquareName>) -> Result<SquareRef, Problem> {
        let name = &square.node;
        let board = self.board_index(name.board.as_ref(), square.span)?;
        let file = self.local_file(board, file_index(name.file));
        let on_board = file < self.files && name.rank >= 1 && name.rank <= u32::from(self.ranks);
        if !on_board {
            let last = format!("{}{}", self.file_letter(self.files.saturating_sub(1)), self.ranks);
            return Err(Problem::new(square.span, format!("square `{}{}` is off the board", name.file, name.rank))
                .expecting(format!("a square from a1 to {last}")));
        }
        Ok(SquareRef::new(board, file, (name.rank - 1) as u8))
    }

    fn board_index(&self, board: Option<&Name>, span: Span) -> Result<u8, Problem> {
        match (board, self.names.len()) {
            (None, 0 | 1) => Ok(0),
            (None, _) => Err(Problem::new(span, "this square does not say which board it is on")
                .expecting(format!("a board name first, like `{}:a4`", self.names[0]))),
            (Some(name), _) => {
                self.names.iter().position(|known| *known == name.node).map(|index| index as u8).ok_or_else(|| {
                    Problem::new(name.span, format!("unknown board `{}`", name.node)).expecting(self.board_list())
                })
            }
        }
    }

    fn board_list(&self) -> String {
        if self.names.is_empty() {
            "no board name: this variant has one board".to_string()
        } else {
            format!("one of: {}", self.names.join(", "))
        }
    }
}

/// The zero-based index of a file letter (`a` = 0).
#[must_use]
pub fn file_index(letter: char) -> u8 {
    (letter as u32).saturating_sub('a' as u32).min(255) as u8
}

// ------------------------------------------------------------------ movement

/// The concrete vectors of a movement's direction group, or why there are none.
///
/// # Errors
///
/// Why the movement's direction group names no vector.
pub fn directions(movement: &Movement) -> Result<Vec<(i8, i8)>, String> {
    let direction = movement.direction.as_ref().map(|d| d.node);
    let line = direction.and_then(|d| d.line);
    let heading = direction.and_then(|d| d.heading);
    let hand_side = direction.and_then(|d| d.side);
    let bases: Vec<(u32, u32)> = match (movement.kind, movement.vector.as_ref()) {
        (MoveKind::Leap | MoveKind::Ride, Some(vector)) => {
            if matches!(line, Some(LineKind::Orthogonal | LineKind::Diagonal)) {
                return Err("`orthogonally` and `diagonally` are for steps and slides; a leap takes forward, backward, sideways or `in all directions`".into());
            }
            vec![vector.node]
        }
        _ => match line {
            Some(LineKind::Diagonal) => vec![(1, 1)],
            Some(LineKind::All) => vec![(1, 0), (1, 1)],
            Some(LineKind::Orthogonal) | None => vec![(1, 0)],
        },
    };
    let mut vectors = Vec::new();
    for (a, b) in bases {
        if a == 0 && b == 0 {
            return Err("(0,0) goes nowhere".into());
        }
        if a > 15 || b > 15 {
            return Err(format!("({a},{b}) is longer than any board"));
        }
        vectors.extend(orientations(a as i8, b as i8));
    }
    vectors.retain(|&(dx, dy)| match heading {
        Some(Heading::Forward) => dy > 0,
        Some(Heading::NarrowlyForward) => dy > 0 && dy.abs() > dx.abs(),
        Some(Heading::WidelyForward) => dy > 0 && dx.abs() > dy.abs(),
        Some(Heading::Backward) => dy < 0,
        Some(Heading::Sideways) => dy == 0,
        None => true,
    });
    vectors.retain(|&(dx, _)| match hand_side {
        Some(crate::ast::HandSide::Left) => dx < 0,
        Some(crate::ast::HandSide::Right) => dx > 0,
        None => true,
    });
    if vectors.is_empty() {
        return Err("this combination names no direction at all".into());
    }
    Ok(vectors)
}

/// The 8 mirror images of (a, b), without repeats, forward ones first.
fn orientations(a: i8, b: i8) -> Vec<(i8, i8)> {
    let mut all = Vec::new();
    for (x, y) in [(a, b), (b, a)] {
        for (sx, sy) in [(1, 1), (-1, 1), (1, -1), (-1, -1)] {
            all.push((x * sx, y * sy));
        }
    }
    all.sort_by_key(|&(dx, dy)| (-dy, dx));
    all.dedup();
    all
}

/// The patterns of one movement clause.
fn patterns(movement: &Movement, letter: char, setup: Option<&SetupDecl>, ranks: u8) -> Vec<Pattern> {
    let Ok(vectors) = directions(movement) else {
        return Vec::new();
    };
    let range = match movement.kind {
        MoveKind::Step | MoveKind::Leap => 1,
        MoveKind::Hop | MoveKind::FarHop => 0,
        MoveKind::Slide | MoveKind::Ride => movement.limit.as_ref().map_or(0, |limit| limit.node.min(15) as u8),
    };
    let mut mode = PatternMode::MoveOrCapture;
    let mut condition = PatternCondition::Always;
    let mut en_passant = EpRole::None;
    let mut barred_rank = None;
    let mut lame = false;
    for modifier in &movement.modifiers {
        match modifier.node {
            Modifier::MoveOnly => mode = PatternMode::MoveOnly,
            Modifier::CaptureOnly => mode = PatternMode::CaptureOnly,
            Modifier::FirstMove => condition = PatternCondition::FirstMove,
            Modifier::FromRank(rank) => condition = PatternCondition::FromRank(rank.saturating_sub(1).min(15) as u8),
            Modifier::FromStartingRank => {
                let rank = setup.and_then(|setup| starting_rank(letter, setup).ok()).unwrap_or(0);
                condition = PatternCondition::FromRank(rank);
            }
            Modifier::SetsEnPassant => en_passant = EpRole::Sets,
            Modifier::CapturesEnPassant => en_passant = EpRole::Captures,
            Modifier::NotOntoRank(rank) => barred_rank = Some(rank.saturating_sub(1).min(255) as u8),
            Modifier::NotOntoLastRank => barred_rank = Some(ranks.saturating_sub(1)),
            Modifier::Lame => lame = true,
            Modifier::OutOfCheck => {}
            Modifier::FromSquares(squares) => condition = PatternCondition::FromSquares(squares),
        }
    }
    if movement.modifiers.iter().any(|m| m.node == Modifier::OutOfCheck) {
        condition = match condition {
            PatternCondition::FirstMove => PatternCondition::FirstMoveOutOfCheck,
            _ => PatternCondition::OutOfCheck,
        };
    }
    let hop = matches!(movement.kind, MoveKind::Hop | MoveKind::FarHop);
    let hop_any_distance = movement.kind == MoveKind::FarHop;
    vectors
        .into_iter()
        .map(|(dx, dy)| Pattern {
            condition,
            en_passant,
            hop,
            barred_rank,
            hop_any_distance,
            lame,
            ..Pattern::new(dx, dy, range, mode)
        })
        .collect()
}

// ------------------------------------------------------------------ setup

/// The placement of each board, in board order.
///
/// # Errors
///
/// A [`Problem`] when a board's placement does not fit the geometry.
pub fn board_placements(setup: &SetupDecl, geometry: &Geometry) -> Result<Vec<Spanned<String>>, Problem> {
    let boards = geometry.board_count();
    let Some((first_board, first)) = setup.placements.first() else {
        return Ok(Vec::new());
    };
    if first_board.is_none() {
        let parts = split_spanned(first, '|');
        if parts.len() != boards {
            return Err(Problem::new(
                first.span,
                format!("the setup places {} board(s), the variant has {boards}", parts.len()),
            )
            .expecting(format!("{boards} placement(s) joined by `|`")));
        }
        return Ok(parts);
    }
    let mut ordered: Vec<Option<Spanned<String>>> = vec![None; boards];
    for (board, placement) in &setup.placements {
        let Some(board) = board else { continue };
        let index = geometry.names.iter().position(|name| *name == board.node).ok_or_else(|| {
            Problem::new(board.span, format!("unknown board `{}`", board.node)).expecting(geometry.board_list())
        })?;
        if ordered[index].is_some() {
            return Err(Problem::new(board.span, format!("board `{}` is placed twice", board.node)));
        }
        ordered[index] = Some(placement.clone());
    }
    let missing: Vec<&str> = geometry
        .names
        .iter()
        .zip(&ordered)
        .filter(|(_, placement)| placement.is_none())
        .map(|(name, _)| name.as_str())
        .collect();
    if !missing.is_empty() {
        return Err(Problem::new(first.span, format!("the setup does not place board {}", missing.join(", ")))
            .expecting("a `board NAME: PLACEMENT` line for every board"));
    }
    Ok(ordered.into_iter().flatten().collect())
}

/// Splits a spanned text at a separator, keeping each part's span.
fn split_spanned(text: &Spanned<String>, separator: char) -> Vec<Spanned<String>> {
    let mut parts = Vec::new();
    let mut start = 0;
    for part in text.node.split(separator) {
        let span = Span::new(text.span.file, text.span.start + start, text.span.start + start + part.len());
        parts.push(Spanned::new(part.to_string(), span));
        start += part.len() + separator.len_utf8();
    }
    parts
}

/// Problems with one board's placement: its shape and its letters.
#[must_use]
pub fn check_placement(placement: &Spanned<String>, geometry: &Geometry, letters: &[char]) -> Vec<Problem> {
    let (placement, hand) = crate::hands::split_setup_hand(placement);
    let mut problems = crate::hands::check_setup_hand(hand.as_ref(), letters);
    let rows = split_spanned(&placement, '/');
    if geometry.ranks > 0 && rows.len() != usize::from(geometry.ranks) {
        problems.push(
            Problem::new(
                placement.span,
                format!("the placement has {} ranks, the board {}", rows.len(), geometry.ranks),
            )
            .expecting(format!("{} ranks separated by `/`", geometry.ranks)),
        );
    }
    for row in &rows {
        let mut squares = 0u32;
        let mut digits = String::new();
        for (index, c) in row.node.char_indices() {
            let at = Span::new(row.span.file, row.span.start + index, row.span.start + index + c.len_utf8());
            if c.is_ascii_digit() {
                digits.push(c);
                continue;
            }
            if c == '~' || c == '+' {
                // Marks the piece before (`Q~`) or after (`+P`) it as promoted.
                continue;
            }
            squares += digits.parse::<u32>().unwrap_or(0);
            digits.clear();
            squares += 1;
            if !letters.contains(&c.to_ascii_uppercase()) {
                let known: String = letters.iter().collect();
                problems.push(
                    Problem::new(at, format!("the setup uses `{c}`, which no piece declares"))
                        .expecting(format!("a declared piece letter ({known}, lower case for Black) or a digit")),
                );
            }
        }
        squares += digits.parse::<u32>().unwrap_or(0);
        if geometry.files > 0 && squares != u32::from(geometry.files) {
            problems.push(
                Problem::new(row.span, format!("this rank has {squares} squares, the board {}", geometry.files))
                    .expecting(format!("pieces and empty-square counts adding up to {}", geometry.files)),
            );
        }
    }
    problems
}

/// The White pieces of a placement with their zero-based ranks.
fn white_ranks(placement: &str, letter: char) -> Vec<u8> {
    let board = placement.split('[').next().unwrap_or_default();
    let rows: Vec<&str> = board.split('/').collect();
    let count = rows.len();
    rows.iter()
        .enumerate()
        .filter(|(_, row)| row.contains(letter.to_ascii_uppercase()))
        .map(|(index, _)| (count - 1 - index).min(15) as u8)
        .collect()
}

/// The rank (zero-based, from White's side) where the setup puts White's pieces of this
/// letter, when that is one rank.
///
/// # Errors
///
/// Why there is no single rank: the setup puts no White piece of this letter, or puts them on several ranks.
pub fn starting_rank(letter: char, setup: &SetupDecl) -> Result<u8, String> {
    let mut ranks: Vec<u8> = setup
        .placements
        .iter()
        .flat_map(|(_, placement)| {
            placement.node.split('|').flat_map(|board| white_ranks(board, letter)).collect::<Vec<_>>()
        })
        .collect();
    ranks.sort_unstable();
    ranks.dedup();
    let upper = letter.to_ascii_uppercase();
    match ranks.as_slice() {
        [rank] => Ok(*rank),
        [] => Err(format!("the setup has no White `{upper}`, so it has no starting rank")),
        _ => {
            let listed: Vec<String> = ranks.iter().map(|rank| (rank + 1).to_string()).collect();
            Err(format!(
                "the setup has White `{upper}` on ranks {}, so its starting rank is unclear",
                listed.join(", ")
            ))
        }
    }
}

/// The kernel's position text: placements joined by `|`, then the FEN fields.
fn setup_fen(setup: &SetupDecl, geometry: &Geometry) -> String {
    let placements = board_placements(setup, geometry).unwrap_or_default();
    let mut fen = placements.iter().map(|p| p.node.as_str()).collect::<Vec<_>>().join("|");
    for field in &setup.fields {
        fen.push(' ');
        fen.push_str(&field.node);
    }
    fen
}

// ------------------------------------------------------------------ tokens

/// A token's symbol: its `shown as` clause, or the default.
#[must_use]
pub fn token_symbol(token: &TokenDecl) -> char {
    token
        .clauses
        .iter()
        .rev()
        .find_map(|clause| match clause.node {
            TokenClause::Symbol(symbol) => Some(symbol),
            _ => None,
        })
        .unwrap_or(DEFAULT_TOKEN_SYMBOL)
}

/// A token's clauses in force: those of its behaviours first, then its own.
fn effective_clauses<'a>(token: &'a TokenDecl, scope: &'a Scope) -> Vec<&'a TokenClause> {
    let mut clauses = Vec::new();
    for clause in &token.clauses {
        if let TokenClause::BehavesAs(name) = &clause.node {
            if let Some(behaviour) = scope.behaviours.iter().find(|b| b.node.name.node == name.node) {
                clauses.extend(behaviour.node.clauses.iter().map(|c| &c.node));
            }
        }
    }
    clauses.extend(token.clauses.iter().map(|c| &c.node));
    clauses
}

fn lower_token(token: &TokenDecl, scope: &Scope, geometry: &Geometry) -> TokenSpec {
    let mut spec = TokenSpec::plain(token.name.node.clone(), token_symbol(token));
    for clause in effective_clauses(token, scope) {
        apply_token_clause(&mut spec, clause, geometry);
        if let TokenClause::ExitAnother(name) = clause {
            spec.exit = exit_into(&token.name.node, &name.node, scope);
        }
    }
    spec
}

/// `exit through another open NAME`: the token's own kind (or `one`), or another kind by
/// its index among the variant's tokens.
fn exit_into(own: &str, name: &str, scope: &Scope) -> Exit {
    match scope.tokens.iter().position(|t| t.node.name.node == name) {
        Some(index) if name != own => Exit::OpenOf(index as u8),
        _ => Exit::AnotherOpen,
    }
}

fn apply_token_clause(spec: &mut TokenSpec, clause: &TokenClause, geometry: &Geometry) {
    match clause {
        TokenClause::BehavesAs(_) | TokenClause::Symbol(_) => {}
        TokenClause::Default(squares) => {
            spec.default_squares = squares.iter().filter_map(|square| geometry.square(square).ok()).collect();
        }
        TokenClause::LayoutAny => spec.layout = LayoutRule::Any,
        TokenClause::LayoutExactly(count) => {
            spec.layout = LayoutRule::Exactly(count.node.min(u32::from(u16::MAX)) as u16)
        }
        TokenClause::Movement { effect, non_royal_only } => {
            spec.movement = *effect;
            spec.royal_exempt |= *non_royal_only;
        }
        TokenClause::Entry(entry) => spec.entry = *entry,
        TokenClause::ExitAnother(_) => spec.exit = Exit::AnotherOpen,
        TokenClause::ExitTunnel(_) => spec.exit = Exit::Tunnel,
        TokenClause::RelocateToOrigin => spec.relocate_to_origin = true,
        TokenClause::Stacking(stacking) => spec.stacking = *stacking,
        TokenClause::RoyalExempt => spec.royal_exempt = true,
        TokenClause::RemovedByRoyal => spec.removed_by_royal = true,
        TokenClause::InactiveWhileOccupied => spec.inactive_while_occupied = true,
        TokenClause::WrapsEdges(_) => spec.wraps_edges = true,
        TokenClause::Lifetime(plies) => spec.lifetime = Some(plies.node.min(u32::from(u16::MAX)) as u16),
        TokenClause::BlocksPromotion => spec.blocks_promotion = true,
        TokenClause::RemovesOccupant => spec.removes_occupant = true,
    }
}

// ------------------------------------------------------------------ pieces and rules

fn lower_piece(piece: &PieceDecl, scope: &Scope, geometry: &Geometry) -> PieceSpec {
    let ranks = geometry.ranks;
    let setup = scope.setup.as_ref().map(|setup| &setup.node);
    let mut spec = PieceSpec {
        name: piece.name.node.clone(),
        letter: piece.letter.node.to_ascii_uppercase(),
        royal: false,
        pawn: false,
        patterns: Vec::new(),
        promotion: None,
        castling: CastleRole::None,
        value: 0,
        region: None,
    };
    let mut promotion: Option<PromotionSpec> = None;
    let mut extras = PromotionSpec::new(1, Vec::new());
    for clause in &piece.clauses {
        match &clause.node {
            PieceClause::Royal => spec.royal = true,
            PieceClause::PawnLike => spec.pawn = true,
            PieceClause::Value(value) => spec.value = i32::try_from(value.node).unwrap_or(i32::MAX),
            PieceClause::Promotion(decl) => lower_promotion(decl, scope, geometry, &mut promotion),
            PieceClause::OptionalPromotion(zone) => extras.optional_ranks = zone.node.min(16) as u8,
            PieceClause::OptionalPromotionTo(decl) => {
                lower_promotion(decl, scope, geometry, &mut promotion);
                if let Some(promotion) = promotion.as_mut() {
                    promotion.zone_ranks = 0;
                }
                extras.optional_ranks = decl.zone_ranks.node.min(16) as u8;
            }
            PieceClause::PromotionOnLeaving => extras.on_leaving = true,
            PieceClause::FlipPromotion { choice, on_capture } => {
                let choices = piece_named(scope, &choice.node).map(|index| index.min(255) as u8).into_iter().collect();
                let flips = if *on_capture { Flip::EveryCapture } else { Flip::EveryMove };
                promotion = Some(PromotionSpec { flips, ..PromotionSpec::new(0, choices) });
            }
            PieceClause::PromotionOnlyLost => extras.only_lost = true,
            PieceClause::PromotionLimit(kind, count) => {
                if let Some(kind) = piece_named(scope, &kind.node) {
                    extras.limits.push((kind.min(255) as u8, count.node.min(255) as u8));
                }
            }
            PieceClause::PromotionAtLastExisting => extras.at_last_existing_square = true,
            PieceClause::Castles(role) => spec.castling = *role,
            PieceClause::Region(region) => spec.region = Some(lower_region(region)),
            PieceClause::Movement(movement) => {
                spec.patterns.extend(patterns(movement, piece.letter.node, setup, ranks));
            }
        }
    }
    spec.promotion = promotion.map(|promotion| PromotionSpec {
        optional_ranks: extras.optional_ranks,
        only_lost: extras.only_lost,
        at_last_existing_square: extras.at_last_existing_square,
        on_leaving: extras.on_leaving,
        limits: extras.limits,
        ..promotion
    });
    spec
}

/// A region clause: ranks from 0, a bound left out spanning the board (the kernel clips the
/// upper bounds to it).
fn lower_region(region: &RegionDecl) -> RegionSpec {
    let clip = |n: u32| n.min(255) as u8;
    let files = region.files.as_ref().map_or((0, u8::MAX), |f| (clip(f.node.0), clip(f.node.1)));
    let ranks = region
        .ranks
        .as_ref()
        .map_or((0, u8::MAX), |r| (clip(r.node.0.saturating_sub(1)), clip(r.node.1.saturating_sub(1))));
    RegionSpec { files, ranks }
}

/// A `promotes ...` clause: the list for both sides, or for the side it names; the zone is
/// the last one given (its squares, for the side it names or both, when it names squares).
fn lower_promotion(decl: &PromotionDecl, scope: &Scope, geometry: &Geometry, promotion: &mut Option<PromotionSpec>) {
    let choices: Vec<u8> = decl
        .choices
        .iter()
        .filter_map(|choice| scope.pieces.iter().position(|piece| piece.node.name.node == choice.node))
        .map(|index| index.min(255) as u8)
        .collect();
    let zone = decl.zone_ranks.node.min(16) as u8;
    let spec = promotion.get_or_insert_with(|| PromotionSpec::new(zone, Vec::new()));
    spec.zone_ranks = zone;
    if !decl.zone_squares.is_empty() {
        let squares: Vec<SquareRef> =
            decl.zone_squares.iter().filter_map(|square| geometry.square(square).ok()).collect();
        match decl.side {
            None => spec.zone_squares = [squares.clone(), squares],
            Some(side) => spec.zone_squares[side.index()] = squares,
        }
    }
    match decl.side {
        None => spec.choices = choices,
        Some(side) => spec.side_choices[side.index()] = Some(choices),
    }
    if decl.side.is_some() && spec.choices.is_empty() {
        // Only per-side lists so far: the other side keeps the same list until it gets its own.
        let other = spec.side_choices.iter().flatten().next().cloned().unwrap_or_default();
        spec.choices = other;
    }
}

fn lower_rules(scope: &Scope, geometry: &Geometry) -> (RulesSpec, Schedule) {
    let mut rules = RulesSpec {
        castling: None,
        en_passant: false,
        stalemate: StalemateRule::Draw,
        fifty_move: None,
        repetition: None,
        royals: RoyalRule::ExactlyOne,
        goal: None,
        ends: EndRules::default(),
        compulsory_capture: false,
        no_checks: false,
        explosion: None,
        capture_bans: Vec::new(),
        pseudo_royal: Vec::new(),
        royals_may_not_face: false,
        castling_rook_files: None,
        pseudo_royal_alone: Vec::new(),
        checks: CheckRules::default(),
        first_moves: FirstMoveRules::default(),
    };
    let mut schedule = Schedule::Alternate;
    for rule in &scope.rules {
        match &rule.node {
            ast::Rule::Castling(None) => rules.castling = None,
            ast::Rule::Castling(Some(files)) => rules.castling = Some(castling(files.as_ref(), geometry)),
            ast::Rule::EnPassant(on) => rules.en_passant = *on,
            ast::Rule::Stalemate(outcome) => rules.stalemate = *outcome,
            ast::Rule::FiftyMove(moves) => rules.fifty_move = moves.map(|m| m.min(u32::from(u16::MAX)) as u16),
            ast::Rule::Repetition(times) => rules.repetition = times.map(|t| t.min(255) as u8),
            ast::Rule::Turns(turns) => schedule = *turns,
            ast::Rule::Royals(royals) => rules.royals = *royals,
            ast::Rule::Goal(goal) => rules.goal = lower_goal(goal, scope, geometry),
            ast::Rule::Hand(_) => {}
            ast::Rule::Checkmate(outcome) => rules.ends.checkmate = *outcome,
            ast::Rule::Extinction(extinction) => rules.ends.extinctions.push(lower_extinction(extinction, scope)),
            ast::Rule::CompulsoryCapture => rules.compulsory_capture = true,
            ast::Rule::NoChecks => rules.no_checks = true,
            ast::Rule::RoyalsMayNotFace => rules.royals_may_not_face = true,
            ast::Rule::CastlingRookFiles(short, long) => {
                rules.castling_rook_files = Some((file_index(short.node), file_index(long.node)));
            }
            ast::Rule::Counting => rules.ends.counting = true,
            ast::Rule::BareKing(_, loses) => rules.ends.extinctions.push(bare_king(*loses)),
            ast::Rule::FirstMoveField => rules.first_moves.in_castling_field = true,
            ast::Rule::Duple(name) => {
                rules.checks.duple = piece_named(scope, &name.node).map(|kind| kind.min(255) as u8)
            }
            ast::Rule::FirstMoveLost(victim, mover) => {
                if let (Some(a), Some(b)) = (piece_named(scope, &victim.node), piece_named(scope, &mover.node)) {
                    rules.first_moves.lost_to.push((a.min(255) as u8, b.min(255) as u8));
                }
            }
            ast::Rule::CheckCount(checks) => rules.checks.win_at = Some(checks.node.clamp(1, 255) as u8),
            ast::Rule::HeldInCheck(name) => {
                if let Some(kind) = piece_named(scope, &name.node) {
                    rules.checks.held_in_check.push(kind.min(255) as u8);
                }
            }
            ast::Rule::PseudoRoyal(name, alone) => {
                if let Some(kind) = piece_named(scope, &name.node) {
                    rules.pseudo_royal.push(kind.min(255) as u8);
                    if *alone {
                        rules.pseudo_royal_alone.push(kind.min(255) as u8);
                    }
                }
            }
            ast::Rule::CaptureBan(capturer, captured) => {
                if let (Some(a), Some(b)) = (piece_named(scope, &capturer.node), piece_named(scope, &captured.node)) {
                    rules.capture_bans.push((a.min(255) as u8, b.min(255) as u8));
                }
            }
            ast::Rule::Explosion(immune) => {
                let kinds = immune.iter().filter_map(|name| piece_named(scope, &name.node));
                rules.explosion = Some(ExplosionSpec { immune: kinds.map(|kind| kind.min(255) as u8).collect() });
            }
        }
    }
    (rules, schedule)
}

/// A goal rule: the piece by its index, the squares on the board (`check` reports the others).
fn lower_goal(goal: &ast::GoalDecl, scope: &Scope, geometry: &Geometry) -> Option<GoalSpec> {
    let piece = scope.pieces.iter().position(|p| p.node.name.node == goal.piece.node)?;
    let region = match &goal.squares {
        None => GoalRegion::LastRank,
        Some(squares) => GoalRegion::Squares(squares.iter().filter_map(|sq| geometry.square(sq).ok()).collect()),
    };
    Some(GoalSpec { piece: piece.min(255) as u8, region, reply: goal.reply, held: goal.held, safe: goal.safe })
}

/// An extinction rule: the kinds by their index (`check` reports unknown names).
fn lower_extinction(extinction: &ast::ExtinctionDecl, scope: &Scope) -> ExtinctionSpec {
    let kinds = extinction.kinds.iter().flatten().filter_map(|name| piece_named(scope, &name.node));
    ExtinctionSpec {
        kinds: kinds.map(|kind| kind.min(255) as u8).collect(),
        below: extinction.below.node.min(255) as u8,
        outcome: extinction.outcome,
        opponent_at_least: 0,
        reply: false,
    }
}

/// The bare-king rule as Fairy-Stockfish states it: a side left with one piece loses while the
/// opponent has two, three when the bare side is to move (it may bare the other king back
/// first); or, drawing, ends the game at once whatever the opponent has.
fn bare_king(loses: bool) -> ExtinctionSpec {
    ExtinctionSpec {
        kinds: Vec::new(),
        below: 2,
        outcome: if loses { SideOutcome::Loss } else { SideOutcome::Draw },
        opponent_at_least: if loses { 2 } else { 0 },
        reply: loses,
    }
}

/// The piece a name in a rule means: its declared name, or that name in the plural (`kings`,
/// `bishops`).
pub(crate) fn piece_named(scope: &Scope, name: &str) -> Option<usize> {
    let index = |name: &str| scope.pieces.iter().position(|p| p.node.name.node == name);
    index(name).or_else(|| name.strip_suffix('s').and_then(index)).or_else(|| name.strip_suffix("es").and_then(index))
}

/// The castling files as written, or the default: g/f and c/d on 8 files (in general two
/// files from each edge for the king, three for the rook).
fn castling(files: Option<&CastlingFiles>, geometry: &Geometry) -> CastlingSpec {
    match files {
        Some(files) => CastlingSpec {
            king_file_short: file_index(files.king_short.node),
            rook_file_short: file_index(files.rook_short.node),
            king_file_long: file_index(files.king_long.node),
            rook_file_long: file_index(files.rook_long.node),
        },
        None => CastlingSpec {
            king_file_short: geometry.files.saturating_sub(2),
            rook_file_short: geometry.files.saturating_sub(3),
            king_file_long: 2,
            rook_file_long: 3,
        },
    }
}

fn lower_links(scope: &Scope, geometry: &Geometry) -> LinkSpec {
    let mut links = LinkSpec::default();
    let Some(declared) = &scope.links else {
        return links;
    };
    for clause in &declared.node {
        match &clause.node {
            LinkClause::Pair(from, to) => {
                if let (Ok(from), Ok(to)) = (geometry.square(from), geometry.square(to)) {
                    links.pairs.push((from, to));
                }
            }
            LinkClause::OneWay(from, to) => {
                if let (Ok(from), Ok(to)) = (geometry.square(from), geometry.square(to)) {
                    links.one_way.push((from, to));
                }
            }
            LinkClause::Entry(entry) => links.entry = *entry,
            LinkClause::Check => links.link_check = true,
            LinkClause::Teleport => links.teleport = true,
        }
    }
    links
}

// ------------------------------------------------------------------ the whole variant

/// Where each part of a lowered spec was declared, to point kernel errors at the script.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SpanIndex {
    /// The `variant` header.
    pub variant: Span,
    /// The board declaration.
    pub board: Option<Span>,
    /// Each piece declaration, in spec order.
    pub pieces: Vec<Span>,
    /// Each token declaration, in spec order.
    pub tokens: Vec<Span>,
    /// The setup.
    pub setup: Option<Span>,
    /// The first rules block.
    pub rules: Option<Span>,
    /// The links block.
    pub links: Option<Span>,
}

impl SpanIndex {
    /// The span of the declaration a kernel error is about (the variant header if unknown).
    #[must_use]
    pub fn span_of(&self, subject: &SpecSubject) -> Span {
        let found = match subject {
            SpecSubject::Variant => None,
            SpecSubject::Board => self.board,
            SpecSubject::Piece(id) => self.pieces.get(usize::from(*id)).copied(),
            SpecSubject::Setup => self.setup,
            SpecSubject::Rules => self.rules,
            SpecSubject::Token(id) => self.tokens.get(usize::from(*id)).copied(),
            SpecSubject::Links => self.links,
        };
        found.unwrap_or(self.variant)
    }
}

fn name_span<T>(declared: &Declared<T>, name: impl Fn(&T) -> Span) -> Span {
    name(&declared.node)
}

/// Lowers a checked scope. `fallback_id` names the variant when it has no `id` clause.
#[must_use]
pub fn lower(scope: &Scope, fallback_id: &str) -> (VariantSpec, SpanIndex) {
    let geometry = scope.board.as_ref().map(|board| Geometry::of(&board.node)).unwrap_or_default();
    let header = scope.header.as_ref();
    let (rules, schedule) = lower_rules(scope, &geometry);
    let spec = VariantSpec {
        id: header.and_then(|h| h.node.id.as_ref()).map_or_else(|| fallback_id.to_string(), |id| id.node.clone()),
        title: header.map(|h| h.node.title.node.clone()).unwrap_or_default(),
        summary: header.and_then(|h| h.node.summary.as_ref()).map(|s| s.node.clone()).unwrap_or_default(),
        board: BoardSpec {
            files: geometry.files,
            ranks: geometry.ranks,
            names: if geometry.names.is_empty() { vec![String::new()] } else { geometry.names.clone() },
            files_wrap: scope.board.as_ref().is_some_and(|board| board.node.files_wrap),
            first_files: geometry.first_files.clone(),
        },
        pieces: scope.pieces.iter().map(|piece| lower_piece(&piece.node, scope, &geometry)).collect(),
        setup: SetupSpec { fen: scope.setup.as_ref().map(|s| setup_fen(&s.node, &geometry)).unwrap_or_default() },
        rules,
        tokens: scope.tokens.iter().map(|token| lower_token(&token.node, scope, &geometry)).collect(),
        links: lower_links(scope, &geometry),
        schedule,
        hands: crate::hands::lower_hands(scope, &geometry),
    };
    let index = SpanIndex {
        variant: header.map_or(Span::new(scope.root, 0, 0), |h| h.node.title.span),
        board: scope.board.as_ref().map(|b| b.span),
        pieces: scope.pieces.iter().map(|p| name_span(p, |p| p.name.span)).collect(),
        tokens: scope.tokens.iter().map(|t| name_span(t, |t| t.name.span)).collect(),
        setup: scope.setup.as_ref().map(|s| s.span),
        rules: scope.rules.first().map(|r| r.span),
        links: scope.links.as_ref().map(|l| l.span),
    };
    (spec, index)
}
