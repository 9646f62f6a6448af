//! Reading a `.hole` file into its [`crate::ast::Script`]: the pest parser and one building function
//! per grammar rule. All pest types stay inside this module.
//!
//! A file is cut into declarations (a line starting in column 0 starts one; indented lines
//! continue it; a ```` ``` ```` rhai block is never cut), and each declaration is parsed on its
//! own, so every broken declaration is reported and the rest of the file is still read.

use std::collections::HashMap;
use std::sync::OnceLock;

use pest::error::{ErrorVariant, InputLocation};
use pest::iterators::Pair;
use pest::Parser;

use holechess_kernel::spec::{
    CastleRole, Entry, LinkEntry, RoyalRule, Schedule, SideOutcome, Stacking, StalemateRule, TokenMovement,
};
use holechess_kernel::Side;

use crate::ast::*;
use crate::diagnostic::Problem;

#[derive(pest_derive::Parser)]
#[grammar = "../bundle/grammar/holechess.pest"]
struct HoleParser;

/// What building a node yields: the node, or the problem that stopped it.
type Built<T> = Result<T, Problem>;

/// Parses a whole file. Declarations that do not parse are left out of the script and
/// reported, one problem each.
#[must_use]
pub fn parse(file: FileId, text: &str) -> (Script, Vec<Problem>) {
    let mut script = Script::default();
    let mut problems = Vec::new();
    for (offset, chunk) in declaration_chunks(text) {
        let builder = Builder { file, offset };
        match builder.parse_item(chunk) {
            Ok(item) => script.items.push(item),
            Err(problem) => problems.push(problem),
        }
    }
    (script, problems)
}

/// Cuts a file into declarations: each starts at a line beginning in column 0 with something
/// other than a comment, and runs to the next one. Lines inside a ```` ``` ```` block never
/// start a declaration. Indented lines before the first declaration form one of their own
/// (which will not parse, and so is reported).
fn declaration_chunks(text: &str) -> Vec<(usize, &str)> {
    let mut starts = Vec::new();
    let mut in_fence = false;
    let mut offset = 0;
    for line in text.split_inclusive('\n') {
        let begins_in_column_0 = line.starts_with(|c: char| !c.is_whitespace() && c != '#');
        let stray_indented = starts.is_empty() && !is_blank_or_comment(line);
        if !in_fence && (begins_in_column_0 || stray_indented) {
            starts.push(offset);
        }
        if line.matches("```").count() % 2 == 1 {
            in_fence = !in_fence;
        }
        offset += line.len();
    }
    let ends = starts.iter().skip(1).copied().chain(std::iter::once(text.len()));
    starts.iter().zip(ends).map(|(&start, end)| (start, &text[start..end])).collect()
}

fn is_blank_or_comment(line: &str) -> bool {
    let trimmed = line.trim_start();
    trimmed.is_empty() || trimmed.starts_with('#')
}

/// Builds AST nodes from pest pairs of one declaration, shifting spans by the declaration's
/// offset in its file.
struct Builder {
    file: FileId,
    offset: usize,
}

/// The children of a pair, without the `indent` markers between clause lines.
fn children(pair: Pair<'_, Rule>) -> Vec<Pair<'_, Rule>> {
    pair.into_inner().filter(|child| child.as_rule() != Rule::indent).collect()
}

impl Builder {
    fn span(&self, pair: &Pair<'_, Rule>) -> Span {
        let span = pair.as_span();
        Span::new(self.file, self.offset + span.start(), self.offset + span.end())
    }

    /// A problem for a parse tree that does not have the shape the grammar promises.
    fn malformed(&self, pair: &Pair<'_, Rule>, wanted: &str) -> Problem {
        Problem::new(self.span(pair), format!("internal error: could not read {wanted} here"))
    }

    /// The child at `index`, which the grammar guarantees.
    fn child<'a>(&self, parent: &Pair<'a, Rule>, kids: &[Pair<'a, Rule>], index: usize) -> Built<Pair<'a, Rule>> {
        kids.get(index).cloned().ok_or_else(|| self.malformed(parent, "this declaration"))
    }

    /// The first child with this rule, if any.
    fn find<'a>(kids: &[Pair<'a, Rule>], wanted: Rule) -> Option<Pair<'a, Rule>> {
        kids.iter().find(|kid| kid.as_rule() == wanted).cloned()
    }

    fn parse_item(&self, chunk: &str) -> Built<Item> {
        let mut pairs = HoleParser::parse(Rule::item, chunk).map_err(|error| self.parse_problem(chunk, &error))?;
        let item = pairs
            .next()
            .ok_or_else(|| Problem::new(Span::new(self.file, self.offset, self.offset), "empty declaration"))?;
        let kids = children(item.clone());
        let declaration = self.child(&item, &kids, 0)?;
        self.declaration(declaration)
    }

    // ------------------------------------------------------------------ parse errors

    /// Turns a pest error into a problem: where, and what would have fitted, in words.
    fn parse_problem(&self, chunk: &str, error: &pest::error::Error<Rule>) -> Problem {
        let position = match error.location {
            InputLocation::Pos(position) => position,
            InputLocation::Span((start, _)) => start,
        };
        let width = word_width(chunk, position);
        let span = Span::new(self.file, self.offset + position, self.offset + position + width);
        match &error.variant {
            ErrorVariant::ParsingError { positives, .. } => {
                let found = found_text(chunk, position);
                let mut near = nearest_phrases(chunk, position, positives);
                if near.is_empty() {
                    near = nearest_clause(chunk, position);
                }
                let expected = match near.as_slice() {
                    [] => describe_expected(positives),
                    near => near.join(" or "),
                };
                Problem::new(span, format!("unexpected {found}")).expecting(expected)
            }
            ErrorVariant::CustomError { message } => Problem::new(span, message.clone()),
        }
    }

    // ------------------------------------------------------------------ declarations

    fn declaration(&self, pair: Pair<'_, Rule>) -> Built<Item> {
        let span = self.span(&pair);
        let kind = match pair.as_rule() {
            Rule::variant_decl => ItemKind::Variant(self.variant_decl(pair)?),
            Rule::extends_decl => ItemKind::Extends(self.reference(pair)?),
            Rule::include_decl => ItemKind::Include(self.reference(pair)?),
            Rule::board_decl | Rule::boards_decl => ItemKind::Board(self.board_decl(pair)?),
            Rule::piece_decl => ItemKind::Piece(self.piece_decl(pair)?),
            Rule::token_decl => ItemKind::Token(self.token_decl(pair)?),
            Rule::behaviour_decl => ItemKind::Behaviour(self.token_decl(pair)?),
            Rule::remove_decl => ItemKind::Remove(self.remove_decl(pair)?),
            Rule::setup_decl => ItemKind::Setup(self.setup_decl(pair)?),
            Rule::rules_decl => ItemKind::Rules(self.rules_decl(pair)?),
            Rule::links_decl => ItemKind::Links(self.links_decl(pair)?),
            Rule::hook_decl => ItemKind::Hook(self.hook_decl(pair)?),
            Rule::rhai_decl => {
                let kids = children(pair.clone());
                ItemKind::Rhai(self.rhai_source(self.child(&pair, &kids, 0)?)?)
            }
            _ => return Err(self.malformed(&pair, "a declaration")),
        };
        Ok(Item { kind, span })
    }

    fn variant_decl(&self, pair: Pair<'_, Rule>) -> Built<VariantDecl> {
        let kids = children(pair.clone());
        let title = self.string(self.child(&pair, &kids, 0)?)?;
        let mut decl = VariantDecl { title, id: None, summary: None };
        for clause in kids.into_iter().skip(1) {
            match clause.as_rule() {
                Rule::variant_id => decl.id = Some(self.variant_id(clause)?),
                Rule::variant_summary => decl.summary = Some(self.variant_summary(clause)?),
                _ => return Err(self.malformed(&clause, "a variant clause")),
            }
        }
        Ok(decl)
    }

    fn variant_id(&self, pair: Pair<'_, Rule>) -> Built<Name> {
        let kids = children(pair.clone());
        Ok(self.ident(&self.child(&pair, &kids, 0)?))
    }

    fn variant_summary(&self, pair: Pair<'_, Rule>) -> Built<Spanned<String>> {
        let kids = children(pair.clone());
        self.string(self.child(&pair, &kids, 0)?)
    }

    /// `extends X` / `include X`: a name or a quoted path.
    fn reference(&self, pair: Pair<'_, Rule>) -> Built<Reference> {
        let kids = children(pair.clone());
        let target = self.child(&pair, &kids, 0)?;
        match target.as_rule() {
            Rule::string => Ok(Reference::Path(self.string(target)?)),
            _ => Ok(Reference::Name(self.ident(&target))),
        }
    }

    fn board_decl(&self, pair: Pair<'_, Rule>) -> Built<BoardDecl> {
        let kids = children(pair.clone());
        let names = kids.iter().filter(|kid| kid.as_rule() == Rule::ident).map(|kid| self.ident(kid)).collect();
        let size = Self::find(&kids, Rule::size).ok_or_else(|| self.malformed(&pair, "a board size"))?;
        let (files, ranks) = self.size(size)?;
        let files_wrap = Self::find(&kids, Rule::files_wrap).is_some();
        let file_labels = kids
            .iter()
            .filter(|kid| kid.as_rule() == Rule::board_files)
            .map(|kid| self.board_files(kid))
            .collect::<Built<Vec<_>>>()?;
        Ok(BoardDecl { names, files, ranks, files_wrap, file_labels })
    }

    /// `B files e..h`.
    fn board_files(&self, pair: &Pair<'_, Rule>) -> Built<BoardFiles> {
        let kids = children(pair.clone());
        let board = Self::find(&kids, Rule::ident).map(|kid| self.ident(&kid));
        let letters: Vec<Spanned<char>> =
            kids.iter().filter(|kid| kid.as_rule() == Rule::file_letter).map(|kid| self.file_letter(kid)).collect();
        match letters.as_slice() {
            [first, last] => Ok(BoardFiles { board, first: first.clone(), last: last.clone() }),
            _ => Err(self.malformed(pair, "two file letters, like `e..h`")),
        }
    }

    fn size(&self, pair: Pair<'_, Rule>) -> Built<(Spanned<u32>, Spanned<u32>)> {
        let kids = children(pair.clone());
        Ok((self.number(&self.child(&pair, &kids, 0)?)?, self.number(&self.child(&pair, &kids, 1)?)?))
    }

    // ------------------------------------------------------------------ pieces

    fn piece_decl(&self, pair: Pair<'_, Rule>) -> Built<PieceDecl> {
        let kids = children(pair.clone());
        let name = self.ident(&self.child(&pair, &kids, 0)?);
        let letter = self.piece_letter(&self.child(&pair, &kids, 1)?);
        let clauses = kids.into_iter().skip(2).map(|clause| self.piece_clause(clause)).collect::<Built<_>>()?;
        Ok(PieceDecl { name, letter, clauses })
    }

    fn piece_letter(&self, pair: &Pair<'_, Rule>) -> Spanned<char> {
        Spanned::new(pair.as_str().chars().next().unwrap_or('?'), self.span(pair))
    }

    fn piece_clause(&self, pair: Pair<'_, Rule>) -> Built<Spanned<PieceClause>> {
        let span = self.span(&pair);
        let clause = match pair.as_rule() {
            Rule::royal => PieceClause::Royal,
            Rule::pawn_like => PieceClause::PawnLike,
            Rule::value => PieceClause::Value(self.value(pair)?),
            Rule::promotion => PieceClause::Promotion(self.promotion(pair)?),
            Rule::promotion_on_leaving => PieceClause::PromotionOnLeaving,
            Rule::promotion_flip => {
                let kids = children(pair.clone());
                PieceClause::FlipPromotion {
                    choice: self.ident(&self.child(&pair, &kids, 1)?),
                    on_capture: Self::find(&kids, Rule::flip_capture).is_some(),
                }
            }
            Rule::optional_promotion if children(pair.clone()).len() > 1 => {
                PieceClause::OptionalPromotionTo(self.promotion(pair)?)
            }
            Rule::optional_promotion => {
                let kids = children(pair.clone());
                PieceClause::OptionalPromotion(self.promotion_zone(self.child(&pair, &kids, 0)?)?)
            }
            Rule::promotion_only_lost => PieceClause::PromotionOnlyLost,
            Rule::promotion_limit => {
                let kids = children(pair.clone());
                PieceClause::PromotionLimit(
                    self.ident(&self.child(&pair, &kids, 1)?),
                    self.number(&self.child(&pair, &kids, 2)?)?,
                )
            }
            Rule::promotion_last_existing => PieceClause::PromotionAtLastExisting,
            Rule::castles_as => PieceClause::Castles(self.castles_as(pair)?),
            Rule::stays_within => PieceClause::Region(self.stays_within(pair)?),
            Rule::movement => PieceClause::Movement(self.movement(pair)?),
            _ => return Err(self.malformed(&pair, "a piece clause")),
        };
        Ok(Spanned::new(clause, span))
    }

    fn value(&self, pair: Pair<'_, Rule>) -> Built<Spanned<u32>> {
        let kids = children(pair.clone());
        self.number(&self.child(&pair, &kids, 0)?)
    }

    fn promotion(&self, pair: Pair<'_, Rule>) -> Built<PromotionDecl> {
        let mut kids = children(pair.clone());
        let side = match kids.first() {
            Some(first) if first.as_rule() == Rule::promotion_side => {
                let side = if first.as_str() == "white" { Side::White } else { Side::Black };
                kids.remove(0);
                Some(side)
            }
            _ => None,
        };
        let zone = self.child(&pair, &kids, 0)?;
        let (zone_ranks, zone_squares) = if zone.as_rule() == Rule::promotion_squares {
            let squares = children(zone.clone()).into_iter().map(|square| self.square(square)).collect::<Built<_>>()?;
            (Spanned::new(0, self.span(&zone)), squares)
        } else {
            (self.promotion_zone(zone)?, Vec::new())
        };
        let choices = kids.iter().skip(1).map(|kid| self.ident(kid)).collect();
        Ok(PromotionDecl { side, zone_ranks, zone_squares, choices })
    }

    fn promotion_zone(&self, pair: Pair<'_, Rule>) -> Built<Spanned<u32>> {
        let span = self.span(&pair);
        match Self::find(&children(pair), Rule::int) {
            Some(count) => self.number(&count),
            None => Ok(Spanned::new(1, span)),
        }
    }

    fn castles_as(&self, pair: Pair<'_, Rule>) -> Built<CastleRole> {
        let kids = children(pair.clone());
        let role = self.child(&pair, &kids, 0)?;
        Ok(if role.as_str() == "king" { CastleRole::King } else { CastleRole::Rook })
    }

    /// `stays within files d to f and ranks 1 to 3`.
    fn stays_within(&self, pair: Pair<'_, Rule>) -> Built<RegionDecl> {
        let mut region = RegionDecl { files: None, ranks: None };
        for part in children(pair) {
            let span = self.span(&part);
            let kids = children(part.clone());
            match part.as_rule() {
                Rule::region_files => {
                    let [low, high] = [0, 1].map(|i| kids.get(i).map(|kid| self.file_letter(kid).node));
                    let index = |c: Option<char>| c.map_or(0, |c| u32::from(c) - u32::from('a'));
                    region.files = Some(Spanned::new((index(low), index(high)), span));
                }
                Rule::region_ranks => {
                    let low = self.number(&self.child(&part, &kids, 0)?)?.node;
                    let high = self.number(&self.child(&part, &kids, 1)?)?.node;
                    region.ranks = Some(Spanned::new((low, high), span));
                }
                _ => return Err(self.malformed(&part, "a region")),
            }
        }
        Ok(region)
    }

    fn movement(&self, pair: Pair<'_, Rule>) -> Built<Movement> {
        let kids = children(pair.clone());
        let kind_pair = self.child(&pair, &kids, 0)?;
        let mut movement = self.move_kind(kind_pair)?;
        for modifier in kids.into_iter().skip(1) {
            movement.modifiers.push(self.modifier(modifier)?);
        }
        Ok(movement)
    }

    /// `steps` / `slides` / `leaps` / `rides` with their vector, direction and limit.
    fn move_kind(&self, pair: Pair<'_, Rule>) -> Built<Movement> {
        let kind = match pair.as_rule() {
            Rule::steps => MoveKind::Step,
            Rule::slides => MoveKind::Slide,
            Rule::leaps => MoveKind::Leap,
            Rule::rides => MoveKind::Ride,
            Rule::hops => MoveKind::Hop,
            Rule::far_hops => MoveKind::FarHop,
            _ => return Err(self.malformed(&pair, "a kind of move")),
        };
        let mut movement = Movement { kind, vector: None, direction: None, limit: None, modifiers: Vec::new() };
        for part in children(pair) {
            match part.as_rule() {
                Rule::vector => movement.vector = Some(self.vector(part)?),
                Rule::direction => movement.direction = Some(self.direction(part)?),
                Rule::range_limit => movement.limit = Some(self.range_limit(part)?),
                _ => return Err(self.malformed(&part, "a movement")),
            }
        }
        Ok(movement)
    }

    fn vector(&self, pair: Pair<'_, Rule>) -> Built<Spanned<(u32, u32)>> {
        let span = self.span(&pair);
        let kids = children(pair.clone());
        let dx = self.number(&self.child(&pair, &kids, 0)?)?;
        let dy = self.number(&self.child(&pair, &kids, 1)?)?;
        Ok(Spanned::new((dx.node, dy.node), span))
    }

    fn range_limit(&self, pair: Pair<'_, Rule>) -> Built<Spanned<u32>> {
        let kids = children(pair.clone());
        self.number(&self.child(&pair, &kids, 0)?)
    }

    fn direction(&self, pair: Pair<'_, Rule>) -> Built<Spanned<Direction>> {
        let span = self.span(&pair);
        let mut direction = Direction { line: None, heading: None, side: None };
        for part in children(pair) {
            match part.as_rule() {
                Rule::orthogonally => direction.line = Some(LineKind::Orthogonal),
                Rule::diagonally => direction.line = Some(LineKind::Diagonal),
                Rule::all_directions => direction.line = Some(LineKind::All),
                Rule::forward => direction.heading = Some(Heading::Forward),
                Rule::narrowly_forward => direction.heading = Some(Heading::NarrowlyForward),
                Rule::widely_forward => direction.heading = Some(Heading::WidelyForward),
                Rule::backward => direction.heading = Some(Heading::Backward),
                Rule::sideways => direction.heading = Some(Heading::Sideways),
                Rule::to_the_left => direction.side = Some(crate::ast::HandSide::Left),
                Rule::to_the_right => direction.side = Some(crate::ast::HandSide::Right),
                _ => return Err(self.malformed(&part, "a direction")),
            }
        }
        Ok(Spanned::new(direction, span))
    }

    fn modifier(&self, pair: Pair<'_, Rule>) -> Built<Spanned<Modifier>> {
        let span = self.span(&pair);
        let modifier = match pair.as_rule() {
            Rule::move_only => Modifier::MoveOnly,
            Rule::capture_only => Modifier::CaptureOnly,
            Rule::on_first_move => Modifier::FirstMove,
            Rule::from_starting_rank => Modifier::FromStartingRank,
            Rule::from_rank => self.rank_condition(pair)?,
            Rule::sets_en_passant => Modifier::SetsEnPassant,
            Rule::captures_en_passant => Modifier::CapturesEnPassant,
            Rule::out_of_check => Modifier::OutOfCheck,
            Rule::not_onto_rank => match Self::find(&children(pair.clone()), Rule::int) {
                Some(rank) => Modifier::NotOntoRank(self.number(&rank)?.node),
                None => Modifier::NotOntoLastRank,
            },
            Rule::lame => Modifier::Lame,
            Rule::from_squares => self.origin_squares(pair)?,
            _ => return Err(self.malformed(&pair, "a movement modifier")),
        };
        Ok(Spanned::new(modifier, span))
    }

    /// `from squares b3 c3`: each square a cell of one board within 16x16.
    fn origin_squares(&self, pair: Pair<'_, Rule>) -> Built<Modifier> {
        let mut squares = holechess_kernel::OriginSquares::new();
        for part in children(pair) {
            let square = self.square(part.clone())?;
            let file = u32::from(square.node.file) - u32::from('a');
            let rank = square.node.rank;
            if square.node.board.is_some() || file >= 16 || rank == 0 || rank > 16 {
                return Err(Problem::new(square.span, "this square cannot be an origin square")
                    .expecting("a square such as `b3` of a board up to 16x16, without a board name"));
            }
            squares.insert(file as u8, (rank - 1) as u8);
        }
        Ok(Modifier::FromSquares(squares))
    }

    fn rank_condition(&self, pair: Pair<'_, Rule>) -> Built<Modifier> {
        let kids = children(pair.clone());
        Ok(Modifier::FromRank(self.number(&self.child(&pair, &kids, 0)?)?.node))
    }

    // ------------------------------------------------------------------ tokens

    /// `token NAME` and `behaviour NAME` share their clauses.
    fn token_decl(&self, pair: Pair<'_, Rule>) -> Built<TokenDecl> {
        let kids = children(pair.clone());
        let name = self.ident(&self.child(&pair, &kids, 0)?);
        let clauses = kids.into_iter().skip(1).map(|clause| self.token_clause(clause)).collect::<Built<_>>()?;
        Ok(TokenDecl { name, clauses })
    }

    fn token_clause(&self, pair: Pair<'_, Rule>) -> Built<Spanned<TokenClause>> {
        let span = self.span(&pair);
        let kids = children(pair.clone());
        let clause = match pair.as_rule() {
            Rule::behaves_as => TokenClause::BehavesAs(self.ident(&self.child(&pair, &kids, 0)?)),
            Rule::shown_as => TokenClause::Symbol(self.child(&pair, &kids, 0)?.as_str().chars().next().unwrap_or('?')),
            Rule::default_squares => {
                TokenClause::Default(kids.into_iter().map(|square| self.square(square)).collect::<Built<_>>()?)
            }
            Rule::layout_any => TokenClause::LayoutAny,
            Rule::layout_exactly => TokenClause::LayoutExactly(self.number(&self.child(&pair, &kids, 0)?)?),
            Rule::token_movement => self.token_movement(&pair, &kids)?,
            Rule::entered_by => TokenClause::Entry(self.entered_by(&pair, &kids)?),
            Rule::exit_another => TokenClause::ExitAnother(self.ident(&self.child(&pair, &kids, 0)?)),
            Rule::exit_tunnel => TokenClause::ExitTunnel(self.ident(&self.child(&pair, &kids, 0)?)),
            Rule::relocate_to_origin => TokenClause::RelocateToOrigin,
            Rule::stacking => TokenClause::Stacking(self.stacking(&pair, &kids)?),
            Rule::royal_exempt => TokenClause::RoyalExempt,
            Rule::removed_by_royal => TokenClause::RemovedByRoyal,
            Rule::inactive_while_occupied => TokenClause::InactiveWhileOccupied,
            Rule::wraps_edges => TokenClause::WrapsEdges(self.wrap_files(&kids)),
            Rule::lifetime => TokenClause::Lifetime(self.number(&self.child(&pair, &kids, 0)?)?),
            Rule::blocks_promotion => TokenClause::BlocksPromotion,
            Rule::removes_occupant => TokenClause::RemovesOccupant,
            _ => return Err(self.malformed(&pair, "a token clause")),
        };
        Ok(Spanned::new(clause, span))
    }

    fn token_movement(&self, pair: &Pair<'_, Rule>, kids: &[Pair<'_, Rule>]) -> Built<TokenClause> {
        let effect_pair = self.child(pair, kids, 0)?;
        let effect = match effect_pair.as_rule() {
            Rule::open_to_movement => TokenMovement::Open,
            Rule::blocks_movement => TokenMovement::Blocks,
            Rule::impassable => TokenMovement::Impassable,
            Rule::absent => TokenMovement::Absent,
            _ => return Err(self.malformed(&effect_pair, "a movement effect")),
        };
        let non_royal_only = Self::find(kids, Rule::for_non_royal).is_some();
        Ok(TokenClause::Movement { effect, non_royal_only })
    }

    fn entered_by(&self, pair: &Pair<'_, Rule>, kids: &[Pair<'_, Rule>]) -> Built<Entry> {
        let kind = self.child(pair, kids, 0)?;
        Ok(match kind.as_rule() {
            Rule::capture_move_entry => Entry::CaptureMove,
            _ => Entry::AnyMove,
        })
    }

    fn stacking(&self, pair: &Pair<'_, Rule>, kids: &[Pair<'_, Rule>]) -> Built<Stacking> {
        let kind = self.child(pair, kids, 1)?;
        Ok(match kind.as_rule() {
            Rule::stack_dormant => Stacking::Dormant,
            _ => Stacking::Merged,
        })
    }

    fn wrap_files(&self, kids: &[Pair<'_, Rule>]) -> Option<(Spanned<char>, Spanned<char>)> {
        match kids {
            [first, second] => Some((self.file_letter(first), self.file_letter(second))),
            _ => None,
        }
    }

    fn remove_decl(&self, pair: Pair<'_, Rule>) -> Built<RemoveDecl> {
        let kids = children(pair.clone());
        let kind = match self.child(&pair, &kids, 0)?.as_str() {
            "piece" => RemoveKind::Piece,
            "behaviour" => RemoveKind::Behaviour,
            "hook" => RemoveKind::Hook,
            _ => RemoveKind::Token,
        };
        Ok(RemoveDecl { kind, name: self.ident(&self.child(&pair, &kids, 1)?) })
    }

    // ------------------------------------------------------------------ setup, rules, links

    fn setup_decl(&self, pair: Pair<'_, Rule>) -> Built<SetupDecl> {
        let mut setup = SetupDecl { placements: Vec::new(), fields: Vec::new() };
        for part in children(pair) {
            match part.as_rule() {
                Rule::fen_line => self.fen_line(part, &mut setup),
                Rule::board_placement => setup.placements.push(self.board_placement(part)?),
                Rule::setup_state => setup.fields.extend(children(part).iter().map(|field| self.text(field))),
                _ => return Err(self.malformed(&part, "a setup clause")),
            }
        }
        Ok(setup)
    }

    fn fen_line(&self, pair: Pair<'_, Rule>, setup: &mut SetupDecl) {
        for part in children(pair) {
            match part.as_rule() {
                Rule::placement => setup.placements.push((None, self.text(&part))),
                _ => setup.fields.push(self.text(&part)),
            }
        }
    }

    fn board_placement(&self, pair: Pair<'_, Rule>) -> Built<(Option<Name>, Spanned<String>)> {
        let kids = children(pair.clone());
        let board = self.ident(&self.child(&pair, &kids, 0)?);
        Ok((Some(board), self.text(&self.child(&pair, &kids, 1)?)))
    }

    fn rules_decl(&self, pair: Pair<'_, Rule>) -> Built<Vec<Spanned<crate::ast::Rule>>> {
        children(pair).into_iter().map(|rule| self.rule(rule)).collect()
    }

    fn rule(&self, pair: Pair<'_, Rule>) -> Built<Spanned<crate::ast::Rule>> {
        use crate::ast::Rule as R;
        let span = self.span(&pair);
        let kids = children(pair.clone());
        let switched_off = kids.iter().any(|kid| matches!(kid.as_rule(), Rule::no | Rule::off));
        let rule = match pair.as_rule() {
            Rule::castling_rule if switched_off => R::Castling(None),
            Rule::castling_rule => R::Castling(Some(match Self::find(&kids, Rule::castling_files) {
                Some(files) => Some(self.castling_files(files)?),
                None => None,
            })),
            Rule::en_passant_rule => R::EnPassant(!switched_off),
            Rule::stalemate_rule => R::Stalemate(self.stalemate_outcome(&self.child(&pair, &kids, 0)?)),
            Rule::fifty_move_rule if switched_off => R::FiftyMove(None),
            Rule::fifty_move_rule => R::FiftyMove(Some(self.move_count(&pair, &kids)?)),
            Rule::repetition_rule if switched_off => R::Repetition(None),
            Rule::repetition_rule => R::Repetition(Some(self.fold(&pair, &kids)?)),
            Rule::turns_rule => R::Turns(self.turns(&self.child(&pair, &kids, 0)?)),
            Rule::royals_rule => R::Royals(match self.child(&pair, &kids, 0)?.as_rule() {
                Rule::royals_any => RoyalRule::AnyNumber,
                _ => RoyalRule::ExactlyOne,
            }),
            Rule::goal_rule => R::Goal(self.goal(&pair, &kids)?),
            Rule::hand_rule => R::Hand(self.hand_rule(&self.child(&pair, &kids, 0)?)?),
            Rule::checkmate_rule => R::Checkmate(match self.child(&pair, &kids, 0)?.as_rule() {
                Rule::outcome_win => SideOutcome::Win,
                Rule::outcome_draw => SideOutcome::Draw,
                _ => SideOutcome::Loss,
            }),
            Rule::extinction_rule => R::Extinction(self.extinction(&pair, &kids)?),
            Rule::capture_rule => R::CompulsoryCapture,
            Rule::no_checks_rule => R::NoChecks,
            Rule::facing_rule => R::RoyalsMayNotFace,
            Rule::castling_rook_files_rule => R::CastlingRookFiles(
                self.file_letter(&self.child(&pair, &kids, 0)?),
                self.file_letter(&self.child(&pair, &kids, 1)?),
            ),
            Rule::counting_rule => R::Counting,
            Rule::first_move_field_rule => R::FirstMoveField,
            Rule::duple_rule => R::Duple(self.ident(&self.child(&pair, &kids, 1)?)),
            Rule::first_move_lost_rule => {
                R::FirstMoveLost(self.ident(&self.child(&pair, &kids, 1)?), self.ident(&self.child(&pair, &kids, 3)?))
            }
            Rule::check_count_rule => R::CheckCount(self.number(&self.child(&pair, &kids, 1)?)?),
            Rule::held_in_check_rule => R::HeldInCheck(self.ident(&self.child(&pair, &kids, 1)?)),
            Rule::bare_king_rule => {
                R::BareKing(self.ident(&self.child(&pair, &kids, 1)?), Self::find(&kids, Rule::bare_loses).is_some())
            }
            Rule::pseudo_royal_rule => {
                let name = kids
                    .iter()
                    .find(|kid| kid.as_rule() == Rule::ident)
                    .ok_or_else(|| self.malformed(&pair, "a piece name"))?;
                R::PseudoRoyal(self.ident(name), Self::find(&kids, Rule::pseudo_royal_alone).is_some())
            }
            Rule::capture_ban_rule => {
                R::CaptureBan(self.ident(&self.child(&pair, &kids, 1)?), self.ident(&self.child(&pair, &kids, 3)?))
            }
            Rule::explosion_rule => R::Explosion(match Self::find(&kids, Rule::explosion_immune) {
                Some(immune) => children(immune).iter().map(|name| self.ident(name)).collect(),
                None => Vec::new(),
            }),
            _ => return Err(self.malformed(&pair, "a rule")),
        };
        Ok(Spanned::new(rule, span))
    }

    /// `a PIECE reaching SQUARES wins` (after the article: the piece, then the region).
    fn goal(&self, pair: &Pair<'_, Rule>, kids: &[Pair<'_, Rule>]) -> Built<crate::ast::GoalDecl> {
        let piece = self.ident(&self.child(pair, kids, 1)?);
        let region = self.child(pair, kids, 2)?;
        let squares = match region.as_rule() {
            Rule::goal_squares => {
                Some(children(region).into_iter().map(|square| self.square(square)).collect::<Built<_>>()?)
            }
            _ => None,
        };
        let reply = Self::find(kids, Rule::goal_reply).is_some();
        let held = Self::find(kids, Rule::goal_held).is_some();
        let safe = Self::find(kids, Rule::goal_safe).is_some();
        Ok(crate::ast::GoalDecl { piece, squares, reply, held, safe })
    }

    /// `a side with (no | fewer than N) KINDS [left] (wins | loses)` (after the article: the
    /// count with the kinds, then the outcome).
    fn extinction(&self, pair: &Pair<'_, Rule>, kids: &[Pair<'_, Rule>]) -> Built<crate::ast::ExtinctionDecl> {
        let count = self.child(pair, kids, 1)?;
        let outcome = match self.child(pair, kids, 2)?.as_rule() {
            Rule::extinction_wins => SideOutcome::Win,
            _ => SideOutcome::Loss,
        };
        let count_kids = children(count.clone());
        let below = match Self::find(&count_kids, Rule::int) {
            Some(number) => self.number(&number)?,
            None => Spanned::new(1, self.span(&count)),
        };
        let kinds_pair =
            Self::find(&count_kids, Rule::extinction_kinds).ok_or_else(|| self.malformed(&count, "piece names"))?;
        let kinds = Self::find(&children(kinds_pair), Rule::extinction_names)
            .map(|names| children(names).iter().map(|name| self.ident(name)).collect());
        Ok(crate::ast::ExtinctionDecl { kinds, below, outcome })
    }

    /// One hand rule; for drop ranks, the piece and the first and last rank as written.
    fn hand_rule(&self, pair: &Pair<'_, Rule>) -> Built<crate::hands::HandRule> {
        use crate::hands::HandRule;
        let kids = children(pair.clone());
        Ok(match pair.as_rule() {
            Rule::captures_to_hand => HandRule::CapturesToHand,
            Rule::drop_promoted => HandRule::DropPromoted,
            Rule::keep_promoted => HandRule::KeepPromoted,
            Rule::drops_allowed => HandRule::Drops,
            Rule::must_drop => HandRule::MustDrop { piece: kids.get(1).map(|piece| self.ident(piece)) },
            Rule::drop_castling => HandRule::CastlingDrops,
            Rule::drop_must_close => HandRule::MustClose,
            Rule::drop_next_to_own => HandRule::NextToOwn,
            Rule::unlimited_hand => HandRule::Unlimited,
            Rule::landing_flips => HandRule::LandingFlips,
            Rule::drop_flips_lines => HandRule::FlipsLines,
            Rule::drop_first_squares => {
                HandRule::FirstSquares(kids.into_iter().map(|square| self.square(square)).collect::<Built<_>>()?)
            }
            Rule::drop_colours => HandRule::BothColours { pieces: self.ident(&self.child(pair, &kids, 0)?) },
            Rule::drop_one_per_file => HandRule::OnePerFile {
                piece: self.ident(&self.child(pair, &kids, 1)?),
                other: self.ident(&self.child(pair, &kids, 2)?),
            },
            Rule::drop_file_limit => HandRule::FileLimit {
                piece: self.ident(&self.child(pair, &kids, 1)?),
                count: self.number(&self.child(pair, &kids, 2)?)?,
                others: self.ident(&self.child(pair, &kids, 3)?),
            },
            _ => {
                let piece = self.ident(&self.child(pair, &kids, 1)?);
                let ranks = self.child(pair, &kids, 2)?;
                let numbers = children(ranks.clone());
                let first = self.number(&self.child(&ranks, &numbers, 0)?)?;
                let last = match numbers.get(1) {
                    Some(last) => self.number(last)?,
                    None => first.clone(),
                };
                HandRule::DropRanks { piece, first, last }
            }
        })
    }

    fn castling_files(&self, pair: Pair<'_, Rule>) -> Built<CastlingFiles> {
        let kids = children(pair.clone());
        let file = |index| self.child(&pair, &kids, index).map(|kid| self.file_letter(&kid));
        Ok(CastlingFiles { king_short: file(0)?, rook_short: file(1)?, king_long: file(2)?, rook_long: file(3)? })
    }

    fn stalemate_outcome(&self, pair: &Pair<'_, Rule>) -> StalemateRule {
        match pair.as_rule() {
            Rule::stalemate_loss => StalemateRule::Loss,
            Rule::stalemate_pass => StalemateRule::Pass,
            Rule::stalemate_win => StalemateRule::Win,
            _ => StalemateRule::Draw,
        }
    }

    /// `50-move` or `fifty-move`.
    fn move_count(&self, pair: &Pair<'_, Rule>, kids: &[Pair<'_, Rule>]) -> Built<u32> {
        let count = Self::find(kids, Rule::move_count).ok_or_else(|| self.malformed(pair, "a move count"))?;
        match Self::find(&children(count), Rule::int) {
            Some(number) => Ok(self.number(&number)?.node),
            None => Ok(50),
        }
    }

    /// `3-fold` or `threefold`.
    fn fold(&self, pair: &Pair<'_, Rule>, kids: &[Pair<'_, Rule>]) -> Built<u32> {
        let fold = Self::find(kids, Rule::fold).ok_or_else(|| self.malformed(pair, "a repetition count"))?;
        let fold_kids = children(fold.clone());
        let part = self.child(&fold, &fold_kids, 0)?;
        match part.as_rule() {
            Rule::int => Ok(self.number(&part)?.node),
            _ => Ok(match part.as_str() {
                "twofold" => 2,
                "fourfold" => 4,
                "fivefold" => 5,
                _ => 3,
            }),
        }
    }

    fn turns(&self, pair: &Pair<'_, Rule>) -> Schedule {
        match pair.as_rule() {
            Rule::turns_switch_boards => Schedule::SwitchBoards,
            _ => Schedule::Alternate,
        }
    }

    fn links_decl(&self, pair: Pair<'_, Rule>) -> Built<Vec<Spanned<LinkClause>>> {
        children(pair).into_iter().map(|clause| self.link_clause(clause)).collect()
    }

    fn link_clause(&self, pair: Pair<'_, Rule>) -> Built<Spanned<LinkClause>> {
        let span = self.span(&pair);
        let clause = match pair.as_rule() {
            Rule::link_pair => {
                let kids = children(pair.clone());
                LinkClause::Pair(self.square(self.child(&pair, &kids, 0)?)?, self.square(self.child(&pair, &kids, 1)?)?)
            }
            Rule::link_one_way => {
                let kids = children(pair.clone());
                LinkClause::OneWay(
                    self.square(self.child(&pair, &kids, 0)?)?,
                    self.square(self.child(&pair, &kids, 1)?)?,
                )
            }
            Rule::link_entry => {
                let kids = children(pair.clone());
                match self.child(&pair, &kids, 0)?.as_rule() {
                    Rule::link_on_capture => LinkClause::Entry(LinkEntry::Capture),
                    _ => LinkClause::Entry(LinkEntry::Landing),
                }
            }
            Rule::link_check => LinkClause::Check,
            Rule::link_teleport => LinkClause::Teleport,
            _ => return Err(self.malformed(&pair, "a link clause")),
        };
        Ok(Spanned::new(clause, span))
    }

    fn square(&self, pair: Pair<'_, Rule>) -> Built<Spanned<SquareName>> {
        let span = self.span(&pair);
        let mut square = SquareName { board: None, file: 'a', rank: 0 };
        for part in children(pair) {
            match part.as_rule() {
                Rule::square_board => square.board = Some(self.text(&part)),
                Rule::square_file => square.file = part.as_str().chars().next().unwrap_or('a'),
                Rule::square_rank => square.rank = self.number(&part)?.node,
                _ => return Err(self.malformed(&part, "a square")),
            }
        }
        Ok(Spanned::new(square, span))
    }

    // ------------------------------------------------------------------ hooks

    fn hook_decl(&self, pair: Pair<'_, Rule>) -> Built<HookDecl> {
        let kids = children(pair.clone());
        let event = self.hook_event(&self.child(&pair, &kids, 0)?);
        let function = self.text(&self.child(&pair, &kids, 1)?);
        let mut hook = HookDecl { event, function, args: Vec::new(), source: None };
        for part in kids.into_iter().skip(2) {
            match part.as_rule() {
                Rule::hook_args => hook.args = self.hook_args(part)?,
                Rule::rhai_source => hook.source = Some(self.rhai_source(part)?),
                _ => return Err(self.malformed(&part, "a hook")),
            }
        }
        Ok(hook)
    }

    fn hook_event(&self, pair: &Pair<'_, Rule>) -> Spanned<HookEvent> {
        let event = match pair.as_rule() {
            Rule::special_moves => HookEvent::SpecialMoves,
            Rule::game_start => HookEvent::GameStart,
            _ => HookEvent::AfterMove,
        };
        Spanned::new(event, self.span(pair))
    }

    fn hook_args(&self, pair: Pair<'_, Rule>) -> Built<Vec<Spanned<HookArg>>> {
        children(pair).into_iter().map(|arg| self.hook_arg(arg)).collect()
    }

    fn hook_arg(&self, pair: Pair<'_, Rule>) -> Built<Spanned<HookArg>> {
        let span = self.span(&pair);
        match pair.as_rule() {
            Rule::string => Ok(Spanned::new(HookArg::Text(self.string(pair)?.node), span)),
            _ => pair
                .as_str()
                .parse::<i64>()
                .map(|number| Spanned::new(HookArg::Number(number), span))
                .map_err(|_| Problem::new(span, format!("`{}` is too large for a number", pair.as_str()))),
        }
    }

    fn rhai_source(&self, pair: Pair<'_, Rule>) -> Built<Spanned<RhaiSource>> {
        let span = self.span(&pair);
        let kids = children(pair.clone());
        let part = self.child(&pair, &kids, 0)?;
        let source = match part.as_rule() {
            Rule::string => RhaiSource::File(self.string(part)?),
            _ => {
                let block = children(part.clone());
                RhaiSource::Inline(self.text(&self.child(&part, &block, 0)?))
            }
        };
        Ok(Spanned::new(source, span))
    }

    // ------------------------------------------------------------------ words

    fn ident(&self, pair: &Pair<'_, Rule>) -> Name {
        self.text(pair)
    }

    fn text(&self, pair: &Pair<'_, Rule>) -> Spanned<String> {
        Spanned::new(pair.as_str().to_string(), self.span(pair))
    }

    /// A quoted string: its text, spanned by the whole literal.
    fn string(&self, pair: Pair<'_, Rule>) -> Built<Spanned<String>> {
        let span = self.span(&pair);
        let kids = children(pair.clone());
        let text = self.child(&pair, &kids, 0)?;
        Ok(Spanned::new(text.as_str().to_string(), span))
    }

    fn file_letter(&self, pair: &Pair<'_, Rule>) -> Spanned<char> {
        Spanned::new(pair.as_str().chars().next().unwrap_or('a'), self.span(pair))
    }

    fn number(&self, pair: &Pair<'_, Rule>) -> Built<Spanned<u32>> {
        let span = self.span(pair);
        pair.as_str()
            .parse::<u32>()
            .map(|number| Spanned::new(number, span))
            .map_err(|_| Problem::new(span, format!("`{}` is too large for a number", pair.as_str())))
    }
}

/// How many bytes of the word at `position` to underline (at least one character).
fn word_width(chunk: &str, position: usize) -> usize {
    let rest = chunk.get(position..).unwrap_or("");
    let word = rest.find(char::is_whitespace).map_or(rest.len(), |end| end);
    if word > 0 {
        word
    } else {
        rest.chars().next().map_or(0, char::len_utf8)
    }
}

/// What was found at the error position, in words.
fn found_text(chunk: &str, position: usize) -> String {
    let rest = chunk.get(position..).unwrap_or("");
    match rest.chars().next() {
        None => "end of file".to_string(),
        Some('\n' | '\r') => "end of line".to_string(),
        Some(_) => {
            let word: String = rest.chars().take_while(|c| !c.is_whitespace()).take(24).collect();
            format!("`{word}`")
        }
    }
}

/// The phrases pest would have accepted that the text at `position` is a misspelling of
/// (`impassible` for `impassable`, `valu 300` for `value N`), each in backquotes; empty when
/// none is near, so that the whole list is shown instead.
fn nearest_phrases(chunk: &str, position: usize, positives: &[Rule]) -> Vec<String> {
    let phrases = positives.iter().flat_map(|rule| quoted_phrases(describe_rule(*rule)));
    nearest_of(&clause_words(chunk.get(position..).unwrap_or("")), phrases, |_| true)
}

/// The clause phrases the whole line at `position` is a misspelling of, when the line
/// starts with a phrase's first word (`no castlng` for `no castling`, where the grammar
/// only says what may follow `no`).
fn nearest_clause(chunk: &str, position: usize) -> Vec<String> {
    let start = chunk.get(..position).and_then(|before| before.rfind('\n')).map_or(0, |at| at + 1);
    let found = clause_words(chunk.get(start..).unwrap_or(""));
    let Some(phrases) = found.first().and_then(|first| phrases_by_first_word().get(first)) else {
        return Vec::new();
    };
    nearest_of(&found, phrases.iter().copied(), |_| true)
}

/// Every phrase the grammar's descriptions quote, by its first word (built once: a script
/// of thousands of broken lines looks it up for each).
fn phrases_by_first_word() -> &'static HashMap<&'static str, Vec<&'static str>> {
    static PHRASES: OnceLock<HashMap<&'static str, Vec<&'static str>>> = OnceLock::new();
    PHRASES.get_or_init(|| {
        let mut by_word: HashMap<&'static str, Vec<&'static str>> = HashMap::new();
        for phrase in Rule::all_rules().iter().flat_map(|rule| quoted_phrases(describe_rule(*rule))) {
            if let Some(first) = phrase.split_whitespace().next() {
                let phrases = by_word.entry(first).or_default();
                if !phrases.contains(&phrase) {
                    phrases.push(phrase);
                }
            }
        }
        by_word
    })
}

/// The first words of the line that starts `text`, its comment left out.
fn clause_words(text: &str) -> Vec<&str> {
    let line = text.lines().next().unwrap_or("");
    let line = line.split('#').next().unwrap_or("");
    line.split_whitespace().take(MAX_PHRASE_WORDS).collect()
}

/// The phrases (those `wanted` keeps) that `found` is a misspelling of, nearest first, each
/// in backquotes.
fn nearest_of<'a>(
    found: &[&str],
    phrases: impl Iterator<Item = &'a str>,
    wanted: impl Fn(&str) -> bool,
) -> Vec<String> {
    let mut best: Vec<(usize, String)> = Vec::new();
    for phrase in phrases.filter(|phrase| wanted(phrase)) {
        let fixed: Vec<&str> = phrase.split_whitespace().take_while(|word| !is_placeholder(word)).collect();
        if fixed.is_empty() || found.len() < fixed.len() {
            continue;
        }
        let (wanted, typed) = (fixed.join(" "), found[..fixed.len()].join(" "));
        let distance = crate::nearest::edit_distance(&typed.to_lowercase(), &wanted);
        if distance == 0 || distance > crate::nearest::tolerance(wanted.chars().count()) {
            continue;
        }
        let quoted = format!("`{phrase}`");
        match best.first().map(|(d, _)| *d) {
            Some(d) if distance > d => {}
            Some(d) if distance < d => best = vec![(distance, quoted)],
            _ if best.iter().any(|(_, p)| *p == quoted) => {}
            _ => best.push((distance, quoted)),
        }
    }
    best.into_iter().map(|(_, phrase)| phrase).collect()
}

/// The most words of a clause compared with a phrase.
const MAX_PHRASE_WORDS: usize = 8;

/// The backquoted phrases of a rule's description: `` `impassable` `` and `` `absent` ``.
fn quoted_phrases(description: &str) -> impl Iterator<Item = &str> {
    description.split('`').skip(1).step_by(2).filter(|phrase| !phrase.is_empty())
}

/// A word of a phrase that stands for what the author writes (`NAME`, `N`, `(X,Y)`).
fn is_placeholder(word: &str) -> bool {
    !word.chars().any(|c| c.is_ascii_lowercase())
}

/// `one of: a, b or c` from the rules pest would have accepted.
fn describe_expected(positives: &[Rule]) -> String {
    let mut words: Vec<&str> = Vec::new();
    for positive in positives {
        let word = describe_rule(*positive);
        if !words.contains(&word) {
            words.push(word);
        }
    }
    if words.len() > 1 {
        words.retain(|word| *word != describe_rule(Rule::EOI));
    }
    match words.as_slice() {
        [] => "something else".to_string(),
        [only] => only.to_string(),
        [init @ .., last] => format!("{} or {last}", init.join(", ")),
    }
}

/// Every grammar rule in words, for "expected ..." in parse errors.
pub(crate) fn describe_rule(grammar_rule: Rule) -> &'static str {
    match grammar_rule {
        Rule::EOI => "end of line",
        Rule::WHITESPACE | Rule::COMMENT => "a space or a comment",
        Rule::item | Rule::declaration => {
            "a declaration (variant, extends, include, board, piece, token, setup, rules, links, ...)"
        }
        Rule::indent => "an indented clause line",
        Rule::ident => "a name",
        Rule::fn_name => "a rhai function name",
        Rule::int | Rule::size_number => "a number",
        Rule::signed_int => "a number",
        Rule::string | Rule::string_text => "a quoted string",
        Rule::file_letter => "a file letter (a, b, c, ...)",
        Rule::square | Rule::square_board | Rule::square_file | Rule::square_rank => "a square such as `c3` or `A:a4`",
        Rule::variant_decl => "`variant \"Title\"`",
        Rule::variant_clause => "`id NAME` or `summary \"...\"`",
        Rule::variant_id => "`id NAME`",
        Rule::variant_id_name => "a name",
        Rule::variant_summary => "`summary \"...\"`",
        Rule::extends_decl => "`extends NAME`",
        Rule::include_decl => "`include NAME`",
        Rule::reference => "a name or a quoted path",
        Rule::board_decl => "`board 8x8`",
        Rule::boards_decl => "`boards A and B, 8x8 each`",
        Rule::size => "a board size such as `8x8`",
        Rule::files_wrap => "`files wrap`",
        Rule::board_files => "`B files e..h`",
        Rule::piece_decl => "`piece NAME LETTER`",
        Rule::piece_letter => "a single piece letter such as `N`",
        Rule::piece_clause => "a piece clause",
        Rule::royal => "`royal`",
        Rule::pawn_like => "`pawn-like`",
        Rule::value => "`value N`",
        Rule::promotion => "`promotes on the last rank to ...`",
        Rule::promotion_side => "`white` or `black`",
        Rule::optional_promotion => "`may promote in the last N ranks`",
        Rule::promotion_on_leaving => "`may promote on leaving the zone`",
        Rule::promotion_flip => "`promotes on every move to rook`",
        Rule::flip_move => "`move`",
        Rule::flip_capture => "`capture`",
        Rule::drop_promoted => "`pieces in hand may be dropped promoted`",
        Rule::promotion_only_lost => "`promotes only to lost pieces`",
        Rule::promotion_limit => "`promotes to a king only while its side has fewer than 2`",
        Rule::promotion_last_existing => "`promotes on the last existing square of its file`",
        Rule::promotion_zone => "`rank` or `N ranks`",
        Rule::promotion_squares => "`squares` and a list of squares such as `a8, b8`",
        Rule::castles_as => "`castles as the king` or `castles as a rook`",
        Rule::castle_role => "`king` or `rook`",
        Rule::movement | Rule::move_kind => "a movement (`steps`, `slides`, `leaps`, `rides` or `hops`)",
        Rule::hops => "`hops DIRECTION`",
        Rule::far_hops => "`hops DIRECTION to any distance`",
        Rule::lame => "`not over pieces`",
        Rule::stays_within => "`stays within files d to f and ranks 1 to 3`",
        Rule::region_files => "`files d to f`",
        Rule::region_ranks => "`ranks 1 to 3`",
        Rule::facing_rule => "`royal pieces may not face each other`",
        Rule::castling_rook_files_rule => "`castling rooks are found from files i and b`",
        Rule::steps => "`steps DIRECTION`",
        Rule::slides => "`slides DIRECTION`",
        Rule::leaps => "`leaps (X,Y)`",
        Rule::rides => "`rides (X,Y)`",
        Rule::range_limit => "`up to N squares`",
        Rule::vector => "a vector such as `(1,2)`",
        Rule::direction | Rule::line_kind | Rule::heading => {
            "a direction (orthogonally, diagonally, in all directions, forward, backward, sideways)"
        }
        Rule::orthogonally => "`orthogonally`",
        Rule::diagonally => "`diagonally`",
        Rule::all_directions => "`in all directions`",
        Rule::forward => "`forward`",
        Rule::narrowly_forward => "`narrowly forward`",
        Rule::widely_forward => "`widely forward`",
        Rule::out_of_check => "`not while in check`",
        Rule::backward => "`backward`",
        Rule::sideways => "`sideways`",
        Rule::hand_side => "`to the left` or `to the right`",
        Rule::to_the_left => "`to the left`",
        Rule::to_the_right => "`to the right`",
        Rule::modifier => "a movement modifier",
        Rule::move_only => "`without capturing`",
        Rule::capture_only => "`only to capture`",
        Rule::on_first_move => "`on its first move`",
        Rule::from_starting_rank => "`from its starting rank`",
        Rule::from_rank => "`from rank N`",
        Rule::from_squares => "`from squares b3 c3`",
        Rule::sets_en_passant => "`may be taken en passant`",
        Rule::captures_en_passant => "`also en passant`",
        Rule::not_onto_rank => "`not onto rank N`",
        Rule::last_rank => "`the last rank`",
        Rule::token_decl => "`token NAME`",
        Rule::behaviour_decl => "`behaviour NAME`",
        Rule::token_clause => "a token clause",
        Rule::behaves_as => "`behaves as NAME`",
        Rule::shown_as => "`shown as C`",
        Rule::token_symbol => "one symbol character",
        Rule::default_squares => "`default SQUARES`",
        Rule::layout_any => "`any number`",
        Rule::layout_exactly => "`exactly N`",
        Rule::token_movement | Rule::movement_effect => {
            "`blocks movement`, `impassable`, `absent` or `open to movement`"
        }
        Rule::open_to_movement => "`open to movement`",
        Rule::blocks_movement => "`blocks movement`",
        Rule::impassable => "`impassable`",
        Rule::absent => "`absent`",
        Rule::for_non_royal => "`for non-royal pieces`",
        Rule::entered_by => "`entered by capture-move` or `entered by any move`",
        Rule::entry_kind | Rule::capture_move_entry | Rule::any_move_entry => "`capture-move` or `any move`",
        Rule::exit_another => "`exit through another open NAME`",
        Rule::exit_tunnel => "`tunnel to the next NAME on the line`",
        Rule::relocate_to_origin => "`entered token moves to origin`",
        Rule::stacking => "`stacked tokens are dormant` or `stacked tokens act as one`",
        Rule::stack_dormant | Rule::stack_merged => "`are dormant` or `act as one`",
        Rule::royal_exempt => "`royal pieces ignore it`",
        Rule::removed_by_royal => "`removed when a royal piece enters`",
        Rule::inactive_while_occupied => "`dormant while occupied`",
        Rule::wraps_edges => "`wraps the board edges`",
        Rule::lifetime => "`lasts N plies`",
        Rule::blocks_promotion => "`no promotion on it`",
        Rule::removes_occupant => "`removes the piece where it appears`",
        Rule::remove_decl => "`remove piece NAME`",
        Rule::remove_kind => "`piece`, `token`, `behaviour` or `hook`",
        Rule::setup_decl => "`setup FEN`",
        Rule::fen_line | Rule::placement => "a FEN piece placement such as `rnbqkbnr/pppppppp/8/...`",
        Rule::fen_field => "a FEN field",
        Rule::setup_clause => "`board NAME: PLACEMENT` or `state FIELDS`",
        Rule::board_placement => "`board NAME: PLACEMENT`",
        Rule::setup_state => "`state w KQkq - 0 1`",
        Rule::rules_decl => "`rules`",
        Rule::rule_line => "a rule",
        Rule::no => "`no`",
        Rule::off => "`off`",
        Rule::castling_rule => "`castling` or `no castling`",
        Rule::royals_rule => "`any number of royal pieces` or `one royal piece per side`",
        Rule::royals_any => "`any number of royal pieces`",
        Rule::royals_one => "`one royal piece per side`",
        Rule::goal_rule => "`a king reaching d4, e4, d5 or e5 wins`",
        Rule::article => "`a`",
        Rule::goal_last_rank => "`the last rank`",
        Rule::goal_squares => "squares such as `d4, e4, d5 or e5`",
        Rule::hand_rule => "a hand rule such as `captured pieces go to the capturer's hand`",
        Rule::enclosing_drop_rule => "an enclosing drop rule such as `drops flip the enemy lines they close`",
        Rule::drop_must_close => "`a drop must close a line of enemy pieces`",
        Rule::drop_next_to_own => "`a drop must land next to a piece of its side`",
        Rule::unlimited_hand => "`pieces in hand never run out`",
        Rule::landing_flips => "`a piece that lands turns the enemy pieces around it`",
        Rule::drop_flips_lines => "`drops flip the enemy lines they close`",
        Rule::drop_first_squares => "`drops fill d4, e4, d5 and e5 first`",
        Rule::captures_to_hand => "`captured pieces go to the capturer's hand`",
        Rule::keep_promoted => "`captured promoted pieces keep their kind`",
        Rule::drops_allowed => "`pieces in hand may be dropped`",
        Rule::drop_ranks => "`a pawn may be dropped only on ranks 2 to 7`",
        Rule::drop_rank_range | Rule::drop_one_rank => "`ranks 2 to 7` or `rank 1`",
        Rule::drop_one_per_file => "`a pawn may not be dropped on a file with another pawn of its side`",
        Rule::drop_file_limit => "`a swallow may not be dropped on a file with 2 other swallows of its side`",
        Rule::must_drop => "`a side holding pieces must drop one` or `a side holding a king must drop it`",
        Rule::drop_colours => "`drops keep a side's bishops on both colours`",
        Rule::drop_castling => "`pieces dropped on their castling squares may castle`",
        Rule::castling_files => "`short king g rook f, long king c rook d`",
        Rule::en_passant_rule => "`en passant` or `no en passant`",
        Rule::stalemate_rule => "`stalemate is a draw`",
        Rule::stalemate_outcome
        | Rule::stalemate_draw
        | Rule::stalemate_loss
        | Rule::stalemate_pass
        | Rule::stalemate_win => "`draw`, `loss`, `win` or `passes the turn`",
        Rule::checkmate_rule => "`checkmate is a win`",
        Rule::outcome_win | Rule::outcome_loss | Rule::outcome_draw => "`win`, `loss` or `draw`",
        Rule::bare_king_rule => "`a bare king loses`",
        Rule::bare_loses | Rule::bare_draws => "`loses` or `draws`",
        Rule::extinction_rule => "`a side with no king left loses`",
        Rule::extinction_none => "`no KIND left`",
        Rule::extinction_fewer => "`fewer than N KINDS left`",
        Rule::extinction_kinds | Rule::extinction_names => "piece names such as `queen, rook or king`",
        Rule::extinction_all => "`pieces`",
        Rule::extinction_wins | Rule::extinction_loses => "`wins` or `loses`",
        Rule::capture_rule => "`capturing is compulsory`",
        Rule::no_checks_rule => "`no move may give check`",
        Rule::counting_rule => "`when no move is left, the side with more pieces wins`",
        Rule::explosion_rule => "`captures explode`",
        Rule::capture_ban_rule => "`a king may not capture a king`",
        Rule::pseudo_royal_rule => "`kings are pseudo-royal`",
        Rule::pseudo_royal_alone => "`while a side has only one`",
        Rule::check_count_rule => "`a side giving 3 checks wins`",
        Rule::first_move_field_rule => "`first-move rights are in the castling field`",
        Rule::duple_rule => "`a move may not leave all of the mover's kings attacked`",
        Rule::first_move_lost_rule => "`a king loses its first move when a rook moves onto its file or rank`",
        Rule::held_in_check_rule => "`a king in check may move only to capture the checking piece`",
        Rule::explosion_immune => "`except kings`",
        Rule::goal_reply => "`, Black reaching it on the reply draws`",
        Rule::goal_held => "`, once it is still there after the reply`",
        Rule::goal_safe => "`where it is not attacked`",
        Rule::fifty_move_rule => "`50-move rule`",
        Rule::move_count => "`50-move`",
        Rule::repetition_rule => "`threefold repetition`",
        Rule::fold | Rule::fold_word => "`threefold` or `N-fold`",
        Rule::turns_rule => "`turns alternate` or `turns switch boards`",
        Rule::turns_alternate | Rule::turns_switch_boards => "`alternate` or `switch boards`",
        Rule::links_decl => "`links`",
        Rule::link_clause => "a link clause",
        Rule::link_pair => "`SQUARE = SQUARE`",
        Rule::link_one_way => "`SQUARE -> SQUARE`",
        Rule::link_entry => "`entered on landing` or `entered on capture`",
        Rule::link_on_landing | Rule::link_on_capture => "`landing` or `capture`",
        Rule::link_check => "`check across links`",
        Rule::link_teleport => "`teleport across links`",
        Rule::hook_decl => "a hook such as `after each move: call NAME`",
        Rule::hook_event | Rule::after_move | Rule::special_moves | Rule::game_start => {
            "`after each move`, `special moves` or `at game start`"
        }
        Rule::hook_args | Rule::hook_arg => "hook arguments such as `(\"wormhole\", 2)`",
        Rule::rhai_decl | Rule::rhai_source => "`rhai \"file.rhai\"` or an inline ```` ``` ```` block",
        Rule::rhai_block | Rule::rhai_text => "a rhai block between ```` ``` ````",
    }
}
