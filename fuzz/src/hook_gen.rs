//! Hook code from fuzz bytes: a variant with a `special moves` hook and an `after each
//! move` hook whose bodies are statements of the hook API (queries, effects, special moves
//! with effects, loops, and values built large on purpose), random but always rhai that
//! compiles. Each byte picks the next choice; the bytes running out end the bodies.

/// Squares the hooks name: real ones, and a few that are not squares.
const SQUARES: [&str; 16] =
    ["e4", "d4", "e2", "e7", "a1", "h8", "d1", "e1", "e8", "c3", "f6", "b5", "g2", "a8", "z9", ""];
/// Piece names: the variant's, and one it has not.
const PIECES: [&str; 7] = ["king", "queen", "rook", "bishop", "knight", "pawn", "dragon"];
/// Token kinds: the script's two, and one it has not.
const TOKENS: [&str; 3] = ["pit", "gate", "moat"];
/// Sides: the two, the functions that name one, and a wrong one.
const SIDES: [&str; 5] = ["\"white\"", "\"black\"", "side_to_move()", "mover()", "\"red\""];

/// The most statements in one hook body (the rest of the bytes are left unread).
const MAX_STATEMENTS: usize = 24;
/// How deep loops and branches nest.
const MAX_DEPTH: usize = 3;
/// The most times one statement runs in a call, its enclosing loops' lengths multiplied:
/// a loop over all 64 squares, or two nested loops over neighbours. Without the cap a hook
/// listing thousands of moves makes every move generation of the input slow, and tests
/// nothing a list of 64 does not (the operation budget has its own heavy statements).
const MAX_REACH: usize = 64;
/// The lengths of the arrays a heavy value builds (10,000 numbers are 160 KB).
const HEAVY_SIZES: [usize; 4] = [0, 10, 200, 10_000];
/// How many times a heavy value stores or copies its array.
const HEAVY_TIMES: [usize; 4] = [1, 10, 100, 1_000];
/// The most squares `squares()` gives on the boards the hooks play on (8x8).
const ALL_SQUARES: usize = 64;
/// The most squares `neighbours(..)` gives.
const NEIGHBOURS: usize = 8;

/// Reads choices from the fuzz bytes.
struct Choices<'a> {
    bytes: &'a [u8],
}

impl Choices<'_> {
    fn byte(&mut self) -> Option<u8> {
        let (&first, rest) = self.bytes.split_first()?;
        self.bytes = rest;
        Some(first)
    }

    /// One of `n` choices (0 when the bytes have run out).
    fn pick(&mut self, n: usize) -> usize {
        self.byte().map_or(0, |b| usize::from(b) % n)
    }

    fn square(&mut self) -> String {
        match self.pick(20) {
            // A square from a loop variable, when one is in scope, or a computed one.
            16 => "sq".to_string(),
            17 => format!("square({}, {})", self.pick(10), self.pick(10)),
            18 => "()".to_string(),
            19 => "royal_square(side_to_move())".to_string(),
            n => format!("\"{}\"", SQUARES[n]),
        }
    }

    fn piece(&mut self) -> String {
        format!("\"{}\"", PIECES[self.pick(PIECES.len())])
    }

    fn token(&mut self) -> String {
        format!("\"{}\"", TOKENS[self.pick(TOKENS.len())])
    }

    fn side(&mut self) -> String {
        SIDES[self.pick(SIDES.len())].to_string()
    }

    fn number(&mut self) -> i64 {
        match self.pick(6) {
            0 => -1,
            1 => 0,
            2 => 10_001,
            _ => i64::from(self.byte().unwrap_or(1)),
        }
    }
}

/// What a body is for: which statements it may hold.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Body {
    /// Lists special moves into `moves`.
    Special,
    /// An after-move event: effects on the position.
    Event,
}

/// The variant script: chess with two token kinds and the two hooks.
pub fn script(data: &[u8]) -> String {
    let mut choices = Choices { bytes: data };
    let special = body(&mut choices, Body::Special);
    let event = body(&mut choices, Body::Event);
    format!(
        "variant \"Fuzzed hooks\"\n  id fuzzed-hooks\n\nextends chess\n\ntoken pit\n  impassable\n  shown as %\n  any number\n\n\
         token gate\n  shown as ^\n  any number\n\n\
         special moves: call listed()\n  rhai ```\nfn listed() {{\n    let moves = [];\n    let serial = 0;\n{special}    moves\n}}\n```\n\n\
         after each move: call event()\n  rhai ```\nfn event() {{\n    let serial = 0;\n{event}}}\n```\n"
    )
}

fn body(choices: &mut Choices<'_>, kind: Body) -> String {
    let mut out = String::new();
    let count = choices.pick(MAX_STATEMENTS + 1);
    for _ in 0..count {
        statement(choices, kind, 1, 1, &mut out);
    }
    out
}

/// One statement at nesting `depth`, run `reach` times a call by its enclosing loops.
fn statement(choices: &mut Choices<'_>, kind: Body, depth: usize, reach: usize, out: &mut String) {
    let indent = "    ".repeat(depth);
    // One choice in 32 builds a heavy value (each costs up to a whole budget to run).
    let line = match choices.pick(32) {
        0..=3 => query(choices),
        4..=6 if depth < MAX_DEPTH && reach * NEIGHBOURS <= MAX_REACH => {
            let (list, length) = square_list(choices, reach);
            let mut inner = String::new();
            statement(choices, kind, depth + 1, reach * length, &mut inner);
            format!("for sq in {list} {{\n{inner}{indent}}}")
        }
        7..=9 if depth < MAX_DEPTH => {
            let mut inner = String::new();
            statement(choices, kind, depth + 1, reach, &mut inner);
            format!("if {} {{\n{inner}{indent}}}", condition(choices))
        }
        // Outside loops only: a heavy value within its budgets, copied at each turn of a
        // loop, makes every call slow and tests nothing one copy does not.
        10 if reach == 1 => heavy_value(choices),
        11..=14 => format!("let v{} = {};", choices.pick(4), query_value(choices)),
        _ => match kind {
            Body::Special => special_move(choices),
            Body::Event => event_effect(choices),
        },
    };
    out.push_str(&indent);
    out.push_str(&line);
    out.push('\n');
}

/// A list of squares to loop over inside loops running `reach` times, and the most squares
/// it holds (the tokens of a kind may lie on every square).
fn square_list(choices: &mut Choices<'_>, reach: usize) -> (String, usize) {
    let whole_board = reach * ALL_SQUARES <= MAX_REACH;
    match choices.pick(3) {
        0 if whole_board => ("squares()".to_string(), ALL_SQUARES),
        2 if whole_board => (format!("token_squares({})", choices.token()), ALL_SQUARES),
        _ => (format!("neighbours({})", choices.square()), NEIGHBOURS),
    }
}

fn condition(choices: &mut Choices<'_>) -> String {
    match choices.pick(5) {
        0 => format!("has_piece({})", choices.square()),
        1 => format!("token_count({}) == 0", choices.square()),
        2 => format!("ply() % 2 == {}", choices.pick(2)),
        3 => format!("is_royal({})", choices.square()),
        _ => format!("piece_side({}) == {}", choices.square(), choices.side()),
    }
}

fn query_value(choices: &mut Choices<'_>) -> String {
    match choices.pick(10) {
        0 => format!("piece_name({})", choices.square()),
        1 => format!("piece_side({})", choices.square()),
        2 => format!("token_kind({})", choices.square()),
        3 => format!("token_timer({})", choices.square()),
        4 => format!("count_tokens({})", choices.token()),
        5 => format!("royal_square({})", choices.side()),
        6 => "last_move()".to_string(),
        7 => "ply()".to_string(),
        8 => format!("neighbours({}).len()", choices.square()),
        _ => "squares().len()".to_string(),
    }
}

fn query(choices: &mut Choices<'_>) -> String {
    format!("{};", query_value(choices))
}

/// Values that cost memory or time: big arrays in maps, copies of them, long strings.
fn heavy_value(choices: &mut Choices<'_>) -> String {
    // Sizes and counts from a few steps: the big ones together go over a budget (and end the
    // input), the others stay within a few MB of copies, so a heavy value that passes does
    // not make every later call of the input slow.
    let size = HEAVY_SIZES[choices.pick(HEAVY_SIZES.len())];
    let times = HEAVY_TIMES[choices.pick(HEAVY_TIMES.len())];
    match choices.pick(4) {
        0 => format!("let a = []; a.pad({size}, 0); let m = #{{}}; for i in 0..{times} {{ m[`k${{i}}`] = a; }}"),
        1 => format!("let a = []; a.pad({size}, 0); let c = []; for i in 0..{times} {{ c.push(a); }}"),
        2 => {
            format!("let a = []; a.pad({size}, 0); let m = #{{ x: a, y: a }}; for i in 0..{times} {{ let copy = m; }}")
        }
        _ => format!("let s = \"ab\"; for i in 0..{} {{ s += s; }}", choices.pick(20)),
    }
}

fn special_move(choices: &mut Choices<'_>) -> String {
    let mut effects = String::new();
    for _ in 0..choices.pick(4) {
        effects.push_str(&format!(" m.{};", effect_call(choices)));
    }
    format!("serial += 1; let m = special_move(`fz@s${{serial}}`);{effects} moves.push(m);")
}

fn event_effect(choices: &mut Choices<'_>) -> String {
    match choices.pick(5) {
        0 => format!("note(`n${{{}}}`);", query_value(choices)),
        1 => format!("let r = roll({});", choices.number()),
        _ => format!("{};", effect_call(choices)),
    }
}

/// A call of an effect: as a special move's method or as an event's function alike.
fn effect_call(choices: &mut Choices<'_>) -> String {
    match choices.pick(8) {
        0 => format!("place_token({}, {})", choices.token(), choices.square()),
        1 => format!("place_token({}, {}, {})", choices.token(), choices.square(), choices.number()),
        2 => format!("move_token({}, {})", choices.square(), choices.square()),
        3 => format!("remove_token({})", choices.square()),
        4 => format!("set_timer({}, {})", choices.square(), choices.number()),
        5 => format!("remove_piece({})", choices.square()),
        6 => format!("place_piece({}, {}, {})", choices.side(), choices.piece(), choices.square()),
        _ => format!("move_piece({}, {})", choices.square(), choices.square()),
    }
}
