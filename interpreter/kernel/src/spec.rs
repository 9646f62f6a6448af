//! The variant specification: everything a script declares, after inheritance and name
//! resolution, before it is checked and compiled into the kernel's tables.
//!
//! The front end (`holechess-lang`) builds a [`VariantSpec`]; [`crate::Variant::compile`] is
//! the one place that checks its consistency and turns it into move tables. Nothing here
//! names a variant: a spec is boards, pieces, tokens, rules and a turn schedule.
//!
//! Coordinates are zero-based: file 0 is `a`, rank 0 is rank `1`. Directions are given
//! from White's point of view (`dy > 0` is forward); Black's patterns are mirrored.

/// Index of a piece type in [`VariantSpec::pieces`].
pub type PieceId = u8;

/// Index of a token kind in [`VariantSpec::tokens`].
pub type TokenId = u8;

pub use crate::hand_spec::{EnclosingSpec, HandSpec};

/// A square named by board, file and rank (all zero-based), before compilation.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct SquareRef {
    pub board: u8,
    pub file: u8,
    pub rank: u8,
}

impl SquareRef {
    #[must_use]
    pub const fn new(board: u8, file: u8, rank: u8) -> SquareRef {
        SquareRef { board, file, rank }
    }
}

/// A whole variant, ready to compile.
#[derive(Clone, Debug, PartialEq)]
pub struct VariantSpec {
    /// Short name used on the command line and in `[Variant]` tags, e.g. `chess`.
    pub id: String,
    /// Display title, e.g. `Orthodox Chess`.
    pub title: String,
    /// One line for `holechess list`.
    pub summary: String,
    pub board: BoardSpec,
    pub pieces: Vec<PieceSpec>,
    pub setup: SetupSpec,
    pub rules: RulesSpec,
    pub tokens: Vec<TokenSpec>,
    /// Square links between boards (or within one board), with what they allow.
    pub links: LinkSpec,
    pub schedule: Schedule,
    /// Hands and drops (none by default).
    pub hands: HandSpec,
}

/// The boards: all of one size, up to 16x16, at least one.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BoardSpec {
    pub files: u8,
    pub ranks: u8,
    /// One name per board (`["A", "B"]`); a single board is usually named `[""]`.
    pub names: Vec<String>,
    /// The first and last files are neighbours for every piece (a cylinder board).
    pub files_wrap: bool,
    /// The letter of each board's first file, as an index (0 = `a`): a board that is part of
    /// a larger physical board (`B files e..h`: 4) is shown with its physical files. Boards
    /// past the end of the list (an empty list: all) start at `a`.
    pub first_files: Vec<u8>,
}

/// One kind of piece.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PieceSpec {
    /// Lower-case name, e.g. `knight`.
    pub name: String,
    /// Upper-case letter for FEN and SAN, e.g. `N`. Black's pieces print in lower case.
    pub letter: char,
    /// Royal pieces are never captured; attacking one is check.
    pub royal: bool,
    /// Pawn-like: SAN omits the letter, and its moves reset the 50-move clock.
    pub pawn: bool,
    pub patterns: Vec<Pattern>,
    pub promotion: Option<PromotionSpec>,
    pub castling: CastleRole,
    /// Material value in centipawns, for the AI (a pawn is 100).
    pub value: i32,
    /// The squares the piece may never leave (a palace, one side of a river), if any.
    pub region: Option<RegionSpec>,
}

/// A rectangle of files and ranks a piece stays within. Ranks are counted from the piece's
/// own side (0 = its first rank), so one declaration gives each side its own half or palace;
/// files are the same for both sides. Bounds are inclusive; an upper bound past the board's
/// edge reaches to the edge.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct RegionSpec {
    pub files: (u8, u8),
    pub ranks: (u8, u8),
}

/// One way a piece moves: a vector repeated up to `range` times.
///
/// `range == 1` is a step or a leap (a leap has no intermediate squares: `(1, 2)` is a
/// knight's jump); `range == 0` slides without limit; `range == n` slides at most n squares.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Pattern {
    pub dx: i8,
    pub dy: i8,
    pub range: u8,
    pub mode: PatternMode,
    pub condition: PatternCondition,
    pub en_passant: EpRole,
    /// A hop (a grasshopper's move): along the line over empty squares to the first piece
    /// (the hurdle, of either side), landing on the square right behind it. `range` is then 0.
    pub hop: bool,
    /// The pattern never ends a move on this rank, counted from the mover's side (0 = its
    /// first rank): `not onto rank N`. It captures nothing there either.
    pub barred_rank: Option<u8>,
    /// With `hop`: the hop lands on any square behind the hurdle along the free line, up to
    /// and including the first piece there (a cannon), not only right behind it.
    pub hop_any_distance: bool,
    /// A leap that may be blocked (a lame leaper: xiangqi's horse and elephant): it passes
    /// the squares of its path, straight along its longer side first, then diagonally (see
    /// [`lame_path`](crate::lame::lame_path)), and a piece on any of them stops it.
    pub lame: bool,
}

impl Pattern {
    /// A pattern that moves or captures, always, with no en-passant part, no hop, no barred
    /// rank.
    #[must_use]
    pub const fn new(dx: i8, dy: i8, range: u8, mode: PatternMode) -> Pattern {
        Pattern {
            dx,
            dy,
            range,
            mode,
            condition: PatternCondition::Always,
            en_passant: EpRole::None,
            hop: false,
            barred_rank: None,
            hop_any_distance: false,
            lame: false,
        }
    }
}

/// Whether a pattern moves to empty squares, captures, or both.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum PatternMode {
    MoveOnly,
    CaptureOnly,
    MoveOrCapture,
}

impl PatternMode {
    #[must_use]
    pub fn moves(self) -> bool {
        !matches!(self, PatternMode::CaptureOnly)
    }
    #[must_use]
    pub fn captures(self) -> bool {
        !matches!(self, PatternMode::MoveOnly)
    }
}

/// When a pattern may be used.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum PatternCondition {
    Always,
    /// Only by a piece that has never moved (K8: a pawn on its own second rank in a given
    /// position counts as never moved).
    FirstMove,
    /// Only from this rank, counted from the mover's side (0 = its first rank).
    FromRank(u8),
    /// Only while the mover's side is not in check (a move-only pattern).
    OutOfCheck,
    /// Only by a piece that has never moved, while its side is not in check (a move-only
    /// pattern: Cambodian chess's king leap).
    FirstMoveOutOfCheck,
    /// Only from these squares, named from White's side and mirrored for Black.
    FromSquares(crate::origin_squares::OriginSquares),
}

/// The pattern's part in en passant.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum EpRole {
    None,
    /// A multi-square move-only step (a double step) that leaves the passed square as the
    /// en-passant square. It moves only two or more squares: one square belongs to the
    /// piece's ordinary step.
    Sets,
    /// A capture pattern that may capture en passant.
    Captures,
}

/// Promotion on reaching the far ranks.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PromotionSpec {
    /// How many of the mover's last ranks form the zone where promotion is compulsory
    /// (1 = the last rank only).
    pub zone_ranks: u8,
    /// Pieces it may promote to, for both sides unless `side_choices` gives a side its own.
    pub choices: Vec<PieceId>,
    /// A side's own list (`[white, black]`), replacing `choices` for that side.
    pub side_choices: [Option<Vec<PieceId>>; 2],
    /// How many last ranks form the zone where promotion is optional (0: none); the
    /// compulsory zone lies inside it. With `zone_ranks` 0, promotion is never compulsory.
    pub optional_ranks: u8,
    /// A move starting in the zone may promote wherever it ends (shogi: promotion on
    /// entering, moving within or leaving the zone).
    pub on_leaving: bool,
    /// Only to a kind the player has fewer of than the setup gave it (a piece it has lost).
    pub only_lost: bool,
    /// Also compulsory on the last existing square of a file, where permanent holes (tokens
    /// that are impassable or absent and have no lifetime) fill every square beyond it.
    pub at_last_existing_square: bool,
    /// `(kind, count)`: a choice of that kind is open only while the side has fewer than
    /// `count` pieces of it on the board (Spartan chess: a second king, never a third).
    pub limits: Vec<(PieceId, u8)>,
    /// Promotion on every move or every capture, wherever it ends, instead of a zone; the
    /// promoted piece turns back by the same rule (Kyoto and Micro shogi).
    pub flips: Flip,
    /// Squares where promotion is compulsory for each side (`[white, black]`), besides the
    /// last `zone_ranks` ranks (0 when the zone is given by squares only).
    pub zone_squares: [Vec<SquareRef>; 2],
}

/// Whether a piece turns into its promoted kind (and back) by its moves rather than by a zone.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Flip {
    /// Promotion by the zone only.
    #[default]
    Never,
    /// On every move (Kyoto shogi).
    EveryMove,
    /// On every capture (Micro shogi).
    EveryCapture,
}

impl PromotionSpec {
    /// Compulsory promotion in the last `zone_ranks` ranks to `choices`, for both sides.
    #[must_use]
    pub fn new(zone_ranks: u8, choices: Vec<PieceId>) -> PromotionSpec {
        PromotionSpec {
            zone_ranks,
            choices,
            side_choices: [None, None],
            optional_ranks: 0,
            only_lost: false,
            at_last_existing_square: false,
            flips: Flip::Never,
            on_leaving: false,
            limits: Vec::new(),
            zone_squares: [Vec::new(), Vec::new()],
        }
    }

    /// The pieces `side` (0 = White, 1 = Black) may promote to.
    #[must_use]
    pub fn choices_for(&self, side: usize) -> &[PieceId] {
        self.side_choices[side].as_deref().unwrap_or(&self.choices)
    }

    /// Whether the compulsory zone names squares of its own (besides its last ranks).
    #[must_use]
    pub fn has_zone_squares(&self) -> bool {
        self.zone_squares.iter().any(|squares| !squares.is_empty())
    }
}

/// A piece's part in castling.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CastleRole {
    None,
    King,
    Rook,
}

/// The start position.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SetupSpec {
    /// The start position in the kernel's position notation (FEN, one placement per board
    /// joined by `|`), without tokens.
    pub fen: String,
}

/// Rules that are switched on or off, with their parameters.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RulesSpec {
    pub castling: Option<CastlingSpec>,
    pub en_passant: bool,
    /// What a position with no legal move and no check means for the side to move.
    pub stalemate: StalemateRule,
    /// Draw claimable after this many moves (each side) without capture or pawn move.
    pub fifty_move: Option<u16>,
    /// Draw claimable when a position occurs this many times.
    pub repetition: Option<u8>,
    /// How many royal pieces a side has.
    pub royals: RoyalRule,
    /// A game end by reaching squares (king of the hill, breakthrough), if the variant has one.
    pub goal: Option<GoalSpec>,
    /// What checkmate means, and the game ends by extinction.
    pub ends: EndRules,
    /// A side that has a legal capture must capture (antichess, losers).
    pub compulsory_capture: bool,
    /// No move may give check (racing kings).
    pub no_checks: bool,
    /// Captures explode (atomic chess), if they do.
    pub explosion: Option<ExplosionSpec>,
    /// Captures that are not allowed: a piece of the first kind may not capture one of the
    /// second (Atomar: a king may not capture a king).
    pub capture_bans: Vec<(PieceId, PieceId)>,
    /// Kinds no move may leave attacked or blow up, though they may be taken (atomic's king).
    pub pseudo_royal: Vec<PieceId>,
    /// Royal pieces of the two sides may not stand on one file with nothing between them
    /// (xiangqi's flying general): a move leaving them so is illegal.
    pub royals_may_not_face: bool,
    /// The files from which the castling letters `K` and `Q` of the position notation look
    /// for their rook, towards the king (short side, long side); `None`: the outermost rook.
    pub castling_rook_files: Option<(u8, u8)>,
    /// Kinds of `pseudo_royal` that are pseudo-royal only while their side has one piece of
    /// the kind (sho shogi's king and crown prince: either may be lost, not the last).
    pub pseudo_royal_alone: Vec<PieceId>,
    /// Check counting and pieces held in check.
    pub checks: CheckRules,
    /// Where first-move rights are written and how they are lost.
    pub first_moves: FirstMoveRules,
}

/// First-move rights beyond K8: where the position notation writes them, and moves that take
/// them from enemy pieces.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct FirstMoveRules {
    /// The position notation's castling field names the pieces that have not yet made their
    /// first move (Cambodian chess's `DEde`), instead of castling rights.
    pub in_castling_field: bool,
    /// `(victim, mover)`: an unmoved piece of the first kind loses its first move when an
    /// enemy piece of the second kind ends a move on its file or rank (Cambodian chess: a
    /// king, by a rook).
    pub lost_to: Vec<(PieceId, PieceId)>,
}

/// Rules about checks beyond K1: a number of checks that wins the game, and kinds that may
/// not move while their side is in check.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct CheckRules {
    /// A side that has given this many checks wins (three-check: 3; the first check: 1).
    pub win_at: Option<u8>,
    /// Kinds that may not move while their side is in check, except to capture the only
    /// piece giving check (makpong's king).
    pub held_in_check: Vec<PieceId>,
    /// No move may leave every piece of this kind of the mover attacked (Spartan chess's duple
    /// check: a side with two kings may leave one attacked), counted after the move.
    pub duple: Option<PieceId>,
}

/// Exploding captures: the capturer and the pieces around the square it lands on are
/// removed, pawn-like pieces around it and the immune kinds excepted.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct ExplosionSpec {
    /// Kinds no explosion removes (Atomar's king).
    pub immune: Vec<PieceId>,
}

impl RulesSpec {
    /// Whether a rule may take moves away from what the pieces can do: a game end that stops
    /// play at once (a goal, an extinction), compulsory capture, a ban on checks or on some
    /// captures, pseudo-royal pieces, or explosions (which change what a capture leaves
    /// behind).
    #[must_use]
    pub fn limits_legal_moves(&self) -> bool {
        self.goal.is_some()
            || !self.ends.extinctions.is_empty()
            || self.compulsory_capture
            || self.no_checks
            || self.explosion.is_some()
            || !self.capture_bans.is_empty()
            || !self.pseudo_royal.is_empty()
            || self.checks != CheckRules::default()
    }
}

/// Game ends beyond mate, stalemate and a goal: what being checkmated means, and the
/// extinction rules.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct EndRules {
    /// What checkmate means for the checkmated side (a loss unless declared).
    pub checkmate: SideOutcome,
    /// The extinction rules, in the order declared; the first that applies ends the game.
    pub extinctions: Vec<ExtinctionSpec>,
    /// A game that ends without a move, or on a full board, is won by the side with more
    /// pieces on the board (Othello, Ataxx).
    pub counting: bool,
}

/// A win or a loss for the side a rule speaks of.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum SideOutcome {
    /// That side loses.
    #[default]
    Loss,
    /// That side wins.
    Win,
    /// The game is drawn.
    Draw,
}

/// A game end by extinction: a side left with fewer than `below` pieces of one of `kinds`
/// (of all its pieces together when `kinds` is empty) wins or loses at once.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ExtinctionSpec {
    /// The kinds counted one by one; empty: every piece of the side, counted together.
    pub kinds: Vec<PieceId>,
    /// The count a side must stay at or above (1: `no king left`).
    pub below: u8,
    /// What reaching it means for that side.
    pub outcome: SideOutcome,
    /// The rule applies only while the opponent has at least this many pieces (0: always).
    pub opponent_at_least: u8,
    /// The side to move, judged after the opponent's move, gets its reply first: the opponent
    /// then needs one piece more (a bare king may bare the other king back, as in shatranj).
    pub reply: bool,
}

/// A side wins when, after its move, one of its pieces of a kind stands on its goal squares;
/// the position then has no legal move.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GoalSpec {
    /// The kind of piece that must reach the goal.
    pub piece: PieceId,
    /// The goal squares.
    pub region: GoalRegion,
    /// When White reaches the goal, Black has one more move: reaching the goal with it draws
    /// (racing kings); without a move that reaches the goal, White has won at once.
    pub reply: bool,
    /// The side wins only when its turn comes with the piece still on the goal: the opponent
    /// has one reply, which may take it (jesonmor).
    pub held: bool,
    /// The piece counts on the goal only while no enemy piece attacks it; the side to move is
    /// judged first, and both sides there at once draw (dobutsu's lion).
    pub safe: bool,
}

/// Where a goal lies.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum GoalRegion {
    /// Each side's last rank (rank 8 for White and rank 1 for Black on 8 ranks).
    LastRank,
    /// These squares, for both sides.
    Squares(Vec<SquareRef>),
}

/// How many royal pieces a side has, and so what check means.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum RoyalRule {
    /// Exactly one per side in every position (orthodox).
    #[default]
    ExactlyOne,
    /// Any number, none included: a move may leave none of the mover's royal pieces
    /// attacked; a side with none is never in check.
    AnyNumber,
}

/// Castling, declared Chess960-style: the king and rook go to fixed files of their rank,
/// wherever they started.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct CastlingSpec {
    pub king_file_short: u8,
    pub rook_file_short: u8,
    pub king_file_long: u8,
    pub rook_file_long: u8,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum StalemateRule {
    Draw,
    /// The stalemated side loses.
    Loss,
    /// The stalemated side passes its turn (HP8).
    Pass,
    /// The stalemated side wins (antichess).
    Win,
}

/// A kind of neutral token or marker lying on squares.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TokenSpec {
    /// Lower-case name, e.g. `porthole`.
    pub name: String,
    /// One character for the position notation and board pictures.
    pub symbol: char,
    /// Squares at the start (a record's `[Holes]` tag may replace them).
    pub default_squares: Vec<SquareRef>,
    pub layout: LayoutRule,
    pub movement: TokenMovement,
    pub entry: Entry,
    pub exit: Exit,
    /// The entered token moves to the square the mover came from.
    pub relocate_to_origin: bool,
    pub stacking: Stacking,
    /// For royal pieces the token is an ordinary square.
    pub royal_exempt: bool,
    /// A royal piece moving onto the token removes it.
    pub removed_by_royal: bool,
    /// The token has no effect while a piece stands on it.
    pub inactive_while_occupied: bool,
    /// On the first or last file, paths continue on the opposite edge (cylinder).
    pub wraps_edges: bool,
    /// The token disappears after this many plies (counted from the ply after it appears).
    pub lifetime: Option<u16>,
    /// A pawn ending its move on the token does not promote.
    pub blocks_promotion: bool,
    /// A piece standing where the token appears is lost (royal pieces excepted).
    pub removes_occupant: bool,
}

impl TokenSpec {
    /// A token kind with every behaviour off (no effect on movement, no entry or exit, a
    /// stack acting as one, no lifetime) and no default squares; declarations switch
    /// behaviours on from here.
    pub fn plain(name: impl Into<String>, symbol: char) -> TokenSpec {
        TokenSpec {
            name: name.into(),
            symbol,
            default_squares: Vec::new(),
            layout: LayoutRule::Any,
            movement: TokenMovement::Open,
            entry: Entry::None,
            exit: Exit::None,
            relocate_to_origin: false,
            stacking: Stacking::Merged,
            royal_exempt: false,
            removed_by_royal: false,
            inactive_while_occupied: false,
            wraps_edges: false,
            lifetime: None,
            blocks_promotion: false,
            removes_occupant: false,
        }
    }
}

/// How many tokens a layout may have.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum LayoutRule {
    /// Any number on distinct empty squares.
    Any,
    /// Exactly this many, on distinct empty squares.
    Exactly(u16),
}

/// How a token affects movement across and onto its square.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TokenMovement {
    /// No effect on movement.
    Open,
    /// Blocks like a piece: lines stop before it; leapers jump over it.
    Blocks,
    /// Like `Blocks`, and nothing may land on it (nothing can be captured there).
    Impassable,
    /// The square does not exist: steps, slides and leaps skip to the next existing square.
    Absent,
}

/// How a piece enters a token (starts a transit).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Entry {
    None,
    /// Only with a capture-move of the piece's kind, whether or not an enemy stands there.
    CaptureMove,
    /// With any move of the piece's kind that lands there.
    AnyMove,
}

/// Where a piece that entered a token comes out.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Exit {
    None,
    /// On another open token of the same kind: not the entry, not the mover's origin,
    /// no piece on it, not dormant.
    AnotherOpen,
    /// On an open token of the given other kind (paired portals: blue ones exit at orange
    /// ones), open as for `AnotherOpen`.
    OpenOf(TokenId),
    /// At the next active token of the same kind further along the mover's line, then on
    /// along the line.
    Tunnel,
}

/// What happens when a token lands where one already lies.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Stacking {
    /// A stack of two or more is dormant: it blocks but is never entered or exited.
    Dormant,
    /// A stack acts as one token; entering moves one token away and leaves the rest.
    Merged,
}

/// Square links and what they allow.
#[derive(Clone, Debug, PartialEq, Eq, Default)]
pub struct LinkSpec {
    /// Links both ways: between two boards (Howe's teleports) or within one board (a move
    /// ending on either square goes on to the other, as `entry` says).
    pub pairs: Vec<(SquareRef, SquareRef)>,
    /// Links one way within one board: a move ending on the first square goes on to the second.
    pub one_way: Vec<(SquareRef, SquareRef)>,
    /// Which moves ending on a linked square of one board go on through the link.
    pub entry: LinkEntry,
    /// A royal piece on a linked square is in check when an enemy piece stands on the
    /// linked square.
    pub link_check: bool,
    /// Players may declare intent and teleport through links (one action each).
    pub teleport: bool,
}

/// Which moves ending on a linked square (of one board) go on through the link.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum LinkEntry {
    /// Every move that ends on the square, capture or not.
    #[default]
    Landing,
    /// Only a move that captures a piece standing on the square; other moves end there.
    Capture,
}

/// Who moves where, ply by ply.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Schedule {
    /// One board; White and Black alternate.
    Alternate,
    /// Two boards; in turn N White moves on board (N-1) mod 2 and Black on the other, the
    /// two moves of a turn being simultaneous.
    SwitchBoards,
}
