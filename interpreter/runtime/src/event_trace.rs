//! What an after-move hook asks of the position and does to it, as data: every call of the
//! hook API whose answer depends on the position is a [`Query`], every call that changes it
//! an [`Action`], and a run of the hooks is the list of its [`Step`]s (rolls included).
//!
//! The hook API answers through these types (one implementation), and a run can record its
//! steps. A hook is a pure function of its dice and of the answers it gets (the sandbox has
//! no clock and no other input), so a recorded run can be replayed on another position
//! without rhai: the same dice and the same answers give the same actions
//! ([`crate::event_tree`]).

use holechess_kernel::spec::{RoyalRule, TokenId};
use holechess_kernel::{Effect, Position, Side, Square, TokenStack};

/// A call of the hook API whose answer depends on the position (or on the side that moved).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Query {
    Mover,
    SideToMove,
    Ply,
    HasPiece(Square),
    IsRoyal(Square),
    PieceSide(Square),
    PieceName(Square),
    RoyalSquare(Side),
    TokenKind(Square),
    TokenCount(Square),
    TokenTimer(Square),
    CountTokens(TokenId),
    TokenSquares(TokenId),
    /// `last_move()`, answered by the text of its map.
    LastMove,
}

/// A call of the hook API that changes the position.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Action {
    /// One token (stacking on its kind), with a lifetime; a kind that removes occupants
    /// takes a non-royal piece standing there.
    PlaceToken {
        kind: TokenId,
        square: Square,
        plies: Option<u16>,
    },
    RemoveToken(Square),
    /// Answered by whether a piece stood there.
    RemovePiece(Square),
    /// Any other effect, as the kernel applies it to an event's position.
    Effect(Effect),
}

/// What a query or an action answered.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Answer {
    Unit,
    Bool(bool),
    Int(i64),
    Text(String),
    List(Vec<String>),
    /// The call failed with this message (a hook may catch it).
    Failed(String),
}

impl Answer {
    pub fn as_bool(&self) -> bool {
        matches!(self, Answer::Bool(true))
    }

    pub fn as_int(&self) -> i64 {
        match self {
            Answer::Int(n) => *n,
            _ => 0,
        }
    }

    pub fn into_text(self) -> String {
        match self {
            Answer::Text(t) => t,
            _ => String::new(),
        }
    }

    pub fn into_list(self) -> Vec<String> {
        match self {
            Answer::List(l) => l,
            _ => Vec::new(),
        }
    }
}

/// One step of a recorded run.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Step {
    Roll { sides: u8, face: u8 },
    Ask(Query, Answer),
    Act(Action, Answer),
}

impl Query {
    /// The answer in `pos`, where `actor` is the side the event is about.
    pub fn answer(&self, pos: &Position, actor: Side) -> Answer {
        let variant = pos.variant();
        let g = pos.geometry();
        match *self {
            Query::Mover => Answer::Text(actor.name().to_string()),
            Query::SideToMove => Answer::Text(pos.side_to_move().name().to_string()),
            Query::Ply => Answer::Int(i64::from(pos.ply())),
            Query::HasPiece(sq) => Answer::Bool(pos.piece_at(sq).is_some()),
            Query::IsRoyal(sq) => Answer::Bool(pos.piece_at(sq).is_some_and(|p| variant.is_royal(p.kind))),
            Query::PieceSide(sq) => Answer::Text(pos.piece_at(sq).map_or(String::new(), |p| p.side.name().into())),
            Query::PieceName(sq) => {
                Answer::Text(pos.piece_at(sq).map_or(String::new(), |p| variant.piece(p.kind).name.clone()))
            }
            Query::RoyalSquare(side) => {
                let mut royals = pos.royals(side);
                Answer::Text(match (royals.next(), royals.next()) {
                    (Some(sq), None) => g.name_on_board(sq),
                    _ => String::new(),
                })
            }
            Query::TokenKind(sq) => Answer::Text(
                pos.tokens_at(sq).map_or(String::new(), |t| variant.tokens()[t.kind as usize].name.clone()),
            ),
            Query::TokenCount(sq) => Answer::Int(pos.tokens_at(sq).map_or(0, |t| i64::from(t.count))),
            Query::TokenTimer(sq) => Answer::Int(pos.tokens_at(sq).map_or(0, |t| i64::from(t.timer))),
            Query::CountTokens(kind) => Answer::Int(
                pos.token_squares()
                    .filter_map(|sq| pos.tokens_at(sq))
                    .filter(|t| t.kind == kind)
                    .map(|t| i64::from(t.count))
                    .sum(),
            ),
            Query::TokenSquares(kind) => Answer::List(
                pos.token_squares()
                    .filter(|&sq| pos.tokens_at(sq).is_some_and(|t| t.kind == kind))
                    .map(|sq| g.name_on_board(sq))
                    .collect(),
            ),
            Query::LastMove => Answer::Text(
                pos.last_move()
                    .map_or(String::new(), |played| format!("{:?}", crate::last_move::last_move_map(pos, played))),
            ),
        }
    }
}

impl Action {
    /// Applies the action to `pos`; its answer, or why it failed.
    pub fn apply(&self, pos: &mut Position) -> Answer {
        match self.try_apply(pos) {
            Ok(answer) => answer,
            Err(message) => Answer::Failed(message),
        }
    }

    fn try_apply(&self, pos: &mut Position) -> Result<Answer, String> {
        match *self {
            Action::PlaceToken { kind, square, plies } => place_token(pos, kind, square, plies).map(|()| Answer::Unit),
            Action::RemoveToken(square) => {
                pos.clear_tokens(square);
                Ok(Answer::Unit)
            }
            Action::RemovePiece(square) => {
                if pos.piece_at(square).is_none() {
                    return Ok(Answer::Bool(false));
                }
                pos.apply_event_effect(Effect::RemovePiece { square }).map_err(|e| e.to_string())?;
                Ok(Answer::Bool(true))
            }
            Action::Effect(effect) => {
                refuse_second_royal(pos, effect)?;
                pos.apply_event_effect(effect).map(|()| Answer::Unit).map_err(|e| e.to_string())
            }
        }
    }
}

/// A royal piece placed where the variant has exactly one per side (and the side has it
/// already: no effect can take a royal piece away) is refused before it is placed.
fn refuse_second_royal(pos: &Position, effect: Effect) -> Result<(), String> {
    let Effect::PlacePiece { square, piece } = effect else { return Ok(()) };
    let variant = pos.variant();
    if !variant.is_royal(piece.kind) || variant.spec().rules.royals != RoyalRule::ExactlyOne {
        return Ok(());
    }
    Err(format!(
        "place_piece: a {} on {} would give {} a second royal piece; this variant has exactly one per side",
        variant.piece(piece.kind).name,
        pos.geometry().name_on_board(square),
        piece.side
    ))
}

/// Adds a token; a kind that removes occupants takes a non-royal piece standing there.
fn place_token(pos: &mut Position, kind: TokenId, at: Square, plies: Option<u16>) -> Result<(), String> {
    let variant = std::sync::Arc::clone(pos.variant());
    if let Some(existing) = pos.tokens_at(at) {
        let name = pos.geometry().name_on_board(at);
        if existing.kind != kind {
            return Err(format!("{name} already holds a {}", variant.tokens()[existing.kind as usize].name));
        }
        if existing.count == u8::MAX {
            let kind_name = &variant.tokens()[kind as usize].name;
            return Err(format!(
                "place_token: {name} already holds {} {kind_name} tokens, the most one square can hold",
                u8::MAX
            ));
        }
    }
    if variant.tokens()[kind as usize].removes_occupant {
        if let Some(p) = pos.piece_at(at) {
            if !variant.is_royal(p.kind) {
                pos.remove_piece(at);
            }
        }
    }
    pos.add_token(at, kind);
    if let Some(plies) = plies {
        let stack = pos.tokens_at(at).unwrap_or(TokenStack { kind, count: 1, timer: 0 });
        pos.set_tokens(at, TokenStack { timer: plies, ..stack });
    }
    Ok(())
}
