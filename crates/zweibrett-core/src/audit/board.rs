//! What a board shows: FEN, or a piece list in the words of any voice pack
//! ("Weiß: König Gustav eins, Turm Felix eins; Schwarz: König Gustav acht"),
//! and moves made on a physical board as a hand makes them (D.2.9).

use std::sync::OnceLock;

use shakmaty::fen::Fen;
use shakmaty::{Board, CastlingSide, Color, File, Move, Piece, Rank, Role, Square};

use crate::notation::Lexicon;
use crate::notation::fold::fold;
use crate::notation::pack::{AnalysisSentence, BUILTIN, Meaning, VoicePack};

/// Makes `m` on a physical board: the piece on the from-square goes to the
/// to-square, whatever stands there is removed; castling moves king and rook,
/// en passant removes the passed pawn, a promotion puts the new piece.
/// Returns false, leaving the board as it may be, when the from-square is
/// empty.
pub fn play_on_board(board: &mut Board, m: Move) -> bool {
    match m {
        Move::Normal {
            from,
            to,
            promotion,
            ..
        } => {
            let Some(piece) = board.remove_piece_at(from) else {
                return false;
            };
            let role = promotion.unwrap_or(piece.role);
            board.set_piece_at(to, Piece { role, ..piece });
        }
        Move::EnPassant { from, to } => {
            let Some(piece) = board.remove_piece_at(from) else {
                return false;
            };
            board.discard_piece_at(Square::from_coords(to.file(), from.rank()));
            board.set_piece_at(to, piece);
        }
        Move::Castle { king, rook } => {
            let (Some(k), Some(r)) = (board.remove_piece_at(king), board.remove_piece_at(rook))
            else {
                return false;
            };
            let side = CastlingSide::from_queen_side(rook < king);
            board.set_piece_at(side.king_to(k.color), k);
            board.set_piece_at(side.rook_to(k.color), r);
        }
        Move::Put { role, to } => {
            board.set_piece_at(
                to,
                Piece {
                    color: Color::White,
                    role,
                },
            );
        }
    }
    true
}

/// Why a piece list could not be read.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("\"{text}\": {problem}")]
pub struct PieceListError {
    /// The part of the list that could not be read.
    pub text: String,
    /// What is wrong with it.
    pub problem: PieceListProblem,
}

/// What is wrong with a part of a piece list.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum PieceListProblem {
    /// A side's part has no side name before a colon.
    #[error("a side is needed first, then a colon")]
    NoSideFirst,
    /// The word before the colon names no side.
    #[error("not the name of a side")]
    NotASide,
    /// The list names no side at all.
    #[error("no side named")]
    NoSide,
    /// A file is named without its rank.
    #[error("a file without its rank")]
    FileWithoutRank,
    /// A word that is neither a piece, a file, a rank nor a filler.
    #[error("\"{0}\" is neither a piece nor a square")]
    NotPieceOrSquare(String),
    /// An item names no square.
    #[error("no square given")]
    NoSquare,
    /// A square comes before any piece.
    #[error("a square without a piece")]
    NoPiece,
    /// A square is named twice.
    #[error("square {0} is named twice")]
    Twice(Square),
    /// A pawn on the first or last rank (Art. 3.7).
    #[error("a pawn cannot stand on {0}")]
    PawnOnEdge(Square),
}

/// Reads what a board shows: full FEN, the board part of FEN, or a piece
/// list in words.
pub fn read_board(pack: &VoicePack, text: &str) -> Result<Board, PieceListError> {
    let trimmed = text.trim();
    if let Ok(fen) = trimmed.parse::<Fen>() {
        return Ok(fen.as_setup().board.clone());
    }
    if let Ok(board) = Board::from_ascii_board_fen(trimmed.as_bytes()) {
        return Ok(board);
    }
    read_piece_list(Lexicon::builtin(), pack, trimmed)
}

/// Reads a piece list: sides separated by ";", each "side: piece square,
/// piece square …"; a square as words ("Gustav eins") or letters ("g1");
/// one piece may be followed by several squares, until the next piece.
/// Words of every pack are understood, and so is what `pieces` answers
/// ("Springer Bella eins und Gustav eins und Bauer Anna zwei, Bella
/// zwei …"): its "and" and "none" are passed over.
pub fn read_piece_list(
    lexicon: &Lexicon,
    pack: &VoicePack,
    text: &str,
) -> Result<Board, PieceListError> {
    let err = |text: &str, problem: PieceListProblem| PieceListError {
        text: text.trim().to_string(),
        problem,
    };
    let mut board = Board::empty();
    let mut seen_side = false;
    for section in text.split([';', '\n']).filter(|s| !s.trim().is_empty()) {
        let Some((side, list)) = section.split_once(':') else {
            return Err(err(section, PieceListProblem::NoSideFirst));
        };
        let Some(color) = side_of(pack, side) else {
            return Err(err(side, PieceListProblem::NotASide));
        };
        seen_side = true;
        // A piece goes on over commas: "Bauer Anna zwei, Bella zwei".
        let mut role = None;
        for item in list.split(',').filter(|s| !s.trim().is_empty()) {
            read_item(lexicon, pack, &mut board, color, &mut role, item)
                .map_err(|p| err(item, p))?;
        }
    }
    if !seen_side {
        return Err(err(text, PieceListProblem::NoSide));
    }
    Ok(board)
}

/// The names of the sides in the built-in packs, folded, read once: a pack
/// takes milliseconds to load, and a list may name many sides.
fn builtin_sides() -> &'static [(Color, String)] {
    static SIDES: OnceLock<Vec<(Color, String)>> = OnceLock::new();
    SIDES.get_or_init(|| {
        BUILTIN
            .iter()
            .map(|(id, _)| VoicePack::builtin(id))
            .flat_map(|p| Color::ALL.map(|c| (c, fold(p.side(c)))))
            .collect()
    })
}

/// The side a word names, in any pack's words or in English.
fn side_of(pack: &VoicePack, word: &str) -> Option<Color> {
    let word = fold(word.trim());
    [Color::White, Color::Black].into_iter().find(|c| {
        fold(pack.side(*c)) == word
            || builtin_sides()
                .iter()
                .any(|(side, name)| side == c && *name == word)
            || word == c.fold_wb("white", "black")
            || word == c.fold_wb("w", "b")
    })
}

/// The words a list of pieces is joined with, and the word for a side
/// without pieces, in the built-in packs' answers (`pieces`), folded.
fn builtin_list_words() -> &'static [String] {
    static WORDS: OnceLock<Vec<String>> = OnceLock::new();
    WORDS.get_or_init(|| {
        BUILTIN
            .iter()
            .flat_map(|(id, _)| list_words(&VoicePack::builtin(id)))
            .collect()
    })
}

/// A pack's "and" and "none" of its `[analysis]` answers, folded.
fn list_words(pack: &VoicePack) -> Vec<String> {
    let Some(analysis) = pack.analysis_section() else {
        return Vec::new();
    };
    [AnalysisSentence::And, AnalysisSentence::None]
        .into_iter()
        .map(|key| fold(&analysis.sentences.say(key, &[])))
        .filter(|w| !w.is_empty())
        .collect()
}

/// One "piece square …" item placed on the board; `role` is the piece
/// named last, which goes on until another is named.
fn read_item(
    lexicon: &Lexicon,
    pack: &VoicePack,
    board: &mut Board,
    color: Color,
    role: &mut Option<Role>,
    item: &str,
) -> Result<(), PieceListProblem> {
    let words: Vec<String> = item.split_whitespace().map(fold).collect();
    let joining = list_words(pack);
    let mut file = None;
    let mut placed = 0;
    for word in &words {
        if let Some(square) = algebraic(word) {
            if file.is_some() {
                return Err(PieceListProblem::FileWithoutRank);
            }
            place(board, color, *role, square)?;
            placed += 1;
            continue;
        }
        let meanings = lexicon.exact(word).unwrap_or(&[]);
        let names_file = meanings.iter().any(|m| matches!(m, Meaning::File(_)));
        // A word that is a piece and a file is the piece only where no
        // square is being named.
        if let Some(r) = meanings.iter().find_map(|m| match m {
            Meaning::Piece(r) => Some(*r),
            _ => None,
        }) && (role.is_none() || (file.is_none() && !names_file))
        {
            *role = Some(r);
        } else if let (None, Some(f)) = (
            file,
            meanings.iter().find_map(|m| match m {
                Meaning::File(f) => Some(*f),
                _ => None,
            }),
        ) {
            file = Some(f);
        } else if let (Some(f), Some(r)) = (
            file,
            meanings.iter().find_map(|m| match m {
                Meaning::Rank(r) => Some(*r),
                _ => None,
            }),
        ) {
            place(board, color, *role, Square::from_coords(f, r))?;
            file = None;
            placed += 1;
        } else if meanings.contains(&Meaning::Filler)
            || joining.contains(word)
            || builtin_list_words().contains(word)
        {
            continue;
        } else {
            return Err(PieceListProblem::NotPieceOrSquare(word.clone()));
        }
    }
    if file.is_some() {
        return Err(PieceListProblem::FileWithoutRank);
    }
    // "Schwarz: keine" places nothing, and is no error.
    let none_said = words
        .iter()
        .all(|w| joining.contains(w) || builtin_list_words().contains(w));
    if placed == 0 && !none_said {
        return Err(PieceListProblem::NoSquare);
    }
    Ok(())
}

/// Puts a piece, refusing a square named twice.
fn place(
    board: &mut Board,
    color: Color,
    role: Option<Role>,
    square: Square,
) -> Result<(), PieceListProblem> {
    let role = role.ok_or(PieceListProblem::NoPiece)?;
    if board.piece_at(square).is_some() {
        return Err(PieceListProblem::Twice(square));
    }
    if role == Role::Pawn && matches!(square.rank(), Rank::First | Rank::Eighth) {
        return Err(PieceListProblem::PawnOnEdge(square));
    }
    board.set_piece_at(square, Piece { color, role });
    Ok(())
}

/// "g1" as a square.
fn algebraic(word: &str) -> Option<Square> {
    let mut chars = word.chars();
    let (f, r) = (chars.next()?, chars.next()?);
    if chars.next().is_some() {
        return None;
    }
    Some(Square::from_coords(
        File::from_char(f)?,
        Rank::from_char(r)?,
    ))
}
