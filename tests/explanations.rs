//! Every refusal tells the truth: random positions of every bundled variant (seeded random
//! play from the start, dice and hooks included) and random illegal move texts; each
//! explanation's claims are checked against the position (K1, PH4, PH7, WH7, HP3, HP6):
//! - "pinned by X": taking X off the board makes the move legal;
//! - "X blocks it", "X is in the way", "e2 holds White's own pawn", "d5 holds a crater":
//!   taking X (or the tokens) off makes the move possible;
//! - "X attacks the king on R" (a check): X attacks R alone, every other enemy piece
//!   turned to the defender's side so that it still blocks but attacks nothing;
//! - "the free exits of E are ...": exactly the exits of the mover's legal transits
//!   through E; "has no free exit": the mover has no legal transit through E;
//! - after every ply, each check the REPL names is a real attack, and each token square it
//!   names as the route stops the attack once cleared.

use std::collections::BTreeSet;

use holechess_kernel::notation::{checks, explain_illegal, resolve, Notation, Resolved};
use holechess_kernel::testing::RawEdits;
use holechess_kernel::testing::TestHooks;
use holechess_kernel::{Move, Piece, Position, Side, Square};
use holechess_runtime::Game;
use holechess_testkit::XorShift;

mod common;

const VARIANTS: [&str; 7] = ["chess", "porthole", "standard-portal", "pothole", "wormhole", "portal", "portal-one-set"];

/// Random games per variant, plies per game, and how often a position is probed.
const GAMES: u64 = 10;
const PLIES: usize = 50;
const PROBE_EVERY: usize = 2;

/// The square named `name` as explanations write it (`e4` on the board in play, or `A:e4`).
fn square_named(pos: &Position, name: &str) -> Option<Square> {
    let g = pos.geometry();
    if g.boards() > 1 && !name.contains(':') {
        let board = &g.board_names[pos.board_to_move().unwrap_or(0)];
        return square_named(pos, &format!("{board}:{name}"));
    }
    (0..g.boards())
        .flat_map(|board| (0..g.ranks).flat_map(move |rank| (0..g.files).map(move |file| (board, file, rank))))
        .map(|(board, file, rank)| g.square(board, file, rank))
        .find(|&sq| g.name_on_board(sq) == name)
}

/// The square written right after the first ` on ` following `marker` in `text`.
fn square_after(pos: &Position, text: &str, marker: &str) -> Option<Square> {
    let rest = &text[text.find(marker)? + marker.len()..];
    let rest = &rest[rest.find(" on ")? + 4..];
    let name: String = rest.chars().take_while(|c| c.is_ascii_alphanumeric() || *c == ':').collect();
    square_named(pos, &name)
}

/// Square names listed after `marker` up to `;` or the end (`c3, f6, a4`).
fn squares_listed(text: &str, marker: &str) -> Option<BTreeSet<String>> {
    let rest = &text[text.find(marker)? + marker.len()..];
    let list = rest.split([';', '(']).next().unwrap_or_default();
    Some(list.split(',').map(|name| name.trim().to_owned()).filter(|n| !n.is_empty()).collect())
}

/// Whether the piece on `attacker` attacks `royal` on its own.
fn attacks_alone(pos: &Position, attacker: Square, royal: Square) -> bool {
    let Some(piece) = pos.piece_at(attacker) else { return false };
    let mut alone = pos.clone();
    let others: Vec<(Square, Piece)> = pos
        .pieces_of(piece.side)
        .filter(|&(sq, other)| sq != attacker && !pos.variant().is_royal(other.kind))
        .collect();
    for (sq, other) in others {
        alone.remove_piece(sq);
        alone.place_piece(sq, Piece { side: other.side.opponent(), ..other }).expect("an empty square of the board");
    }
    alone.is_attacked(royal, piece.side)
}

/// Whether `notation` names a legal move of `pos`, or a transit still to be given its exit.
fn playable(pos: &Position, notation: &Notation) -> bool {
    let legal = pos.legal_moves();
    matches!(resolve(pos, &legal, notation), Resolved::One(_) | Resolved::Ambiguous(_))
        || !holechess_kernel::notation::transit_choices(pos, &legal, notation).is_empty()
}

/// `pos` with the piece or the tokens on `sq` taken off.
fn cleared(pos: &Position, sq: Square) -> Position {
    let mut copy = pos.clone();
    if copy.piece_at(sq).is_some() {
        copy.remove_piece(sq);
    } else {
        copy.clear_tokens(sq);
    }
    copy
}

/// The exits of the legal transits of the piece on `from` through `entry`.
fn free_exits(pos: &Position, from: Square, entry: Square) -> BTreeSet<String> {
    pos.legal_moves()
        .iter()
        .filter_map(|&mv| match mv {
            Move::Transit { from: f, entry: e, exit, .. } if f == from && e == entry => Some(pos.geometry().name(exit)),
            _ => None,
        })
        .collect()
}

/// Checks every claim `why` makes about the refused `text`.
fn check_claims(id: &str, pos: &Position, text: &str, notation: &Notation, why: &str) -> usize {
    let context = format!("{id}: `{text}` in {}: {why}", pos.fen());
    let mut claims = 0;
    if let Some(at) = why.find("pinned by ") {
        let named = &why[at..why.find(" against ").unwrap_or(why.len())];
        let mut without = pos.clone();
        for part in named.split(" and, behind it, ") {
            let pinner = square_after(pos, part, "").unwrap_or_else(|| panic!("pinner named: {context}"));
            without = cleared(&without, pinner);
        }
        assert!(playable(&without, notation), "without the pinners the move is legal: {context}");
        claims += 1;
    }
    for marker in [" blocks it", " is in the way"] {
        if let Some(at) = why.find(marker) {
            let head = &why[..at];
            let name = head.rsplit(' ').next().unwrap_or_default();
            let blocker = square_named(pos, name).unwrap_or_else(|| panic!("blocker named: {context}"));
            assert!(playable(&cleared(pos, blocker), notation), "without the blocker the move is possible: {context}");
            claims += 1;
        }
    }
    if let Some(at) = why.find(" holds ").filter(|&at| !why[at..].starts_with(" holds no ")) {
        let name = why[..at].rsplit(' ').next().unwrap_or_default();
        let sq = square_named(pos, name).unwrap_or_else(|| panic!("square named: {context}"));
        let mut without = pos.clone();
        if why[at..].starts_with(" holds a ") {
            without.clear_tokens(sq);
        } else {
            without.remove_piece(sq);
        }
        assert!(playable(&without, notation), "without what the square holds the move is possible: {context}");
        claims += 1;
    }
    let mut rest = why;
    while let Some(at) = rest.find(" attacks the ") {
        let before = &rest[..at];
        let attacker_name = before.rsplit(' ').next().unwrap_or_default();
        let after = &rest[at + " attacks the ".len()..];
        let royal = square_after(pos, after, "").unwrap_or_else(|| panic!("royal named: {context}"));
        let attacker = square_named(pos, attacker_name).unwrap_or_else(|| panic!("attacker named: {context}"));
        assert!(attacks_alone(pos, attacker, royal), "the named piece attacks the king: {context}");
        claims += 1;
        rest = after;
    }
    if why.contains(" be in check there from ") || why.contains("this move does not stop it") {
        claims += check_after_the_move(pos, notation, why, &context);
    }
    let origin = square_after(pos, why, "the ").filter(|_| why.contains("cannot go to"));
    let entry = why.find("exit of the ").and_then(|at| square_after(pos, &why[at..], "exit of the "));
    if let (Some(from), Some(entry)) = (origin, entry) {
        let free = free_exits(pos, from, entry);
        if let Some(list) = why.find(" are ").map(|at| squares_listed(&why[at..], " are ").unwrap_or_default()) {
            assert_eq!(list, free, "the free exits listed are the free exits: {context}");
        } else if let Some(at) = why.find("only free exit of") {
            let only = squares_listed(&why[at..], " is ").unwrap_or_default();
            assert_eq!(only, free, "the only free exit is the free exit: {context}");
        }
        claims += 1;
    }
    if why.contains("has no free exit") {
        let from = square_after(pos, why, "the ").unwrap_or_else(|| panic!("mover named: {context}"));
        let entry = square_after(pos, why, ": the ").unwrap_or_else(|| panic!("entry named: {context}"));
        assert!(free_exits(pos, from, entry).is_empty(), "no free exit means none: {context}");
        claims += 1;
    }
    claims
}

/// "the king would be in check there from X", "in check (...), and this move does not stop
/// it": once the move is made (as if legal), X attacks the royal piece.
fn check_after_the_move(pos: &Position, notation: &Notation, why: &str, context: &str) -> usize {
    if pos.board_to_move().is_some() {
        return 0;
    }
    let pseudo = pos.pseudo_moves();
    let Resolved::One(mv) = resolve(pos, &pseudo, notation) else {
        return 0;
    };
    let mut after = pos.clone();
    after.play_unchecked(mv);
    let attacker_marker = if why.contains(" be in check there from ") { " be in check there from" } else { "(" };
    let attacker = square_after(pos, why, attacker_marker).unwrap_or_else(|| panic!("attacker named: {context}"));
    let us = pos.side_to_move();
    let attacked = after.royals(us).any(|royal| attacks_alone(&after, attacker, royal));
    assert!(attacked, "after the move the named piece attacks the royal piece: {context}");
    1
}

/// Move texts that are probably illegal: pieces of the side to move (on either board) sent
/// to random squares, in SAN and long algebraic form, some through a token with a random exit.
fn random_texts(pos: &Position, rng: &mut XorShift) -> Vec<String> {
    let g = pos.geometry();
    let board = pos.board_to_move().unwrap_or(0);
    let squares: Vec<Square> = (0..g.ranks).flat_map(|r| (0..g.files).map(move |f| g.square(board, f, r))).collect();
    let tokens: Vec<Square> = pos.token_squares().collect();
    let pieces: Vec<(Square, Piece)> = pos.pieces_of(pos.side_to_move()).collect();
    let mut texts = Vec::new();
    for _ in 0..12 {
        let (from, piece) = pieces[rng.pick(pieces.len())];
        let to = if !tokens.is_empty() && rng.pick(3) == 0 {
            tokens[rng.pick(tokens.len())]
        } else {
            squares[rng.pick(squares.len())]
        };
        let spec = pos.variant().piece(piece.kind);
        let mut text = match (spec.pawn, rng.pick(2)) {
            (_, 0) => format!("{}{}", g.name(from), g.name(to)),
            (true, _) => g.name(to),
            (false, _) => format!("{}{}", spec.letter, g.name(to)),
        };
        if pos.tokens_at(to).is_some() && rng.pick(2) == 0 {
            let exit = if rng.pick(2) == 0 && !tokens.is_empty() {
                tokens[rng.pick(tokens.len())]
            } else {
                squares[rng.pick(squares.len())]
            };
            text = format!("{text}>{}", g.name(exit));
        }
        texts.push(text);
    }
    // Two-board actions: an intent, teleports from random squares.
    if g.boards() > 1 {
        texts.push("@".to_owned());
        texts.push(format!("@{}", g.name(squares[rng.pick(squares.len())])));
        texts.push("--".to_owned());
    }
    // Moves the pieces could make but for their king (pins, checks), and lines through
    // pieces and tokens (blockers).
    let pseudo = pos.pseudo_moves();
    let legal = pos.legal_moves();
    texts.extend(pseudo.iter().filter(|mv| !legal.contains(mv)).map(|&mv| holechess_kernel::notation::lan(pos, mv)));
    for _ in 0..8 {
        let (from, _) = pieces[rng.pick(pieces.len())];
        let to = squares[rng.pick(squares.len())];
        let (dx, dy) = (
            i32::from(g.file_of(to)) - i32::from(g.file_of(from)),
            i32::from(g.rank_of(to)) - i32::from(g.rank_of(from)),
        );
        if (dx == 0 || dy == 0 || dx.abs() == dy.abs()) && from != to {
            texts.push(format!("{}{}", g.name(from), g.name(to)));
        }
    }
    texts
}

/// Probes one position: every refused text's explanation, and the checks named.
fn probe(id: &str, pos: &Position, rng: &mut XorShift) -> (usize, usize) {
    let (mut refused, mut claims) = (0, 0);
    let legal = pos.legal_moves();
    for text in random_texts(pos, rng) {
        let Ok(notation) = Notation::parse(&text) else { continue };
        if !matches!(resolve(pos, &legal, &notation), Resolved::None) {
            continue;
        }
        if !holechess_kernel::notation::transit_choices(pos, &legal, &notation).is_empty() {
            continue;
        }
        let why = explain_illegal(pos, &legal, &notation);
        refused += 1;
        claims += check_claims(id, pos, &text, &notation, &why);
    }
    for check in checks(pos) {
        let context = format!("{id}: check {check:?} in {}", pos.fen());
        assert!(attacks_alone(pos, check.attacker, check.royal), "the checker attacks: {context}");
        for &through in &check.through {
            assert!(!attacks_alone(&cleared(pos, through), check.attacker, check.royal), "the route: {context}");
        }
        claims += 1;
    }
    (refused, claims)
}

#[test]
fn k1_ph4_wh7_hp6_every_explanation_of_a_refused_move_is_true() {
    for id in VARIANTS {
        let rules = common::rules(id);
        let (mut refused, mut claims) = (0, 0);
        for seed in 0..GAMES {
            let mut game = Game::seeded(rules.clone(), seed + 1);
            let mut rng = XorShift(0x9E37_79B9_7F4A_7C15 ^ (seed + 1));
            for ply in 0..PLIES {
                if game.status().is_over() {
                    break;
                }
                if ply % PROBE_EVERY == 0 {
                    let (r, c) = probe(id, game.position(), &mut rng);
                    refused += r;
                    claims += c;
                }
                let legal = game.position().legal_moves();
                let mv = legal.as_slice()[rng.pick(legal.len())];
                game.play(mv).unwrap_or_else(|e| panic!("{id}: {e}"));
            }
        }
        assert!(refused > 50, "{id}: enough refused texts were explained ({refused})");
        eprintln!("{id}: {refused} refusals explained, {claims} claims checked");
    }
}

/// The pin, the blocker and the check of the positions a player meets, with their squares.
#[test]
fn k1_the_pin_the_blocker_and_the_check_are_named() {
    let why = |id: &str, fen: &str, text: &str| {
        let pos = common::position(id, fen);
        let notation = Notation::parse(text).unwrap();
        explain_illegal(&pos, &pos.legal_moves(), &notation)
    };
    let pinned = why("chess", "4k3/4r3/8/8/8/8/4N3/4K3 w - - 0 1", "Nf4");
    assert!(pinned.contains("the white knight on e2") && pinned.contains("pinned by the black rook on e7"), "{pinned}");
    assert!(pinned.contains("against the white king on e1"), "{pinned}");
    let after_e4_e5 = "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2";
    let blocked = why("chess", after_e4_e5, "e5");
    assert!(blocked.contains("the black pawn on e5 blocks it"), "{blocked}");
    let empty = why("chess", "4k3/8/8/8/4P3/8/8/4K3 w - - 0 1", "exd5");
    assert!(empty.ends_with("there is nothing to take on d5"), "{empty}");
    let in_check = why("chess", "4k3/4r3/8/8/8/8/3N4/4K3 w - - 0 1", "Nb3");
    assert!(in_check.contains("White is in check (the black rook on e7 attacks the white king on e1)"), "{in_check}");
    let king = why("chess", "4k3/8/8/2b5/8/8/8/4K3 w - - 0 1", "Kf2");
    assert!(king.contains("the king would be in check there from the black bishop on c5"), "{king}");
}

/// PH4, PH7: a transit's refusal says why the exit is wrong and lists the free exits; the
/// "no free exit" reason appears only when none is free.
#[test]
fn ph4_ph7_a_wrong_exit_lists_the_free_exits() {
    let pos = common::rules("porthole").start_position();
    let notation = Notation::parse("Nf3>b7").unwrap();
    let why = explain_illegal(&pos, &pos.legal_moves(), &notation);
    assert!(why.contains("b7 holds no porthole"), "{why}");
    assert!(why.contains("the free exits of the porthole on f3 are c3, a4, h4, a5, h5, c6, f6"), "{why}");
    assert!(!why.contains("f3 holds a porthole") && !why.contains("no free exit"), "{why}");
    let pos = common::position("porthole", "4k3/8/8/8/8/2P2p2/8/4K1N1 w - - 0 1 porthole=c3,f3");
    let notation = Notation::parse("Nf3>c3").unwrap();
    let why = explain_illegal(&pos, &pos.legal_moves(), &notation);
    assert!(why.contains("the porthole on f3 has no free exit (c3 is occupied)"), "{why}");
}

/// HP2, HP3: on two boards the refusal names the board the piece stands on, and an intent
/// without a piece on a linked square of the board in play says so.
#[test]
fn hp2_hp3_the_wrong_board_is_named() {
    let fen = "8/8/8/8/R7/8/8/3QK3|4k3/8/8/8/8/8/4P3/8 w - - 0 2";
    let pos = &common::position("portal", fen);
    assert_eq!(pos.board_to_move(), Some(1), "White moves on B in turn 2");
    let why = |text: &str| explain_illegal(pos, &pos.legal_moves(), &Notation::parse(text).unwrap());
    let queen = why("Qh5");
    assert!(queen.contains("White's queen is on board A: this turn White moves on board B"), "{queen}");
    let intent = why("@");
    assert!(intent.contains("an intent needs a White piece on a linked square of board B"), "{intent}");
    assert!(intent.contains("(those on A:a4 are on the other board)"), "{intent}");
}

/// WH5, WH7: a check through an edge gateway names the wormhole it passes.
#[test]
fn wh5_wh7_a_check_through_a_gateway_names_the_wormhole() {
    let rules = common::rules("wormhole");
    let start = "rnbqkbnr/ppp1pppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 wormhole=h3";
    let mut pos = Position::from_fen(rules.variant(), start).unwrap();
    let mv = holechess_kernel::notation::parse_move(&pos, "g3").unwrap();
    pos.play_unchecked(mv);
    let found = checks(&pos);
    assert_eq!(found.len(), 1, "{found:?}");
    let line = holechess_kernel::notation::check_line(&pos, &found[0]);
    assert_eq!(line, "the white bishop on f1 attacks the black king on e8 through the wormhole on h3");
    assert_eq!(pos.side_to_move(), Side::Black);
}

/// HP6: a portal check names the enemy piece on the link.
#[test]
fn hp6_a_check_across_a_link_is_named() {
    let pos = common::position("portal", "7k/8/8/8/K7/8/8/8|8/8/8/8/r7/8/8/8 w - - 0 1");
    let found = checks(&pos);
    assert_eq!(found.len(), 1, "{found:?}");
    let line = holechess_kernel::notation::check_line(&pos, &found[0]);
    assert_eq!(line, "the black rook on B:a4 attacks the white king on A:a4 across the link");
}

/// `validate` explains an illegal record move with the same reader: the pin and its pinner.
#[test]
fn k1_validate_names_the_pin_of_an_illegal_record_move() {
    let path = std::env::temp_dir().join(format!("holechess-explain-pin-{}.pgn", std::process::id()));
    let record = "[Event \"pin\"]\n[Variant \"chess\"]\n[SetUp \"1\"]\n[FEN \"4k3/4r3/8/8/8/8/4N3/4K3 w - - 0 1\"]\n[Result \"*\"]\n\n1. Nf4 *\n";
    std::fs::write(&path, record).expect("record written");
    let output = std::process::Command::new(env!("CARGO_BIN_EXE_holechess"))
        .args(["validate", "chess"])
        .arg(&path)
        .output()
        .expect("holechess runs");
    let _ = std::fs::remove_file(&path);
    let out = format!("{}{}", String::from_utf8_lossy(&output.stdout), String::from_utf8_lossy(&output.stderr));
    assert_eq!(output.status.code(), Some(1), "{out}");
    assert!(out.contains("ply 1, move Nf4"), "{out}");
    assert!(out.contains("it is pinned by the black rook on e7 against the white king on e1"), "{out}");
}

/// A piece the side no longer has is named as missing; on boards shown with their own
/// file letters (HP9) a square of the other board is named with its board.
#[test]
fn hp9_a_missing_piece_and_a_square_of_the_other_board_are_named() {
    let pos = common::position("chess", "4k3/8/8/8/8/8/8/4K3 w - - 0 1");
    let why = explain_illegal(&pos, &pos.legal_moves(), &Notation::parse("Qd3").unwrap());
    assert_eq!(why, "White has no queen");
    let pos = common::rules("portal-one-set").start_position();
    let why = explain_illegal(&pos, &pos.legal_moves(), &Notation::parse("Nf3").unwrap());
    assert_eq!(why, "f3 is on board B: this turn White moves on board A");
}
