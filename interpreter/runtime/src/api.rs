//! The hook API as one rhai plugin module: every function a hook may call, with the state
//! of the running call read from its `NativeCallContext` (see [`crate::call_state`]).
//! Squares are names such as `"e5"`, sides `"white"` / `"black"`, pieces and tokens their
//! declared names. `docs/rule-language.md` ("The hook API") lists the same functions for
//! script authors.
//!
//! A function that cannot do what it is asked fails the hook with a script error in words
//! (each function's `# Errors` says when); the game reports it with the hook's name, file
//! and line, and the ply is not played. An after-move hook reading the move just played and
//! the position, then asking for a square that is not on the board:
//!
//! ````
//! use std::sync::Arc;
//!
//! use holechess_runtime::{Game, PlayableVariant};
//!
//! let script = |body: &str| {
//!     format!(
//!         "variant \"Told\"\n  id told\n\nextends chess\n\n\
//!          after each move: call tell()\n  rhai ```\nfn tell() {{\n{body}\n}}\n```\n"
//!     )
//! };
//! let rules = |body: &str| {
//!     let loaded = holechess_lang::load_str("told.hole", &script(body)).expect("a valid script");
//!     Arc::new(PlayableVariant::from_loaded(loaded).expect("hooks that compile"))
//! };
//!
//! let told = rules(
//!     "    let played = last_move();\n    \
//!      note(`${mover()} played the ${played.piece} to ${played.to}; ${side_to_move()} to move`);",
//! );
//! let mut game = Game::seeded(told, 1);
//! let ply = game.play_text("Nf3").expect("a legal move");
//! assert_eq!(ply.notes, ["white played the knight to f3; black to move"]);
//!
//! let off_board = rules("    if has_piece(\"i9\") { note(\"never\"); }");
//! let mut game = Game::seeded(off_board, 1);
//! let error = game.play_text("e4").expect_err("the hook fails").to_string();
//! assert!(error.contains("hook `tell` failed (told.hole:9)"), "{error}");
//! assert!(error.contains("'i9' is not a square of the board"), "{error}");
//! assert_eq!(game.plies().len(), 0, "the ply is not played");
//! ````

use rhai::plugin::*;

use holechess_kernel::spec::TokenId;
use holechess_kernel::{Effect, Piece, Side, Square};

use crate::call_state::{CallMode, CallState, RhaiResult};
use crate::event_trace::Action;

/// The functions that change the position: allowed in events, not while listing moves.
const EVENTS: &[CallMode] = &[CallMode::AfterMove, CallMode::GameStart];

#[export_module]
pub mod hook_api {
    use holechess_kernel::Effect;
    use rhai::Array;

    use super::{event_effect, lifetime, piece_named, place_token_for, side_named, timer, EVENTS};
    use crate::call_state::with_state;
    use crate::dice::Roll;
    use crate::engine::MAX_NOTE_BYTES;
    use crate::event_trace::{Action, Query, Step};
    use crate::last_move::last_move_map;
    use crate::special::SpecialBuilder;

    // ------------------------------------------------------------------ dice

    /// Throws an n-sided die (2..255 faces), from the game's dice source; logged.
    ///
    /// # Errors
    ///
    /// A script error (the hook fails, or catches it) when:
    /// - `sides` is not 2 to 255;
    /// - the hook is a `special moves` hook (it may not roll);
    /// - the dice have no outcome left, or a recorded outcome is impossible for this die (the game then reports a
    ///   dice error);
    /// - called outside a running hook (the API reads the hook's call state).
    #[rhai_fn(return_raw)]
    pub fn roll(ctx: NativeCallContext, sides: i64) -> Result<i64, Box<EvalAltResult>> {
        if !(2..=255).contains(&sides) {
            return Err(format!("roll({sides}): a die has 2 to 255 faces").into());
        }
        with_state(&ctx, |s| {
            s.require("roll", EVENTS)?;
            match s.dice.roll(sides as u8) {
                Ok(value) => {
                    s.rolls.push(Roll { sides: sides as u8, value });
                    s.record(|| Step::Roll { sides: sides as u8, face: value });
                    Ok(i64::from(value))
                }
                Err(e) => {
                    s.dice_error = Some(e.clone());
                    Err(e.to_string().into())
                }
            }
        })
    }

    /// The square named by two die faces, 1-based: file, then rank (K5).
    ///
    /// # Errors
    ///
    /// A script error (the hook fails, or catches it) when:
    /// - `file` or `rank` is off the board;
    /// - called outside a running hook (the API reads the hook's call state).
    #[rhai_fn(return_raw)]
    pub fn square(ctx: NativeCallContext, file: i64, rank: i64) -> Result<String, Box<EvalAltResult>> {
        with_state(&ctx, |s| {
            let g = s.position.geometry();
            if !(1..=i64::from(g.files)).contains(&file) || !(1..=i64::from(g.ranks)).contains(&rank) {
                return Err(format!("square({file}, {rank}) is off the board").into());
            }
            Ok(g.name(g.square(0, file as u8 - 1, rank as u8 - 1)))
        })
    }

    // ------------------------------------------------------------------ reading

    /// The side the event is about: the side that just moved (after a move), `"white"` (at
    /// game start), the side whose moves are listed (special moves).
    ///
    /// # Errors
    ///
    /// A script error (the hook fails, or catches it) when:
    /// - called outside a running hook (the API reads the hook's call state).
    #[rhai_fn(return_raw)]
    pub fn mover(ctx: NativeCallContext) -> Result<String, Box<EvalAltResult>> {
        with_state(&ctx, |s| Ok(s.ask_text(Query::Mover)))
    }

    /// The side to move in the position.
    ///
    /// # Errors
    ///
    /// A script error (the hook fails, or catches it) when:
    /// - called outside a running hook (the API reads the hook's call state).
    #[rhai_fn(return_raw)]
    pub fn side_to_move(ctx: NativeCallContext) -> Result<String, Box<EvalAltResult>> {
        with_state(&ctx, |s| Ok(s.ask_text(Query::SideToMove)))
    }

    /// Plies played so far.
    ///
    /// # Errors
    ///
    /// A script error (the hook fails, or catches it) when:
    /// - called outside a running hook (the API reads the hook's call state).
    #[rhai_fn(return_raw)]
    pub fn ply(ctx: NativeCallContext) -> Result<i64, Box<EvalAltResult>> {
        with_state(&ctx, |s| Ok(s.ask(Query::Ply).as_int()))
    }

    /// Whether a piece stands on the square.
    ///
    /// # Errors
    ///
    /// A script error (the hook fails, or catches it) when:
    /// - `sq` is not a square of the board;
    /// - called outside a running hook (the API reads the hook's call state).
    #[rhai_fn(return_raw)]
    pub fn has_piece(ctx: NativeCallContext, sq: &str) -> Result<bool, Box<EvalAltResult>> {
        with_state(&ctx, |s| {
            let at = s.square(sq)?;
            Ok(s.ask(Query::HasPiece(at)).as_bool())
        })
    }

    /// Whether a royal piece stands on the square.
    ///
    /// # Errors
    ///
    /// A script error (the hook fails, or catches it) when:
    /// - `sq` is not a square of the board;
    /// - called outside a running hook (the API reads the hook's call state).
    #[rhai_fn(return_raw)]
    pub fn is_royal(ctx: NativeCallContext, sq: &str) -> Result<bool, Box<EvalAltResult>> {
        with_state(&ctx, |s| {
            let at = s.square(sq)?;
            Ok(s.ask(Query::IsRoyal(at)).as_bool())
        })
    }

    /// The side of the piece on the square, `""` when empty.
    ///
    /// # Errors
    ///
    /// A script error (the hook fails, or catches it) when:
    /// - `sq` is not a square of the board;
    /// - called outside a running hook (the API reads the hook's call state).
    #[rhai_fn(return_raw)]
    pub fn piece_side(ctx: NativeCallContext, sq: &str) -> Result<String, Box<EvalAltResult>> {
        with_state(&ctx, |s| {
            let at = s.square(sq)?;
            Ok(s.ask_text(Query::PieceSide(at)))
        })
    }

    /// The name of the piece on the square, `""` when empty.
    ///
    /// # Errors
    ///
    /// A script error (the hook fails, or catches it) when:
    /// - `sq` is not a square of the board;
    /// - called outside a running hook (the API reads the hook's call state).
    #[rhai_fn(return_raw)]
    pub fn piece_name(ctx: NativeCallContext, sq: &str) -> Result<String, Box<EvalAltResult>> {
        with_state(&ctx, |s| {
            let at = s.square(sq)?;
            Ok(s.ask_text(Query::PieceName(at)))
        })
    }

    /// The square of the single royal piece of a side, `""` when it has none or several.
    ///
    /// # Errors
    ///
    /// A script error (the hook fails, or catches it) when:
    /// - `side` is not `"white"` or `"black"`;
    /// - called outside a running hook (the API reads the hook's call state).
    #[rhai_fn(return_raw)]
    pub fn royal_square(ctx: NativeCallContext, side: &str) -> Result<String, Box<EvalAltResult>> {
        with_state(&ctx, |s| {
            let side = side_named(side)?;
            Ok(s.ask_text(Query::RoyalSquare(side)))
        })
    }

    /// The squares around a square on its board (up to 8), in file-then-rank order.
    ///
    /// # Errors
    ///
    /// A script error (the hook fails, or catches it) when:
    /// - `sq` is not a square of the board;
    /// - called outside a running hook (the API reads the hook's call state).
    #[rhai_fn(return_raw)]
    pub fn neighbours(ctx: NativeCallContext, sq: &str) -> Result<Array, Box<EvalAltResult>> {
        with_state(&ctx, |s| {
            let at = s.square(sq)?;
            let g = s.position.geometry();
            let mut around = Vec::new();
            for dx in -1..=1 {
                for dy in -1..=1 {
                    if (dx, dy) != (0, 0) {
                        if let Some(to) = g.offset(at, dx, dy) {
                            around.push(Dynamic::from(g.name_on_board(to)));
                        }
                    }
                }
            }
            Ok(around)
        })
    }

    /// Every square of the board (of every board), in order.
    ///
    /// # Errors
    ///
    /// A script error (the hook fails, or catches it) when:
    /// - called outside a running hook (the API reads the hook's call state).
    #[rhai_fn(return_raw)]
    pub fn squares(ctx: NativeCallContext) -> Result<Array, Box<EvalAltResult>> {
        with_state(&ctx, |s| {
            let g = s.position.geometry();
            Ok(g.squares().map(|sq| Dynamic::from(g.name_on_board(sq))).collect())
        })
    }

    /// The token kind on the square, `""` when none.
    ///
    /// # Errors
    ///
    /// A script error (the hook fails, or catches it) when:
    /// - `sq` is not a square of the board;
    /// - called outside a running hook (the API reads the hook's call state).
    #[rhai_fn(return_raw)]
    pub fn token_kind(ctx: NativeCallContext, sq: &str) -> Result<String, Box<EvalAltResult>> {
        with_state(&ctx, |s| {
            let at = s.square(sq)?;
            Ok(s.ask_text(Query::TokenKind(at)))
        })
    }

    /// How many tokens lie on the square.
    ///
    /// # Errors
    ///
    /// A script error (the hook fails, or catches it) when:
    /// - `sq` is not a square of the board;
    /// - called outside a running hook (the API reads the hook's call state).
    #[rhai_fn(return_raw)]
    pub fn token_count(ctx: NativeCallContext, sq: &str) -> Result<i64, Box<EvalAltResult>> {
        with_state(&ctx, |s| {
            let at = s.square(sq)?;
            Ok(s.ask(Query::TokenCount(at)).as_int())
        })
    }

    /// The plies left before the tokens on the square vanish (0: no timer, or no token).
    ///
    /// # Errors
    ///
    /// A script error (the hook fails, or catches it) when:
    /// - `sq` is not a square of the board;
    /// - called outside a running hook (the API reads the hook's call state).
    #[rhai_fn(return_raw)]
    pub fn token_timer(ctx: NativeCallContext, sq: &str) -> Result<i64, Box<EvalAltResult>> {
        with_state(&ctx, |s| {
            let at = s.square(sq)?;
            Ok(s.ask(Query::TokenTimer(at)).as_int())
        })
    }

    /// How many tokens of a kind lie on the board.
    ///
    /// # Errors
    ///
    /// A script error (the hook fails, or catches it) when:
    /// - `kind` is not a token kind of the variant;
    /// - called outside a running hook (the API reads the hook's call state).
    #[rhai_fn(return_raw)]
    pub fn count_tokens(ctx: NativeCallContext, kind: &str) -> Result<i64, Box<EvalAltResult>> {
        with_state(&ctx, |s| {
            let kind = s.token_kind(kind)?;
            Ok(s.ask(Query::CountTokens(kind)).as_int())
        })
    }

    /// The squares holding tokens of a kind, in order.
    ///
    /// # Errors
    ///
    /// A script error (the hook fails, or catches it) when:
    /// - `kind` is not a token kind of the variant;
    /// - called outside a running hook (the API reads the hook's call state).
    #[rhai_fn(return_raw)]
    pub fn token_squares(ctx: NativeCallContext, kind: &str) -> Result<Array, Box<EvalAltResult>> {
        with_state(&ctx, |s| {
            let kind = s.token_kind(kind)?;
            Ok(s.ask(Query::TokenSquares(kind)).into_list().into_iter().map(Dynamic::from).collect())
        })
    }

    /// The move that was just played, as a map (see the reference page); `()` before the
    /// first move.
    ///
    /// # Errors
    ///
    /// A script error (the hook fails, or catches it) when:
    /// - called outside a running hook (the API reads the hook's call state).
    #[rhai_fn(return_raw)]
    pub fn last_move(ctx: NativeCallContext) -> Result<Dynamic, Box<EvalAltResult>> {
        with_state(&ctx, |s| {
            s.ask(Query::LastMove);
            let map = s.position.last_move().map(|played| last_move_map(&s.position, played));
            Ok(map.map_or(Dynamic::UNIT, Dynamic::from))
        })
    }

    /// Describes an effect for the player (shown after the ply).
    ///
    /// # Errors
    ///
    /// A script error (the hook fails, or catches it) when:
    /// - the hook is a `special moves` hook (it changes nothing and says nothing);
    /// - `text` is longer than [`MAX_NOTE_BYTES`] bytes;
    /// - called outside a running hook (the API reads the hook's call state).
    #[rhai_fn(return_raw)]
    pub fn note(ctx: NativeCallContext, text: &str) -> Result<(), Box<EvalAltResult>> {
        with_state(&ctx, |s| {
            s.require("note", EVENTS)?;
            if text.len() > MAX_NOTE_BYTES {
                return Err(
                    format!("note: a text of {} bytes; a note holds at most {MAX_NOTE_BYTES}", text.len()).into()
                );
            }
            s.notes.push(text.to_string());
            Ok(())
        })
    }

    // ------------------------------------------------------------------ effects (events)

    /// Adds a token (stacking on one of its kind) with the kind's declared lifetime; a kind
    /// that removes occupants takes a non-royal piece standing there.
    ///
    /// # Errors
    ///
    /// A script error (the hook fails, or catches it) when:
    /// - the hook is a `special moves` hook (give the move the effect instead);
    /// - `kind` is not a token kind of the variant, or `sq` not a square;
    /// - the square holds a token of another kind, or already the most tokens a square holds;
    /// - called outside a running hook (the API reads the hook's call state).
    #[rhai_fn(name = "place_token", return_raw)]
    pub fn place_token(ctx: NativeCallContext, kind: &str, sq: &str) -> Result<(), Box<EvalAltResult>> {
        with_state(&ctx, |s| place_token_for(s, kind, sq, None))
    }

    /// [`place_token`] with a lifetime of `plies` plies (1..10000).
    ///
    /// # Errors
    ///
    /// A script error as [`place_token`], and `plies` is not 1 to 10000.
    #[rhai_fn(name = "place_token", return_raw)]
    pub fn place_token_timed(
        ctx: NativeCallContext,
        kind: &str,
        sq: &str,
        plies: i64,
    ) -> Result<(), Box<EvalAltResult>> {
        let plies = lifetime("place_token", plies)?;
        with_state(&ctx, |s| place_token_for(s, kind, sq, Some(plies)))
    }

    /// Moves one token of a stack to another square (stacking there on its own kind).
    ///
    /// # Errors
    ///
    /// A script error (the hook fails, or catches it) when:
    /// - the hook is a `special moves` hook;
    /// - `from` or `to` is not a square, `from` holds no token, or `to` cannot take it;
    /// - called outside a running hook (the API reads the hook's call state).
    #[rhai_fn(name = "move_token", return_raw)]
    pub fn move_token(ctx: NativeCallContext, from: &str, to: &str) -> Result<(), Box<EvalAltResult>> {
        with_state(&ctx, |s| {
            let effect = Effect::MoveToken { from: s.square(from)?, to: s.square(to)? };
            event_effect(s, "move_token", effect)
        })
    }

    /// Removes every token on the square (nothing when there is none).
    ///
    /// # Errors
    ///
    /// A script error (the hook fails, or catches it) when:
    /// - the hook is a `special moves` hook;
    /// - `sq` is not a square of the board;
    /// - called outside a running hook (the API reads the hook's call state).
    #[rhai_fn(name = "remove_token", return_raw)]
    pub fn remove_token(ctx: NativeCallContext, sq: &str) -> Result<(), Box<EvalAltResult>> {
        with_state(&ctx, |s| {
            s.require("remove_token", EVENTS)?;
            let at = s.square(sq)?;
            s.act(Action::RemoveToken(at)).map(|_| ())
        })
    }

    /// Sets the plies left before the tokens on the square vanish (0: for good).
    ///
    /// # Errors
    ///
    /// A script error (the hook fails, or catches it) when:
    /// - the hook is a `special moves` hook;
    /// - `plies` is not 0 to 10000, or `sq` not a square or without tokens;
    /// - called outside a running hook (the API reads the hook's call state).
    #[rhai_fn(name = "set_timer", return_raw)]
    pub fn set_timer(ctx: NativeCallContext, sq: &str, plies: i64) -> Result<(), Box<EvalAltResult>> {
        let plies = timer("set_timer", plies)?;
        with_state(&ctx, |s| {
            let effect = Effect::SetTimer { square: s.square(sq)?, plies };
            event_effect(s, "set_timer", effect)
        })
    }

    /// Removes the piece on the square: true if there was one. A royal piece is refused
    /// (a game always keeps its royal pieces).
    ///
    /// # Errors
    ///
    /// A script error (the hook fails, or catches it) when:
    /// - the hook is a `special moves` hook;
    /// - `sq` is not a square of the board;
    /// - the piece there is royal;
    /// - called outside a running hook (the API reads the hook's call state).
    #[rhai_fn(name = "remove_piece", return_raw)]
    pub fn remove_piece(ctx: NativeCallContext, sq: &str) -> Result<bool, Box<EvalAltResult>> {
        with_state(&ctx, |s| {
            s.require("remove_piece", EVENTS)?;
            let at = s.square(sq)?;
            s.act(Action::RemovePiece(at)).map(|answer| answer.as_bool())
        })
    }

    /// Puts a new piece of a side on an empty square.
    ///
    /// # Errors
    ///
    /// A script error (the hook fails, or catches it) when:
    /// - the hook is a `special moves` hook;
    /// - `side`, `piece` or `sq` names nothing of the variant, the square is taken, or the piece is royal where
    ///   each side has exactly one;
    /// - called outside a running hook (the API reads the hook's call state).
    #[rhai_fn(name = "place_piece", return_raw)]
    pub fn place_piece(ctx: NativeCallContext, side: &str, piece: &str, sq: &str) -> Result<(), Box<EvalAltResult>> {
        with_state(&ctx, |s| {
            let effect = Effect::PlacePiece { square: s.square(sq)?, piece: piece_named(s, side, piece)? };
            event_effect(s, "place_piece", effect)
        })
    }

    /// Moves the piece on `from` to `to`; an enemy non-royal piece there is captured.
    ///
    /// # Errors
    ///
    /// A script error (the hook fails, or catches it) when:
    /// - the hook is a `special moves` hook;
    /// - `from` or `to` is not a square, `from` is empty, or the piece cannot go to `to` (a royal piece there, a
    ///   square that takes no piece);
    /// - called outside a running hook (the API reads the hook's call state).
    #[rhai_fn(name = "move_piece", return_raw)]
    pub fn move_piece(ctx: NativeCallContext, from: &str, to: &str) -> Result<(), Box<EvalAltResult>> {
        with_state(&ctx, |s| {
            let effect = Effect::MovePiece { from: s.square(from)?, to: s.square(to)? };
            event_effect(s, "move_piece", effect)
        })
    }

    // ------------------------------------------------------------------ special moves

    /// A new special move written `notation` (`"dig@e2"`: a lower-case name, `@`, details);
    /// give it effects with the methods below and return it from a `special moves` hook.
    ///
    /// # Errors
    ///
    /// A script error (the hook fails, or catches it) when:
    /// - `notation` is not a special move's notation: a lower-case name of 2 to 8 letters, `@`, then 1 to 12 of
    ///   a-z, 0-9 and `-`.
    #[rhai_fn(return_raw)]
    pub fn special_move(ctx: NativeCallContext, notation: &str) -> Result<SpecialBuilder, Box<EvalAltResult>> {
        SpecialBuilder::new(notation, ctx.call_position().line())
    }

    /// The move's notation.
    #[rhai_fn(get = "notation", pure)]
    pub fn notation(m: &mut SpecialBuilder) -> String {
        m.notation.clone()
    }

    /// Effect: the piece on `from` goes to `to` (capturing an enemy non-royal piece there).
    ///
    /// # Errors
    ///
    /// A script error (the hook fails, or catches it) when:
    /// - `from` or `to` is not a square;
    /// - the move already has the most effects a move may have;
    /// - called outside a running hook (the API reads the hook's call state).
    #[rhai_fn(name = "move_piece", return_raw)]
    pub fn with_move_piece(
        ctx: NativeCallContext,
        m: &mut SpecialBuilder,
        from: &str,
        to: &str,
    ) -> Result<(), Box<EvalAltResult>> {
        let effect = with_state(&ctx, |s| Ok(Effect::MovePiece { from: s.square(from)?, to: s.square(to)? }))?;
        m.push(effect, ctx.call_position().line())
    }

    /// Effect: a new piece of `side` on an empty square.
    ///
    /// # Errors
    ///
    /// A script error (the hook fails, or catches it) when:
    /// - `side`, `piece` or `sq` names nothing of the variant;
    /// - the move already has the most effects a move may have;
    /// - called outside a running hook (the API reads the hook's call state).
    #[rhai_fn(name = "place_piece", return_raw)]
    pub fn with_place_piece(
        ctx: NativeCallContext,
        m: &mut SpecialBuilder,
        side: &str,
        piece: &str,
        sq: &str,
    ) -> Result<(), Box<EvalAltResult>> {
        let effect = with_state(&ctx, |s| {
            Ok(Effect::PlacePiece { square: s.square(sq)?, piece: piece_named(s, side, piece)? })
        })?;
        m.push(effect, ctx.call_position().line())
    }

    /// Effect: the non-royal piece on the square leaves the board.
    ///
    /// # Errors
    ///
    /// A script error (the hook fails, or catches it) when:
    /// - `sq` is not a square of the board;
    /// - the move already has the most effects a move may have;
    /// - called outside a running hook (the API reads the hook's call state).
    #[rhai_fn(name = "remove_piece", return_raw)]
    pub fn with_remove_piece(
        ctx: NativeCallContext,
        m: &mut SpecialBuilder,
        sq: &str,
    ) -> Result<(), Box<EvalAltResult>> {
        let effect = with_state(&ctx, |s| Ok(Effect::RemovePiece { square: s.square(sq)? }))?;
        m.push(effect, ctx.call_position().line())
    }

    /// Effect: one token of `kind` on the square, with the kind's declared lifetime.
    ///
    /// # Errors
    ///
    /// A script error (the hook fails, or catches it) when:
    /// - `kind` is not a token kind of the variant, or `sq` not a square;
    /// - the move already has the most effects a move may have;
    /// - called outside a running hook (the API reads the hook's call state).
    #[rhai_fn(name = "place_token", return_raw)]
    pub fn with_place_token(
        ctx: NativeCallContext,
        m: &mut SpecialBuilder,
        kind: &str,
        sq: &str,
    ) -> Result<(), Box<EvalAltResult>> {
        let effect = with_state(&ctx, |s| {
            Ok(Effect::PlaceToken { square: s.square(sq)?, kind: s.token_kind(kind)?, plies: None })
        })?;
        m.push(effect, ctx.call_position().line())
    }

    /// Effect: one token of `kind` on the square, lasting `plies` plies.
    ///
    /// # Errors
    ///
    /// A script error as the method without `plies`, and `plies` is not 1 to 10000.
    #[rhai_fn(name = "place_token", return_raw)]
    pub fn with_place_token_timed(
        ctx: NativeCallContext,
        m: &mut SpecialBuilder,
        kind: &str,
        sq: &str,
        plies: i64,
    ) -> Result<(), Box<EvalAltResult>> {
        let plies = lifetime("place_token", plies)?;
        let effect = with_state(&ctx, |s| {
            Ok(Effect::PlaceToken { square: s.square(sq)?, kind: s.token_kind(kind)?, plies: Some(plies) })
        })?;
        m.push(effect, ctx.call_position().line())
    }

    /// Effect: one token of the stack on `from` goes to `to`.
    ///
    /// # Errors
    ///
    /// A script error (the hook fails, or catches it) when:
    /// - `from` or `to` is not a square;
    /// - the move already has the most effects a move may have;
    /// - called outside a running hook (the API reads the hook's call state).
    #[rhai_fn(name = "move_token", return_raw)]
    pub fn with_move_token(
        ctx: NativeCallContext,
        m: &mut SpecialBuilder,
        from: &str,
        to: &str,
    ) -> Result<(), Box<EvalAltResult>> {
        let effect = with_state(&ctx, |s| Ok(Effect::MoveToken { from: s.square(from)?, to: s.square(to)? }))?;
        m.push(effect, ctx.call_position().line())
    }

    /// Effect: every token on the square goes.
    ///
    /// # Errors
    ///
    /// A script error (the hook fails, or catches it) when:
    /// - `sq` is not a square of the board;
    /// - the move already has the most effects a move may have;
    /// - called outside a running hook (the API reads the hook's call state).
    #[rhai_fn(name = "remove_token", return_raw)]
    pub fn with_remove_token(
        ctx: NativeCallContext,
        m: &mut SpecialBuilder,
        sq: &str,
    ) -> Result<(), Box<EvalAltResult>> {
        let effect = with_state(&ctx, |s| Ok(Effect::RemoveToken { square: s.square(sq)? }))?;
        m.push(effect, ctx.call_position().line())
    }

    /// Effect: the tokens on the square last `plies` more plies (0: for good).
    ///
    /// # Errors
    ///
    /// A script error (the hook fails, or catches it) when:
    /// - `plies` is not 0 to 10000, or `sq` not a square;
    /// - the move already has the most effects a move may have;
    /// - called outside a running hook (the API reads the hook's call state).
    #[rhai_fn(name = "set_timer", return_raw)]
    pub fn with_set_timer(
        ctx: NativeCallContext,
        m: &mut SpecialBuilder,
        sq: &str,
        plies: i64,
    ) -> Result<(), Box<EvalAltResult>> {
        let plies = timer("set_timer", plies)?;
        let effect = with_state(&ctx, |s| Ok(Effect::SetTimer { square: s.square(sq)?, plies }))?;
        m.push(effect, ctx.call_position().line())
    }
}

// ---------------------------------------------------------------------- helpers (not exported)

fn side_named(name: &str) -> RhaiResult<Side> {
    match name {
        "white" => Ok(Side::White),
        "black" => Ok(Side::Black),
        _ => Err(format!("'{name}' is not a side: \"white\" or \"black\"").into()),
    }
}

fn piece_named(s: &CallState, side: &str, name: &str) -> RhaiResult<Piece> {
    let side = side_named(side)?;
    let kind = s.variant().piece_by_name(name).ok_or_else(|| format!("'{name}' is not a piece of this variant"))?;
    Ok(Piece { side, kind })
}

fn lifetime(function: &str, plies: i64) -> RhaiResult<u16> {
    if !(1..=10_000).contains(&plies) {
        return Err(format!("{function}: a lifetime of {plies} plies is out of range (1 to 10000)").into());
    }
    Ok(plies as u16)
}

fn timer(function: &str, plies: i64) -> RhaiResult<u16> {
    if !(0..=10_000).contains(&plies) {
        return Err(format!("{function}: a timer of {plies} plies is out of range (0 to 10000)").into());
    }
    Ok(plies as u16)
}

/// Applies an effect to the event's position, as the kernel checks it.
fn event_effect(s: &mut CallState, function: &str, effect: Effect) -> RhaiResult<()> {
    s.require(function, EVENTS)?;
    s.act(Action::Effect(effect)).map(|_| ())
}

/// Adds a token; a kind that removes occupants takes a non-royal piece standing there.
fn place_token_for(s: &mut CallState, kind: &str, sq: &str, plies: Option<u16>) -> RhaiResult<()> {
    s.require("place_token", EVENTS)?;
    let kind: TokenId = s.token_kind(kind)?;
    let square: Square = s.square(sq)?;
    s.act(Action::PlaceToken { kind, square, plies }).map(|_| ())
}
