//! `holechess rules VARIANT [--json]`: the resolved rules (after `extends` and `include`) in
//! words and as JSON with a stable schema (docs/rules-json.md).

use std::process::Output;

mod common;

use common::binary::{stderr, stdout};

fn holechess(args: &[&str]) -> Output {
    common::binary::holechess(args, "")
}

fn json_of(variant: &str) -> serde_json::Value {
    let out = holechess(&["rules", variant, "--json"]);
    assert!(out.status.success(), "{variant}: {}", stderr(&out));
    serde_json::from_str(&stdout(&out)).unwrap_or_else(|e| panic!("{variant}: not JSON: {e}\n{}", stdout(&out)))
}

fn names(list: &serde_json::Value) -> Vec<&str> {
    list.as_array().expect("a list").iter().map(|item| item["name"].as_str().expect("a name")).collect()
}

/// PH1, PH2, PH3, PH12: the resolved Porthole Chess, its pieces inherited from chess.
#[test]
fn porthole_json_is_the_resolved_rules_with_the_documented_fields() {
    let rules = json_of("porthole");
    assert_eq!(rules["schema"], 1);
    assert_eq!(rules["id"], "porthole");
    assert_eq!(rules["title"], "Porthole Chess");
    for field in ["summary", "sources", "boards", "start", "turns", "pieces", "tokens", "links", "play", "hooks"] {
        assert!(rules.get(field).is_some(), "no `{field}` field: {rules}");
    }
    let sources: Vec<&str> = rules["sources"].as_array().unwrap().iter().map(|s| s.as_str().unwrap()).collect();
    assert!(sources.iter().any(|s| s.ends_with("variants/chess.hole")), "extends chess: {sources:?}");
    assert!(sources.iter().any(|s| s.ends_with("stdlib/hole-mechanics.hole")), "include: {sources:?}");
    assert_eq!(rules["boards"]["files"], 8);
    assert_eq!(rules["turns"], "alternate");
    assert_eq!(names(&rules["pieces"]), ["pawn", "knight", "bishop", "rook", "queen", "king"]);
    let pawn = &rules["pieces"][0];
    assert_eq!(pawn["pawn_like"], true);
    assert_eq!(pawn["promotion"]["white_choices"], serde_json::json!(["queen", "rook", "bishop", "knight"]));
    let porthole = &rules["tokens"][0];
    assert_eq!(porthole["name"], "porthole");
    assert_eq!(porthole["default_squares"], serde_json::json!(["c3", "f3", "c6", "f6", "a4", "h4", "a5", "h5"]));
    assert_eq!(porthole["movement"], "blocks");
    assert_eq!(porthole["entry"], "capture-move");
    assert_eq!(porthole["exit"], "another-open");
    assert_eq!(porthole["stacking"], "dormant");
    assert_eq!(rules["play"]["en_passant"], false, "PH12");
    assert_eq!(rules["play"]["castling"]["short_king"], "g");
    assert!(rules["start"].as_str().unwrap().contains("porthole=c3"), "{}", rules["start"]);
}

#[test]
fn every_bundled_variant_and_example_prints_valid_json() {
    let root = std::path::PathBuf::from(env!("CARGO_MANIFEST_DIR"));
    let mut variants: Vec<String> =
        ["chess", "porthole", "standard-portal", "pothole", "wormhole", "portal", "portal-one-set"]
            .map(String::from)
            .to_vec();
    for entry in std::fs::read_dir(root.join("examples")).unwrap() {
        let path = entry.unwrap().path();
        if path.extension().is_some_and(|ext| ext == "hole") {
            variants.push(path.to_string_lossy().into_owned());
        }
    }
    for variant in &variants {
        let rules = json_of(variant);
        assert_eq!(rules["schema"], 1, "{variant}");
        assert!(!rules["pieces"].as_array().unwrap().is_empty(), "{variant}");
    }
}

#[test]
fn the_text_for_chess_names_every_piece_and_how_it_moves() {
    let out = holechess(&["rules", "chess"]);
    assert!(out.status.success());
    let text = stdout(&out);
    for piece in ["pawn (P)", "knight (N)", "bishop (B)", "rook (R)", "queen (Q)", "king (K)"] {
        assert!(text.contains(piece), "{piece}: {text}");
    }
    for phrase in [
        "leaps (1,2) in all directions",
        "slides diagonally",
        "slides orthogonally",
        "slides in all directions",
        "steps in all directions",
        "steps diagonally forward, only to capture, also en passant",
        "promotes on the last rank to queen, rook, bishop or knight",
        "castles as the king",
        "En passant: yes",
        "is checkmated and loses",
        "stalemated: a draw",
    ] {
        assert!(text.contains(phrase), "{phrase}: {text}");
    }
}

#[test]
fn the_text_describes_tokens_links_turns_and_hooks() {
    let portal = stdout(&holechess(&["rules", "portal"]));
    assert!(portal.contains("2 boards, A and B"), "{portal}");
    assert!(portal.contains("linked both ways: A:a4 = B:a4"), "{portal}");
    assert!(portal.contains("simultaneous"), "HP2: {portal}");
    let pothole = stdout(&holechess(&["rules", "pothole"]));
    assert!(pothole.contains("impassable: nothing lands on it or passes over it"), "PT3: {pothole}");
    assert!(pothole.contains("after each move: open_pit(\"pothole\")"), "{pothole}");
    let grasshopper = stdout(&holechess(&["rules", "examples/grasshopper.hole"]));
    assert!(grasshopper.contains("hops over the first piece in all directions"), "{grasshopper}");
    assert!(!grasshopper.contains("knight (N)"), "`remove piece knight` is resolved: {grasshopper}");
}

#[test]
fn an_unknown_variant_is_a_usage_error() {
    let out = holechess(&["rules", "no-such-variant"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(stderr(&out).contains("no-such-variant"), "{}", stderr(&out));
}

#[test]
fn game_ends_and_capture_rules_are_in_the_json_and_the_words() {
    let atomar = json_of("examples/catalogue/atomar.hole");
    let play = &atomar["play"];
    assert_eq!(play["checkmate"], "loss");
    assert_eq!(play["explosion"]["immune"], serde_json::json!(["king"]));
    assert_eq!(play["capture_bans"], serde_json::json!([["king", "king"]]));
    assert_eq!(play["extinctions"][0]["pieces"], serde_json::json!(["king"]));
    assert_eq!(play["extinctions"][0]["outcome"], "loss");
    let losers = json_of("examples/catalogue/losers.hole");
    assert_eq!(losers["play"]["checkmate"], "win");
    assert_eq!(losers["play"]["compulsory_capture"], true);
    let racing = json_of("examples/catalogue/racingkings.hole");
    assert_eq!(racing["play"]["no_checks"], true);
    assert_eq!(racing["play"]["goal"]["reply"], true);

    let words = |variant: &str| stdout(&holechess(&["rules", variant]));
    let antichess = words("examples/catalogue/antichess.hole");
    assert!(antichess.contains("a side with no pieces left wins"), "{antichess}");
    assert!(antichess.contains("a side that can capture must capture"), "{antichess}");
    assert!(antichess.contains("not in check, wins"), "{antichess}");
    let three_kings = words("examples/catalogue/threekings.hole");
    assert!(three_kings.contains("a side with fewer than 3 kings left loses"), "{three_kings}");
    let atomar_words = words("examples/catalogue/atomar.hole");
    assert!(atomar_words.contains("a side with no king left loses"), "{atomar_words}");
    assert!(atomar_words.contains("pawn-like pieces and kings excepted"), "{atomar_words}");
    assert!(atomar_words.contains("a king may not capture a king"), "{atomar_words}");
}
