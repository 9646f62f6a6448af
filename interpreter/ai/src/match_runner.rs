//! Matches between two levels: games from the variant's start position, colours
//! alternating, the first plies of each pair of games chosen at random from the seed (both
//! games of a pair share the opening, so each level plays it with both colours), random
//! events drawn from a chance model, and adjudication (mate, stalemate by the variant's
//! rule, the 50-move and repetition rules where the variant has them, two passes in a row,
//! a ply cap).

use std::sync::Arc;

use holechess_kernel::spec::StalemateRule;
use holechess_kernel::zobrist::splitmix64;
use holechess_kernel::{Move, Position, Side, Variant};

use crate::chance_model::{ChanceModel, PlayedEvent};
use crate::engine::Engine;
use crate::level::Level;
use crate::limits::Limits;
use crate::rng::SplitMix64;
use crate::standing::{game_status, GameStatus};

/// Makes the chance model of one game.
pub type ChanceFactory = dyn Fn() -> Arc<dyn ChanceModel> + Send + Sync;

/// How a match is played.
#[derive(Clone, Debug, PartialEq)]
pub struct MatchSettings {
    pub games: u32,
    pub seed: u64,
    /// Limits of every move (they tighten each level's own).
    pub per_move: Limits,
    /// Plies played at random at the start of each pair of games.
    pub random_plies: u32,
    /// A game still going after this many plies is drawn.
    pub max_plies: u32,
}

impl MatchSettings {
    pub fn new(games: u32, seed: u64, per_move: Limits) -> MatchSettings {
        MatchSettings { games, seed, per_move, random_plies: 2, max_plies: 300 }
    }
}

/// Why a game ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum GameEnd {
    Checkmate,
    /// The side that moved last reached its goal squares.
    Goal,
    /// A side has fewer pieces of a kind than an extinction rule allows.
    Extinction,
    /// No legal move, not in check: a draw, or a loss where the variant says so.
    Stalemate,
    FiftyMoves,
    Repetition,
    /// Both sides passed in a row (variants where a stalemated side passes).
    DoublePass,
    PlyCap,
}

/// One game of a match.
#[derive(Clone, Debug, PartialEq)]
pub struct GameResult {
    /// Whether the match's first level had White.
    pub first_is_white: bool,
    /// Every move in long algebraic notation, the random opening included.
    pub moves: Vec<String>,
    /// The dice faces rolled after each move, one list per move (empty where none were
    /// rolled or the chance model does not report them).
    pub dice: Vec<Vec<u32>>,
    pub end: GameEnd,
    /// `None` for a draw.
    pub winner: Option<Side>,
    /// The first level's points: 1, 0.5 or 0.
    pub first_points: f64,
    /// The depths the first and the second level's searches completed, over their moves.
    pub depths: [DepthTally; 2],
}

/// The depths a player's searches completed in a game (random opening plies not counted).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct DepthTally {
    pub moves: u32,
    pub total: u64,
    /// The shallowest search (0 when there was none).
    pub min: u32,
}

impl DepthTally {
    fn add(&mut self, depth: u32) {
        self.min = if self.moves == 0 { depth } else { self.min.min(depth) };
        self.moves += 1;
        self.total += u64::from(depth);
    }

    /// Adds another tally (for a whole match).
    pub fn merge(&mut self, other: DepthTally) {
        if other.moves == 0 {
            return;
        }
        self.min = if self.moves == 0 { other.min } else { self.min.min(other.min) };
        self.moves += other.moves;
        self.total += other.total;
    }

    /// The mean depth (0 without moves).
    pub fn mean(&self) -> f64 {
        if self.moves == 0 {
            0.0
        } else {
            self.total as f64 / f64::from(self.moves)
        }
    }
}

/// A whole match: every game and the totals.
#[derive(Clone, Debug, PartialEq)]
pub struct MatchReport {
    pub first: Level,
    pub second: Level,
    pub games: Vec<GameResult>,
}

impl MatchReport {
    /// Points of the first level (a win 1, a draw 0.5).
    pub fn first_score(&self) -> f64 {
        self.games.iter().map(|g| g.first_points).sum()
    }

    pub fn second_score(&self) -> f64 {
        self.games.len() as f64 - self.first_score()
    }

    /// The depths each level's searches completed over the whole match (first, second).
    pub fn depths(&self) -> [DepthTally; 2] {
        let mut total = [DepthTally::default(); 2];
        for game in &self.games {
            total[0].merge(game.depths[0]);
            total[1].merge(game.depths[1]);
        }
        total
    }

    /// The levels that had White and Black in `game`.
    pub fn colours(&self, game: &GameResult) -> (Level, Level) {
        match game.first_is_white {
            true => (self.first, self.second),
            false => (self.second, self.first),
        }
    }

    /// (wins, draws, losses) of the first level.
    pub fn first_record(&self) -> (usize, usize, usize) {
        let count = |p: f64| self.games.iter().filter(|g| g.first_points == p).count();
        (count(1.0), count(0.5), count(0.0))
    }
}

/// Plays `games` games between `first` and `second` (`first` has White in even games),
/// with the default 2 random opening plies and a 300-ply cap.
pub fn play_match(
    variant: &Arc<Variant>,
    first: Level,
    second: Level,
    games: u32,
    seed: u64,
    per_move: Limits,
    chance: Option<&ChanceFactory>,
) -> MatchReport {
    play_match_with(variant, first, second, &MatchSettings::new(games, seed, per_move), chance)
}

/// [`play_match`] with every setting given.
pub fn play_match_with(
    variant: &Arc<Variant>,
    first: Level,
    second: Level,
    settings: &MatchSettings,
    chance: Option<&ChanceFactory>,
) -> MatchReport {
    play_match_observed(variant, first, second, settings, chance, &mut |_| {})
}

/// [`play_match_with`], calling `on_game` with the report so far after every finished
/// game (for progress lines and a running score).
pub fn play_match_observed(
    variant: &Arc<Variant>,
    first: Level,
    second: Level,
    settings: &MatchSettings,
    chance: Option<&ChanceFactory>,
    on_game: &mut dyn FnMut(&MatchReport),
) -> MatchReport {
    let mut engines = [Engine::new(first), Engine::new(second)];
    let mut report = MatchReport { first, second, games: Vec::with_capacity(settings.games as usize) };
    for index in 0..settings.games {
        let game = play_game(variant, &mut engines, index, settings, chance);
        report.games.push(game);
        on_game(&report);
    }
    report
}

fn play_game(
    variant: &Arc<Variant>,
    engines: &mut [Engine; 2],
    index: u32,
    settings: &MatchSettings,
    chance: Option<&ChanceFactory>,
) -> GameResult {
    let first_is_white = index % 2 == 0;
    let model = chance.map(|f| f());
    for engine in engines.iter_mut() {
        engine.new_game();
        engine.set_chance_model(model.clone());
    }
    let pair_seed = splitmix64(settings.seed ^ splitmix64(u64::from(index / 2)));
    let mut game = Game {
        pos: Position::start(variant),
        moves: Vec::new(),
        dice_rolled: Vec::new(),
        last_was_pass: false,
        model,
        dice: SplitMix64::new(pair_seed ^ 0xD1CE),
    };
    let mut opening = SplitMix64::new(pair_seed);
    let mut depths = [DepthTally::default(); 2];
    let end = loop {
        if let Some(end) = game.adjudicate(settings.max_plies) {
            break end;
        }
        let mv = if game.moves.len() < settings.random_plies as usize {
            game.random_move(&mut opening)
        } else {
            let mover = usize::from((game.pos.side_to_move() == Side::White) != first_is_white);
            let result = engines[mover].choose(&game.pos, settings.per_move);
            depths[mover].add(result.depth);
            result.best_move.expect("adjudicate() found legal moves")
        };
        game.play(mv);
    };
    let winner = game.winner(end);
    let first_side = if first_is_white { Side::White } else { Side::Black };
    let first_points = match winner {
        None => 0.5,
        Some(side) if side == first_side => 1.0,
        Some(_) => 0.0,
    };
    GameResult { first_is_white, moves: game.moves, dice: game.dice_rolled, end, winner, first_points, depths }
}

/// A game in progress.
struct Game {
    pos: Position,
    moves: Vec<String>,
    dice_rolled: Vec<Vec<u32>>,
    last_was_pass: bool,
    model: Option<Arc<dyn ChanceModel>>,
    dice: SplitMix64,
}

impl Game {
    /// Why the game is over, if it is. A side that must pass does so here.
    fn adjudicate(&mut self, max_plies: u32) -> Option<GameEnd> {
        loop {
            let end = match game_status(&self.pos) {
                GameStatus::Ongoing => None,
                GameStatus::Checkmated => Some(GameEnd::Checkmate),
                GameStatus::GoalReached => Some(GameEnd::Goal),
                GameStatus::Extinct => Some(GameEnd::Extinction),
                GameStatus::Stalemated(StalemateRule::Pass) if self.last_was_pass => Some(GameEnd::DoublePass),
                GameStatus::Stalemated(StalemateRule::Pass) => {
                    self.play(Move::Pass);
                    self.last_was_pass = true;
                    continue;
                }
                GameStatus::Stalemated(_) => Some(GameEnd::Stalemate),
                GameStatus::FiftyMoves => Some(GameEnd::FiftyMoves),
                GameStatus::Repetition => Some(GameEnd::Repetition),
            };
            return end.or_else(|| (self.moves.len() as u32 >= max_plies).then_some(GameEnd::PlyCap));
        }
    }

    fn random_move(&self, rng: &mut SplitMix64) -> Move {
        let legal = self.pos.legal_moves();
        legal.as_slice()[rng.below(legal.len())]
    }

    /// Plays `mv`, then the random event after it, drawn by its probability.
    fn play(&mut self, mv: Move) {
        self.moves.push(holechess_kernel::notation::lan(&self.pos, mv));
        self.last_was_pass = false;
        self.pos.play_unchecked(mv);
        let event = self.model.as_ref().map(|model| model.play_event(&self.pos, self.dice.next_u64()));
        let PlayedEvent { position, faces } = event.unwrap_or_default();
        if let Some(next) = position {
            self.pos = next;
        }
        self.dice_rolled.push(faces);
    }

    /// The winner of a finished game, `None` for a draw: the kernel's result where the rules
    /// ended the game (the variant says who wins a mate, a stalemate or an extinction).
    fn winner(&self, end: GameEnd) -> Option<Side> {
        match end {
            GameEnd::FiftyMoves | GameEnd::Repetition | GameEnd::DoublePass | GameEnd::PlyCap => None,
            _ => match self.pos.status().result(self.pos.side_to_move()) {
                "1-0" => Some(Side::White),
                "0-1" => Some(Side::Black),
                _ => None,
            },
        }
    }
}
