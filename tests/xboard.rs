//! `holechess xboard` driven through its standard input and output as XBoard drives it:
//! the feature handshake, a whole game the engine plays against itself with `go`, moves in
//! coordinate notation (transit moves with their exit square), `?`, `ping`, and bad input
//! answered with `Illegal move` or `Error` while the session goes on.

mod protocol_client;

use std::time::{Duration, Instant};

use protocol_client::Engine;

fn ready() -> Engine {
    let mut engine = Engine::start("xboard");
    engine.send("xboard");
    engine.send("protover 2");
    let features = engine.line("feature");
    assert!(features.contains("done=1"), "{features}");
    engine
}

/// `move e2e4` -> `e2e4`.
fn moved(line: &str) -> String {
    line.strip_prefix("move ").unwrap_or_else(|| panic!("not a move: {line}")).to_string()
}

#[test]
fn the_features_name_every_bundled_variant_and_the_protocol_options() {
    let mut engine = Engine::start("xboard");
    engine.send("xboard");
    engine.send("protover 2");
    let features = engine.line("feature");
    for part in ["setboard=1", "usermove=1", "sigint=0", "san=0", "ping=1", "done=1"] {
        assert!(features.contains(part), "{part}: {features}");
    }
    assert!(features.contains("variants=\"normal,porthole,standard-portal,portal,portal-one-set,pothole,wormhole\""));
    engine.send("ping 7");
    assert_eq!(engine.line("pong"), "pong 7");
    engine.quit("quit");
}

#[test]
fn the_engine_plays_a_whole_game_against_itself_in_chess_porthole_and_portal() {
    for variant in ["normal", "porthole", "portal"] {
        let mut engine = ready();
        engine.send("new");
        engine.send(&format!("variant {variant}"));
        engine.send("sd 2");
        engine.send("st 1");
        let mut plies = 0;
        let mut ended = false;
        while plies < 50 && !ended {
            engine.send("go");
            let line = engine.line("move");
            assert!(!line.contains("Illegal") && !line.contains("Error"), "{variant}: {line}");
            moved(&line);
            plies += 1;
            engine.send("force");
            engine.send("ping 1");
            let answer = engine.until("pong");
            ended = answer.iter().any(|l| l.contains("-1 {") || l.contains("1-0 {") || l.contains("1/2-1/2 {"));
        }
        assert!(ended || plies == 50, "{variant}");
        engine.quit("quit");
    }
}

#[test]
fn the_engine_answers_a_user_move_with_its_own() {
    let mut engine = ready();
    engine.send("new");
    engine.send("sd 2");
    engine.send("usermove e2e4");
    let answer = moved(&engine.line("move"));
    assert!(answer.starts_with(|c: char| c.is_ascii_lowercase()) && answer.len() >= 4, "{answer}");
    engine.quit("quit");
}

#[test]
fn transit_moves_are_read_with_their_exit_square() {
    let mut engine = ready();
    engine.send("new");
    engine.send("variant porthole");
    engine.send("force");
    engine.send("usermove g1f3>c6");
    engine.send("usermove b8c6");
    assert!(engine.line("Illegal move").contains("b8c6"), "a knight on the porthole's exit is not there to capture");
    engine.send("usermove e7e5");
    engine.send("ping 2");
    let lines = engine.until("pong 2");
    assert!(lines.iter().all(|l| !l.starts_with("Illegal")), "{lines:?}");
}

#[test]
fn move_now_answers_at_once() {
    let mut engine = ready();
    engine.send("new");
    engine.send("st 100");
    engine.send("usermove e2e4");
    std::thread::sleep(Duration::from_millis(300));
    let asked = Instant::now();
    engine.send("?");
    moved(&engine.line("move"));
    assert!(asked.elapsed() < Duration::from_secs(2), "? took {:?}", asked.elapsed());
}

#[test]
fn a_time_per_move_is_kept() {
    let mut engine = ready();
    engine.send("new");
    engine.send("st 0.3");
    let asked = Instant::now();
    engine.send("usermove d2d4");
    moved(&engine.line("move"));
    let took = asked.elapsed();
    assert!(took < Duration::from_millis(700), "st 0.3 took {took:?}");
}

#[test]
fn bad_input_is_answered_and_the_session_goes_on() {
    let mut engine = ready();
    engine.send("new");
    engine.send("force");
    engine.send("usermove e2e5");
    assert_eq!(engine.line("Illegal move"), "Illegal move (e2e5 is not a legal move here): e2e5");
    engine.send("setboard 8/8/8 w - - 0 1");
    assert!(engine.line("Error").starts_with("Error (invalid FEN"));
    engine.send("variant porthol");
    assert!(engine.line("Error").contains("did you mean `porthole`"));
    engine.send("level 40 x 0");
    assert!(engine.line("Error").contains("minutes"));
    engine.send("frobnicate");
    assert_eq!(engine.line("Error"), "Error (unknown command): frobnicate");
    engine.send("usermove e2e4");
    engine.send("ping 3");
    let lines = engine.until("pong 3");
    assert!(lines.iter().all(|l| !l.starts_with("Illegal")), "{lines:?}");
    engine.quit("quit");
}

#[test]
fn a_checkmating_user_move_is_answered_with_the_result() {
    let mut engine = ready();
    engine.send("new");
    engine.send("force");
    engine.send("setboard 6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1");
    engine.send("usermove a1a8");
    assert_eq!(engine.line("1-0"), "1-0 {White mates}");
}

#[test]
fn in_a_variant_that_rolls_the_engine_announces_the_dice_of_its_own_move() {
    // PT1: a d6 after every move; an even face opens a pot-hole where two d8 say.
    let mut engine = ready();
    engine.send("variant pothole");
    engine.send("sd 2");
    engine.send("usermove e2e4:1");
    let answer = moved(&engine.line("move"));
    let (_, faces) = answer.split_once(':').unwrap_or_else(|| panic!("no dice after {answer}"));
    let faces: Vec<u32> = faces.split(',').map(|f| f.parse().unwrap()).collect();
    let expected = if faces[0] % 2 == 0 { 3 } else { 1 };
    assert!(faces.len() == expected && (1..=6).contains(&faces[0]), "{answer}");
    engine.send("usermove d2d4:9");
    let refusal = engine.line("Illegal move");
    assert!(refusal.contains("impossible dice outcome 9 for a d6") && refusal.ends_with("d2d4:9"), "{refusal}");
}
