//! Resolving a two-board turn's board move from the moves its notation names (HP2-HP9):
//! on boards that letter their files apart (Portal Chess with one set, HP9: side B shows
//! files e..h), the SAN of every legal board move is decided from its candidates alone,
//! read on the board in play, as the resolution against every legal move reads it.

use holechess_kernel::notation::{resolve_candidates, san, Action, Candidates, Notation};
use holechess_kernel::{Move, MoveList};
use holechess_runtime::PlayableVariant;

#[test]
fn hp9_board_moves_on_lettered_sides_resolve_from_their_candidates() {
    let rules = PlayableVariant::load("portal-one-set").unwrap();
    let mut state = 0x9E37_79B9_7F4A_7C15u64;
    let (mut checked, mut on_side_b) = (0, 0);
    for _ in 0..6 {
        let mut pos = rules.start_position();
        for _ in 0..60 {
            let legal = pos.legal_moves();
            if legal.is_empty() {
                break;
            }
            for &mv in legal.iter() {
                let text = san(&pos, mv);
                let notation = Notation::parse(&text).unwrap();
                if !matches!(notation.action, Action::Move(_) | Action::Castle(_)) {
                    continue;
                }
                checked += 1;
                let g = pos.geometry();
                on_side_b += usize::from(mv.from().is_some_and(|from| g.board_of(from) == 1));
                let mut scratch = MoveList::new();
                let found = resolve_candidates(&mut pos, &notation, &mut scratch);
                assert!(
                    matches!(found, Candidates::One(one) if one == mv),
                    "{text} in {}: {found:?}, not {mv:?}",
                    pos.fen()
                );
            }
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            let mv: Move = legal.as_slice()[(state % legal.len() as u64) as usize];
            pos.play_unchecked(mv);
        }
    }
    assert!(checked > 1_000 && on_side_b > 300, "{checked} checked, {on_side_b} on side B");
}
