//! Questions about the position, answered as facts; [`super::words`] puts
//! them into the voice pack's words.

use shakmaty::{
    Bitboard, Board, CastlingSide, Chess, Color, EnPassantMode, File, Move, Piece, Position, Rank,
    Role, Square, attacks,
};

use super::replay::Played;

/// Whose pieces to list.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Whose {
    /// The side to move.
    Mine,
    /// The side not to move.
    Opponent,
    /// One side by colour.
    Side(Color),
    /// Both sides.
    Both,
}

/// A question about the position on the board.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Question {
    /// Where are the pieces of a side?
    Pieces(Whose),
    /// Where are all pieces of one kind: both sides', or (`Some`) one
    /// side's (`knights white`)?
    Role(Role, Option<Color>),
    /// What is on this square?
    Square(Square),
    /// Read a rank, from the a-file to the h-file.
    Rank(Rank),
    /// Read a file, from the first rank to the eighth.
    File(File),
    /// Read the diagonal from one square towards another.
    Diagonal(Square, Square),
    /// Which pieces attack and defend this square?
    Attackers(Square),
    /// The legal moves of the piece on this square.
    Moves(Square),
    /// Material of each side.
    Material,
    /// Whose move, and which move number.
    Turn,
    /// The last move and what it captured.
    Last,
    /// The whole position as a list, for a puzzle or a diagram: White's
    /// pieces, Black's, the side to move, castling rights and en passant.
    Position,
    /// Every piece read file by file, a to h, each file from the first
    /// rank up.
    ByFile,
    /// Each side's pawn structure: islands, isolated, doubled and passed
    /// pawns.
    PawnStructure,
}

impl Question {
    /// Whether the answer computes chess beyond what a scoresheet and the
    /// player's own board show: attackers and defenders, a piece's legal
    /// moves, the pawn structure's weaknesses, and the whole position
    /// with its castling rights and legal en passant capture. During a
    /// rated game none of these is answered (11.3.1); what stands on a
    /// square, a rank, a file or a diagonal, the pieces, the material,
    /// the last move and whose turn it is are.
    pub fn computes_chess(&self) -> bool {
        matches!(
            self,
            Question::Attackers(_)
                | Question::Moves(_)
                | Question::PawnStructure
                | Question::Position
        )
    }
}

/// Whose turn the moves of [`Answer::Moves`] are asked on.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum MovesTurn {
    /// The piece's side is to move: its legal moves now.
    Now,
    /// A piece of this side, which is not to move: its moves as if it
    /// were its turn.
    Were(Color),
    /// The side to move (this one) is in check, so that no move of the
    /// other side's piece can be asked until it has answered the check.
    AfterCheck(Color),
}

/// A piece where it stands.
pub type Placed = (Square, Piece);

/// One side's pieces, by kind, each with its squares.
pub type SidePieces = (Color, Vec<(Role, Vec<Square>)>);

/// The answer to a [`Question`], as facts.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Answer {
    /// Pieces by side, then by kind from king to pawn, each with its
    /// squares from a1 upwards.
    Pieces(Vec<SidePieces>),
    /// Squares read in order, each with its piece if any.
    Squares(Vec<(Square, Option<Piece>)>),
    /// The two squares do not lie on one diagonal.
    NotADiagonal(Square, Square),
    /// The pieces of each side that attack a square (White's, Black's),
    /// and what stands on it.
    Attackers {
        /// The square asked about.
        square: Square,
        /// What stands on it.
        occupant: Option<Piece>,
        /// White pieces attacking it.
        white: Vec<Placed>,
        /// Black pieces attacking it.
        black: Vec<Placed>,
    },
    /// The legal moves of a piece, in the position asked about.
    Moves {
        /// The square asked about.
        square: Square,
        /// Its piece; `None` when the square is empty.
        piece: Option<Piece>,
        /// Its legal moves.
        moves: Vec<Move>,
        /// The position they are legal in.
        position: Box<Chess>,
        /// Whether they are its moves now or on its side's next turn.
        when: MovesTurn,
    },
    /// Material in pawn units (pawn 1, knight and bishop 3, rook 5, queen 9).
    Material {
        /// White's material.
        white: u32,
        /// Black's material.
        black: u32,
    },
    /// Who is to move and the move number; `over`: the game has ended.
    Turn {
        /// Side to move.
        color: Color,
        /// Move number.
        number: u32,
        /// The position is mate or stalemate (or dead by material).
        over: bool,
    },
    /// The last move, if any, and the piece it captured.
    Last(Option<(Box<Played>, Option<Role>)>),
    /// The position as a list.
    Position {
        /// White's pieces, then Black's, as [`Answer::Pieces`] has them.
        pieces: Vec<SidePieces>,
        /// Side to move.
        turn: Color,
        /// Move number.
        number: u32,
        /// Each side's castling rights, short before long; a side with
        /// none is left out.
        castling: Vec<(Color, Vec<CastlingSide>)>,
        /// The square a pawn may capture en passant on, if one legally can.
        en_passant: Option<Square>,
    },
    /// The pieces of each file, a to h.
    ByFile(Vec<(File, Vec<Placed>)>),
    /// White's pawn structure, then Black's.
    PawnStructure([(Color, super::structure::PawnStructure); 2]),
}

/// The worth of a piece in pawn units; the king counts nothing.
pub fn value(role: Role) -> u32 {
    match role {
        Role::Pawn => 1,
        Role::Knight | Role::Bishop => 3,
        Role::Rook => 5,
        Role::Queen => 9,
        Role::King => 0,
    }
}

const ROLES: [Role; 6] = [
    Role::King,
    Role::Queen,
    Role::Rook,
    Role::Bishop,
    Role::Knight,
    Role::Pawn,
];

/// Answers `question` about `position`, after `last` (the move that led to
/// it, if any).
pub fn ask(position: &Chess, last: Option<&Played>, question: &Question) -> Answer {
    let board = position.board();
    let turn = position.turn();
    match *question {
        Question::Pieces(whose) => {
            let colors = match whose {
                Whose::Mine => vec![turn],
                Whose::Opponent => vec![!turn],
                Whose::Side(c) => vec![c],
                Whose::Both => vec![Color::White, Color::Black],
            };
            Answer::Pieces(
                colors
                    .into_iter()
                    .map(|c| (c, pieces_of(board, c, &ROLES)))
                    .collect(),
            )
        }
        Question::Role(role, side) => Answer::Pieces(
            [Color::White, Color::Black]
                .into_iter()
                .filter(|c| side.is_none_or(|s| s == *c))
                .map(|c| (c, pieces_of(board, c, &[role])))
                .collect(),
        ),
        Question::Square(sq) => Answer::Squares(vec![(sq, board.piece_at(sq))]),
        Question::ByFile => Answer::ByFile(super::structure::by_file(board)),
        Question::PawnStructure => Answer::PawnStructure(
            [Color::White, Color::Black].map(|c| (c, super::structure::pawn_structure(board, c))),
        ),
        Question::Rank(rank) => read(
            board,
            File::ALL.iter().map(|&f| Square::from_coords(f, rank)),
        ),
        Question::File(file) => read(
            board,
            Rank::ALL.iter().map(|&r| Square::from_coords(file, r)),
        ),
        Question::Diagonal(from, towards) => match diagonal(from, towards) {
            Some(squares) => read(board, squares.into_iter()),
            None => Answer::NotADiagonal(from, towards),
        },
        Question::Attackers(square) => {
            let side = |color: Color| -> Vec<Placed> {
                board
                    .attacks_to(square, color, board.occupied())
                    .into_iter()
                    .filter_map(|s| board.piece_at(s).map(|p| (s, p)))
                    .collect()
            };
            Answer::Attackers {
                square,
                occupant: board.piece_at(square),
                white: side(Color::White),
                black: side(Color::Black),
            }
        }
        Question::Moves(square) => {
            let piece = board.piece_at(square);
            // A piece of the side not to move is asked about as if it were
            // its turn: the same pieces, no en passant.
            let (asked, when) = match piece {
                Some(p) if p.color != turn => match position.clone().swap_turn() {
                    Ok(swapped) => (Some(swapped), MovesTurn::Were(p.color)),
                    Err(_) => (None, MovesTurn::AfterCheck(turn)),
                },
                _ => (Some(position.clone()), MovesTurn::Now),
            };
            let moves: Vec<Move> = asked
                .as_ref()
                .map(|p| {
                    p.legal_moves()
                        .into_iter()
                        .filter(|m| m.from() == Some(square))
                        .collect()
                })
                .unwrap_or_default();
            Answer::Moves {
                square,
                piece,
                moves,
                position: Box::new(asked.unwrap_or_else(|| position.clone())),
                when,
            }
        }
        Question::Material => {
            let total = |c: Color| -> u32 {
                ROLES
                    .iter()
                    .map(|&r| value(r) * (board.by_piece(r.of(c))).count() as u32)
                    .sum()
            };
            Answer::Material {
                white: total(Color::White),
                black: total(Color::Black),
            }
        }
        Question::Turn => Answer::Turn {
            color: turn,
            number: position.fullmoves().get(),
            over: position.is_game_over(),
        },
        Question::Last => Answer::Last(last.map(|p| (Box::new(p.clone()), p.m.capture()))),
        Question::Position => {
            let rights = position.castles();
            let castling = [Color::White, Color::Black]
                .into_iter()
                .map(|c| {
                    let sides: Vec<CastlingSide> =
                        [CastlingSide::KingSide, CastlingSide::QueenSide]
                            .into_iter()
                            .filter(|&side| rights.has(c, side))
                            .collect();
                    (c, sides)
                })
                .filter(|(_, sides)| !sides.is_empty())
                .collect();
            Answer::Position {
                pieces: [Color::White, Color::Black]
                    .into_iter()
                    .map(|c| (c, pieces_of(board, c, &ROLES)))
                    .collect(),
                turn,
                number: position.fullmoves().get(),
                castling,
                en_passant: position.ep_square(EnPassantMode::Legal),
            }
        }
    }
}

fn pieces_of(board: &Board, color: Color, roles: &[Role]) -> Vec<(Role, Vec<Square>)> {
    roles
        .iter()
        .map(|&r| {
            (
                r,
                board.by_piece(r.of(color)).into_iter().collect::<Vec<_>>(),
            )
        })
        .filter(|(_, squares)| !squares.is_empty())
        .collect()
}

fn read(board: &Board, squares: impl Iterator<Item = Square>) -> Answer {
    Answer::Squares(squares.map(|s| (s, board.piece_at(s))).collect())
}

/// The squares of the diagonal through `from` and `towards`, from `from` to
/// the edge of the board beyond `towards`; `None` if they share no diagonal.
pub fn diagonal(from: Square, towards: Square) -> Option<Vec<Square>> {
    let df = i32::from(towards.file()) - i32::from(from.file());
    let dr = i32::from(towards.rank()) - i32::from(from.rank());
    if from == towards || df.abs() != dr.abs() {
        return None;
    }
    let line = attacks::ray(from, towards);
    let mut squares: Vec<Square> = (line & !Bitboard::from(from)).into_iter().collect();
    squares.push(from);
    squares.sort_by_key(|s| s.distance(from));
    let forward: Vec<Square> = squares
        .into_iter()
        .filter(|s| {
            *s == from
                || ((i32::from(s.file()) - i32::from(from.file())).signum() == df.signum()
                    && (i32::from(s.rank()) - i32::from(from.rank())).signum() == dr.signum())
        })
        .collect();
    Some(forward)
}
