//! `holechess play` end to end: scripted sessions through the binary with piped standard
//! input (no prompt, no line editing), deterministic with `--seed`.

use std::path::PathBuf;
use std::process::Output;

mod common;

use common::binary::stdout;

fn play(args: &[&str], script: &str) -> Output {
    let mut all = vec!["play"];
    all.extend_from_slice(args);
    common::binary::holechess(&all, script)
}

/// The lines of the output that are FENs printed by `fen`.
fn fens(out: &str) -> Vec<&str> {
    out.lines()
        .filter(|line| {
            let fields: Vec<&str> = line.split_whitespace().collect();
            fields.len() >= 6 && fields[0].contains('/') && matches!(fields[1], "w" | "b")
        })
        .collect()
}

/// A fresh path in this run's temporary folder: a file an earlier run left there (process ids
/// repeat) is removed, since `save` does not overwrite.
fn temp_file(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("holechess-repl-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temp dir");
    let path = dir.join(name);
    let _ = std::fs::remove_file(&path);
    path
}

#[test]
fn chess_moves_in_both_notations_and_a_board_after_each() {
    let output = play(&["chess", "--seed", "1"], "e4\ne7e5\nNf3\nfen\nquit\n");
    let out = stdout(&output);
    assert!(output.status.success(), "{out}");
    assert!(out.contains("1. e4"), "{out}");
    assert!(out.contains("1... e5"), "{out}");
    assert!(out.contains("2. Nf3"), "{out}");
    assert!(out.contains('♘'), "unicode pieces: {out}");
    assert!(out.contains("Last move"), "{out}");
    assert_eq!(fens(&out), ["rnbqkbnr/pppp1ppp/8/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R b KQkq - 1 2"]);
}

#[test]
fn an_illegal_move_is_explained_and_the_session_goes_on() {
    let output = play(&["chess", "--seed", "1"], "e5\nKe2\nbord\ne4\nfen\n");
    let out = stdout(&output);
    assert!(out.contains("error: illegal move e5"), "{out}");
    assert!(out.contains("error: illegal move Ke2"), "{out}");
    assert!(out.contains("did you mean `board`"), "{out}");
    assert!(out.contains("1. e4"), "{out}");
    assert_eq!(fens(&out).len(), 1);
    assert_eq!(output.status.code(), Some(1), "a scripted session with rejected lines exits 1");
}

#[test]
fn undo_takes_back_the_last_move() {
    let out = stdout(&play(&["chess"], "e4\ne5\nundo\nfen\nundo\nfen\nundo\n"));
    assert!(out.contains("taken back: e5"), "{out}");
    assert_eq!(
        fens(&out),
        [
            "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1",
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        ]
    );
    assert!(out.contains("error: nothing to undo"), "{out}");
}

#[test]
fn porthole_transit_in_long_algebraic() {
    let output = play(&["porthole", "--seed", "1"], "b1c3>h5\nmoves\nfen\n");
    let out = stdout(&output);
    assert!(output.status.success(), "{out}");
    assert!(out.contains("1. Nc3>h5"), "{out}");
    assert!(out.contains("legal move(s)"), "{out}");
    let fen = fens(&out)[0];
    assert!(fen.contains("porthole=") && fen.contains("b1"), "the token moved to the origin: {fen}");
}

#[test]
fn holes_before_the_first_move_only() {
    let out = stdout(&play(&["porthole"], "holes d4 e5 d4\nfen\ne4\nholes c3\n"));
    let fen = fens(&out)[0];
    assert!(fen.ends_with("porthole=d4*2,e5") || (fen.contains("d4*2") && fen.contains("e5")), "{fen}");
    assert!(!fen.contains("c3"), "{fen}");
    assert!(out.contains("only before the first move"), "{out}");
    let portal = stdout(&play(&["standard-portal"], "holes c3 f3\nholes e2 c3 f3 c6 f6 a4 h4 a5\n"));
    assert!(portal.contains("exactly 8"), "{portal}");
    assert!(portal.contains("e2 is not empty"), "{portal}");
}

#[test]
fn holes_from_the_command_line() {
    let out = stdout(&play(&["porthole", "--holes", "c4 f5"], "fen\n"));
    assert!(fens(&out)[0].ends_with("porthole=c4,f5"), "{out}");
}

#[test]
fn position_sets_and_fen_prints() {
    let fen = "4k3/8/8/8/8/8/4P3/4K3 w - - 0 1";
    let out = stdout(&play(&["chess"], &format!("position {fen}\nposition\ne4\nfen\n")));
    assert_eq!(fens(&out), [fen, "4k3/8/8/8/4P3/8/8/4K3 b - e3 0 1"]);
}

#[test]
fn save_then_load_gives_the_same_game() {
    let path = temp_file("chess.pgn");
    let name = path.display().to_string();
    let script = format!("e4\nc5\nNf3\nfen\nsave {name}\nnew\nload {name}\nfen\n");
    let output = play(&["chess", "--seed", "1"], &script);
    let out = stdout(&output);
    assert!(output.status.success(), "{out}");
    let found = fens(&out);
    assert_eq!(found.len(), 2, "{out}");
    assert_eq!(found[0], found[1]);
    let pgn = std::fs::read_to_string(&path).expect("saved");
    assert!(pgn.contains("[Variant \"chess\"]"), "{pgn}");
    assert!(pgn.contains("1. e4 c5 2. Nf3"), "{pgn}");
}

#[test]
fn save_then_load_keeps_holes_and_dice() {
    let path = temp_file("pothole.pgn");
    let name = path.display().to_string();
    let script = format!("e4\nd6\nd3\nfen\nsave {name}\nnew\nload {name}\nfen\n");
    let out = stdout(&play(&["pothole", "--seed", "1"], &script));
    let found = fens(&out);
    assert_eq!(found.len(), 2, "{out}");
    assert_eq!(found[0], found[1]);
    let pgn = std::fs::read_to_string(&path).expect("saved");
    assert!(pgn.contains("[%dice"), "every ply carries its dice: {pgn}");
    assert_eq!(pgn.matches("%dice").count(), 3, "{pgn}");
}

#[test]
fn pothole_shows_every_roll_and_its_effect() {
    let script = "e4\nd6\nd3\n";
    let first = stdout(&play(&["pothole", "--seed", "1"], script));
    assert!(first.contains("dice: d6="), "{first}");
    assert!(first.contains("a pothole opens on g3"), "{first}");
    let again = stdout(&play(&["pothole", "--seed", "1"], script));
    assert_eq!(first, again, "the same seed gives the same session");
}

#[test]
fn go_makes_a_legal_move_at_level_1() {
    let output = play(&["chess", "--level", "1", "--seed", "1"], "go\nfen\nquit\n");
    let out = stdout(&output);
    assert!(output.status.success(), "{out}");
    assert!(out.contains("(level 1"), "{out}");
    let fen = fens(&out)[0];
    assert!(fen.contains(" b "), "Black to move after the computer's move: {fen}");
}

#[test]
fn the_computer_answers_when_it_has_the_side_to_move() {
    let out = stdout(&play(&["chess", "--ai", "black", "--level", "1"], "e4\nfen\n"));
    assert!(out.contains("1... "), "{out}");
    assert!(fens(&out)[0].contains(" w "), "{out}");
}

#[test]
fn checkmate_is_announced_and_ends_the_game() {
    let out = stdout(&play(&["chess"], "f3\ne5\ng4\nQh4\na3\n"));
    assert!(out.contains("Checkmate: Black wins (0-1)."), "{out}");
    assert!(out.contains("error: the game is over"), "{out}");
}

#[test]
fn quit_ends_the_session_early() {
    let output = play(&["chess"], "quit\ne4\nfen\n");
    assert!(output.status.success());
    assert!(fens(&stdout(&output)).is_empty());
}

#[test]
fn help_lists_the_commands() {
    let out = stdout(&play(&["chess"], "help\n"));
    for command in ["moves", "undo", "holes", "save", "load", "svg", "level"] {
        assert!(out.contains(command), "{command}: {out}");
    }
}

#[test]
fn svg_writes_the_board() {
    let path = temp_file("board.svg");
    let out = stdout(&play(&["porthole"], &format!("e4\nsvg {}\n", path.display())));
    assert!(out.contains("board drawn"), "{out}");
    let svg = std::fs::read_to_string(&path).expect("svg");
    assert!(svg.starts_with("<svg") || svg.starts_with("<?xml"), "{svg}");
}

#[test]
fn a_custom_layout_is_saved_as_holes_and_loaded_back() {
    let path = temp_file("porthole.pgn");
    let name = path.display().to_string();
    let script = format!("holes d4 e5 d4\ne4\nfen\nsave {name}\nnew\nload {name}\nfen\n");
    let out = stdout(&play(&["porthole"], &script));
    let found = fens(&out);
    assert_eq!(found.len(), 2, "{out}");
    assert_eq!(found[0], found[1]);
    let pgn = std::fs::read_to_string(&path).expect("saved");
    assert!(pgn.contains("[Holes \"d4 e5 d4\"]"), "{pgn}");
}

/// PH3, PH4: `Nf3` onto a porthole with exactly one free exit plays the
/// transit and says which exit it took.
#[test]
fn ph4_a_transit_typed_without_its_exit_takes_the_only_free_exit() {
    let start = "rnbqkbnr/pppp1ppp/8/4p3/8/2N5/PPPPPPPP/R1BQKBNR w KQkq - 0 1 porthole=c3,f3,a4";
    let output = play(&["porthole"], &format!("position {start}\nNf3\nfen\n"));
    let out = stdout(&output);
    assert!(output.status.success(), "{out}");
    assert!(out.contains("Nf3 enters the porthole on f3 and leaves by a4"), "{out}");
    assert!(out.contains("1. Nf3>a4"), "{out}");
    assert!(fens(&out)[0].contains("g1"), "the token moved to the origin (PH5): {out}");
}

/// SP2: with several free exits the exits are listed and the next line
/// picks one by number or by its exit square; a scripted session counts no error.
#[test]
fn sp2_several_exits_are_listed_and_picked_by_number_or_square() {
    let holes = "c3 f3 c6 f6 a4 h4 d5 e4";
    let output = play(&["standard-portal", "--holes", holes], "e4\n2\nfen\n");
    let out = stdout(&output);
    assert!(output.status.success(), "{out}");
    assert!(out.contains("e4 enters the portal on e4: 7 exits are free"), "{out}");
    assert!(out.contains("1. e4>c3") && out.contains("2. e4>f3"), "{out}");
    assert!(out.contains("1. e4>f3"), "the second exit was played: {out}");
    let by_square = stdout(&play(&["standard-portal", "--holes", holes], "e4\nh4\n"));
    assert!(by_square.contains("1. e4>h4"), "{by_square}");
}

/// A refused move names the real obstacle, not the token on the target.
#[test]
fn ph2_a_refused_move_names_the_piece_in_the_way_and_a_missing_exit() {
    let out = stdout(&play(&["porthole"], "e4\ne5\nQxa4\n"));
    assert!(out.contains("White's own pawn on c2 is in the way"), "{out}");
    let start = "4k3/8/8/8/8/2P2p2/8/4K1N1 w - - 0 1 porthole=c3,f3";
    let out = stdout(&play(&["porthole"], &format!("position {start}\nNf3\n")));
    assert!(out.contains("no free exit (c3 is occupied)"), "{out}");
}

/// A record naming a script path in `[Variant]` does not run it.
#[test]
fn a_record_naming_a_script_path_is_refused_not_run() {
    let script = temp_file("foreign.hole");
    std::fs::write(&script, "variant \"Foreign\"\nextends chess\n").expect("script");
    let record = temp_file("foreign.pgn");
    std::fs::write(&record, format!("[Variant \"{}\"]\n\n1. e4 *\n", script.display())).expect("record");
    let output = play(&["chess"], &format!("load {}\nfen\n", record.display()));
    let out = stdout(&output);
    assert!(out.contains("not bundled") && out.contains(&format!("new {}", script.display())), "{out}");
    assert_eq!(fens(&out), ["rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"], "nothing loaded");
    assert_eq!(output.status.code(), Some(1));
}

/// A long record loads, takes back moves past the loaded point and
/// saves back whole (the unit tests of `records` check that no position is kept per ply).
#[test]
fn a_long_record_loads_undoes_and_saves_back_whole() {
    let cycle = ["Nf3", "Nf6", "Ng1", "Ng8"];
    let mut pgn = String::from("[Variant \"chess\"]\n\n");
    for index in 0..4_000 {
        if index % 2 == 0 {
            pgn.push_str(&format!("{}. ", index / 2 + 1));
        }
        pgn.push_str(cycle[index % 4]);
        pgn.push(if index % 16 == 15 { '\n' } else { ' ' });
    }
    pgn.push_str("*\n");
    let input = temp_file("long.pgn");
    std::fs::write(&input, pgn).expect("record");
    let output = temp_file("long-out.pgn");
    let script = format!("load {}\nundo\nundo\nundo\nfen\nsave {}\n", input.display(), output.display());
    let out = stdout(&play(&["chess"], &script));
    assert!(out.contains("loaded 4000 plies"), "{out}");
    assert_eq!(fens(&out), ["rnbqkbnr/pppppppp/8/8/8/5N2/PPPPPPPP/RNBQKB1R b KQkq - 3997 1999"]);
    assert!(out.contains("saved 3997 plies"), "{out}");
    let saved = std::fs::read_to_string(&output).expect("saved");
    assert!(saved.contains("1999. Nf3 *") || saved.contains("1999. Nf3\n*"), "{}", &saved[saved.len() - 80..]);
}

/// HP2: every board name the program prints is accepted back, a move
/// names its board, White's action is shown as pending until Black replies, and a move
/// on the wrong board is refused in words.
#[test]
fn hp2_two_board_moves_name_their_board_and_pending_actions_show() {
    let out = stdout(&play(&["portal", "--seed", "1"], "B:e2e4\nA:e2-A:e4\nB:e7e5\nfen\n"));
    assert!(out.contains("error: White moves on board A this turn, not on board B"), "{out}");
    assert!(out.contains("1. e4 on board A"), "{out}");
    assert!(out.contains("Turn 1, Black acts on board B"), "{out}");
    assert!(out.contains("Pending: White's A:e2-A:e4"), "{out}");
    assert!(out.contains("1... e5 on board B"), "{out}");
    assert!(out.contains("Turn 2, White acts on board B"), "{out}");
}

/// The commands players expect from other chess programs.
#[test]
fn history_flip_resign_holes_and_moves_of_either_side() {
    let output = play(&["porthole", "--seed", "1"], "e4\nhistory\nholes\nmoves e2\nmoves d7\nflip\nresign\ne5\n");
    let out = stdout(&output);
    assert!(out.contains("[Variant \"porthole\"]") && out.contains("1. e4 *"), "history: {out}");
    assert!(out.contains("porthole (8): c3 f3 a4 h4 a5 h5 c6 f6"), "holes: {out}");
    assert!(out.contains("no piece on e2"), "{out}");
    assert!(out.contains("9 legal move(s)") && out.contains("d5 d6"), "the side to move's pawn: {out}");
    let flipped =
        out.lines().skip_while(|l| !l.starts_with("d5 d6") && !l.contains("d5 d6")).find(|l| l.starts_with("1 "));
    assert!(flipped.is_some(), "after flip the first rank is drawn at the top: {out}");
    assert!(out.contains("Black resigns (1-0)."), "{out}");
    assert!(out.contains("error: the game is over (black resigns)"), "{out}");
    let white = stdout(&play(&["chess"], "moves g1\nmoves g8\n"));
    assert!(white.contains("Na3 Nc3") || white.contains("Nf3 Nh3"), "{white}");
    assert!(white.contains("on Black's next turn") && white.contains("Nf6 Nh6"), "{white}");
}

/// `hint` names a legal move with an evaluation in pawns, and a mate as
/// `mate in N`.
#[test]
fn hint_gives_a_move_and_mate_in_n() {
    let out = stdout(&play(&["chess", "--level", "2"], "hint\n"));
    assert!(out.contains("hint: ") && out.contains(" for White, level 2"), "{out}");
    let mate = "6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1";
    let out = stdout(&play(&["chess", "--level", "2"], &format!("position {mate}\nhint\n")));
    assert!(out.contains("hint: Ra8#") && out.contains("mate in 1"), "{out}");
}

/// `dice` enters the dice rolled at a real table for the next event;
/// dice that do not fit the event are refused in words and the move is not played.
#[test]
fn pt1_dice_from_the_table_decide_the_next_event() {
    let out = stdout(&play(&["pothole", "--seed", "1"], "dice 6 5 5\ne4\ndice 9\nd6\nfen\n"));
    assert!(out.contains("dice: d6=6 d8=5 d8=5") && out.contains("a pothole opens on e5"), "{out}");
    assert!(
        out.contains("error: the dice given do not fit this move's event: impossible dice outcome 9 for a d6;"),
        "{out}"
    );
    assert!(!out.contains("(K4"), "no ruling ids at the REPL: {out}");
    assert!(fens(&out)[0].contains(" b "), "d6 was not played: {out}");
    let chess = stdout(&play(&["chess"], "dice 6\n"));
    assert!(chess.contains("error: Orthodox Chess rolls no dice"), "{chess}");
}

/// Refusals say what to do next, in words: why castling is illegal, how to
/// write a promotion, the nearest name for a misspelt variant.
#[test]
fn refusals_say_what_is_wrong_and_what_to_write() {
    let cases = [
        ("r3k2r/8/8/8/8/8/8/R3K1NR w KQkq - 0 1", "O-O", "White cannot castle short: the knight on g1 is in the way"),
        ("r3k2r/8/8/8/8/8/5r2/R3K2R w KQkq - 0 1", "O-O", "f1 is attacked, and the king may not cross"),
        ("r3k2r/8/8/8/8/8/8/R3K2R w Qkq - 0 1", "O-O", "White may no longer castle short"),
        ("r3k2r/8/8/8/8/8/4r3/R3K2R w KQkq - 0 1", "O-O-O", "White is in check, and castling out of check"),
        ("8/4P3/8/8/8/8/k7/4K3 w - - 0 1", "e8", "without naming the promoted piece: write e8=Q (or =R, =B, =N)"),
    ];
    for (fen, typed, says) in cases {
        let out = stdout(&play(&["chess"], &format!("position {fen}\n{typed}\n")));
        assert!(out.contains(says), "{typed} in {fen}: {out}");
    }
    let out = stdout(&play(&["chess"], "new porthol\n"));
    assert!(out.contains("did you mean `porthole`?"), "{out}");
    let refused = play(&["porthol"], "");
    assert_eq!(refused.status.code(), Some(2));
    assert!(common::binary::stderr(&refused).contains("did you mean `porthole`?"));
}

/// K8: a position without a token field takes the variant's default
/// tokens, `-` means none, and castling rights a variant lacks are ignored with a warning.
#[test]
fn k8_a_fen_from_a_chess_tool_works_in_every_variant() {
    let plain = "4k3/8/8/8/8/8/4P3/4K3 w - - 0 1";
    let out = stdout(&play(&["porthole"], &format!("position {plain}\nfen\nposition {plain} -\nfen\n")));
    assert_eq!(fens(&out), [format!("{plain} porthole=c3,f3,a4,h4,a5,h5,c6,f6"), format!("{plain} -")], "{out}");
    let start = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
    let output = play(&["standard-portal"], &format!("position {start}\nfen\n"));
    let out = stdout(&output);
    assert!(out.contains("warning: the castling field 'KQkq' is ignored: Standard Portal Chess v1.1 has no castling"));
    assert_eq!(fens(&out), ["rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w - - 0 1 portal=c3,f3,a4,h4,a5,h5,c6,f6"]);
    assert!(output.status.success(), "a warning is not a rejected line");
}

/// HP9: side B of the one-set board shows its physical files e-h, and a
/// move may name them either way (`f6` or, counted within the side, `b6`).
#[test]
fn one_set_side_b_shows_files_e_to_h_and_reads_both_names() {
    let physical = stdout(&play(&["portal-one-set", "--seed", "1"], "a3\nf6\nfen\n"));
    assert!(physical.contains("1... f6 on board B"), "{physical}");
    assert!(physical.contains("Last move: B:f7-B:f6"), "{physical}");
    assert!(physical.lines().any(|l| l.trim_end().ends_with("e    f    g    h")), "{physical}");
    let within = stdout(&play(&["portal-one-set", "--seed", "1"], "a3\nb6\nfen\n"));
    assert!(within.contains("1... f6 on board B"), "b6 is read as f6: {within}");
    assert_eq!(fens(&physical), fens(&within));
}

/// The board marks linked squares; a move through a link, typed without
/// its far end, is played and said, and the piece ends on the far end; one-way links are
/// marked as such; a move onto a linked square whose far end is
/// taken is refused with that reason.
#[test]
fn a_move_through_a_link_is_said_and_a_taken_far_end_is_the_reason_for_a_refusal() {
    let script = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("examples").join("linked-squares.hole");
    let script = script.to_str().unwrap();
    let out = stdout(&play(&[script], "Nh3\nfen\n"));
    assert!(out.contains("=1  linked squares: a3 h6") && out.contains("=2  linked squares: h3 a6"), "{out}");
    assert!(out.contains("Nh3 enters the link on h3 and leaves by a6, its only free exit."), "{out}");
    assert!(out.contains("1. Nh3>a6"), "{out}");
    assert!(fens(&out).iter().any(|f| f.starts_with("rnbqkbnr/pppppppp/N7/8/8/8/PPPPPPPP/RNBQKB1R b")), "{out}");
    let out = stdout(&play(&[script], "position 4k3/8/P7/8/8/8/8/4K1N1 w - - 0 1\nNh3\n"));
    assert!(out.contains("h3 is linked to a6, which is occupied"), "{out}");
    let one_way = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("examples").join("one-way-links.hole");
    let out = stdout(&play(&[one_way.to_str().unwrap()], "board\n"));
    assert!(out.contains("=1  linked one way, first to second: c3 c6"), "{out}");
}
