//! The syntax of one move as written by a player or in a record, without any board.
//!
//! [`Notation::parse`] turns a move token into its parts: SAN (`Nf3`, `exd5`, `e8=Q`),
//! long algebraic (`g1f3`, `e7e8q`, `e2-e4`), castling (`O-O`, `0-0-0`), transits through a
//! porthole or portal (`e1d2>f5`, `Kd2>f5`), the two-board actions (`@`, `@a4`, `--`) and
//! drops from the hand (`P@e4`).
//! Which legal move a notation names is decided later, against a position.

/// Files run `a`..`p` and ranks `1`..`16`: the largest board the kernel knows.
const MAX_BOARD_SIDE: u8 = 16;

/// A square by its 0-based file and rank (`a1` is file 0, rank 0).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Square {
    /// 0-based file (`a` = 0).
    pub file: u8,
    /// 0-based rank (rank 1 = 0).
    pub rank: u8,
}

impl std::fmt::Display for Square {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}{}", (b'a' + self.file) as char, self.rank + 1)
    }
}

/// Which side a castling move goes to.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum CastleSide {
    /// `O-O` or `0-0`.
    King,
    /// `O-O-O` or `0-0-0`.
    Queen,
}

/// The `+` or `#` written after a move. It is a claim, checked (or ignored) by replay.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum CheckMark {
    /// No mark written.
    #[default]
    None,
    /// `+`.
    Check,
    /// `#` (or `++`).
    Mate,
}

/// A piece moving on one board, in SAN or long algebraic form. Every field is what the
/// text says; nothing is inferred (a SAN pawn move has no `from_file` here).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct BoardMove {
    /// The upper-case piece letter, `None` for a pawn or a long-algebraic move.
    pub piece: Option<u8>,
    /// The origin file, when written (`Nbd2`, `exd5`, `g1f3`).
    pub from_file: Option<u8>,
    /// The origin rank, when written (`R1a3`, `g1f3`).
    pub from_rank: Option<u8>,
    /// An `x` was written.
    pub capture: bool,
    /// The square the move goes to; for a transit, the entry square.
    pub to: Square,
    /// For a transit (`>`), the exit square where the piece ends.
    pub exit: Option<Square>,
    /// The upper-case letter of the promoted piece (`e8=Q`, `e7e8q`).
    pub promotion: Option<u8>,
}

/// What a move token asks for.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Action {
    /// A piece moving on its board.
    Move(BoardMove),
    /// Castling (`O-O`, `O-O-O`).
    Castle(CastleSide),
    /// Two-board Portal Chess: declare intent to teleport (`@`).
    Intent,
    /// Two-board Portal Chess: teleport the piece from this portal square (`@a4`).
    Teleport {
        /// The portal square the piece leaves, on the other board.
        from: Square,
    },
    /// Two-board Portal Chess: a lost turn (`--`).
    Pass,
    /// A variant's special move (`dig@e2`), named by its whole notation.
    Special(SpecialText),
    /// A piece put from the hand onto a square (`P@e4`, `N@f3`).
    Drop {
        /// The upper-case letter of the piece dropped.
        piece: u8,
        /// The square it is put on.
        to: Square,
    },
}

/// The notation of a special move, held inline (see [`crate::special::is_special_notation`]).
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct SpecialText {
    len: u8,
    bytes: [u8; crate::special::MAX_SPECIAL_TEXT],
}

impl SpecialText {
    /// `None` unless `text` has the shape of a special-move notation.
    #[must_use]
    pub fn new(text: &[u8]) -> Option<SpecialText> {
        if !crate::special::is_special_notation(text) {
            return None;
        }
        let mut bytes = [0; crate::special::MAX_SPECIAL_TEXT];
        bytes[..text.len()].copy_from_slice(text);
        Some(SpecialText { len: text.len() as u8, bytes })
    }

    /// The notation as written.
    #[must_use]
    pub fn as_str(&self) -> &str {
        // Only ASCII is ever stored.
        std::str::from_utf8(&self.bytes[..self.len as usize]).unwrap_or_default()
    }
}

impl std::fmt::Debug for SpecialText {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{:?}", self.as_str())
    }
}

impl std::fmt::Display for SpecialText {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.as_str())
    }
}

/// A parsed move token: the action and the check mark written after it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Notation {
    /// What the token asks for.
    pub action: Action,
    /// The `+` or `#` written after it.
    pub check: CheckMark,
}

/// A token that is not a move in holechess notation.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TextError {
    /// The token as written.
    pub text: String,
}

impl std::fmt::Display for TextError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "`{}` is not a move in holechess notation", self.text)
    }
}

impl std::error::Error for TextError {}

impl Notation {
    /// Parses one move token (ASCII, without NAG suffixes like `!?`).
    ///
    /// # Errors
    ///
    /// A [`TextError`] when `text` is not the notation of a move (an unknown letter, a square out of range, a
    /// stray character).
    pub fn parse(text: &str) -> Result<Notation, TextError> {
        Self::parse_bytes(text.as_bytes()).ok_or_else(|| TextError { text: text.to_owned() })
    }

    /// [`Notation::parse`] on bytes; `None` when the token is not a move.
    #[must_use]
    pub fn parse_bytes(text: &[u8]) -> Option<Notation> {
        parse_plain_board_move(text).or_else(|| parse_any(text))
    }
}

/// The shape nearly every record move has, read forwards in one pass:
/// `[Piece][file][rank digit][x]file rank-digit[+|#]` (`e4`, `Nf3`, `exd5`, `Nbd2`, `R1a3`,
/// `g1f3`, `Qxh7#`). `None` for anything else, which [`parse_any`] reads; where both read
/// a token they read it alike (the tests compare them).
fn parse_plain_board_move(text: &[u8]) -> Option<Notation> {
    let (body, check) = match text {
        [body @ .., b'+'] => (body, CheckMark::Check),
        [body @ .., b'#'] => (body, CheckMark::Mate),
        _ => (text, CheckMark::None),
    };
    let (piece, rest) = match body {
        [letter, rest @ ..] if letter.is_ascii_uppercase() => (Some(*letter), rest),
        _ => (None, body),
    };
    let (prefix, square) = rest.split_at(rest.len().checked_sub(2)?);
    let to = Square { file: file_index(square[0])?, rank: rank_digit(square[1])? };
    let (prefix, capture) = match prefix {
        [before @ .., b'x'] => (before, true),
        _ => (prefix, false),
    };
    let (from_file, prefix) = match prefix {
        [letter, after @ ..] if file_index(*letter).is_some() => (file_index(*letter), after),
        _ => (None, prefix),
    };
    let from_rank = match prefix {
        [] => None,
        [digit] => Some(rank_digit(*digit)?),
        _ => return None,
    };
    let board_move = BoardMove { piece, from_file, from_rank, capture, to, exit: None, promotion: None };
    Some(Notation { action: Action::Move(board_move), check })
}

/// A one-digit rank `1`..`9` to a 0-based rank.
fn rank_digit(digit: u8) -> Option<u8> {
    (b'1'..=b'9').contains(&digit).then(|| digit - b'1')
}

/// Any move token, read from the end: every notation [`Notation::parse`] knows.
fn parse_any(text: &[u8]) -> Option<Notation> {
    let (body, check) = split_check_mark(text);
    let action = match body {
        b"--" => Action::Pass,
        b"@" => Action::Intent,
        b"O-O" | b"0-0" => Action::Castle(CastleSide::King),
        b"O-O-O" | b"0-0-0" => Action::Castle(CastleSide::Queen),
        [b'@', square @ ..] => Action::Teleport { from: parse_whole_square(square)? },
        [_, b'@', ..] => {
            let (piece, to) = super::drops::parse_drop(body)?;
            Action::Drop { piece, to }
        }
        _ => match SpecialText::new(body) {
            Some(special) => Action::Special(special),
            None => Action::Move(parse_board_move(body)?),
        },
    };
    Some(Notation { action, check })
}

fn split_check_mark(text: &[u8]) -> (&[u8], CheckMark) {
    if let Some(body) = text.strip_suffix(b"++") {
        (body, CheckMark::Mate)
    } else if let Some(body) = text.strip_suffix(b"#") {
        (body, CheckMark::Mate)
    } else if let Some(body) = text.strip_suffix(b"+") {
        (body, CheckMark::Check)
    } else {
        (text, CheckMark::None)
    }
}

/// `[Piece][file][rank][x|-]square[>square][[=]promotion]`, read from the end.
fn parse_board_move(body: &[u8]) -> Option<BoardMove> {
    let (body, promotion) = split_promotion(body);
    let (body, last_square) = split_square_suffix(body)?;
    let (body, to, exit) = match body.strip_suffix(b">") {
        Some(before_exit) => {
            let (body, entry) = split_square_suffix(before_exit)?;
            (body, entry, Some(last_square))
        }
        None => (body, last_square, None),
    };
    let (prefix, capture) = split_capture_mark(body);
    let (piece, from_file, from_rank) = parse_origin_prefix(prefix)?;
    Some(BoardMove { piece, from_file, from_rank, capture, to, exit, promotion })
}

/// A trailing `=X`, or a letter right after the destination's rank (`e7e8q`, `e8Q`).
fn split_promotion(body: &[u8]) -> (&[u8], Option<u8>) {
    match body {
        [rest @ .., b'=', letter] if letter.is_ascii_alphabetic() => (rest, Some(letter.to_ascii_uppercase())),
        [rest @ .., digit, letter] if digit.is_ascii_digit() && letter.is_ascii_alphabetic() => {
            (&body[..rest.len() + 1], Some(letter.to_ascii_uppercase()))
        }
        _ => (body, None),
    }
}

fn split_capture_mark(body: &[u8]) -> (&[u8], bool) {
    match body {
        [rest @ .., b'x'] => (rest, true),
        [rest @ .., b'-'] => (rest, false),
        _ => (body, false),
    }
}

/// The optional piece letter, origin file and origin rank, which must use up the prefix.
fn parse_origin_prefix(prefix: &[u8]) -> Option<(Option<u8>, Option<u8>, Option<u8>)> {
    let (piece, rest) = match prefix {
        [letter, rest @ ..] if letter.is_ascii_uppercase() => (Some(*letter), rest),
        _ => (None, prefix),
    };
    let (from_file, rest) = match rest {
        [letter, rest @ ..] if file_index(*letter).is_some() => (file_index(*letter), rest),
        _ => (None, rest),
    };
    let from_rank = match rest {
        [] => None,
        digits => Some(rank_index(digits)?),
    };
    Some((piece, from_file, from_rank))
}

/// Splits a square off the end: a file letter then one or two rank digits.
fn split_square_suffix(body: &[u8]) -> Option<(&[u8], Square)> {
    let digits = body.iter().rev().take_while(|byte| byte.is_ascii_digit()).count().min(2);
    if digits == 0 || body.len() <= digits {
        return None;
    }
    let file_at = body.len() - digits - 1;
    let file = file_index(body[file_at])?;
    let rank = rank_index(&body[file_at + 1..])?;
    Some((&body[..file_at], Square { file, rank }))
}

pub(super) fn parse_whole_square(text: &[u8]) -> Option<Square> {
    match split_square_suffix(text)? {
        ([], square) => Some(square),
        _ => None,
    }
}

fn file_index(letter: u8) -> Option<u8> {
    (b'a'..b'a' + MAX_BOARD_SIDE).contains(&letter).then(|| letter - b'a')
}

/// Rank digits `1`..`16` to a 0-based rank.
fn rank_index(digits: &[u8]) -> Option<u8> {
    if digits.is_empty() || digits.len() > 2 || digits[0] == b'0' {
        return None;
    }
    let mut value = 0u8;
    for &digit in digits {
        if !digit.is_ascii_digit() {
            return None;
        }
        value = value * 10 + (digit - b'0');
    }
    (1..=MAX_BOARD_SIDE).contains(&value).then(|| value - 1)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn square(name: &str) -> Square {
        parse_whole_square(name.as_bytes()).unwrap()
    }

    fn board_move(text: &str) -> BoardMove {
        match Notation::parse(text).unwrap().action {
            Action::Move(board_move) => board_move,
            other => panic!("{text} parsed as {other:?}"),
        }
    }

    #[test]
    fn san_piece_move_with_file_disambiguation() {
        let parsed = board_move("Nbd2");
        assert_eq!(parsed.piece, Some(b'N'));
        assert_eq!(parsed.from_file, Some(1));
        assert_eq!(parsed.from_rank, None);
        assert_eq!(parsed.to, square("d2"));
    }

    #[test]
    fn san_pawn_capture_with_promotion_and_mate() {
        let notation = Notation::parse("exd8=Q#").unwrap();
        assert_eq!(notation.check, CheckMark::Mate);
        let Action::Move(parsed) = notation.action else { panic!() };
        assert_eq!((parsed.piece, parsed.from_file), (None, Some(4)));
        assert!(parsed.capture);
        assert_eq!(parsed.promotion, Some(b'Q'));
    }

    #[test]
    fn long_algebraic_with_lower_case_promotion() {
        let parsed = board_move("e7e8q");
        assert_eq!((parsed.from_file, parsed.from_rank), (Some(4), Some(6)));
        assert_eq!(parsed.to, square("e8"));
        assert_eq!(parsed.promotion, Some(b'Q'));
        assert_eq!(board_move("e2-e4").from_rank, Some(1));
    }

    #[test]
    fn transits_name_entry_and_exit() {
        let lan = board_move("e1d2>f5");
        assert_eq!((lan.to, lan.exit), (square("d2"), Some(square("f5"))));
        let san = board_move("Kd2>f5+");
        assert_eq!(san.piece, Some(b'K'));
        assert_eq!(san.exit, Some(square("f5")));
    }

    #[test]
    fn castling_and_two_board_actions() {
        let action = |text: &str| Notation::parse(text).unwrap().action;
        assert_eq!(action("O-O"), Action::Castle(CastleSide::King));
        assert_eq!(action("0-0-0+"), Action::Castle(CastleSide::Queen));
        assert_eq!(action("@"), Action::Intent);
        assert_eq!(action("@a4"), Action::Teleport { from: square("a4") });
        assert_eq!(action("--"), Action::Pass);
    }

    #[test]
    fn special_moves_are_a_name_an_at_sign_and_a_detail() {
        let Action::Special(text) = Notation::parse("dig@e2+").unwrap().action else { panic!() };
        assert_eq!(text.as_str(), "dig@e2");
        assert!(matches!(Notation::parse("swap@e2-e5").unwrap().action, Action::Special(_)));
        for text in ["d@e2", "Dig@e2", "dig@", "dig@E2", "toolongname@e2", "dig@e2e4e6e8a1a2a3"] {
            assert!(!matches!(Notation::parse(text).map(|n| n.action), Ok(Action::Special(_))), "{text}");
        }
    }

    #[test]
    fn large_boards_have_two_digit_ranks() {
        let parsed = board_move("Rp16a10");
        assert_eq!((parsed.from_file, parsed.from_rank), (Some(15), Some(15)));
        assert_eq!(parsed.to, square("a10"));
    }

    /// The one-pass reader of the common shape reads every token it takes as the general
    /// reader does, and takes the common SAN and long algebraic moves.
    #[test]
    fn the_plain_shape_reads_as_the_general_reader_does() {
        let bytes: &[u8] = b"NKQRBPaehpqxz019+#-=@>O";
        let mut taken = 0;
        let mut token = Vec::new();
        for length in 1..=5usize {
            let mut digits = vec![0usize; length];
            loop {
                token.clear();
                token.extend(digits.iter().map(|&d| bytes[d]));
                if let Some(plain) = parse_plain_board_move(&token) {
                    taken += 1;
                    assert_eq!(Some(plain), parse_any(&token), "{}", String::from_utf8_lossy(&token));
                }
                let Some(place) = digits.iter().rposition(|&d| d + 1 < bytes.len()) else { break };
                digits[place] += 1;
                digits[place + 1..].iter_mut().for_each(|d| *d = 0);
            }
        }
        assert!(taken > 1000, "{taken}");
        for text in ["e4", "Nf3", "exd5", "Nbd2", "R1a3", "g1f3", "Qxh7#", "Kxe1+", "Ng1xf3"] {
            assert!(parse_plain_board_move(text.as_bytes()).is_some(), "{text}");
        }
    }

    #[test]
    fn malformed_tokens_are_rejected() {
        for text in ["Bb4xNc3", "ed", "0-", "N@f", "@a", "z4", "e0", "a17", "Nf3>", "x", "<br>", "O-O-O-O", "Nf3="] {
            assert!(Notation::parse(text).is_err(), "{text} should not parse");
        }
    }
}
