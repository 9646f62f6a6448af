//! Replaying outside game records with the orthodox script (`variants/chess.hole`).
//!
//! The quick tests read the fixtures in `tests/fixtures/pgn/` (see the README there): every
//! real game in them must be valid with the counts of `real-counts.tsv`, and every tricky file
//! gives the outcome asserted below, compared with what python-chess reports
//! (`python-chess-results.tsv`); each difference is explained. The `full_corpus_*` tests are
//! ignored: they read the full corpora in `../shared/data/pgn/` when that folder sits beside
//! the checkout, and `.ci/run` runs them then.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::sync::{Arc, OnceLock};

use holechess_record::{SourceEvent, Validator};
use holechess_runtime::PlayableVariant;

/// The PGN fixtures kept in the repository.
fn fixtures() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/pgn")
}

/// The full corpora beside the checkout, for the ignored `full_corpus_*` tests.
fn full_corpus() -> PathBuf {
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../shared/data/pgn");
    assert!(dir.is_dir(), "{} is missing: the full_corpus_* tests need the full corpora", dir.display());
    dir
}

fn chess() -> Arc<PlayableVariant> {
    static RULES: OnceLock<Arc<PlayableVariant>> = OnceLock::new();
    Arc::clone(RULES.get_or_init(|| PlayableVariant::load("chess").expect("the chess script loads")))
}

/// What validating one file gives.
#[derive(Debug, Default, PartialEq, Eq)]
struct Outcome {
    games: usize,
    invalid: usize,
    plies: u64,
    /// The reason class of the first invalid game.
    first: Option<&'static str>,
    /// The file holds no PGN game at all.
    not_pgn: bool,
}

fn validate(path: &Path, jobs: usize) -> Outcome {
    let validator = Validator::new(chess(), Some(jobs)).expect("thread pool");
    let mut outcome = Outcome::default();
    let file = std::fs::File::open(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    validator
        .run(file, |event| match event {
            SourceEvent::Verdict(verdict) => {
                outcome.games += 1;
                outcome.plies += u64::from(verdict.plies);
                if let Some(failure) = verdict.failure {
                    outcome.invalid += 1;
                    outcome.first.get_or_insert(failure.reason.class());
                }
            }
            SourceEvent::NoGames { .. } => outcome.not_pgn = true,
        })
        .expect("read");
    outcome
}

/// Checks every file listed in a `real-counts.tsv` (file, bytes, games, plies, illegal games)
/// against the files of `dir`; returns the total (games, plies).
fn check_real_counts(counts: &Path, dir: &Path, jobs: usize) -> (usize, u64) {
    let counts = std::fs::read_to_string(counts).expect("counts");
    let (mut games, mut plies) = (0, 0);
    for row in counts.lines().filter(|line| line.contains(".pgn\t")) {
        let fields: Vec<&str> = row.split('\t').collect();
        let (name, expected_games, expected_plies, illegal) = (
            fields[0],
            fields[2].parse::<usize>().expect("games"),
            fields[3].parse::<u64>().expect("plies"),
            fields[4].parse::<usize>().expect("illegal"),
        );
        let outcome = validate(&dir.join(name), jobs);
        assert_eq!(
            (outcome.games, outcome.plies, outcome.invalid),
            (expected_games, expected_plies, illegal),
            "{name}: first failure {:?}",
            outcome.first
        );
        games += outcome.games;
        plies += outcome.plies;
    }
    (games, plies)
}

#[test]
fn every_fixture_real_game_is_valid_with_its_counts() {
    let fixtures = fixtures();
    let totals = check_real_counts(&fixtures.join("real-counts.tsv"), &fixtures.join("real"), 2);
    assert_eq!(totals, (341, 24_144));
}

#[test]
#[ignore = "full corpus: replays all 25,035 real games of ../shared/data/pgn/real; run by .ci/run"]
fn full_corpus_every_real_game_is_valid() {
    let full = full_corpus();
    let totals = check_real_counts(&full.join("real-counts.tsv"), &full.join("real"), 2);
    assert_eq!(totals, (25_035, 1_963_258));
}

/// The asserted outcome of one tricky file: games, invalid games, class of the first
/// failure, "holds no PGN", and why it differs from python-chess ("" when it does not).
type Expected = (&'static str, usize, usize, Option<&'static str>, bool, &'static str);

/// The Little_* files are the same game mangled 17 ways. python-chess reads past the
/// mangled tags and stops at the first bad move; our reader stops at the first syntax
/// problem, which in every one of them comes before any move (`<br>` after a tag pair on
/// the same line, or `(Result ...)` read as a variation before the first move).
const LITTLE: &str = "mangled tag section: malformed before the first move, not python-chess's later illegal SAN";

/// Little_04 to 17 also end with a line `<p></p>` after the game's result: text outside any
/// game starts a game of its own (no text goes without a verdict), malformed.
const LITTLE_HTML_TAIL: &str = "as LITTLE, and the trailing `<p></p>` line is a second game, malformed";

/// crafty06_02/03 are ICC newsletters in HTML: the PGN sits inside HTML lines, so no line
/// starts with `[` and no result stands as a token of its own: the whole file is one game,
/// malformed at its first word. python-chess digs games out of the HTML and fails on most.
const HTML: &str = "HTML newsletter: one game, malformed at its first word (python-chess: games with illegal SAN)";

const TRICKY: &[Expected] = &[
    ("pgn-read/4ncl_96-97_01.pgn", 1, 0, None, false, ""),
    ("pgn-read/4ncl_96-97_02.pgn", 1, 0, None, false, ""),
    ("pgn-read/4ncl_96-97_03.pgn", 1, 0, None, false, ""),
    ("pgn-read/4ncl_96-97_04.pgn", 1, 0, None, false, ""),
    ("pgn-read/4ncl_96-97_05.pgn", 1, 0, None, false, ""),
    ("pgn-read/4ncl_96-97_06.pgn", 1, 0, None, false, ""),
    ("pgn-read/4ncl_97-98_07.pgn", 1, 0, None, false, ""),
    ("pgn-read/FIDE_longest_possible_game.pgn", 1, 0, None, false, ""),
    // Not in python-chess's table: a licence text, one game malformed at its first word.
    ("pgn-read/LICENCE", 1, 1, Some("malformed"), false, ""),
    ("pgn-read/Little_01.pgn", 1, 1, Some("malformed"), false, LITTLE),
    ("pgn-read/Little_02.pgn", 1, 1, Some("malformed"), false, LITTLE),
    ("pgn-read/Little_03.pgn", 1, 1, Some("malformed"), false, LITTLE),
    ("pgn-read/Little_04.pgn", 2, 2, Some("malformed"), false, LITTLE_HTML_TAIL),
    ("pgn-read/Little_05.pgn", 2, 2, Some("malformed"), false, LITTLE_HTML_TAIL),
    ("pgn-read/Little_06.pgn", 2, 2, Some("malformed"), false, LITTLE_HTML_TAIL),
    ("pgn-read/Little_07.pgn", 2, 2, Some("malformed"), false, LITTLE_HTML_TAIL),
    ("pgn-read/Little_08.pgn", 2, 2, Some("malformed"), false, LITTLE_HTML_TAIL),
    ("pgn-read/Little_09.pgn", 2, 2, Some("malformed"), false, LITTLE_HTML_TAIL),
    ("pgn-read/Little_10.pgn", 2, 2, Some("malformed"), false, LITTLE_HTML_TAIL),
    ("pgn-read/Little_11.pgn", 2, 2, Some("malformed"), false, LITTLE_HTML_TAIL),
    ("pgn-read/Little_12.pgn", 2, 2, Some("malformed"), false, LITTLE_HTML_TAIL),
    ("pgn-read/Little_13.pgn", 2, 2, Some("malformed"), false, LITTLE_HTML_TAIL),
    ("pgn-read/Little_14.pgn", 2, 2, Some("malformed"), false, LITTLE_HTML_TAIL),
    ("pgn-read/Little_15.pgn", 2, 2, Some("malformed"), false, LITTLE_HTML_TAIL),
    ("pgn-read/Little_16.pgn", 2, 2, Some("malformed"), false, LITTLE_HTML_TAIL),
    ("pgn-read/Little_17.pgn", 2, 2, Some("malformed"), false, LITTLE_HTML_TAIL),
    ("pgn-read/all_4ncl_1996_2010_08.pgn", 1, 0, None, false, ""),
    ("pgn-read/all_4ncl_1996_2010_09.pgn", 1, 0, None, false, ""),
    ("pgn-read/all_4ncl_1996_2010_10.pgn", 1, 0, None, false, ""),
    ("pgn-read/break_pgn_0_8_1_a.pgn", 1, 0, None, false, ""),
    ("pgn-read/break_pgn_0_8_1_b.pgn", 1, 0, None, false, ""),
    ("pgn-read/break_pgn_0_8_1_c.pgn", 1, 0, None, false, ""),
    ("pgn-read/calgames_01.pgn", 1, 0, None, false, ""),
    ("pgn-read/calgames_02.pgn", 1, 0, None, false, ""),
    ("pgn-read/calgames_03.pgn", 1, 0, None, false, ""),
    ("pgn-read/calgames_04.pgn", 1, 0, None, false, ""),
    ("pgn-read/calgames_05.pgn", 1, 0, None, false, ""),
    ("pgn-read/calgames_06.pgn", 1, 0, None, false, ""),
    ("pgn-read/calgames_07.pgn", 1, 0, None, false, ""),
    ("pgn-read/calgames_08.pgn", 1, 0, None, false, ""),
    ("pgn-read/calgames_09.pgn", 1, 0, None, false, ""),
    ("pgn-read/calgames_10.pgn", 1, 0, None, false, ""),
    ("pgn-read/calgames_11.pgn", 1, 0, None, false, ""),
    (
        "pgn-read/crafty06_01.pgn",
        3,
        1,
        Some("malformed"),
        false,
        "the mail-header lines between the two games are a third game: empty for python-chess, \
         malformed at its first word here",
    ),
    ("pgn-read/crafty06_02.pgn", 1, 1, Some("malformed"), false, HTML),
    ("pgn-read/crafty06_03.pgn", 1, 1, Some("malformed"), false, HTML),
    ("pgn-read/twic92n_01.pgn", 1, 0, None, false, ""),
    ("pgn-read/twic92n_02.pgn", 1, 0, None, false, ""),
    ("pgn-read/twic92n_03.pgn", 1, 0, None, false, ""),
    ("pgn-read/twic92n_04.pgn", 1, 0, None, false, ""),
    ("pgn-read/twic92n_05.pgn", 1, 0, None, false, ""),
    ("pgn-read/twic92n_06.pgn", 1, 0, None, false, ""),
    ("pgn-read/twic92n_07.pgn", 1, 0, None, false, ""),
    ("pgn-read/twic92n_08.pgn", 1, 0, None, false, ""),
    ("pgn-read/twic92n_09.pgn", 1, 0, None, false, ""),
    ("pgn-read/twic92n_11.pgn", 1, 0, None, false, ""),
    ("pgn-read/twic95n_10.pgn", 1, 0, None, false, ""),
    // Both find the illegal `b1` (a pawn reaching the last rank without a promotion
    // piece) in game 7 at ply 138. We also reject game 4, whose movetext opens with a
    // `(` before any move (python-chess takes it as an empty variation), and games 1-3 and
    // 5-6, which have text after their result on its line (`* *`, `1-0 ff`).
    (
        "pgn-read/twic9nn_error.pgn",
        7,
        7,
        Some("malformed"),
        false,
        "game 4 opens its movetext with a variation, games 1-3 and 5-6 have text after the result: \
         malformed here, read past by python-chess",
    ),
    (
        "python-chess/anastasian-lewis.pgn",
        1,
        1,
        Some("malformed"),
        false,
        "`Z0` (ChessBase's null move) is not holechess notation; python-chess plays a null move",
    ),
    (
        "python-chess/antichess-programfox.pgn",
        2,
        2,
        Some("wrong_variant"),
        false,
        "[Variant \"Antichess\"]: python-chess knows antichess, we validate orthodox chess",
    ),
    ("python-chess/chessbase-empty-line.pgn", 1, 0, None, false, ""),
    (
        "python-chess/cutechess-fischerrandom.pgn",
        4,
        4,
        Some("wrong_variant"),
        false,
        "[Variant \"fischerandom\"]: Chess960 is not the orthodox script",
    ),
    ("python-chess/kasparov-deep-blue-1997.pgn", 6, 0, None, false, ""),
    (
        "python-chess/knightvuillaume-jannlee-zh-lichess.pgn",
        1,
        1,
        Some("wrong_variant"),
        false,
        "[Variant \"Crazyhouse\"]: drops are not orthodox chess",
    ),
    ("python-chess/molinari-bordais-1979.pgn", 1, 0, None, false, ""),
    ("python-chess/nepomniachtchi-liren-game1.pgn", 1, 0, None, false, ""),
    (
        "python-chess/saturs-jannlee-zh-lichess.pgn",
        1,
        1,
        Some("wrong_variant"),
        false,
        "[Variant \"Crazyhouse\"]: drops are not orthodox chess",
    ),
    ("python-chess/stockfish-learning.pgn", 1, 0, None, false, ""),
    ("python-chess/uci-moves.pgn", 1, 0, None, false, ""),
    ("python-chess/utf8-bom.pgn", 2, 0, None, false, ""),
    (
        "scalachess/FWWRC-tags-only.pgn",
        605,
        0,
        None,
        false,
        "605 tag sections without movetext: each is a game here, python-chess merges them into one",
    ),
    // A list of FENs, not PGN; not in python-chess's table. One game, malformed at once.
    ("scalachess/snapshot-replay-mainline_fen.txt", 1, 1, Some("malformed"), false, ""),
    (
        "scalachess/uzchesscup-tags-only.pgn",
        45,
        0,
        None,
        false,
        "45 tag sections without movetext: each is a game here, python-chess merges them into one",
    ),
    (
        "sunfish/pgns-headerless-one-per-line.pgn",
        278,
        0,
        None,
        false,
        "a move number 1 after a result starts a new game here; python-chess reads one game and \
         fails at the second game's `d4`",
    ),
];

/// python-chess's games, games with errors and the class of its first error, per file.
fn python_chess(tricky: &Path) -> BTreeMap<String, (usize, usize, Option<&'static str>)> {
    let text = std::fs::read_to_string(tricky.join("python-chess-results.tsv")).expect("python-chess results");
    text.lines()
        .skip(1)
        .map(|line| {
            let fields: Vec<&str> = line.split('\t').collect();
            let number = |i: usize| fields[i].parse::<usize>().expect("number");
            let first = fields.get(5).copied().unwrap_or("");
            (fields[0].to_owned(), (number(2), number(3), error_class(first)))
        })
        .collect()
}

/// python-chess's error message as one of our reason classes.
fn error_class(message: &str) -> Option<&'static str> {
    if message.is_empty() {
        None
    } else if message.starts_with("unsupported variant") {
        Some("wrong_variant")
    } else if message.starts_with("illegal san") || message.starts_with("no matching legal move") {
        Some("illegal")
    } else if message.starts_with("ambiguous") {
        Some("ambiguous")
    } else {
        Some("malformed")
    }
}

/// The tricky files of the full corpus left out of the fixtures (large; the full-corpus test
/// covers them).
const FULL_CORPUS_ONLY: [&str; 2] = ["scalachess/FWWRC-tags-only.pgn", "scalachess/snapshot-replay-mainline_fen.txt"];

/// The files in the subfolders of `root`, relative to it, sorted.
fn tricky_files(root: &Path) -> Vec<String> {
    let mut files = Vec::new();
    for dir in std::fs::read_dir(root).expect("tricky dir") {
        let dir = dir.expect("entry").path();
        if !dir.is_dir() {
            continue;
        }
        for file in std::fs::read_dir(&dir).expect("subdir") {
            let path = file.expect("entry").path();
            files.push(path.strip_prefix(root).unwrap().to_string_lossy().into_owned());
        }
    }
    files.sort();
    files
}

/// Every file of `root` has its row, in order, and gives the asserted outcome.
fn check_tricky(root: &Path, rows: &[&Expected]) {
    let listed: Vec<String> = rows.iter().map(|row| row.0.to_owned()).collect();
    assert_eq!(tricky_files(root), listed, "every tricky file has a row, in order");
    let python = python_chess(root);
    for &&(file, games, invalid, first, not_pgn, why) in rows {
        let outcome = validate(&root.join(file), 1);
        let got = (outcome.games, outcome.invalid, outcome.first, outcome.not_pgn);
        assert_eq!(got, (games, invalid, first, not_pgn), "{file}");
        if let Some(&theirs) = python.get(file) {
            let differs = theirs != (games, invalid, first);
            assert_eq!(differs, !why.is_empty(), "{file}: python-chess {theirs:?}");
        }
    }
}

#[test]
fn every_tricky_fixture_has_its_asserted_outcome() {
    let rows: Vec<&Expected> = TRICKY.iter().filter(|row| !FULL_CORPUS_ONLY.contains(&row.0)).collect();
    check_tricky(&fixtures().join("tricky"), &rows);
}

#[test]
#[ignore = "full corpus: every file of ../shared/data/pgn/tricky; run by .ci/run"]
fn full_corpus_every_tricky_file_has_its_asserted_outcome() {
    check_tricky(&full_corpus().join("tricky"), &TRICKY.iter().collect::<Vec<_>>());
}
