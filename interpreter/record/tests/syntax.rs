//! The reader on hand-made PGN: every syntax feature of holechess records, and garbage.

use holechess_record::{
    Action, Annotation, CastleSide, GameRecord, GameResult, PgnReader, ReadError, SyntaxError, MAX_TAGS,
};

fn records(text: &str) -> Vec<GameRecord> {
    PgnReader::from_bytes(text.as_bytes()).map(|record| record.expect("readable")).collect()
}

/// Each game's problem, as text (`-` for none).
fn problems(text: &str) -> Vec<String> {
    let problem = |record: &GameRecord| record.problem.as_ref().map_or("-".to_owned(), ToString::to_string);
    records(text).iter().map(problem).collect()
}

fn only_game(text: &str) -> GameRecord {
    let mut games = records(text);
    assert_eq!(games.len(), 1, "{games:#?}");
    games.remove(0)
}

fn move_texts(record: &GameRecord) -> Vec<&str> {
    record.game.moves.iter().map(|entry| entry.text()).collect()
}

#[test]
fn byte_order_mark_and_crlf() {
    let record = only_game("\u{feff}[Event \"A\"]\r\n[Site \"B\"]\r\n\r\n1. e4 e5\r\n2. Nf3 *\r\n");
    assert_eq!(record.game.tags[0].name, "Event");
    assert_eq!(record.game.tag("Site"), Some("B"));
    assert_eq!(move_texts(&record), ["e4", "e5", "Nf3"]);
    assert_eq!(record.game.moves[2].line(), 5);
    assert_eq!(record.game.result, Some(GameResult::Unknown));
}

#[test]
fn move_numbers_with_and_without_dots() {
    let record = only_game("[FEN \"8/8/8/8/8/8/8/K1k5 b - - 0 12\"]\n\n12... Kd2 13.Kb2 13... Kd3 14 Kc1 0-1");
    assert_eq!(move_texts(&record), ["Kd2", "Kb2", "Kd3", "Kc1"]);
    let plies: Vec<u32> = record.game.moves.iter().map(|entry| entry.ply()).collect();
    assert_eq!(plies, [1, 2, 3, 4]);
    assert_eq!(record.game.result, Some(GameResult::BlackWins));
}

#[test]
fn castling_long_algebraic_and_suffixes() {
    let record = only_game("1. e2e4 e7e5 2. O-O 0-0-0+ 3. e7e8q! exd8=Q#?! 1/2-1/2");
    let actions: Vec<Action> = record.game.moves.iter().map(|e| e.notation().action).collect();
    assert_eq!(actions[2], Action::Castle(CastleSide::King));
    assert_eq!(actions[3], Action::Castle(CastleSide::Queen));
    assert_eq!(record.game.moves[4].nags().collect::<Vec<_>>(), [1]);
    assert_eq!(record.game.moves[5].nags().collect::<Vec<_>>(), [6]);
    assert_eq!(record.game.result, Some(GameResult::Draw));
}

#[test]
fn dice_comments_several_commands_in_order() {
    let record = only_game(
        "[Variant \"pothole\"]\n\n1. e4 {[%dice 6 5 5]} d6 {[%dice 5]} 2. d3 {[%dice 2] roll again} {[%dice 4 3]} *",
    );
    let moves = &record.game.moves;
    assert_eq!(moves[0].dice(), [6, 5, 5]);
    assert_eq!(moves[1].dice(), [5]);
    assert_eq!(moves[2].dice(), [2, 4, 3]);
    assert_eq!(moves[2].comments().collect::<Vec<_>>(), ["roll again"]);
    assert_eq!(record.game.variant(), Some("pothole"));
}

#[test]
fn dice_outcome_out_of_range_is_a_syntax_problem_at_its_ply() {
    let record = only_game("1. e4 {[%dice 6]} e5 {\n[%dice 0 3]} 2. Nf3 *");
    let problem = record.problem.clone().expect("problem");
    assert_eq!(problem.error, SyntaxError::BadDiceOutcome { text: "0".into() });
    assert_eq!((problem.line, problem.ply), (2, 3));
    assert_eq!(move_texts(&record), ["e4", "e5"]);
}

#[test]
fn transits_and_two_board_actions() {
    let record = only_game("1. e1d2>f5 Kd2>f5+ 2. @ @a4 3. -- e4 *");
    assert_eq!(move_texts(&record), ["e1d2>f5", "Kd2>f5+", "@", "@a4", "--", "e4"]);
    let actions: Vec<Action> = record.game.moves.iter().map(|e| e.notation().action).collect();
    let Action::Move(transit) = actions[0] else { panic!() };
    assert_eq!(transit.exit.map(|square| square.to_string()), Some("f5".into()));
    assert_eq!(actions[2], Action::Intent);
    assert!(matches!(actions[3], Action::Teleport { from } if from.to_string() == "a4"));
    assert_eq!(actions[4], Action::Pass);
}

#[test]
fn nested_variations_attach_to_the_move_before() {
    let record = only_game("1. e4 (1. d4 d5 (1... Nf6 2. c4) 2. c4) e5 ; a line comment\n2. Nf3 $14 *");
    let moves = &record.game.moves;
    assert_eq!(move_texts(&record), ["e4", "e5", "Nf3"]);
    assert_eq!(moves[0].variations().collect::<Vec<_>>(), ["1. d4 d5 (1... Nf6 2. c4) 2. c4"]);
    assert_eq!(moves[1].comments().collect::<Vec<_>>(), ["a line comment"]);
    assert_eq!(moves[2].annotations(), [Annotation::Nag(14)]);
}

#[test]
fn percent_escape_lines_are_ignored() {
    let record = only_game("% produced by a tool\n[Event \"A\"]\n\n1. e4\n% 1... c5\ne5 *");
    assert_eq!(move_texts(&record), ["e4", "e5"]);
}

#[test]
fn garbage_between_games_is_a_malformed_game_and_reading_goes_on() {
    let text = "[Event \"1\"]\n\n1. e4 e5 1-0 </p>\n<p>garbage</p>\n\n[Event \"2\"]\n\n1. d4 *\n";
    let games = records(text);
    assert_eq!(games.len(), 3);
    assert_eq!(games[2].game.tag("Event"), Some("2"));
    assert_eq!(games[2].game.line, 6);
    assert_eq!(
        problems(text),
        [
            "line 3, ply 3: `</p>` after the result (only comments may follow it on its line)",
            "line 4, ply 1: unexpected `<p>garbage</p>` in movetext",
            "-"
        ]
    );
}

/// A game that starts with a comment and no tags is read, not skipped.
#[test]
fn finding_1_a_game_without_tags_may_start_with_a_comment() {
    let games = records("1. e4 e5 *\n\n{c} 1. d4 d5 2. Qxd5 *\n");
    assert_eq!(games.len(), 2);
    assert_eq!(games[1].game.opening_comments, ["c"]);
    assert_eq!(move_texts(&games[1]), ["d4", "d5", "Qxd5"]);
}

/// Junk before a game is a malformed game of its own, up to its result;
/// the legal game after it is still read.
#[test]
fn finding_1_junk_before_a_game_does_not_swallow_it() {
    let text = "2+ 28. Rxf2 *\n1. e4 e5 *\n";
    assert_eq!(problems(text), ["line 1, ply 1: `2+` is not a move in holechess notation", "-"]);
    assert_eq!(move_texts(&records(text)[1]), ["e4", "e5"]);
}

/// `1*,*,*` is a garbled move number, not `1.` and a result.
#[test]
fn finding_1_a_garbled_move_number_spoils_the_game() {
    let text = "[Event \"A\"]\n\n1*,*,* 1. e4 e5 2. Qxd5 *\n[Event \"B\"]\n1. d4 *";
    assert_eq!(problems(text), ["line 3, ply 1: `1*,*,*` is not a move number (digits, then dots or a blank)", "-"]);
    assert_eq!(problems("1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 16  Nh4 1.e4 32768. e5 1...d5 *"), ["-"]);
}

/// Fused tokens are not moves; the game is malformed at that ply.
#[test]
fn finding_1_fused_tokens_spoil_the_game_at_their_ply() {
    assert_eq!(
        problems("[Event \"A\"]\n1. e4 e5 2. e4g2Nd5 Nc6 *"),
        ["line 2, ply 3: `e4g2Nd5` is not a move in holechess notation"]
    );
    assert_eq!(problems("1. e4 e5 2. Nf3Nc6 *"), ["line 1, ply 3: `Nf3Nc6` is not a move in holechess notation"]);
}

/// A tag line that lost its `[` spoils its game (one game, not two).
#[test]
fn finding_1_a_tag_line_without_its_bracket_is_a_malformed_tag() {
    let text = "[Event \"A\"]\nSite \"B\"]\n[Round \"1\"]\n\n1. e4 e5 *\n\n[Event \"C\"]\n\n1. d4 *\n";
    assert_eq!(problems(text), ["line 2, ply 1: malformed tag pair: the tag pair does not start with `[`", "-"]);
    let first = "Event \"A\"]\n[Site \"B\"]\n\n1. e4 e5 *\n";
    assert_eq!(problems(first), ["line 1, ply 1: malformed tag pair: the tag pair does not start with `[`"]);
}

/// Only comments may follow the result on its line; a doubled result spoils the game.
#[test]
fn after_the_result_only_comments() {
    assert_eq!(problems("1. e4 e5 1-0 {White won} ; on time\n1. d4 *"), ["-", "-"]);
    assert_eq!(
        problems("1. e4 e5 * *\n1. d4 *"),
        ["line 1, ply 3: `*` after the result (only comments may follow it on its line)", "-"]
    );
    assert_eq!(
        problems("1. e4 e5 1-0 {[%dice 3]}\n"),
        ["line 1, ply 3: `[%dice ...]` after the result (only comments may follow it on its line)"]
    );
}

#[test]
fn a_bad_game_does_not_stop_the_next() {
    let text = "[Event \"1\"]\n\n1. e4 <b>e5</b> 2. Nf3 *\n[Event \"2\"]\n1. d4 *";
    let games = records(text);
    assert_eq!(games.len(), 2);
    let problem = games[0].problem.clone().expect("problem");
    assert_eq!(problem.error, SyntaxError::UnexpectedText { text: "<b>e5</b>".into() });
    assert_eq!((problem.line, problem.ply), (3, 2));
    assert_eq!(games[1].problem, None);
    assert_eq!(move_texts(&games[1]), ["d4"]);
}

#[test]
fn a_bad_tag_line_spoils_one_game_not_three() {
    let text = "[Event \"1\"]<br>\n[Site \"x\"]\n[Round \"1\"]\n1. e4 *\n\n[Event \"2\"]\n1. d4 *";
    let games = records(text);
    assert_eq!(games.len(), 2);
    assert!(matches!(games[0].problem.as_ref().unwrap().error, SyntaxError::TextAfterTag { .. }));
    assert_eq!(games[1].game.tag("Event"), Some("2"));
}

#[test]
fn unescaped_quotes_inside_a_tag_value_are_kept() {
    let record = only_game("[Event \"Tour \"C\"\"]\n[Note \"a \\\"b\\\" \\\\\"]\n*");
    assert_eq!(record.game.tag("Event"), Some("Tour \"C\""));
    assert_eq!(record.game.tag("Note"), Some("a \"b\" \\"));
}

#[test]
fn truncated_game_at_end_of_file() {
    let cut_in_movetext = only_game("[Event \"A\"]\n\n1. e4 e5 2. Nf3");
    assert_eq!(move_texts(&cut_in_movetext), ["e4", "e5", "Nf3"]);
    assert_eq!((cut_in_movetext.problem, cut_in_movetext.game.result), (None, None));

    let cut_in_comment = only_game("[Event \"A\"]\n\n1. e4 {[%dice 6 5");
    let problem = cut_in_comment.problem.expect("problem");
    assert_eq!(problem.error, SyntaxError::Unterminated { what: "comment".into() });
    assert_eq!(problem.ply, 2);

    let cut_in_tag = only_game("[Event \"A\"]\n[Site \"B");
    assert!(matches!(cut_in_tag.problem.unwrap().error, SyntaxError::MalformedTag { .. }));
}

#[test]
fn tag_sections_without_movetext_are_separate_games() {
    let text = "[Event \"A\"]\n[Round \"1\"]\n\n[Event \"A\"]\n[Round \"2\"]\n\n[Round \"3\"]\n";
    let rounds: Vec<String> = records(text).iter().map(|record| record.game.tag("Round").unwrap().to_owned()).collect();
    assert_eq!(rounds, ["1", "2", "3"]);
}

#[test]
fn a_blank_line_inside_a_tag_section_does_not_split_the_game() {
    let record = only_game("[Event \"A\"]\n\n[Date \"2017.12.04\"]\n\n1. e4 *");
    assert_eq!(record.game.tags.len(), 2);
}

#[test]
fn games_without_tags_one_per_line() {
    let games = records("1. e4 e5 1-0\n1. d4 d5 0-1\n1. c4 *\n");
    assert_eq!(games.len(), 3);
    assert_eq!(games[2].game.line, 3);
    assert_eq!(move_texts(&games[1]), ["d4", "d5"]);
}

#[test]
fn a_line_of_prose_is_a_malformed_game() {
    let text = "2015 was a good year\nCopyright 2015\n[Event \"A\"]\n1. e4 *";
    assert_eq!(problems(text), ["line 1, ply 1: `was` is not a move in holechess notation", "-"]);
}

#[test]
fn moves_before_the_first_move_have_nothing_to_attach_to() {
    let problem = only_game("[Event \"A\"]\n{intro} (1. d4) 1. e4 *").problem.unwrap();
    assert_eq!(problem.error, SyntaxError::NothingToAttachTo { what: "a variation".into() });
}

#[test]
fn dice_before_the_first_move_are_the_game_start_rolls() {
    let game = only_game("[Event \"A\"]\n{[%dice 3 4] setup} 1. e4 *");
    assert!(game.problem.is_none(), "{:?}", game.problem);
    assert_eq!(game.game.start_dice, vec![3, 4]);
    assert_eq!(game.game.opening_comments, vec!["setup".to_string()]);
}

#[test]
fn not_pgn_at_all_is_reported_not_a_crash() {
    let mut reader = PgnReader::from_bytes(b"<html><body>\x00\xff\xfe no chess here</body></html>\n");
    let record = reader.next().expect("a game").expect("readable");
    assert!(matches!(record.problem.unwrap().error, SyntaxError::UnexpectedText { .. }));
    assert!(reader.next().is_none());
    let empty: Vec<_> = PgnReader::from_bytes(b"").collect();
    assert!(matches!(empty[..], [Err(ReadError::NoGames { bytes: 0 })]));
    let blank: Vec<_> = PgnReader::from_bytes(b" \n\n% only an escape line\n").collect();
    assert!(matches!(blank[..], [Err(ReadError::NoGames { .. })]));
}

#[test]
fn random_bytes_never_panic() {
    let mut state = 0x2545_f491_4f6c_dd1du64;
    let alphabet = b"[]{}()\"\\;%$!?.*-+#=@>/ \n\r\t1234567890abcdefghNBRQKOxP\xff\xc3";
    for _ in 0..300 {
        let text: Vec<u8> = (0..200)
            .map(|_| {
                state ^= state << 13;
                state ^= state >> 7;
                state ^= state << 17;
                alphabet[(state % alphabet.len() as u64) as usize]
            })
            .collect();
        for item in PgnReader::from_bytes(&text) {
            let _ = item;
        }
    }
}

/// One game with 100,000 tag pairs is malformed at the first one over the
/// limit; its other tags and its movetext are skipped, and the next game is read.
#[test]
fn finding_4_tags_per_game_are_limited() {
    let mut text = String::new();
    for index in 0..100_000 {
        text.push_str(&format!("[Tag{index} \"{index}\"]\n"));
    }
    text.push_str("\n1. e4 e5 *\n\n[Event \"next\"]\n\n1. d4 *\n");
    let games = records(&text);
    assert_eq!(games.len(), 2);
    let problem = games[0].problem.clone().expect("too many tags");
    assert_eq!(problem.error, SyntaxError::TooManyTags { limit: MAX_TAGS });
    assert_eq!((problem.line, games[0].game.tags.len()), (MAX_TAGS as u32 + 1, MAX_TAGS));
    assert_eq!((games[1].game.tag("Event"), games[1].problem.as_ref()), (Some("next"), None));
}
