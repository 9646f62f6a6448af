//! One REPL session: the game, how it started, who the computer plays, and every command.
//! Each input line is handled by [`Session::handle`]; what it says goes to standard output
//! (errors as `error: ...` lines), and a rejected line never ends the session.

use std::path::Path;
use std::sync::Arc;
use std::time::Duration;

use holechess_ai::{Engine, Level, Limits};
use holechess_kernel::notation::{lan, san, NotationError};
use holechess_kernel::{Move, Position, Side};
use holechess_runtime::{Dice, Game, GameError, PlayableVariant};
use holechess_view::{render_svg, SvgOptions};

use super::advice;
use super::command::{self, Input};
use super::exits::{self, ExitChoice};
use super::explain::{check_lines, why_illegal};
use super::movetext::PastedMove;
use super::overwrite::OwnFiles;
use super::record_header::{player_tag, Mover, Movers, RecordHeader};
use super::records::{self, EarlierPlies, Saving};
use super::setup::{read_layout, GameStart};
use super::show::{self, Screen, Style};
use super::typed::{self, Typed};
use super::AiSides;
use super::{autosave, interrupt, movetext, wording};
use crate::atomic_file::{self, Links};
use crate::event_chance::EventChance;

/// Most plies the computer plays on its own in one go when it has both sides.
const AUTOPLAY_CAP: usize = 400;
/// The computer's time per move (its level may use less).
const AI_MOVE_TIME: Duration = Duration::from_millis(1000);

/// Whether the session goes on.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Flow {
    Continue,
    Quit,
}

/// A game ended by a player rather than by the board.
#[derive(Clone, Debug)]
struct Ending {
    /// `Draw claimed by threefold repetition`, `White resigns`.
    said: String,
    result: &'static str,
}

/// A game at the REPL.
pub struct Session {
    rules: Arc<PlayableVariant>,
    game: Game,
    setup: GameStart,
    seed: u64,
    ai: AiSides,
    engine: Engine,
    screen: Screen,
    /// A game ended by a player (a claimed draw, a resignation).
    ended: Option<Ending>,
    /// Dice rolled at a real table for the next ply's event (`dice 6 5 5`).
    table_dice: Option<Vec<u32>>,
    /// Plies of a loaded record before the game's first played ply (`records`).
    earlier: EarlierPlies,
    /// Transits typed without an exit, waiting for the player to pick one.
    choices: Option<ExitChoice>,
    /// Plies played since the game was last saved, loaded or started.
    unsaved: bool,
    /// The record's tags and comments besides the moves (a loaded record's kept).
    header: RecordHeader,
    /// Who played each ply of the game (a loaded record's plies first).
    movers: Movers,
    /// The files that hold this game (saving over them loses nothing).
    own_files: OwnFiles,
    /// A save over a file holding more than this game, waiting for the player's `yes`.
    pending_save: Option<String>,
    /// At a terminal: an unsaved game is autosaved when left.
    interactive: bool,
    /// Lines rejected so far.
    pub rejected: usize,
}

impl Session {
    pub fn new(rules: Arc<PlayableVariant>, seed: u64, ai: AiSides, level: u8, style: Style) -> Session {
        let game = Game::seeded(Arc::clone(&rules), seed);
        let engine = engine_for(&rules, level);
        let setup =
            GameStart { start_dice: game.setup().rolls.iter().map(|r| r.value).collect(), ..GameStart::default() };
        let header = RecordHeader::new_game(&game.setup().notes);
        Session {
            rules,
            game,
            setup,
            seed,
            ai,
            engine,
            screen: Screen::new(style),
            ended: None,
            table_dice: None,
            choices: None,
            earlier: EarlierPlies::default(),
            unsaved: false,
            header,
            movers: Movers::default(),
            own_files: OwnFiles::default(),
            pending_save: None,
            interactive: false,
            rejected: 0,
        }
    }

    /// Marks the session as one at a terminal: Ctrl-C and autosave apply.
    pub fn set_interactive(&mut self) {
        self.interactive = true;
    }

    /// Leaving the game (quit, Ctrl-D, a new game or a load): an unsaved game of an
    /// interactive session is autosaved, and the file named.
    pub fn leave_game(&mut self) {
        if !self.interactive || !self.unsaved || self.ply_count() == 0 {
            return;
        }
        let Some(path) = autosave::file_for(self.rules.id()) else {
            println!("The game was not saved (no folder for autosaves: set XDG_STATE_HOME or HOME).");
            return;
        };
        match self.write_record(&path, Links::Refuse) {
            Ok(()) => println!("{}", autosave::saved_message(&plies(self.ply_count()), &shown(&path))),
            Err(message) => println!("error: autosave failed: {message}"),
        }
    }

    /// Legal moves in both notations (for completion).
    pub fn move_texts(&self) -> Vec<String> {
        let pos = self.game.position();
        let mut texts: Vec<String> = pos.legal_moves().iter().flat_map(|&mv| [san(pos, mv), lan(pos, mv)]).collect();
        texts.sort();
        texts.dedup();
        texts
    }

    /// `porthole 3. White> ` for the prompt; on two boards `portal 3. White on B> `, and
    /// `portal 4. Black on A, teleport due> ` when a teleport must be made.
    pub fn prompt(&self) -> String {
        let pos = self.game.position();
        let side = pos.side_to_move();
        let board = match pos.board_to_move() {
            Some(board) if pos.geometry().boards() > 1 => format!(" on {}", pos.geometry().board_names[board]),
            _ => String::new(),
        };
        let due = if pos.must_teleport(side) { ", teleport due" } else { "" };
        let exit = self.choices.as_ref().map_or(String::new(), |choice| format!(", exit for {}", choice.typed));
        format!("{} {}. {}{board}{due}{exit}> ", self.rules.id(), pos.fullmove_number(), side.title())
    }

    /// The banner and the board at the start; the computer moves if it has White.
    pub fn start(&mut self) {
        let spec = self.rules.variant().spec();
        self.screen.say(&format!("{} ({}): {}", spec.title, self.rules.id(), spec.summary));
        self.screen.say(&format!("seed {}; {}. Type `help` for the commands.", self.seed, self.players_line()));
        self.print_game_start();
        self.print_board();
        self.autoplay();
    }

    /// What the variant's game-start hooks rolled and did (or why they failed).
    fn print_game_start(&mut self) {
        let setup = self.game.setup().clone();
        if let Some(error) = &setup.error {
            self.reject(&format!("game start: {error}; the game starts from the declared position"));
        }
        if !setup.rolls.is_empty() {
            let rolls: Vec<String> = setup.rolls.iter().map(ToString::to_string).collect();
            println!("game start dice: {}", rolls.join(" "));
        }
        for note in &setup.notes {
            println!("  {}", crate::terminal_text::escaped(note));
        }
    }

    /// Handles one line.
    pub fn handle(&mut self, line: &str) -> Flow {
        if let Some(path) = self.pending_save.take() {
            if self.answer_overwrite(&path, line) {
                return Flow::Continue;
            }
        }
        if let Some(choice) = self.choices.take() {
            if let Some(mv) = choice.pick(self.game.position(), line) {
                if let Err(message) = self.play_move(mv) {
                    self.reject(&message);
                }
                return Flow::Continue;
            }
            match exits::answer_to(&choice, line) {
                exits::Answer::OutOfRange(message) => {
                    self.reject(&message);
                    self.choices = Some(choice);
                    return Flow::Continue;
                }
                exits::Answer::Keep => self.choices = Some(choice),
                exits::Answer::Cancel => println!("{} cancelled", choice.typed),
            }
        }
        let input = command::read(line);
        if input == Input::Quit {
            return Flow::Quit;
        }
        if let Err(message) = self.dispatch(input) {
            self.reject(&message);
        }
        Flow::Continue
    }

    /// Counts a rejected line and prints why.
    pub fn reject(&mut self, message: &str) {
        self.rejected += 1;
        let message = &crate::terminal_text::escaped(&wording::without_ruling_ids(message)).into_owned();
        // Rendered diagnostics already say `error:` and carry their own caret lines.
        if message.starts_with("error") {
            println!("{}", message.trim_end());
        } else {
            for line in message.lines() {
                self.screen.say(&format!("error: {line}"));
            }
        }
    }

    fn dispatch(&mut self, input: Input) -> Result<(), String> {
        match input {
            Input::Nothing | Input::Quit => Ok(()),
            Input::Move(text) => self.human_move(&text),
            Input::Help => {
                self.screen.say(&command::help_text());
                Ok(())
            }
            Input::Board => {
                self.print_board_with(true);
                Ok(())
            }
            Input::Moves(square) => self.list_moves(square.as_deref()),
            Input::Undo => self.undo(),
            Input::New(variant) => self.new_game(variant.as_deref()),
            Input::Holes(Some(squares)) => self.holes(&squares),
            Input::Holes(None) => {
                advice::layout_lines(self.game.position()).iter().for_each(|line| println!("{line}"));
                Ok(())
            }
            Input::History => {
                self.history();
                Ok(())
            }
            Input::Flip => {
                self.screen.style.flipped = !self.screen.style.flipped;
                self.print_board();
                Ok(())
            }
            Input::Resign => self.resign(),
            Input::Hint => self.hint(),
            Input::Dice(values) => self.table_dice(&values),
            Input::Seed(n) => self.reseed(&n),
            Input::Ai(side) => self.set_ai(&side),
            Input::Level(n) => self.set_level(&n),
            Input::Go => self.go(),
            Input::Fen | Input::Position(None) => {
                println!("{}", self.game.position().fen());
                Ok(())
            }
            Input::Position(Some(fen)) => self.set_position(&fen),
            Input::Save(path) => self.save_asking(&path),
            Input::SaveForced(path) => self.save(Path::new(&path), Links::Replace),
            Input::Load(path) => self.load(Path::new(&path)),
            Input::Svg(path) => self.svg(Path::new(&path)),
            Input::Draw => self.claim_draw(),
            Input::MissingArgument(name) => Err(command::usage(name)),
        }
    }

    // --- moves -------------------------------------------------------------------------

    fn human_move(&mut self, typed: &str) -> Result<(), String> {
        self.ensure_going()?;
        let moves = movetext::moves_of_line(typed)?;
        match moves.as_slice() {
            [] => Err(format!("`{}` holds no move (only move numbers, comments or a result)", typed.trim())),
            [one] => {
                self.check_move_number(one)?;
                self.one_move(&one.text)
            }
            many => self.pasted(many),
        }
    }

    /// A move number written before a move must be the game's where that move is played:
    /// a line from another point of the game is refused there, not played from here.
    fn check_move_number(&self, pasted: &PastedMove) -> Result<(), String> {
        let Some(number) = &pasted.number else { return Ok(()) };
        let pos = self.game.position();
        let (now, side) = (pos.fullmove_number(), pos.side_to_move());
        if number.matches(now, side) {
            return Ok(());
        }
        Err(format!(
            "`{} {}` is numbered for another point of the game: the game is at move {now}, {} to move \
             (leave the move numbers out to play the moves from here)",
            crate::terminal_text::escaped(&number.written),
            crate::terminal_text::escaped(&pasted.text),
            side.title()
        ))
    }

    /// One typed move: played, or its exits offered, or refused with the reason.
    fn one_move(&mut self, typed: &str) -> Result<(), String> {
        match self.read_typed(typed)? {
            Typed::Move(mv) => self.play_move(mv),
            Typed::OnlyExit(line, mv) => {
                println!("{line}");
                self.play_move(mv)
            }
            Typed::Exits(choice) => {
                for line in choice.offer(self.game.position()) {
                    println!("{line}");
                }
                self.choices = Some(choice);
                Ok(())
            }
        }
    }

    /// A pasted line of moves: each played in order (the board shown once at the end); the
    /// first that cannot be played stops the line with its reason.
    fn pasted(&mut self, moves: &[PastedMove]) -> Result<(), String> {
        let total = moves.len();
        for (played, pasted) in moves.iter().enumerate() {
            let text = &pasted.text;
            let checked = self.ensure_going().and_then(|()| self.check_move_number(pasted));
            let mv = match checked.and_then(|()| self.pasted_move(text)) {
                Ok(mv) => mv,
                // A first word that is no move may be a mistyped command: said as for one move.
                Err(reason) if played == 0 => return Err(reason),
                Err(reason) => return Err(self.stop_pasted(played, total, text, &reason)),
            };
            let side = self.game.position().side_to_move();
            self.play_now(mv).map_err(|reason| self.stop_pasted(played, total, text, &reason))?;
            self.announce_ply(Mover::Human(side), None);
        }
        self.print_board();
        self.say_checks();
        println!("played all {total} moves of the line");
        self.autoplay();
        Ok(())
    }

    /// The move a word of a pasted line names; a transit with several free exits must name
    /// its exit there (no choice is offered in the middle of a line).
    fn pasted_move(&self, text: &str) -> Result<Move, String> {
        match self.read_typed(text)? {
            Typed::Move(mv) | Typed::OnlyExit(_, mv) => Ok(mv),
            Typed::Exits(choice) => Err(typed::exit_needed(self.game.position(), &choice)),
        }
    }

    /// `played 2 of 5 moves; stopped at Bb5: ...`, after showing the board reached.
    fn stop_pasted(&mut self, played: usize, total: usize, text: &str, reason: &str) -> String {
        if played > 0 {
            self.print_board();
        }
        let reason = reason.strip_prefix(&format!("illegal move {text}: ")).unwrap_or(reason);
        format!("played {played} of {total} moves; stopped at {text}: {reason}")
    }

    /// What a typed move names here, read forgivingly (any case, `o-o`, `e.p.`, annotations).
    fn read_typed(&self, typed: &str) -> Result<Typed, String> {
        typed::read(self.game.position(), typed, |text, error| self.move_error(text, error))
    }

    /// Plays a legal move of the player, then lets the computer answer.
    fn play_move(&mut self, mv: Move) -> Result<(), String> {
        self.ensure_going()?;
        let side = self.game.position().side_to_move();
        self.play_now(mv)?;
        self.after_ply(Mover::Human(side), None);
        self.autoplay();
        Ok(())
    }

    /// An error for a move text that could not be played, with the reason where known.
    fn move_error(&self, text: &str, error: GameError) -> String {
        let pos = self.game.position();
        match error {
            GameError::Notation(NotationError::Malformed(_)) => {
                let word = text.split_whitespace().next().unwrap_or(text);
                let hints = command::suggestions(word);
                let hint = match hints.as_slice() {
                    [] => "type `help` for the commands, `moves` for the legal moves".to_owned(),
                    some => format!(
                        "did you mean {}?",
                        some.iter().map(|c| format!("`{c}`")).collect::<Vec<_>>().join(" or ")
                    ),
                };
                format!("`{text}` is neither a command nor a move ({hint})")
            }
            GameError::Notation(NotationError::Illegal(_)) | GameError::Illegal(_) => match why_illegal(pos, text) {
                Some(reason) => format!("illegal move {text}: {reason}"),
                None => format!("illegal move {text} (type `moves` for the legal moves)"),
            },
            other => other.to_string(),
        }
    }

    /// Prints the ply just played, then the board and how the game stands, unless the
    /// computer answers at once: then the board follows its reply, so that a move and the
    /// reply fit one screen.
    fn after_ply(&mut self, mover: Mover, who: Option<String>) {
        if !self.announce_ply(mover, who) {
            return;
        }
        let replies = self.ai.plays(self.game.position().side_to_move()) && !self.ai.both() && self.is_going();
        if !replies {
            self.print_board();
        }
        self.say_checks();
    }

    /// Prints the ply just played (false when there is none).
    fn announce_ply(&mut self, mover: Mover, who: Option<String>) -> bool {
        self.unsaved = true;
        self.movers.push(mover);
        let Some(ply) = self.game.plies().last() else { return false };
        for line in show::ply_lines(ply, who.as_deref()) {
            self.screen.say(&line);
        }
        true
    }

    /// Who gives check and by what route, after a ply.
    fn say_checks(&mut self) {
        for line in check_lines(self.game.position()) {
            self.screen.say(&line);
        }
    }

    fn print_board(&mut self) {
        self.print_board_with(false);
    }

    /// The board, its legend when it changed (or `with_legend`), and how the game stands.
    fn print_board_with(&mut self, with_legend: bool) {
        let last = self.game.plies().last().map(|ply| ply.mv);
        print!("{}", self.screen.board(self.game.position(), last, with_legend));
        for line in show::standing(self.game.position()) {
            self.screen.say(&line);
        }
        if let Some(ending) = &self.ended {
            println!("{} ({}).", ending.said, ending.result);
        }
    }

    /// The computer moves while it has the move (at most [`AUTOPLAY_CAP`] plies when it
    /// plays both sides; it claims a draw it may claim then).
    fn autoplay(&mut self) {
        let mut played = 0;
        while self.ai.plays(self.game.position().side_to_move()) && self.is_going() {
            if self.ai.both() && played >= AUTOPLAY_CAP {
                println!("The computer stops after {AUTOPLAY_CAP} plies; `go` plays on.");
                return;
            }
            if self.ai.both() && self.game.position().claimable_draw().is_some() {
                let _ = self.claim_draw();
                return;
            }
            if let Err(message) = self.computer_move() {
                println!("error: {}", crate::terminal_text::escaped(&wording::without_ruling_ids(&message)));
                self.print_board();
                return;
            }
            played += 1;
            if interrupt::take() {
                self.interrupted();
                return;
            }
        }
    }

    /// Ctrl-C while the computer played: it stops, and the player has control.
    fn interrupted(&mut self) {
        if self.ai.both() {
            self.ai = AiSides::NONE;
            println!("Interrupted: the computer stops; both sides are yours now (`ai both` resumes, `go` moves once).");
        } else {
            println!("Interrupted: the computer played its best move so far.");
        }
    }

    /// The computer plays the side to move.
    fn computer_move(&mut self) -> Result<(), String> {
        let pos = self.game.position().clone();
        let flag = self.engine.stop_flag();
        let engine = &mut self.engine;
        let hooks = &self.game.rules().hooks;
        hooks.take_special_error();
        let result = interrupt::searching(flag, || engine.choose(&pos, Limits::time(AI_MOVE_TIME)));
        special_hook_ok(hooks)?;
        let mv = result.best_move.ok_or("the computer finds no move")?;
        self.play_now(mv)?;
        let score = advice::evaluation(result.score);
        let who = format!("{}, depth {}, {score}", self.engine.level(), result.depth);
        self.after_ply(Mover::Computer(pos.side_to_move(), self.engine.level()), Some(who));
        Ok(())
    }

    fn go(&mut self) -> Result<(), String> {
        self.ensure_going()?;
        self.computer_move()?;
        if interrupt::take() {
            self.interrupted();
            return Ok(());
        }
        self.autoplay();
        Ok(())
    }

    fn is_going(&self) -> bool {
        self.ended.is_none() && !self.game.status().is_over()
    }

    fn ensure_going(&self) -> Result<(), String> {
        if let Some(ending) = &self.ended {
            return Err(format!("the game is over ({}); `undo`, `new` or `quit`", ending.said.to_lowercase()));
        }
        let status = self.game.status();
        if status.is_over() {
            let text = holechess_runtime::game::describe(status);
            return Err(format!("the game is over ({text}); `undo`, `new` or `quit`"));
        }
        Ok(())
    }

    fn list_moves(&self, square: Option<&str>) -> Result<(), String> {
        let pos = self.game.position();
        let legal = pos.legal_moves();
        let from = match square {
            Some(name) => Some(pos.geometry().parse_square_anywhere(name).ok_or(format!("'{name}' is not a square"))?),
            None => None,
        };
        let mut texts: Vec<String> =
            legal.iter().filter(|mv| from.is_none() || mv.from() == from).map(|&mv| san(pos, mv)).collect();
        texts.sort();
        if let (true, Some(name), Some(sq)) = (texts.is_empty(), square, from) {
            let waiting = pos.piece_at(sq).filter(|piece| piece.side != pos.side_to_move());
            let theirs = advice::moves_of_waiting_piece(pos, sq);
            if let (Some(piece), false) = (waiting, theirs.is_empty()) {
                println!("{} move(s) of the piece on {name} on {}'s next turn:", theirs.len(), piece.side.title());
                for line in show::wrapped(&theirs) {
                    println!("  {line}");
                }
                return Ok(());
            }
        }
        if texts.is_empty() {
            return Err(match (square, from) {
                (Some(name), Some(sq)) => no_moves_from(pos, name, sq),
                _ => "no legal move".to_owned(),
            });
        }
        println!("{} legal move(s):", texts.len());
        for line in show::wrapped(&texts) {
            println!("  {line}");
        }
        Ok(())
    }

    fn undo(&mut self) -> Result<(), String> {
        let ply = self.undo_one()?.ok_or("nothing to undo")?;
        let mut taken = vec![ply];
        if self.ai.plays(self.game.position().side_to_move()) && !self.ai.both() {
            if let Some(ply) = self.undo_one()? {
                taken.insert(0, ply);
            }
        }
        self.ended = None;
        // A loaded record's result was for its last move, which is taken back.
        self.header.result = None;
        println!("taken back: {}", taken.join(" "));
        self.print_board();
        Ok(())
    }

    /// Takes back one ply, replaying a loaded record up to the ply before when the game
    /// holds no played ply; the move taken back, `None` at the start.
    fn undo_one(&mut self) -> Result<Option<String>, String> {
        if self.game.plies().is_empty() {
            let Some(last) = self.earlier.pop() else { return Ok(None) };
            self.game = records::rebuild(&self.rules, &self.setup, &self.earlier, Some(&last), self.seed)?;
        }
        let taken = self.game.undo().map(|ply| ply.san);
        if taken.is_some() {
            self.movers.pop();
        }
        Ok(taken)
    }

    fn claim_draw(&mut self) -> Result<(), String> {
        self.ensure_going()?;
        let claim = self.game.position().claimable_draw().ok_or("no draw may be claimed in this position")?;
        let why = match claim {
            holechess_kernel::DrawClaim::FiftyMoves => "the 50-move rule",
            holechess_kernel::DrawClaim::Repetition => "threefold repetition",
        };
        println!("{} claims a draw by {why} (1/2-1/2).", (self.game.position().side_to_move()).title());
        self.ended = Some(Ending { said: format!("Draw claimed by {why}"), result: "1/2-1/2" });
        Ok(())
    }

    fn resign(&mut self) -> Result<(), String> {
        self.ensure_going()?;
        let side = self.game.position().side_to_move();
        let result = if side == Side::White { "0-1" } else { "1-0" };
        let said = format!("{} resigns", side.title());
        println!("{said} ({result}).");
        self.ended = Some(Ending { said, result });
        Ok(())
    }

    /// `hint`: the computer's move for the side to move, and how it sees the position.
    fn hint(&mut self) -> Result<(), String> {
        self.ensure_going()?;
        let pos = self.game.position().clone();
        let flag = self.engine.stop_flag();
        let engine = &mut self.engine;
        let hooks = &self.game.rules().hooks;
        hooks.take_special_error();
        let result = interrupt::searching(flag, || engine.choose(&pos, Limits::time(AI_MOVE_TIME)));
        special_hook_ok(hooks)?;
        let mv = result.best_move.ok_or("there is no legal move")?;
        println!(
            "hint: {} ({} for {}, {}, depth {})",
            san(&pos, mv),
            advice::evaluation(result.score),
            pos.side_to_move().title(),
            self.engine.level(),
            result.depth
        );
        Ok(())
    }

    /// `dice N N ...`: the outcomes for the next ply's event, as rolled at a real table.
    fn table_dice(&mut self, text: &str) -> Result<(), String> {
        if !self.rules.has_events() {
            return Err(format!("{} rolls no dice", self.rules.variant().spec().title));
        }
        let values: Vec<u32> = text
            .split([' ', ',', '\t'])
            .filter(|s| !s.is_empty())
            .map(|s| {
                s.parse::<u32>().ok().filter(|&v| (1..=255).contains(&v)).ok_or(format!("`{s}` is not a die's face"))
            })
            .collect::<Result<_, _>>()?;
        println!("The next move's event uses the dice {}.", text.trim());
        self.table_dice = Some(values);
        Ok(())
    }

    /// Plays `mv` with the table's dice when some were given, else the session's.
    fn play_now(&mut self, mv: Move) -> Result<(), String> {
        match self.table_dice.take() {
            Some(dice) => {
                self.game.play_recorded(mv, &dice).map(|_| ()).map_err(|e| {
                    format!("the dice given do not fit this move's event: {e}; give them again with `dice`")
                })
            }
            None => self.game.play(mv).map(|_| ()).map_err(|e| e.to_string()),
        }
    }

    /// `history`: the game so far as a PGN record.
    fn history(&self) {
        // A loaded record's tags and comments are untrusted text.
        print!("{}", crate::terminal_text::escaped(&self.record_text()));
    }

    /// The game as a PGN record.
    fn record_text(&self) -> String {
        let (white, black) = (self.player(Side::White), self.player(Side::Black));
        let saving = Saving { header: &self.header, movers: &self.movers, white, black, result: self.result() };
        records::to_pgn(&self.game, &self.earlier, &self.setup, &saving)
    }

    /// The result tag of the game as it stands.
    fn result(&self) -> &'static str {
        let pos = self.game.position();
        let played_here = self.movers.played_here();
        match (&self.ended, self.header.result) {
            (Some(ending), _) => ending.result,
            // A loaded record's result (a resignation, an agreed draw) stands until a ply is played.
            (None, Some(result)) if !played_here && !pos.status().is_over() => result.as_pgn(),
            (None, _) => pos.status().result(pos.side_to_move()),
        }
    }

    /// The `[White]` / `[Black]` tag: the loaded record's player, then who played the side here.
    fn player(&self, side: Side) -> String {
        let now = || match self.ai.plays(side) {
            true => format!("holechess {}", self.engine.level()),
            false => "human".to_owned(),
        };
        player_tag(self.header.tag(side.title()), self.movers.played(), side, now)
    }

    // --- setup -------------------------------------------------------------------------

    fn new_game(&mut self, variant: Option<&str>) -> Result<(), String> {
        if let Some(name) = variant {
            crate::spelling::check_variant_name(name)?;
        }
        let rules = variant.map(PlayableVariant::load).transpose()?;
        self.leave_game();
        if let Some(rules) = rules {
            self.rules = rules;
            self.engine = engine_for(&self.rules, self.engine.level().0);
        }
        self.restart(GameStart::default())?;
        let spec = self.rules.variant().spec();
        let title = crate::terminal_text::escaped(&spec.title);
        println!("New game of {title} ({}), seed {}.", self.rules.id(), self.seed);
        self.print_game_start();
        self.print_board();
        self.autoplay();
        Ok(())
    }

    /// A fresh game from `setup` with the session's seed.
    fn restart(&mut self, mut setup: GameStart) -> Result<(), String> {
        let rolls = setup.fen.is_none() && setup.holes.is_none() && setup.start_dice.is_empty();
        if rolls && self.rules.hooks.has_game_start() {
            // The variant's game-start hooks make the start with the session's dice.
            self.game =
                Game::from_start(Arc::clone(&self.rules), Dice::seeded(self.seed)).map_err(|e| e.to_string())?;
            setup.start_dice = self.game.setup().rolls.iter().map(|r| r.value).collect();
        } else {
            let start = setup.position(&self.rules)?;
            self.game = Game::new(Arc::clone(&self.rules), start, Dice::seeded(self.seed));
        }
        self.setup = setup;
        self.earlier.clear();
        self.ended = None;
        self.table_dice = None;
        self.unsaved = false;
        self.header = RecordHeader::new_game(&self.game.setup().notes);
        self.movers = Movers::default();
        self.own_files.forget();
        self.engine.new_game();
        Ok(())
    }

    /// A custom token layout, before the first move.
    pub fn holes(&mut self, squares: &str) -> Result<(), String> {
        if self.ply_count() > 0 {
            return Err("tokens can be laid out only before the first move (`new` starts again)".to_owned());
        }
        let base = GameStart { fen: self.setup.fen.clone(), ..GameStart::default() };
        let start = base.position(&self.rules)?;
        let layout = read_layout(squares, &self.rules, &start)?;
        self.restart(GameStart { holes: Some(layout), ..base })?;
        let count = self.setup.holes.as_ref().map_or(0, Vec::len);
        println!("{count} token(s) laid out.");
        self.print_board();
        self.autoplay();
        Ok(())
    }

    /// `play --fen FEN`: the game starts from `fen` (tokens laid out by `--holes` go on it).
    pub fn start_from_fen(&mut self, fen: &str) -> Result<(), String> {
        let setup = GameStart { fen: Some(fen.to_owned()), ..GameStart::default() };
        setup.position(&self.rules)?;
        self.restart(setup)
    }

    fn set_position(&mut self, fen: &str) -> Result<(), String> {
        let setup = GameStart { fen: Some(fen.to_owned()), ..GameStart::default() };
        setup.position(&self.rules)?;
        if let Ok((_, warnings)) = Position::from_fen_with_warnings(self.rules.variant(), fen) {
            warnings.iter().for_each(|warning| println!("warning: {}", crate::terminal_text::escaped(warning)));
        }
        self.leave_game();
        self.restart(setup)?;
        self.print_board();
        self.autoplay();
        Ok(())
    }

    fn reseed(&mut self, text: &str) -> Result<(), String> {
        let seed: u64 = text.trim().parse().map_err(|_| format!("the seed must be a whole number, not `{text}`"))?;
        self.seed = seed;
        self.game.set_dice(Dice::seeded(seed));
        println!("dice seeded with {seed}");
        Ok(())
    }

    fn set_ai(&mut self, text: &str) -> Result<(), String> {
        self.ai = AiSides::parse(text).ok_or_else(|| format!("`{text}`: say white, black, both or none"))?;
        println!("{}.", self.players_line());
        self.autoplay();
        Ok(())
    }

    fn set_level(&mut self, text: &str) -> Result<(), String> {
        let level: u8 = text.trim().parse().map_err(|_| format!("the level must be a number 1 to 6, not `{text}`"))?;
        if !(Level::MIN.0..=Level::MAX.0).contains(&level) {
            return Err(format!("the level must be 1 to {}, not {level}", Level::MAX.0));
        }
        self.engine = engine_for(&self.rules, level);
        println!("the computer plays at {}", self.engine.level());
        Ok(())
    }

    fn players_line(&self) -> String {
        let name = |side| match self.ai.plays(side) {
            true => format!("the computer ({})", self.engine.level()),
            false => "you".to_owned(),
        };
        format!("White: {}, Black: {}", name(Side::White), name(Side::Black))
    }

    // --- files -------------------------------------------------------------------------

    /// `save FILE`: written when FILE is missing or holds only this game; else the player is
    /// asked at a terminal, and the save refused otherwise (`save!` forces).
    fn save_asking(&mut self, name: &str) -> Result<(), String> {
        let path = Path::new(name);
        if let Err(holds) = self.own_files.check(path) {
            if !self.interactive {
                return Err(format!("{holds}; nothing was written (`save! {name}` replaces it)"));
            }
            println!(
                "{}, which saving would replace. Replace it? Type `yes` to replace it, anything else keeps it.",
                crate::terminal_text::escaped(&holds)
            );
            self.pending_save = Some(name.to_owned());
            return Ok(());
        }
        self.save(path, Links::Refuse)
    }

    /// The answer to "replace it?": `yes` saves; any other line keeps the file, and runs as
    /// usual unless it is `no`. True when the line was only the answer.
    fn answer_overwrite(&mut self, name: &str, line: &str) -> bool {
        let answer = line.trim().to_ascii_lowercase();
        if matches!(answer.as_str(), "y" | "yes") {
            if let Err(message) = self.save(Path::new(name), Links::Refuse) {
                self.reject(&message);
            }
            return true;
        }
        println!("{} is kept; the game was not saved.", crate::terminal_text::escaped(name));
        matches!(answer.as_str(), "" | "n" | "no")
    }

    fn save(&mut self, path: &Path, links: Links) -> Result<(), String> {
        self.write_record(path, links)?;
        println!("saved {} to {}", plies(self.ply_count()), shown(path));
        Ok(())
    }

    /// Writes the game's record to `path` (replacing it whole) and marks the game saved.
    fn write_record(&mut self, path: &Path, links: Links) -> Result<(), String> {
        let text = self.record_text();
        atomic_file::replace(path, text.as_bytes(), links).map_err(|message| match links {
            Links::Refuse if message.contains("symbolic link") => {
                format!("{message} (`save! {}` replaces the link)", path.display())
            }
            _ => message,
        })?;
        self.own_files.remember(path, text.as_bytes());
        self.unsaved = false;
        Ok(())
    }

    fn load(&mut self, path: &Path) -> Result<(), String> {
        let loaded =
            records::load(path, &self.rules, self.seed).map_err(|e| super::script_hint::with_script_path(e, path))?;
        self.leave_game();
        if !Arc::ptr_eq(loaded.game.rules(), &self.rules) {
            self.rules = Arc::clone(loaded.game.rules());
            self.engine = engine_for(&self.rules, self.engine.level().0);
        }
        self.game = loaded.game;
        self.setup = loaded.setup;
        self.earlier = loaded.earlier;
        self.header = loaded.header;
        self.movers = Movers::loaded(self.earlier.len() + self.game.plies().len());
        self.own_files.forget();
        if !loaded.more_games {
            // Saving this game back over its file keeps everything the file held.
            self.own_files.remember_file(path);
        }
        self.ended = None;
        self.table_dice = None;
        self.unsaved = false;
        self.engine.new_game();
        if let Some(note) = &loaded.encoding {
            println!("note: {}", crate::terminal_text::escaped(note));
        }
        println!("loaded {} of {} from {}", plies(self.ply_count()), self.rules.id(), shown(path));
        self.print_board();
        Ok(())
    }

    /// Plies of the game so far (a loaded record's included).
    fn ply_count(&self) -> usize {
        self.earlier.len() + self.game.plies().len()
    }

    fn svg(&self, path: &Path) -> Result<(), String> {
        let options = SvgOptions {
            last_move: self.game.plies().last().map(|ply| ply.mv),
            title: Some(self.rules.variant().spec().title.clone()),
            ..SvgOptions::default()
        };
        let text = render_svg(self.game.position(), &options);
        atomic_file::replace(path, text.as_bytes(), Links::Refuse)?;
        println!("board drawn to {}", shown(path));
        Ok(())
    }
}

/// `1 ply`, `18 plies`.
fn plies(count: usize) -> String {
    match count {
        1 => "1 ply".to_owned(),
        n => format!("{n} plies"),
    }
}

/// A `special moves` hook that failed in a position the computer searched stops its move, as
/// it stops `play`, `moves` and `perft`: a search without the hook's moves would be wrong.
fn special_hook_ok(hooks: &holechess_runtime::HookRuntime) -> Result<(), String> {
    match hooks.take_special_error() {
        Some(error) => {
            Err(format!("the computer stops: the special-moves hook failed in a position it searched: {error}"))
        }
        None => Ok(()),
    }
}

/// An engine of `level` with the variant's dice as its chance model.
fn engine_for(rules: &Arc<PlayableVariant>, level: u8) -> Engine {
    let mut engine = Engine::new(Level(level).clamped());
    engine.set_chance_model(EventChance::of(rules));
    engine
}

/// Why no legal move starts on `sq`.
fn no_moves_from(pos: &Position, name: &str, sq: holechess_kernel::Square) -> String {
    match pos.piece_at(sq) {
        None => match pos.tokens_at(sq) {
            Some(stack) => {
                format!("no piece on {name} (it holds a {})", pos.variant().tokens()[stack.kind as usize].name)
            }
            None => format!("no piece on {name}"),
        },
        Some(piece) if piece.side != pos.side_to_move() => {
            format!("the piece on {name} is {}'s; it is {}'s move", piece.side.title(), pos.side_to_move().title())
        }
        Some(piece) => {
            let kind = &pos.variant().piece(piece.kind).name;
            let check = if pos.is_check() { " (you are in check)" } else { "" };
            format!("the {kind} on {name} has no legal move{check}")
        }
    }
}

/// A path the player typed, as a message shows it (its control characters escaped).
fn shown(path: &Path) -> String {
    crate::terminal_text::escaped(&path.display().to_string()).into_owned()
}

#[cfg(test)]
mod special_move_tests {
    use super::*;
    use holechess_kernel::notation::parse_move;

    #[test]
    fn completion_offers_the_special_moves_of_the_position() {
        let path = concat!(env!("CARGO_MANIFEST_DIR"), "/examples/dig.hole");
        let rules = PlayableVariant::load(path).unwrap();
        let style = Style { colour: false, unicode: false, width: None, flipped: false };
        let mut session = Session::new(rules, 1, AiSides { white: false, black: false }, 1, style);
        assert!(!session.move_texts().iter().any(|t| t.starts_with("dig@")));
        for text in ["e4", "e5"] {
            let mv = parse_move(session.game.position(), text).unwrap();
            session.game.play(mv).unwrap();
        }
        assert!(session.move_texts().contains(&"dig@e2".to_string()), "{:?}", session.move_texts());
    }
}
