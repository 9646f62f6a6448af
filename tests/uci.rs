//! `holechess uci` driven through its standard input and output by a UCI client, as a GUI
//! drives it: the handshake, whole games of every bundled deterministic variant, `stop`
//! during `go infinite`, `go perft` against the known counts, the time kept, dice given
//! with the moves, and bad input answered with `info string error` while the session goes on.

mod protocol_client;

use std::time::{Duration, Instant};

use protocol_client::Engine;

/// The variants whose games need no dice.
const DETERMINISTIC: [&str; 5] = ["chess", "porthole", "standard-portal", "portal", "portal-one-set"];

fn ready(variant: &str) -> Engine {
    let mut engine = Engine::start("uci");
    engine.send("uci");
    engine.line("uciok");
    engine.send(&format!("setoption name UCI_Variant value {variant}"));
    engine.send("ucinewgame");
    engine.send("isready");
    engine.line("readyok");
    engine
}

/// `bestmove X [ponder Y]` -> X.
fn best_move(line: &str) -> String {
    let mut words = line.split_whitespace();
    assert_eq!(words.next(), Some("bestmove"), "{line}");
    words.next().expect("bestmove names a move").to_string()
}

/// Plays a game against itself, one `go` per ply; returns the moves and whether it ended
/// (`bestmove (none)`) before `cap` plies.
fn self_play(engine: &mut Engine, go: &str, cap: usize) -> (Vec<String>, bool) {
    let mut moves: Vec<String> = Vec::new();
    while moves.len() < cap {
        let position = match moves.is_empty() {
            true => "position startpos".to_string(),
            false => format!("position startpos moves {}", moves.join(" ")),
        };
        engine.send(&position);
        engine.send(go);
        let answer = engine.until("bestmove");
        let errors: Vec<&String> = answer.iter().filter(|l| l.contains("error")).collect();
        assert!(errors.is_empty(), "after {position}: {errors:?}");
        let mv = best_move(answer.last().expect("a bestmove line"));
        if mv == "(none)" {
            return (moves, true);
        }
        moves.push(mv);
    }
    (moves, false)
}

#[test]
fn the_handshake_names_the_engine_and_every_bundled_variant() {
    let mut engine = Engine::start("uci");
    engine.send("uci");
    let lines = engine.until("uciok");
    assert!(lines.iter().any(|l| l.starts_with("id name holechess")), "{lines:?}");
    let variant = lines.iter().find(|l| l.starts_with("option name UCI_Variant type combo default chess")).unwrap();
    for id in DETERMINISTIC.iter().chain(&["pothole", "wormhole"]) {
        assert!(variant.contains(&format!(" var {id}")), "{variant}");
    }
    assert!(lines.iter().any(|l| l.starts_with("option name Hash type spin")));
    engine.send("isready");
    engine.line("readyok");
    engine.quit("quit");
}

#[test]
fn a_game_of_every_deterministic_variant_is_played_to_its_end_or_the_ply_cap() {
    for variant in DETERMINISTIC {
        let mut engine = ready(variant);
        let (moves, ended) = self_play(&mut engine, "go nodes 400", 60);
        assert!(ended || moves.len() == 60, "{variant}: {moves:?}");
        // The whole game is accepted again as one position and the engine still answers.
        engine.send(&format!("position startpos moves {}", moves.join(" ")));
        engine.send("isready");
        let lines = engine.until("readyok");
        assert!(lines.iter().all(|l| !l.contains("error")), "{variant}: {lines:?}");
        engine.quit("quit");
    }
}

#[test]
fn a_chess_game_with_a_time_per_move_ends_or_reaches_the_cap() {
    let mut engine = ready("chess");
    let (moves, ended) = self_play(&mut engine, "go movetime 30", 40);
    assert!(ended || moves.len() == 40);
}

#[test]
fn a_mate_in_one_is_found_and_scored_as_mate() {
    let mut engine = ready("chess");
    engine.send("position fen 6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1");
    engine.send("go depth 3");
    let lines = engine.until("bestmove");
    assert_eq!(best_move(lines.last().unwrap()), "a1a8");
    assert!(lines.iter().any(|l| l.contains("score mate 1")), "{lines:?}");
    engine.send("position fen 6k1/5ppp/8/8/8/8/8/r5K1 w - - 0 1 moves g1f2 a1a8 f2g3 a8a3");
    engine.send("position fen R5k1/5ppp/8/8/8/8/8/6K1 b - - 0 1");
    engine.send("go depth 2");
    assert_eq!(engine.line("bestmove"), "bestmove (none)");
}

#[test]
fn stop_ends_an_infinite_search_at_once_and_only_then_it_answers() {
    let mut engine = ready("chess");
    engine.send("position startpos moves e2e4");
    engine.send("go infinite");
    let mut early = Vec::new();
    while let Some(line) = engine.next_within(Duration::from_millis(400)) {
        early.push(line);
    }
    assert!(early.iter().all(|l| !l.starts_with("bestmove")), "{early:?}");
    engine.send("isready");
    engine.line("readyok");
    let asked = Instant::now();
    engine.send("stop");
    let mv = best_move(&engine.line("bestmove"));
    assert!(asked.elapsed() < Duration::from_secs(2), "stop took {:?}", asked.elapsed());
    assert_ne!(mv, "(none)");
}

#[test]
fn go_perft_divides_then_totals_the_known_counts() {
    let cases = [
        ("chess", "position startpos", 3, 8_902),
        ("chess", "position fen r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1", 2, 2_039),
        ("porthole", "position startpos", 2, 2_640),
        ("standard-portal", "position startpos", 2, 2_628),
        ("portal", "position startpos", 3, 8_400),
        ("portal-one-set", "position startpos", 3, 1_000),
    ];
    for (variant, position, depth, total) in cases {
        let mut engine = ready(variant);
        engine.send(position);
        engine.send(&format!("go perft {depth}"));
        let lines = engine.until("Nodes searched");
        let divided: u64 = lines
            .iter()
            .filter_map(|l| l.split_once(": ").filter(|(mv, _)| !mv.contains(' ')))
            .map(|(_, n)| n.parse::<u64>().expect("a count"))
            .sum();
        assert_eq!(lines.last().unwrap(), &format!("Nodes searched: {total}"), "{variant}");
        assert_eq!(divided, total, "{variant}: {lines:?}");
    }
}

#[test]
fn transit_moves_are_written_and_read_with_the_exit_square() {
    let mut engine = ready("porthole");
    engine.send("go perft 1");
    let lines = engine.until("Nodes searched");
    assert!(lines.iter().any(|l| l == "g1f3>c6: 1"), "{lines:?}");
    engine.send("position startpos moves g1f3>c6");
    engine.send("d");
    let fen = engine.line("Fen:");
    assert!(fen.contains("2N5") && fen.contains(" b "), "{fen}");
}

#[test]
fn go_movetime_answers_within_its_time() {
    let mut engine = ready("chess");
    engine.send("position startpos");
    for millis in [50u64, 300] {
        let asked = Instant::now();
        engine.send(&format!("go movetime {millis}"));
        engine.line("bestmove");
        let took = asked.elapsed();
        assert!(took < Duration::from_millis(millis + 300), "go movetime {millis} took {took:?}");
    }
}

#[test]
fn dice_come_with_the_moves_and_missing_dice_are_refused() {
    // PT1: after every move the mover rolls a d6; an odd roll opens no pot-hole.
    let mut engine = ready("pothole");
    engine.send("position startpos moves e2e4:1 e7e5:3");
    engine.send("d");
    let fen = engine.line("Fen:");
    assert!(fen.contains("4p3/4P3") && fen.contains(" w "), "{fen}");
    engine.send("go nodes 300");
    let mv = best_move(&engine.line("bestmove"));
    assert!(!mv.contains(':'), "the engine's move carries no dice: {mv}");
    engine.send("position startpos moves e2e4");
    assert!(engine.line("info string error").contains("missing dice outcome"));
    engine.send("position startpos moves e2e4:1,1");
    assert!(engine.line("info string error").contains("surplus"));
}

#[test]
fn bad_input_is_answered_and_the_session_goes_on() {
    let mut engine = ready("chess");
    let bad = [
        ("position startpos moves e2e5", "move 1 (e2e5)"),
        ("position fen not/a/fen w - - 0 1", "invalid FEN"),
        ("position sideways", "position takes"),
        ("go depth many", "`many`"),
        ("go perft 99", "perft"),
        ("setoption name UCI_Variant value porthol", "did you mean `porthole`"),
        ("setoption name Hash value 0", "Hash takes"),
        ("setoption name Colour value red", "unknown option"),
        ("position startpos moves e2e4:x", "dice"),
        ("frobnicate", "unknown command `frobnicate`"),
    ];
    for (command, reason) in bad {
        engine.send(command);
        let line = engine.line("info string error");
        assert!(line.contains(reason), "{command}: {line}");
    }
    engine.send("position startpos moves e2e4");
    engine.send("go depth 2");
    assert_ne!(best_move(&engine.line("bestmove")), "(none)");
    engine.quit("quit");
}

#[test]
fn a_variant_is_loaded_from_a_script_path() {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/examples/cylinder.hole");
    let mut engine = ready(path);
    engine.send("go perft 1");
    let total = engine.line("Nodes searched");
    assert!(total.starts_with("Nodes searched: "), "{total}");
    let transcript = engine.transcript.join("\n");
    assert!(transcript.contains("info string variant"), "{transcript}");
}

#[test]
fn the_capablanca_script_for_engine_matches_counts_the_known_perft() {
    // Capablanca Chess perft from its start: 28, 784, 25,228 (as Fairy-Stockfish counts).
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/tools/variants/capablanca.hole");
    let mut engine = ready(path);
    engine.send("go perft 3");
    assert_eq!(engine.line("Nodes searched"), "Nodes searched: 25228");
    engine.send("position startpos moves i1j3 a7a6 h1i3 a6a5 h2h3 b7b6 g1h2 b6b5");
    engine.send("go perft 1");
    let lines = engine.until("Nodes searched");
    assert!(lines.iter().any(|l| l.starts_with("f1i1: ")), "castling short puts the king on i1: {lines:?}");
}

#[test]
fn d_names_a_draw_the_side_to_move_may_claim_k7() {
    let mut engine = ready("chess");
    engine.send("position fen 4k3/8/8/8/8/8/8/R3K3 w - - 100 80");
    engine.send("d");
    assert_eq!(engine.line("Draw claim:"), "Draw claim: 50-move rule");
    assert_eq!(engine.line("Result:"), "Result: *");
    engine.send("position startpos moves g1f3 g8f6 f3g1 f6g8 g1f3 g8f6 f3g1 f6g8");
    engine.send("d");
    assert_eq!(engine.line("Draw claim:"), "Draw claim: threefold repetition");
    // HP8: Howe's Portal Chess has no 50-move rule.
    let mut portal = ready("portal");
    portal.send("position startpos");
    portal.send("d");
    assert_eq!(portal.line("Draw claim:"), "Draw claim: -");
}
