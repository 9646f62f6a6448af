//! Short matches complete, adjudicate, alternate colours, share openings within a pair,
//! replay legally and are reproducible with node limits.

mod support;

use std::sync::Arc;

use holechess_ai::{
    game_status, play_match_with, ChanceFactory, ChanceModel, GameEnd, GameStatus, Level, Limits, MatchSettings,
};
use holechess_kernel::notation::parse_move;
use holechess_kernel::spec::StalemateRule;
use holechess_kernel::testing::RawEdits;
use holechess_kernel::Position;

fn settings(games: u32, seed: u64) -> MatchSettings {
    MatchSettings { max_plies: 24, ..MatchSettings::new(games, seed, Limits::nodes(2_000)) }
}

#[test]
fn a_short_match_completes_with_a_valid_score() {
    let v = support::orthodox();
    let report = play_match_with(&v, Level(2), Level(1), &settings(2, 7), None);
    assert_eq!(report.games.len(), 2);
    assert_eq!(report.first_score() + report.second_score(), 2.0);
    let (w, d, l) = report.first_record();
    assert_eq!(w + d + l, 2);
    assert!(report.games[0].first_is_white && !report.games[1].first_is_white);
    assert_eq!(report.games[0].moves[..2], report.games[1].moves[..2], "a pair shares its opening");
    for game in &report.games {
        assert!([0.0, 0.5, 1.0].contains(&game.first_points));
        let mut pos = Position::start(&v);
        for text in &game.moves {
            let mv = parse_move(&pos, text).unwrap_or_else(|e| panic!("{e}"));
            pos.play_unchecked(mv);
        }
        if game.end == GameEnd::PlyCap {
            assert_eq!(game.moves.len(), 24);
        }
    }
    let again = play_match_with(&v, Level(2), Level(1), &settings(2, 7), None);
    // The games, not the depths: level 1's own 1 s clock may report a cut pass on a loaded machine.
    let games = |r: &holechess_ai::MatchReport| {
        r.games.iter().map(|g| (g.moves.clone(), g.end, g.winner, g.first_points)).collect::<Vec<_>>()
    };
    assert_eq!(games(&report), games(&again), "node limits make matches reproducible");
}

#[test]
fn different_seeds_give_different_openings() {
    let v = support::orthodox();
    let a = play_match_with(&v, Level(1), Level(1), &MatchSettings { max_plies: 2, ..settings(4, 1) }, None);
    let openings: Vec<_> = a.games.iter().map(|g| g.moves.clone()).collect();
    assert_eq!(openings[0], openings[1]);
    assert_ne!(openings[0], openings[2]);
    assert!(a.games.iter().all(|g| g.end == GameEnd::PlyCap && g.first_points == 0.5));
}

#[test]
fn game_status_reads_the_variant_rules() {
    let v = support::orthodox();
    let status = |fen: &str| game_status(&Position::from_fen(&v, fen).unwrap());
    assert_eq!(status("R5k1/5ppp/8/8/8/8/8/6K1 b - - 0 1"), GameStatus::Checkmated);
    assert_eq!(status("7k/5Q2/6K1/8/8/8/8/8 b - - 0 1"), GameStatus::Stalemated(StalemateRule::Draw));
    assert_eq!(status("7k/8/6K1/8/8/8/8/5Q2 w - - 100 80"), GameStatus::FiftyMoves);
    assert_eq!(status("7k/8/6K1/8/8/8/8/5Q2 w - - 99 80"), GameStatus::Ongoing);
    let mut pos = Position::start(&v);
    for text in ["g1f3", "g8f6", "f3g1", "f6g8", "g1f3", "g8f6", "f3g1"] {
        assert_eq!(game_status(&pos), GameStatus::Ongoing);
        pos.play_unchecked(parse_move(&pos, text).unwrap());
    }
    pos.play_unchecked(parse_move(&pos, "f6g8").unwrap());
    assert_eq!(game_status(&pos), GameStatus::Repetition);
    // Standard Portal Chess keeps no 50-move rule (SP8).
    let portal = support::standard_portal();
    let quiet =
        Position::from_fen(&portal, "4k3/8/8/8/8/8/8/R3K3 w - - 150 100 portal=c3,f3,a4,h4,a5,h5,c6,f6").unwrap();
    assert_eq!(game_status(&quiet), GameStatus::Ongoing);
}

#[test]
fn decisive_games_name_a_winner_and_draws_none() {
    let v = support::standard_portal();
    let report = play_match_with(&v, Level(2), Level(1), &MatchSettings { max_plies: 40, ..settings(2, 3) }, None);
    for g in &report.games {
        match g.end {
            GameEnd::Checkmate => assert!(g.winner.is_some() && g.first_points != 0.5),
            _ => assert!(g.winner.is_none() && g.first_points == 0.5),
        }
    }
}

/// Each random event removes a piece of the side that moved from the a-file, half the time.
struct AFileStrike;

impl ChanceModel for AFileStrike {
    fn outcomes(&self, after_move: &Position) -> Vec<(f64, Position)> {
        let mover = after_move.side_to_move().opponent();
        let g = after_move.geometry().clone();
        let victim = after_move
            .pieces_of(mover)
            .find(|&(sq, p)| g.file_of(sq) == 0 && !after_move.variant().piece(p.kind).royal);
        match victim {
            None => Vec::new(),
            Some((sq, _)) => {
                let mut hit = after_move.clone();
                hit.remove_piece(sq);
                vec![(0.5, after_move.clone()), (0.5, hit)]
            }
        }
    }
}

#[test]
fn matches_draw_random_events_from_the_model() {
    let v = support::orthodox();
    let factory: Box<ChanceFactory> = Box::new(|| Arc::new(AFileStrike) as Arc<dyn ChanceModel>);
    let report =
        play_match_with(&v, Level(2), Level(2), &MatchSettings { max_plies: 16, ..settings(2, 5) }, Some(&*factory));
    assert_eq!(report.games.len(), 2);
    assert_eq!(report.first_score() + report.second_score(), 2.0);
}
