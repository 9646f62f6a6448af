//! The rules of hands and drops: their syntax-tree form ([`HandRule`]), their checks (a
//! declared piece, ranks on the board, one board) and their lowering into the kernel's
//! [`HandSpec`].
//!
//! ```text
//! rules
//!   captured pieces go to the capturer's hand     # drops follow; promoted pieces demoted
//!   captured promoted pieces keep their kind      # loop chess: promoted pieces stay promoted
//!   pieces in hand may be dropped                 # drops from a setup's hand (`[Nn]`)
//!   a pawn may be dropped only on ranks 2 to 7    # ranks counted from the dropping side
//!   a pawn may not be dropped on a file with another pawn of its side   # shogi
//!   a side holding pieces must drop one           # placement: drops before moves
//!   a side holding a king must drop it            # koedem: the king first
//!   drops keep a side's bishops on both colours
//!   pieces dropped on their castling squares may castle
//!   a drop must close a line of enemy pieces     # Reversi: a drop encloses enemy pieces
//!   drops flip the enemy lines they close         # and turns them over
//!   drops fill d4, e4, d5 and e5 first            # the centre before anything else
//!   a drop must land next to a piece of its side  # Ataxx: a drop is a clone
//!   pieces in hand never run out
//!   a piece that lands turns the enemy pieces around it
//! ```

use holechess_kernel::spec::HandSpec;

use crate::ast::{Name, Rule, Span, Spanned};
use crate::check::Scope;
use crate::diagnostic::Problem;
use crate::lower::Geometry;

/// One rule of hands and drops, as written.
#[derive(Clone, Debug, PartialEq)]
pub enum HandRule {
    /// `captured pieces go to the capturer's hand`.
    CapturesToHand,
    /// `captured promoted pieces keep their kind`.
    KeepPromoted,
    /// `pieces in hand may be dropped`.
    Drops,
    /// `a side holding pieces must drop one`, or `a side holding a PIECE must drop it` (the
    /// piece: only that kind).
    MustDrop {
        /// The one kind that must be dropped first (`None`: every kind).
        piece: Option<Name>,
    },
    /// `pieces dropped on their castling squares may castle`.
    CastlingDrops,
    /// `drops keep a side's PIECES on both colours` (the piece's name, or its plural).
    BothColours {
        /// The pieces, as written (`bishops`).
        pieces: Name,
    },
    /// `a PIECE may not be dropped on a file with another PIECE of its side`.
    OnePerFile {
        /// The piece, by name.
        piece: Name,
        /// The piece named again (`another pawn`): must be the same.
        other: Name,
    },
    /// `pieces in hand may be dropped promoted`.
    DropPromoted,
    /// `a PIECE may not be dropped on a file with N other PIECES of its side`.
    FileLimit {
        /// The piece, by name.
        piece: Name,
        /// How many of the side's pieces of the kind on a file refuse the drop.
        count: Spanned<u32>,
        /// The piece named again, singular or plural (`other swallows`).
        others: Name,
    },
    /// `a PIECE may be dropped only on ranks FIRST to LAST` (or `on rank N`), ranks counted
    /// from the dropping side, 1-based.
    DropRanks {
        /// The piece, by name.
        piece: Name,
        /// The first rank it may be dropped on.
        first: Spanned<u32>,
        /// The last rank it may be dropped on.
        last: Spanned<u32>,
    },
    /// `a drop must close a line of enemy pieces`.
    MustClose,
    /// `drops flip the enemy lines they close`.
    FlipsLines,
    /// `drops fill d4, e4, d5 and e5 first`: the squares as written.
    FirstSquares(Vec<Spanned<crate::ast::SquareName>>),
    /// `a drop must land next to a piece of its side`.
    NextToOwn,
    /// `pieces in hand never run out`.
    Unlimited,
    /// `a piece that lands turns the enemy pieces around it`.
    LandingFlips,
}

/// Whether two hand rules set the same thing: the same rule, or drop ranks of one piece.
#[must_use]
pub fn same_hand_rule(a: &HandRule, b: &HandRule) -> bool {
    match (a, b) {
        (HandRule::DropRanks { piece: a, .. }, HandRule::DropRanks { piece: b, .. })
        | (HandRule::OnePerFile { piece: a, .. }, HandRule::OnePerFile { piece: b, .. })
        | (HandRule::FileLimit { piece: a, .. }, HandRule::FileLimit { piece: b, .. })
        | (HandRule::BothColours { pieces: a }, HandRule::BothColours { pieces: b }) => a.node == b.node,
        _ => std::mem::discriminant(a) == std::mem::discriminant(b),
    }
}

/// The problems of the hand rules in force: hands on several boards, an unknown piece,
/// ranks off the board or in the wrong order.
pub fn check_hand_rules(scope: &Scope, geometry: &Geometry, problems: &mut Vec<Problem>) {
    for rule in &scope.rules {
        let Rule::Hand(hand) = &rule.node else { continue };
        if geometry.board_count() > 1 {
            problems.push(
                Problem::new(rule.span, "hands and drops need a variant of one board")
                    .expecting("one `board`, or no hand rule"),
            );
        }
        if let HandRule::MustDrop { piece: Some(piece) } = hand {
            check_piece_named(scope, piece, problems);
        }
        if let HandRule::BothColours { pieces } = hand {
            if piece_index(scope, pieces).is_none() {
                problems.push(
                    Problem::new(pieces.span, format!("the drop rule names unknown pieces `{}`", pieces.node))
                        .expecting("a declared piece, by its name or its plural (`bishops`)"),
                );
            }
        }
        if let HandRule::OnePerFile { piece, other } = hand {
            check_piece_named(scope, piece, problems);
            if other.node != piece.node {
                problems.push(
                    Problem::new(other.span, format!("`another {}` must name the piece again", other.node))
                        .expecting(format!("`another {}`", piece.node)),
                );
            }
        }
        if *hand == HandRule::LandingFlips
            && !scope.rules.iter().any(|r| matches!(&r.node, Rule::Hand(HandRule::Drops | HandRule::CapturesToHand)))
        {
            problems.push(
                Problem::new(rule.span, "a piece that turns the pieces around it needs drops").expecting(
                    "`pieces in hand may be dropped` with it (the rule belongs to games played from the hand)",
                ),
            );
        }
        if let HandRule::FirstSquares(squares) = hand {
            problems.extend(squares.iter().filter_map(|square| geometry.square(square).err()));
        }
        if let HandRule::FileLimit { piece, count, others } = hand {
            check_piece_named(scope, piece, problems);
            if piece_index(scope, others) != piece_index(scope, piece) {
                problems.push(
                    Problem::new(others.span, format!("`other {}` must name the piece again", others.node))
                        .expecting(format!("`other {}s`", piece.node)),
                );
            }
            if !(1..=u32::from(geometry.ranks)).contains(&count.node) {
                problems.push(
                    Problem::new(
                        count.span,
                        format!("a file holds 1 to {} pieces, not {}", geometry.ranks, count.node),
                    )
                    .expecting(format!("a count from 1 to {}", geometry.ranks)),
                );
            }
        }
        if let HandRule::DropRanks { piece, first, last } = hand {
            check_piece_named(scope, piece, problems);
            let ranks = u32::from(geometry.ranks);
            for rank in [first, last] {
                if rank.node == 0 || (ranks > 0 && rank.node > ranks) {
                    problems.push(
                        Problem::new(rank.span, format!("rank {} is off the board", rank.node))
                            .expecting(format!("a rank from 1 to {ranks}")),
                    );
                }
            }
            if first.node > last.node {
                problems.push(
                    Problem::new(last.span, format!("ranks {} to {} run backwards", first.node, last.node))
                        .expecting(format!("ranks {} to {}", last.node, first.node)),
                );
            }
        }
    }
}

/// Splits a setup placement into the board and the hand written after it in brackets
/// (`RNBQKBNR[Nn]`), each with its span.
#[must_use]
pub fn split_setup_hand(placement: &Spanned<String>) -> (Spanned<String>, Option<Spanned<String>>) {
    let Some(open) = placement.node.find('[') else { return (placement.clone(), None) };
    let span = placement.span;
    let board = Spanned::new(placement.node[..open].to_string(), Span::new(span.file, span.start, span.start + open));
    let inner = placement.node[open + 1..].trim_end_matches(']');
    let hand = Spanned::new(
        inner.to_string(),
        Span::new(span.file, span.start + open + 1, span.start + open + 1 + inner.len()),
    );
    (board, Some(hand))
}

/// The letters of a setup's hand that no piece declares.
#[must_use]
pub fn check_setup_hand(hand: Option<&Spanned<String>>, letters: &[char]) -> Vec<Problem> {
    let Some(hand) = hand else { return Vec::new() };
    hand.node
        .char_indices()
        .filter(|(_, c)| !letters.contains(&c.to_ascii_uppercase()))
        .map(|(index, c)| {
            let at = Span::new(hand.span.file, hand.span.start + index, hand.span.start + index + c.len_utf8());
            let known: String = letters.iter().collect();
            Problem::new(at, format!("the setup's hand holds `{c}`, which no piece declares"))
                .expecting(format!("a declared piece letter ({known}, lower case for Black)"))
        })
        .collect()
}

/// The kind a name gives: a piece's name or its plural (`bishops`).
fn piece_index(scope: &Scope, name: &Name) -> Option<u8> {
    let singular = name.node.strip_suffix('s');
    let index = scope
        .pieces
        .iter()
        .position(|p| p.node.name.node == name.node || Some(p.node.name.node.as_str()) == singular)?;
    u8::try_from(index).ok()
}

/// A drop rule names a declared piece.
fn check_piece_named(scope: &Scope, piece: &Name, problems: &mut Vec<Problem>) {
    if !scope.pieces.iter().any(|p| p.node.name.node == piece.node) {
        problems.push(
            Problem::new(piece.span, format!("the drop rule names an unknown piece `{}`", piece.node))
                .expecting("a declared piece"),
        );
    }
}

/// The hand declaration the rules in force make (none: no hands).
#[must_use]
pub fn lower_hands(scope: &Scope, geometry: &Geometry) -> HandSpec {
    let mut spec = HandSpec::default();
    let mut keep_promoted = false;
    for rule in &scope.rules {
        let Rule::Hand(hand) = &rule.node else { continue };
        match hand {
            HandRule::CapturesToHand => {
                spec.captures_to_hand = true;
                spec.drops = true;
            }
            HandRule::KeepPromoted => keep_promoted = true,
            HandRule::Drops => spec.drops = true,
            HandRule::MustDrop { piece: None } => {
                spec.must_drop = (0..scope.pieces.len()).filter_map(|kind| u8::try_from(kind).ok()).collect();
            }
            HandRule::MustDrop { piece: Some(piece) } => {
                if let Some(kind) = piece_index(scope, piece) {
                    spec.must_drop.push(kind);
                }
            }
            HandRule::CastlingDrops => spec.castling_drops = true,
            HandRule::BothColours { pieces } => {
                if let Some(kind) = piece_index(scope, pieces) {
                    spec.opposite_colours.push(kind);
                }
            }
            HandRule::OnePerFile { piece, .. } => {
                let Some(kind) = scope.pieces.iter().position(|p| p.node.name.node == piece.node) else { continue };
                spec.one_per_file.push(u8::try_from(kind).unwrap_or(u8::MAX));
            }
            HandRule::DropPromoted => spec.drop_promoted = true,
            HandRule::FileLimit { piece, count, .. } => {
                let Some(kind) = scope.pieces.iter().position(|p| p.node.name.node == piece.node) else { continue };
                let count = u8::try_from(count.node).unwrap_or(u8::MAX);
                spec.file_limits.push((u8::try_from(kind).unwrap_or(u8::MAX), count));
            }
            HandRule::DropRanks { piece, first, last } => {
                let Some(kind) = scope.pieces.iter().position(|p| p.node.name.node == piece.node) else { continue };
                let mask = rank_mask(first.node, last.node);
                spec.drop_ranks.push((u8::try_from(kind).unwrap_or(u8::MAX), mask));
            }
            HandRule::MustClose => spec.enclosing.must_close = true,
            HandRule::FlipsLines => spec.enclosing.flips_lines = true,
            HandRule::FirstSquares(squares) => {
                spec.enclosing.first_squares = squares.iter().filter_map(|sq| geometry.square(sq).ok()).collect();
            }
            HandRule::NextToOwn => spec.enclosing.next_to_own = true,
            HandRule::Unlimited => spec.unlimited = true,
            HandRule::LandingFlips => spec.enclosing.landing_flips = true,
        }
    }
    spec.demote_promoted = spec.captures_to_hand && !keep_promoted;
    spec
}

/// The ranks `first..=last` (1-based) as a mask with bit 0 for the first rank.
fn rank_mask(first: u32, last: u32) -> u32 {
    (first.max(1)..=last.min(32)).fold(0, |mask, rank| mask | 1 << (rank - 1))
}
