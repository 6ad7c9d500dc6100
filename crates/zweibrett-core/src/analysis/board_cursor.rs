//! A cursor walking the board square by square, as a sighted player's
//! eye does: a step up, down, left or right as the board is seen, a jump
//! to the next piece of a kind, a jump to a rank. Each step says the
//! square and what stands on it.

use shakmaty::{Chess, Color, File, Position, Rank, Role, Square};

use super::words::{AnalysisSentence, AnalysisWords};

/// A step of the cursor, as the board is seen from the side at its foot.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Direction {
    /// Away from the side at the foot.
    Up,
    /// Towards it.
    Down,
    /// To its left.
    Left,
    /// To its right.
    Right,
}

/// Where the cursor stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct BoardCursor {
    /// The square under the cursor.
    pub square: Square,
}

impl BoardCursor {
    /// A cursor on `square`.
    pub fn at(square: Square) -> BoardCursor {
        BoardCursor { square }
    }

    /// Steps one square towards `direction` as seen from `orientation`'s
    /// side; `false` at the edge of the board, where it stays.
    pub fn step(&mut self, direction: Direction, orientation: Color) -> bool {
        let (file, rank) = (self.square.file() as i32, self.square.rank() as i32);
        let ahead = if orientation == Color::White { 1 } else { -1 };
        let (file, rank) = match direction {
            Direction::Up => (file, rank + ahead),
            Direction::Down => (file, rank - ahead),
            Direction::Left => (file - ahead, rank),
            Direction::Right => (file + ahead, rank),
        };
        if !(0..8).contains(&file) || !(0..8).contains(&rank) {
            return false;
        }
        self.square = Square::from_coords(File::new(file as u32), Rank::new(rank as u32));
        true
    }

    /// Goes to the next square holding a `role` of either side, reading the
    /// board as the side at its foot reads it (from its first rank, left to
    /// right, then on), round past the last square; `back` goes the other
    /// way. `false` when no such piece stands on the board.
    pub fn next_piece(
        &mut self,
        position: &Chess,
        role: Role,
        back: bool,
        orientation: Color,
    ) -> bool {
        let order: Vec<Square> = reading_order(orientation);
        let Some(here) = order.iter().position(|&s| s == self.square) else {
            return false;
        };
        let found = (1..=64).map(|i| {
            let at = if back { here + 64 - i } else { here + i };
            order[at % 64]
        });
        let board = position.board();
        let mut found = found.filter(|&s| board.role_at(s) == Some(role));
        match found.next() {
            Some(square) => {
                self.square = square;
                true
            }
            None => false,
        }
    }

    /// Goes to `rank` on the same file.
    pub fn to_rank(&mut self, rank: Rank) {
        self.square = Square::from_coords(self.square.file(), rank);
    }

    /// The square and what stands on it: "Eva four: White Pawn", "Eva
    /// five, empty".
    pub fn said(&self, position: &Chess, words: &AnalysisWords) -> String {
        let square = words.pack.square(self.square);
        match position.board().piece_at(self.square) {
            Some(piece) => words.phrase(
                AnalysisSentence::CursorPiece,
                &[("square", &square), ("piece", &words.piece(piece))],
            ),
            None => words.phrase(AnalysisSentence::CursorEmpty, &[("square", &square)]),
        }
    }
}

/// The squares as `orientation`'s side reads the board: its first rank
/// from its left, then its second, and so on.
fn reading_order(orientation: Color) -> Vec<Square> {
    let mut order: Vec<Square> = Square::ALL.to_vec();
    if orientation == Color::Black {
        order.reverse();
    }
    order
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_cursor_steps_as_the_board_is_seen_and_stops_at_its_edge() {
        let mut c = BoardCursor::at(Square::E4);
        assert!(c.step(Direction::Up, Color::White));
        assert_eq!(c.square, Square::E5);
        assert!(c.step(Direction::Left, Color::Black));
        assert_eq!(c.square, Square::F5, "Black's left is White's right");
        let mut edge = BoardCursor::at(Square::H8);
        assert!(!edge.step(Direction::Right, Color::White));
        assert!(!edge.step(Direction::Up, Color::White));
        assert_eq!(edge.square, Square::H8);
        assert!(edge.step(Direction::Up, Color::Black));
        assert_eq!(edge.square, Square::H7);
        c.to_rank(Rank::First);
        assert_eq!(c.square, Square::F1);
    }

    #[test]
    fn a_jump_finds_the_next_piece_of_a_kind_round_the_board() {
        let position = Chess::default();
        let mut c = BoardCursor::at(Square::A1);
        let knights: Vec<Square> = (0..5)
            .map(|_| {
                assert!(c.next_piece(&position, Role::Knight, false, Color::White));
                c.square
            })
            .collect();
        assert_eq!(
            knights,
            [Square::B1, Square::G1, Square::B8, Square::G8, Square::B1]
        );
        assert!(c.next_piece(&position, Role::Knight, true, Color::White));
        assert_eq!(c.square, Square::G8);
        assert!(c.next_piece(&position, Role::King, false, Color::Black));
        assert_eq!(
            c.square,
            Square::E8,
            "from g8 Black reads its first rank on to e8"
        );
        let bare: Chess = "4k3/8/8/8/8/8/8/4K3 w - - 0 1"
            .parse::<shakmaty::fen::Fen>()
            .unwrap()
            .into_position(shakmaty::CastlingMode::Standard)
            .unwrap();
        assert!(!c.next_piece(&bare, Role::Queen, false, Color::White));
        assert_eq!(c.square, Square::E8);
    }

    #[test]
    fn each_step_says_the_square_and_what_stands_there() {
        let position = Chess::default();
        let en = AnalysisWords::builtin("en");
        assert_eq!(
            BoardCursor::at(Square::E2).said(&position, &en),
            "Eva two: White Pawn"
        );
        assert_eq!(
            BoardCursor::at(Square::E4).said(&position, &en),
            "Eva four, empty"
        );
        let de = AnalysisWords::builtin("fide");
        assert_eq!(
            BoardCursor::at(Square::G8).said(&position, &de),
            "Gustav acht: Springer von Schwarz"
        );
        assert_eq!(
            BoardCursor::at(Square::D5).said(&position, &de),
            "David fünf, leer"
        );
    }
}
