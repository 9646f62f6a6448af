//! Every tricky PGN file reads without panic, with the game counts below: the fixtures in
//! `tests/fixtures/pgn/tricky/` (workspace root) always, and every file of the full corpus
//! `../shared/data/pgn/tricky/` beside the checkout in the ignored `full_corpus_*` test
//! (`.ci/run` runs it then). Where the count or the verdict differs from python-chess
//! (python-chess-results.tsv, "games read"), the comment says why. Legality is not checked
//! here: python-chess's "illegal san" errors are for the replay step, so those games count
//! as clean games for this syntax reader.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use holechess_record::{PgnReader, ReadError};

/// The tricky fixtures kept in the repository.
fn fixtures() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../../tests/fixtures/pgn/tricky")
}

/// The full tricky corpus beside the checkout.
fn full_corpus() -> PathBuf {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../../shared/data/pgn/tricky");
    assert!(dir.is_dir(), "{} is missing: the full_corpus_* tests need the full corpora", dir.display());
    dir
}

/// The files of the full corpus left out of the fixtures (large; the full-corpus test reads them).
const FULL_CORPUS_ONLY: [&str; 2] = ["scalachess/FWWRC-tags-only.pgn", "scalachess/snapshot-replay-mainline_fen.txt"];

/// What reading a file gives.
#[derive(Debug, Default, PartialEq, Eq)]
struct Outcome {
    games: usize,
    plies: usize,
    /// Games with a syntax problem.
    problems: usize,
    /// The reader said "no PGN games found".
    no_games: bool,
}

const fn games(games: usize, plies: usize) -> Outcome {
    Outcome { games, plies, problems: 0, no_games: false }
}

const fn with_problems(games: usize, plies: usize, problems: usize) -> Outcome {
    Outcome { games, plies, problems, no_games: false }
}

fn read(path: &Path) -> Outcome {
    let mut outcome = Outcome::default();
    for item in PgnReader::open(path).expect("open") {
        match item {
            Ok(record) => {
                outcome.games += 1;
                outcome.plies += record.game.moves.len();
                outcome.problems += usize::from(record.problem.is_some());
            }
            Err(ReadError::NoGames { .. }) => outcome.no_games = true,
            Err(error) => panic!("{}: {error}", path.display()),
        }
    }
    outcome
}

fn expected() -> BTreeMap<&'static str, Outcome> {
    let mut expected = BTreeMap::new();
    // Clean games, same count and plies as python-chess.
    for (file, plies) in [
        ("pgn-read/4ncl_96-97_01.pgn", 93),
        ("pgn-read/4ncl_96-97_02.pgn", 98),
        ("pgn-read/4ncl_96-97_03.pgn", 140),
        ("pgn-read/4ncl_96-97_04.pgn", 94),
        ("pgn-read/4ncl_96-97_05.pgn", 112),
        ("pgn-read/4ncl_96-97_06.pgn", 39),
        ("pgn-read/4ncl_97-98_07.pgn", 95),
        ("pgn-read/FIDE_longest_possible_game.pgn", 11790),
        ("pgn-read/all_4ncl_1996_2010_08.pgn", 151),
        ("pgn-read/all_4ncl_1996_2010_09.pgn", 50),
        ("pgn-read/all_4ncl_1996_2010_10.pgn", 67),
        // Comments holding `[` at the start of a line: not taken for tag lines.
        ("pgn-read/break_pgn_0_8_1_a.pgn", 52),
        ("pgn-read/break_pgn_0_8_1_b.pgn", 154),
        ("pgn-read/break_pgn_0_8_1_c.pgn", 91),
        ("pgn-read/calgames_01.pgn", 34),
        ("pgn-read/calgames_02.pgn", 53),
        ("pgn-read/calgames_03.pgn", 95),
        ("pgn-read/calgames_04.pgn", 67),
        ("pgn-read/calgames_05.pgn", 50),
        // `[Event "LA CC Handicap Tour "C""]`: an inner `"` not followed by `]` is kept.
        ("pgn-read/calgames_06.pgn", 61),
        ("pgn-read/calgames_07.pgn", 61),
        ("pgn-read/calgames_08.pgn", 70),
        ("pgn-read/calgames_09.pgn", 83),
        ("pgn-read/calgames_10.pgn", 76),
        ("pgn-read/calgames_11.pgn", 48),
        ("pgn-read/twic92n_01.pgn", 93),
        ("pgn-read/twic92n_02.pgn", 110),
        ("pgn-read/twic92n_03.pgn", 79),
        ("pgn-read/twic92n_04.pgn", 103),
        ("pgn-read/twic92n_05.pgn", 94),
        ("pgn-read/twic92n_06.pgn", 87),
        ("pgn-read/twic92n_07.pgn", 123),
        ("pgn-read/twic92n_08.pgn", 104),
        ("pgn-read/twic92n_09.pgn", 98),
        ("pgn-read/twic92n_11.pgn", 64),
        ("pgn-read/twic95n_10.pgn", 30),
        // A blank line inside the tag section does not split the game.
        ("python-chess/chessbase-empty-line.pgn", 134),
        ("python-chess/molinari-bordais-1979.pgn", 10),
        ("python-chess/nepomniachtchi-liren-game1.pgn", 97),
        ("python-chess/stockfish-learning.pgn", 154),
        // Long algebraic moves are part of holechess notation.
        ("python-chess/uci-moves.pgn", 113),
    ] {
        expected.insert(file, games(1, plies));
    }
    expected.insert("python-chess/antichess-programfox.pgn", games(2, 126));
    // Chess960 castling as O-O; FEN start positions are tags like any other.
    expected.insert("python-chess/cutechess-fischerrandom.pgn", games(4, 396));
    expected.insert("python-chess/kasparov-deep-blue-1997.pgn", games(6, 519));
    // The byte-order mark is skipped; two games with no moves, only `*`.
    expected.insert("python-chess/utf8-bom.pgn", games(2, 0));

    // The mangled hand-typed games: python-chess reads 1 game from each, then stops at an
    // illegal move. Every one of them has HTML (`<br>`) after the `[Result]` tag pair
    // (Little_01, 16 and 17 after every tag pair), a syntax problem here. The rest of the
    // tag section and its movetext (through the line of its result) are skipped with the bad
    // game. (In Little_02 the line is `(Result "1/2 - ½) <br>`: a variation before any move.)
    // Little_04 to 17 end with a line `<p></p>` after the game: text outside any game starts
    // a game of its own, malformed (no text goes without a verdict).
    for number in 1..=17 {
        let file: &'static str = format!("pgn-read/Little_{number:02}.pgn").leak();
        let outcome = if number <= 3 { with_problems(1, 0, 1) } else { with_problems(2, 0, 2) };
        expected.insert(file, outcome);
    }
    // ICC mails: the mail headers between the two games are a third game, malformed at its
    // first word (python-chess also counts 3 games, the third empty).
    expected.insert("pgn-read/crafty06_01.pgn", with_problems(3, 223, 1));
    // HTML newsletters with moves inside <strong> elements and no tag line: the whole file
    // is one game, malformed at its first word (python-chess makes 17 and 35 "games" out of
    // the HTML text).
    expected.insert("pgn-read/crafty06_02.pgn", with_problems(1, 0, 1));
    expected.insert("pgn-read/crafty06_03.pgn", with_problems(1, 0, 1));
    // 7 games like python-chess (whose error is an illegal move, for the replay step).
    // `* *` (games 1-3) and `1-0 ff` (games 5, 6): text after the result on its line spoils
    // the game; the forfeit `(+)-(-)` opens a variation before any move (game 4).
    expected.insert("pgn-read/twic9nn_error.pgn", with_problems(7, 140, 6));
    // `Z0` (ChessBase null move) is not holechess notation (a lost turn is `--`);
    // python-chess reads it as a null move.
    expected.insert("python-chess/anastasian-lewis.pgn", with_problems(1, 81, 1));
    // Crazyhouse drops (`N@f3`) read as drops, as python-chess reads them.
    expected.insert("python-chess/knightvuillaume-jannlee-zh-lichess.pgn", games(1, 48));
    expected.insert("python-chess/saturs-jannlee-zh-lichess.pgn", games(1, 122));
    // Tag sections without movetext: a repeated tag name starts the next game, so 605
    // and 45 games (python-chess merges each file into 1 game with repeated tags).
    expected.insert("scalachess/FWWRC-tags-only.pgn", games(605, 0));
    expected.insert("scalachess/uzchesscup-tags-only.pgn", games(45, 0));
    // FEN lines, not PGN (python-chess was not run on it): one game, malformed at once.
    expected.insert("scalachess/snapshot-replay-mainline_fen.txt", with_problems(1, 0, 1));
    // One game per line, no tags, no blank lines: each result ends a game, so 278 games
    // (python-chess reads on past each result: 1 game, then an illegal move).
    expected.insert("sunfish/pgns-headerless-one-per-line.pgn", games(278, 15896));
    // Not PGN files at all: one game each, malformed at its first word.
    expected.insert("pgn-read/LICENCE", with_problems(1, 0, 1));
    expected.insert("python-chess-results.tsv", with_problems(1, 0, 1));
    expected
}

/// Every file under `root`, relative to it, sorted.
fn every_tricky_file(root: &Path) -> Vec<String> {
    let mut files = Vec::new();
    let mut directories = vec![root.to_path_buf()];
    while let Some(directory) = directories.pop() {
        for entry in std::fs::read_dir(&directory).expect("tricky dir") {
            let path = entry.unwrap().path();
            if path.is_dir() {
                directories.push(path);
            } else {
                let relative = path.strip_prefix(root).unwrap();
                files.push(relative.to_string_lossy().into_owned());
            }
        }
    }
    files.sort();
    files
}

/// Every file under `root` gives its expected games; the table lists exactly the files of
/// `root` (leaving out `absent`).
fn check_every_file(root: &Path, absent: &[&str]) {
    let expected = expected();
    let files = every_tricky_file(root);
    assert_eq!(
        files.iter().map(String::as_str).collect::<Vec<_>>(),
        expected.keys().copied().filter(|file| !absent.contains(file)).collect::<Vec<_>>(),
        "the table must list every file"
    );
    for file in files {
        let outcome = read(&root.join(&file));
        assert_eq!(outcome, expected[file.as_str()], "{file}");
    }
}

#[test]
fn every_tricky_fixture_gives_the_expected_games() {
    check_every_file(&fixtures(), &FULL_CORPUS_ONLY);
}

#[test]
#[ignore = "full corpus: every file of ../shared/data/pgn/tricky; run by .ci/run"]
fn full_corpus_every_tricky_file_gives_the_expected_games() {
    check_every_file(&full_corpus(), &[]);
}

#[test]
fn problems_name_the_line_ply_and_text() {
    let path = fixtures().join("python-chess/anastasian-lewis.pgn");
    let records: Vec<_> = PgnReader::open(path).unwrap().games().map(Result::unwrap).collect();
    let problem = records[0].problem.clone().unwrap();
    assert_eq!(problem.to_string(), "line 20, ply 82: `Z0` is not a move in holechess notation");

    let path = fixtures().join("pgn-read/Little_02.pgn");
    let records: Vec<_> = PgnReader::open(path).unwrap().games().map(Result::unwrap).collect();
    let problem = records[0].problem.clone().unwrap();
    assert_eq!(problem.to_string(), "line 4, ply 1: a variation before the first move");
}
