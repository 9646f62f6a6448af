//! Perft as K6 says and the positions it starts from: any depth (the tree ends where no move
//! is left), hooks that roll no die run (after-move events, game-start hooks), a run asking
//! for a die is skipped whole, and a position's en-passant square is accepted wherever the
//! variant's double step can have passed it (K8), diagonal double steps included.

mod common;

use std::sync::Arc;

use common::binary::{holechess, stderr, stdout};
use holechess_kernel::notation::parse_move;
use holechess_kernel::perft::perft;
use holechess_kernel::{Position, Variant};

/// A position with a single legal line 32 plies deep (from shakmaty's perft tests).
const PRISON: &str = "2b5/kpPp4/1p1P4/1P6/6p1/4p1P1/4PpPK/5B2 w - - 0 1";

fn example(file: &str) -> String {
    format!("{}/examples/{file}", env!("CARGO_MANIFEST_DIR"))
}

#[test]
fn k6_perft_takes_any_depth() {
    let chess = holechess_lang::load("chess").unwrap().variant;
    let mut pos = Position::from_fen(&chess, PRISON).unwrap();
    assert_eq!(perft(&mut pos, 32), 1);
    assert_eq!(perft(&mut pos, 100_000), 1, "the line goes on, a move a ply");
    let crater = common::rules(&example("crater-on-capture.hole"));
    let mut pos = Position::from_fen(crater.variant(), PRISON).unwrap();
    assert_eq!(holechess_runtime::perft::perft(&crater, &mut pos, 500).unwrap(), 1, "with an after-move hook");
    let out = holechess(&["perft", "chess", "32", "--fen", PRISON], "");
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    assert_eq!(stdout(&out).trim(), "1");
}

#[test]
fn k6_perft_runs_a_hook_that_rolls_no_die() {
    // The crater a capture opens forbids the recapture on its square (1. e4 d5 2. exd5 Qxd5).
    let out = holechess(&["perft", &example("crater-on-capture.hole"), "4"], "");
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    assert_eq!(stdout(&out).trim(), "197258", "chess gives 197281");
    // Black holes swallow what ends on them: no longer chess's 8902 at depth 3.
    let out = holechess(&["perft", &example("black-hole.hole"), "3"], "");
    assert_eq!(stdout(&out).trim(), "8881");
}

#[test]
fn k6_perft_skips_a_hook_run_that_asks_for_a_die() {
    // Pot-holes roll a d6 after every move, the random portals their layout at the start:
    // both are skipped whole.
    let pothole = common::rules("pothole");
    assert_eq!(holechess_runtime::perft::perft(&pothole, &mut pothole.start_position(), 3).unwrap(), 8902);
    let random = common::rules(&example("random-portals.hole"));
    let start = holechess_runtime::perft::start(&random).unwrap();
    assert_eq!(start.fen(), random.start_position().fen(), "the declared layout");
    let out = holechess(&["perft", &example("random-portals.hole"), "2"], "");
    assert_eq!(stdout(&out).trim(), "2628");
}

/// Hooks that roll a die before they ask anything of the position are skipped in every
/// position (K6), so perft leaves them out altogether; a hook that looks first still runs.
#[test]
fn k6_hooks_that_roll_before_looking_are_left_out_of_perft() {
    for rolls_first in ["pothole", "wormhole"] {
        assert!(!common::rules(rolls_first).events_change_perft(), "{rolls_first}");
    }
    assert!(common::rules(&example("crater-on-capture.hole")).events_change_perft());
    let text = "variant \"Look, then roll\"\n  id look-then-roll\n\nextends chess\n\nafter each move: call look()\n  rhai ```\nfn look() {\n    if has_piece(\"e4\") { let face = roll(6); }\n}\n```\n";
    let loaded = holechess_lang::load_str("look.hole", text).unwrap_or_else(|e| panic!("{}", e.render()));
    let look = holechess_runtime::PlayableVariant::from_loaded(loaded).unwrap();
    assert!(look.events_change_perft(), "the hook reads the board before its roll");
    let wormhole = common::rules("wormhole");
    let mut start = wormhole.start_position();
    let expected = perft(&mut start.clone(), 3);
    assert_eq!(holechess_runtime::perft::perft(&wormhole, &mut start, 3).unwrap(), expected);
}

/// Berolina pawns: they step diagonally forward, two squares from their starting rank (a
/// double step that may be taken en passant), and capture straight ahead.
fn berolina() -> Arc<Variant> {
    let text = "variant \"Berolina\"\n  id berolina\n  summary \"diagonal pawns\"\n\nextends chess\n
piece pawn P
  pawn-like
  steps diagonally forward, without capturing
  slides diagonally forward up to 2 squares, from its starting rank, without capturing, may be taken en passant
  steps forward, only to capture, also en passant
  promotes on the last rank to queen, rook, bishop or knight
";
    holechess_lang::load_str("berolina.hole", text).unwrap_or_else(|e| panic!("{}", e.render())).variant
}

#[test]
fn k8_en_passant_square_of_a_diagonal_double_step_is_accepted() {
    let v = berolina();
    // Black's e7 pawn went to c5 over d6.
    let fen = "rnbqkbnr/pppp1ppp/8/2p5/5P2/8/PPP1PPPP/RNBQKBNR w KQkq d6 2 2";
    let pos = Position::from_fen(&v, fen).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(pos.fen(), fen);
    // No black pawn can have passed e6 (d7 and f7 are not one diagonal step behind it
    // with a pawn beyond).
    let refused = Position::from_fen(&v, "rnbqkbnr/pppp1ppp/8/2p5/5P2/8/PPP1PPPP/RNBQKBNR w KQkq e6 2 2");
    assert!(refused.is_err());
    // A white pawn on d5 takes it en passant, straight ahead onto d6.
    let mut pos = Position::from_fen(&v, "rnbqkbnr/pppp1ppp/8/2pP4/5P2/8/PPP2PPP/RNBQKBNR w KQkq d6 0 3").unwrap();
    let mv = parse_move(&pos, "d5d6").unwrap();
    pos.play_unchecked(mv);
    assert!(pos.piece_at(pos.geometry().parse_square("c5", 0).unwrap()).is_none(), "{}", pos.fen());
}

#[test]
fn k8_a_double_step_played_gives_the_square_the_fen_reads_back() {
    let v = berolina();
    let mut pos = Position::start(&v);
    for text in ["e2c4", "e7g5"] {
        let mv = parse_move(&pos, text).unwrap();
        pos.play_unchecked(mv);
        let again = Position::from_fen(&v, &pos.fen()).unwrap_or_else(|e| panic!("{}: {e}", pos.fen()));
        assert_eq!(again.fen(), pos.fen());
    }
}
