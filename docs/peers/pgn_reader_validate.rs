//! The peer validator of `compare.sh validate`: pgn-reader reads each game, shakmaty turns
//! every SAN into a move of the position and plays it (the work of pgn-reader's own
//! `validate` example). Not part of holechess: `compare.sh` builds it in a scratch folder
//! outside the repository, from the package registry's pgn-reader 0.29 and shakmaty 0.30.
use pgn_reader::{RawTag, Reader, SanPlus, Visitor};
use shakmaty::{fen::Fen, CastlingMode, Chess, Position};
use std::{env, fs::File, io, ops::ControlFlow, process};

struct Check {
    games: u64,
    plies: u64,
    bad: u64,
}

impl Visitor for Check {
    type Tags = Option<Chess>;
    type Movetext = Chess;
    type Output = bool;
    fn begin_tags(&mut self) -> ControlFlow<bool, Option<Chess>> {
        self.games += 1;
        ControlFlow::Continue(None)
    }
    fn tag(&mut self, tags: &mut Option<Chess>, name: &[u8], value: RawTag<'_>) -> ControlFlow<bool> {
        if name == b"FEN" {
            let Ok(fen) = Fen::from_ascii(value.as_bytes()) else { return ControlFlow::Break(false) };
            let Ok(pos) = fen.into_position(CastlingMode::Chess960) else { return ControlFlow::Break(false) };
            *tags = Some(pos);
        }
        ControlFlow::Continue(())
    }
    fn begin_movetext(&mut self, tags: Option<Chess>) -> ControlFlow<bool, Chess> {
        ControlFlow::Continue(tags.unwrap_or_default())
    }
    fn san(&mut self, pos: &mut Chess, san: SanPlus) -> ControlFlow<bool> {
        match san.san.to_move(pos) {
            Ok(m) => {
                pos.play_unchecked(m);
                self.plies += 1;
                ControlFlow::Continue(())
            }
            Err(_) => ControlFlow::Break(false),
        }
    }
    fn end_game(&mut self, _pos: Chess) -> bool {
        true
    }
}

fn main() -> io::Result<()> {
    let mut check = Check { games: 0, plies: 0, bad: 0 };
    for arg in env::args().skip(1) {
        let mut reader = Reader::new(File::open(&arg)?);
        while let Some(ok) = reader.read_game(&mut check)? {
            check.bad += u64::from(!ok);
        }
    }
    println!("{} games, {} plies, {} invalid", check.games, check.plies, check.bad);
    if check.bad > 0 {
        process::exit(1)
    }
    Ok(())
}
