//! Writing a game and reading the text back gives the same game (line numbers aside), and
//! the text follows export format: roster tags first, lines of at most 80 columns.

use holechess_record::{
    tags_in_export_order, write_game, write_games, Annotation, GameResult, MoveEntry, PgnGame, PgnReader,
};

fn read_back(text: &str) -> Vec<PgnGame> {
    PgnReader::from_bytes(text.as_bytes())
        .games()
        .map(|record| {
            let record = record.expect("readable");
            assert_eq!(record.problem, None, "{text}");
            record.game
        })
        .collect()
}

/// The game without what the layout decides: line numbers, and tag order.
fn without_lines(mut game: PgnGame) -> PgnGame {
    game.tags = tags_in_export_order(&game.tags).cloned().collect();
    game.line = 0;
    for entry in &mut game.moves {
        entry.set_line(0);
    }
    game
}

fn assert_round_trip(game: &PgnGame) -> String {
    let text = write_game(game);
    let again = read_back(&text);
    assert_eq!(again.len(), 1, "{text}");
    assert_eq!(without_lines(again[0].clone()), without_lines(game.clone()), "{text}");
    for line in text.lines() {
        assert!(line.len() <= 80 || !line.contains(' '), "long line: {line}");
    }
    text
}

fn entry(ply: u32, text: &str) -> MoveEntry {
    MoveEntry::new(ply, text).unwrap_or_else(|| panic!("{text}"))
}

fn game_of(moves: &[&str]) -> PgnGame {
    let mut game = PgnGame::default();
    game.set_tag("Variant", "pothole");
    game.set_tag("Result", "1-0");
    game.set_tag("Event", "Test");
    game.moves = moves.iter().enumerate().map(|(index, text)| entry(index as u32 + 1, text)).collect();
    game
}

#[test]
fn dice_transits_and_annotations_survive() {
    let mut game = game_of(&["e4", "d6", "e1d2>f5", "Kd2>f5+", "e7e8q", "O-O-O"]);
    game.opening_comments.push("a game with holes".into());
    game.moves[0].set_dice(vec![6, 5, 5]);
    game.moves[1].set_dice(vec![5]);
    game.moves[2].set_dice(vec![2, 4, 3, 1, 1]);
    game.moves[2].set_annotations(vec![
        Annotation::Nag(1),
        Annotation::Comment("through the porthole [%clk 0:01:00]".into()),
        Annotation::Variation("3. d4 {or this} (3. c4) d5".into()),
        Annotation::Comment("a } brace".into()),
    ]);
    game.result = Some(GameResult::WhiteWins);
    let text = assert_round_trip(&game);
    assert!(text.starts_with("[Event \"Test\"]\n[Result \"1-0\"]\n[Variant \"pothole\"]\n\n"));
    let one_line = text.split_whitespace().collect::<Vec<_>>().join(" ");
    assert!(one_line.contains("1. e4 {[%dice 6 5 5]} d6 {[%dice 5]} 2. e1d2>f5 {[%dice 2 4 3 1 1]} $1"), "{text}");
    assert!(text.contains(";a } brace\n"), "{text}");
    assert!(text.trim_end().ends_with("1-0"));
}

#[test]
fn two_board_actions_survive() {
    let mut game = game_of(&["e4", "@", "@a4", "--", "--", "Nf3"]);
    game.set_tag("Variant", "portal-two-board");
    let text = assert_round_trip(&game);
    assert!(text.contains("1. e4 @ 2. @a4 -- 3. -- Nf3"), "{text}");
}

#[test]
fn black_to_move_and_interruptions_get_move_numbers() {
    let mut game = game_of(&["Kd2", "Kb2", "Kd3"]);
    game.set_tag("FEN", "8/8/8/8/8/8/8/K1k5 b - - 0 12");
    game.moves[1].push_annotation(Annotation::Comment("only move".into()));
    let text = assert_round_trip(&game);
    assert!(text.contains("12... Kd2 13. Kb2 {only move} 13... Kd3"), "{text}");
}

#[test]
fn long_games_wrap_at_80_columns() {
    let moves: Vec<&str> = ["Nf3", "Nf6", "Ng1", "Ng8"].iter().cycle().take(400).copied().collect();
    let mut game = game_of(&moves);
    for entry in &mut game.moves {
        entry.set_dice(vec![6, 1, 8]);
    }
    let text = assert_round_trip(&game);
    assert!(text.lines().count() > 20);
}

#[test]
fn tag_values_with_quotes_and_backslashes_survive() {
    let mut game = game_of(&["e4"]);
    game.set_tag("Annotator", "a \"quoted\" name \\ and more");
    assert_round_trip(&game);
}

#[test]
fn real_and_tricky_files_survive_a_rewrite() {
    let fixtures = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../tests/fixtures/pgn");
    for name in [
        "real/pgnmentor-Morphy.pgn",
        "real/lichess-first-40.pgn",
        "tricky/pgn-read/break_pgn_0_8_1_b.pgn",
        "tricky/python-chess/kasparov-deep-blue-1997.pgn",
        "tricky/python-chess/cutechess-fischerrandom.pgn",
        "tricky/python-chess/chessbase-empty-line.pgn",
    ] {
        let path = fixtures.join(name);
        let file = path.display();
        let games: Vec<PgnGame> = PgnReader::open(&path).unwrap().games().map(|record| record.unwrap().game).collect();
        let mut text = Vec::new();
        write_games(&games, &mut text).unwrap();
        let again = read_back(std::str::from_utf8(&text).unwrap());
        assert_eq!(again.len(), games.len(), "{file}");
        for (before, after) in games.into_iter().zip(again) {
            assert_eq!(without_lines(after), without_lines(before), "{file}");
        }
    }
}

#[test]
fn games_serialise_to_json_and_back() {
    let mut game = game_of(&["e1d2>f5", "@a4"]);
    game.moves[0].set_dice(vec![3]);
    let json = serde_json::to_string(&game).unwrap();
    assert!(json.contains("\"text\":\"e1d2>f5\""), "{json}");
    let back: PgnGame = serde_json::from_str(&json).unwrap();
    assert_eq!(back, game);
}

/// A move entry's fields are private, so a deserialised entry is checked too: a
/// text that is not a move is an error, not a panic later in `notation()`.
#[test]
fn a_deserialised_entry_that_is_not_a_move_is_refused() {
    let bad = r#"{"line":0,"tags":[],"moves":[{"ply":1,"line":3,"text":"xyz"}],"result":null}"#;
    let error = serde_json::from_str::<PgnGame>(bad).expect_err("not a move");
    assert!(error.to_string().contains("`xyz` is not a move in holechess notation"), "{error}");
    let good = r#"{"line":0,"tags":[],"moves":[{"ply":1,"line":3,"text":"e1d2>f5","dice":[3]}],"result":null}"#;
    let game: PgnGame = serde_json::from_str(good).expect("a move");
    let entry = &game.moves[0];
    assert_eq!((entry.ply(), entry.line(), entry.text(), entry.dice()), (1, 3, "e1d2>f5", &[3][..]));
    assert_eq!(entry.notation(), holechess_record::Notation::parse("e1d2>f5").unwrap());
}
