//! What an electronic board shows: the content of each of its 64 fields,
//! read as squares of the game once the board's orientation is known.

use shakmaty::{Board, File, Rank, Square};

use super::dgt::Sensed;

/// How the board lies: which of its fields is a8.
///
/// DGT boards number their fields from the corner by the connector, and do
/// not turn the numbering when the board is turned; the orientation is
/// found from the starting position set up on it.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Orientation {
    /// Field 0 is a8 and field 63 is h1.
    #[default]
    Normal,
    /// The board is turned: field 0 is h1 and field 63 is a8.
    Turned,
}

impl Orientation {
    /// The square a field of the board is.
    pub fn square(self, field: u8) -> Square {
        let field = u32::from(field & 63);
        let (file, rank) = (field % 8, 7 - field / 8);
        let (file, rank) = match self {
            Orientation::Normal => (file, rank),
            Orientation::Turned => (7 - file, 7 - rank),
        };
        Square::from_coords(File::new(file), Rank::new(rank))
    }

    /// The field a square is on the board.
    pub fn field(self, square: Square) -> u8 {
        let (file, rank) = (u8::from(square.file()), u8::from(square.rank()));
        let (file, rank) = match self {
            Orientation::Normal => (file, rank),
            Orientation::Turned => (7 - file, 7 - rank),
        };
        (7 - rank) * 8 + file
    }
}

/// What stands on each square of an electronic board.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Placement {
    squares: [Sensed; 64],
}

impl Placement {
    /// A board with nothing on it.
    pub fn empty() -> Placement {
        Placement {
            squares: [Sensed::Empty; 64],
        }
    }

    /// The placement a board dump shows, its fields read in `orientation`.
    pub fn from_fields(fields: &[Sensed; 64], orientation: Orientation) -> Placement {
        let mut placement = Placement::empty();
        for (field, &sensed) in (0u8..).zip(fields.iter()) {
            placement.set(orientation.square(field), sensed);
        }
        placement
    }

    /// The pieces of a position, as a board would show them.
    pub fn of_board(board: &Board) -> Placement {
        let mut placement = Placement::empty();
        for (square, piece) in board.clone() {
            placement.set(square, Sensed::Piece(piece));
        }
        placement
    }

    /// The chess pieces the board shows, as a position's board; DGT's
    /// special pieces, which no game has, are left out.
    pub fn board(&self) -> Board {
        let mut board = Board::empty();
        for square in Square::ALL {
            if let Sensed::Piece(piece) = self.get(square) {
                board.set_piece_at(square, piece);
            }
        }
        board
    }

    /// What stands on a square.
    pub fn get(&self, square: Square) -> Sensed {
        self.squares[usize::from(square)]
    }

    /// Puts something on a square (or empties it).
    pub fn set(&mut self, square: Square, sensed: Sensed) {
        self.squares[usize::from(square)] = sensed;
    }

    /// The squares on which this placement and another differ, a1 first.
    pub fn differences(&self, other: &Placement) -> Vec<Square> {
        Square::ALL
            .into_iter()
            .filter(|&square| self.get(square) != other.get(square))
            .collect()
    }

    /// The fields of a board showing this placement in `orientation`, as a
    /// board dump lists them.
    pub fn fields(&self, orientation: Orientation) -> [Sensed; 64] {
        let mut fields = [Sensed::Empty; 64];
        for square in Square::ALL {
            fields[usize::from(orientation.field(square))] = self.get(square);
        }
        fields
    }
}

/// How a board dump lies, found from a position set up on it: `Normal` if
/// it shows `expected` as numbered, `Turned` if it shows it turned round,
/// `None` if it shows neither (the pieces are not set up yet).
pub fn orientation_of(fields: &[Sensed; 64], expected: &Placement) -> Option<Orientation> {
    [Orientation::Normal, Orientation::Turned]
        .into_iter()
        .find(|&orientation| Placement::from_fields(fields, orientation) == *expected)
}
