//! The hands of `holechess rules`: what the `hands` object of the JSON schema holds
//! (docs/rules-json.md), made from the resolved script, and its line in words.

use holechess_kernel::spec::{HandSpec, VariantSpec};
use serde::Serialize;

/// Hands and drops, when the variant has them.
#[derive(Debug, Serialize)]
pub struct Hands {
    /// A captured piece goes to the capturer's hand.
    pub captures_to_hand: bool,
    /// A captured promoted piece goes to the hand as the kind it promoted from.
    pub demote_promoted: bool,
    /// Kinds that may be dropped only on some ranks (counted from the dropping side, 1-based).
    pub drop_ranks: Vec<DropRanks>,
    /// Kinds never dropped on a file holding one of the side's own of the kind.
    pub one_per_file: Vec<String>,
    /// Kinds a side must drop first while it holds one (every kind: all listed).
    pub must_drop: Vec<String>,
    /// Kinds a side's drops keep on squares of both colours.
    pub both_colours: Vec<String>,
    /// A king and rooks dropped on their castling squares gain castling rights.
    pub castling_drops: bool,
    /// A drop must close a line of enemy pieces (Reversi).
    pub must_close: bool,
    /// The enemy pieces of every line a drop closes change side.
    pub flips_lines: bool,
    /// While one of these squares is empty, drops land only there.
    pub first_squares: Vec<String>,
    /// A drop lands only next to a piece of the dropping side (Ataxx).
    pub next_to_own: bool,
    /// After every move and drop, the enemy pieces around the landing square change side.
    pub landing_flips: bool,
    /// A drop takes nothing from the hand.
    pub unlimited: bool,
    /// Kinds never dropped on a file holding this many of the side's own of the kind.
    pub file_limits: Vec<FileLimit>,
    /// A piece whose promotion flips may also be dropped as its promoted kind.
    pub drop_promoted: bool,
}

/// A kind and how many of a side's pieces of it on a file refuse a drop there.
#[derive(Debug, Serialize)]
pub struct FileLimit {
    pub piece: String,
    pub count: u8,
}

/// The ranks one kind may be dropped on.
#[derive(Debug, Serialize)]
pub struct DropRanks {
    pub piece: String,
    pub ranks: Vec<u8>,
}

/// The hands of `spec`, or `None` when it has none.
pub fn of(spec: &VariantSpec) -> Option<Hands> {
    let hands: &HandSpec = &spec.hands;
    if !hands.in_play() {
        return None;
    }
    let names = |kinds: &[u8]| -> Vec<String> {
        kinds.iter().filter_map(|&kind| spec.pieces.get(usize::from(kind)).map(|p| p.name.clone())).collect()
    };
    let ranks = |mask: u32| (0..spec.board.ranks).filter(|&r| mask & (1 << r) != 0).map(|r| r + 1).collect();
    Some(Hands {
        captures_to_hand: hands.captures_to_hand,
        demote_promoted: hands.demote_promoted,
        drop_ranks: hands
            .drop_ranks
            .iter()
            .map(|&(kind, mask)| DropRanks { piece: names(&[kind]).concat(), ranks: ranks(mask) })
            .collect(),
        one_per_file: names(&hands.one_per_file),
        must_drop: names(&hands.must_drop),
        both_colours: names(&hands.opposite_colours),
        castling_drops: hands.castling_drops,
        must_close: hands.enclosing.must_close,
        flips_lines: hands.enclosing.flips_lines,
        first_squares: hands.enclosing.first_squares.iter().map(|sq| super::schema::square_name(spec, sq)).collect(),
        next_to_own: hands.enclosing.next_to_own,
        landing_flips: hands.enclosing.landing_flips,
        unlimited: hands.unlimited,
        file_limits: hands
            .file_limits
            .iter()
            .map(|&(kind, count)| FileLimit { piece: names(&[kind]).concat(), count })
            .collect(),
        drop_promoted: hands.drop_promoted,
    })
}

/// The hands in words: `captured pieces go to the capturer's hand ...; a pawn is dropped only
/// on ranks 2 to 7`.
pub fn words(hands: &Hands) -> String {
    let mut parts = vec![if hands.captures_to_hand {
        "captured pieces go to the capturer's hand and are dropped on empty squares instead of a move".to_owned()
    } else {
        "pieces in hand are dropped on empty squares instead of a move".to_owned()
    }];
    if hands.captures_to_hand {
        parts.push(
            if hands.demote_promoted {
                "promoted pieces return unpromoted"
            } else {
                "promoted pieces return as they are"
            }
            .to_owned(),
        );
    }
    for drop in &hands.drop_ranks {
        parts.push(format!("a {} is dropped only on {}", drop.piece, rank_words(&drop.ranks)));
    }
    for piece in &hands.one_per_file {
        parts.push(format!("never a {piece} on a file holding another of its side"));
    }
    if hands.drop_promoted {
        parts.push("a piece that turns over may be dropped either way up".to_owned());
    }
    for limit in &hands.file_limits {
        parts.push(format!("never a {} on a file holding {} others of its side", limit.piece, limit.count));
    }
    if !hands.must_drop.is_empty() {
        parts.push(format!("a side holding a {} drops it before anything else", hands.must_drop.join(" or ")));
    }
    for piece in &hands.both_colours {
        parts.push(format!("drops keep a side's {piece}s on both colours"));
    }
    if hands.castling_drops {
        parts.push("a king and rooks dropped on their castling squares may castle".to_owned());
    }
    if !hands.first_squares.is_empty() {
        parts.push(format!("while one of {} is empty, drops go only there", hands.first_squares.join(", ")));
    }
    if hands.must_close {
        parts.push("a drop must close a line of enemy pieces with a piece of its own".to_owned());
    }
    if hands.flips_lines {
        parts.push("every enemy line a drop closes turns to the dropping side".to_owned());
    }
    if hands.unlimited {
        parts.push("pieces in hand never run out".to_owned());
    }
    if hands.next_to_own {
        parts.push("a drop lands only next to a piece of its side".to_owned());
    }
    if hands.landing_flips {
        parts.push("after every move and drop the enemy pieces around the landing square turn to the mover".to_owned());
    }
    parts.join("; ")
}

/// `rank 1`, `ranks 2 to 7`, or the ranks listed when they are not one run.
fn rank_words(ranks: &[u8]) -> String {
    match ranks {
        [rank] => format!("rank {rank}"),
        [first, .., last] if usize::from(last - first) + 1 == ranks.len() => format!("ranks {first} to {last}"),
        _ => format!("ranks {}", ranks.iter().map(u8::to_string).collect::<Vec<_>>().join(", ")),
    }
}
