//! The syntax tree of one `.hole` file, as written: every node carries the [`Span`] of the
//! text it came from, so later stages can point at it. Nothing here is resolved: names are
//! just names, squares are just letters and numbers.

use holechess_kernel::spec::{
    CastleRole, Entry, LinkEntry, RoyalRule, Schedule, SideOutcome, Stacking, StalemateRule, TokenMovement,
};
use holechess_kernel::Side;

/// Index of a source file in the [`crate::sources::SourceMap`].
pub type FileId = usize;

/// A byte range in one source file.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Span {
    pub file: FileId,
    pub start: usize,
    pub end: usize,
}

impl Span {
    #[must_use]
    pub fn new(file: FileId, start: usize, end: usize) -> Span {
        Span { file, start, end }
    }
}

/// A value with the span of the text it was read from.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Spanned<T> {
    pub node: T,
    pub span: Span,
}

impl<T> Spanned<T> {
    pub fn new(node: T, span: Span) -> Spanned<T> {
        Spanned { node, span }
    }
}

/// A name as written (`pawn`, `porthole`, `A`).
pub type Name = Spanned<String>;

/// One parsed file: its declarations in order.
#[derive(Clone, Debug, PartialEq, Default)]
pub struct Script {
    pub items: Vec<Item>,
}

/// One top-level declaration.
#[derive(Clone, Debug, PartialEq)]
pub struct Item {
    pub kind: ItemKind,
    pub span: Span,
}

/// What a top-level declaration declares.
#[derive(Clone, Debug, PartialEq)]
pub enum ItemKind {
    Variant(VariantDecl),
    Extends(Reference),
    Include(Reference),
    Board(BoardDecl),
    Piece(PieceDecl),
    Token(TokenDecl),
    Behaviour(TokenDecl),
    Remove(RemoveDecl),
    Setup(SetupDecl),
    Rules(Vec<Spanned<Rule>>),
    Links(Vec<Spanned<LinkClause>>),
    Hook(HookDecl),
    Rhai(Spanned<RhaiSource>),
}

/// `variant "Title"` with its id and summary.
#[derive(Clone, Debug, PartialEq)]
pub struct VariantDecl {
    pub title: Spanned<String>,
    pub id: Option<Name>,
    pub summary: Option<Spanned<String>>,
}

/// The target of `extends` or `include`.
#[derive(Clone, Debug, PartialEq)]
pub enum Reference {
    /// A bundled variant or stdlib module name.
    Name(Name),
    /// A quoted path, relative to the including file.
    Path(Spanned<String>),
}

impl Reference {
    #[must_use]
    pub fn span(&self) -> Span {
        match self {
            Reference::Name(name) => name.span,
            Reference::Path(path) => path.span,
        }
    }

    #[must_use]
    pub fn text(&self) -> &str {
        match self {
            Reference::Name(name) => &name.node,
            Reference::Path(path) => &path.node,
        }
    }
}

/// `board 8x8` or `boards A and B, 8x8 each`.
#[derive(Clone, Debug, PartialEq)]
pub struct BoardDecl {
    /// Board names; empty for a single unnamed board.
    pub names: Vec<Name>,
    pub files: Spanned<u32>,
    pub ranks: Spanned<u32>,
    /// `files wrap`: the board is a cylinder.
    pub files_wrap: bool,
    /// `B files e..h` clauses: the letters a board's files are shown with.
    pub file_labels: Vec<BoardFiles>,
}

/// `B files e..h`: board `B` (the only board when no name is written) shows its files as
/// `e` to `h`.
#[derive(Clone, Debug, PartialEq)]
pub struct BoardFiles {
    pub board: Option<Name>,
    pub first: Spanned<char>,
    pub last: Spanned<char>,
}

/// `piece NAME LETTER` with its clauses.
#[derive(Clone, Debug, PartialEq)]
pub struct PieceDecl {
    pub name: Name,
    pub letter: Spanned<char>,
    pub clauses: Vec<Spanned<PieceClause>>,
}

/// One clause of a piece.
#[derive(Clone, Debug, PartialEq)]
pub enum PieceClause {
    Royal,
    PawnLike,
    Value(Spanned<u32>),
    Promotion(PromotionDecl),
    /// `may promote in the last N ranks`.
    OptionalPromotion(Spanned<u32>),
    /// `may promote in the last N ranks to gold`: promotion that is never compulsory.
    OptionalPromotionTo(PromotionDecl),
    /// `may promote on leaving the zone`.
    PromotionOnLeaving,
    /// `promotes only to lost pieces`.
    PromotionOnlyLost,
    /// `promotes to a king only while its side has fewer than 2`: the kind, the count.
    PromotionLimit(Spanned<String>, Spanned<u32>),
    /// `promotes on the last existing square of its file`.
    PromotionAtLastExisting,
    /// `promotes on every move to rook` (`on_capture`: `on every capture`).
    FlipPromotion {
        choice: Name,
        on_capture: bool,
    },
    Castles(CastleRole),
    /// `stays within files d to f and ranks 1 to 3`.
    Region(RegionDecl),
    Movement(Movement),
}

/// A region a piece stays within: files as letters' indices (0 = `a`), ranks as written
/// (from 1, counted from the piece's side); a bound left out spans the board.
#[derive(Clone, Debug, PartialEq)]
pub struct RegionDecl {
    pub files: Option<Spanned<(u32, u32)>>,
    pub ranks: Option<Spanned<(u32, u32)>>,
}

/// `promotes on the last rank to ...`.
#[derive(Clone, Debug, PartialEq)]
pub struct PromotionDecl {
    /// `white promotes ...` / `black promotes ...`: the side the list is for (`None`: both).
    pub side: Option<Side>,
    pub zone_ranks: Spanned<u32>,
    /// `promotes on squares ...`: the zone's squares (then `zone_ranks` is 0).
    pub zone_squares: Vec<Spanned<SquareName>>,
    pub choices: Vec<Name>,
}

/// One way of moving.
#[derive(Clone, Debug, PartialEq)]
pub struct Movement {
    pub kind: MoveKind,
    /// The leap or ride vector; unit vectors for steps and slides.
    pub vector: Option<Spanned<(u32, u32)>>,
    pub direction: Option<Spanned<Direction>>,
    /// `up to N squares`.
    pub limit: Option<Spanned<u32>>,
    pub modifiers: Vec<Spanned<Modifier>>,
}

/// The kind of move.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum MoveKind {
    Step,
    Slide,
    Leap,
    Ride,
    /// Over one hurdle, landing right behind it (a grasshopper).
    Hop,
    /// Over one hurdle, landing on any square behind it (a cannon).
    FarHop,
}

/// A direction group: kind of line and/or heading.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Direction {
    pub line: Option<LineKind>,
    pub heading: Option<Heading>,
    /// `to the left` / `to the right`, from the mover's view.
    pub side: Option<HandSide>,
}

/// The mover's left or right.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum HandSide {
    Left,
    Right,
}

/// A kind of line.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum LineKind {
    Orthogonal,
    Diagonal,
    All,
}

/// A heading relative to the mover's side.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Heading {
    Forward,
    /// Forward, and further forward than sideways.
    NarrowlyForward,
    /// Forward, and further sideways than forward.
    WidelyForward,
    Backward,
    Sideways,
}

/// Something that narrows down a movement.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Modifier {
    MoveOnly,
    CaptureOnly,
    FirstMove,
    FromStartingRank,
    /// `from rank N`, N counted from 1.
    FromRank(u32),
    SetsEnPassant,
    CapturesEnPassant,
    /// `not onto rank N`, N counted from 1.
    NotOntoRank(u32),
    /// `not onto the last rank`.
    NotOntoLastRank,
    /// `not over pieces`: a leap stopped by a piece on its path.
    Lame,
    /// `not while in check`.
    OutOfCheck,
    /// `from squares b3 c3`: only from these squares, named from White's side.
    FromSquares(holechess_kernel::OriginSquares),
}

/// `token NAME` or `behaviour NAME` with its clauses.
#[derive(Clone, Debug, PartialEq)]
pub struct TokenDecl {
    pub name: Name,
    pub clauses: Vec<Spanned<TokenClause>>,
}

/// One clause of a token or behaviour.
#[derive(Clone, Debug, PartialEq)]
pub enum TokenClause {
    BehavesAs(Name),
    Symbol(char),
    Default(Vec<Spanned<SquareName>>),
    LayoutAny,
    LayoutExactly(Spanned<u32>),
    Movement {
        effect: TokenMovement,
        non_royal_only: bool,
    },
    Entry(Entry),
    /// `exit through another open NAME`.
    ExitAnother(Name),
    /// `tunnel to the next NAME on the line`.
    ExitTunnel(Name),
    RelocateToOrigin,
    Stacking(Stacking),
    RoyalExempt,
    RemovedByRoyal,
    InactiveWhileOccupied,
    /// `wraps the board edges`, or `at files a and h` with the two files named.
    WrapsEdges(Option<(Spanned<char>, Spanned<char>)>),
    Lifetime(Spanned<u32>),
    BlocksPromotion,
    RemovesOccupant,
}

/// A square as written: optional board name, file letter, rank number.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SquareName {
    pub board: Option<Name>,
    pub file: char,
    /// Counted from 1, as written.
    pub rank: u32,
}

/// What `remove` removes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum RemoveKind {
    Piece,
    Token,
    Behaviour,
    /// `remove hook NAME`: every inherited hook calling function NAME.
    Hook,
}

/// `remove piece queen`.
#[derive(Clone, Debug, PartialEq)]
pub struct RemoveDecl {
    pub kind: RemoveKind,
    pub name: Name,
}

/// The start position.
#[derive(Clone, Debug, PartialEq)]
pub struct SetupDecl {
    /// One placement per board: `None` board for the one-line form (which may join boards
    /// with `|`), a board name for the `board A: ...` lines.
    pub placements: Vec<(Option<Name>, Spanned<String>)>,
    /// The FEN fields after the placement (`w`, `KQkq`, `-`, `0`, `1`).
    pub fields: Vec<Spanned<String>>,
}

/// One rule line.
#[derive(Clone, Debug, PartialEq)]
pub enum Rule {
    /// `castling` (with optional files) or `no castling` (`None`).
    Castling(Option<Option<CastlingFiles>>),
    EnPassant(bool),
    Stalemate(StalemateRule),
    /// `N-move rule`, or `None` when switched off.
    FiftyMove(Option<u32>),
    /// `N-fold repetition`, or `None` when switched off.
    Repetition(Option<u32>),
    Turns(Schedule),
    /// `any number of royal pieces` / `one royal piece per side`.
    Royals(RoyalRule),
    /// `a king reaching d4, e4, d5 or e5 wins`.
    Goal(GoalDecl),
    /// A rule of hands and drops (`captured pieces go to the capturer's hand`).
    Hand(crate::hands::HandRule),
    /// `checkmate is a win`: what checkmate means for the checkmated side.
    Checkmate(SideOutcome),
    /// `a side with no king left wins`.
    Extinction(ExtinctionDecl),
    /// `capturing is compulsory`.
    CompulsoryCapture,
    /// `no move may give check`.
    NoChecks,
    /// `captures explode, except kings`: the immune kinds as written.
    Explosion(Vec<Spanned<String>>),
    /// `a king may not capture a king`: the capturer's kind, then the captured kind.
    CaptureBan(Spanned<String>, Spanned<String>),
    /// `kings are pseudo-royal`: the kind as written, and whether `while a side has only one`
    /// follows.
    PseudoRoyal(Spanned<String>, bool),
    /// `a bare king loses` (`true`) or `a bare king draws`: the piece named as written.
    BareKing(Spanned<String>, bool),
    /// `royal pieces may not face each other`.
    RoyalsMayNotFace,
    /// `castling rooks are found from files i and b`: the short side's file, then the long side's.
    CastlingRookFiles(Spanned<char>, Spanned<char>),
    /// `when no move is left, the side with more pieces wins`.
    Counting,
    /// `a side giving 3 checks wins`: the number of checks.
    CheckCount(Spanned<u32>),
    /// `a king in check may move only to capture the checking piece`: the kind as written.
    HeldInCheck(Spanned<String>),
    /// `first-move rights are in the castling field`.
    FirstMoveField,
    /// `a move may not leave all of the mover's kings attacked`: the kind as written.
    Duple(Spanned<String>),
    /// `a king loses its first move when a rook moves onto its file or rank`: the victim's
    /// kind, then the mover's, as written.
    FirstMoveLost(Spanned<String>, Spanned<String>),
}

/// A game end by extinction: the kinds counted, the count a side must keep, and what falling
/// below it means for that side.
#[derive(Clone, Debug, PartialEq)]
pub struct ExtinctionDecl {
    /// The piece names as written (singular or plural); `None` for `pieces`, all counted
    /// together.
    pub kinds: Option<Vec<Spanned<String>>>,
    /// `no ...` is 1; `fewer than N ...` is N.
    pub below: Spanned<u32>,
    pub outcome: SideOutcome,
}

/// A game end by reaching squares: the piece that must reach them, and where.
#[derive(Clone, Debug, PartialEq)]
pub struct GoalDecl {
    pub piece: Spanned<String>,
    /// `None` for each side's last rank; else the squares, for both sides.
    pub squares: Option<Vec<Spanned<SquareName>>>,
    /// `, Black reaching it on the reply draws`.
    pub reply: bool,
    /// `, once it is still there after the reply`.
    pub held: bool,
    /// `where it is not attacked`.
    pub safe: bool,
}

/// `short king g rook f, long king c rook d`.
#[derive(Clone, Debug, PartialEq)]
pub struct CastlingFiles {
    pub king_short: Spanned<char>,
    pub rook_short: Spanned<char>,
    pub king_long: Spanned<char>,
    pub rook_long: Spanned<char>,
}

/// One clause of a links block.
#[derive(Clone, Debug, PartialEq)]
pub enum LinkClause {
    /// Two squares linked both ways.
    Pair(Spanned<SquareName>, Spanned<SquareName>),
    /// A link one way, from the first square to the second.
    OneWay(Spanned<SquareName>, Spanned<SquareName>),
    /// Which moves go on through links within one board.
    Entry(LinkEntry),
    Check,
    Teleport,
}

/// When a hook runs.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum HookEvent {
    /// After every move (dice events).
    AfterMove,
    /// While generating moves: extra moves the script supplies.
    SpecialMoves,
    /// Once, before the first move.
    GameStart,
}

impl HookEvent {
    /// The event as written in a script.
    #[must_use]
    pub fn phrase(self) -> &'static str {
        match self {
            HookEvent::AfterMove => "after each move",
            HookEvent::SpecialMoves => "special moves",
            HookEvent::GameStart => "at game start",
        }
    }
}

/// A literal argument passed to a hook.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum HookArg {
    Text(String),
    Number(i64),
}

/// `after each move: call f("x")` with an optional source.
#[derive(Clone, Debug, PartialEq)]
pub struct HookDecl {
    pub event: Spanned<HookEvent>,
    pub function: Name,
    pub args: Vec<Spanned<HookArg>>,
    pub source: Option<Spanned<RhaiSource>>,
}

/// Where a hook's rhai code is.
#[derive(Clone, Debug, PartialEq)]
pub enum RhaiSource {
    /// A `.rhai` file, relative to the script.
    File(Spanned<String>),
    /// Inline text; the span covers the text between the backquotes.
    Inline(Spanned<String>),
}

/// Something declared with a name, for messages (`piece`, `token`).
#[must_use]
pub fn kind_word(kind: RemoveKind) -> &'static str {
    match kind {
        RemoveKind::Piece => "piece",
        RemoveKind::Token => "token",
        RemoveKind::Behaviour => "behaviour",
        RemoveKind::Hook => "hook",
    }
}
