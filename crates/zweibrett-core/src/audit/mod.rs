//! The arbiter's audit (FIDE Laws, Appendix D.2.9): when the two boards of a
//! game show different positions, they are corrected from both players'
//! scores. If the scores agree, the player who wrote the right move but made
//! the wrong one adjusts the board to the scores; if the scores differ, the
//! moves are retraced to the point where the two scores agree and the clocks
//! are readjusted.
//!
//! Pure: the inputs are two scores as written and, optionally, what each
//! board shows; the output is a [`Ruling`]. A running game calls [`audit`]
//! with its own two move lists and two boards.

mod board;
mod cause;
mod rest;
pub mod words;

#[cfg(test)]
mod tests;

use std::time::Duration;

use shakmaty::san::SanPlus;
use shakmaty::{Board, ByColor, Chess, Color, Move, Piece, Position, Square};

use crate::notation::{
    Lexicon, PieceLetters, Reading, SanFault, TypedLetters, VoicePack, read_move_in,
    read_national_san, read_standard_san,
};

pub use board::{PieceListError, PieceListProblem, play_on_board, read_board, read_piece_list};
pub use cause::Cause;
pub use rest::split_moves;

/// One move of a score as the player wrote it, with the clock reading noted
/// beside it (the mover's time left after the move), if any.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Written {
    /// The move as written: SAN in any piece-letter language, long
    /// algebraic, UCI or Appendix D words.
    pub text: String,
    /// The mover's time left after the move (`[%clk]`).
    pub clock: Option<Duration>,
}

impl Written {
    /// A written move without a clock reading.
    pub fn new(text: impl Into<String>) -> Written {
        Written {
            text: text.into(),
            clock: None,
        }
    }
}

/// A score written from moves already known (a game's own record): each
/// move as SAN with its check or mate sign, without clock readings.
pub fn written_from_moves(start: &Chess, moves: &[Move]) -> Vec<Written> {
    let mut position = start.clone();
    moves
        .iter()
        .map(|m| {
            let san = SanPlus::from_move(position.clone(), *m).to_string();
            position.play_unchecked(*m);
            Written::new(san)
        })
        .collect()
}

/// A move written on a score that cannot be played at that point (Art. 8,
/// D.2.9): a finding of the audit.
#[derive(Clone, Debug)]
pub struct IllegalWrite {
    /// The half-move, counted from 1.
    pub ply: usize,
    /// The move as written.
    pub text: String,
    /// The position where it was written.
    pub before: Chess,
}

/// Which of the three outcomes of D.2.9 applies.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Case {
    /// Both scores and every board given agree.
    Agree,
    /// The scores agree; a board differs from them and is adjusted to the
    /// scores (D.2.9, first sentence).
    Boards,
    /// The scores differ; both boards return to the position where they
    /// agree and the clocks are readjusted (D.2.9, second sentence).
    Scores,
}

impl Case {
    /// The name used in JSON: "agree", "boards", "scores".
    pub fn name(self) -> &'static str {
        match self {
            Case::Agree => "agree",
            Case::Boards => "boards",
            Case::Scores => "scores",
        }
    }
}

/// One square of a board to set right: what stands there now and what
/// should.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Correction {
    /// The square.
    pub square: Square,
    /// The piece on the board now, if any.
    pub now: Option<Piece>,
    /// The piece that should stand there, if any.
    pub should: Option<Piece>,
}

/// The arbiter's decision under D.2.9.
#[derive(Clone, Debug)]
pub struct Ruling {
    /// Which outcome of D.2.9 applies.
    pub case: Case,
    /// How many half-moves from the start both scores record identically.
    pub agreed_plies: usize,
    /// The position both boards must show after the ruling.
    pub position: Chess,
    /// Square corrections on each player's board (empty when the board is
    /// right or was not given).
    pub adjust: ByColor<Vec<Correction>>,
    /// Whether each board was given to the audit.
    pub boards_given: ByColor<bool>,
    /// Every move each score has beyond the agreed ply, to be struck, in
    /// score order: SAN with its check or mate sign where the move can be
    /// played on that score's line, else as written.
    pub retract: ByColor<Vec<String>>,
    /// Each player's time left after the agreed ply, where a reading exists.
    pub clocks: ByColor<Option<Duration>>,
    /// Moves written on a score that cannot be played at that point.
    pub illegal: ByColor<Option<IllegalWrite>>,
    /// The likely causes of the divergence, most telling first.
    pub causes: Vec<Cause>,
}

/// Reads written moves in a position: SAN quickly, anything else with the
/// tolerant move reader.
#[derive(Clone, Copy)]
pub struct MoveReader<'a> {
    /// The words of every pack.
    pub lexicon: &'a Lexicon,
    /// The active pack, for its sentences.
    pub pack: &'a VoicePack,
}

impl MoveReader<'_> {
    /// The move a written text stands for in `position`, if it is one legal
    /// move there. Text that is SAN is read as SAN and nothing else: a
    /// capital piece letter is a piece, so "Bb4" that no bishop can play is
    /// no move, never a pawn's. SAN in the pack's own piece letters ("Sf3"
    /// in German) is read next; words and other notations last.
    pub fn read(&self, position: &Chess, text: &str) -> Option<Move> {
        let letters = PieceLetters::of_pack(self.pack);
        match read_standard_san(position, text) {
            Ok(m) => return Some(m),
            // Standard SAN that fits no move may still be the pack's
            // letters where they differ ("Rc8" for the king in Portuguese).
            Err(SanFault::Illegal { .. } | SanFault::Ambiguous { .. }) => {
                return (letters != PieceLetters::English)
                    .then(|| read_national_san(position, text, letters).ok())
                    .flatten();
            }
            Err(SanFault::Unreadable { .. }) => {}
        }
        match read_national_san(position, text, letters) {
            Ok(m) => return Some(m),
            Err(SanFault::Illegal { .. } | SanFault::Ambiguous { .. }) => return None,
            Err(SanFault::Unreadable { .. }) => {}
        }
        // A written score is in one language's letters: the pack's own
        // and SAN's, not every language's a player may type at the board.
        let own = TypedLetters::of(&[letters]);
        match read_move_in(self.lexicon, self.pack, own, position, text) {
            Reading::Move(m) => Some(m),
            _ => None,
        }
    }
}

/// A score read along its own line: the moves that can be played, the
/// positions before each, and the first move that cannot.
#[derive(Clone, Debug)]
pub(crate) struct Line {
    pub(crate) moves: Vec<Move>,
    /// `positions[i]` is the position before ply `i + 1`; one more than moves.
    pub(crate) positions: Vec<Chess>,
    pub(crate) illegal: Option<IllegalWrite>,
    /// The position after the last move played, the last of `positions`.
    end: Chess,
}

impl Line {
    fn read(reader: &MoveReader, start: &Chess, score: &[Written]) -> Line {
        let mut positions = vec![start.clone()];
        let mut moves = Vec::new();
        let mut illegal = None;
        // The last position of `positions`, kept apart so that it is never
        // missing.
        let mut position = start.clone();
        for (i, written) in score.iter().enumerate() {
            match reader.read(&position, &written.text) {
                Some(m) => {
                    position.play_unchecked(m);
                    moves.push(m);
                    positions.push(position.clone());
                }
                None => {
                    illegal = Some(IllegalWrite {
                        ply: i + 1,
                        text: written.text.clone(),
                        before: position.clone(),
                    });
                    break;
                }
            }
        }
        Line {
            moves,
            positions,
            illegal,
            end: position,
        }
    }

    /// The position after the last move that could be played.
    pub(crate) fn end(&self) -> &Chess {
        &self.end
    }

    /// Whether the whole score was played and every given board shows its
    /// final position.
    fn fits(&self, boards: &ByColor<Option<Board>>) -> bool {
        self.illegal.is_none()
            && [Color::White, Color::Black]
                .iter()
                .any(|c| boards.get(*c).is_some())
            && [Color::White, Color::Black].iter().all(|c| {
                boards
                    .get(*c)
                    .as_ref()
                    .is_none_or(|b| b == self.end().board())
            })
    }
}

/// The corrections that turn `board` into `should`, square by square from a1
/// to h8.
pub fn corrections(board: &Board, should: &Board) -> Vec<Correction> {
    Square::ALL
        .into_iter()
        .filter_map(|square| {
            let now = board.piece_at(square);
            let should = should.piece_at(square);
            (now != should).then_some(Correction {
                square,
                now,
                should,
            })
        })
        .collect()
}

/// Audits two scores and, where given, the two boards, from `start` (D.2.9).
pub fn audit(
    reader: &MoveReader,
    start: &Chess,
    scores: &ByColor<Vec<Written>>,
    boards: &ByColor<Option<Board>>,
) -> Ruling {
    let lines = ByColor::new_with(|c| Line::read(reader, start, scores.get(c)));
    let (w, b) = (&lines.white, &lines.black);
    let agreed_plies = w
        .moves
        .iter()
        .zip(&b.moves)
        .take_while(|(x, y)| x == y)
        .count();
    let scores_agree = agreed_plies == w.moves.len()
        && agreed_plies == b.moves.len()
        && w.illegal.is_none()
        && b.illegal.is_none();
    let position = w.positions[agreed_plies].clone();
    let adjust = ByColor::new_with(|c| {
        boards
            .get(c)
            .as_ref()
            .map_or_else(Vec::new, |board| corrections(board, position.board()))
    });
    let boards_right = adjust.white.is_empty() && adjust.black.is_empty();
    let case = match (scores_agree, boards_right) {
        (true, true) => Case::Agree,
        (true, false) => Case::Boards,
        (false, _) => Case::Scores,
    };
    let causes = match case {
        Case::Agree => Vec::new(),
        Case::Boards => [Color::White, Color::Black]
            .into_iter()
            .filter_map(|c| {
                let board = boards.get(c).as_ref()?;
                if adjust.get(c).is_empty() {
                    return None;
                }
                cause::wrong_execution(c, &w.positions, &w.moves, board)
            })
            .collect(),
        Case::Scores => cause::score_causes(reader, scores, &lines, agreed_plies, boards),
    };
    let retract = ByColor::new_with(|c| {
        let line = lines.get(c);
        scores.get(c)[agreed_plies.min(scores.get(c).len())..]
            .iter()
            .enumerate()
            .map(|(i, written)| {
                let ply = agreed_plies + i;
                match line.moves.get(ply) {
                    Some(m) => SanPlus::from_move(line.positions[ply].clone(), *m).to_string(),
                    None => written.text.clone(),
                }
            })
            .collect()
    });
    Ruling {
        case,
        agreed_plies,
        position,
        adjust,
        boards_given: ByColor::new_with(|c| boards.get(c).is_some()),
        retract,
        clocks: clocks_after(start, scores, agreed_plies),
        illegal: ByColor::new_with(|c| lines.get(c).illegal.clone()),
        causes,
    }
}

/// Each player's time left after `plies` half-moves: the reading beside that
/// player's last move up to then, from their own score first, else from the
/// opponent's.
fn clocks_after(
    start: &Chess,
    scores: &ByColor<Vec<Written>>,
    plies: usize,
) -> ByColor<Option<Duration>> {
    ByColor::new_with(|side| {
        let parity = usize::from(side != start.turn());
        let from = |score: &Vec<Written>| {
            score
                .iter()
                .take(plies)
                .enumerate()
                .rev()
                .find(|(i, _)| i % 2 == parity)
                .and_then(|(_, written)| written.clock)
        };
        from(scores.get(side)).or_else(|| from(scores.get(side.other())))
    })
}
