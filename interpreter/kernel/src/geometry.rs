//! Board geometry: squares across any number of equal boards, sides, square names, and
//! stepping by a vector. A [`Square`] is an index valid for one [`Geometry`].

use std::fmt;

use crate::spec::SquareRef;

/// The largest board side the kernel supports.
pub const MAX_SIDE: u8 = 16;

/// A square of some board of a [`Geometry`]: `board * cells + rank * files + file`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Default)]
pub struct Square(pub u16);

impl Square {
    /// The square as an index into per-square tables.
    #[must_use]
    pub const fn index(self) -> usize {
        self.0 as usize
    }
}

/// The two players.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Side {
    /// The side that moves first.
    White,
    /// The side that moves second.
    Black,
}

impl Side {
    /// Both sides, White first.
    pub const BOTH: [Side; 2] = [Side::White, Side::Black];

    /// The side as an index into per-side tables (White 0, Black 1).
    #[must_use]
    pub const fn index(self) -> usize {
        self as usize
    }

    /// The other side.
    #[must_use]
    pub const fn opponent(self) -> Side {
        match self {
            Side::White => Side::Black,
            Side::Black => Side::White,
        }
    }

    /// `white` or `black`.
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            Side::White => "white",
            Side::Black => "black",
        }
    }

    /// `White` or `Black`, as a sentence names a side.
    #[must_use]
    pub const fn title(self) -> &'static str {
        match self {
            Side::White => "White",
            Side::Black => "Black",
        }
    }

    /// `w` or `b`, as in FEN.
    #[must_use]
    pub const fn letter(self) -> char {
        match self {
            Side::White => 'w',
            Side::Black => 'b',
        }
    }
}

impl fmt::Display for Side {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// The shape of the playing area: `boards` boards of `files` x `ranks` squares.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Geometry {
    /// Files per board (1..16).
    pub files: u8,
    /// Ranks per board (1..16).
    pub ranks: u8,
    /// One name per board (`["A", "B"]`); a single board is usually named `""`.
    pub board_names: Vec<String>,
    /// Files wrap: stepping off one side edge comes back on the other (a cylinder).
    pub files_wrap: bool,
    /// The letter index of each board's first file (see [`crate::spec::BoardSpec::first_files`]).
    pub first_files: Vec<u8>,
}

impl Geometry {
    /// How many boards there are.
    #[must_use]
    pub fn boards(&self) -> usize {
        self.board_names.len()
    }

    /// Squares on one board.
    #[must_use]
    pub fn cells_per_board(&self) -> usize {
        self.files as usize * self.ranks as usize
    }

    /// Squares on all boards.
    #[must_use]
    pub fn square_count(&self) -> usize {
        self.cells_per_board() * self.boards()
    }

    /// Every square, board by board, rank by rank from the first.
    pub fn squares(&self) -> impl Iterator<Item = Square> {
        (0..self.square_count() as u16).map(Square)
    }

    /// The square at a 0-based file and rank of `board`.
    #[must_use]
    pub fn square(&self, board: usize, file: u8, rank: u8) -> Square {
        Square((board * self.cells_per_board() + rank as usize * self.files as usize + file as usize) as u16)
    }

    /// The square a spec names, if it is on these boards.
    #[must_use]
    pub fn square_of(&self, r: SquareRef) -> Option<Square> {
        (usize::from(r.board) < self.boards() && r.file < self.files && r.rank < self.ranks)
            .then(|| self.square(r.board as usize, r.file, r.rank))
    }

    /// The board `sq` is on.
    #[must_use]
    pub fn board_of(&self, sq: Square) -> usize {
        sq.index() / self.cells_per_board()
    }

    /// The 0-based file of `sq` on its board (`a` = 0, whatever letters the board shows).
    #[must_use]
    pub fn file_of(&self, sq: Square) -> u8 {
        (sq.index() % self.cells_per_board() % self.files as usize) as u8
    }

    /// The 0-based rank of `sq` (rank 1 = 0).
    #[must_use]
    pub fn rank_of(&self, sq: Square) -> u8 {
        (sq.index() % self.cells_per_board() / self.files as usize) as u8
    }

    /// The rank counted from `side`'s first rank.
    #[must_use]
    pub fn relative_rank(&self, sq: Square, side: Side) -> u8 {
        match side {
            Side::White => self.rank_of(sq),
            Side::Black => self.ranks - 1 - self.rank_of(sq),
        }
    }

    /// The square `(dx, dy)` away on the same board, if it is on the board.
    #[must_use]
    pub fn offset(&self, sq: Square, dx: i32, dy: i32) -> Option<Square> {
        if self.files_wrap {
            return self.offset_wrapping(sq, dx, dy);
        }
        let file = self.file_of(sq) as i32 + dx;
        let rank = self.rank_of(sq) as i32 + dy;
        let inside = (0..self.files as i32).contains(&file) && (0..self.ranks as i32).contains(&rank);
        inside.then(|| self.square(self.board_of(sq), file as u8, rank as u8))
    }

    /// Like [`Geometry::offset`], with files taken modulo the board width.
    #[must_use]
    pub fn offset_wrapping(&self, sq: Square, dx: i32, dy: i32) -> Option<Square> {
        let files = self.files as i32;
        let file = (self.file_of(sq) as i32 + dx).rem_euclid(files);
        let rank = self.rank_of(sq) as i32 + dy;
        (0..self.ranks as i32).contains(&rank).then(|| self.square(self.board_of(sq), file as u8, rank as u8))
    }

    /// `e4` on a single board; `A:e4`-style names are not used: boards are told apart by
    /// context (see [`Geometry::name_on_board`]). The file is the board's own label.
    #[must_use]
    pub fn name(&self, sq: Square) -> String {
        let mut s = String::new();
        s.push(self.file_label(sq));
        s.push_str(&(self.rank_of(sq) + 1).to_string());
        s
    }

    /// The letter index of `board`'s first file (0 = `a`).
    #[must_use]
    pub fn first_file(&self, board: usize) -> u8 {
        self.first_files.get(board).copied().unwrap_or(0)
    }

    /// The letter a square's file is shown with (`e` for the first file of a board whose
    /// files are `e..h`).
    #[must_use]
    pub fn file_label(&self, sq: Square) -> char {
        self.file_letter(self.board_of(sq), self.file_of(sq))
    }

    /// The letter of `board`'s file `file` (0-based from the board's left edge).
    #[must_use]
    pub fn file_letter(&self, board: usize, file: u8) -> char {
        char::from(b'a' + self.first_file(board) + file)
    }

    /// The board's own file index for a written file letter index (0 = `a`): a file within
    /// the board's labels (`e..h`) is read as such; any other as counted from `a` (so both
    /// `B:e4` and `B:a4` name the first file of a board labelled `e..h`).
    #[must_use]
    pub fn local_file(&self, board: usize, written: u8) -> u8 {
        let first = self.first_file(board);
        match written.checked_sub(first) {
            Some(file) if file < self.files => file,
            _ => written,
        }
    }

    /// The square's name prefixed by its board's name when there are several boards.
    #[must_use]
    pub fn name_on_board(&self, sq: Square) -> String {
        if self.boards() > 1 {
            format!("{}:{}", self.board_names[self.board_of(sq)], self.name(sq))
        } else {
            self.name(sq)
        }
    }

    /// Reads `e4` on `board`; `None` if it is not a square of the board.
    #[must_use]
    pub fn parse_square(&self, text: &str, board: usize) -> Option<Square> {
        let (file, rank) = parse_coordinates(text)?;
        let file = self.local_file(board, file);
        (file < self.files && rank < self.ranks && board < self.boards()).then(|| self.square(board, file, rank))
    }

    /// Reads `e4`, or `A:e4` naming the board.
    #[must_use]
    pub fn parse_square_anywhere(&self, text: &str) -> Option<Square> {
        match text.split_once(':') {
            Some((board, rest)) => {
                let index = self.board_names.iter().position(|n| n.eq_ignore_ascii_case(board))?;
                self.parse_square(rest, index)
            }
            None => self.parse_square(text, 0),
        }
    }
}

/// `e4` -> (4, 3); files a..p, ranks 1..16.
#[must_use]
pub fn parse_coordinates(text: &str) -> Option<(u8, u8)> {
    let bytes = text.as_bytes();
    let file = *bytes.first()?;
    if !file.is_ascii_lowercase() || file > b'p' {
        return None;
    }
    let digits = &text[1..];
    if digits.is_empty() || digits.len() > 2 || !digits.bytes().all(|b| b.is_ascii_digit()) || digits.starts_with('0') {
        return None;
    }
    let rank: u8 = digits.parse().ok()?;
    (1..=MAX_SIDE).contains(&rank).then_some((file - b'a', rank - 1))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn chessboard() -> Geometry {
        Geometry { files: 8, ranks: 8, board_names: vec![String::new()], files_wrap: false, first_files: Vec::new() }
    }

    #[test]
    fn a_side_is_named_in_lower_case_or_as_a_sentence_names_it() {
        assert_eq!((Side::White.name(), Side::Black.name()), ("white", "black"));
        assert_eq!((Side::White.title(), Side::Black.title()), ("White", "Black"));
    }

    #[test]
    fn a_board_of_a_larger_board_shows_its_physical_files_and_reads_both() {
        let names = vec!["A".to_owned(), "B".to_owned()];
        let g = Geometry { files: 4, ranks: 8, board_names: names, files_wrap: false, first_files: vec![0, 4] };
        let b_first = g.square(1, 0, 3);
        assert_eq!(g.name_on_board(b_first), "B:e4");
        assert_eq!(g.name_on_board(g.square(0, 0, 3)), "A:a4");
        assert_eq!(g.parse_square_anywhere("B:e4"), Some(b_first));
        assert_eq!(g.parse_square_anywhere("B:a4"), Some(b_first), "the file within the side is read too");
        assert_eq!(g.parse_square_anywhere("A:e4"), None);
    }

    #[test]
    fn names_and_parses_squares() {
        let g = chessboard();
        let e4 = g.parse_square("e4", 0).unwrap();
        assert_eq!(g.name(e4), "e4");
        assert_eq!((g.file_of(e4), g.rank_of(e4)), (4, 3));
        assert_eq!(g.parse_square("i1", 0), None);
        assert_eq!(g.parse_square("a0", 0), None);
        assert_eq!(g.parse_square("a9", 0), None);
    }

    #[test]
    fn offsets_stay_on_the_board_or_wrap() {
        let g = chessboard();
        let h3 = g.parse_square("h3", 0).unwrap();
        assert_eq!(g.offset(h3, 1, 1), None);
        assert_eq!(g.offset_wrapping(h3, 1, 1).map(|s| g.name(s)), Some("a4".into()));
    }
}
