//! The variant-space fuzzer: random valid variants written as scripts (`generator.rs`), and
//! positions reached from their start by random play. For each position, perft through the
//! kernel (its fast path when the variant qualifies), perft through the kernel's general path
//! alone, and perft by an independent reference that reads the lowered script and has its
//! own make (`reference/spec.rs`) must agree (K1, K6, K8). A fresh seed is drawn and printed
//! on every run (`VARIANT_SPACE_SEED=N` repeats one), beside a fixed regression set; the
//! ignored `variant_space_long_run` plays many more (`VARIANT_SPACE_CASES=N`).
//! `VARIANT_SPACE_HOLES=0` leaves holes out.

#[path = "variant_space/check.rs"]
mod check;
#[path = "variant_space/generator.rs"]
mod generator;
#[path = "reference/spec.rs"]
mod spec_reference;

use proptest::test_runner::{Config, RngAlgorithm, TestRng, TestRunner};

use check::{check_variant, Covered};

/// Seeds that once found a bug (each kept as a regression) or cover a rare shape.
const REGRESSIONS: &[u64] = &[
    // A diagonal double step beside a pawn another double step could have brought, on two
    // boards: the pawn taken en passant is the one that passed (HP7, K8).
    7_552_399_816_411_217_823,
    // A double step onto the last rank, kept from promoting by a token, may be taken en
    // passant (WH3, WH8).
    863_339_099_894_455_492,
    // Square links beside several royal pieces on the wide bit boards: a move through a link
    // was judged for one royal piece only (K1); such positions are table-walked.
    257_214_829_372_304_882,
    12_686_754_476_463_881_223,
    // A pawn's step and its first-move double step both tunnelling through the holes on its
    // file to one square: one move, not two (K6, WH4).
    10_009_949_406_734_409_871,
    // A first-move step attacks while the piece is unmoved (conditional captures, K1).
    946_112_412_864_357_090,
    // En passant onto an open token (a Berolina double step passing it).
    1_815_735_901_263_408_802,
    // Two pins on one line: a pinned leaper leaping over its king (fast path, K1).
    445_987_451_046_376_062,
    // Any number of royal pieces, one side without: the fast path refuses the position.
    11_008_354_204_678_470_607,
    // A hopper hopping diagonally one way only: the fast path read the opposite of a
    // diagonal as its neighbour in the table, missing a hurdle put beside the king (K1).
    1_304_252_665_536_135_476,
    // A king entering a gate and exiting where a pawn attacks it: the transit was kept
    // without testing its exit (PH8).
    12_840_446_626_098_262_836,
    8_874_785_561_671_559_036,
    // Holes that tunnel and wrap the board edges (WH4, WH5): on the fast path (8x8) and on
    // a board of more than 64 squares (14x7).
    89,
    61,
];

fn env_number(name: &str) -> Option<u64> {
    std::env::var(name).ok().and_then(|v| v.parse().ok())
}

/// `cases` random variants from a fresh (or given) seed, through proptest: a failure
/// prints the variant's seed, script, position and the three counts.
/// `positions` positions of each variant's random game are compared.
fn run_random(cases: u32, positions: usize) -> Covered {
    let master = env_number("VARIANT_SPACE_SEED").unwrap_or_else(|| {
        std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).map_or(1, |d| d.as_nanos() as u64)
    });
    println!("variant-space seed {master} (repeat with VARIANT_SPACE_SEED={master})");
    let mut seed_bytes = [0u8; 32];
    seed_bytes[..8].copy_from_slice(&master.to_le_bytes());
    let config = Config { cases, failure_persistence: None, max_shrink_iters: 0, ..Config::default() };
    let mut runner = TestRunner::new_with_rng(config, TestRng::from_seed(RngAlgorithm::ChaCha, &seed_bytes));
    let total = std::cell::RefCell::new(Covered::default());
    let result = runner.run(&proptest::num::u64::ANY, |seed| {
        let covered = check_variant(seed, positions).map_err(proptest::test_runner::TestCaseError::fail)?;
        let mut total = total.borrow_mut();
        total.positions += covered.positions;
        total.fast += covered.fast;
        total.timed += covered.timed;
        total.linked += covered.linked;
        total.gated += covered.gated;
        total.holed += covered.holed;
        total.warped += covered.warped;
        total.two_boards += covered.two_boards;
        total.teleporting += covered.teleporting;
        total.variants += 1;
        if total.variants % 2000 == 0 {
            eprintln!("{} variants, {} positions agree so far", total.variants, total.positions);
        }
        Ok(())
    });
    if let Err(e) = result {
        panic!("variant-space seed {master}: {e}");
    }
    total.into_inner()
}

#[test]
fn k1_k6_variant_space_regressions_agree() {
    let one = env_number("VARIANT_SPACE_ONE");
    for &seed in one.as_slice().iter().chain(REGRESSIONS) {
        if let Err(report) = check_variant(seed, 3) {
            panic!("{report}");
        }
    }
}

#[test]
fn ph8_a_king_transit_ending_attacked_is_illegal() {
    // The king on d2 enters the gate on c1; exiting on c4 puts it where the pawn on b3
    // captures through the gates still open (d2, where the entered gate goes, and d5): PH9.
    let moves =
        generated_moves(12_840_446_626_098_262_836, false, "5/1K3/5/2p2/K4/1Ph2/3k1/1H3 b - - 0 1 gate=c1,c4,d5");
    assert!(moves.contains(&"d2c1>d5".to_string()), "{moves:?}");
    assert!(!moves.contains(&"d2c1>c4".to_string()), "{moves:?}");
}

/// The moves of `fen` in the generated variant of `seed`, with holes or without (declared
/// here where the generator's draw gave the variant none).
fn generated_moves(seed: u64, holes: bool, fen: &str) -> Vec<String> {
    let mut script = generator::variant_with_holes(seed, holes).script;
    if holes && !script.contains("token hole") {
        let hole = "token hole\n  absent for non-royal pieces\n  dormant while occupied\n  shown as &\n\nsetup ";
        script = script.replace("setup ", hole);
    }
    let loaded = holechess_lang::load_str("generated.hole", &script).expect("loads");
    let pos = holechess_kernel::Position::from_fen(&loaded.variant, fen).expect("reads");
    pos.legal_moves().iter().map(|&mv| holechess_kernel::notation::lan(&pos, mv)).collect()
}

#[test]
fn k1_wh3_a_king_stepping_back_along_a_limited_slider_line_is_in_check() {
    // The white piece on c4 slides diagonally forward up to 2 squares; the black king on d5
    // stands on its line, so e6 is attacked once the king leaves d5 (K1). A hole on the board
    // (movement warped) changes nothing here: the slide counts existing squares (WH3).
    let fen = "13/13/8M1K2/3k9/2Y9g/13/13/g12 b - - 4 3 hole=d1,l7";
    let moves = generated_moves(9_302_015_213_562_746_080, true, fen);
    assert!(moves.contains(&"d5e5".to_string()), "{moves:?}");
    assert!(!moves.contains(&"d5e6".to_string()), "{moves:?}");
}

#[test]
fn k1_wh3_a_first_move_capture_gives_check_beside_holes() {
    // The black piece on c1 has never moved and slides sideways on its first move: the white
    // king on d1 is in check, so only king moves are legal (K1), with a hole on the board
    // (movement warped) as without one.
    let fen = "U7/p1Pkp1P1/P1p2P1z/1p3p2/1GtK4 w - - 0 2 hole=d5";
    let mut moves = generated_moves(12_005_426_407_270_003_863, true, fen);
    moves.sort();
    assert_eq!(moves, ["d1c2", "d1e2"]);
}

#[test]
fn wh3_a_slide_beside_a_step_stops_at_the_first_piece_past_a_hole() {
    // The black piece on g2 steps and slides in all directions. Up-left, f3 is a hole and the
    // white piece on e4 the first piece: the step or slide captures there, and nothing goes on
    // past it to a8 (WH3 skips holes, not pieces; the hole kind declares no tunnel, WH4).
    let fen = "4k3/4p3/P5q1/p3p2p/3PQ3/7Q/2P3q1/4K2Q b K - 4 4 hole=f3,b7";
    let moves = generated_moves(7_699_776_534_005_364_600, true, fen);
    assert!(moves.contains(&"g2e4".to_string()), "{moves:?}");
    assert!(!moves.contains(&"g2a8".to_string()), "{moves:?}");
}

#[test]
fn wh3_a_step_past_a_hole_ends_on_the_next_existing_square() {
    // The white piece on a1 steps in all directions. Up, a2 is a hole: the step skips it and
    // ends on a3, capturing there (WH3); it never reaches a7 by a tunnel from the hole on a2
    // to the one on a6 (WH4), which this kind does not declare.
    let fen = "m1b1k3/8/8/b7/2M2M2/m7/3M3Y/M1m1K2M w KQq - 1 2 wall=g1,c6,h7;hole=a2,f5,a6";
    let moves = generated_moves(16_149_961_786_292_577_717, true, fen);
    assert!(moves.contains(&"a1a3".to_string()), "{moves:?}");
    assert!(!moves.contains(&"a1a7".to_string()), "{moves:?}");
}

/// A one-board script with one piece kind `L` (the clauses given) beside the kings, and
/// holes that tunnel (WH4).
fn tunnel_script(clauses: &str) -> String {
    format!(
        "variant \"Tunnels\"\n  id tunnels\n  summary \"t\"\n\nboard 8x8\n\npiece king K\n  royal\n  steps in all directions\n\n\
         piece leaper L\n{clauses}\nrules\n  no castling\n  stalemate is a draw\n  turns alternate\n\n\
         token hole\n  absent for non-royal pieces\n  dormant while occupied\n  tunnel to the next hole on the line\n\
         \x20 shown as &\n  default a4 a6\n\nsetup 7K/8/8/l7/8/5k2/8/L7 w - - 1 2\n"
    )
}

/// The sorted legal moves of `fen` in `script`.
fn moves_of(script: &str, fen: &str) -> Vec<String> {
    let loaded = holechess_lang::load_str("tunnels.hole", script).expect("loads");
    let pos = holechess_kernel::Position::from_fen(&loaded.variant, fen).expect("reads");
    let mut moves: Vec<String> =
        pos.legal_moves().iter().map(|&mv| holechess_kernel::notation::lan(&pos, mv)).collect();
    moves.sort();
    moves
}

#[test]
fn wh4_a_slide_tunnels_to_the_first_square_past_the_exit() {
    // The piece on a1 slides up over a2 and a3 into the hole on a4, leaps the black piece on
    // a5, leaves at the hole on a6 and goes on to a7 and a8 (WH4), besides capturing on a5.
    let moves = agreed_moves(&tunnel_script("  slides orthogonally\n"), "7K/8/8/l7/8/5k2/8/L7 w - - 1 2 hole=a4,a6");
    for mv in ["a1a5", "a1a7", "a1a8"] {
        assert!(moves.contains(&mv.to_string()), "{mv}: {moves:?}");
    }
}

#[test]
fn wh4_k6_a_slide_beside_a_step_tunnels_to_the_first_square_past_the_exit() {
    // As above, the piece also stepping forward: the step covers the slide's first square
    // (a2), not a7, the first square past the tunnel's exit, which the slide still reaches.
    let script = tunnel_script("  steps forward\n  slides orthogonally\n");
    let moves = agreed_moves(&script, "7K/8/8/l7/8/5k2/8/L7 w - - 1 2 hole=a4,a6");
    for mv in ["a1a2", "a1a5", "a1a7", "a1a8"] {
        assert!(moves.contains(&mv.to_string()), "{mv}: {moves:?}");
    }
}

/// A one-board script with a knight `N` and a bishop `B` beside the kings, and holes that
/// wrap the board edges (WH5) and tunnel (WH4).
fn gateway_script() -> String {
    "variant \"Gateways\"\n  id gateways\n  summary \"t\"\n\nboard 8x8\n\npiece king K\n  royal\n  steps in all directions\n\n\
     piece knight N\n  leaps (1,2)\n\npiece bishop B\n  slides diagonally\n\n\
     rules\n  no castling\n  stalemate is a draw\n  turns alternate\n\n\
     token hole\n  absent for non-royal pieces\n  dormant while occupied\n  tunnel to the next hole on the line\n\
     \x20 wraps the board edges\n  shown as &\n\nsetup 4k3/8/8/8/8/8/8/4K3 w - - 0 1\n"
        .to_string()
}

/// The sorted legal moves of `fen` in `script`, the kernel's and the reference's alike.
fn agreed_moves(script: &str, fen: &str) -> Vec<String> {
    let loaded = holechess_lang::load_str("gateways.hole", script).expect("loads");
    let pos = holechess_kernel::Position::from_fen(&loaded.variant, fen).expect("reads");
    let kernel = moves_of(script, fen);
    let mut reference: Vec<String> = spec_reference::Board::of(loaded.variant.spec(), &pos)
        .legal_moves()
        .into_iter()
        .map(spec_reference::Board::text)
        .collect();
    reference.sort();
    assert_eq!(kernel, reference, "kernel and reference differ at {fen}");
    kernel
}

#[test]
fn wh5_a_leap_from_an_edge_gateway_wraps_the_board() {
    // The knight on f1 leaps to h2, a hole on the h-file: the next knight step from it
    // leaves the board sideways and wraps to b3 (the ruling's own example).
    let moves = agreed_moves(&gateway_script(), "4k3/8/8/8/8/8/8/4KN2 w - - 0 1 hole=h2");
    assert!(moves.contains(&"f1b3".to_string()), "{moves:?}");
    assert!(!moves.contains(&"f1h2".to_string()), "{moves:?}");
}

#[test]
fn wh7_a_bishop_through_an_edge_gateway_gives_check() {
    // The bishop on g2 passes the hole on h3 and goes on from a4 to b5, c6, d7 and e8: the
    // black king there is in check and must step out of the line.
    let moves = agreed_moves(&gateway_script(), "4k3/8/8/8/8/8/6B1/4K3 b - - 0 1 hole=h3");
    assert_eq!(moves, ["e8d8", "e8e7", "e8f7", "e8f8"]);
}

#[test]
fn wh4_wh5_a_tunnel_exits_through_an_edge_gateway() {
    // The bishop on e1 slides up-right over f2 and g3 and enters the hole on h4, a gateway:
    // the line goes on at a5, where a black knight stands, and leaves the tunnel at the next
    // hole, b6, leaping the knight; it goes on to c7 and d8 (WH4, WH5). Without the tunnel
    // the slide ends capturing on a5.
    let moves = agreed_moves(&gateway_script(), "7k/8/8/n7/8/8/8/4B2K w - - 0 1 hole=h4,b6");
    for mv in ["e1g3", "e1a5", "e1c7", "e1d8"] {
        assert!(moves.contains(&mv.to_string()), "{mv}: {moves:?}");
    }
}

#[test]
fn pt4_the_first_generated_variants_with_timed_tokens_agree() {
    // Seeds in order until three variants have had a position with tokens running down.
    let mut timed = 0;
    for seed in 0..2_000 {
        if generator::variant(seed).lifetime.is_none() {
            continue;
        }
        let covered = check_variant(seed, 3).unwrap_or_else(|report| panic!("{report}"));
        timed += usize::from(covered.timed > 0);
        if timed == 3 {
            return;
        }
    }
    panic!("fewer than three of the first 2,000 variants have timed tokens");
}

#[test]
fn k1_k6_random_variants_agree_on_perft() {
    let covered = run_random(env_number("VARIANT_SPACE_CASES").map_or(150, |n| n as u32), 3);
    println!("{covered}");
}

#[test]
#[ignore = "long: VARIANT_SPACE_CASES variants (default 15,000), VARIANT_SPACE_POSITIONS positions each (8)"]
fn variant_space_long_run() {
    let positions = env_number("VARIANT_SPACE_POSITIONS").map_or(8, |n| n as usize);
    let covered = run_random(env_number("VARIANT_SPACE_CASES").map_or(15_000, |n| n as u32), positions);
    println!("{covered}");
}

#[test]
fn ph9_a_piece_leaving_a_gate_opens_an_exit_that_exposes_the_king_on_another_gate() {
    // The white king on the gate on h3 cannot be taken while no other gate is open (PH9):
    // the slider on the gate on g8 leaving it opens g8, and the queen-stepper on g3 would
    // capture the king through h3 and exit there, so every move of the slider is illegal.
    let script = generator::variant(15_524_771_340_735_944_329).script;
    agreed_moves(&script, "3N2U1/4n1p1/2knp3/P3pP2/S1Qq1P2/1S2q1qK/ps6/1Q1N3s w - - 0 7 gate=h3,f6*2,g8;hole=h7");
    // The same without the hole: the board's plain filters judge it alike.
    let moves = agreed_moves(&script, "3N2U1/4n1p1/2knp3/P3pP2/S1Qq1P2/1S2q1qK/ps6/1Q1N3s w - - 0 7 gate=h3,f6*2,g8");
    assert!(!moves.iter().any(|mv| mv.starts_with("g8")), "{moves:?}");
}

#[test]
fn hp1_hp8_the_first_generated_two_board_variants_agree() {
    // Seeds in order until 40 variants on two boards (Howe's turns, links, intent and
    // teleports) have been compared.
    let wanted = env_number("VARIANT_SPACE_TWO_BOARDS").unwrap_or(40) as usize;
    let mut compared = 0;
    for seed in 0..100_000 {
        if !generator::variant(seed).script.contains("boards A and B") {
            continue;
        }
        check_variant(seed, 3).unwrap_or_else(|report| panic!("{report}"));
        compared += 1;
        if compared == wanted {
            return;
        }
    }
    panic!("fewer than {wanted} two-board variants among the first 100,000 seeds");
}

/// A two-board script (Howe's turns, HP2) with one piece kind `F` (the clauses given)
/// beside the kings, and one link between the boards.
fn two_board_script(clauses: &str) -> String {
    format!(
        "variant \"Two boards\"\n  id two-boards\n  summary \"t\"\n\nboards A and B, 5x4 each\n\n\
         piece king K\n  royal\n  steps in all directions\n\npiece fers F\n{clauses}\n\
         rules\n  no castling\n  turns switch boards\n  stalemate passes the turn\n\n\
         links\n  A:a1 = B:b4\n  check across links\n  teleport across links\n\n\
         setup\n  board A: 5/5/5/K4\n  board B: 4k/5/5/5\n  state w - - 0 1\n"
    )
}

/// The legal actions of `fen` in `script`, the kernel's, with the reference's count alike.
fn two_board_actions(script: &str, fen: &str) -> Vec<String> {
    let loaded = holechess_lang::load_str("two-boards.hole", script).expect("loads");
    let pos = holechess_kernel::Position::from_fen(&loaded.variant, fen).expect("reads");
    let kernel: Vec<String> = pos.legal_moves().iter().map(|&mv| holechess_kernel::notation::lan(&pos, mv)).collect();
    let reference = spec_reference::two_boards::TwoBoards::of(loaded.variant.spec(), &pos).legal_actions();
    assert_eq!(kernel.len(), reference.len(), "kernel {kernel:?}, reference {reference:?}");
    kernel
}

#[test]
fn k6_hp7_two_patterns_to_one_square_are_one_move_on_two_boards() {
    // On board B (White's board in turn 2) the piece on e3 reaches e1 by its leap (2,0) and
    // by its backward slide: one move (K6), as on one board (HP7).
    let script = two_board_script("  leaps (2,0)\n  slides backward\n");
    let moves = two_board_actions(&script, "5/5/5/K4|4k/4F/5/5 w - - 0 2");
    assert_eq!(moves.iter().filter(|mv| mv.ends_with("e3e1")).count(), 1, "{moves:?}");
}

#[test]
fn hp6_k1_a_first_move_capture_on_the_other_players_board_gives_check() {
    // Turn 1: White acts on A, where the black piece on c3 has never moved and steps
    // sideways on its first move: the white king on e2 may not step to d3 (K1), though
    // Black acts on B this turn (HP6 judges attacks on the king's own board).
    let script = two_board_script("  steps sideways, on its first move\n");
    let moves = two_board_actions(&script, "5/2f2/4K/5|4k/5/5/5 w - - 0 1");
    assert!(moves.iter().any(|mv| mv.ends_with("e2e3")), "{moves:?}");
    assert!(!moves.iter().any(|mv| mv.ends_with("e2d3")), "{moves:?}");
}

#[test]
fn hp6_hp7_castling_may_not_pass_a_square_in_check_across_a_link() {
    // White's king on A:c1 castles short to A:e1 over d1, linked to B:b4 where a black piece
    // stands: a king on d1 would be in check across the link (HP6), so it may not pass it
    // (HP7). Without the black piece it castles.
    let script = two_board_script("  steps orthogonally\n  castles as a rook\n")
        .replace("steps in all directions\n", "steps in all directions\n  castles as the king\n")
        .replace("no castling", "castling short king e rook d, long king a rook b")
        .replace("A:a1 = B:b4", "A:d1 = B:b4");
    let castles = |fen: &str| two_board_actions(&script, fen).iter().any(|mv| mv.contains("c1e1"));
    assert!(!castles("5/5/5/2K1F|4k/5/5/5 w K - 0 1".replace("4k/5", "1f2k/5").as_str()));
    assert!(castles("5/5/5/2K1F|4k/5/5/5 w K - 0 1"));
}

#[test]
fn hp4_two_crossing_pieces_swap_and_both_have_moved() {
    // Turn 2: White teleports its piece from A:a1 to B:b4 while Black teleports its piece
    // from B:b4 to A:a1: both are lifted, then placed, and swap (HP4). Each has moved, so the
    // black piece on a1 no longer steps on its first move, and White's king may go to b2.
    let script = two_board_script("  steps orthogonally\n  steps in all directions, on its first move\n");
    let loaded = holechess_lang::load_str("two-boards.hole", &script).expect("loads");
    let fen = "5/5/2K2/F4|1f3/5/5/4k b - - 0 2 - w@,b@,w:@a1";
    let mut pos = holechess_kernel::Position::from_fen(&loaded.variant, fen).expect("reads");
    let teleport = *pos
        .legal_moves()
        .iter()
        .find(|&&mv| {
            mv == holechess_kernel::Move::Teleport {
                from: pos.geometry().square(1, 1, 3),
                to: pos.geometry().square(0, 0, 0),
            }
        })
        .expect("Black's teleport");
    pos.play_unchecked(teleport);
    let moves: Vec<String> = pos.legal_moves().iter().map(|&mv| holechess_kernel::notation::lan(&pos, mv)).collect();
    let reference = spec_reference::two_boards::TwoBoards::of(loaded.variant.spec(), &pos).legal_actions();
    assert_eq!(moves.len(), reference.len(), "kernel {moves:?}, reference {reference:?}");
    assert!(moves.iter().any(|mv| mv.ends_with("c2b2")), "{moves:?}");
}

/// Found by the cargo-fuzz `variant_space` target on two boards: White's pawn double-steps
/// diagonally d2-f4 on board A, passing e3, beside its pawn on d4, which a double step from f2
/// could also have brought there. The position notation names only the square (`A:e3`), so
/// the reference read the pawn from it and took d4; a position reached by play knows the pawn
/// that passed (HP7, K8). The reference now reads it from the position.
#[test]
fn hp7_en_passant_after_a_diagonal_double_step_on_two_boards_agrees_with_the_reference() {
    check_variant(7_552_399_816_411_217_823, 3).unwrap_or_else(|report| panic!("{report}"));
}

/// The same game: after d2-f4 the pawn on f4 may be taken en passant on e3; written and read
/// back, the notation's `A:e3` names the pawn of the first double step declared that can have
/// passed e3, here d4 (K8: a given position reads what its notation says).
#[test]
fn k8_an_en_passant_square_two_diagonal_double_steps_can_pass_names_one_pawn() {
    let script = generator::variant(7_552_399_816_411_217_823).script;
    let loaded = holechess_lang::load_str("generated.hole", &script).expect("loads");
    let mut pos = holechess_kernel::Position::start(&loaded.variant);
    for text in ["d2f4", "a5a6"] {
        let mv = pos
            .legal_moves()
            .iter()
            .copied()
            .find(|&mv| holechess_kernel::notation::lan(&pos, mv) == text)
            .unwrap_or_else(|| panic!("{text} is legal"));
        pos.play_unchecked(mv);
    }
    let g = pos.geometry();
    let played = pos.en_passant_on(0).expect("e3 may be taken");
    assert_eq!((g.name(played.square), g.name(played.victim)), ("e3".to_string(), "f4".to_string()));
    let read = holechess_kernel::Position::from_fen(&loaded.variant, &pos.fen()).expect("reads back");
    let named = read.en_passant_on(0).expect("e3 read back");
    assert_eq!((g.name(named.square), g.name(named.victim)), ("e3".to_string(), "d4".to_string()));
}

/// Found by the cargo-fuzz `variant_space` target: on an 8x5 board whose g5 is an open wall
/// that forbids promotion and whose g4 is a hole (`z3k3/2Z1zp2/1P1Z3p/6P1/4Kz1Z w Kq - 0 1
/// wall=g1,g5;hole=b1,g4`), White's pawn double-steps g2-g5 over the hole onto the last rank
/// and stays a pawn on the wall. It passed g3, so Black's pawn on f4 may take it en passant:
/// a double step sets no en-passant square only when it promotes (WH3, WH8).
#[test]
fn wh3_a_double_step_kept_from_promoting_by_a_token_may_be_taken_en_passant() {
    check_variant(863_339_099_894_455_492, 3).unwrap_or_else(|report| panic!("{report}"));
}
