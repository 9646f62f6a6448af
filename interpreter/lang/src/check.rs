//! From a root file to one checked, merged variant: loads and parses every file it reaches
//! (`extends`, `include`, `rhai`), merges their declarations with override semantics, and
//! checks everything that has a source position: names, references, squares, duplicates,
//! the royal piece, include cycles, the setup's letters and shape, hook sources.
//!
//! Override semantics (like Fairy-Stockfish's variants.ini inheritance): declarations are
//! applied in reading order, an `extends` or `include` standing where it is written; a later
//! declaration of the same piece, token, behaviour, rule, board, setup or links block
//! replaces the earlier one (keeping its place in the piece order), and `remove` drops one.
//! Declaring the same name twice in one file is an error.

use std::collections::HashSet;

use holechess_kernel::spec::{CastleRole, RoyalRule};

use crate::ast::*;
use crate::check_exits;
use crate::diagnostic::Problem;
use crate::limits;
use crate::lower;
use crate::policy::{FileKind, FilePolicy};
use crate::sources::{self, Origin, SourceMap};
use crate::syntax;

/// A declaration in the merged variant, with the file that declared it.
#[derive(Clone, Debug)]
pub struct Declared<T> {
    /// The declaration.
    pub node: T,
    /// Where it is written.
    pub span: Span,
    /// The file that declares it.
    pub file: FileId,
}

/// Where a hook's rhai source ended up: its text and where the text lies.
#[derive(Clone, Debug)]
pub struct HookSource {
    /// The rhai source.
    pub text: String,
    /// The file holding the text (the script for inline blocks, the `.rhai` file otherwise).
    pub file: FileId,
    /// Byte offset of the text in that file.
    pub offset: usize,
}

/// A hook with its source resolved.
#[derive(Clone, Debug)]
pub struct CheckedHook {
    /// The hook declaration.
    pub decl: HookDecl,
    /// Its rhai source, when found.
    pub source: Option<HookSource>,
}

/// The merged variant: every declaration that is in force.
#[derive(Clone, Debug, Default)]
pub struct Scope {
    /// The file checked first (the variant being loaded).
    pub root: FileId,
    /// The `variant` header.
    pub header: Option<Declared<VariantDecl>>,
    /// The boards.
    pub board: Option<Declared<BoardDecl>>,
    /// The pieces, in declaration order (a redefinition keeps its place).
    pub pieces: Vec<Declared<PieceDecl>>,
    /// The token kinds.
    pub tokens: Vec<Declared<TokenDecl>>,
    /// The `behaves as` blocks that add to token kinds.
    pub behaviours: Vec<Declared<TokenDecl>>,
    /// The start position.
    pub setup: Option<Declared<SetupDecl>>,
    /// The rules in force.
    pub rules: Vec<Declared<Rule>>,
    /// The links between squares.
    pub links: Option<Declared<Vec<Spanned<LinkClause>>>>,
    /// The hooks, with their rhai sources.
    pub hooks: Vec<CheckedHook>,
}

/// How a file was reached.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Role {
    Root,
    Extended,
    Included,
}

/// Loads, parses and merges files, collecting problems.
pub struct Checker {
    /// Every file read, for diagnostics.
    pub sources: SourceMap,
    scripts: Vec<Script>,
    /// The problems found so far.
    pub problems: Vec<Problem>,
    scope: Scope,
    /// Files being merged (for cycle detection).
    stack: Vec<FileId>,
    /// Files already merged (an include reached twice is merged once).
    merged: HashSet<FileId>,
    /// Which files references may reach.
    policy: FilePolicy,
}

impl Checker {
    fn new() -> Checker {
        Checker {
            sources: SourceMap::default(),
            scripts: Vec::new(),
            problems: Vec::new(),
            scope: Scope::default(),
            stack: Vec::new(),
            merged: HashSet::new(),
            policy: FilePolicy::default(),
        }
    }

    fn report(&mut self, problem: Problem) {
        self.problems.push(problem);
    }

    /// Adds a file's text and parses it.
    fn add_file(&mut self, origin: Origin, text: String) -> FileId {
        let file = self.sources.add(origin, text.clone());
        let (mut script, problems) = syntax::parse(file, &text);
        self.problems.extend(limits::declarations(&mut script));
        self.scripts.push(script);
        self.problems.extend(problems);
        file
    }

    /// Loads a referenced file once; `None` (and a problem) when it cannot be read.
    fn load(&mut self, origin: Origin, at: Span) -> Option<FileId> {
        if let Some(file) = self.sources.find(&origin) {
            return Some(file);
        }
        if let Some(problem) = limits::too_many_files(self.sources.files().len(), at) {
            self.report(problem);
            return None;
        }
        match sources::read(&origin) {
            Ok(text) => Some(self.add_file(origin, text)),
            Err(message) => {
                self.report(Problem::new(at, message));
                None
            }
        }
    }

    fn script(&self, file: FileId) -> Script {
        self.scripts.get(file).cloned().unwrap_or_default()
    }

    fn declares_variant(&self, file: FileId) -> bool {
        self.script(file).items.iter().any(|item| matches!(item.kind, ItemKind::Variant(_)))
    }

    // ------------------------------------------------------------------ merging

    fn merge_file(&mut self, file: FileId, role: Role) {
        self.stack.push(file);
        self.merged.insert(file);
        let script = self.script(file);
        let shared_rhai = self.shared_rhai_sources(file, &script);
        let mut seen_declaration = false;
        let mut extended = false;
        for item in &script.items {
            match &item.kind {
                ItemKind::Variant(header) => self.merge_header(header, item.span, file, role),
                ItemKind::Extends(reference) => {
                    self.merge_extends(reference, file, role, seen_declaration, extended);
                    extended = true;
                }
                ItemKind::Include(reference) => self.merge_include(reference),
                ItemKind::Hook(hook) => {
                    let source = self.hook_source(hook, file, &shared_rhai);
                    self.scope.hooks.push(CheckedHook { decl: hook.clone(), source });
                }
                _ => self.merge_declaration(item, file),
            }
            seen_declaration |= !matches!(item.kind, ItemKind::Variant(_) | ItemKind::Extends(_));
        }
        self.stack.pop();
    }

    fn merge_header(&mut self, header: &VariantDecl, span: Span, file: FileId, role: Role) {
        if role != Role::Root {
            return;
        }
        if let Some(first) = &self.scope.header {
            if first.file == file {
                let line = self.sources.locate(first.span).line;
                self.report(Problem::new(
                    span,
                    format!("duplicate variant header: the variant is already declared on line {line}"),
                ));
                return;
            }
        }
        self.scope.header = Some(Declared { node: header.clone(), span, file });
    }

    fn merge_extends(
        &mut self,
        reference: &Reference,
        file: FileId,
        role: Role,
        seen_declaration: bool,
        extended: bool,
    ) {
        let span = reference.span();
        if role == Role::Included {
            self.report(Problem::new(span, "a module cannot extend a variant").expecting("`include` instead"));
            return;
        }
        if extended {
            self.report(Problem::new(span, "a variant extends at most one other variant"));
            return;
        }
        if seen_declaration {
            self.report(
                Problem::new(span, "`extends` must come before the other declarations")
                    .expecting("it right after the `variant` header"),
            );
            return;
        }
        let Some(target) = self.resolve(reference, file, "variant") else {
            return;
        };
        if self.is_cycle(target, span) || self.too_deep(span) {
            return;
        }
        if !self.declares_variant(target) {
            let name = reference.text();
            self.report(
                Problem::new(span, format!("`{name}` is a module, not a variant"))
                    .expecting(format!("`include {name}`")),
            );
            return;
        }
        self.merge_file(target, Role::Extended);
    }

    fn merge_include(&mut self, reference: &Reference) {
        let span = reference.span();
        let Some(current) = self.stack.last().copied() else {
            return;
        };
        let Some(target) = self.resolve(reference, current, "module") else {
            return;
        };
        if self.is_cycle(target, span) || self.merged.contains(&target) || self.too_deep(span) {
            return;
        }
        if self.declares_variant(target) {
            let name = reference.text();
            self.report(
                Problem::new(span, format!("`{name}` is a variant, not a module"))
                    .expecting(format!("`extends {name}`")),
            );
            return;
        }
        self.merge_file(target, Role::Included);
    }

    /// The file a reference names, loaded; a problem when there is none.
    fn resolve(&mut self, reference: &Reference, from: FileId, what: &str) -> Option<FileId> {
        let from_origin = self.sources.get(from)?.origin.clone();
        let origin = match reference {
            Reference::Name(name) => sources::resolve_name(&from_origin, &name.node),
            Reference::Path(path) => {
                sources::resolve_path(&from_origin, &path.node).or_else(|| crate::policy::library_file(&path.node))
            }
        };
        let Some(origin) = origin else {
            if let Some(what_it_is) = sources::what_is_at(&from_origin, reference.text()) {
                self.report(
                    Problem::new(reference.span(), format!("`{}` {what_it_is}", reference.text()))
                        .expecting(format!("a bundled {what} or a path to a .hole file")),
                );
                return None;
            }
            let known = match what {
                "variant" => sources::bundled_variant_names(),
                _ => sources::stdlib_module_names(),
            };
            self.report(
                Problem::new(reference.span(), format!("unknown {what} `{}`", reference.text()))
                    .expecting(format!("a bundled {what} ({}) or a path to a .hole file", known.join(", "))),
            );
            return None;
        };
        match self.policy.admit(origin, FileKind::Script) {
            Ok(origin) => self.load(origin, reference.span()),
            Err(message) => {
                self.report(Problem::new(reference.span(), message));
                None
            }
        }
    }

    /// Reports an `extends` / `include` nested deeper than the limit.
    fn too_deep(&mut self, at: Span) -> bool {
        let problem = limits::too_deep(self.stack.len(), at);
        let deep = problem.is_some();
        self.problems.extend(problem);
        deep
    }

    /// Reports a cycle when the target is already being merged.
    fn is_cycle(&mut self, target: FileId, at: Span) -> bool {
        let Some(start) = self.stack.iter().position(|&file| file == target) else {
            return false;
        };
        let chain: Vec<String> = self.stack[start..]
            .iter()
            .chain(std::iter::once(&target))
            .filter_map(|&file| self.sources.get(file).map(|source| source.origin.label()))
            .collect();
        self.report(Problem::new(at, format!("include cycle: {}", chain.join(" -> "))));
        true
    }

    fn merge_declaration(&mut self, item: &Item, file: FileId) {
        let span = item.span;
        match &item.kind {
            ItemKind::Board(board) => self.replace_single(|scope| &mut scope.board, board.clone(), span, file, "board"),
            ItemKind::Setup(setup) => self.replace_single(|scope| &mut scope.setup, setup.clone(), span, file, "setup"),
            ItemKind::Links(links) => {
                self.replace_single(|scope| &mut scope.links, links.clone(), span, file, "links block")
            }
            ItemKind::Piece(piece) => {
                let name = piece.name.clone();
                self.replace_named(|scope| &mut scope.pieces, piece.clone(), &name, span, file, "piece", |p| &p.name)
            }
            ItemKind::Token(token) => {
                let name = token.name.clone();
                self.replace_named(|scope| &mut scope.tokens, token.clone(), &name, span, file, "token", |t| &t.name)
            }
            ItemKind::Behaviour(behaviour) => {
                let name = behaviour.name.clone();
                self.replace_named(
                    |scope| &mut scope.behaviours,
                    behaviour.clone(),
                    &name,
                    span,
                    file,
                    "behaviour",
                    |t| &t.name,
                )
            }
            ItemKind::Remove(remove) => self.remove(remove),
            ItemKind::Rules(rules) => {
                for rule in rules {
                    self.merge_rule(rule, file);
                }
            }
            ItemKind::Variant(_)
            | ItemKind::Extends(_)
            | ItemKind::Include(_)
            | ItemKind::Hook(_)
            | ItemKind::Rhai(_) => {}
        }
    }

    /// Board, setup, links: one of each; a later file replaces, the same file may not repeat.
    fn replace_single<T>(
        &mut self,
        slot: impl Fn(&mut Scope) -> &mut Option<Declared<T>>,
        node: T,
        span: Span,
        file: FileId,
        what: &str,
    ) {
        if let Some(previous) = slot(&mut self.scope) {
            if previous.file == file {
                let line = self.sources.locate(previous.span).line;
                self.report(Problem::new(span, format!("duplicate {what}: already declared on line {line}")));
                return;
            }
        }
        *slot(&mut self.scope) = Some(Declared { node, span, file });
    }

    /// Pieces, tokens, behaviours: by name; a redefinition keeps the original's place.
    #[allow(clippy::too_many_arguments)]
    fn replace_named<T>(
        &mut self,
        list: impl Fn(&mut Scope) -> &mut Vec<Declared<T>>,
        node: T,
        name: &Name,
        span: Span,
        file: FileId,
        what: &str,
        name_of: impl Fn(&T) -> &Name,
    ) {
        let existing = list(&mut self.scope).iter().position(|entry| name_of(&entry.node).node == name.node);
        let declared = Declared { node, span, file };
        match existing {
            Some(index) if list(&mut self.scope)[index].file == file => {
                let line = self.sources.locate(list(&mut self.scope)[index].span).line;
                self.report(Problem::new(
                    name.span,
                    format!("duplicate {what} `{}`: already declared on line {line}", name.node),
                ));
            }
            Some(index) => list(&mut self.scope)[index] = declared,
            None => list(&mut self.scope).push(declared),
        }
    }

    fn remove(&mut self, remove: &RemoveDecl) {
        let name = &remove.name.node;
        let removed = match remove.kind {
            RemoveKind::Piece => remove_by_name(&mut self.scope.pieces, name, |p| &p.name.node),
            RemoveKind::Token => remove_by_name(&mut self.scope.tokens, name, |t| &t.name.node),
            RemoveKind::Behaviour => remove_by_name(&mut self.scope.behaviours, name, |t| &t.name.node),
            RemoveKind::Hook => crate::hook_check::remove_hook(&mut self.scope.hooks, name),
        };
        if !removed {
            let what = kind_word(remove.kind);
            self.report(
                Problem::new(remove.name.span, format!("there is no {what} `{name}` to remove"))
                    .expecting(format!("the name of an inherited {what}")),
            );
        }
    }

    /// A rule replaces an earlier rule of the same kind from another file. Extinction rules
    /// and capture bans form lists: a file may state several, and its own replace those it
    /// inherits.
    fn merge_rule(&mut self, rule: &Spanned<Rule>, file: FileId) {
        if matches!(
            rule.node,
            Rule::Extinction(_)
                | Rule::CaptureBan(..)
                | Rule::PseudoRoyal(..)
                | Rule::BareKing(..)
                | Rule::HeldInCheck(_)
                | Rule::FirstMoveLost(..)
        ) {
            let kind = std::mem::discriminant(&rule.node);
            self.scope.rules.retain(|entry| std::mem::discriminant(&entry.node) != kind || entry.file == file);
            self.scope.rules.push(Declared { node: rule.node.clone(), span: rule.span, file });
            return;
        }
        let existing = self.scope.rules.iter().position(|entry| same_rule(&entry.node, &rule.node));
        let declared = Declared { node: rule.node.clone(), span: rule.span, file };
        match existing {
            Some(index) if self.scope.rules[index].file == file => {
                let line = self.sources.locate(self.scope.rules[index].span).line;
                self.report(Problem::new(
                    rule.span,
                    format!("duplicate rule: this rule is already set on line {line}"),
                ));
            }
            Some(index) => self.scope.rules[index] = declared,
            None => self.scope.rules.push(declared),
        }
    }

    // ------------------------------------------------------------------ hook sources

    /// The top-level `rhai` sources of a file, loaded.
    fn shared_rhai_sources(&mut self, file: FileId, script: &Script) -> Vec<HookSource> {
        script
            .items
            .iter()
            .filter_map(|item| match &item.kind {
                ItemKind::Rhai(source) => Some(source.clone()),
                _ => None,
            })
            .filter_map(|source| self.rhai_text(&source, file))
            .collect()
    }

    /// A hook's own source, or else the file's shared sources (the one defining its function).
    fn hook_source(&mut self, hook: &HookDecl, file: FileId, shared: &[HookSource]) -> Option<HookSource> {
        if let Some(own) = &hook.source {
            return self.rhai_text(own, file);
        }
        let defining = shared.iter().find(|source| rhai_functions(&source.text).contains(&hook.function.node));
        let chosen = defining.or(shared.first()).cloned();
        if chosen.is_none() {
            self.report(
                Problem::new(hook.function.span, format!("hook function `{}` has no rhai source", hook.function.node))
                    .expecting(
                    "an indented `rhai \"file.rhai\"` or `rhai ``` ... ``` ` line, or a top-level `rhai` declaration",
                ),
            );
        }
        chosen
    }

    fn rhai_text(&mut self, source: &Spanned<RhaiSource>, file: FileId) -> Option<HookSource> {
        match &source.node {
            RhaiSource::Inline(text) => Some(HookSource { text: text.node.clone(), file, offset: text.span.start }),
            RhaiSource::File(path) => {
                let from = self.sources.get(file)?.origin.clone();
                let found =
                    sources::resolve_path(&from, &path.node).or_else(|| crate::policy::library_file(&path.node));
                let Some(origin) = found else {
                    self.report(Problem::new(path.span, format!("no rhai file `{}` beside this script", path.node)));
                    return None;
                };
                let origin = match self.policy.admit(origin, FileKind::Rhai) {
                    Ok(origin) => origin,
                    Err(message) => {
                        self.report(Problem::new(path.span, message));
                        return None;
                    }
                };
                let rhai_file = self.load_rhai(origin, path.span)?;
                let text = self.sources.get(rhai_file)?.text.clone();
                Some(HookSource { text, file: rhai_file, offset: 0 })
            }
        }
    }

    /// A `.rhai` file is added to the source map (for positions) but not parsed as a script.
    fn load_rhai(&mut self, origin: Origin, at: Span) -> Option<FileId> {
        if let Some(file) = self.sources.find(&origin) {
            return Some(file);
        }
        if let Some(problem) = limits::too_many_files(self.sources.files().len(), at) {
            self.report(problem);
            return None;
        }
        match sources::read(&origin) {
            Ok(text) => {
                let file = self.sources.add(origin, text);
                self.scripts.push(Script::default());
                Some(file)
            }
            Err(message) => {
                self.report(Problem::new(at, message));
                None
            }
        }
    }
}

fn remove_by_name<T>(list: &mut Vec<Declared<T>>, name: &str, name_of: impl Fn(&T) -> &String) -> bool {
    let before = list.len();
    list.retain(|entry| name_of(&entry.node) != name);
    list.len() != before
}

/// The engine hook sources are checked with: the same expression limits as the runtime in
/// every build (rhai's own defaults are halved in debug builds).
#[must_use]
pub fn rhai_checker() -> rhai::Engine {
    let mut engine = rhai::Engine::new_raw();
    engine.set_max_expr_depths(128, 64);
    engine
}

/// The names of the functions a rhai text defines (none when it does not compile).
#[must_use]
pub fn rhai_functions(text: &str) -> Vec<String> {
    let engine = rhai_checker();
    match engine.compile(text) {
        Ok(ast) => ast.iter_functions().map(|function| function.name.to_string()).collect(),
        Err(_) => Vec::new(),
    }
}

// ------------------------------------------------------------------ entry point

/// The result of checking: the sources read, the merged scope, and every problem found.
pub struct Checked {
    /// Every file read.
    pub sources: SourceMap,
    /// The merged variant.
    pub scope: Scope,
    /// Every problem found.
    pub problems: Vec<Problem>,
}

/// Loads the root file (from disk or the bundle, or the given text) and everything it
/// reaches, merges and checks it.
///
/// # Errors
///
/// The rendered diagnostics when a file cannot be read or the merged script breaks a rule of the language.
pub fn check(origin: Origin, text: Option<String>) -> Result<Checked, String> {
    let mut checker = Checker::new();
    checker.policy = FilePolicy::for_root(&origin);
    let text = match text {
        Some(text) => text,
        None => sources::read(&origin)?,
    };
    let root = checker.add_file(origin, text);
    checker.scope.root = root;
    checker.merge_file(root, Role::Root);
    let mut problems = std::mem::take(&mut checker.problems);
    problems.extend(limits::scope_problems(&checker.scope));
    problems.extend(Consistency { scope: &checker.scope }.problems(&checker.sources));
    Ok(Checked { sources: checker.sources, scope: checker.scope, problems })
}

// ------------------------------------------------------------------ consistency

/// Checks on the merged variant: everything that refers to something else.
struct Consistency<'a> {
    scope: &'a Scope,
}

impl Consistency<'_> {
    fn problems(&self, sources: &SourceMap) -> Vec<Problem> {
        let mut problems = Vec::new();
        let Some(header) = &self.scope.header else {
            let start = Span::new(self.scope.root, 0, 0);
            problems.push(
                Problem::new(start, "this file declares no variant")
                    .expecting("`variant \"Title\"` with `id NAME` and `summary \"...\"`"),
            );
            return problems;
        };
        let anchor = header.span;
        let geometry = self.board(anchor, &mut problems);
        self.pieces(anchor, &geometry, &mut problems);
        self.behaviours(&mut problems);
        self.tokens(&geometry, &mut problems);
        self.setup(anchor, &geometry, &mut problems);
        self.rules(&geometry, &mut problems);
        self.links(&geometry, &mut problems);
        self.hooks(sources, &mut problems);
        problems
    }

    fn board(&self, anchor: Span, problems: &mut Vec<Problem>) -> lower::Geometry {
        let Some(board) = &self.scope.board else {
            problems.push(
                Problem::new(anchor, "the variant declares no board").expecting("`board 8x8` or `extends chess`"),
            );
            return lower::Geometry::default();
        };
        for side in [&board.node.files, &board.node.ranks] {
            if !(1..=16).contains(&side.node) {
                problems.push(
                    Problem::new(side.span, format!("a board side of {} squares", side.node))
                        .expecting("1 to 16 squares"),
                );
            }
        }
        let mut seen: Vec<&str> = Vec::new();
        for name in &board.node.names {
            if seen.contains(&name.node.as_str()) {
                problems.push(Problem::new(name.span, format!("duplicate board name `{}`", name.node)));
            }
            seen.push(&name.node);
        }
        for labels in &board.node.file_labels {
            check_file_labels(&board.node, labels, problems);
        }
        lower::Geometry::of(&board.node)
    }

    fn pieces(&self, anchor: Span, geometry: &lower::Geometry, problems: &mut Vec<Problem>) {
        let names: Vec<&str> = self.scope.pieces.iter().map(|piece| piece.node.name.node.as_str()).collect();
        let mut letters: Vec<(char, &str)> = Vec::new();
        for piece in &self.scope.pieces {
            let letter = piece.node.letter.node.to_ascii_uppercase();
            if let Some((_, other)) = letters.iter().find(|(used, _)| *used == letter) {
                problems.push(
                    Problem::new(
                        piece.node.letter.span,
                        format!("piece letter `{letter}` is already used by `{other}`"),
                    )
                    .expecting("a letter no other piece uses"),
                );
            }
            letters.push((letter, &piece.node.name.node));
            for clause in &piece.node.clauses {
                self.piece_clause(&piece.node, clause, &names, geometry, problems);
            }
            self.promotion_extras(&piece.node, problems);
        }
        let royal = self
            .scope
            .pieces
            .iter()
            .any(|piece| piece.node.clauses.iter().any(|clause| clause.node == PieceClause::Royal));
        let any_number = self.scope.rules.iter().any(|rule| rule.node == Rule::Royals(RoyalRule::AnyNumber));
        if !royal && !any_number {
            problems.push(
                Problem::new(anchor, "the variant has no royal piece")
                    .expecting("a piece with the clause `royal` (a king), or the rule `any number of royal pieces`"),
            );
        }
    }

    /// The promotion clauses that need a `promotes ...` list of the piece.
    fn promotion_extras(&self, piece: &PieceDecl, problems: &mut Vec<Problem>) {
        let promotes = piece.clauses.iter().any(|clause| {
            matches!(
                clause.node,
                PieceClause::Promotion(_) | PieceClause::OptionalPromotionTo(_) | PieceClause::FlipPromotion { .. }
            )
        });
        for clause in &piece.clauses {
            crate::check_rules::promotion_limit(self.scope, &clause.node, problems);
            let extra = matches!(
                clause.node,
                PieceClause::OptionalPromotion(_)
                    | PieceClause::PromotionOnlyLost
                    | PieceClause::PromotionLimit(..)
                    | PieceClause::PromotionAtLastExisting
                    | PieceClause::PromotionOnLeaving
            );
            if extra && !promotes {
                problems.push(
                    Problem::new(
                        clause.span,
                        format!("the {} has no promotion for this clause to change", piece.name.node),
                    )
                    .expecting("a `promotes on the last rank to ...` clause"),
                );
            }
        }
    }

    /// A promotion zone given by squares is the piece's whole zone: no zone of last ranks, no
    /// optional zone, no promotion on leaving it or at the end of a file beside it.
    fn zone_squares_alone(piece: &PieceDecl, span: Span, problems: &mut Vec<Problem>) {
        let mixed = piece.clauses.iter().any(|clause| match &clause.node {
            PieceClause::Promotion(other) => other.zone_squares.is_empty(),
            PieceClause::OptionalPromotion(_)
            | PieceClause::OptionalPromotionTo(_)
            | PieceClause::PromotionOnLeaving
            | PieceClause::PromotionAtLastExisting
            | PieceClause::FlipPromotion { .. } => true,
            _ => false,
        });
        if mixed {
            problems.push(
                Problem::new(
                    span,
                    format!("the {} has a promotion zone of squares and another promotion rule", piece.name.node),
                )
                .expecting("the squares alone (`white promotes on squares ...`, `black promotes on squares ...`)"),
            );
        }
    }

    fn piece_clause(
        &self,
        piece: &PieceDecl,
        clause: &Spanned<PieceClause>,
        names: &[&str],
        geometry: &lower::Geometry,
        problems: &mut Vec<Problem>,
    ) {
        match &clause.node {
            PieceClause::Value(value) if value.node > i32::MAX as u32 => {
                problems.push(Problem::new(value.span, "value too large").expecting(format!("at most {}", i32::MAX)));
            }
            PieceClause::Promotion(promotion) | PieceClause::OptionalPromotionTo(promotion) => {
                for choice in &promotion.choices {
                    if !names.contains(&choice.node.as_str()) {
                        problems.push(
                            Problem::new(choice.span, format!("promotion to an unknown piece `{}`", choice.node))
                                .expecting(format!("one of: {}", names.join(", "))),
                        );
                    }
                }
                for square in &promotion.zone_squares {
                    if let Err(problem) = geometry.square(square) {
                        problems.push(problem);
                    }
                }
                if !promotion.zone_squares.is_empty() {
                    Self::zone_squares_alone(piece, clause.span, problems);
                }
                let zone = promotion.zone_ranks.node;
                if promotion.zone_squares.is_empty()
                    && (zone == 0 || (geometry.ranks > 0 && zone > u32::from(geometry.ranks)))
                {
                    problems.push(
                        Problem::new(promotion.zone_ranks.span, format!("a promotion zone of {zone} ranks"))
                            .expecting(format!("1 to {} ranks", geometry.ranks)),
                    );
                }
            }
            PieceClause::Region(region) => region_problems(region, geometry, problems),
            PieceClause::FlipPromotion { choice, .. } if !names.contains(&choice.node.as_str()) => {
                problems.push(
                    Problem::new(choice.span, format!("promotion to an unknown piece `{}`", choice.node))
                        .expecting(format!("one of: {}", names.join(", "))),
                );
            }
            PieceClause::OptionalPromotion(zone) => {
                let compulsory = piece
                    .clauses
                    .iter()
                    .rev()
                    .find_map(|clause| match &clause.node {
                        PieceClause::Promotion(promotion) => Some(promotion.zone_ranks.node),
                        _ => None,
                    })
                    .unwrap_or(1);
                let ranks = u32::from(geometry.ranks);
                if zone.node <= compulsory || (ranks > 0 && zone.node >= ranks) {
                    problems.push(
                        Problem::new(zone.span, format!("an optional promotion zone of {} ranks", zone.node))
                            .expecting(format!(
                                "more ranks than the compulsory zone ({compulsory}) and fewer than the board's {ranks}"
                            )),
                    );
                }
            }
            PieceClause::Movement(movement) => self.movement(piece, movement, clause.span, problems),
            _ => {}
        }
    }

    fn movement(&self, piece: &PieceDecl, movement: &Movement, span: Span, problems: &mut Vec<Problem>) {
        if let Err(message) = lower::directions(movement) {
            let at = movement
                .direction
                .as_ref()
                .map(|d| d.span)
                .or(movement.vector.as_ref().map(|v| v.span))
                .unwrap_or(span);
            problems.push(Problem::new(at, format!("bad direction: {message}")));
        }
        if let Some(limit) = &movement.limit {
            if limit.node == 0 || limit.node > 15 {
                problems.push(
                    Problem::new(limit.span, format!("a limit of {} squares", limit.node)).expecting("1 to 15 squares"),
                );
            }
        }
        let modifiers = &movement.modifiers;
        let count =
            |wanted: &[Modifier]| modifiers.iter().filter(|m| wanted.iter().any(|w| same_kind(*w, m.node))).count();
        if count(&[Modifier::MoveOnly, Modifier::CaptureOnly]) > 1 {
            problems.push(Problem::new(span, "a movement can say `without capturing` or `only to capture`, not both"));
        }
        let conditions = [
            Modifier::FirstMove,
            Modifier::FromStartingRank,
            Modifier::FromRank(0),
            Modifier::FromSquares(holechess_kernel::OriginSquares::new()),
        ];
        if count(&conditions) > 1 {
            problems.push(Problem::new(
                span,
                "a movement can have one condition (`on its first move`, `from its starting rank`, `from rank N` or \
                 `from squares ...`)",
            ));
        }
        if count(&[Modifier::OutOfCheck]) > 0 {
            crate::check_rules::out_of_check(modifiers, span, problems);
        }
        if count(&[Modifier::SetsEnPassant, Modifier::CapturesEnPassant]) > 1 {
            problems
                .push(Problem::new(span, "a movement either may be taken en passant or captures en passant, not both"));
        }
        for modifier in modifiers {
            self.modifier(piece, modifier, problems);
        }
    }

    fn modifier(&self, piece: &PieceDecl, modifier: &Spanned<Modifier>, problems: &mut Vec<Problem>) {
        match modifier.node {
            Modifier::NotOntoRank(rank) if rank == 0 || rank > 16 => {
                problems.push(
                    Problem::new(modifier.span, format!("rank {rank} is off the board")).expecting("a rank from 1"),
                );
            }
            Modifier::FromRank(rank) if rank == 0 || rank > 16 => {
                problems.push(
                    Problem::new(modifier.span, format!("rank {rank} is off the board")).expecting("a rank from 1"),
                );
            }
            Modifier::FromSquares(squares) => self.origin_squares_on_board(squares, modifier.span, problems),
            Modifier::FromStartingRank => {
                if let Some(setup) = &self.scope.setup {
                    if let Err(message) = lower::starting_rank(piece.letter.node, &setup.node) {
                        problems.push(Problem::new(modifier.span, message).expecting("`from rank N`"));
                    }
                }
            }
            _ => {}
        }
    }

    /// Every origin square of `from squares` lies on the board (its size from the `board` line).
    fn origin_squares_on_board(
        &self,
        squares: holechess_kernel::OriginSquares,
        span: Span,
        problems: &mut Vec<Problem>,
    ) {
        let Some(board) = &self.scope.board else { return };
        let (files, ranks) = (board.node.files.node, board.node.ranks.node);
        for (file, rank) in squares.cells().filter(|&(file, rank)| u32::from(file) >= files || u32::from(rank) >= ranks)
        {
            let name = format!("{}{}", char::from(b'a' + file), rank + 1);
            problems.push(
                Problem::new(span, format!("origin square {name} is off the {files}x{ranks} board"))
                    .expecting("squares of the board"),
            );
        }
    }

    fn behaviours(&self, problems: &mut Vec<Problem>) {
        for behaviour in &self.scope.behaviours {
            for clause in &behaviour.node.clauses {
                if let TokenClause::BehavesAs(name) = &clause.node {
                    problems.push(
                        Problem::new(name.span, "a behaviour cannot itself use `behaves as`")
                            .expecting("the clauses written out"),
                    );
                }
            }
        }
    }

    fn tokens(&self, geometry: &lower::Geometry, problems: &mut Vec<Problem>) {
        for (index, token) in self.scope.tokens.iter().enumerate() {
            for clause in &token.node.clauses {
                self.token_clause(&token.node, clause, geometry, problems);
            }
            problems.extend(self.symbol_problem(index));
        }
    }

    /// A `shown as C` the position notation cannot tell apart, pointed at that clause: a
    /// letter or digit (a piece, a count), a space or a separator, or the symbol of an
    /// earlier token kind.
    fn symbol_problem(&self, index: usize) -> Option<Problem> {
        let token = &self.scope.tokens[index].node;
        let clause = token.clauses.iter().rev().find(|c| matches!(c.node, TokenClause::Symbol(_)))?;
        let symbol = lower::token_symbol(token);
        if symbol.is_ascii_alphanumeric() || symbol.is_whitespace() || "/|:,".contains(symbol) {
            return Some(
                Problem::new(clause.span, format!("token symbol '{symbol}' clashes with the position notation"))
                    .expecting("a sign that is not a letter, a digit, a space or one of / | : ,"),
            );
        }
        let earlier = self.scope.tokens[..index].iter().find(|t| lower::token_symbol(&t.node) == symbol)?;
        Some(
            Problem::new(clause.span, format!("token `{}` is shown as '{symbol}' already", earlier.node.name.node))
                .expecting("a symbol no other token kind uses"),
        )
    }

    fn knows_behaviour(&self, name: &str) -> bool {
        self.scope.behaviours.iter().any(|b| b.node.name.node == name)
    }

    /// `behaves as NAME` with no such behaviour in scope: the nearest known one, or all of
    /// them, those of the stdlib modules included (with the `include` that brings them).
    fn unknown_behaviour(&self, name: &Name) -> Problem {
        let mut known: Vec<(&str, Option<&str>)> =
            self.scope.behaviours.iter().map(|b| (b.node.name.node.as_str(), None)).collect();
        for (behaviour, module) in sources::stdlib_behaviours() {
            if !known.iter().any(|(k, _)| *k == behaviour) {
                known.push((behaviour, Some(module)));
            }
        }
        let near = crate::nearest::nearest(&name.node, known.iter().map(|(k, _)| *k));
        let shown: Vec<(&str, Option<&str>)> = match near.as_slice() {
            [] => known.clone(),
            some => known.iter().copied().filter(|(k, _)| some.contains(k)).collect(),
        };
        let names: Vec<String> = shown.iter().map(|(k, _)| format!("`{k}`")).collect();
        let mut modules: Vec<&str> = shown.iter().filter_map(|(_, module)| *module).collect();
        modules.dedup();
        let include = match modules.as_slice() {
            [] => String::new(),
            some => format!(" (with `include {}`)", some.join("`, `include ")),
        };
        let list = if names.len() == 1 { names[0].clone() } else { format!("one of: {}", names.join(", ")) };
        Problem::new(name.span, format!("unknown behaviour `{}`", name.node)).expecting(format!("{list}{include}"))
    }

    fn token_clause(
        &self,
        token: &TokenDecl,
        clause: &Spanned<TokenClause>,
        geometry: &lower::Geometry,
        problems: &mut Vec<Problem>,
    ) {
        match &clause.node {
            TokenClause::BehavesAs(name) if !self.knows_behaviour(&name.node) => {
                problems.push(self.unknown_behaviour(name));
            }
            TokenClause::Default(squares) => {
                for square in squares {
                    if let Err(problem) = geometry.square(square) {
                        problems.push(problem);
                    }
                }
            }
            TokenClause::ExitAnother(name)
                if name.node != token.name.node
                    && name.node != "one"
                    && !self.scope.tokens.iter().any(|t| t.node.name.node == name.node) =>
            {
                problems.push(check_exits::unknown_exit_kind(token, name, &self.scope.tokens));
            }
            TokenClause::ExitTunnel(name) if name.node != token.name.node && name.node != "one" => {
                let own = &token.name.node;
                problems.push(
                    Problem::new(name.span, format!("a `{own}` can only lead to another `{own}`"))
                        .expecting(format!("`{own}` or `one`")),
                );
            }
            TokenClause::WrapsEdges(Some((first, second))) => {
                let last = geometry.file_letter(geometry.files.saturating_sub(1));
                for file in [first, second] {
                    if file.node != 'a' && file.node != last {
                        problems.push(
                            Problem::new(
                                file.span,
                                format!("the board can only wrap at its edge files, not at `{}`", file.node),
                            )
                            .expecting(format!("files a and {last}")),
                        );
                    }
                }
            }
            TokenClause::Lifetime(plies) if plies.node == 0 || plies.node > u32::from(u16::MAX) => {
                problems.push(
                    Problem::new(plies.span, format!("a lifetime of {} plies", plies.node))
                        .expecting("1 or more plies"),
                );
            }
            TokenClause::LayoutExactly(count) if count.node > u32::from(u16::MAX) => {
                problems.push(Problem::new(count.span, "too many tokens").expecting("a smaller number"));
            }
            _ => {}
        }
    }

    fn setup(&self, anchor: Span, geometry: &lower::Geometry, problems: &mut Vec<Problem>) {
        let Some(setup) = &self.scope.setup else {
            problems.push(Problem::new(anchor, "the variant declares no setup").expecting("`setup FEN`"));
            return;
        };
        let letters: Vec<char> =
            self.scope.pieces.iter().map(|piece| piece.node.letter.node.to_ascii_uppercase()).collect();
        match lower::board_placements(&setup.node, geometry) {
            Ok(placements) => {
                for placement in placements {
                    problems.extend(lower::check_placement(&placement, geometry, &letters));
                }
            }
            Err(problem) => problems.push(problem),
        }
        if let Some(side) = setup.node.fields.first() {
            if side.node != "w" && side.node != "b" {
                problems.push(
                    Problem::new(side.span, format!("`{}` is not a side to move", side.node)).expecting("`w` or `b`"),
                );
            }
        }
        if let Some(extra) = setup.node.fields.get(5) {
            problems.push(
                Problem::new(extra.span, "too many FEN fields")
                    .expecting("at most: side, castling, en passant, halfmove clock, move number"),
            );
        }
    }

    fn rules(&self, geometry: &lower::Geometry, problems: &mut Vec<Problem>) {
        crate::hands::check_hand_rules(self.scope, geometry, problems);
        for rule in &self.scope.rules {
            if let Rule::Goal(goal) = &rule.node {
                self.goal(goal, geometry, problems);
            }
            if let Rule::Extinction(extinction) = &rule.node {
                self.extinction(extinction, geometry, problems);
            }
            if rule.node == Rule::CompulsoryCapture && geometry.board_count() > 1 {
                problems.push(
                    Problem::new(rule.span, "compulsory capture needs a variant of one board")
                        .expecting("one `board`, or no `capturing is compulsory`"),
                );
            }
            if let Rule::Explosion(immune) = &rule.node {
                self.explosion(rule.span, immune, geometry, problems);
            }
            if let Rule::BareKing(name, _) = &rule.node {
                if lower::piece_named(self.scope, &name.node).is_none() {
                    problems.push(
                        Problem::new(name.span, format!("the bare-king rule names an unknown piece `{}`", name.node))
                            .expecting("a declared piece, such as `king`"),
                    );
                }
            }
            if let Rule::PseudoRoyal(name, _) = &rule.node {
                self.pseudo_royal(name, geometry, problems);
            }
            crate::check_rules::check_rule(self.scope, &rule.node, geometry, problems);
            if let Rule::CaptureBan(capturer, captured) = &rule.node {
                for name in [capturer, captured] {
                    if lower::piece_named(self.scope, &name.node).is_none() {
                        problems.push(
                            Problem::new(name.span, format!("the capture ban names an unknown piece `{}`", name.node))
                                .expecting("a declared piece"),
                        );
                    }
                }
            }
            if rule.node == Rule::NoChecks && geometry.board_count() > 1 {
                problems.push(
                    Problem::new(rule.span, "a ban on checks needs a variant of one board")
                        .expecting("one `board`, or no `no move may give check`"),
                );
            }
            if let Rule::Castling(Some(Some(files))) = &rule.node {
                for file in [&files.king_short, &files.rook_short, &files.king_long, &files.rook_long] {
                    if geometry.files > 0 && lower::file_index(file.node) >= geometry.files {
                        problems.push(
                            Problem::new(file.span, format!("file `{}` is off the board", file.node))
                                .expecting(format!("a file from a to {}", geometry.file_letter(geometry.files - 1))),
                        );
                    }
                }
            }
            if let Rule::Castling(Some(_)) = &rule.node {
                let has = |role| {
                    self.scope
                        .pieces
                        .iter()
                        .any(|p| p.node.clauses.iter().any(|c| c.node == PieceClause::Castles(role)))
                };
                if !has(CastleRole::King) || !has(CastleRole::Rook) {
                    problems.push(
                        Problem::new(
                            rule.span,
                            "castling needs a piece that `castles as the king` and one that `castles as a rook`",
                        )
                        .expecting("`no castling`, or those clauses"),
                    );
                }
            }
        }
    }

    /// A goal names a declared piece and squares on the board, in a variant of one board (the
    /// turns of several boards judge the end of a game by their own rules, HP8).
    fn goal(&self, goal: &crate::ast::GoalDecl, geometry: &lower::Geometry, problems: &mut Vec<Problem>) {
        if geometry.board_count() > 1 {
            problems.push(
                Problem::new(goal.piece.span, "a goal rule needs a variant of one board")
                    .expecting("one `board`, or no goal rule"),
            );
        }
        if !self.scope.pieces.iter().any(|p| p.node.name.node == goal.piece.node) {
            problems.push(
                Problem::new(goal.piece.span, format!("the goal names an unknown piece `{}`", goal.piece.node))
                    .expecting("a declared piece"),
            );
        }
        for square in goal.squares.iter().flatten() {
            if let Err(problem) = geometry.square(square) {
                problems.push(problem);
            }
        }
        if goal.safe && goal.reply {
            problems.push(
                Problem::new(goal.piece.span, "a goal `where it is not attacked` has no reply for Black")
                    .expecting("either `where it is not attacked` or `, Black reaching it on the reply draws`"),
            );
        }
    }

    /// An extinction rule names declared pieces (singular or plural), keeps a count of at
    /// least one, and belongs to a variant of one board (the turns of several boards judge the
    /// end of a game by their own rules, HP8).
    fn extinction(
        &self,
        extinction: &crate::ast::ExtinctionDecl,
        geometry: &lower::Geometry,
        problems: &mut Vec<Problem>,
    ) {
        if geometry.board_count() > 1 {
            problems.push(
                Problem::new(extinction.below.span, "an extinction rule needs a variant of one board")
                    .expecting("one `board`, or no extinction rule"),
            );
        }
        if !(1..=255).contains(&extinction.below.node) {
            problems.push(
                Problem::new(extinction.below.span, format!("`fewer than {}` can never apply", extinction.below.node))
                    .expecting("a count from 1 to 255"),
            );
        }
        for name in extinction.kinds.iter().flatten() {
            if lower::piece_named(self.scope, &name.node).is_none() {
                problems.push(
                    Problem::new(name.span, format!("the extinction rule names an unknown piece `{}`", name.node))
                        .expecting("a declared piece, or `pieces`"),
                );
            }
        }
    }

    /// Explosions name declared immune pieces (singular or plural) and belong to a variant of
    /// one board (a turn of two boards is made and unmade by its own rules, HP2).
    fn explosion(
        &self,
        span: Span,
        immune: &[Spanned<String>],
        geometry: &lower::Geometry,
        problems: &mut Vec<Problem>,
    ) {
        if geometry.board_count() > 1 {
            problems.push(
                Problem::new(span, "exploding captures need a variant of one board")
                    .expecting("one `board`, or no `captures explode`"),
            );
        }
        for name in immune {
            if lower::piece_named(self.scope, &name.node).is_none() {
                problems.push(
                    Problem::new(name.span, format!("the explosion rule names an unknown piece `{}`", name.node))
                        .expecting("a declared piece"),
                );
            }
        }
    }

    /// A pseudo-royal kind is a declared piece that is not royal, in a variant of one board.
    fn pseudo_royal(&self, name: &Spanned<String>, geometry: &lower::Geometry, problems: &mut Vec<Problem>) {
        if geometry.board_count() > 1 {
            problems.push(
                Problem::new(name.span, "pseudo-royal pieces need a variant of one board")
                    .expecting("one `board`, or no pseudo-royal rule"),
            );
        }
        let Some(kind) = lower::piece_named(self.scope, &name.node) else {
            problems.push(
                Problem::new(name.span, format!("the pseudo-royal rule names an unknown piece `{}`", name.node))
                    .expecting("a declared piece"),
            );
            return;
        };
        let royal = self.scope.pieces[kind].node.clauses.iter().any(|c| c.node == PieceClause::Royal);
        if royal {
            problems.push(
                Problem::new(name.span, format!("`{}` is royal, so it cannot also be pseudo-royal", name.node))
                    .expecting("a piece without `royal`"),
            );
        }
    }

    fn links(&self, geometry: &lower::Geometry, problems: &mut Vec<Problem>) {
        let Some(links) = &self.scope.links else {
            return;
        };
        let boards = geometry.names.len().max(1);
        let mut within_board = None;
        let mut across_boards = None;
        let mut entry = None;
        let mut linked = Vec::new();
        for clause in &links.node {
            let (from, to, one_way) = match &clause.node {
                LinkClause::Pair(from, to) => (from, to, false),
                LinkClause::OneWay(from, to) => (from, to, true),
                LinkClause::Entry(_) => {
                    if entry.is_some() {
                        problems.push(Problem::new(clause.span, "how links are entered is said twice"));
                    }
                    entry = Some(clause.span);
                    continue;
                }
                LinkClause::Check | LinkClause::Teleport => {
                    across_boards = across_boards.or(Some(clause.span));
                    continue;
                }
            };
            let (a, b) = match (geometry.square(from), geometry.square(to)) {
                (Ok(a), Ok(b)) => (a, b),
                (a, b) => {
                    problems.extend([a.err(), b.err()].into_iter().flatten());
                    continue;
                }
            };
            if linked.iter().any(|&pair| pair == (a, b) || pair == (b, a)) {
                problems.push(link_declared_twice(clause.span, from, to));
                continue;
            }
            linked.push((a, b));
            if a == b {
                problems
                    .push(Problem::new(clause.span, "a square is linked to itself").expecting("two different squares"));
            } else if a.board != b.board && one_way {
                problems.push(one_way_across_boards(clause.span));
            } else if a.board == b.board && boards > 1 {
                problems.push(one_board_link(clause.span));
            } else if a.board == b.board {
                within_board = within_board.or(Some(clause.span));
            }
        }
        if let (Some(_), Some(span)) = (within_board, across_boards) {
            problems.push(howe_clause_on_one_board(span));
        }
        if let (None, Some(span)) = (within_board, entry) {
            problems.push(
                Problem::new(span, "`entered on ...` says how links within one board are entered; this block has none")
                    .expecting("a link within the board (`a3 = h6`, `a3 -> h6`), or no `entered` clause"),
            );
        }
    }

    fn hooks(&self, sources: &SourceMap, problems: &mut Vec<Problem>) {
        crate::hook_check::problems(&self.scope.hooks, sources, &self.one_per_side_royals(), problems);
    }

    /// The names of the royal pieces when a side has exactly one (none for any number).
    fn one_per_side_royals(&self) -> Vec<String> {
        if self.scope.rules.iter().any(|rule| rule.node == Rule::Royals(RoyalRule::AnyNumber)) {
            return Vec::new();
        }
        let royal = |piece: &&Declared<PieceDecl>| piece.node.clauses.iter().any(|c| c.node == PieceClause::Royal);
        self.scope.pieces.iter().filter(royal).map(|piece| piece.node.name.node.clone()).collect()
    }
}

/// A link between two squares of one board in a variant of several boards: there links are
/// Howe's teleports between boards, and moves through a link within a board are not played.
/// Two squares linked a second time (`a3 = h6` twice, or `h6 = a3` after it): an error, since
/// a repeated line is a slip for another link more often than a harmless repetition.
fn link_declared_twice(span: Span, from: &Spanned<SquareName>, to: &Spanned<SquareName>) -> Problem {
    let name = |square: &SquareName| match &square.board {
        Some(board) => format!("{}:{}{}", board.node, square.file, square.rank),
        None => format!("{}{}", square.file, square.rank),
    };
    Problem::new(span, format!("{} and {} are already linked above", name(&from.node), name(&to.node)))
        .expecting("each pair of squares linked once (delete this line, or link other squares)")
}

fn one_board_link(span: Span) -> Problem {
    Problem::new(span, "links within one board are supported only in a variant of one board; this variant has several")
        .expecting("two squares of different boards (`A:a4 = B:a4`)")
}

/// A one-way link between two boards: links between boards are Howe's teleports, both ways.
fn one_way_across_boards(span: Span) -> Problem {
    Problem::new(span, "a one-way link (`->`) joins two squares of one board")
        .expecting("a link between boards written both ways (`A:a4 = B:a4`)")
}

/// `check across links` or `teleport across links` beside links within one board: those
/// clauses are Howe's rules for links between boards.
fn howe_clause_on_one_board(span: Span) -> Problem {
    Problem::new(
        span,
        "`check across links` and `teleport across links` act on links between two boards; this variant's links \
         lie within one board",
    )
    .expecting("`entered on landing` or `entered on capture`")
}

/// Whether two rules set the same thing (a later one replaces an earlier one): rules of one
/// kind, hand rules of one kind and piece.
fn same_rule(a: &Rule, b: &Rule) -> bool {
    match (a, b) {
        (Rule::Hand(a), Rule::Hand(b)) => crate::hands::same_hand_rule(a, b),
        _ => std::mem::discriminant(a) == std::mem::discriminant(b),
    }
}

/// Whether two modifiers are of the same kind (ignoring a rank number).
fn same_kind(a: Modifier, b: Modifier) -> bool {
    std::mem::discriminant(&a) == std::mem::discriminant(&b)
}

/// `B files e..h`: a board that exists, as many letters as it has files, within `a..p`.
fn check_file_labels(board: &BoardDecl, labels: &BoardFiles, problems: &mut Vec<Problem>) {
    match &labels.board {
        Some(name) if !board.names.iter().any(|known| known.node == name.node) => {
            let known: Vec<&str> = board.names.iter().map(|n| n.node.as_str()).collect();
            let expected = match known.is_empty() {
                true => "no board name: this variant has one board (`files e..h`)".to_owned(),
                false => format!("one of: {}", known.join(", ")),
            };
            problems.push(Problem::new(name.span, format!("unknown board `{}`", name.node)).expecting(expected));
        }
        None if board.names.len() > 1 => {
            problems.push(
                Problem::new(labels.first.span, "these file letters do not say which board they are for")
                    .expecting(format!("a board name first, like `{} files e..h`", board.names[0].node)),
            );
        }
        _ => {}
    }
    let (first, last) = (labels.first.node, labels.last.node);
    let count = (last as u32 + 1).saturating_sub(first as u32);
    if last > 'p' || first > last || count != board.files.node {
        problems.push(
            Problem::new(
                labels.last.span,
                format!("files `{first}..{last}` for a board {} files wide", board.files.node),
            )
            .expecting(format!(
                "{} letters from a to p, like `e..{}`",
                board.files.node,
                char::from(b'e' + (board.files.node.clamp(1, 12) as u8) - 1)
            )),
        );
    }
}

/// A region's files and ranks lie on the board, the lower bound first.
fn region_problems(region: &RegionDecl, geometry: &lower::Geometry, problems: &mut Vec<Problem>) {
    let (files, ranks) = (u32::from(geometry.files), u32::from(geometry.ranks));
    if let Some(span_files) = &region.files {
        let (low, high) = span_files.node;
        if low > high || (files > 0 && high >= files) {
            let last = geometry.file_letter(geometry.files.saturating_sub(1));
            problems.push(
                Problem::new(span_files.span, "the region's files are not files of the board, in order")
                    .expecting(format!("`files LOW to HIGH` within a to {last}")),
            );
        }
    }
    if let Some(span_ranks) = &region.ranks {
        let (low, high) = span_ranks.node;
        if low == 0 || low > high || (ranks > 0 && high > ranks) {
            problems.push(
                Problem::new(span_ranks.span, "the region's ranks are not ranks of the board, in order")
                    .expecting(format!("`ranks LOW to HIGH` within 1 to {ranks}")),
            );
        }
    }
}
