//! The replay's quick path for SAN piece and pawn moves (the kernel's `resolve_piece_move`,
//! from the attack sets of the kinds the letter names, or the squares behind a pawn's) against
//! the general resolution: over seeded random games of chess and of hole variants, its every
//! answer is the general path's, and in orthodox chess it decides every ordinary move (no
//! castling, promotion or en passant) the general path resolves alone.

use holechess_kernel::notation::{resolve, resolve_piece_move, Action, Notation, Resolved};
use holechess_kernel::{Move, Position};
use holechess_runtime::PlayableVariant;

/// The SAN texts a record may write for an ordinary move (a step, slide, leap, capture or
/// double step, no promotion): for a piece, bare, with the origin file, with the origin
/// rank, each with and without `x`; for a pawn, the target, or its file and the target.
fn ordinary_move_texts(pos: &Position, mv: Move) -> Vec<String> {
    let (from, to) = match mv {
        Move::Normal { from, to, promotion: None } | Move::DoubleStep { from, to, .. } => (from, to),
        _ => return Vec::new(),
    };
    let Some(piece) = pos.piece_at(from) else { return Vec::new() };
    let spec = pos.variant().piece(piece.kind);
    let g = pos.geometry();
    let file = |sq| char::from(b'a' + g.file_of(sq));
    let target = format!("{}{}", file(to), g.rank_of(to) + 1);
    if spec.pawn {
        return match g.file_of(from) == g.file_of(to) {
            true => vec![target],
            false => vec![format!("{}x{target}", file(from)), format!("{}{target}", file(from))],
        };
    }
    let mut texts = Vec::new();
    for origin in [String::new(), file(from).to_string(), (g.rank_of(from) + 1).to_string()] {
        for capture in ["", "x"] {
            texts.push(format!("{}{origin}{capture}{target}", spec.letter));
        }
    }
    texts
}

/// Seeded random games of `variant`: (texts of ordinary moves checked, decided by the quick path,
/// resolved to an ordinary move alone by the general path).
fn compare_on_random_games(variant: &str, games: u64, plies: usize) -> (usize, usize, usize) {
    let rules = PlayableVariant::load(variant).unwrap();
    let mut state = 0x9E37_79B9_7F4A_7C15u64;
    let (mut checked, mut decided, mut general_alone) = (0, 0, 0);
    for _ in 0..games {
        let mut pos = rules.start_position();
        for _ in 0..plies {
            let legal = pos.legal_moves();
            if legal.is_empty() {
                break;
            }
            for &mv in legal.iter() {
                for text in ordinary_move_texts(&pos, mv) {
                    let notation = Notation::parse(&text).unwrap();
                    assert!(matches!(notation.action, Action::Move(_)));
                    checked += 1;
                    let general = resolve(&pos, &legal, &notation);
                    general_alone += usize::from(matches!(
                        general,
                        Resolved::One(Move::Normal { promotion: None, .. } | Move::DoubleStep { .. })
                    ));
                    if let Some(found) = resolve_piece_move(&pos, &notation) {
                        decided += 1;
                        assert!(
                            matches!(general, Resolved::One(one) if one == found),
                            "{variant}: {text} in {}: quick {found:?}, general {general:?}",
                            pos.fen()
                        );
                    }
                }
            }
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            pos.play_unchecked(legal.as_slice()[(state % legal.len() as u64) as usize]);
        }
    }
    (checked, decided, general_alone)
}

#[test]
fn in_chess_every_ordinary_move_the_general_path_resolves_alone_is_decided_alike() {
    let (checked, decided, general_alone) = compare_on_random_games("chess", 30, 150);
    assert!(checked > 10_000, "{checked} texts");
    assert_eq!(decided, general_alone, "of {checked} texts");
}

#[test]
fn ph_sp_pt_wh_in_hole_variants_the_quick_path_agrees_or_stays_silent() {
    for variant in ["porthole", "standard-portal", "pothole", "wormhole"] {
        let (checked, _, _) = compare_on_random_games(variant, 6, 100);
        assert!(checked > 1_000, "{variant}: {checked} texts");
    }
}
