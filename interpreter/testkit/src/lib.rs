//! Test support shared by the crates' tests: orthodox chess built directly as a spec, and
//! token kinds with neutral names, so kernel-level tests do not depend on the rule language
//! (the product's chess is `variants/chess.hole`).

#![forbid(unsafe_code)]

use std::sync::Arc;

use holechess_kernel::spec::*;
use holechess_kernel::Variant;

fn pattern(dx: i8, dy: i8, range: u8, mode: PatternMode) -> Pattern {
    Pattern::new(dx, dy, range, mode)
}

fn all8(dx: i8, dy: i8) -> Vec<(i8, i8)> {
    let mut v = Vec::new();
    for (a, b) in [(dx, dy), (dy, dx)] {
        for sx in [1, -1] {
            for sy in [1, -1] {
                let d = (a * sx, b * sy);
                if !v.contains(&d) {
                    v.push(d);
                }
            }
        }
    }
    v
}

fn piece(name: &str, letter: char, patterns: Vec<Pattern>) -> PieceSpec {
    PieceSpec {
        name: name.into(),
        letter,
        royal: false,
        pawn: false,
        patterns,
        promotion: None,
        castling: CastleRole::None,
        value: 0,
        region: None,
    }
}

pub fn orthodox_spec() -> VariantSpec {
    let rider = |dirs: Vec<(i8, i8)>, range| {
        dirs.into_iter().map(|(dx, dy)| pattern(dx, dy, range, PatternMode::MoveOrCapture)).collect::<Vec<_>>()
    };
    let mut pawn = piece(
        "pawn",
        'P',
        vec![
            pattern(0, 1, 1, PatternMode::MoveOnly),
            Pattern {
                condition: PatternCondition::FromRank(1),
                en_passant: EpRole::Sets,
                ..pattern(0, 1, 2, PatternMode::MoveOnly)
            },
            Pattern { en_passant: EpRole::Captures, ..pattern(1, 1, 1, PatternMode::CaptureOnly) },
            Pattern { en_passant: EpRole::Captures, ..pattern(-1, 1, 1, PatternMode::CaptureOnly) },
        ],
    );
    pawn.pawn = true;
    pawn.value = 100;
    pawn.promotion = Some(PromotionSpec::new(1, vec![1, 2, 3, 4]));
    let knight = piece("knight", 'N', rider(all8(1, 2), 1));
    let bishop = piece("bishop", 'B', rider(all8(1, 1), 0));
    let mut rook = piece("rook", 'R', rider(all8(1, 0), 0));
    rook.castling = CastleRole::Rook;
    let mut queen_dirs = all8(1, 1);
    queen_dirs.extend(all8(1, 0));
    let queen = piece("queen", 'Q', rider(queen_dirs.clone(), 0));
    let mut king = piece("king", 'K', rider(queen_dirs, 1));
    king.royal = true;
    king.castling = CastleRole::King;
    VariantSpec {
        id: "orthodox-test".into(),
        title: "Orthodox (test)".into(),
        summary: "orthodox chess built in Rust for kernel tests".into(),
        board: BoardSpec { files: 8, ranks: 8, names: vec![String::new()], files_wrap: false, first_files: Vec::new() },
        pieces: vec![pawn, knight, bishop, rook, queen, king],
        setup: SetupSpec { fen: "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1".into() },
        rules: RulesSpec {
            castling: Some(CastlingSpec {
                king_file_short: 6,
                rook_file_short: 5,
                king_file_long: 2,
                rook_file_long: 3,
            }),
            en_passant: true,
            stalemate: StalemateRule::Draw,
            fifty_move: Some(50),
            repetition: Some(3),
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
            checks: holechess_kernel::spec::CheckRules::default(),
            first_moves: holechess_kernel::spec::FirstMoveRules::default(),
        },
        tokens: vec![],
        links: LinkSpec::default(),
        schedule: Schedule::Alternate,
        hands: Default::default(),
    }
}

pub fn orthodox() -> Arc<Variant> {
    Arc::new(Variant::compile(orthodox_spec()).expect("the orthodox test spec compiles"))
}

/// A token kind with every behaviour off; tests switch on what they need.
pub fn plain_token(name: &str, symbol: char) -> TokenSpec {
    TokenSpec { stacking: Stacking::Dormant, ..TokenSpec::plain(name, symbol) }
}

/// Orthodox chess with extra token kinds (and optional rule changes).
pub fn orthodox_with(tokens: Vec<TokenSpec>, change: impl FnOnce(&mut VariantSpec)) -> Arc<Variant> {
    let mut spec = orthodox_spec();
    spec.tokens = tokens;
    change(&mut spec);
    Arc::new(Variant::compile(spec).expect("the test spec compiles"))
}

/// The WH behaviours: absent for non-royal pieces, tunnels, edge wraps, dormant under pieces,
/// ordinary squares for the king, which removes them.
pub fn warp_token() -> TokenSpec {
    TokenSpec {
        movement: TokenMovement::Absent,
        exit: Exit::Tunnel,
        royal_exempt: true,
        removed_by_royal: true,
        inactive_while_occupied: true,
        wraps_edges: true,
        ..plain_token("warp", '*')
    }
}

/// The PH behaviours: blocks, entered by capture-move, exit through another open token,
/// the entered token moves to the origin, stacks are dormant, no promotion on it.
pub fn transit_token(entry: Entry, stacking: Stacking) -> TokenSpec {
    TokenSpec {
        movement: TokenMovement::Blocks,
        entry,
        exit: Exit::AnotherOpen,
        relocate_to_origin: true,
        stacking,
        blocks_promotion: true,
        ..plain_token("gate", '@')
    }
}

/// The seeded xorshift picker the tests' random games use: the same start state gives the
/// same games on every run and machine.
pub struct XorShift(pub u64);

impl XorShift {
    /// An index below `len` (not 0), advancing the state.
    pub fn pick(&mut self, len: usize) -> usize {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        (self.0 % len as u64) as usize
    }
}
