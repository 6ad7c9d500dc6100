//! The position read along its files, and each side's pawn structure: the
//! pawn islands, isolated, doubled and passed pawns. A blind player
//! follows pawns along their files, a to h.

use shakmaty::{Bitboard, Board, Color, File, Piece, Rank, Square};

/// The pieces on each file from a to h, each from the first rank up; a file
/// with none has an empty list.
pub fn by_file(board: &Board) -> Vec<(File, Vec<(Square, Piece)>)> {
    File::ALL
        .iter()
        .map(|&file| {
            let pieces = Rank::ALL
                .iter()
                .filter_map(|&rank| {
                    let square = Square::from_coords(file, rank);
                    board.piece_at(square).map(|p| (square, p))
                })
                .collect();
            (file, pieces)
        })
        .collect()
}

/// One side's pawns as a structure.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct PawnStructure {
    /// Groups of pawns on neighbouring files, each as its first and last
    /// file.
    pub islands: Vec<(File, File)>,
    /// Pawns with no pawn of their side on a neighbouring file.
    pub isolated: Vec<Square>,
    /// Files holding two or more of the side's pawns.
    pub doubled: Vec<File>,
    /// Pawns that no enemy pawn can stop: none ahead of them on their file
    /// or a neighbouring one.
    pub passed: Vec<Square>,
}

/// The pawn structure of `color` on `board`.
pub fn pawn_structure(board: &Board, color: Color) -> PawnStructure {
    let own = board.by_piece(Piece {
        color,
        role: shakmaty::Role::Pawn,
    });
    let theirs = board.by_piece(Piece {
        color: !color,
        role: shakmaty::Role::Pawn,
    });
    let on_file = |pawns: Bitboard, file: File| (pawns & Bitboard::from_file(file)).count();
    let neighbours = |file: File| {
        [file.offset(-1), file.offset(1)]
            .into_iter()
            .flatten()
            .collect::<Vec<File>>()
    };
    let mut s = PawnStructure::default();
    let mut island: Option<(File, File)> = None;
    for &file in &File::ALL {
        let count = on_file(own, file);
        if count > 0 {
            island = Some(island.map_or((file, file), |(from, _)| (from, file)));
        } else if let Some(done) = island.take() {
            s.islands.push(done);
        }
        if count > 1 {
            s.doubled.push(file);
        }
    }
    s.islands.extend(island);
    for square in own {
        let file = square.file();
        if neighbours(file).iter().all(|&n| on_file(own, n) == 0) {
            s.isolated.push(square);
        }
        let ahead = |other: Square| match color {
            Color::White => other.rank() > square.rank(),
            Color::Black => other.rank() < square.rank(),
        };
        let stoppers = theirs.into_iter().any(|other| {
            (other.file() == file || neighbours(file).contains(&other.file())) && ahead(other)
        });
        if !stoppers {
            s.passed.push(square);
        }
    }
    s
}

#[cfg(test)]
mod tests {
    use super::*;
    use shakmaty::fen::Fen;
    use shakmaty::{CastlingMode, Chess, Position};

    fn board(fen: &str) -> Board {
        let position: Chess = fen
            .parse::<Fen>()
            .unwrap()
            .into_position(CastlingMode::Standard)
            .unwrap();
        position.board().clone()
    }

    #[test]
    fn islands_isolated_doubled_and_passed_pawns() {
        // White: a5 b3 b2 (doubled on b), d4 (isolated and passed), g2 h2;
        // a5 is not passed, Black's b7 stands ahead on the file beside it.
        let b = board("4k3/1p3ppp/8/P7/3P4/1P6/1P4PP/4K3 w - - 0 1");
        let white = pawn_structure(&b, Color::White);
        assert_eq!(
            white.islands,
            [(File::A, File::B), (File::D, File::D), (File::G, File::H)]
        );
        assert_eq!(white.isolated, [Square::D4]);
        assert_eq!(white.doubled, [File::B]);
        assert_eq!(white.passed, [Square::D4]);
        let black = pawn_structure(&b, Color::Black);
        assert_eq!(black.islands, [(File::B, File::B), (File::F, File::H)]);
        assert_eq!(black.isolated, [Square::B7]);
        assert!(black.doubled.is_empty());
        assert!(black.passed.is_empty());
        let start = board("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1");
        assert_eq!(
            pawn_structure(&start, Color::White).islands,
            [(File::A, File::H)]
        );
    }

    #[test]
    fn files_are_read_from_a_to_h_each_from_the_first_rank() {
        let b = board("4k3/8/8/8/8/8/P7/R3K3 w - - 0 1");
        let files = by_file(&b);
        assert_eq!(files.len(), 8);
        assert_eq!(
            files[0].1.iter().map(|(s, _)| *s).collect::<Vec<_>>(),
            [Square::A1, Square::A2]
        );
        assert!(files[1].1.is_empty());
        assert_eq!(files[4].1.len(), 2);
    }
}
