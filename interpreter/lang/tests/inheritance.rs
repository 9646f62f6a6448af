//! `extends` / `include` with override semantics, files on disk, include cycles, tokens built
//! from stdlib behaviours, and hooks kept with their rhai source.

use std::path::PathBuf;

use holechess_kernel::spec::*;
use holechess_lang::{load, load_str, HookArg, HookEvent};

/// A fresh folder for files of one test.
fn scratch(test: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("holechess-lang-{}-{test}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

#[test]
fn a_child_overrides_rules_and_redefines_pieces_in_place() {
    let text = r#"variant "Knightmare"
  id knightmare
  summary "Chess with a stronger knight."
extends chess

piece knight N                  # redefined: keeps its place in the piece order
  value 400
  leaps (1,2)
  leaps (1,3) forward

rules
  no en passant
  stalemate is a loss
"#;
    let loaded = load_str("knightmare.hole", text).unwrap_or_else(|d| panic!("{d}"));
    let spec = loaded.spec;
    assert_eq!(spec.id, "knightmare");
    assert_eq!(spec.pieces[1].name, "knight");
    assert_eq!(spec.pieces[1].value, 400);
    assert_eq!(spec.pieces[1].patterns.len(), 8 + 4);
    assert!(spec.pieces[1].patterns[8..].iter().all(|p| p.dy > 0));
    assert!(!spec.rules.en_passant);
    assert_eq!(spec.rules.stalemate, StalemateRule::Loss);
    assert!(spec.rules.castling.is_some(), "rules not restated are inherited");
    assert_eq!(spec.setup.fen, "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1");
}

#[test]
fn remove_drops_a_piece_and_its_references_are_reported() {
    let text = "variant \"No queen\"\nextends chess\nremove piece queen\n";
    let Err(diagnostics) = load_str("noqueen.hole", text) else { panic!("queen is still a promotion choice") };
    let d = diagnostics.iter().find(|d| d.message.contains("unknown piece `queen`")).unwrap();
    assert!(d.file.ends_with("stdlib/orthodox-pieces.hole"), "{}", d.file);
    assert_eq!(d.line, 11);
}

#[test]
fn tokens_reuse_stdlib_behaviours_and_override_clauses() {
    let text = r#"variant "Holey"
  id holey
extends chess
include hole-mechanics

token porthole
  behaves as transit-on-capture         # PH2-PH7
  default c3 f3 c6 f6 a4 h4 a5 h5       # PH1
  stacked tokens act as one             # overrides the behaviour's dormant stacks
  shown as @

marker pothole
  behaves as pit
  shown as ~
  lasts 2 plies                          # PT4
"#;
    let spec = load_str("holey.hole", text).unwrap_or_else(|d| panic!("{d}")).spec;
    let porthole = &spec.tokens[0];
    assert_eq!(porthole.symbol, '@');
    assert_eq!(porthole.movement, TokenMovement::Blocks);
    assert_eq!(porthole.entry, Entry::CaptureMove);
    assert_eq!(porthole.exit, Exit::AnotherOpen);
    assert!(porthole.relocate_to_origin && porthole.blocks_promotion);
    assert_eq!(porthole.stacking, Stacking::Merged);
    assert_eq!(porthole.default_squares.len(), 8);
    assert_eq!(porthole.default_squares[0], SquareRef::new(0, 2, 2));
    let pothole = &spec.tokens[1];
    assert_eq!(pothole.symbol, '~');
    assert_eq!(pothole.movement, TokenMovement::Impassable);
    assert!(pothole.removes_occupant);
    assert_eq!(pothole.lifetime, Some(2));
}

#[test]
fn files_on_disk_extend_bundled_variants_include_relative_paths_and_rhai_files() {
    let dir = scratch("disk");
    std::fs::write(dir.join("lib.hole"), "rules\n  no en passant\n").unwrap();
    std::fs::write(dir.join("dice.rhai"), "fn roll(kind) { kind }\n").unwrap();
    let main = dir.join("main.hole");
    std::fs::write(
        &main,
        "variant \"Disk\"\nextends chess\ninclude \"lib.hole\"\nafter each move: call roll(\"hole\", 2)\n  rhai \"dice.rhai\"\n",
    )
    .unwrap();
    let loaded = load(main.to_str().unwrap()).unwrap_or_else(|d| panic!("{d}"));
    assert_eq!(loaded.spec.id, "main");
    assert!(!loaded.spec.rules.en_passant);
    let hook = &loaded.hooks[0];
    assert_eq!(hook.event, HookEvent::AfterMove);
    assert_eq!(hook.function, "roll");
    assert_eq!(hook.args, vec![HookArg::Text("hole".into()), HookArg::Number(2)]);
    assert_eq!(hook.source, "fn roll(kind) { kind }\n");
    assert!(hook.source_file.ends_with("dice.rhai"));
    assert!(holechess_lang::check_files(&[main]).is_empty());
}

#[test]
fn inline_rhai_is_kept_with_the_hook() {
    let text = "variant \"Hooked\"\nextends chess\nafter each move: call extra\nrhai ```\nfn extra() {\n  []\n}\n```\n";
    let loaded = load_str("hooked.hole", text).unwrap_or_else(|d| panic!("{d}"));
    assert_eq!(loaded.hooks[0].event, HookEvent::AfterMove);
    assert_eq!(loaded.hooks[0].source, "\nfn extra() {\n  []\n}\n");
    assert_eq!(loaded.hooks[0].source_file, "hooked.hole");
}

#[test]
fn include_cycle_is_reported() {
    let dir = scratch("cycle");
    std::fs::write(dir.join("a.hole"), "include \"b.hole\"\n").unwrap();
    std::fs::write(dir.join("b.hole"), "rules\n  no castling\ninclude \"a.hole\"\n").unwrap();
    let main = dir.join("main.hole");
    std::fs::write(&main, "variant \"Cycle\"\nextends chess\ninclude \"a.hole\"\n").unwrap();
    let diagnostics = holechess_lang::check_files(&[main]);
    let cycle = diagnostics.iter().find(|d| d.message.starts_with("include cycle")).expect("a cycle diagnostic");
    assert!(cycle.file.ends_with("b.hole"));
    assert_eq!((cycle.line, cycle.column), (3, 9));
    assert!(cycle.message.contains("a.hole -> ") && cycle.message.ends_with("a.hole"), "{}", cycle.message);
}

#[test]
fn two_boards_join_their_placements() {
    let text = r#"variant "Two boards"
include orthodox-pieces
boards A and B, 8x8 each
setup
  board B: rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQ1BNR
  board A: rnbq1bnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR
  state w - - 0 1
links
  A:a4 = B:a4
  check across links
  teleport across links
rules
  turns switch boards
  stalemate passes the turn
"#;
    let spec = load_str("two.hole", text).unwrap_or_else(|d| panic!("{d}")).spec;
    assert_eq!(spec.board.names, ["A", "B"]);
    assert_eq!(
        spec.setup.fen,
        "rnbq1bnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR|rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQ1BNR w - - 0 1"
    );
    assert_eq!(spec.links.pairs, vec![(SquareRef::new(0, 0, 3), SquareRef::new(1, 0, 3))]);
    assert!(spec.links.link_check && spec.links.teleport);
    assert_eq!(spec.schedule, Schedule::SwitchBoards);
    assert_eq!(spec.rules.stalemate, StalemateRule::Pass);
}

#[test]
fn kernel_errors_point_at_the_declaration_they_are_about() {
    let text = "variant \"No castling\"\nextends chess\nrules\n  no castling\n";
    let Err(diagnostics) = load_str("nocastle.hole", text) else { panic!("the inherited setup still grants castling") };
    let d = diagnostics.iter().find(|d| d.message.contains("castling")).unwrap();
    assert!(d.file.ends_with("variants/chess.hole"));
    assert!(d.source_line.starts_with("setup "), "{}", d.render());
}
