//! Pinned perft counts (K6: random events off, a transit once per exit, a promotion once per
//! piece) at depths 1-3 from every bundled variant's start, each cross-checked by a method
//! that shares no code with the kernel's generator:
//!
//! - chess, porthole, standard portal (and the pot-hole and wormhole starts, which have no
//!   tokens): a slow reference generator written here, square-by-square on its own board,
//!   with piece-centred attack detection (the kernel walks rays outward from the target);
//! - every variant: the positions reached at depth 1 are all distinct (by FEN and by hash),
//!   so the count is the number of distinct successors;
//! - wormhole with six wormholes: the colour-mirrored position has the same counts;
//! - the two-board variants: the two boards are independent in turn 1 (depth 2 = depth 1
//!   squared), and perft by playing every move on a copy, with distinct successors at every
//!   node, gives the same counts as make/unmake.

use holechess_kernel::notation::lan;
use holechess_kernel::perft::{perft, perft_divide};
use holechess_kernel::Position;

mod common;

// ------------------------------------------------------------------ the reference generator

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Kind {
    Chess,
    Porthole,
    Portal,
}

/// A board of its own: pieces as (white, letter), token counts, rights.
#[derive(Clone)]
struct Board {
    kind: Kind,
    piece: [Option<(bool, u8)>; 64],
    tok: [u8; 64],
    white: bool,
    /// K Q k q.
    castle: [bool; 4],
    ep: Option<usize>,
    unmoved: [bool; 64],
}

#[derive(Clone, Copy, Debug)]
struct RefMove {
    from: usize,
    to: usize,
    exit: Option<usize>,
    promo: Option<u8>,
    ep: bool,
    double: bool,
    castle: bool,
}

fn name(sq: usize) -> String {
    format!("{}{}", (b'a' + (sq % 8) as u8) as char, sq / 8 + 1)
}

fn parse_sq(s: &str) -> usize {
    let b = s.as_bytes();
    (b[1] - b'1') as usize * 8 + (b[0] - b'a') as usize
}

impl RefMove {
    fn text(&self) -> String {
        let mut t = format!("{}{}", name(self.from), name(self.to));
        if let Some(e) = self.exit {
            t.push('>');
            t.push_str(&name(e));
        }
        if let Some(p) = self.promo {
            t.push((p as char).to_ascii_lowercase());
        }
        t
    }
}

const KNIGHT: [(i32, i32); 8] = [(1, 2), (2, 1), (2, -1), (1, -2), (-1, -2), (-2, -1), (-2, 1), (-1, 2)];
const KING: [(i32, i32); 8] = [(1, 0), (1, 1), (0, 1), (-1, 1), (-1, 0), (-1, -1), (0, -1), (1, -1)];
const ROOK: [(i32, i32); 4] = [(1, 0), (0, 1), (-1, 0), (0, -1)];
const BISHOP: [(i32, i32); 4] = [(1, 1), (-1, 1), (-1, -1), (1, -1)];

fn step(sq: usize, dx: i32, dy: i32) -> Option<usize> {
    let (f, r) = ((sq % 8) as i32 + dx, (sq / 8) as i32 + dy);
    ((0..8).contains(&f) && (0..8).contains(&r)).then(|| (r * 8 + f) as usize)
}

impl Board {
    fn from_fen(kind: Kind, fen: &str) -> Board {
        let f: Vec<&str> = fen.split_whitespace().collect();
        let mut b = Board {
            kind,
            piece: [None; 64],
            tok: [0; 64],
            white: f[1] == "w",
            castle: [false; 4],
            ep: None,
            unmoved: [false; 64],
        };
        for (i, row) in f[0].split('/').enumerate() {
            let rank = 7 - i;
            let mut file = 0;
            for c in row.chars() {
                if let Some(d) = c.to_digit(10) {
                    file += d as usize;
                } else {
                    b.piece[rank * 8 + file] = Some((c.is_ascii_uppercase(), c.to_ascii_uppercase() as u8));
                    file += 1;
                }
            }
        }
        for (i, c) in "KQkq".chars().enumerate() {
            b.castle[i] = f[2].contains(c);
        }
        if f.len() > 3 && f[3] != "-" && kind == Kind::Chess {
            b.ep = Some(parse_sq(f[3]));
        }
        if let Some(tokens) = f.get(6) {
            for group in tokens.split(';') {
                for item in group.split_once('=').unwrap().1.split(',') {
                    let (sq, n) = item.split_once('*').unwrap_or((item, "1"));
                    b.tok[parse_sq(sq)] += n.parse::<u8>().unwrap();
                }
            }
        }
        for sq in 0..64 {
            if let Some((w, b'P')) = b.piece[sq] {
                b.unmoved[sq] = sq / 8 == if w { 1 } else { 6 };
            }
        }
        b
    }

    fn enterable(&self, sq: usize) -> bool {
        self.tok[sq] == 1 || (self.tok[sq] > 1 && self.kind == Kind::Portal)
    }

    fn open(&self, sq: usize) -> bool {
        self.enterable(sq) && self.piece[sq].is_none()
    }

    fn promos(&self) -> &'static [u8] {
        if self.kind == Kind::Portal {
            b"Q"
        } else {
            b"QRBN"
        }
    }

    /// A move of the piece on `from` reaching `to` by a pattern that may move and/or
    /// capture; returns whether a line goes on past `to`.
    fn reach(&self, from: usize, to: usize, moves: bool, captures: bool, out: &mut Vec<RefMove>) -> bool {
        let (white, letter) = self.piece[from].unwrap();
        let target = self.piece[to];
        if target.is_some_and(|(w, l)| w == white || l == b'K') {
            return false;
        }
        let base = RefMove { from, to, exit: None, promo: None, ep: false, double: false, castle: false };
        if self.tok[to] == 0 {
            let ok = if target.is_some() { captures } else { moves };
            if ok {
                let last = if white { 7 } else { 0 };
                if letter == b'P' && to / 8 == last {
                    for &p in self.promos() {
                        out.push(RefMove { promo: Some(p), ..base });
                    }
                } else {
                    out.push(base);
                }
            }
            return target.is_none();
        }
        let enters = match self.kind {
            Kind::Chess => false,
            Kind::Porthole => captures,
            Kind::Portal => {
                if target.is_some() {
                    captures
                } else {
                    moves
                }
            }
        };
        if enters && self.enterable(to) {
            for exit in 0..64 {
                if exit != to && exit != from && self.open(exit) {
                    out.push(RefMove { exit: Some(exit), ..base });
                }
            }
        }
        false
    }

    fn pseudo(&self, out: &mut Vec<RefMove>) {
        for from in 0..64 {
            let Some((white, letter)) = self.piece[from] else { continue };
            if white != self.white {
                continue;
            }
            let dy = if white { 1 } else { -1 };
            match letter {
                b'P' => {
                    if let Some(one) = step(from, 0, dy) {
                        if self.piece[one].is_none() {
                            self.reach(from, one, true, false, out);
                        }
                        let may_double = match self.kind {
                            Kind::Porthole => self.unmoved[from],
                            _ => from / 8 == if white { 1 } else { 6 },
                        };
                        if may_double && self.piece[one].is_none() && self.tok[one] == 0 {
                            let two = step(one, 0, dy).unwrap();
                            if self.piece[two].is_none() {
                                if self.tok[two] == 0 {
                                    out.push(RefMove {
                                        from,
                                        to: two,
                                        exit: None,
                                        promo: None,
                                        ep: false,
                                        double: true,
                                        castle: false,
                                    });
                                } else if self.kind == Kind::Portal {
                                    self.reach(from, two, true, false, out);
                                }
                            }
                        }
                    }
                    for dx in [-1, 1] {
                        if let Some(to) = step(from, dx, dy) {
                            if self.ep == Some(to) {
                                out.push(RefMove {
                                    from,
                                    to,
                                    exit: None,
                                    promo: None,
                                    ep: true,
                                    double: false,
                                    castle: false,
                                });
                            } else if self.piece[to].is_some() || self.tok[to] > 0 {
                                self.reach(from, to, false, true, out);
                            }
                        }
                    }
                }
                b'N' | b'K' => {
                    let offsets = if letter == b'N' { &KNIGHT } else { &KING };
                    for &(dx, dy) in offsets {
                        if let Some(to) = step(from, dx, dy) {
                            self.reach(from, to, true, true, out);
                        }
                    }
                }
                _ => {
                    let dirs: Vec<(i32, i32)> = match letter {
                        b'R' => ROOK.to_vec(),
                        b'B' => BISHOP.to_vec(),
                        _ => ROOK.iter().chain(BISHOP.iter()).copied().collect(),
                    };
                    for (dx, dy) in dirs {
                        let mut at = from;
                        while let Some(to) = step(at, dx, dy) {
                            if !self.reach(from, to, true, true, out) {
                                break;
                            }
                            at = to;
                        }
                    }
                }
            }
        }
        if self.kind != Kind::Portal {
            self.castling(out);
        }
    }

    fn castling(&self, out: &mut Vec<RefMove>) {
        let (rank, rights) = if self.white { (0, [0, 1]) } else { (56, [2, 3]) };
        let king = rank + 4;
        if self.piece[king] != Some((self.white, b'K')) || self.attacked(king, !self.white) {
            return;
        }
        for (i, &right) in rights.iter().enumerate() {
            let (rook, kd, rd) = if i == 0 { (rank + 7, rank + 6, rank + 5) } else { (rank, rank + 2, rank + 3) };
            if !self.castle[right] || self.piece[rook] != Some((self.white, b'R')) {
                continue;
            }
            let lo = rook.min(kd).min(king);
            let hi = rook.max(kd).max(king);
            let clear = (lo..=hi).all(|sq| self.tok[sq] == 0 && (sq == king || sq == rook || self.piece[sq].is_none()))
                && rd >= lo
                && rd <= hi;
            let path = if kd > king { king..=kd } else { kd..=king };
            if clear && path.clone().all(|sq| !self.attacked(sq, !self.white)) {
                out.push(RefMove {
                    from: king,
                    to: kd,
                    exit: None,
                    promo: None,
                    ep: false,
                    double: false,
                    castle: true,
                });
            }
        }
    }

    /// Whether a piece of `by` has a capture-move onto `sq` (piece by piece).
    fn attacked(&self, sq: usize, by: bool) -> bool {
        if self.tok[sq] > 0 {
            let elsewhere = (0..64).any(|e| e != sq && self.open(e));
            if !(self.enterable(sq) && elsewhere) {
                return false;
            }
        }
        let (sf, sr) = ((sq % 8) as i32, (sq / 8) as i32);
        (0..64).any(|from| {
            let Some((w, letter)) = self.piece[from] else { return false };
            if w != by || from == sq {
                return false;
            }
            let (dx, dy) = (sf - (from % 8) as i32, sr - (from / 8) as i32);
            match letter {
                b'P' => dx.abs() == 1 && dy == if w { 1 } else { -1 },
                b'N' => (dx.abs() == 1 && dy.abs() == 2) || (dx.abs() == 2 && dy.abs() == 1),
                b'K' => dx.abs() <= 1 && dy.abs() <= 1,
                _ => {
                    let straight = dx == 0 || dy == 0;
                    let diagonal = dx.abs() == dy.abs();
                    let fits = match letter {
                        b'R' => straight,
                        b'B' => diagonal,
                        _ => straight || diagonal,
                    };
                    if !fits {
                        return false;
                    }
                    let (ux, uy) = (dx.signum(), dy.signum());
                    let mut at = step(from, ux, uy).unwrap();
                    while at != sq {
                        if self.piece[at].is_some() || self.tok[at] > 0 {
                            return false;
                        }
                        at = step(at, ux, uy).unwrap();
                    }
                    true
                }
            }
        })
    }

    fn drop_rights_at(&mut self, sq: usize) {
        for (i, corner) in [7usize, 0, 63, 56].iter().enumerate() {
            if sq == *corner {
                self.castle[i] = false;
            }
        }
    }

    fn make(&self, m: RefMove) -> Board {
        let mut b = self.clone();
        let (white, letter) = b.piece[m.from].take().unwrap();
        b.ep = None;
        if letter == b'K' {
            let first = if white { 0 } else { 2 };
            b.castle[first] = false;
            b.castle[first + 1] = false;
        }
        b.drop_rights_at(m.from);
        b.drop_rights_at(m.to);
        b.unmoved[m.from] = false;
        if m.castle {
            let short = m.to > m.from;
            let rank = m.from - 4;
            let (rook, rd) = if short { (rank + 7, rank + 5) } else { (rank, rank + 3) };
            b.piece[rook] = None;
            b.piece[rd] = Some((white, b'R'));
            b.piece[m.to] = Some((white, b'K'));
        } else if let Some(exit) = m.exit {
            b.piece[m.to] = None;
            b.tok[m.to] -= 1;
            b.tok[m.from] += 1;
            b.piece[exit] = Some((white, letter));
            b.unmoved[exit] = false;
        } else {
            if m.ep {
                let victim = if white { m.to - 8 } else { m.to + 8 };
                b.piece[victim] = None;
            }
            if m.double {
                b.ep = (b.kind == Kind::Chess).then(|| (m.from + m.to) / 2);
            }
            b.piece[m.to] = Some((white, m.promo.unwrap_or(letter)));
            b.unmoved[m.to] = false;
        }
        b.white = !white;
        b
    }

    fn legal(&self) -> Vec<RefMove> {
        let mut out = Vec::new();
        self.pseudo(&mut out);
        out.retain(|&m| {
            let after = self.make(m);
            let king = (0..64).find(|&sq| after.piece[sq] == Some((self.white, b'K'))).unwrap();
            !after.attacked(king, !self.white)
        });
        out
    }

    fn perft(&self, depth: u32) -> u64 {
        let moves = self.legal();
        if depth == 1 {
            return moves.len() as u64;
        }
        moves.iter().map(|&m| self.make(m).perft(depth - 1)).sum()
    }
}

/// Compares the reference and the kernel move by move at the root and one ply below
/// (so a mismatch names the line), then the counts to `depth`.
fn cross_check(id: &str, kind: Kind, fen: &str, expected: &[u64]) {
    let mut pos = common::position(id, fen);
    let reference = Board::from_fen(kind, fen);
    let mut ref_moves: Vec<String> = reference.legal().iter().map(RefMove::text).collect();
    ref_moves.sort();
    assert_eq!(common::moves(&pos), ref_moves, "{id}: root moves");
    for (depth, &want) in (1..).zip(expected) {
        assert_eq!(reference.perft(depth), want, "{id}: reference perft {depth}");
        assert_eq!(perft(&mut pos, depth), want, "{id}: kernel perft {depth}");
    }
    for (text, kernel_count) in perft_divide(&mut pos, 2) {
        let m = reference.legal().into_iter().find(|m| m.text() == text).unwrap();
        assert_eq!(kernel_count, reference.make(m).perft(1), "{id}: after {text}");
    }
}

/// The positions one ply away are pairwise different, so the depth-1 count is the number of
/// distinct successors (by the notation and by hash).
fn distinct_successors(pos: &Position) -> usize {
    let mut fens = std::collections::BTreeSet::new();
    let mut hashes = std::collections::BTreeSet::new();
    let mut probe = pos.clone();
    for &mv in pos.legal_moves().iter() {
        let undo = probe.make(mv);
        fens.insert(probe.fen());
        hashes.insert(probe.hash());
        probe.unmake(undo);
    }
    assert_eq!(fens.len(), hashes.len(), "a hash collision or a hash that misses a field");
    fens.len()
}

const START: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

#[test]
fn k6_chess_start_perft() {
    // Also the published orthodox figures (20, 400, 8902).
    cross_check("chess", Kind::Chess, START, &[20, 400, 8902]);
}

#[test]
fn k6_porthole_start_perft() {
    let fen = common::rules("porthole").start_position().fen();
    cross_check("porthole", Kind::Porthole, &fen, &[54, 2640, 110_180]);
}

#[test]
fn k6_standard_portal_start_perft() {
    let fen = common::rules("standard-portal").start_position().fen();
    cross_check("standard-portal", Kind::Portal, &fen, &[54, 2628, 110_786]);
}

#[test]
fn k6_pothole_and_wormhole_starts_are_orthodox_without_events() {
    for id in ["pothole", "wormhole"] {
        let fen = common::rules(id).start_position().fen();
        assert_eq!(fen, START, "{id}: no tokens at the start");
        cross_check(id, Kind::Chess, &fen, &[20, 400, 8902]);
    }
}

#[test]
fn k6_porthole_and_portal_middlegame_positions_match_the_reference() {
    // Pieces on portholes, a dormant stack, castling rights, a pinned piece, promotions.
    let cases = [
        (
            "porthole",
            Kind::Porthole,
            "r3k2r/pP1pqpb1/bn2pnp1/2pPN3/1p2P3/2N2Q1p/P1PBBPPP/R3K2R w KQkq - 0 1 porthole=c3,f3,c6*2,f6,a4,h4,a5,h5",
        ),
        ("porthole", Kind::Porthole, "4k3/1P6/8/3q4/8/8/4N3/4K2R w K - 0 1 porthole=e1,d5,c3,a6,b8,h6"),
        (
            "standard-portal",
            Kind::Portal,
            "r3k2r/pP1pqpb1/bn2pnp1/2pPN3/1p2P3/2N2Q1p/P1PBBPPP/R3K2R w - - 0 1 portal=c3,f3,c6*2,f6,a4,h4,h5",
        ),
        ("standard-portal", Kind::Portal, "4k3/1P6/8/3q4/8/8/4N3/4K2R w - - 0 1 portal=e1,d5,c3,a6,b8,h6*3"),
    ];
    for (id, kind, fen) in cases {
        let reference = Board::from_fen(kind, fen);
        let mut pos = common::position(id, fen);
        let mut ref_moves: Vec<String> = reference.legal().iter().map(RefMove::text).collect();
        ref_moves.sort();
        assert_eq!(common::moves(&pos), ref_moves, "{fen}");
        assert_eq!(perft(&mut pos, 2), reference.perft(2), "{fen}");
    }
}

#[test]
fn k6_depth_one_counts_are_distinct_successors() {
    for id in ["chess", "porthole", "standard-portal", "pothole", "wormhole"] {
        let mut pos = common::rules(id).start_position();
        assert_eq!(distinct_successors(&pos) as u64, perft(&mut pos, 1), "{id}");
    }
    let pos = common::position("wormhole", WORMHOLES);
    assert_eq!(distinct_successors(&pos), 20);
}

const WORMHOLES: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 wormhole=c3,f3,a5,h4,d6,e5";
/// The same position with colours swapped and the board turned upside down.
const WORMHOLES_MIRRORED: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR b KQkq - 0 1 wormhole=c6,f6,a4,h5,d3,e4";

#[test]
fn k6_wormhole_start_with_six_wormholes_perft() {
    let mut pos = common::position("wormhole", WORMHOLES);
    let mut mirrored = common::position("wormhole", WORMHOLES_MIRRORED);
    for (depth, want) in [(1, 20), (2, 397), (3, 8852)] {
        assert_eq!(perft(&mut pos, depth), want, "depth {depth}");
        assert_eq!(perft(&mut mirrored, depth), want, "mirrored, depth {depth}");
    }
    // Root moves, mirrored square by square.
    let flip = |t: &str| -> String {
        t.chars().map(|c| if c.is_ascii_digit() { (b'9' - (c as u8 - b'0')) as char } else { c }).collect()
    };
    let mut a: Vec<String> = pos.legal_moves().iter().map(|&m| lan(&pos, m)).collect();
    let mut b: Vec<String> = mirrored.legal_moves().iter().map(|&m| flip(&lan(&mirrored, m))).collect();
    a.sort();
    b.sort();
    assert_eq!(a, b);
    assert!(a.contains(&"c2c5".to_string()), "the double step counts existing squares (c3 is missing)");
    assert!(a.contains(&"b1d5".to_string()), "the knight skips c3");
}

/// Leaves of the tree by a route that shares no make/unmake with perft: every move is played
/// on a fresh copy (`Position::play`), and at every node the successors must all differ, so
/// no move is counted twice (K6).
fn perft_by_copies(pos: &Position, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    let moves = pos.legal_moves();
    let mut seen = std::collections::HashSet::new();
    let mut leaves = 0;
    for &mv in moves.iter() {
        let mut next = pos.clone();
        next.play_unchecked(mv);
        assert!(seen.insert(next.fen()), "two moves reach {} from {}", next.fen(), pos.fen());
        leaves += perft_by_copies(&next, depth - 1);
    }
    leaves
}

#[test]
fn hp_two_board_starts_perft() {
    for (id, expected) in [("portal", [20u64, 400, 8400]), ("portal-one-set", [10, 100, 1000])] {
        let start = common::rules(id).start_position();
        // Turn 1 is two independent orthodox-like first moves, one per board: White's count
        // times Black's (HP2).
        let first = start.legal_moves().len() as u64;
        assert_eq!(expected[1], first * first, "{id}: the boards are independent in turn 1");
        for (depth, &n) in (1..).zip(expected.iter()) {
            let mut pos = start.clone();
            assert_eq!(perft(&mut pos, depth), n, "{id} depth {depth}");
            assert_eq!(perft_by_copies(&start, depth), n, "{id} depth {depth} by copies");
        }
    }
}
