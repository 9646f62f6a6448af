//! Random valid variants, written as scripts: a board from 4x4 to 16x16 (a cylinder at
//! times), a royal king (or any number of royal pieces, none included), up to five pieces
//! with random steps, slides (with ranges), leaps (alfil, dabbaba and longer leaps along
//! lines included), rides and hops with move-only, capture-only, first-move and barred-rank
//! modifiers, a pawn (orthodox or Berolina) with promotion, castling (on the first rank or
//! another), and up to three token kinds at once: walls that block, are impassable or are
//! open; gates a piece passes through to another open gate (PH, SP); holes, squares absent
//! for non-royal pieces (WH2, WH3, WH6), at times with tunnels and edge gateways (WH4, WH5).
//! Square links within the board, both ways or one way, entered on landing or on capture,
//! come at times too. The variants the fast path plays get
//! hops and a cylinder at times, drawn from a second stream so that every seed's other
//! choices stay what they were; token lifetimes, gates, holes, links and the castling rank
//! each come from a stream of their own. One seed in seven or so, drawn from a stream of its
//! own, gives instead two boards with Howe's turns (HP1-HP8), links, intent and teleports.
//! The same seed gives the same script.

/// A small seeded generator (SplitMix64), so the variants do not depend on any crate.
pub struct Rng(pub u64);

impl Rng {
    pub fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    /// A number in `0..n` (`n` at least 1).
    pub fn below(&mut self, n: usize) -> usize {
        (self.next() % n.max(1) as u64) as usize
    }

    /// A number in `lo..=hi`.
    pub fn range(&mut self, lo: usize, hi: usize) -> usize {
        lo + self.below(hi - lo + 1)
    }

    /// True with probability `percent` / 100.
    pub fn chance(&mut self, percent: usize) -> bool {
        self.below(100) < percent
    }

    pub fn pick<'a, T>(&mut self, items: &'a [T]) -> &'a T {
        &items[self.below(items.len())]
    }
}

/// A generated variant: its script, and the plies its tokens last if they have a lifetime.
pub struct Generated {
    pub script: String,
    pub lifetime: Option<usize>,
}

/// The letters generated pieces take (not K, the king, nor P, the pawn).
const LETTERS: &[u8] = b"ABCDEFGHIJLMNOQRSTUVWXYZ";

const LINE_DIRECTIONS: &[&str] = &[
    "orthogonally",
    "diagonally",
    "in all directions",
    "forward",
    "backward",
    "sideways",
    "orthogonally forward",
    "diagonally forward",
    "diagonally backward",
];

const LEAP_DIRECTIONS: &[&str] = &["", "", "", " forward", " backward"];

/// One random piece kind: its clauses (without the `piece` line).
struct PieceText {
    name: String,
    letter: char,
    clauses: Vec<String>,
}

/// The variant of `seed`, with holes unless `VARIANT_SPACE_HOLES=0` leaves them out.
pub fn variant(seed: u64) -> Generated {
    variant_with_holes(seed, !std::env::var("VARIANT_SPACE_HOLES").is_ok_and(|v| v == "0"))
}

/// The variant of `seed`; holes (on a quarter of the variants that may have them) only if
/// `holes_wanted`.
pub fn variant_with_holes(seed: u64, holes_wanted: bool) -> Generated {
    if Rng(seed ^ TWO_BOARDS_STREAM).chance(15) {
        return two_boards(seed);
    }
    let mut rng = Rng(seed);
    // A third of the variants keep to what the fast path plays (one 8x8 board, leaps and
    // full slides, one royal piece), so both paths are compared often.
    let fast = rng.chance(33);
    let files = if fast {
        8
    } else if rng.chance(60) {
        rng.range(5, 8)
    } else {
        rng.range(4, 16)
    };
    let ranks = if fast {
        8
    } else if rng.chance(60) {
        rng.range(5, 8)
    } else {
        rng.range(4, 16)
    };
    let wrap = !fast && rng.chance(12);
    let any_royals = !fast && rng.chance(15);
    let has_pawn = ranks >= 5 && rng.chance(65);
    let castling = !wrap && files >= 6 && rng.chance(35);
    let kinds = rng.range(1, 5);
    let mut letters: Vec<u8> = LETTERS.to_vec();
    let mut pieces: Vec<PieceText> = (0..kinds)
        .map(|i| {
            let letter = letters.remove(rng.below(letters.len())) as char;
            if fast {
                fast_piece(&mut rng, format!("piece{i}"), letter)
            } else {
                random_piece(&mut rng, format!("piece{i}"), letter, files, ranks)
            }
        })
        .collect();
    if castling {
        pieces[0].clauses.push("castles as a rook".to_string());
    }
    // The shapes the fast path learnt later (hops, a cylinder), from their own stream.
    let mut later = Rng(seed ^ 0x0DD5_1DE5);
    let wrap = wrap || (fast && !castling && later.chance(20));
    if fast && later.chance(30) {
        let piece = later.below(pieces.len());
        pieces[piece].clauses.push(format!("hops {}", later.pick(LINE_DIRECTIONS)));
    }
    let mut script = format!("variant \"Generated {seed}\"\n  id generated\n  summary \"generated\"\n\n");
    script += &format!("board {files}x{ranks}{}\n\n", if wrap { ", files wrap" } else { "" });
    script += "piece king K\n  royal\n  steps in all directions\n";
    if castling {
        script += "  castles as the king\n";
    }
    script += "\n";
    for p in &pieces {
        script += &format!("piece {} {}\n", p.name, p.letter);
        for c in &p.clauses {
            script += &format!("  {c}\n");
        }
        script += "\n";
    }
    let zone = if has_pawn {
        let (text, zone) = pawn(&mut rng, &pieces, ranks);
        script += &text;
        zone
    } else {
        0
    };
    script += "rules\n";
    if castling {
        let last = files - 1;
        let (ks, rs) = (last - 1, last - 2);
        script += &format!(
            "  castling short king {} rook {}, long king {} rook {}\n",
            letter(ks),
            letter(rs),
            letter(2),
            letter(3)
        );
    } else {
        script += "  no castling\n";
    }
    script += "  en passant\n  stalemate is a draw\n  turns alternate\n";
    if any_royals {
        script += "  any number of royal pieces\n";
    }
    script += "\n";
    // Castling from another rank than the first, at times (its own stream too).
    let mut castle_ranks = Rng(seed ^ 0x0000_CA57);
    let castle_rank = if castling && castle_ranks.chance(35) { castle_ranks.range(1, ranks / 2 - 1) } else { 0 };
    let setup = setup(&mut rng, &pieces, files, ranks, zone, castling.then_some(castle_rank), any_royals);
    // Token lifetimes, from their own stream too.
    let mut lifetimes = Rng(seed ^ 0x11FE_71AE);
    let mut lifetime = lifetimes.chance(40).then(|| lifetimes.range(1, 4));
    let mut taken = setup.occupied.clone();
    match tokens(&mut rng, &setup, files, ranks, lifetime) {
        Some((tokens, squares)) => {
            script += &tokens;
            for (f, r) in squares {
                taken[r * files + f] = true;
            }
        }
        None => lifetime = None,
    }
    // A capture barred from a rank that enters a gate or a link there and ends elsewhere is
    // a case the rules leave open (the kernel's moves judge the rank where the move ends, its
    // attack tables the rank of the square captured on): such variants get neither.
    let barred = script.contains("not onto rank");
    let (gate_text, gate_squares) =
        if barred { (String::new(), Vec::new()) } else { gates(&mut Rng(seed ^ 0x0006_A7E5), &taken, files, ranks) };
    script += &gate_text;
    for (f, r) in gate_squares {
        taken[r * files + f] = true;
    }
    // The engine refuses holes beside hops and barred ranks: those variants go without.
    if holes_wanted && !script.contains(" hops ") && !script.contains("not onto rank") {
        script += &holes(&mut Rng(seed ^ 0x0000_40E5), seed, &taken, files, ranks);
    }
    if !barred {
        script += &links(&mut Rng(seed ^ 0x0001_14C5), files, ranks);
    }
    script += &format!("setup {}\n", setup.fen);
    if script.contains(TUNNEL_CLAUSE) && patterns_share_a_direction(&script) {
        script = script.replace(TUNNEL_CLAUSE, "");
    }
    Generated { script, lifetime }
}

/// The clause that makes holes tunnels (WH4), one line of the script.
const TUNNEL_CLAUSE: &str = "  tunnel to the next hole on the line\n";

/// Whether a piece of the script has two patterns along one direction (a double step
/// aside). Such variants get no tunnels, so that the seeds of the regression set keep the
/// variants they were found in (`wh3_a_step_past_a_hole_ends_on_the_next_existing_square`
/// needs holes without tunnels); a slide beside a step through a tunnel is tested by
/// `wh4_k6_a_slide_beside_a_step_tunnels_to_the_first_square_past_the_exit`.
fn patterns_share_a_direction(script: &str) -> bool {
    let Ok(loaded) = holechess_lang::load_str("generated.hole", script) else { return false };
    loaded.variant.spec().pieces.iter().any(|piece| {
        let lines: Vec<(i8, i8)> = piece
            .patterns
            .iter()
            .filter(|p| p.en_passant != holechess_kernel::spec::EpRole::Sets && !p.hop)
            .map(|p| (p.dx, p.dy))
            .collect();
        lines.iter().enumerate().any(|(i, a)| lines[i + 1..].contains(a))
    })
}

fn letter(file: usize) -> char {
    (b'a' + file as u8) as char
}

fn random_piece(rng: &mut Rng, name: String, letter: char, files: usize, ranks: usize) -> PieceText {
    let clauses = (0..rng.range(1, 3)).map(|_| movement(rng, files, ranks)).collect();
    PieceText { name, letter, clauses }
}

/// A piece the fast path plays: leaps in every mirror image and full slides.
fn fast_piece(rng: &mut Rng, name: String, letter: char) -> PieceText {
    let clauses = (0..rng.range(1, 3))
        .map(|_| match rng.below(3) {
            0 => format!("slides {}", rng.pick(&["orthogonally", "diagonally", "in all directions"])),
            1 => "steps in all directions".to_string(),
            _ => {
                let (a, b) =
                    *rng.pick(&[(1, 2), (2, 2), (2, 0), (3, 0), (1, 1), (1, 0), (3, 1), (1, 3), (3, 3), (2, 3)]);
                format!("leaps ({a},{b})")
            }
        })
        .collect();
    PieceText { name, letter, clauses }
}

/// One movement clause with random modifiers.
fn movement(rng: &mut Rng, files: usize, ranks: usize) -> String {
    let longest = files.min(ranks).saturating_sub(1).clamp(1, 4);
    let vector = |rng: &mut Rng| loop {
        let (a, b) = (rng.range(0, longest), rng.range(0, longest));
        if (a, b) != (0, 0) && a < files && b < ranks {
            return (a, b);
        }
    };
    let mut text = match rng.below(10) {
        0 | 1 => format!("steps {}", rng.pick(LINE_DIRECTIONS)),
        2..=4 => {
            let dir = rng.pick(LINE_DIRECTIONS);
            if rng.chance(40) {
                format!("slides {dir} up to {} squares", rng.range(1, 4))
            } else {
                format!("slides {dir}")
            }
        }
        5..=7 => {
            // Leaps along lines (alfil, dabbaba, threeleaper) as often as others.
            let (a, b) =
                if rng.chance(40) { *rng.pick(&[(2, 2), (2, 0), (3, 0), (0, 2), (3, 3)]) } else { vector(rng) };
            let (a, b) = (a.min(files - 1).max(usize::from(b == 0)), b.min(ranks - 1));
            if (a, b) == (0, 0) {
                "leaps (1,0)".to_string()
            } else {
                format!("leaps ({a},{b}){}", rng.pick(LEAP_DIRECTIONS))
            }
        }
        8 => {
            let (a, b) = vector(rng);
            let limit = if rng.chance(40) { format!(" up to {} squares", rng.range(1, 3)) } else { String::new() };
            format!("rides ({a},{b}){}{limit}", rng.pick(LEAP_DIRECTIONS))
        }
        _ => return format!("hops {}", rng.pick(LINE_DIRECTIONS)),
    };
    match rng.below(10) {
        0 | 1 => text += ", without capturing",
        2 => text += ", only to capture",
        _ => {}
    }
    if rng.chance(12) {
        text += ", on its first move";
    }
    if rng.chance(8) {
        text += &format!(", not onto rank {}", rng.range(1, ranks));
    }
    text
}

/// An orthodox or Berolina pawn promoting to some of the generated pieces.
/// Its clauses and the depth of its promotion zone.
fn pawn(rng: &mut Rng, pieces: &[PieceText], ranks: usize) -> (String, usize) {
    let (step, double, capture) = if rng.chance(70) {
        ("forward", "forward", "diagonally forward")
    } else {
        ("diagonally forward", "diagonally forward", "forward")
    };
    let mut text = format!("piece pawn P\n  pawn-like\n  steps {step}, without capturing\n");
    if rng.chance(80) {
        text += &format!(
            "  slides {double} up to 2 squares, on its first move, without capturing, may be taken en passant\n"
        );
    }
    text += &format!("  steps {capture}, only to capture, also en passant\n");
    let choices: Vec<&str> = pieces.iter().filter(|_| rng.chance(60)).map(|p| p.name.as_str()).collect();
    let choices = if choices.is_empty() { vec![pieces[0].name.as_str()] } else { choices };
    let zone = if ranks >= 7 && rng.chance(25) { 2 } else { 1 };
    let zone_text = if zone == 1 { "on the last rank".to_string() } else { format!("in the last {zone} ranks") };
    text += &format!("  promotes {zone_text} to {}\n\n", choices.join(" or "));
    (text, zone)
}

/// A start position in the notation, with the squares it uses.
struct Setup {
    fen: String,
    occupied: Vec<bool>,
}

/// Kings (one a side, or any number), castling rooks, pawns (outside their promotion zone,
/// `zone` ranks deep; no pawns when 0) and pieces on random squares.
fn setup(
    rng: &mut Rng,
    pieces: &[PieceText],
    files: usize,
    ranks: usize,
    zone: usize,
    castle_rank: Option<usize>,
    any_royals: bool,
) -> Setup {
    let mut board: Vec<Option<char>> = vec![None; files * ranks];
    let index = |f: usize, r: usize| r * files + f;
    let mut rights = String::new();
    if let Some(castle_rank) = castle_rank {
        // King on the e-file-like middle, rooks at both ends of its rank (the first, or
        // another of its own half), both sides alike.
        let king = files / 2;
        for (r, upper) in [(castle_rank, true), (ranks - 1 - castle_rank, false)] {
            let case = |c: char| if upper { c } else { c.to_ascii_lowercase() };
            board[index(king, r)] = Some(case('K'));
            if rng.chance(80) {
                board[index(0, r)] = Some(case(pieces[0].letter));
                rights.push(case('Q'));
            }
            if rng.chance(80) {
                board[index(files - 1, r)] = Some(case(pieces[0].letter));
                rights.insert(if upper { 0 } else { rights.len() }, case('K'));
            }
        }
        rights = order_rights(&rights);
    } else {
        let kings = if any_royals { [rng.range(0, 2), rng.range(0, 2)] } else { [1, 1] };
        for (side, &n) in kings.iter().enumerate() {
            for _ in 0..n {
                place(rng, &mut board, files, if side == 0 { 'K' } else { 'k' }, 0, ranks);
            }
        }
    }
    if zone > 0 {
        for _ in 0..rng.range(1, files.min(6)) {
            place(rng, &mut board, files, 'P', 1, ranks - zone);
            place(rng, &mut board, files, 'p', zone, ranks - 1);
        }
    }
    let count = rng.range(1, 6);
    for _ in 0..count {
        let p = rng.pick(pieces).letter;
        place(rng, &mut board, files, p, 0, ranks);
        let p = rng.pick(pieces).letter.to_ascii_lowercase();
        place(rng, &mut board, files, p, 0, ranks);
    }
    let side = if rng.chance(50) { "w" } else { "b" };
    let rights = if rights.is_empty() { "-".to_string() } else { rights };
    let fen = format!("{} {side} {rights} - 0 1", placement(&board, files, ranks));
    Setup { fen, occupied: board.iter().map(Option::is_some).collect() }
}

/// The placement field of the notation for `board` (rank by rank, the last first).
fn placement(board: &[Option<char>], files: usize, ranks: usize) -> String {
    let mut rows = Vec::new();
    for r in (0..ranks).rev() {
        let mut row = String::new();
        let mut empty = 0;
        for f in 0..files {
            match board[r * files + f] {
                None => empty += 1,
                Some(c) => {
                    if empty > 0 {
                        row += &empty.to_string();
                        empty = 0;
                    }
                    row.push(c);
                }
            }
        }
        if empty > 0 {
            row += &empty.to_string();
        }
        rows.push(row);
    }
    rows.join("/")
}

/// Castling letters in the notation's order: `K`, `Q`, `k`, `q`.
fn order_rights(rights: &str) -> String {
    "KQkq".chars().filter(|c| rights.contains(*c)).collect()
}

/// Puts `piece` on a random empty square of ranks `lo..hi`, pawns kept off the ranks where
/// they would promote (the last of each side).
fn place(rng: &mut Rng, board: &mut [Option<char>], files: usize, piece: char, lo: usize, hi: usize) {
    for _ in 0..50 {
        let (f, r) = (rng.below(files), rng.range(lo, hi - 1));
        if board[r * files + f].is_none() {
            board[r * files + f] = Some(piece);
            return;
        }
    }
}

/// A token kind on a few empty squares, sometimes, lasting `lifetime` plies if given (PT4).
fn tokens(
    rng: &mut Rng,
    setup: &Setup,
    files: usize,
    ranks: usize,
    lifetime: Option<usize>,
) -> Option<(String, Vec<(usize, usize)>)> {
    if !rng.chance(35) {
        return None;
    }
    let mut movement = rng.pick(&["blocks movement", "impassable", "open to movement"]).to_string();
    if movement != "open to movement" && rng.chance(30) {
        movement += " for non-royal pieces";
    }
    if rng.chance(25) {
        movement += "\n  no promotion on wall";
    }
    let mut squares = Vec::new();
    let mut at = Vec::new();
    for _ in 0..rng.range(1, 4) {
        let (f, r) = (rng.below(files), rng.below(ranks));
        let name = format!("{}{}", letter(f), r + 1);
        if !setup.occupied[r * files + f] && !squares.contains(&name) {
            squares.push(name);
            at.push((f, r));
        }
    }
    if squares.is_empty() {
        return None;
    }
    if let Some(plies) = lifetime {
        movement += &format!("\n  lasts {plies} {}", if plies == 1 { "ply" } else { "plies" });
    }
    Some((format!("token wall\n  {movement}\n  shown as *\n  default {}\n  any number\n\n", squares.join(" ")), at))
}

/// Square links within the board, sometimes (from their own stream): one to three, both
/// ways (`a3 = h6`) or one way (`c3 -> c6`), entered on landing or on capture. A square may
/// be in several links; two squares are linked once.
fn links(rng: &mut Rng, files: usize, ranks: usize) -> String {
    if !rng.chance(30) {
        return String::new();
    }
    let mut pairs: Vec<(String, String)> = Vec::new();
    let mut text = String::from("links\n");
    for _ in 0..rng.range(1, 3) {
        let a = format!("{}{}", letter(rng.below(files)), rng.below(ranks) + 1);
        let b = format!("{}{}", letter(rng.below(files)), rng.below(ranks) + 1);
        let linked = pairs.iter().any(|(x, y)| (x == &a && y == &b) || (x == &b && y == &a));
        if a == b || linked {
            continue;
        }
        text += &format!("  {a} {} {b}\n", if rng.chance(60) { "=" } else { "->" });
        pairs.push((a, b));
    }
    if pairs.is_empty() {
        return String::new();
    }
    text += if rng.chance(70) { "  entered on landing\n" } else { "  entered on capture\n" };
    text + "\n"
}

/// A second token kind, sometimes (from its own stream): gates a piece enters and leaves
/// through another open gate, the entered gate moving to the mover's origin (PH3-PH7,
/// SP2-SP4): entered by a capture-move or by any move, blocking lines or open to them, stacks
/// dormant or acting as one, with or without promotion on them, on two to four squares that
/// hold no piece and no wall.
fn gates(rng: &mut Rng, taken: &[bool], files: usize, ranks: usize) -> (String, Vec<(usize, usize)>) {
    if !rng.chance(30) {
        return (String::new(), Vec::new());
    }
    let blocks = rng.chance(70);
    let mut text = String::from("token gate\n");
    text += if blocks { "  blocks movement\n" } else { "  open to movement\n" };
    text += if rng.chance(50) { "  entered by capture-move\n" } else { "  entered by any move\n" };
    text += "  exit through another open gate\n  entered gate moves to origin\n";
    text += if blocks && rng.chance(50) { "  stacked gate are dormant\n" } else { "  stacked gate act as one\n" };
    if rng.chance(50) {
        text += "  no promotion on gate\n";
    }
    let tries = rng.range(2, 5);
    let (squares, at) = free_squares(rng, taken, files, ranks, tries);
    if squares.len() < 2 {
        return (String::new(), Vec::new());
    }
    text += &format!("  shown as ^\n  default {}\n  any number\n\n", squares.join(" "));
    (text, at)
}

/// Up to `tries` distinct random squares not `taken`: their names and places.
fn free_squares(
    rng: &mut Rng,
    taken: &[bool],
    files: usize,
    ranks: usize,
    tries: usize,
) -> (Vec<String>, Vec<(usize, usize)>) {
    let (mut names, mut at) = (Vec::new(), Vec::new());
    for _ in 0..tries {
        let (f, r) = (rng.below(files), rng.below(ranks));
        let name = format!("{}{}", letter(f), r + 1);
        if !taken[r * files + f] && !names.contains(&name) {
            names.push(name);
            at.push((f, r));
        }
    }
    (names, at)
}

/// A third token kind, sometimes (from its own stream): holes, squares that do not exist for
/// non-royal pieces (they step, slide, leap and hop to the next existing square, WH3),
/// dormant while a piece stands on them (WH2), at times removed when a royal piece lands on
/// one (WH6); on one to three squares that hold no piece and no other token. Four in five
/// of them (from a stream of their own, which also brings holes to more variants and adds
/// up to three squares, most on the edge files) are tunnels a piece enters and leaves at
/// the next hole on its line (WH4), edge gateways that wrap the board (WH5), or both.
fn holes(rng: &mut Rng, seed: u64, taken: &[bool], files: usize, ranks: usize) -> String {
    let mut warps = Rng(seed ^ 0x7A11_E175);
    if !rng.chance(25) && !warps.chance(15) {
        return String::new();
    }
    let mut text = String::from("token hole\n  absent for non-royal pieces\n  dormant while occupied\n");
    if rng.chance(50) {
        text += "  removed when a royal piece enters\n";
    }
    let tries = rng.range(1, 3);
    let (mut squares, _) = free_squares(rng, taken, files, ranks, tries);
    let (tunnels, gateways) = match warps.below(5) {
        0 | 1 => (true, false),
        2 => (false, true),
        3 => (true, true),
        _ => (false, false),
    };
    if tunnels {
        text += TUNNEL_CLAUSE;
    }
    if gateways {
        text += "  wraps the board edges\n";
    }
    if tunnels || gateways {
        for _ in 0..warps.range(1, 3) {
            let f = if warps.chance(60) { *warps.pick(&[0, files - 1]) } else { warps.below(files) };
            let r = warps.below(ranks);
            let name = format!("{}{}", letter(f), r + 1);
            if !taken[r * files + f] && !squares.contains(&name) {
                squares.push(name);
            }
        }
    }
    if squares.is_empty() {
        return String::new();
    }
    text += &format!("  shown as &\n  default {}\n  any number\n\n", squares.join(" "));
    text
}

/// The stream that chooses two boards (for 15% of the seeds): every seed it leaves on one
/// board keeps its variant, and it leaves there every seed the tests pin.
const TWO_BOARDS_STREAM: u64 = 0x0002_B0A2_D5FB;

/// A variant on two boards with Howe's turns (HP1-HP8): boards A and B of one random size
/// (4x4 to 16x16), up to four random pieces and a pawn as on one board, one king a side on
/// either board (or any number of royal pieces), one to four links between squares of A and
/// B, checks across them at times and teleports at times, castling on each king's board at
/// times (HP7). Left out: tokens and a cylinder, which the two-board reference does not
/// follow.
fn two_boards(seed: u64) -> Generated {
    let mut rng = Rng(seed ^ 0x7B0A_2D5E_0000);
    let size = |rng: &mut Rng| if rng.chance(60) { rng.range(4, 8) } else { rng.range(4, 16) };
    let (files, ranks) = (size(&mut rng), size(&mut rng));
    let castling = files >= 6 && rng.chance(35);
    let any_royals = !castling && rng.chance(15);
    let mut letters: Vec<u8> = LETTERS.to_vec();
    let mut pieces: Vec<PieceText> = (0..rng.range(1, 4))
        .map(|i| {
            let letter = letters.remove(rng.below(letters.len())) as char;
            random_piece(&mut rng, format!("piece{i}"), letter, files, ranks)
        })
        .collect();
    if castling {
        pieces[0].clauses.push("castles as a rook".to_string());
    }
    let mut script = format!("variant \"Generated {seed}\"\n  id generated\n  summary \"generated\"\n\n");
    script += &format!("boards A and B, {files}x{ranks} each\n\n");
    script += "piece king K\n  royal\n  steps in all directions\n";
    if castling {
        script += "  castles as the king\n";
    }
    script += "\n";
    for p in &pieces {
        script += &format!("piece {} {}\n", p.name, p.letter);
        for c in &p.clauses {
            script += &format!("  {c}\n");
        }
        script += "\n";
    }
    let zone = if ranks >= 5 && rng.chance(65) {
        let (text, zone) = pawn(&mut rng, &pieces, ranks);
        script += &text;
        zone
    } else {
        0
    };
    script += "rules\n";
    if castling {
        let last = files - 1;
        script +=
            &format!("  castling short king {} rook {}, long king c rook d\n", letter(last - 1), letter(last - 2));
    } else {
        script += "  no castling\n";
    }
    script += "  en passant\n  turns switch boards\n  stalemate passes the turn\n";
    script += "  no 50-move rule\n  no repetition rule\n";
    if any_royals {
        script += "  any number of royal pieces\n";
    }
    script += "\n";
    let mut boards = [vec![None; files * ranks], vec![None; files * ranks]];
    let kings = if any_royals { [rng.range(0, 2), rng.range(0, 2)] } else { [1, 1] };
    // HP1 puts White's king on A and Black's on B; a king a side elsewhere at times.
    let hp1 = rng.chance(50);
    let mut rights = String::new();
    for (side, &n) in kings.iter().enumerate() {
        for _ in 0..n {
            let b = if hp1 { side } else { rng.below(2) };
            if castling {
                rights += &castling_home(&mut rng, &mut boards[b], &pieces[0], files, ranks, side == 0);
            } else {
                place(&mut rng, &mut boards[b], files, if side == 0 { 'K' } else { 'k' }, 0, ranks);
            }
        }
    }
    let rights = if rights.is_empty() { "-".to_string() } else { order_rights(&rights) };
    for board in &mut boards {
        if zone > 0 {
            for _ in 0..rng.range(0, files.min(4)) {
                place(&mut rng, board, files, 'P', 1, ranks - zone);
                place(&mut rng, board, files, 'p', zone, ranks - 1);
            }
        }
        for _ in 0..rng.range(1, 4) {
            let p = rng.pick(&pieces).letter;
            place(&mut rng, board, files, p, 0, ranks);
            let p = rng.pick(&pieces).letter.to_ascii_lowercase();
            place(&mut rng, board, files, p, 0, ranks);
        }
    }
    script += &board_links(&mut rng, files, ranks);
    script += &format!(
        "setup\n  board A: {}\n  board B: {}\n  state w {rights} - 0 1\n",
        placement(&boards[0], files, ranks),
        placement(&boards[1], files, ranks)
    );
    Generated { script, lifetime: None }
}

/// A king in the middle of its first rank (White) or last (Black) and the castling rook
/// in each corner there, four times in five: the castling rights they give (HP7).
fn castling_home(
    rng: &mut Rng,
    board: &mut [Option<char>],
    rook: &PieceText,
    files: usize,
    ranks: usize,
    white: bool,
) -> String {
    let rank = if white { 0 } else { ranks - 1 };
    let case = |c: char| if white { c } else { c.to_ascii_lowercase() };
    board[rank * files + files / 2] = Some(case('K'));
    let mut rights = String::new();
    for (file, right) in [(0, 'Q'), (files - 1, 'K')] {
        if rng.chance(80) {
            board[rank * files + file] = Some(case(rook.letter));
            rights.push(case(right));
        }
    }
    rights
}

/// One to four links between a square of A and a square of B, no square in two links;
/// checks across them (HP6) and teleports (HP3, HP4), each most of the time.
fn board_links(rng: &mut Rng, files: usize, ranks: usize) -> String {
    let mut used: Vec<String> = Vec::new();
    let mut text = String::from("links\n");
    for _ in 0..rng.range(1, 4) {
        let a = format!("A:{}{}", letter(rng.below(files)), rng.below(ranks) + 1);
        let b = format!("B:{}{}", letter(rng.below(files)), rng.below(ranks) + 1);
        if used.contains(&a) || used.contains(&b) {
            continue;
        }
        text += &format!("  {a} = {b}\n");
        used.extend([a, b]);
    }
    if rng.chance(75) {
        text += "  check across links\n";
    }
    if rng.chance(75) {
        text += "  teleport across links\n";
    }
    text + "\n"
}
