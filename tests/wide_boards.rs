//! The wide bit boards (one rectangular board of up to 128 squares, 128-bit sets) against
//! table walking: which catalogue variants they play, the same legal moves as the general
//! path along seeded random games, and the same perft counts (K1, K6). Authored scripts
//! cover the shapes the catalogue does not: boards smaller than 8x8, a 12x10 board,
//! castling with files read from the script, a first-move double step and leaps beside
//! slides.

use std::path::PathBuf;
use std::sync::Arc;

use holechess_kernel::perft::perft;
use holechess_kernel::testing::TestHooks;
use holechess_kernel::{Move, Position, Square, Variant};
use holechess_testkit::XorShift;

#[path = "reference/spec.rs"]
#[allow(dead_code)]
mod spec_reference;

fn catalogue(name: &str) -> Arc<Variant> {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("examples/catalogue").join(format!("{name}.hole"));
    holechess_lang::load(&path.to_string_lossy()).unwrap_or_else(|e| panic!("{name}: {e:?}")).variant
}

fn script(text: &str) -> Arc<Variant> {
    holechess_lang::load_str("wide.hole", text).unwrap_or_else(|e| panic!("{e:?}\n{text}")).variant
}

fn sorted(moves: impl IntoIterator<Item = Move>) -> Vec<String> {
    let mut v: Vec<String> = moves.into_iter().map(|m| format!("{m:?}")).collect();
    v.sort();
    v
}

/// The wide generator gives the general path's legal moves on `pos` (as sets).
fn assert_agree(pos: &Position, context: &str) {
    assert!(pos.uses_wide_path(), "{context}: the wide bit boards should serve {}", pos.fen());
    let wide = pos.wide_legal_moves().expect("qualifies");
    let general = pos.general_legal_moves();
    assert_eq!(sorted(wide), sorted(general.iter().copied()), "{context}: {}", pos.fen());
}

/// A seeded game of up to `plies` random moves from `pos`, the generators compared at every
/// ply and perft 2 every tenth ply, until it leaves the wide bit boards; returns the plies
/// played.
fn random_game(pos: Position, seed: u64, plies: usize, context: &str) -> usize {
    random_game_with(pos, seed, plies, context, false)
}

/// [`random_game`]; with `by_reference`, perft 2 is also compared with the independent
/// reference that reads the lowered script (`tests/reference/spec.rs`).
fn random_game_with(mut pos: Position, seed: u64, plies: usize, context: &str, by_reference: bool) -> usize {
    let mut picker = XorShift(seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1);
    for ply in 0..plies {
        if !pos.uses_wide_path() {
            return ply;
        }
        assert_agree(&pos, &format!("{context} seed {seed} ply {ply}"));
        if ply % 10 == 0 {
            let general = pos.clone().general_perft(2);
            assert_eq!(perft(&mut pos.clone(), 2), general, "{context} seed {seed} ply {ply}: {}", pos.fen());
            if by_reference {
                let reference = spec_reference::Board::of(pos.variant().spec(), &pos).perft(2);
                assert_eq!(reference, general, "{context} seed {seed} ply {ply}, the reference: {}", pos.fen());
            }
        }
        let moves = pos.general_legal_moves();
        if moves.is_empty() {
            return ply;
        }
        let mv = moves.as_slice()[picker.pick(moves.len())];
        pos.play_unchecked(mv);
    }
    plies
}

/// The catalogue variants on boards other than 8x8 whose pieces the wide tables hold.
const WIDE_CATALOGUE: &[&str] =
    &["capablanca", "centaur", "chancellor", "grand", "janus", "losalamos", "modern", "omicron", "tencubed"];

#[test]
fn k1_wide_catalogue_variants_agree_with_table_walking_along_random_games() {
    for name in WIDE_CATALOGUE {
        let start = Position::start(&catalogue(name));
        assert!(start.uses_wide_path(), "{name}: start");
        for seed in 0..6 {
            random_game(start.clone(), seed, 80, name);
        }
    }
}

#[test]
fn k6_wide_perft_equals_table_walking_perft_from_the_start() {
    for name in WIDE_CATALOGUE {
        let start = Position::start(&catalogue(name));
        assert_eq!(perft(&mut start.clone(), 3), start.clone().general_perft(3), "{name}");
    }
}

#[test]
fn variants_beyond_the_wide_tables_keep_table_walking() {
    // Shako has cannons (hoppers), xiangqi's pieces are confined and lame, shogi drops
    // from the hand.
    for name in ["shako", "xiangqi", "shogi"] {
        let start = Position::start(&catalogue(name));
        assert!(!start.uses_wide_path(), "{name}");
    }
}

/// `extends chess` on a `files` x `ranks` board with the given pieces, setup and rules.
fn wide_script(board: &str, pieces: &str, setup: &str, rules: &str) -> Arc<Variant> {
    script(&format!(
        "variant \"Wide\"\n  id wide\nextends chess\n\nboard {board}\n\n{pieces}\nsetup {setup}\n\nrules\n{rules}\n"
    ))
}

#[test]
fn k1_a_12x10_board_with_castling_files_from_the_script_agrees() {
    let v = wide_script(
        "12x10",
        "piece archbishop A\n  value 800\n  slides diagonally\n  leaps (1,2) in all directions\n\n\
         piece chancellor C\n  value 850\n  slides orthogonally\n  leaps (1,2) in all directions\n\n\
         piece pawn P\n  pawn-like\n  value 100\n  steps forward, without capturing\n  \
         slides forward up to 2 squares, from its starting rank, without capturing, may be taken en passant\n  \
         steps diagonally forward, only to capture, also en passant\n  \
         promotes on the last rank to archbishop, chancellor, queen, rook, bishop or knight\n",
        "r2nabqkbcnr/pppppppppppp/12/12/12/12/12/12/PPPPPPPPPPPP/R2NABQKBCNR w KQkq - 0 1",
        "  castling short king k rook j, long king c rook d",
    );
    let start = Position::start(&v);
    for seed in 0..8 {
        random_game(start.clone(), seed, 100, "12x10");
    }
    assert_eq!(perft(&mut start.clone(), 3), start.clone().general_perft(3));
}

#[test]
fn k1_a_6x6_board_with_a_first_move_double_step_and_leaps_beside_slides_agrees() {
    let v = wide_script(
        "6x6",
        "piece dragon D\n  value 600\n  slides orthogonally\n  leaps (2,2) in all directions\n\n\
         piece pawn P\n  pawn-like\n  value 100\n  steps forward, without capturing\n  \
         slides forward up to 2 squares, on its first move, without capturing, may be taken en passant\n  \
         steps diagonally forward, only to capture, also en passant\n  \
         promotes on the last rank to dragon or knight\n",
        "dnkqnr/pppppp/6/6/PPPPPP/DNKQNR w - - 0 1",
        "  no castling",
    );
    let start = Position::start(&v);
    for seed in 0..12 {
        random_game(start.clone(), seed, 80, "6x6");
    }
}

#[test]
fn k1_a_check_by_a_leap_along_a_line_is_not_blocked_on_a_wide_board() {
    // The alfil-rook on c3 checks the king on a1 by its (2,2) leap: b2 does not block it,
    // so the knight on d1 may not answer by going to b2.
    let v = wide_script(
        "10x8",
        "piece dragon D\n  value 600\n  slides orthogonally\n  leaps (2,2) in all directions\n",
        "9k/9p/10/10/10/2d7/9P/K2N6 w - - 0 1",
        "  no castling",
    );
    let pos = Position::start(&v);
    assert_agree(&pos, "alfil check");
    let moves = sorted(pos.wide_legal_moves().expect("qualifies"));
    assert!(moves.iter().all(|m| !m.contains("from: Square(3), to: Square(11)")), "{moves:?}");
    assert!(moves.iter().any(|m| m.contains("from: Square(0), to: Square(11)")), "{moves:?}");
}

#[test]
fn grand_pawns_promote_in_the_optional_zone_and_only_to_lost_pieces() {
    let grand = catalogue("grand");
    let cases = [
        // Everything lost: c9-c10 must promote (six choices), a7-a8 may (seven moves).
        ("k9/2P7/10/P9/10/10/10/10/10/4K5 w - - 0 1", 60, 6 + 7),
        // Nothing but pawns lost: a8-a9 and a8xb9 stay pawns.
        ("r8r/1nbqkcabn1/P9/10/10/10/10/10/1NBQKCABN1/R8R w - - 0 1", 70, 2),
        // The queen lost: a9-a10 and a9xb10 must promote, to a queen only.
        ("1r7r/P1bqkcabn1/10/10/10/10/10/10/1NB1KCABN1/R8R w - - 0 1", 80, 2),
    ];
    for (fen, pawn_square, pawn_moves) in cases {
        let pos = Position::from_fen(&grand, fen).unwrap_or_else(|e| panic!("{fen}: {e}"));
        assert_agree(&pos, fen);
        let pawn = pos.piece_at(Square(pawn_square)).expect("a pawn").kind;
        let pawns = pos
            .wide_legal_moves()
            .expect("qualifies")
            .into_iter()
            .filter(|m| m.from().is_some_and(|from| pos.piece_at(from).is_some_and(|p| p.kind == pawn)));
        assert_eq!(pawns.count(), pawn_moves, "{fen}");
        assert_eq!(perft(&mut pos.clone(), 3), pos.clone().general_perft(3), "{fen}");
    }
}

/// A small seeded generator for the random wide variants below.
struct Rng(u64);

impl Rng {
    fn below(&mut self, n: usize) -> usize {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        (self.0 % n as u64) as usize
    }
}

const HELD_PATTERNS: &[&str] = &[
    "slides orthogonally",
    "slides diagonally",
    "steps orthogonally",
    "steps diagonally",
    "leaps (1,2) in all directions",
    "leaps (1,3) in all directions",
    "leaps (2,3) in all directions",
    "leaps (2,0) in all directions",
    "leaps (2,2)",
    "leaps (3,0) in all directions",
    "leaps (3,3)",
];

const FILE_LETTERS: &[u8] = b"abcdefghijklmnop";

/// A random variant of the shapes the wide tables hold: `extends chess` on a board of 5 to
/// 16 files and 5 to 16 ranks (at most 128 squares, not 8x8), one to three new pieces of random
/// leaps, steps and full slides, castling with files from the script where the board has
/// room, at times Grand's pawn (an optional zone, promotion to lost pieces only) and at
/// times walls (untimed impassable tokens) on empty squares.
fn random_wide_script(seed: u64) -> String {
    let mut rng = Rng(seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1);
    let files = 5 + rng.below(12);
    let ranks = (5 + rng.below(12)).min(128 / files).max(5);
    // 8x8 is the 64-bit back-end's board.
    let ranks = if (files, ranks) == (8, 8) { 9 } else { ranks };
    let mut pieces = String::new();
    let mut letters = Vec::new();
    for letter in ['A', 'C', 'D'].iter().take(1 + rng.below(3)) {
        let mut clauses: Vec<&str> =
            (0..1 + rng.below(3)).map(|_| HELD_PATTERNS[rng.below(HELD_PATTERNS.len())]).collect();
        clauses.dedup();
        pieces += &format!("piece extra{letter} {letter}\n  value 400\n  {}\n\n", clauses.join("\n  "));
        letters.push(*letter);
    }
    if rng.below(3) == 0 {
        pieces += "piece pawn P\n  pawn-like\n  value 100\n  steps forward, without capturing\n  \
                   slides forward up to 2 squares, from its starting rank, without capturing, may be taken en passant\n  \
                   steps diagonally forward, only to capture, also en passant\n  \
                   promotes on the last rank to queen, rook, bishop or knight\n  \
                   may promote in the last 2 ranks\n  promotes only to lost pieces\n\n";
    }
    let king = files / 2;
    let mut back: Vec<char> = (0..files)
        .map(|f| match f {
            0 => 'R',
            f if f == files - 1 => 'R',
            f if f == king => 'K',
            _ => {
                let pool = ['N', 'B', 'Q', letters[rng.below(letters.len())]];
                pool[rng.below(pool.len())]
            }
        })
        .collect();
    if !back.contains(&'Q') && files > 4 {
        back[1] = 'Q';
    }
    let white: String = back.iter().collect();
    let black = white.to_lowercase();
    let empty = files.to_string();
    let pawns = "P".repeat(files);
    let mut rows = vec![black, pawns.to_lowercase()];
    rows.extend((0..ranks - 4).map(|_| empty.clone()));
    rows.extend([pawns, white]);
    let castling = if files >= 6 {
        let l = |f: usize| FILE_LETTERS[f] as char;
        format!("  castling short king {} rook {}, long king {} rook {}", l(files - 2), l(files - 3), l(2), l(3))
    } else {
        "  no castling".to_string()
    };
    let rights = if files >= 6 { "KQkq" } else { "-" };
    let walls = if rng.below(3) == 0 {
        let squares: Vec<String> = (0..1 + rng.below(4))
            .map(|_| format!("{}{}", FILE_LETTERS[rng.below(files)] as char, 3 + rng.below(ranks - 4)))
            .collect();
        format!("token wall\n  impassable\n  default {}\n\n", squares.join(" "))
    } else {
        String::new()
    };
    format!(
        "variant \"Wide {seed}\"\n  id wide\nextends chess\n\nboard {files}x{ranks}\n\n{pieces}\
         {walls}setup {} w {rights} - 0 1\n\nrules\n{castling}\n",
        rows.join("/")
    )
}

#[test]
fn k1_k6_random_wide_variants_agree_with_table_walking() {
    // `WIDE_CASES=N` plays more variants (60 by default).
    let cases = std::env::var("WIDE_CASES").ok().and_then(|n| n.parse().ok()).unwrap_or(60);
    let mut played = 0;
    for seed in 0..cases {
        let text = random_wide_script(seed);
        let v = match holechess_lang::load_str("wide.hole", &text) {
            Ok(loaded) => loaded.variant,
            Err(e) => panic!("seed {seed}: {e:?}\n{text}"),
        };
        let start = Position::start(&v);
        assert!(start.uses_wide_path(), "seed {seed}\n{text}");
        // The reference is slow, and knows no promotion to lost pieces: every sixth variant.
        let by_reference = seed % 6 == 0 && !text.contains("only to lost");
        for game in 0..3 {
            let context = format!("seed {seed}\n{text}");
            played += random_game_with(start.clone(), seed * 7 + game, 70, &context, by_reference);
        }
    }
    assert!(played > 5_000, "{played} plies compared");
}
