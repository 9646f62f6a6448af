//! The resolved rules of a variant (after `extends` and `include`) as `holechess rules
//! --json` prints them: a stable schema of its own (docs/rules-json.md), made from the
//! loaded script, so that the kernel's internal types can change without changing it.
//! The text description (`words.rs`) is written from the same model.

use holechess_kernel::spec::Entry;
use holechess_kernel::spec::{
    CastleRole, EpRole, Exit, ExtinctionSpec, GoalRegion, LayoutRule, LinkEntry, Pattern, PatternCondition,
    PatternMode, PieceSpec, PromotionSpec, RegionSpec, RoyalRule, Schedule, SideOutcome, SquareRef, Stacking,
    StalemateRule, TokenMovement, TokenSpec, VariantSpec,
};
use holechess_kernel::Position;
use holechess_lang::{HookArg, LoadedVariant};
use serde::Serialize;

/// The version of this schema; a change that removes or renames a field raises it.
pub const SCHEMA_VERSION: u32 = 1;

#[derive(Debug, Serialize)]
pub struct Rules {
    pub schema: u32,
    pub id: String,
    pub title: String,
    pub summary: String,
    /// Every file read, root first (`<bundled>/...` for the files built into the program).
    pub sources: Vec<String>,
    pub boards: Boards,
    /// The start position in the position notation, default tokens included.
    pub start: String,
    /// `alternate` or `switch-boards`.
    pub turns: &'static str,
    pub pieces: Vec<Piece>,
    pub tokens: Vec<Token>,
    pub links: Links,
    pub play: PlayRules,
    pub hooks: Vec<Hook>,
    /// Hands and drops, or `None` (see `hands.rs`).
    pub hands: Option<super::hands::Hands>,
}

#[derive(Debug, Serialize)]
pub struct Boards {
    pub files: u8,
    pub ranks: u8,
    /// One name per board (empty for a single unnamed board).
    pub names: Vec<String>,
    /// The first and last files are neighbours for every piece.
    pub files_wrap: bool,
}

#[derive(Debug, Serialize)]
pub struct Piece {
    pub name: String,
    pub letter: String,
    pub royal: bool,
    pub pawn_like: bool,
    /// Material value in centipawns, for the computer.
    pub value: i32,
    /// `none`, `king` or `rook`.
    pub castling: &'static str,
    pub moves: Vec<MoveRule>,
    pub promotion: Option<Promotion>,
    /// The squares the piece never leaves, or `None`.
    pub region: Option<Region>,
}

/// A rectangle a piece stays within: files as letters, ranks counted from the piece's own
/// side (1 = its first rank), both bounds included.
#[derive(Debug, Serialize)]
pub struct Region {
    pub files: [String; 2],
    pub ranks: [u8; 2],
}

/// One way a piece moves, seen from White's side (`dy` > 0 is forward).
#[derive(Debug, Serialize, Clone, PartialEq, Eq)]
pub struct MoveRule {
    pub dx: i8,
    pub dy: i8,
    /// `step` (one square), `leap` (jumps to the square), `slide` (repeats), `hop` (over a hurdle).
    pub kind: &'static str,
    /// For a slide: the most squares (0 = no limit).
    pub range: u8,
    /// `move-or-capture`, `move-only` or `capture-only`.
    pub mode: &'static str,
    /// `always`, `first-move`, `from-rank-N` (N counted from the mover's side, 1 = its first
    /// rank) or `from-squares` (the squares in `origin_squares`).
    pub condition: String,
    /// For `from-squares`: the squares, named from White's side (Black's mirrored across the
    /// middle rank).
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub origin_squares: Vec<String>,
    /// `none`, `sets` (a double step that may be taken en passant) or `captures`.
    pub en_passant: &'static str,
    /// A rank the move never ends on (1 = the mover's first rank).
    pub barred_rank: Option<u8>,
    /// For a hop: it lands on any square behind the hurdle, up to the first piece there (a
    /// cannon), not only right behind it.
    pub hop_any_distance: bool,
    /// For a leap: a piece on its path stops it (a lame leaper).
    pub lame: bool,
}

#[derive(Debug, Serialize)]
pub struct Promotion {
    /// How many of the mover's last ranks form the compulsory zone.
    pub compulsory_ranks: u8,
    /// How many last ranks form the optional zone (0: none).
    pub optional_ranks: u8,
    pub white_choices: Vec<String>,
    pub black_choices: Vec<String>,
    /// Only to a kind the side has fewer of than the setup gave it.
    pub only_lost_pieces: bool,
    /// Also compulsory on the last existing square of a file.
    pub at_last_existing_square: bool,
    /// A move starting in the zone promotes as one ending there.
    pub on_leaving: bool,
    /// `every-move` or `every-capture`: promotion (and turning back) by the move, not a zone;
    /// null for a zone.
    pub flips: Option<&'static str>,
    /// The squares of White's compulsory zone when it is given by squares (empty otherwise).
    pub white_squares: Vec<String>,
    /// The squares of Black's compulsory zone when it is given by squares (empty otherwise).
    pub black_squares: Vec<String>,
    /// Choices open only while the side has fewer than the count of that kind.
    pub limits: Vec<PromotionLimit>,
}

/// A promotion choice open only while the side has fewer than `below` pieces of its kind.
#[derive(Debug, Serialize)]
pub struct PromotionLimit {
    pub piece: String,
    pub below: u8,
}

#[derive(Debug, Serialize)]
pub struct Token {
    pub name: String,
    pub symbol: String,
    pub default_squares: Vec<String>,
    /// How many a layout may have: null for any number.
    pub exactly: Option<u16>,
    /// `open`, `blocks`, `impassable` or `absent`.
    pub movement: &'static str,
    /// `none`, `capture-move` or `any-move`.
    pub entry: &'static str,
    /// `none`, `another-open`, `open-TOKEN` or `tunnel`.
    pub exit: String,
    pub relocate_to_origin: bool,
    /// `dormant` or `merged`.
    pub stacking: &'static str,
    pub royal_exempt: bool,
    pub removed_by_royal: bool,
    pub inactive_while_occupied: bool,
    pub wraps_edges: bool,
    /// Plies it lasts; null for good.
    pub lifetime: Option<u16>,
    pub blocks_promotion: bool,
    pub removes_occupant: bool,
}

#[derive(Debug, Serialize)]
pub struct Links {
    pub pairs: Vec<[String; 2]>,
    pub one_way: Vec<[String; 2]>,
    /// `landing` or `capture`.
    pub entry: &'static str,
    pub check_across: bool,
    pub teleport: bool,
}

#[derive(Debug, Serialize)]
pub struct PlayRules {
    pub castling: Option<Castling>,
    pub en_passant: bool,
    /// `draw`, `loss` or `pass`.
    pub stalemate: &'static str,
    /// Moves by each side without capture or pawn move after which a draw may be claimed.
    pub fifty_move: Option<u16>,
    /// How many times a position must occur for a draw to be claimed.
    pub repetition: Option<u8>,
    /// `exactly-one` or `any-number`.
    pub royals: &'static str,
    /// A game end by reaching squares, or `None`.
    pub goal: Option<Goal>,
    /// What checkmate means for the checkmated side: `loss`, `win` or `draw`.
    pub checkmate: &'static str,
    /// Game ends by extinction (and the bare king), in the order they are judged.
    pub extinctions: Vec<Extinction>,
    /// A game that ends without a move, or on a full board, is won by the side with more pieces.
    pub counting: bool,
    /// A side that can capture must capture.
    pub compulsory_capture: bool,
    /// No move may give check.
    pub no_checks: bool,
    /// Captures explode, or `None`.
    pub explosion: Option<Explosion>,
    /// Captures that are not allowed: the capturer's kind, then the captured kind.
    pub capture_bans: Vec<[String; 2]>,
    /// Kinds that may be taken but that no move may leave attacked or blow up.
    pub pseudo_royal: Vec<String>,
    /// Royal pieces of the two sides may not face each other on an open file.
    pub royals_may_not_face: bool,
    /// Of those, the kinds guarded only while a side has one piece of the kind.
    pub pseudo_royal_alone: Vec<String>,
    /// The number of checks that wins, or `None`.
    pub checks_win: Option<u8>,
    /// Kinds that may not move while their side is in check, except to capture the only
    /// checking piece.
    pub held_in_check: Vec<String>,
    /// The position notation's castling field names the pieces that have not moved yet.
    pub first_moves_in_castling_field: bool,
    /// An unmoved piece of the first kind loses its first move when an enemy piece of the
    /// second kind ends a move on its file or rank.
    pub first_moves_lost_to: Vec<[String; 2]>,
    /// No move may leave every piece of this kind of the mover attacked (duple check), or
    /// `None`.
    pub duple: Option<String>,
}

/// A side left with fewer than `below` pieces of one of the kinds (of all its pieces
/// together when `pieces` is `None`) has the outcome at once.
#[derive(Debug, Serialize)]
pub struct Extinction {
    pub pieces: Option<Vec<String>>,
    pub below: u8,
    /// `loss`, `win` or `draw`, for the side left short.
    pub outcome: &'static str,
    /// The rule holds only while the opponent has at least this many pieces (0: always).
    pub opponent_at_least: u8,
    /// The side to move gets its reply first (a bare king may bare the other back).
    pub reply: bool,
}

/// Exploding captures: the capturer and the pieces around the square it lands on go,
/// pawn-like pieces and the `immune` kinds excepted.
#[derive(Debug, Serialize)]
pub struct Explosion {
    pub immune: Vec<String>,
}

/// A side wins when, after its move, one of its pieces of this kind stands on a goal square.
#[derive(Debug, Serialize)]
pub struct Goal {
    pub piece: String,
    /// The goal squares, the same for both sides; `None` for each side's last rank.
    pub squares: Option<Vec<String>>,
    /// When White arrives first, Black has one more move, and arriving with it draws.
    pub reply: bool,
    /// The opponent replies first; the side wins when its turn comes with the piece still there.
    pub held: bool,
    /// The piece counts on the goal only while no enemy piece attacks it.
    pub safe: bool,
}

/// Castling, Chess960 style: the files the king and rook end on.
#[derive(Debug, Serialize)]
pub struct Castling {
    pub short_king: String,
    pub short_rook: String,
    pub long_king: String,
    pub long_rook: String,
    /// The files (short side, long side) from which the castling letters `K` and `Q` look for
    /// their rook towards the king; `None`: they name the outermost rook.
    pub rooks_found_from: Option<[String; 2]>,
}

#[derive(Debug, Serialize)]
pub struct Hook {
    /// `after each move`, `special moves` or `at game start`.
    pub event: &'static str,
    pub function: String,
    pub args: Vec<serde_json::Value>,
    pub file: String,
    pub line: usize,
}

/// The resolved rules of a loaded variant.
pub fn of(loaded: &LoadedVariant) -> Rules {
    let spec = &loaded.spec;
    Rules {
        schema: SCHEMA_VERSION,
        id: spec.id.clone(),
        title: spec.title.clone(),
        summary: spec.summary.clone(),
        sources: loaded.sources.clone(),
        boards: Boards {
            files: spec.board.files,
            ranks: spec.board.ranks,
            names: spec.board.names.iter().filter(|n| !n.is_empty()).cloned().collect(),
            files_wrap: spec.board.files_wrap,
        },
        start: Position::start(&loaded.variant).fen(),
        turns: match spec.schedule {
            Schedule::Alternate => "alternate",
            Schedule::SwitchBoards => "switch-boards",
        },
        pieces: spec.pieces.iter().map(|p| piece(spec, p)).collect(),
        tokens: spec.tokens.iter().map(|t| token(spec, t)).collect(),
        links: links(spec),
        play: play_rules(spec),
        hooks: loaded.hooks.iter().map(hook).collect(),
        hands: super::hands::of(spec),
    }
}

fn piece(spec: &VariantSpec, piece: &PieceSpec) -> Piece {
    Piece {
        name: piece.name.clone(),
        letter: piece.letter.to_string(),
        royal: piece.royal,
        pawn_like: piece.pawn,
        value: piece.value,
        castling: match piece.castling {
            CastleRole::None => "none",
            CastleRole::King => "king",
            CastleRole::Rook => "rook",
        },
        moves: piece.patterns.iter().map(move_rule).collect(),
        promotion: piece.promotion.as_ref().map(|p| promotion(spec, p)),
        region: piece.region.map(|r| region(spec, r)),
    }
}

/// A region with its open upper bounds clipped to the board.
fn region(spec: &VariantSpec, region: RegionSpec) -> Region {
    let last_file = region.files.1.min(spec.board.files.saturating_sub(1));
    let last_rank = region.ranks.1.min(spec.board.ranks.saturating_sub(1));
    let file = |f: u8| char::from(b'a' + f).to_string();
    Region { files: [file(region.files.0), file(last_file)], ranks: [region.ranks.0 + 1, last_rank + 1] }
}

fn move_rule(pattern: &Pattern) -> MoveRule {
    let one_square = pattern.dx.abs() <= 1 && pattern.dy.abs() <= 1;
    let kind = match (pattern.hop, pattern.range) {
        (true, _) => "hop",
        (false, 1) if one_square => "step",
        (false, 1) => "leap",
        _ => "slide",
    };
    MoveRule {
        dx: pattern.dx,
        dy: pattern.dy,
        kind,
        range: if kind == "slide" { pattern.range } else { 1 },
        mode: match pattern.mode {
            PatternMode::MoveOrCapture => "move-or-capture",
            PatternMode::MoveOnly => "move-only",
            PatternMode::CaptureOnly => "capture-only",
        },
        condition: match pattern.condition {
            PatternCondition::Always => "always".to_owned(),
            PatternCondition::FirstMove => "first-move".to_owned(),
            PatternCondition::FromRank(rank) => format!("from-rank-{}", rank + 1),
            PatternCondition::OutOfCheck => "out-of-check".to_owned(),
            PatternCondition::FirstMoveOutOfCheck => "first-move-out-of-check".to_owned(),
            PatternCondition::FromSquares(_) => "from-squares".to_owned(),
        },
        en_passant: match pattern.en_passant {
            EpRole::None => "none",
            EpRole::Sets => "sets",
            EpRole::Captures => "captures",
        },
        barred_rank: pattern.barred_rank.map(|rank| rank + 1),
        hop_any_distance: pattern.hop && pattern.hop_any_distance,
        lame: pattern.lame,
        origin_squares: match pattern.condition {
            PatternCondition::FromSquares(squares) => white_squares(&squares),
            _ => Vec::new(),
        },
    }
}

fn piece_names(spec: &VariantSpec, ids: &[u8]) -> Vec<String> {
    ids.iter()
        .map(|&id| spec.pieces.get(usize::from(id)).map_or_else(|| format!("#{id}"), |p| p.name.clone()))
        .collect()
}

fn promotion(spec: &VariantSpec, promotion: &PromotionSpec) -> Promotion {
    Promotion {
        compulsory_ranks: promotion.zone_ranks,
        optional_ranks: promotion.optional_ranks,
        white_choices: piece_names(spec, promotion.choices_for(0)),
        black_choices: piece_names(spec, promotion.choices_for(1)),
        only_lost_pieces: promotion.only_lost,
        at_last_existing_square: promotion.at_last_existing_square,
        on_leaving: promotion.on_leaving,
        flips: match promotion.flips {
            holechess_kernel::spec::Flip::Never => None,
            holechess_kernel::spec::Flip::EveryMove => Some("every-move"),
            holechess_kernel::spec::Flip::EveryCapture => Some("every-capture"),
        },
        limits: promotion
            .limits
            .iter()
            .map(|&(kind, below)| PromotionLimit { piece: piece_name(spec, kind), below })
            .collect(),
        white_squares: promotion.zone_squares[0].iter().map(|square| square_name(spec, square)).collect(),
        black_squares: promotion.zone_squares[1].iter().map(|square| square_name(spec, square)).collect(),
    }
}

/// A square as players write it: `c3`, or `A:a4` on a variant of several boards (with the
/// board's physical files: side B of a split board starts at `e`).
pub fn square_name(spec: &VariantSpec, square: &SquareRef) -> String {
    let board = usize::from(square.board);
    let first = spec.board.first_files.get(board).copied().unwrap_or(0);
    let name = format!("{}{}", char::from(b'a' + first + square.file), square.rank + 1);
    match spec.board.names.get(board).filter(|_| spec.board.names.len() > 1) {
        Some(board_name) => format!("{board_name}:{name}"),
        None => name,
    }
}

fn token(spec: &VariantSpec, token: &TokenSpec) -> Token {
    Token {
        name: token.name.clone(),
        symbol: token.symbol.to_string(),
        default_squares: token.default_squares.iter().map(|s| square_name(spec, s)).collect(),
        exactly: match token.layout {
            LayoutRule::Any => None,
            LayoutRule::Exactly(n) => Some(n),
        },
        movement: match token.movement {
            TokenMovement::Open => "open",
            TokenMovement::Blocks => "blocks",
            TokenMovement::Impassable => "impassable",
            TokenMovement::Absent => "absent",
        },
        entry: match token.entry {
            Entry::None => "none",
            Entry::CaptureMove => "capture-move",
            Entry::AnyMove => "any-move",
        },
        exit: match token.exit {
            Exit::None => "none".to_owned(),
            Exit::AnotherOpen => "another-open".to_owned(),
            Exit::OpenOf(id) => {
                format!("open-{}", spec.tokens.get(usize::from(id)).map_or("?", |t| t.name.as_str()))
            }
            Exit::Tunnel => "tunnel".to_owned(),
        },
        relocate_to_origin: token.relocate_to_origin,
        stacking: match token.stacking {
            Stacking::Dormant => "dormant",
            Stacking::Merged => "merged",
        },
        royal_exempt: token.royal_exempt,
        removed_by_royal: token.removed_by_royal,
        inactive_while_occupied: token.inactive_while_occupied,
        wraps_edges: token.wraps_edges,
        lifetime: token.lifetime,
        blocks_promotion: token.blocks_promotion,
        removes_occupant: token.removes_occupant,
    }
}

fn links(spec: &VariantSpec) -> Links {
    let pair = |(a, b): &(SquareRef, SquareRef)| [square_name(spec, a), square_name(spec, b)];
    Links {
        pairs: spec.links.pairs.iter().map(pair).collect(),
        one_way: spec.links.one_way.iter().map(pair).collect(),
        entry: match spec.links.entry {
            LinkEntry::Landing => "landing",
            LinkEntry::Capture => "capture",
        },
        check_across: spec.links.link_check,
        teleport: spec.links.teleport,
    }
}

fn play_rules(spec: &VariantSpec) -> PlayRules {
    let rules = &spec.rules;
    let file = |f: u8| char::from(b'a' + f).to_string();
    PlayRules {
        castling: rules.castling.map(|c| Castling {
            short_king: file(c.king_file_short),
            short_rook: file(c.rook_file_short),
            long_king: file(c.king_file_long),
            long_rook: file(c.rook_file_long),
            rooks_found_from: rules.castling_rook_files.map(|(short, long)| [file(short), file(long)]),
        }),
        en_passant: rules.en_passant,
        stalemate: match rules.stalemate {
            StalemateRule::Draw => "draw",
            StalemateRule::Loss => "loss",
            StalemateRule::Pass => "pass",
            StalemateRule::Win => "win",
        },
        fifty_move: rules.fifty_move,
        repetition: rules.repetition,
        royals: match rules.royals {
            RoyalRule::ExactlyOne => "exactly-one",
            RoyalRule::AnyNumber => "any-number",
        },
        goal: rules.goal.as_ref().map(|goal| Goal {
            piece: spec.pieces.get(usize::from(goal.piece)).map(|p| p.name.clone()).unwrap_or_default(),
            squares: match &goal.region {
                GoalRegion::LastRank => None,
                GoalRegion::Squares(squares) => Some(squares.iter().map(|sq| square_name(spec, sq)).collect()),
            },
            reply: goal.reply,
            held: goal.held,
            safe: goal.safe,
        }),
        checkmate: outcome_name(rules.ends.checkmate),
        counting: rules.ends.counting,
        extinctions: rules.ends.extinctions.iter().map(|e| extinction(spec, e)).collect(),
        compulsory_capture: rules.compulsory_capture,
        no_checks: rules.no_checks,
        explosion: rules.explosion.as_ref().map(|e| Explosion { immune: piece_names(spec, &e.immune) }),
        capture_bans: rules.capture_bans.iter().map(|&(a, b)| [piece_name(spec, a), piece_name(spec, b)]).collect(),
        pseudo_royal: piece_names(spec, &rules.pseudo_royal),
        royals_may_not_face: rules.royals_may_not_face,
        pseudo_royal_alone: piece_names(spec, &rules.pseudo_royal_alone),
        checks_win: rules.checks.win_at,
        held_in_check: piece_names(spec, &rules.checks.held_in_check),
        first_moves_in_castling_field: rules.first_moves.in_castling_field,
        duple: rules.checks.duple.map(|kind| piece_name(spec, kind)),
        first_moves_lost_to: rules
            .first_moves
            .lost_to
            .iter()
            .map(|&(a, b)| [piece_name(spec, a), piece_name(spec, b)])
            .collect(),
    }
}

fn outcome_name(outcome: SideOutcome) -> &'static str {
    match outcome {
        SideOutcome::Loss => "loss",
        SideOutcome::Win => "win",
        SideOutcome::Draw => "draw",
    }
}

fn extinction(spec: &VariantSpec, e: &ExtinctionSpec) -> Extinction {
    Extinction {
        pieces: (!e.kinds.is_empty()).then(|| piece_names(spec, &e.kinds)),
        below: e.below,
        outcome: outcome_name(e.outcome),
        opponent_at_least: e.opponent_at_least,
        reply: e.reply,
    }
}

fn piece_name(spec: &VariantSpec, kind: u8) -> String {
    spec.pieces.get(usize::from(kind)).map(|p| p.name.clone()).unwrap_or_default()
}

fn hook(hook: &holechess_lang::Hook) -> Hook {
    Hook {
        event: hook.event.phrase(),
        function: hook.function.clone(),
        args: hook
            .args
            .iter()
            .map(|arg| match arg {
                HookArg::Text(text) => serde_json::Value::from(text.clone()),
                HookArg::Number(n) => serde_json::Value::from(*n),
            })
            .collect(),
        file: hook.source_file.clone(),
        line: hook.source_line,
    }
}

/// The squares of a `from squares` condition, named from White's side (`b3`).
fn white_squares(squares: &holechess_kernel::OriginSquares) -> Vec<String> {
    squares.cells().map(|(file, rank)| format!("{}{}", char::from(b'a' + file), rank + 1)).collect()
}
