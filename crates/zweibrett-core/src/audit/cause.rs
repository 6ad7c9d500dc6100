//! Why the boards or the scores diverge (D.2.9): the usual slips, found by
//! replaying the scores.

use shakmaty::san::San;
use shakmaty::{Board, ByColor, Chess, Color, Move, Position};

use super::board::play_on_board;
use super::{Line, MoveReader, Written};

/// A likely cause of a divergence, as the arbiter explains it (D.2.9).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Cause {
    /// On `board`'s owner's board, the move at `ply` was executed as `made`
    /// while both scores record `scored`; the later moves were then made as
    /// scored.
    WrongExecution {
        /// Whose board shows the wrong execution.
        board: Color,
        /// The half-move, counted from 1.
        ply: usize,
        /// The position before that move.
        before: Chess,
        /// The move made on the board.
        made: Move,
        /// The move both scores record.
        scored: Move,
    },
    /// On `board`'s owner's board, the move at `ply`, which both scores
    /// record, was never made; the later moves were then made as scored.
    NotMade {
        /// Whose board lacks the move.
        board: Color,
        /// The half-move, counted from 1.
        ply: usize,
        /// The position before that move.
        before: Chess,
        /// The move both scores record.
        scored: Move,
    },
    /// `score`'s score leaves out the move at `ply`, which the other score
    /// has; the moves after it follow one half-move early.
    Missing {
        /// Whose score lacks the move.
        score: Color,
        /// The half-move, counted from 1.
        ply: usize,
        /// The position before that move.
        before: Chess,
        /// The move left out.
        missing: Move,
    },
    /// `score`'s score has a move at `ply` that the other score lacks (a
    /// move written twice, or one that was never made); the moves after it
    /// follow one half-move late.
    Extra {
        /// Whose score has the move too many.
        score: Color,
        /// The half-move at which it stands on that score, counted from 1.
        ply: usize,
        /// The position before it (on the agreed line).
        before: Chess,
        /// The move as written.
        written: String,
    },
    /// `score`'s score has the moves of `ply` and `ply + 2` (one player's
    /// two moves) the other way round. `score` is `None` when both orders
    /// are possible games and neither board tells them apart.
    Swapped {
        /// Whose score has them swapped, if known.
        score: Option<Color>,
        /// The first of the two half-moves, counted from 1.
        ply: usize,
        /// The two moves as the other score has them, with the positions
        /// before each.
        moves: [(Chess, Move); 2],
    },
    /// `score`'s score has the right piece at `ply` but a wrong square.
    WrongSquare {
        /// Whose score has the wrong square.
        score: Color,
        /// The half-move, counted from 1.
        ply: usize,
        /// The position before that move.
        before: Chess,
        /// The move as written on that score.
        written: String,
        /// The move the other score records.
        right: Move,
    },
    /// The two scores record different moves at `ply`; `wrong` names the
    /// score that does not fit the boards, when the boards tell.
    Different {
        /// Whose score is wrong, if the boards tell.
        wrong: Option<Color>,
        /// The half-move, counted from 1.
        ply: usize,
        /// The position before that move (on the agreed line).
        before: Chess,
        /// What each score has at that ply, as written.
        written: ByColor<Option<String>>,
    },
}

impl Cause {
    /// The player the cause names as having erred, if any.
    pub fn player(&self) -> Option<Color> {
        match self {
            Cause::WrongExecution { board, .. } | Cause::NotMade { board, .. } => Some(*board),
            Cause::Missing { score, .. }
            | Cause::Extra { score, .. }
            | Cause::WrongSquare { score, .. } => Some(*score),
            Cause::Swapped { score, .. } => *score,
            Cause::Different { wrong, .. } => *wrong,
        }
    }
}

/// Searches for one wrong execution along the agreed line that reproduces
/// `board`: at some ply no move at all or a legal move other than the
/// scored one, then the scored moves made on the board as written. Latest
/// ply first. At most plies × legal moves × plies piece moves.
pub(super) fn wrong_execution(
    owner: Color,
    positions: &[Chess],
    moves: &[Move],
    board: &Board,
) -> Option<Cause> {
    for ply in (0..moves.len()).rev() {
        let before = &positions[ply];
        // Whether the scored moves after this ply, made on `replay` as
        // written, leave the owner's board as it stands.
        let reaches = |mut replay: Board| {
            moves[ply + 1..]
                .iter()
                .all(|m| play_on_board(&mut replay, *m))
                && replay == *board
        };
        if reaches(before.board().clone()) {
            return Some(Cause::NotMade {
                board: owner,
                ply: ply + 1,
                before: before.clone(),
                scored: moves[ply],
            });
        }
        for made in before.legal_moves() {
            if made == moves[ply] {
                continue;
            }
            let mut replay = before.board().clone();
            if play_on_board(&mut replay, made) && reaches(replay) {
                return Some(Cause::WrongExecution {
                    board: owner,
                    ply: ply + 1,
                    before: before.clone(),
                    made,
                    scored: moves[ply],
                });
            }
        }
    }
    None
}

/// The causes of two scores that differ after `agreed` half-moves.
pub(super) fn score_causes(
    reader: &MoveReader,
    scores: &ByColor<Vec<Written>>,
    lines: &ByColor<Line>,
    agreed: usize,
    boards: &ByColor<Option<Board>>,
) -> Vec<Cause> {
    // A score whose whole line ends on the boards is the right one.
    let fits = ByColor::new_with(|c| lines.get(c).fits(boards));
    let illegal = ByColor::new_with(|c| lines.get(c).illegal.is_some());
    let wrong = match (fits.white, fits.black, illegal.white, illegal.black) {
        (true, false, ..) => Some(Color::Black),
        (false, true, ..) => Some(Color::White),
        (_, _, true, false) => Some(Color::White),
        (_, _, false, true) => Some(Color::Black),
        _ => None,
    };
    let suspects: Vec<Color> = match wrong {
        Some(c) => vec![c],
        None => vec![Color::White, Color::Black],
    };
    for &x in &suspects {
        let y = lines.get(x.other());
        if let Some(cause) = missing(reader, x, scores.get(x), y, agreed) {
            return vec![cause];
        }
    }
    for &x in &suspects {
        let y = lines.get(x.other());
        if let Some(cause) = extra(reader, x, scores.get(x), y, agreed) {
            return vec![cause];
        }
    }
    for &x in &suspects {
        let y = lines.get(x.other());
        if swapped(reader, scores.get(x), y, agreed) {
            return vec![Cause::Swapped {
                score: wrong,
                ply: agreed + 1,
                moves: [
                    (y.positions[agreed].clone(), y.moves[agreed]),
                    (y.positions[agreed + 2].clone(), y.moves[agreed + 2]),
                ],
            }];
        }
    }
    // A wrong square is symmetric between the scores: named only when the
    // boards or an unplayable move tell which score is wrong.
    if let Some(x) = wrong
        && let Some(cause) = wrong_square(reader, x, scores.get(x), lines.get(x.other()), agreed)
    {
        return vec![cause];
    }
    let before = lines.white.positions[agreed].clone();
    vec![Cause::Different {
        wrong,
        ply: agreed + 1,
        written: ByColor::new_with(|c| scores.get(c).get(agreed).map(|w| w.text.clone())),
        before,
    }]
}

/// Whether the first (up to three) of the `written` moves read as the
/// line's moves from ply `from` on.
fn reads_as_line(reader: &MoveReader, written: &[Written], y: &Line, from: usize) -> bool {
    written.iter().take(3).enumerate().all(|(i, w)| {
        let ply = from + i;
        ply < y.moves.len() && reader.read(&y.positions[ply], &w.text) == Some(y.moves[ply])
    })
}

/// Whether `x`'s moves from `agreed` on read as the other line's moves one
/// half-move later (checked over up to three moves).
fn missing(
    reader: &MoveReader,
    x: Color,
    written: &[Written],
    y: &Line,
    agreed: usize,
) -> Option<Cause> {
    if agreed >= y.moves.len() {
        return None;
    }
    let later = &written[agreed.min(written.len())..];
    let fits = reads_as_line(reader, later, y, agreed + 1);
    fits.then(|| Cause::Missing {
        score: x,
        ply: agreed + 1,
        before: y.positions[agreed].clone(),
        missing: y.moves[agreed],
    })
}

/// Whether `x`'s move at `agreed` is one too many: the moves written after
/// it read as the other line's from `agreed` on (checked over up to three
/// moves, at least one).
fn extra(
    reader: &MoveReader,
    x: Color,
    written: &[Written],
    y: &Line,
    agreed: usize,
) -> Option<Cause> {
    let later = written.get(agreed + 1..).filter(|l| !l.is_empty())?;
    if agreed >= y.moves.len() {
        return None;
    }
    let fits = reads_as_line(reader, later, y, agreed);
    fits.then(|| Cause::Extra {
        score: x,
        ply: agreed + 1,
        before: y.positions[agreed].clone(),
        written: written[agreed].text.clone(),
    })
}

/// Whether `x`'s moves at `agreed` and `agreed + 2` are the other line's
/// the other way round, with the move between them the same.
fn swapped(reader: &MoveReader, written: &[Written], y: &Line, agreed: usize) -> bool {
    let k = agreed;
    written.len() > k + 2
        && y.moves.len() > k + 2
        && reader.read(&y.positions[k + 2], &written[k].text) == Some(y.moves[k + 2])
        && reader.read(&y.positions[k], &written[k + 2].text) == Some(y.moves[k])
        && reader
            .read(&y.positions[k + 1], &written[k + 1].text)
            .is_some_and(|m| m == y.moves[k + 1])
}

/// Whether `x`'s move at `agreed` moves the same piece as the other line's
/// but names a different square.
fn wrong_square(
    reader: &MoveReader,
    x: Color,
    written: &[Written],
    y: &Line,
    agreed: usize,
) -> Option<Cause> {
    let text = &written.get(agreed)?.text;
    let right = *y.moves.get(agreed)?;
    let before = &y.positions[agreed];
    let same_piece = match reader.read(before, text) {
        Some(m) => m.role() == right.role() && (m.from() == right.from() || m.to() == right.to()),
        None => match text.trim_end_matches(['+', '#']).parse::<San>() {
            Ok(San::Normal { role, .. }) => role == right.role(),
            _ => false,
        },
    };
    (same_piece && !right.is_castle()).then(|| Cause::WrongSquare {
        score: x,
        ply: agreed + 1,
        before: before.clone(),
        written: text.clone(),
        right,
    })
}
