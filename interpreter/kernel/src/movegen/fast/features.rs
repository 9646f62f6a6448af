//! The compiled feature description of a variant that the back-end choice reads: its
//! geometry, the rules that end play or filter legal moves, the shape of each movement
//! pattern and the shape of its token kinds. Each is a closed set of cases whose last one
//! ("something else") the bit boards never claim, and each is built by destructuring every
//! field of the spec or of the token effect model, so that a field added to the rule
//! language does not compile here until someone decides which case it belongs to.

use crate::effects::{SquareEffect, TokenEffects};
use crate::spec::{
    BoardSpec, Entry, EpRole, Exit, LinkEntry, LinkSpec, Pattern, PatternCondition, PatternMode, PieceSpec,
    PromotionSpec, RulesSpec, Schedule, StalemateRule, TokenMovement, VariantSpec,
};
use crate::variant::Variant;

/// The boards and how lines run over them.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Geometry {
    /// One 8x8 board, no links, alternate turns.
    Square8x8,
    /// The same with files that wrap (a cylinder).
    Cylinder8x8,
    /// One 8x8 board, alternate turns, no wrap, with links between its squares that every
    /// move ending on one goes on through (`entered on landing`) or only a capture there
    /// (`entered on capture`), without link checks or teleports (`links.rs`).
    Square8x8Links,
    /// One rectangular board of up to 128 squares (not 8x8), alternate turns, no wrap, with
    /// links entered on landing as [`Geometry::Square8x8Links`] (the wide bit boards).
    RectLinks { files: u8, ranks: u8 },
    /// One rectangular board of another size, up to 128 squares, no links, no wrap,
    /// alternate turns (the wide bit boards).
    Rect { files: u8, ranks: u8 },
    /// Another size, several boards, links or another turn schedule.
    Other,
}

/// The rules beside checks that end play or filter the legal moves.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Play {
    /// Checkmate, stalemate and draws only; captures remove the captured piece; no hands.
    Plain,
    /// Goal squares, extinction, compulsory capture, no checks, explosions, capture bans,
    /// pseudo-royal pieces or drops from a hand.
    Other,
}

/// The piece kinds, as the bit-board tables can hold them.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum PieceShape {
    /// Leapers and full orthogonal or diagonal sliders, one royal kind that leaps (or none,
    /// with `any number of royal pieces`), at most one pawn.
    Lines,
    /// The same with hoppers along queen lines.
    LinesAndHops,
    /// Anything the tables do not hold (riders, limited slides, other pawns, ...).
    Other,
}

/// Whether the variant plays en passant.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum EnPassant {
    Off,
    On,
}

/// The variant's token kinds, as the back-ends tell them apart.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum TokenShape {
    /// No token kind is declared.
    None,
    /// One kind that stops lines like a piece and is never entered, the same for every
    /// mover; `timed` when it expires after a number of plies.
    Blocking { timed: bool },
    /// One kind that stops lines, is entered by a capture-move or by any move, is left
    /// through another open token of the kind and moves to the mover's origin (PH5, SP4).
    Transit,
    /// One kind that makes its square absent for non-royal movers, with tunnels between
    /// absent squares and, when `wraps`, edge gateways (WH2-WH7).
    Tunnel { wraps: bool },
    /// Up to [`super::tokens::GATE_KINDS`] kinds (or one) that stay where they are: each
    /// stops lines and is never entered, or stops lines, is entered by a capture-move or by
    /// any move and is left through an open token of its own kind or of another (paired and
    /// one-way portals), the same for every mover, without lifetimes.
    Gates,
    /// Any other combination of kinds and effects.
    Other,
}

/// One movement pattern, as the bit-board tables can hold it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum PatternShape {
    /// A single step or leap that moves and captures alike.
    Leap { dx: i8, dy: i8 },
    /// The same, never ending a move on (nor attacking) `rank`, counted from the mover's
    /// side: `not onto rank N`, a mask of forbidden destinations per side.
    BarredLeap { dx: i8, dy: i8, rank: u8 },
    /// An unlimited slide that moves and captures alike.
    Slide { dx: i8, dy: i8 },
    /// A hop over the first piece on the line.
    Hop { dx: i8, dy: i8 },
    /// The pawn's step forward, without capturing.
    PawnStep,
    /// The pawn's two-square step forward, without capturing, from a rank or on the first
    /// move; `sets_en_passant` when it leaves an en-passant square.
    PawnDouble { condition: PatternCondition, sets_en_passant: bool },
    /// A pawn's diagonal capture forward, `dx` sideways; `en_passant` when it may take so.
    PawnCapture { dx: i8, en_passant: bool },
    /// Anything else: ranges between 1 and unlimited, barred ranks beside slides and hops,
    /// conditions on other
    /// patterns, move-only or capture-only patterns outside the pawn's shape.
    Other,
}

impl PatternShape {
    /// The shape of a declared pattern.
    pub(crate) fn of(pattern: &Pattern) -> PatternShape {
        let Pattern { dx, dy, range, mode, condition, en_passant, hop, barred_rank, hop_any_distance, lame } = *pattern;
        if hop_any_distance || lame {
            return PatternShape::Other;
        }
        use PatternCondition::{Always, FirstMove, FromRank, FromSquares};
        use PatternMode::{CaptureOnly, MoveOnly, MoveOrCapture};
        match (barred_rank, hop, mode, condition, en_passant, range, (dx, dy)) {
            (None, true, MoveOrCapture, Always, EpRole::None, _, _) => PatternShape::Hop { dx, dy },
            (None, false, MoveOrCapture, Always, EpRole::None, 1, _) => PatternShape::Leap { dx, dy },
            (Some(rank), false, MoveOrCapture, Always, EpRole::None, 1, _) => PatternShape::BarredLeap { dx, dy, rank },
            (None, false, MoveOrCapture, Always, EpRole::None, 0, _) => PatternShape::Slide { dx, dy },
            (None, false, MoveOnly, Always, EpRole::None, 1, (0, 1)) => PatternShape::PawnStep,
            (
                None,
                false,
                MoveOnly,
                FirstMove | FromRank(_) | FromSquares(_),
                EpRole::None | EpRole::Sets,
                2,
                (0, 1),
            ) => PatternShape::PawnDouble { condition, sets_en_passant: en_passant == EpRole::Sets },
            (None, false, CaptureOnly, Always, EpRole::None | EpRole::Captures, 1, (-1 | 1, 1)) => {
                PatternShape::PawnCapture { dx, en_passant: en_passant == EpRole::Captures }
            }
            _ => PatternShape::Other,
        }
    }
}

/// How the variant's pieces promote, as the bit boards can hold it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub(crate) enum PromotionShape {
    /// No piece promotes, or one compulsory zone of last ranks with one list for both sides.
    Zone,
    /// Besides: an optional zone of last ranks, a list per side, choices limited to the kinds
    /// a side has lost, and promotion on the last existing square of a file (masks per side,
    /// the last squares read from the permanent holes of the position).
    Masks,
    /// Promotion on leaving a zone, flips, limits per kind or zones of named squares.
    Other,
}

/// The promotion shape of a variant: the widest of its pieces'.
pub(crate) fn promotion(spec: &VariantSpec) -> PromotionShape {
    spec.pieces
        .iter()
        .filter_map(|piece| piece.promotion.as_ref())
        .map(promotion_shape)
        .max()
        .unwrap_or(PromotionShape::Zone)
}

/// The promotion shape of one piece's promotion.
pub(crate) fn promotion_shape(promotion: &PromotionSpec) -> PromotionShape {
    let PromotionSpec {
        zone_ranks: _,
        choices: _,
        side_choices,
        optional_ranks,
        only_lost,
        at_last_existing_square,
        on_leaving,
        flips,
        limits,
        zone_squares,
    } = promotion;
    let masked =
        side_choices.iter().any(Option::is_some) || *optional_ranks != 0 || *only_lost || *at_last_existing_square;
    let other = *on_leaving
        || *flips != crate::spec::Flip::Never
        || !limits.is_empty()
        || zone_squares.iter().any(|z| !z.is_empty());
    match (other, masked) {
        (true, _) => PromotionShape::Other,
        (false, true) => PromotionShape::Masks,
        (false, false) => PromotionShape::Zone,
    }
}

/// The fields of a piece the tables read beyond its patterns and promotion (name, letter and
/// value play no part in move generation; `royal`, `pawn` and `castling` are read where the
/// tables are built).
pub(crate) fn piece_patterns(piece: &PieceSpec) -> impl Iterator<Item = PatternShape> + '_ {
    let PieceSpec { name: _, letter: _, royal: _, pawn: _, patterns, promotion: _, castling: _, value: _, region } =
        piece;
    // A piece bound to a region has moves the tables do not confine; the tables turn Black's
    // moves around by ranks only, so a piece whose moves differ to its left and right is
    // walked.
    let walked = (region.is_some() || !crate::variant::mirror_symmetric(patterns)).then_some(PatternShape::Other);
    patterns.iter().map(PatternShape::of).chain(walked)
}

/// The geometry of a variant: board, links and turn schedule.
pub(crate) fn geometry(spec: &VariantSpec) -> Geometry {
    let VariantSpec {
        id: _,
        title: _,
        summary: _,
        board,
        pieces: _,
        setup: _,
        rules: _,
        tokens: _,
        links,
        schedule,
        hands: _,
    } = spec;
    let BoardSpec { files, ranks, names, files_wrap, first_files: _ } = board;
    let LinkSpec { pairs, one_way, entry, link_check, teleport } = links;
    let linked = !pairs.is_empty() || !one_way.is_empty() || *link_check || *teleport;
    let square_links = !*link_check && !*teleport;
    let landing_links = square_links && *entry == LinkEntry::Landing;
    match (*files, *ranks, names.len(), linked, schedule, files_wrap) {
        (8, 8, 1, false, Schedule::Alternate, false) => Geometry::Square8x8,
        (8, 8, 1, true, Schedule::Alternate, false) if square_links => Geometry::Square8x8Links,
        (files, ranks, 1, true, Schedule::Alternate, false)
            if landing_links && usize::from(files) * usize::from(ranks) <= 128 =>
        {
            Geometry::RectLinks { files, ranks }
        }
        (8, 8, 1, false, Schedule::Alternate, true) => Geometry::Cylinder8x8,
        (files, ranks, 1, false, Schedule::Alternate, false) if usize::from(files) * usize::from(ranks) <= 128 => {
            Geometry::Rect { files, ranks }
        }
        _ => Geometry::Other,
    }
}

/// The rules of a variant that end play or filter legal moves. Castling, en passant and the
/// royal rule are modelled by the tables; stalemate, the fifty-move rule and repetition play
/// no part in move generation.
pub(crate) fn play(spec: &VariantSpec) -> Play {
    let RulesSpec {
        castling: _,
        en_passant: _,
        stalemate,
        fifty_move: _,
        repetition: _,
        royals: _,
        goal,
        ends,
        compulsory_capture,
        no_checks,
        explosion,
        capture_bans,
        pseudo_royal,
        royals_may_not_face,
        castling_rook_files: _,
        pseudo_royal_alone,
        checks,
        first_moves,
    } = &spec.rules;
    // A stalemated side that passes has a move the tables do not make; a full board ends a
    // counted game.
    // Counted checks end the game and held kinds filter the legal moves; first moves lost to
    // enemy moves change the position after a move. Which pieces are unmoved is read from the
    // position, and the castling field is notation only.
    let plain_checks = *checks == crate::spec::CheckRules::default() && first_moves.lost_to.is_empty();
    let plain_ends = plain_checks
        && goal.is_none()
        && ends.extinctions.is_empty()
        && !ends.counting
        && !compulsory_capture
        && !no_checks
        && *stalemate != StalemateRule::Pass;
    let plain_captures = explosion.is_none()
        && capture_bans.is_empty()
        && pseudo_royal.is_empty()
        && pseudo_royal_alone.is_empty()
        && !royals_may_not_face;
    match (plain_ends, plain_captures, spec.hands.in_play()) {
        (true, true, false) => Play::Plain,
        _ => Play::Other,
    }
}

/// Whether a variant plays en passant.
pub(crate) fn en_passant(spec: &VariantSpec) -> EnPassant {
    if spec.rules.en_passant {
        EnPassant::On
    } else {
        EnPassant::Off
    }
}

/// The shape of a variant's token kinds: one kind by its own shape, else several (or one
/// no other shape takes) as gates when each kind is one.
pub(crate) fn tokens(v: &Variant) -> TokenShape {
    let count = v.spec().tokens.len();
    let single = match count {
        0 => TokenShape::None,
        1 => TokenShape::of(v.effects(0)),
        _ => TokenShape::Other,
    };
    let kinds = (0..count).map(|kind| v.effects(kind as u8));
    match single {
        TokenShape::Other if count <= super::tokens::GATE_KINDS && kinds.clone().all(is_gate) => TokenShape::Gates,
        shape => shape,
    }
}

/// Whether a token kind is a gate: it stays where it is, stops lines for every mover alike,
/// has no lifetime and no effect that depends on its occupant, and is either never entered
/// or entered by a capture-move or any move and left through an open token of a kind.
/// `removes_occupant` acts only where a hook places a token, never in move generation;
/// `stacking` is read per position.
pub(crate) fn is_gate(effects: &TokenEffects) -> bool {
    let TokenEffects {
        movers: [mover, royal],
        relocate_to_origin,
        stacking: _,
        dormant_while_occupied,
        wraps,
        lifetime,
        removes_occupant: _,
        removed_by_royal,
    } = *effects;
    let SquareEffect { passage, entry, exit, blocks_promotion: _ } = mover;
    let still = mover == royal
        && !relocate_to_origin
        && !dormant_while_occupied
        && !wraps
        && lifetime.is_none()
        && !removed_by_royal;
    let gate = match (passage, entry, exit) {
        (TokenMovement::Blocks | TokenMovement::Impassable, Entry::None, _) => true,
        (TokenMovement::Blocks, Entry::CaptureMove | Entry::AnyMove, Exit::AnotherOpen | Exit::OpenOf(_)) => true,
        (TokenMovement::Open | TokenMovement::Absent, _, _)
        | (TokenMovement::Blocks, Entry::CaptureMove | Entry::AnyMove, Exit::None | Exit::Tunnel)
        | (TokenMovement::Impassable, Entry::CaptureMove | Entry::AnyMove, _) => false,
    };
    still && gate
}

impl TokenShape {
    /// The shape of one token kind's compiled effects. `removes_occupant` acts only where a
    /// hook places a token, never in move generation; `stacking` is read per position (the
    /// tables keep counts; tunnel squares holding a stack are walked).
    pub(crate) fn of(effects: &TokenEffects) -> TokenShape {
        let TokenEffects {
            movers: [mover, royal],
            relocate_to_origin,
            stacking: _,
            dormant_while_occupied,
            wraps,
            lifetime,
            removes_occupant: _,
            removed_by_royal,
        } = *effects;
        let SquareEffect { passage, entry, exit, blocks_promotion } = mover;
        let same_for_royals = mover == royal;
        let static_square = !wraps && !dormant_while_occupied && !removed_by_royal;
        let tunnel_square = dormant_while_occupied && removed_by_royal && !relocate_to_origin && !blocks_promotion;
        match (passage, entry, exit) {
            (TokenMovement::Blocks | TokenMovement::Impassable, Entry::None, _) if same_for_royals && static_square => {
                TokenShape::Blocking { timed: lifetime.is_some() }
            }
            (TokenMovement::Blocks, Entry::CaptureMove | Entry::AnyMove, Exit::AnotherOpen | Exit::OpenOf(0))
                if same_for_royals && static_square && relocate_to_origin && lifetime.is_none() =>
            {
                TokenShape::Transit
            }
            (TokenMovement::Absent, Entry::None, Exit::Tunnel)
                if royal == SquareEffect::NONE && tunnel_square && lifetime.is_none() =>
            {
                TokenShape::Tunnel { wraps }
            }
            _ => TokenShape::Other,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::spec::TokenSpec;

    fn pattern(dx: i8, dy: i8, range: u8, mode: PatternMode) -> Pattern {
        Pattern::new(dx, dy, range, mode)
    }

    #[test]
    fn leaps_slides_and_hops_that_move_and_capture_alike_have_their_shapes() {
        assert_eq!(
            PatternShape::of(&pattern(2, 2, 1, PatternMode::MoveOrCapture)),
            PatternShape::Leap { dx: 2, dy: 2 }
        );
        assert_eq!(
            PatternShape::of(&pattern(1, 0, 0, PatternMode::MoveOrCapture)),
            PatternShape::Slide { dx: 1, dy: 0 }
        );
        let hop = Pattern { hop: true, ..pattern(0, 1, 0, PatternMode::MoveOrCapture) };
        assert_eq!(PatternShape::of(&hop), PatternShape::Hop { dx: 0, dy: 1 });
    }

    #[test]
    fn limited_slides_barred_ranks_and_move_only_slides_are_other() {
        let cases = [
            pattern(1, 0, 3, PatternMode::MoveOrCapture),
            pattern(0, 1, 0, PatternMode::MoveOnly),
            pattern(1, 1, 0, PatternMode::CaptureOnly),
            Pattern { barred_rank: Some(7), ..pattern(1, 0, 0, PatternMode::MoveOrCapture) },
            Pattern { barred_rank: Some(7), ..pattern(0, 1, 1, PatternMode::MoveOnly) },
            Pattern { condition: PatternCondition::FirstMove, ..pattern(2, 1, 1, PatternMode::MoveOrCapture) },
        ];
        for p in cases {
            assert_eq!(PatternShape::of(&p), PatternShape::Other, "{p:?}");
        }
    }

    #[test]
    fn a_leap_barred_from_a_rank_is_a_barred_leap() {
        let step = Pattern { barred_rank: Some(7), ..pattern(1, 1, 1, PatternMode::MoveOrCapture) };
        assert_eq!(PatternShape::of(&step), PatternShape::BarredLeap { dx: 1, dy: 1, rank: 7 });
    }

    #[test]
    fn the_orthodox_pawn_patterns_have_pawn_shapes() {
        assert_eq!(PatternShape::of(&pattern(0, 1, 1, PatternMode::MoveOnly)), PatternShape::PawnStep);
        let double = Pattern {
            condition: PatternCondition::FromRank(1),
            en_passant: EpRole::Sets,
            ..pattern(0, 1, 2, PatternMode::MoveOnly)
        };
        let shape = PatternShape::of(&double);
        assert_eq!(shape, PatternShape::PawnDouble { condition: PatternCondition::FromRank(1), sets_en_passant: true });
        let capture = Pattern { en_passant: EpRole::Captures, ..pattern(-1, 1, 1, PatternMode::CaptureOnly) };
        assert_eq!(PatternShape::of(&capture), PatternShape::PawnCapture { dx: -1, en_passant: true });
        let always_double = pattern(0, 1, 2, PatternMode::MoveOnly);
        assert_eq!(PatternShape::of(&always_double), PatternShape::Other);
    }

    fn token(edit: impl FnOnce(&mut TokenSpec)) -> TokenShape {
        let mut spec = TokenSpec::plain("t", 't');
        edit(&mut spec);
        TokenShape::of(&TokenEffects::compile(&spec))
    }

    #[test]
    fn token_kinds_have_their_shapes() {
        let blocks = token(|t| t.movement = TokenMovement::Blocks);
        assert_eq!(blocks, TokenShape::Blocking { timed: false });
        let timed = token(|t| {
            t.movement = TokenMovement::Impassable;
            t.lifetime = Some(3);
        });
        assert_eq!(timed, TokenShape::Blocking { timed: true });
        let transit = token(|t| {
            t.movement = TokenMovement::Blocks;
            t.entry = Entry::CaptureMove;
            t.exit = Exit::AnotherOpen;
            t.relocate_to_origin = true;
        });
        assert_eq!(transit, TokenShape::Transit);
        let tunnel = token(|t| {
            t.movement = TokenMovement::Absent;
            t.exit = Exit::Tunnel;
            t.royal_exempt = true;
            t.inactive_while_occupied = true;
            t.removed_by_royal = true;
            t.wraps_edges = true;
        });
        assert_eq!(tunnel, TokenShape::Tunnel { wraps: true });
    }

    #[test]
    fn token_kinds_beyond_the_bit_boards_are_other() {
        let exempt_blocker = token(|t| {
            t.movement = TokenMovement::Blocks;
            t.royal_exempt = true;
        });
        let open = token(|t| t.movement = TokenMovement::Open);
        let timed_transit = token(|t| {
            t.movement = TokenMovement::Blocks;
            t.entry = Entry::AnyMove;
            t.exit = Exit::AnotherOpen;
            t.relocate_to_origin = true;
            t.lifetime = Some(2);
        });
        let staying_transit = token(|t| {
            t.movement = TokenMovement::Blocks;
            t.entry = Entry::AnyMove;
            t.exit = Exit::AnotherOpen;
        });
        for shape in [exempt_blocker, open, timed_transit, staying_transit] {
            assert_eq!(shape, TokenShape::Other);
        }
    }
    fn gate(edit: impl FnOnce(&mut TokenSpec)) -> bool {
        let mut spec = TokenSpec::plain("t", 't');
        spec.movement = TokenMovement::Blocks;
        edit(&mut spec);
        is_gate(&TokenEffects::compile(&spec))
    }

    #[test]
    fn staying_portals_and_blockers_are_gates() {
        assert!(gate(|_| {}), "a blocker");
        assert!(gate(|t| {
            t.entry = Entry::AnyMove;
            t.exit = Exit::OpenOf(1);
        }));
        assert!(gate(|t| {
            t.entry = Entry::CaptureMove;
            t.exit = Exit::AnotherOpen;
        }));
    }

    #[test]
    fn moving_timed_exempt_open_or_absent_tokens_are_not_gates() {
        let portal = |t: &mut TokenSpec| {
            t.entry = Entry::AnyMove;
            t.exit = Exit::AnotherOpen;
        };
        let cases = [
            gate(|t| {
                portal(t);
                t.relocate_to_origin = true;
            }),
            gate(|t| {
                portal(t);
                t.lifetime = Some(2);
            }),
            gate(|t| {
                portal(t);
                t.royal_exempt = true;
            }),
            gate(|t| t.movement = TokenMovement::Open),
            gate(|t| t.movement = TokenMovement::Absent),
            gate(|t| t.inactive_while_occupied = true),
            gate(|t| t.entry = Entry::AnyMove),
        ];
        assert_eq!(cases, [false; 7]);
    }
}
