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
use holechess_kernel::{Effect, PlayedMove, Position, Side, Square};

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
    /// `last_move()`, answered by the move and the side that played it.
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

/// What a query or an action answered. Names (of a side, a square, a piece or token kind)
/// are kept as what they name, so that answering costs no allocation; the hook gets them as
/// text ([`Answer::into_text`]). `None` is the empty text: no piece, no token, no move.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum Answer {
    Unit,
    Bool(bool),
    Int(i64),
    Side(Option<Side>),
    Square(Option<Square>),
    /// A piece kind, answered by its name.
    Piece(Option<u8>),
    /// A token kind, answered by its name.
    Token(Option<TokenId>),
    /// The move that led to the position, with the side that played it: what
    /// `last_move()` describes (see [`crate::last_move`]).
    LastMove(Option<(PlayedMove, Side)>),
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

    /// The answer as the hook reads it, naming things as `pos`'s variant does (`""` for
    /// nothing).
    pub fn into_text(self, pos: &Position) -> String {
        let variant = pos.variant();
        match self {
            Answer::Side(Some(side)) => side.name().to_string(),
            Answer::Square(Some(sq)) => pos.geometry().name_on_board(sq),
            Answer::Piece(Some(kind)) => variant.piece(kind).name.clone(),
            Answer::Token(Some(kind)) => variant.tokens()[usize::from(kind)].name.clone(),
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
        match *self {
            Query::Mover => Answer::Side(Some(actor)),
            Query::SideToMove => Answer::Side(Some(pos.side_to_move())),
            Query::Ply => Answer::Int(i64::from(pos.ply())),
            Query::HasPiece(sq) => Answer::Bool(pos.piece_at(sq).is_some()),
            Query::IsRoyal(sq) => Answer::Bool(pos.piece_at(sq).is_some_and(|p| variant.is_royal(p.kind))),
            Query::PieceSide(sq) => Answer::Side(pos.piece_at(sq).map(|p| p.side)),
            Query::PieceName(sq) => Answer::Piece(pos.piece_at(sq).map(|p| p.kind)),
            Query::RoyalSquare(side) => {
                let mut royals = pos.royals(side);
                Answer::Square(match (royals.next(), royals.next()) {
                    (Some(sq), None) => Some(sq),
                    _ => None,
                })
            }
            Query::TokenKind(sq) => Answer::Token(pos.tokens_at(sq).map(|t| t.kind)),
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
                    .map(|sq| pos.geometry().name_on_board(sq))
                    .collect(),
            ),
            Query::LastMove => {
                Answer::LastMove(pos.last_move().map(|played| (played, crate::last_move::mover(pos, played))))
            }
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
                // Removing the tokens of a square that has none changes nothing.
                if pos.tokens_at(square).is_some() {
                    pos.apply_event_effect(Effect::RemoveToken { square }).map_err(|e| e.to_string())?;
                }
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
                pos.apply_event_effect(Effect::RemovePiece { square: at }).map_err(|e| e.to_string())?;
            }
        }
    }
    pos.apply_event_effect(Effect::PlaceToken { square: at, kind, plies }).map_err(|e| e.to_string())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::meter::{usage, Meter};
    use crate::PlayableVariant;

    /// The queries a hook asks at every position are answered without allocating (the
    /// crate's tests count allocations through the meter's allocator).
    #[test]
    fn answering_the_queries_of_a_position_allocates_nothing() {
        let rules = PlayableVariant::load("chess").unwrap();
        let mut pos = rules.start_position();
        pos.play_unchecked(holechess_kernel::notation::parse_move(&pos, "e4").unwrap());
        let e4 = pos.geometry().parse_square("e4", 0).unwrap();
        let queries = [
            Query::Mover,
            Query::SideToMove,
            Query::Ply,
            Query::HasPiece(e4),
            Query::IsRoyal(e4),
            Query::PieceSide(e4),
            Query::PieceName(e4),
            Query::RoyalSquare(Side::White),
            Query::TokenKind(e4),
            Query::TokenCount(e4),
            Query::TokenTimer(e4),
            Query::LastMove,
        ];
        let meter = Meter::start();
        let answers: [Answer; 12] = queries.each_ref().map(|query| query.answer(&pos, Side::White));
        let allocated = usage().expect("a meter runs").allocated;
        drop(meter);
        assert_eq!(allocated, 0, "{answers:?}");
        let texts: Vec<String> = answers.into_iter().map(|answer| answer.into_text(&pos)).collect();
        assert_eq!(texts[..2], ["white", "black"]);
        assert_eq!(texts[5..8], ["white", "pawn", "e1"]);
    }
}
