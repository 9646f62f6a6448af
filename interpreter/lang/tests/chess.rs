//! `variants/chess.hole` lowers to exactly orthodox chess, and the bundle API lists it.

use holechess_kernel::spec::*;

fn pattern(dx: i8, dy: i8, range: u8, mode: PatternMode) -> Pattern {
    Pattern::new(dx, dy, range, mode)
}

fn riders(vectors: &[(i8, i8)], range: u8) -> Vec<Pattern> {
    vectors.iter().map(|&(dx, dy)| pattern(dx, dy, range, PatternMode::MoveOrCapture)).collect()
}

const KNIGHT: [(i8, i8); 8] = [(-1, 2), (1, 2), (-2, 1), (2, 1), (-2, -1), (2, -1), (-1, -2), (1, -2)];
const DIAGONAL: [(i8, i8); 4] = [(-1, 1), (1, 1), (-1, -1), (1, -1)];
const ORTHOGONAL: [(i8, i8); 4] = [(0, 1), (-1, 0), (1, 0), (0, -1)];

fn sorted(mut patterns: Vec<Pattern>) -> Vec<(i8, i8, u8)> {
    let mut keys: Vec<(i8, i8, u8)> = patterns.drain(..).map(|p| (p.dx, p.dy, p.range)).collect();
    keys.sort_unstable();
    keys
}

#[test]
fn chess_lowers_to_the_orthodox_spec() {
    let loaded = holechess_lang::load("chess").unwrap_or_else(|d| panic!("{d}"));
    let spec = &loaded.spec;
    assert_eq!(spec.id, "chess");
    assert_eq!(spec.title, "Orthodox Chess");
    assert_eq!(
        spec.board,
        BoardSpec { files: 8, ranks: 8, names: vec![String::new()], files_wrap: false, first_files: Vec::new() }
    );
    let names: Vec<&str> = spec.pieces.iter().map(|p| p.name.as_str()).collect();
    assert_eq!(names, ["pawn", "knight", "bishop", "rook", "queen", "king"]);
    let letters: String = spec.pieces.iter().map(|p| p.letter).collect();
    assert_eq!(letters, "PNBRQK");
    let values: Vec<i32> = spec.pieces.iter().map(|p| p.value).collect();
    assert_eq!(values, [100, 320, 330, 500, 900, 0]);

    let pawn = &spec.pieces[0];
    assert!(pawn.pawn && !pawn.royal);
    assert_eq!(
        pawn.patterns,
        vec![
            pattern(0, 1, 1, PatternMode::MoveOnly),
            Pattern {
                condition: PatternCondition::FromRank(1),
                en_passant: EpRole::Sets,
                ..pattern(0, 1, 2, PatternMode::MoveOnly)
            },
            Pattern { en_passant: EpRole::Captures, ..pattern(-1, 1, 1, PatternMode::CaptureOnly) },
            Pattern { en_passant: EpRole::Captures, ..pattern(1, 1, 1, PatternMode::CaptureOnly) },
        ]
    );
    assert_eq!(pawn.promotion, Some(PromotionSpec::new(1, vec![4, 3, 2, 1])));

    assert_eq!(spec.pieces[1].patterns, riders(&KNIGHT, 1));
    assert_eq!(spec.pieces[2].patterns, riders(&DIAGONAL, 0));
    assert_eq!(spec.pieces[3].patterns, riders(&ORTHOGONAL, 0));
    assert_eq!(spec.pieces[3].castling, CastleRole::Rook);
    let mut all8 = riders(&ORTHOGONAL, 0);
    all8.extend(riders(&DIAGONAL, 0));
    assert_eq!(sorted(spec.pieces[4].patterns.clone()), sorted(all8));
    let king = &spec.pieces[5];
    assert!(king.royal);
    assert_eq!(king.castling, CastleRole::King);
    assert_eq!(king.patterns.len(), 8);
    assert!(king.patterns.iter().all(|p| p.range == 1 && p.mode == PatternMode::MoveOrCapture));

    assert_eq!(spec.setup.fen, "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1");
    assert_eq!(
        spec.rules,
        RulesSpec {
            castling: Some(CastlingSpec {
                king_file_short: 6,
                rook_file_short: 5,
                king_file_long: 2,
                rook_file_long: 3
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
        }
    );
    assert!(spec.tokens.is_empty());
    assert_eq!(spec.links, LinkSpec::default());
    assert_eq!(spec.schedule, Schedule::Alternate);
    assert!(loaded.hooks.is_empty());
    assert_eq!(loaded.sources.len(), 3);
}

#[test]
fn bundled_lists_chess() {
    let bundled = holechess_lang::bundled();
    assert!(bundled
        .iter()
        .any(|info| info.id == "chess" && info.title == "Orthodox Chess" && !info.summary.is_empty()));
}

#[test]
fn a_path_works_where_a_name_does() {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/../../variants/chess.hole");
    let from_disk = holechess_lang::load(path).unwrap_or_else(|d| panic!("{d}"));
    let bundled = holechess_lang::load("chess").unwrap_or_else(|d| panic!("{d}"));
    assert_eq!(from_disk.spec, bundled.spec);
}
