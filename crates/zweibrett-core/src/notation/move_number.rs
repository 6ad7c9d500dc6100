//! The number of a move and the side making it (Art. 8.1, Appendix C.1:
//! a move is White's half-move and Black's answer under one number).

use std::fmt;

use shakmaty::{Color, Position};

/// A move's number and whose half of it a half-move is: the 12 and the
/// Black of "12... Nf6".
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct MoveNumber {
    /// The move's number, from the start position's own.
    pub number: u32,
    /// The side making the half-move.
    pub color: Color,
}

impl MoveNumber {
    /// The half-move about to be made in `position`.
    pub fn of(position: &impl Position) -> MoveNumber {
        MoveNumber {
            number: position.fullmoves().get(),
            color: position.turn(),
        }
    }

    /// The half-move at `index` (from 0) of a game begun from `start`.
    pub fn after(start: &impl Position, index: usize) -> MoveNumber {
        MoveNumber::of(start).later(index)
    }

    /// The half-move `halfmoves` later than this one.
    pub fn later(self, halfmoves: usize) -> MoveNumber {
        // Counted from White's half of the first move, so that Black's
        // half is odd.
        let from_white = halfmoves + usize::from(self.color == Color::Black);
        let moves = u32::try_from(from_white / 2).unwrap_or(u32::MAX);
        MoveNumber {
            number: self.number.saturating_add(moves),
            color: if from_white.is_multiple_of(2) {
                Color::White
            } else {
                Color::Black
            },
        }
    }

    /// The number as written before a move: "12." for White, "12..." for
    /// Black.
    pub fn label(self) -> String {
        self.to_string()
    }
}

impl fmt::Display for MoveNumber {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let dots = match self.color {
            Color::White => ".",
            Color::Black => "...",
        };
        write!(f, "{}{dots}", self.number)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use shakmaty::fen::Fen;
    use shakmaty::{CastlingMode, Chess};

    #[test]
    fn half_moves_count_from_the_start_position() {
        let start = Chess::default();
        let numbers: Vec<String> = (0..4)
            .map(|i| MoveNumber::after(&start, i).label())
            .collect();
        assert_eq!(numbers, ["1.", "1...", "2.", "2..."]);
    }

    #[test]
    fn a_game_begun_with_black_to_move_starts_on_dots() {
        let fen: Fen = "4k3/8/8/8/8/8/8/4K3 b - - 0 12".parse().unwrap();
        let start: Chess = fen.into_position(CastlingMode::Standard).unwrap();
        assert_eq!(
            MoveNumber::after(&start, 0),
            MoveNumber {
                number: 12,
                color: Color::Black
            }
        );
        assert_eq!(MoveNumber::after(&start, 1).label(), "13.");
        assert_eq!(MoveNumber::after(&start, 2).label(), "13...");
    }
}
